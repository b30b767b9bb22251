"""The expert bots' shared search: sequential halving over sampled worlds, by counted trials."""

from __future__ import annotations

import itertools

import pytest

from games import search
from games.bots import Pacer
from games.core import Rng, Steps, finish
from games.search import halving, trials_spent


def noisy_trial(means: dict[str, float]):
    """Trials of candidates with these means plus a world's shared luck, and a log of the calls."""
    calls: list[tuple[int, str]] = []

    def trial(world: tuple[int, float], move: str) -> Steps[float]:
        calls.append((world[0], move))
        yield None  # between two parts of the trial's work
        return means[move] + world[1]

    return trial, calls


def worlds(rng: Rng):
    counter = itertools.count()
    return lambda: (next(counter), rng.random() * 10)


@pytest.mark.parametrize(("candidates", "budget"), [(2, 10), (5, 60), (15, 600), (9, 4)])
def test_halving_finds_the_best_and_spends_the_counted_trials(candidates: int, budget: int) -> None:
    moves = [f"m{i}" for i in range(candidates)]
    means = {move: float(i % 7) + i / 100 for i, move in enumerate(moves)}
    trial, calls = noisy_trial(means)
    best = finish(halving(moves, budget, worlds(Rng(3)), trial))
    assert best == max(moves, key=means.__getitem__)  # shared luck cancels out between candidates
    assert len(calls) == trials_spent(candidates, budget)
    assert len(calls) <= max(budget, candidates * search.rounds_for(candidates))
    # The candidates alive in a round are all tried in each of its worlds: the first world, all.
    assert {move for world, move in calls if world == 0} == set(moves)


def test_a_single_candidate_needs_no_trial() -> None:
    trial, calls = noisy_trial({"only": 1.0})
    assert finish(halving(["only"], 100, worlds(Rng(1)), trial)) == "only"
    assert calls == [] and trials_spent(1, 100) == 0


def test_ties_keep_the_given_order() -> None:
    trial, _ = noisy_trial(dict.fromkeys("abcd", 0.0))
    assert finish(halving(list("cabd"), 40, worlds(Rng(2)), trial)) == "c"


def test_halving_yields_before_work_and_between_trials(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = itertools.count()
    monkeypatch.setattr(search, "Pacer", lambda: Pacer(slice_seconds=0.5, clock=lambda: float(next(clock))))
    trial, calls = noisy_trial({"a": 1.0, "b": 2.0, "c": 0.0})
    thinking = halving(["a", "b", "c"], 30, worlds(Rng(5)), trial)
    assert next(thinking) is None and calls == []
    pauses = 1
    with pytest.raises(StopIteration) as answer:
        while True:
            before = len(calls)
            next(thinking)
            pauses += 1
            assert len(calls) - before <= 1
    assert answer.value.value == "b" and pauses > len(calls)


def test_a_long_trial_yields_to_the_page_between_its_parts() -> None:
    """A trial that thinks in parts (a round played out a turn at a time) yields between them through
    halving, whatever the clock says: no trial runs in one stretch."""
    parts = 5

    def trial(world: tuple[int, float], move: str) -> Steps[float]:
        for _ in range(parts):
            yield None
        return world[1] + (move == "b")

    thinking = halving(["a", "b", "c"], 30, worlds(Rng(5)), trial)
    yields = 0
    with pytest.raises(StopIteration) as answer:
        while True:
            next(thinking)
            yields += 1
    assert answer.value.value == "b"
    assert yields > parts * trials_spent(3, 30)
