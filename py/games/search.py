"""Determinized search shared by the games' `expert` bots: sequential halving over sampled worlds.

A *world* is one guess at everything the bot cannot see or foresee (hidden cards, the deck's order,
the coming dice), sampled consistently with its view. A *trial* plays one candidate move in one world
and judges the outcome from the bot's seat. The search spends a fixed count of trials (counted work,
never the clock, so a seeded game is the same in every runtime): round after round it tries every
surviving candidate in the same fresh worlds (common random numbers, so candidates are compared on
equal luck) and keeps the better half by mean value, until one is left.
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil, log2
from typing import TypeVar

from games.bots import Pacer, Thinking
from games.core import Move, Steps

W = TypeVar("W")


def rounds_for(candidates: int) -> int:
    """Halvings until one candidate is left."""
    return max(1, ceil(log2(candidates))) if candidates > 1 else 0


def halving(candidates: list[Move], budget: int, sample: Callable[[], W],
            trial: Callable[[W, Move], Steps[float]]) -> Thinking:
    """The candidate with the best mean trial value, spending at most `budget` trials (at least one
    world per round for every survivor, so a budget below that is raised to it).

    Every round gets an equal share of the budget; values carry over from round to round. Ties keep
    the candidates' given order. `trial` must not change the world it is given. It thinks in steps
    like a bot (a generator that returns its value), so that a long one, a whole round played out,
    can yield to the page between its parts.
    """
    yield None
    if len(candidates) == 1:
        return candidates[0]
    slices = Pacer()
    alive = list(candidates)
    totals = dict.fromkeys(alive, 0.0)
    for worlds in worlds_per_round(len(alive), budget):
        for _ in range(worlds):
            world = sample()
            for move in alive:
                totals[move] += yield from trial(world, move)
                if slices.slice_over():
                    yield None
        alive.sort(key=lambda move: -totals[move])
        alive = alive[:(len(alive) + 1) // 2]
    return alive[0]


def worlds_per_round(candidates: int, budget: int) -> list[int]:
    """How many worlds `halving` samples in each of its rounds."""
    rounds, alive, worlds = rounds_for(candidates), candidates, []
    for _ in range(rounds):
        worlds.append(max(1, budget // (rounds * alive)))
        alive = (alive + 1) // 2
    return worlds


def trials_spent(candidates: int, budget: int) -> int:
    """How many trials `halving` spends: what tests hold the counted work to."""
    alive, spent = candidates, 0
    for worlds in worlds_per_round(candidates, budget):
        spent += worlds * alive
        alive = (alive + 1) // 2
    return spent
