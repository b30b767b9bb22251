"""The bots' harness: thinking protocol, levels, budgets, seeded bots-only games."""

from __future__ import annotations

import importlib.util
import inspect
from collections import Counter

import pytest

from games import GAME_IDS, get_game
from games.bots import LEVELS, BySize, Pacer, RandomBot, bot_rng, decide, get_bot, play_bots_game
from games.core import BadRecord, Rng

GAMES_WITH_BOTS = [g for g in GAME_IDS if importlib.util.find_spec(f"games.{g}.bots") is not None]


class CountingBot:
    """Yields a set number of times, then answers with the last legal move."""

    def __init__(self, pauses: int) -> None:
        self.pauses = pauses

    def think(self, view, legal, rng):
        for _ in range(self.pauses):
            yield None
        return legal[-1]


def test_decide_runs_the_thinking_to_its_answer():
    assert decide(CountingBot(7), {}, ["a", "b"], Rng(1)) == "b"
    assert decide(CountingBot(0), {}, ["a"], Rng(1)) == "a"


class AnswerBot:
    """Always the same move, whatever it is shown."""

    def __init__(self, move: str) -> None:
        self.move = move

    def think(self, view, legal, rng):
        yield None
        return self.move


def test_a_level_by_size_asks_the_bot_of_the_table_size_or_its_default():
    level = BySize(AnswerBot("default"), {4: AnswerBot("four"), 2: AnswerBot("two")})
    answers = {players: decide(level, {"players": players}, ["x"], Rng(1)) for players in range(2, 7)}
    assert answers == {2: "two", 3: "default", 4: "four", 5: "default", 6: "default"}
    assert level.at(4) is level.sized[4] and level.at(3) is level.default


def test_random_bot_thinks_in_a_generator_that_yields():
    thinking = RandomBot().think({}, ["x", "y"], Rng(3))
    assert inspect.isgenerator(thinking)
    assert next(thinking) is None
    with pytest.raises(StopIteration) as answer:
        next(thinking)
    assert answer.value.value in ("x", "y")


def test_random_bot_is_uniform_and_legal():
    legal = ["pass", "a", "b", "c", "d"]
    bot = get_bot("transamerica", "random")
    counts = Counter(decide(bot, {}, legal, bot_rng(11, 0, ply)) for ply in range(5000))
    assert set(counts) == set(legal)
    # 1000 expected per move; 4 standard deviations is about 115.
    assert all(abs(n - 1000) < 120 for n in counts.values()), counts


def draws(rng):
    return [rng.below(1 << 30) for _ in range(4)]


def test_bot_rng_is_derived_from_seed_seat_and_ply():
    assert draws(bot_rng(5, 1, 9)) == draws(bot_rng(5, 1, 9))
    others = [bot_rng(6, 1, 9), bot_rng(5, 2, 9), bot_rng(5, 1, 10)]
    assert all(draws(rng) != draws(bot_rng(5, 1, 9)) for rng in others)


def test_pacer_slices_follow_its_clock():
    now = [0.0]
    pacer = Pacer(slice_seconds=0.01, clock=lambda: now[0])
    assert not pacer.slice_over()
    now[0] = 0.011
    assert pacer.slice_over()
    assert not pacer.slice_over()  # a new slice started at 0.011
    now[0] = 0.5
    assert pacer.slice_over()


def test_get_bot_checks_game_and_level():
    with pytest.raises(BadRecord):
        get_bot("chess", "random")
    with pytest.raises(ValueError):
        get_bot("transamerica", "grandmaster")
    assert isinstance(get_bot("transamerica", "random"), RandomBot)


@pytest.mark.parametrize("game_id", GAMES_WITH_BOTS)
def test_every_level_of_every_game_yields_and_returns_a_legal_move(game_id):
    game = get_game(game_id)
    state = game.new_state(game.min_players, 4)
    rng = Rng(4)
    for ply in range(6):
        if state.is_over():
            break
        seat = state.current_player
        view, legal = state.view(seat), state.legal_moves()
        for level in LEVELS:
            thinking = get_bot(game_id, level).think(view, legal, bot_rng(4, seat, ply))
            assert inspect.isgenerator(thinking)
            pauses, move = run(thinking)
            assert pauses == [None] * len(pauses)
            assert move in legal
        state.apply(rng.choice(legal))


def run(thinking):
    """What a bot yielded on its way, and its answer."""
    pauses = []
    while True:
        try:
            pauses.append(next(thinking))
        except StopIteration as answer:
            return pauses, answer.value


def test_bots_only_game_is_reproducible_and_timed():
    levels = ["strong", "greedy"]
    times: list[list[float]] = []
    first = play_bots_game("transamerica", 2, 21, None, levels, times)
    again = play_bots_game("transamerica", 2, 21, None, levels)
    assert first.is_over()
    assert first.record() == again.record()
    assert first.result().to_dict() == again.result().to_dict()
    # One timing per decision, filed under the seat that decided.
    assert [len(t) for t in times] == [first.movers.count(seat) for seat in range(2)]
    assert all(ms >= 0 for t in times for ms in t)


def test_bots_only_games_differ_with_the_seed():
    games = [play_bots_game("transamerica", 2, seed, None, ["random", "random"]) for seed in (21, 22)]
    assert games[0].record()["moves"] != games[1].record()["moves"]


def test_bots_only_game_needs_one_level_per_seat():
    with pytest.raises(ValueError):
        play_bots_game("transamerica", 3, 1, None, ["random", "random"])
