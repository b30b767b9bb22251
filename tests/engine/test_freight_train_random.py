"""Random Freight Train games with the issue's invariants checked after every move."""

from __future__ import annotations

import json

import pytest

from games.freight_train.cards import (
    CABOOSES,
    CAR_TYPES,
    COPIES_PER_TYPE,
    DAYS,
    END_CARD_PART,
    MAIN_ROW_CARS,
    MAIN_TAKE,
    MIXED,
    START_POINTS,
    YARD_ROW_LIMIT,
    YARD_TAKE_MAX,
)
from games.freight_train.state import FreightTrainState
from random_play import assert_record_round_trip, play_random_game

ALL_CARS = {n: sorted(CAR_TYPES * copies) for n, copies in COPIES_PER_TYPE.items()}


# 1,000 games per player count in every run (60-90 ms of CPU a game with the checks and the replay,
# by the machine: 4-6 minutes in all, split over the test workers); the soak plays 1,000 more per count.
ALWAYS_RUN_GAMES = 1000
SOAK_GAMES = 1000


def options_for(seed: int) -> dict[str, bool]:
    return {"cabooses": seed % 2 == 1}


class Checker:
    """The invariants, checked after every move."""

    def __init__(self) -> None:
        self.day = 0

    def __call__(self, state: FreightTrainState, move: str | None) -> None:
        # Every car is in exactly one place: deck, main yard, a train, a private yard or the
        # pool of a yard being rearranged; no row holds more than its limit.
        deck = state.deck.cars
        main = state.main
        assert max(map(len, main)) <= MAIN_ROW_CARS
        cars = [*state.pool, *main[0], *main[1], *main[2], *main[3], *main[4]]
        attached = 0
        for player in state.players:
            yard = player.yard
            assert len(yard[0]) <= YARD_ROW_LIMIT and len(yard[1]) <= YARD_ROW_LIMIT
            cars += yard[0]
            cars += yard[1]
            trains = player.trains
            # A train per locomotive at most; kinds distinct: one mixed train, one train per type.
            kinds = [train.kind for train in trains]
            assert len(set(kinds)) == len(trains) <= player.locos
            if MIXED in kinds:
                mixed = trains[kinds.index(MIXED)].cars
                assert len(set(mixed)) == len(mixed), "a mixed train holds one car of each type at most"
            for train in trains:
                cars += train.cars
                attached += train.caboose
        assert sorted(cars + deck) == ALL_CARS[state.num_players]  # one sort in C: cheaper than a Counter
        assert attached + state.cabooses == (CABOOSES if state.options["cabooses"] else 0)
        if state.movers:  # only the mover's trains can have changed: a typed train holds its type only
            for train in state.players[state.movers[-1]].trains:
                assert train.cars and (train.kind == MIXED or train.cars.count(train.kind) == len(train.cars))
        if state.day != self.day:  # a day has just been dealt
            self.day = state.day
            assert [len(row) for row in main] == [MAIN_ROW_CARS] * 5
            assert not any(player.trains for player in state.players)
            assert state.deck.zone == len(deck) // END_CARD_PART[state.day]
            assert 0 <= state.deck.end_below <= state.deck.zone
        assert state.pool == [] or state.phase == "arrange"
        assert state.taken <= (MAIN_TAKE if state.phase == "main" else YARD_TAKE_MAX)
        if state.is_over():
            self.check_end(state)
            return
        assert 1 <= state.day <= DAYS
        assert min(player.points for player in state.players) >= 0
        legal = state.legal_moves()
        assert legal and len(set(legal)) == len(legal)

    @staticmethod
    def check_end(state: FreightTrainState) -> None:
        assert len(state.days) == DAYS
        result = state.result()
        assert result.scores == [player.points for player in state.players]
        for score, detail in zip(result.scores, result.breakdown, strict=True):
            days = sum(day["total"] for day in detail["days"])
            assert score == detail["start"] + detail["rearranged"] + days
            assert detail["start"] == START_POINTS


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games(players: int) -> None:
    for seed in range(ALWAYS_RUN_GAMES):
        state = play_random_game("freight_train", players, seed, options_for(seed), check=Checker())
        assert_record_round_trip(state)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_soak(players: int) -> None:
    for seed in range(ALWAYS_RUN_GAMES, ALWAYS_RUN_GAMES + SOAK_GAMES):
        state = play_random_game("freight_train", players, seed, options_for(seed), check=Checker())
        assert_record_round_trip(state)


def test_views_are_json_and_public_alike() -> None:
    """Every seat sees the same table (only `seat` differs) and every view is plain JSON."""
    for players in (2, 5):
        def check(state: FreightTrainState, move: str | None) -> None:
            spectator = state.view(None)
            assert json.loads(json.dumps(spectator)) == spectator
            for seat in range(state.num_players):
                assert state.view(seat) == {**spectator, "seat": seat}

        state = play_random_game("freight_train", players, 7, {"cabooses": True}, check=check)
        assert json.loads(json.dumps(state.events)) == state.events
