"""Random Trick of the Rails games with the issue's invariants checked after every move."""

from __future__ import annotations

from collections import Counter

import pytest

from games.trick_of_the_rails.cards import (
    CARD_COMPANY,
    CITIES,
    COMPANIES,
    EXCHANGE_CARDS,
    HAND_SIZES,
    LOCOMOTIVES,
    RAILWAY_CARDS,
    SHARE_COMPANY,
    START,
)
from games.trick_of_the_rails.line import SLOT_KIND
from games.trick_of_the_rails.rules import TrickState
from random_play import assert_record_round_trip, play_random_game

ALL_CARDS = Counter(RAILWAY_CARDS)
OPTION_SETS = [{}, {"end_only": True}, {"mixed_line": True}, {"end_only": True, "mixed_line": True}]


def expected_legal(state: TrickState) -> list[str]:
    """The legal moves recomputed from the rules, independently of the engine's own function."""
    player = state.current_player
    if state.phase == "play":
        hand = state.hands[player]
        follow = [card for card in hand if state.led and CARD_COMPANY[card] == state.led]
        return ["play " + card for card in (follow or hand)]
    if state.phase == "locomotive":
        free = [co for co in COMPANIES if state.locomotives[co] is None]
        assert len(free) > 1, "a locomotive with one company left is placed automatically"
        return ["loco " + co for co in free]
    if state.phase == "city":
        return [f"city {co} {end}" for co in COMPANIES for end in ("left", "right")]
    assert not state.options["end_only"], "with 'end only' cards are added automatically"
    return ["add left", "add right"]


def check(state: TrickState, last_move: str | None) -> None:
    n = state.num_players
    hand_size = HAND_SIZES[n]
    # All 50 railway cards are accounted for, each exactly once.
    unplaced = [card for _, card in state.to_add] if state.phase == "add" else [c for _, c in state.trick]
    if state.phase == "add":
        placed = {card for _, card in state.trick} - set(unplaced)
        assert all(card in state.railways[CARD_COMPANY[card]] for card in placed)
    located = Counter(card for hand in state.hands for card in hand)
    located.update(s for railway in state.railways.values() for s in railway if s in CARD_COMPANY)
    located.update(card for shares in state.shares for card in shares if card in CARD_COMPANY)
    located.update(state.removed)
    # Slots before `slot` are done: their cards lie elsewhere now.
    located.update(token for token in state.line[state.slot:] if token in CARD_COMPANY)
    located.update(unplaced)
    assert located == ALL_CARDS
    # Exchange cards and cities: in the line until their trick, then in exactly one place.
    shares = Counter(card for hand in state.shares for card in hand)
    for card in EXCHANGE_CARDS:
        assert (card in state.line[state.slot:]) + shares[card] == 1
    segments = Counter(s for railway in state.railways.values() for s in railway)
    for city in CITIES:
        assert segments[city] <= 1 and not (segments[city] and city in state.line[state.slot + 1:])
    assert all(railway.count(START) == 1 for railway in state.railways.values())
    # Exactly one share per player per share trick; tricks follow the line.
    share_tricks = sum(entry["trick_kind"] == "share" for entry in state.history)
    assert [len(s) for s in state.shares] == [share_tricks] * n
    assert all(card in SHARE_COMPANY for card in shares)
    done = len(state.history)
    assert state.slot == done or state.phase in ("locomotive", "city", "add")
    played = {p for p, _ in state.trick} if state.phase == "play" else set()
    assert [len(hand) for hand in state.hands] == [hand_size - done - (p in played) for p in range(n)]
    assert sorted(state.locomotives[co] for co in COMPANIES if state.locomotives[co]) == sorted(
        loco for entry in state.history if entry["trick_kind"] == "locomotive"
        for loco in entry["target"].split("+") if loco not in state.locos_to_place)
    if not state.is_over():
        assert SLOT_KIND[state.line[state.slot]] != "reserve", "a reserve is always replaced before its trick"
        assert state.legal_moves() == expected_legal(state)
        return
    # The end: one trick per card in hand, every company with a locomotive, scores as the view shows.
    assert done == hand_size == len(state.line)
    assert sorted(state.locomotives.values()) == sorted(LOCOMOTIVES)
    result = state.result()
    assert result.scores == state.view(None)["worth"]
    assert all(score % 10 == 0 and score >= 0 for score in result.scores)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games(players: int) -> None:
    for seed in range(1000):
        state = play_random_game("trick_of_the_rails", players, seed, OPTION_SETS[seed % 4], check=check)
        assert_record_round_trip(state)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_soak(players: int) -> None:
    for seed in range(1000, 21000):
        state = play_random_game("trick_of_the_rails", players, seed, OPTION_SETS[seed % 4], check=check)
        assert_record_round_trip(state)
