"""Freight Train bots: legal answers in every phase, decisions from the view only, sampling, time."""

from __future__ import annotations

from collections import Counter

import pytest

from games import get_game
from games.bots import bot_rng, decide, play_bots_game
from games.core import Rng
from games.freight_train import bots
from games.freight_train.bots import BOTS, ExpertBot, GreedyBot, StrongBot, margin, roll_out, sample_state
from games.freight_train.state import FreightTrainState
from games.search import trials_spent

GAME = get_game("freight_train")
QUICK = {"greedy": GreedyBot(samples=2), "strong": StrongBot(candidates=3, samples=2),
         "expert": ExpertBot(candidates=4, roll_outs=12)}


def random_position(players: int, seed: int, options: dict | None = None,
                    turn_start: bool = False) -> FreightTrainState:
    """A position after random moves; with `turn_start`, one where a player chooses an action."""
    state = GAME.new_state(players, seed, options)
    rng = Rng.derive(seed, "position")
    for _ in range(rng.below(600)):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    while turn_start and not state.is_over() and state.phase != "turn":
        state.apply(rng.choice(state.legal_moves()))
    if state.is_over():
        return random_position(players, seed + 1000, options, turn_start)
    assert isinstance(state, FreightTrainState)
    return state


@pytest.mark.parametrize("level", ["greedy", "strong", "expert"])
def test_bots_answer_legally_in_every_phase(level: str) -> None:
    phases: Counter[str] = Counter()
    for seed in range(3):
        state = GAME.new_state(2 + seed, seed, {"cabooses": seed == 1})
        while not state.is_over():
            seat = state.current_player
            legal = state.legal_moves()
            thinking = QUICK[level].think(state.view(seat), legal, bot_rng(seed, seat, len(state.moves)))
            assert next(thinking) is None  # yields before any work, so the page can repaint
            move = decide(QUICK[level], state.view(seat), legal, bot_rng(seed, seat, len(state.moves)))
            assert move in legal
            phases[state.phase] += 1
            state.apply(move)
    assert {"turn", "main", "private"} <= set(phases)


def test_sampled_states_fit_the_view() -> None:
    for seed in range(40):
        state = random_position(2 + seed % 4, seed, {"cabooses": seed % 2 == 0})
        seat = state.current_player
        view = state.view(seat)
        sample = sample_state(view, Rng(seed))
        assert sample.view(seat) == view
        assert sorted(sample.deck.cars) == sorted(state.deck.cars)
        window = view["deck"]["end_card"]
        if window is None:
            assert sample.deck.end_below is None
        else:
            before = len(sample.deck.cars) - sample.deck.end_below
            assert window["min_before"] <= before <= window["max_before"]
        assert sample.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("level", ["greedy", "strong", "expert"])
def test_decision_depends_only_on_the_view(level: str) -> None:
    bot = QUICK[level]
    for seed in range(8):
        state = random_position(2 + seed % 4, seed)
        seat = state.current_player
        view = state.view(seat)
        choice = decide(bot, view, state.legal_moves(), bot_rng(seed, seat, 7))
        # Another order of the deck, with the end-of-day card elsewhere in its window: same view.
        other = state.copy()
        Rng.derive(seed, "other").shuffle(other.deck.cars)
        if other.deck.end_below is not None:
            window = view["deck"]["end_card"]
            other.deck.end_below = len(other.deck.cars) - window["min_before"]
        assert other.view(seat) == view
        assert decide(bot, other.view(seat), other.legal_moves(), bot_rng(seed, seat, 7)) == choice


def test_margin_counts_the_day_if_it_ended_now() -> None:
    state = GAME.new_state(2, 1)
    state.marker = 0
    state.players[0].yard = [["box"] * 4, []]  # 4 cars: +2 after day 1
    state.players[1].yard = [[], []]
    assert margin(state, 0) == 2 and margin(state, 1) == -2
    state.apply("arrange")
    assert margin(state, 0) == 1  # rearranging costs a point but keeps the cars
    state.apply("box>y0")
    state.apply("box>y0")
    assert margin(state, 0) == 1


