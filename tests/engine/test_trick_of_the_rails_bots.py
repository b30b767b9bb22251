"""Trick of the Rails bots: legal answers in every phase, decisions from the view only, sampling, time."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest

from games import get_game
from games.bots import Pacer, bot_rng, decide, play_bots_game
from games.core import Rng
from games.trick_of_the_rails import bots, playout
from games.trick_of_the_rails.bots import BOTS, GreedyBot, StrongBot, _split, sample_hands, unseen_cards
from games.trick_of_the_rails.cards import CARD_COMPANY, COMPANIES, SHARE_COMPANY
from games.trick_of_the_rails.rules import TrickState

GAME = get_game("trick_of_the_rails")
QUICK = {"greedy": GreedyBot(samples=2), "strong": StrongBot(playouts=12),
         "expert": StrongBot(playouts=30, win_bonus=50)}


def random_position(players: int, seed: int, options: dict | None = None) -> TrickState:
    state = GAME.new_state(players, seed, options)
    rng = Rng.derive(seed, "position")
    for _ in range(rng.below(70)):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    if state.is_over():
        return random_position(players, seed + 1000, options)
    assert isinstance(state, TrickState)
    return state


@pytest.mark.parametrize("level", ["greedy", "strong", "expert"])
def test_bots_answer_legally_in_every_phase(level: str) -> None:
    phases = Counter()
    for seed in range(6):
        options = {"end_only": seed % 3 == 0, "mixed_line": seed % 2 == 0}
        state = GAME.new_state(3 + seed % 3, seed, options)
        while not state.is_over():
            seat = state.current_player
            legal = state.legal_moves()
            thinking = QUICK[level].think(state.view(seat), legal, bot_rng(seed, seat, len(state.moves)))
            assert next(thinking) is None  # yields before any work, so the page can repaint
            move = decide(QUICK[level], state.view(seat), legal, bot_rng(seed, seat, len(state.moves)))
            assert move in legal
            phases[state.phase] += 1
            state.apply(move)
    assert set(phases) == {"play", "locomotive", "city", "add"}


@pytest.mark.parametrize("exact", [False, True])
def test_sampled_hands_fit_the_view(exact: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if exact:  # every quick deal "fails": the exact split must take over
        monkeypatch.setattr(bots, "_deal", lambda *args: None)
    for seed in range(150):
        state = random_position(3 + seed % 3, seed)
        seat = state.current_player
        view = state.view(seat)
        hands = sample_hands(view, Rng(seed))
        assert hands[seat] == state.hands[seat]
        hidden = sorted(unseen_cards(view))
        assert sorted(c for p, hand in enumerate(hands) if p != seat for c in hand) == hidden
        assert sorted(c for p, hand in enumerate(state.hands) if p != seat for c in hand) == hidden
        for p, hand in enumerate(hands):
            assert len(hand) == len(state.hands[p])
            assert not {CARD_COMPANY[card] for card in hand} & set(view["voids"][p])


def test_exact_split_when_voids_leave_one_deal() -> None:
    # Player 1 lacks BO and CO, player 2 lacks NYC: the only deal gives every BO and CO card to 2.
    by_company = {"BO": ["BO1", "BO2"], "CO": ["CO3"], "ERIE": [], "NYC": ["NYC4", "NYC5"], "PRR": ["PRR6"]}
    voids = [[], ["BO", "CO"], ["NYC"]]
    for seed in range(10):
        counts = _split(list(COMPANIES), by_company, [1, 2], {1: 3, 2: 3}, voids, Rng(seed))
        assert counts == {"BO": {1: 0, 2: 2}, "CO": {1: 0, 2: 1}, "ERIE": {1: 0, 2: 0},
                          "NYC": {1: 2, 2: 0}, "PRR": {1: 1, 2: 0}}
    assert _split(list(COMPANIES), by_company, [1, 2], {1: 4, 2: 2}, voids, Rng(0)) is None


@pytest.mark.parametrize("level", ["greedy", "strong", "expert"])
def test_decision_depends_only_on_the_view(level: str) -> None:
    bot = QUICK[level]
    for seed in range(8):
        state = random_position(3 + seed % 3, seed)
        seat = state.current_player
        view = state.view(seat)
        choice = decide(bot, view, state.legal_moves(), bot_rng(seed, seat, 7))
        # Another deal of the hidden cards that fits everything the seat has seen.
        other = TrickState.from_view(state.view(None), sample_hands(view, Rng.derive(seed, "other")))
        assert other.hands != state.hands or not unseen_cards(view)
        assert other.view(seat) == view
        assert decide(bot, other.view(seat), other.legal_moves(), bot_rng(seed, seat, 7)) == choice


def count_calls(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """Count the calls of the bots' module function `name` (a unit of their work): [count]."""
    calls = [0]
    real = getattr(bots, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(bots, name, counted)
    return calls


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_decides_within_its_playouts(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The first lead of a 3-player game is the longest decision: 15 cards, full playouts. Its CPU
    # time is a `make bench` figure; here the work is counted: never more playouts than the budget.
    playouts = count_calls(monkeypatch, "play_out")
    state = GAME.new_state(3, 4)
    seat = state.current_player
    legal = state.legal_moves()
    bot = BOTS[level]
    assert isinstance(bot, StrongBot)
    move = decide(bot, state.view(seat), legal, bot_rng(4, seat, 0))
    assert move in state.legal_moves()
    budget = bot.playouts
    assert budget - len(legal) < playouts[0] <= budget


def test_the_expert_plays_to_win_where_strong_plays_for_the_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scripted playouts: the first move wins three in four by a point and loses the fourth by ten,
    the second loses three by a point and wins the fourth by twenty. Strong takes the better mean
    margin; the expert, whose wins count too, the likelier win."""
    state = GAME.new_state(3, 4)
    seat, legal = state.current_player, state.legal_moves()
    safe, gamble = legal[:2]
    scripts = {safe: [1, 1, 1, -10], gamble: [-1, -1, -1, 20]}
    dealt: dict[str, Any] = {}

    def scripted(played: TrickState, _seat: int) -> int:
        move = played.moves[-1]
        if move not in scripts:
            return -100
        dealt[move] = dealt.get(move, 0) + 1
        return scripts[move][(dealt[move] - 1) % 4]

    monkeypatch.setattr(bots, "play_out", lambda _state, _rng: None)
    monkeypatch.setattr(bots, "final_margin", scripted)
    strong, expert = BOTS["strong"], BOTS["expert"]
    assert isinstance(strong, StrongBot) and isinstance(expert, StrongBot)
    for level, choice in ((strong, gamble), (expert, safe)):
        dealt.clear()
        bot = StrongBot(playouts=4 * len(legal), win_bonus=level.win_bonus)
        assert decide(bot, state.view(seat), legal, Rng(0)) == choice


def test_greedy_beats_random() -> None:
    wins = 0.0
    for g in range(12):
        levels = ["greedy", "random", "random"]
        levels = levels[g % 3:] + levels[:g % 3]
        result = play_bots_game("trick_of_the_rails", 3, 500 + g, None, levels).result()
        seat = levels.index("greedy")
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / 12 > 0.5  # its fair share is 1/3


@pytest.mark.slow
def test_strong_beats_greedy() -> None:
    wins = 0.0
    games = 60
    for g in range(games):
        levels = ["strong", "greedy", "greedy"]
        levels = levels[g % 3:] + levels[:g % 3]
        result = play_bots_game("trick_of_the_rails", 3, 900 + g, None, levels).result()
        seat = levels.index("strong")
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games > 0.4  # its fair share is 1/3; about 0.52 measured


@pytest.mark.parametrize(("level", "unit"), [("greedy", "_finish_trick"), ("strong", "play_out")])
def test_thinking_yields_often(level: str, unit: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser runs a bot in slices between repaints: no stretch of work may be long. With a
    fake clock whose every slice is over, the bot yields after each unit of its work (a trick
    finished, a game played out): never two units without a yield. (Slice times: `make bench`.)"""
    clock = itertools.count()
    monkeypatch.setattr(bots, "Pacer", lambda: Pacer(slice_seconds=0.5, clock=lambda: float(next(clock))))
    units = count_calls(monkeypatch, unit)
    longest = yields = 0
    for seed in range(3):
        state = random_position(3, seed)
        seat = state.current_player
        thinking = BOTS[level].think(state.view(seat), state.legal_moves(), bot_rng(seed, seat, 0))
        last = units[0]
        with pytest.raises(StopIteration) as answer:
            while True:
                next(thinking)
                yields += 1
                longest, last = max(longest, units[0] - last), units[0]
        longest = max(longest, units[0] - last)
        assert answer.value.value in state.legal_moves()
    assert units[0] > 0 and yields > units[0]
    assert longest <= 1, f"{level} did {longest} units of work without yielding"


def _placement_gain(state: TrickState, move: str, stake: dict[str, float]) -> float:
    """What a placement changes of the share value of the company it names (for an added card, the
    card's company), by the placer's stake: the engine plays it, the bots' share values judge it."""
    company = CARD_COMPANY[state.to_add[0][1]] if state.phase == "add" else move.split(" ")[1]
    after = state.copy()
    after.apply(move)
    return stake[company] * (bots.portfolio_values(after)[company] - bots.portfolio_values(state)[company])


def test_playouts_place_by_the_placers_stake() -> None:
    """A playout's placement gains its placer the most share value, by their stake in the company
    (their shares of it minus the others' mean), in every kind of placement."""
    kinds: Counter[str] = Counter()
    for seed in range(40):
        state = GAME.new_state(3 + seed % 3, seed, {"end_only": False, "mixed_line": seed % 2 == 1})
        rng = Rng(seed)
        while not state.is_over():
            if state.phase == "play":
                state.apply(rng.choice(state.legal_moves()))
                continue
            placer = state.mover
            stake = playout.stakes(state, placer)
            counts = [Counter(SHARE_COMPANY[card] for card in shares) for shares in state.shares]
            assert stake == {co: counts[placer][co] - sum(c[co] for q, c in enumerate(counts) if q != placer)
                             / (len(counts) - 1) for co in COMPANIES}
            chosen = playout.placement(state, rng)
            assert chosen in state.legal_moves()
            best = max(_placement_gain(state, move, stake) for move in state.legal_moves())
            assert _placement_gain(state, chosen, stake) >= best - 1e-9
            kinds[state.phase] += 1
            state.apply(chosen)
    assert set(kinds) == {"locomotive", "city", "add"}
