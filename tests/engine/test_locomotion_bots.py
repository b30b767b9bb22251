"""Locomotion bots: legal answers from views alone, in time, and sensible choices on set positions."""

from __future__ import annotations

import copy
import json

import pytest
from test_locomotion_rules import setup

from games.bots import decide, play_bots_game
from games.core import Rng, State
from games.locomotion import board_data as data
from games.locomotion import bots, policy
from games.locomotion.bots import BOTS
from games.locomotion.rules import LocomotionState
from random_play import play_random_game

LEVELS = ("greedy", "strong", "expert")


def ask(level: str, state: State, seed: int = 0) -> str:
    view = state.view(state.current_player)
    return decide(BOTS[level], view, state.legal_moves(), Rng(seed))


@pytest.mark.parametrize("players", [2, 4])
def test_bots_answer_legal_moves_from_the_view_alone(players: int) -> None:
    phases: set[str] = set()

    def check(state: State, move: str | None) -> None:
        if state.is_over() or len(state.moves) % 4:
            return
        view = state.view(state.current_player)
        frozen = copy.deepcopy(view)
        phases.add(view["phase"])
        # The expert's look at a whole round is costly: it is checked on a third of these positions.
        for level in LEVELS if len(state.moves) % 12 == 0 else LEVELS[:-1]:
            answer = decide(BOTS[level], view, state.legal_moves(), Rng(1))
            assert answer in state.legal_moves()
            # The view is all a bot uses: a JSON copy gives the same answer, and the view is untouched.
            assert decide(BOTS[level], json.loads(json.dumps(view)), state.legal_moves(), Rng(1)) == answer
        assert view == frozen

    for seed in range(2):
        play_random_game("locomotion", players, seed, {"repair_tiles": True}, check=check)
    assert {"drive", "extra", "choose"} <= phases


def test_the_strong_bot_judges_a_bounded_count_of_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted work, not time (its CPU time is a `make bench` figure): per legal move, at most one
    position judged per colour and number sum of the roll it looks at, per move that roll allows."""
    judged = [0]
    real = bots.value

    def counted(state: State, me: int) -> float:
        judged[0] += 1
        return real(state, me)

    monkeypatch.setattr(bots, "value", counted)
    most: dict[str, float] = {}

    def check(state: State, move: str | None) -> None:
        if state.is_over() or len(state.moves) % 5:
            return
        judged[0] = 0
        legal = state.legal_moves()
        assert ask("strong", state) in legal
        per_move = judged[0] / (len(legal) * len(bots.COLOURS) * len(policy.SUMS))
        most[state.phase] = max(most.get(state.phase, 0.0), per_move)

    play_random_game("locomotion", 4, 5, {"repair_tiles": True}, check=check)
    assert 0 < most["drive"] <= 1  # a drive: the next player's roll, answered greedily
    assert max(most.values()) <= data.LOCOS_PER_PLAYER + 1  # its own roll: each move it allows


def test_the_expert_expects_a_strong_answer_in_bounded_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted work: a drive weighs, per legal move and per colour and number sum of the next roll, one
    answer, which judges each move that roll allows its mover and keeps the one they rate best."""
    answers: list[tuple[State, State]] = []
    real = bots.shrewd_answer

    def counted(state: State, colour: int, numbers: tuple[int, int]) -> State:
        answered = real(state, colour, numbers)
        answers.append((state.rolled(colour, numbers), answered))
        return answered

    monkeypatch.setattr(bots.ExpertBot, "respond", staticmethod(counted))
    checked: list[int] = []
    differs = [0]

    def check(state: State, move: str | None) -> None:
        if state.is_over() or len(state.moves) % 5 or state.view(state.current_player)["phase"] != "drive":
            return
        answers.clear()
        legal = state.legal_moves()
        chosen = ask("expert", state)
        assert chosen in legal
        differs[0] += chosen != ask("strong", state)
        assert len(answers) <= len(legal) * len(bots.ROLLS)
        for rolled, answered in answers[:len(bots.ROLLS)]:
            mover = rolled.player
            options = [bots.after(rolled, m) for m in rolled.legal_moves()]
            # The answer the mover rates best, at least as good for them as the greedy drive.
            assert bots.value(answered, mover) == max(bots.value(o, mover) for o in options)
            greedy = bots.after(rolled, policy.best_drive(rolled)[0])
            assert bots.value(answered, mover) >= bots.value(greedy, mover)
        checked.append(len(answers))

    play_random_game("locomotion", 4, 6, None, check=check)
    play_random_game("locomotion", 2, 6, None, check=check)
    assert max(checked) > 0
    assert differs[0] > 0  # the expert is not the strong bot under another name