def test_strong_decides_within_its_roll_outs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted work, not time (its CPU time is a `make bench` figure): at most one roll-out per
    candidate and sample, each ending with the day or at the seat's next turn."""
    roll_outs = [0]

    def counted(state: FreightTrainState, seat: int, rng: Rng) -> None:
        roll_outs[0] += 1
        roll_out(state, seat, rng)
        assert state.is_over() or state.current_player == seat or state.day > day

    monkeypatch.setattr(bots, "roll_out", counted)
    strong = BOTS["strong"]
    assert isinstance(strong, StrongBot)
    most = 0
    for seed in range(6):
        state = random_position(4, seed, turn_start=True)
        seat, day = state.current_player, state.day
        roll_outs[0] = 0
        move = decide(strong, state.view(seat), state.legal_moves(), bot_rng(seed, seat, 0))
        assert move in state.legal_moves()
        most = max(most, roll_outs[0])
    assert 0 < most <= strong.candidates * strong.samples


def test_expert_decides_within_its_roll_outs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted work: at most the roll-outs its halving plans for its shortlist, within the budget, each
    through the seat's own next turn."""
    roll_outs = [0]
    expert = BOTS["expert"]
    assert isinstance(expert, ExpertBot) and expert.turns == 2

    def counted(state: FreightTrainState, seat: int, rng: Rng, turns: int = 1) -> None:
        roll_outs[0] += 1
        assert turns == expert.turns
        roll_out(state, seat, rng, turns)

    monkeypatch.setattr(bots, "roll_out", counted)
    for seed in range(4):
        state = random_position(2 + seed, seed, turn_start=True)
        seat, legal = state.current_player, state.legal_moves()
        roll_outs[0] = 0
        assert decide(expert, state.view(seat), legal, bot_rng(seed, seat, 0)) in legal
        shortlisted = min(expert.candidates, len({m for m in legal if not m.startswith("fill")}) + 1)
        assert roll_outs[0] <= trials_spent(shortlisted, expert.roll_outs) <= expert.roll_outs


def test_a_roll_out_of_two_turns_plays_the_seats_turn_and_the_others_answers() -> None:
    """From a turn start, one turn's horizon is already reached; two play this turn and the others'."""
    for seed in range(6):
        state, rng = random_position(3, seed, turn_start=True), Rng(seed)
        while not state.is_over() and (state.phase != "turn" or state.filled):  # a turn not yet begun
            state.apply(rng.choice(state.legal_moves()))
        seat, played = state.current_player, len(state.moves)
        if seat is None:
            continue
        once = state.copy()
        roll_out(once, seat, Rng(seed), 1)
        assert len(once.moves) == played
        twice = state.copy()
        roll_out(twice, seat, Rng(seed), 2)
        movers = twice.movers[played:]
        assert movers[0] == seat and set(movers) - {seat, -1}
        if twice.day == state.day and not twice.is_over():
            assert twice.current_player == seat and twice.phase == "turn" and not twice.filled


def test_greedy_beats_random() -> None:
    wins = 0.0
    for g in range(6):
        levels = ["greedy", "random"] if g % 2 == 0 else ["random", "greedy"]
        result = play_bots_game("freight_train", 2, 500 + g, None, levels).result()
        if levels.index("greedy") in result.winners:
            wins += 1 / len(result.winners)
    assert wins / 6 > 0.8


@pytest.mark.slow
def test_strong_beats_greedy() -> None:
    wins = 0.0
    games = 40
    for g in range(games):
        levels = ["strong", "greedy"] if g % 2 == 0 else ["greedy", "strong"]
        result = play_bots_game("freight_train", 2, 900 + g, None, levels).result()
        if levels.index("strong") in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games > 0.55
