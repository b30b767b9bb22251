"""Trick of the Rails scoring (ruling 8): best contiguous run, share values floored at 0, ties."""

from __future__ import annotations

import pytest

from games import get_game
from games.core import Rng
from games.trick_of_the_rails.cards import COMPANIES, LOCOMOTIVES, SEGMENT_VALUE, START
from games.trick_of_the_rails.railway import appraise, best_run
from games.trick_of_the_rails.rules import TrickState

GAME = get_game("trick_of_the_rails")


def brute_force_best(values: list[int], distance: int | None) -> int:
    length = len(values) if distance is None else min(distance, len(values))
    return max(sum(values[i:i + length]) for i in range(len(values) - length + 1))


def test_best_run_against_brute_force_on_random_railways() -> None:
    rng = Rng(8)
    for _ in range(3000):
        values = [rng.choice((10, 20, 30, 40)) for _ in range(1 + rng.below(22))]
        distance = rng.choice((3, 4, 5, 6, None))
        start, stop, total = best_run(values, distance)
        assert total == brute_force_best(values, distance)
        assert total == sum(values[start:stop])
        assert stop - start == (len(values) if distance is None else min(distance, len(values)))


def test_best_run_is_contiguous_not_the_best_cards() -> None:
    # The two 40s are apart: a distance-2 train gets 40 + 10, not 40 + 40.
    assert best_run([40, 10, 10, 40], 2) == (0, 2, 50)
    assert best_run([10, 40, 30, 10, 40, 40], 3) == (3, 6, 90)
    assert best_run([10, 20], 3) == (0, 2, 30)  # shorter than the distance: everything counts


def test_appraise_with_locomotives() -> None:
    segments = [START, "BO10", "BO9", "BO8", "BO1"]  # 10, 40, 30, 30, 10
    assert appraise(segments, "3") == (1, 4, 100, 60)
    assert appraise(segments, "4") == (0, 4, 110, 60)
    assert appraise(segments, "All") == (0, 5, 120, 40)
    # Profit below the locomotive's cost: the share is worth 0, never less.
    assert appraise([START, "BO1"], "6") == (0, 2, 20, 0)
    assert appraise(segments, None) == (0, 0, 0, 0)
    # Cities count like railway cards.
    assert appraise(["new_york", START, "baltimore"], "3").profit == 80


def scripted(players: int, railways: dict[str, list[str]], locomotives: dict[str, str],
             shares: list[list[str]]) -> TrickState:
    state = GAME.new_state(players, 3)
    assert isinstance(state, TrickState)
    state.railways = {co: list(railways.get(co, [START])) for co in COMPANIES}
    state.locomotives = {co: locomotives.get(co) for co in COMPANIES}
    state.shares = [list(s) for s in shares]
    return state


def test_scores_breakdown_and_exchange_cards() -> None:
    state = scripted(3, {"BO": [START, "BO10", "BO9", "BO8"], "PRR": [START, "PRR1"]},
                     {"BO": "3", "CO": "4", "ERIE": "5", "NYC": "6", "PRR": "All"},
                     [["BO-EX", "BO2", "PRR3"], ["BO3", "CO1"], ["NYC1"]])
    # BO: 40 + 30 + 30 = 100 - 40 = 60; CO: 10 - 50 -> 0; PRR: 20 - 80 -> 0.
    result = state.result()
    assert result.scores == [120, 60, 0]
    assert result.winners == [0] and result.ranks == [1, 2, 3]
    entry = result.breakdown[0]
    assert entry["shares"] == {"BO": 2, "CO": 0, "ERIE": 0, "NYC": 0, "PRR": 1}
    assert entry["share_values"] == {"BO": 60, "CO": 0, "ERIE": 0, "NYC": 0, "PRR": 0}
    assert entry["points"]["BO"] == 120 and entry["total"] == 120
    assert state.view(None)["worth"] == result.scores
    assert state.scores() == result.scores


def test_ties_share_the_win() -> None:
    state = scripted(4, {"NYC": [START, "NYC6", "NYC9", "NYC3"]},
                     {"BO": "3", "CO": "4", "ERIE": "5", "NYC": "All", "PRR": "6"},
                     [["NYC-EX"], ["NYC1"], ["BO1"], ["NYC2"]])
    result = state.result()
    assert result.scores == [30, 30, 0, 30]  # 10 + 40 + 30 + 30 - 80
    assert result.winners == [0, 1, 3]
    assert result.ranks == [1, 1, 4, 1]


@pytest.mark.parametrize("locomotive", list(LOCOMOTIVES))
def test_share_value_formula_on_random_railways(locomotive: str) -> None:
    rng = Rng.derive(5, locomotive)
    segments = [s for s in SEGMENT_VALUE if s != START]
    distance, cost = LOCOMOTIVES[locomotive]
    for _ in range(300):
        railway = [START, *(rng.choice(segments) for _ in range(rng.below(14)))]
        rng.shuffle(railway)
        values = [SEGMENT_VALUE[s] for s in railway]
        appraisal = appraise(railway, locomotive)
        assert appraisal.profit == brute_force_best(values, distance)
        assert appraisal.share_value == max(0, appraisal.profit - cost)