def test_a_turn_s_worth_is_the_mean_best_drive_of_every_roll() -> None:
    """`policy.expected_turn` walks each drive on the slid layout without copying the state: it must
    give exactly the figure of each roll played on a copy and its best drive weighed there, for every
    kind of turn (an entering locomotive, an extra turn, a tile's chosen colour, a pass)."""
    kinds: set[str] = set()

    def reference(state: LocomotionState, colours: tuple[int, ...], sums: policy.Sums) -> float:
        total = sum(weight * policy.best_drive(state.rolled(colour, numbers))[1]
                    for colour in colours for numbers, weight in sums)
        return total / (sum(weight for _, weight in sums) * len(colours))

    def check(state: State, move: str | None) -> None:
        if state.is_over() or state.view(state.current_player)["phase"] != "drive":
            return
        # The next turn of a look-ahead copy waits for its roll.
        waiting = LocomotionState.from_view(state.view(state.current_player))
        waiting.apply(state.legal_moves()[0])
        if waiting.phase == "extra":
            waiting = policy.extra_turn(waiting)
        elif waiting.phase == "choose":
            waiting.apply("roll" if len(state.moves) % 2 else f"repair {data.COLOURS[len(state.moves) % 3]}")
            kinds.add("tile" if waiting.pending >= 0 else "die")
        if waiting.phase != "roll":
            return
        drives = waiting.drives()
        kinds.add("extra" if waiting.extra else "turn")
        entering = any(move.startswith("enter") for move, *_ in drives)
        kinds.add("pass" if not drives else "enter" if entering else "drive")
        for colours in (policy.COLOURS, (len(state.moves) % len(policy.COLOURS),)):  # a tile's colour rules
            for sums in (policy.SUMS, bots.TEMPO_SUMS):
                assert policy.expected_turn(waiting, colours, sums) == reference(waiting, colours, sums)

    for seed in range(3):
        play_random_game("locomotion", 3, seed, {"repair_tiles": True}, check=check)
    assert {"tile", "die", "extra", "turn", "enter", "drive"} <= kinds


@pytest.mark.parametrize("level", LEVELS)
def test_bots_avoid_their_own_crash_and_take_the_shed(level: str) -> None:
    # Driving 0 runs into the empty gap 1; driving 1 reaches the shed.
    state = setup({0: "0.1.3", 1: "0.4.2"}, gaps=("blue", None, "red", "yellow"), lookahead=False)
    assert ask(level, state) == "drive 1"


@pytest.mark.parametrize("level", LEVELS)
def test_bots_push_an_opponent_into_the_gap_rather_than_creep(level: str) -> None:
    # Driving 0 pushes opponent 4 into the empty gap; driving 1 only gains the same squares.
    state = setup({0: "0.1.2", 4: "0.1.4", 1: "2.2.0"}, gaps=("blue", None, "red", "yellow"), lookahead=False)
    assert ask(level, state) == "drive 0"


@pytest.mark.parametrize("level", LEVELS)
def test_bots_decline_an_extra_turn_that_most_likely_crashes(level: str) -> None:
    # The double leaves locomotive 0 on red's inner strand in gap 2, which ends at a buffer: unless
    # red itself is rolled (1 in 3), the extra turn drives it into the buffer.
    state = setup({0: "0.2.4"}, gaps=("blue", None, "red", "yellow"), numbers=(1, 1), lookahead=False)
    state.apply("drive 0")
    assert state.phase == "extra" and state.view(0)["locos"][0]["square"] == "red.0.0"
    assert ask(level, state) == "stop"


@pytest.mark.parametrize("level", LEVELS)
def test_bots_take_a_safe_extra_turn(level: str) -> None:
    state = setup({0: "1.1.0"}, numbers=(1, 1), lookahead=False)
    state.apply("drive 0")
    assert ask(level, state) == "again"


@pytest.mark.slow
def test_strong_beats_greedy_over_rotated_seats() -> None:
    wins = 0
    for game in range(60):
        levels = ["strong", "greedy"] if game % 2 == 0 else ["greedy", "strong"]
        state = play_bots_game("locomotion", 2, 100 + game, None, levels)
        wins += levels[state.result().winners[0]] == "strong"
    assert wins > 36
