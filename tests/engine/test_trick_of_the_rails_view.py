"""Trick of the Rails views, events, copies and replay: only hands are secret, and nothing leaks."""

from __future__ import annotations

import json

from games import get_game
from games.core import Rng
from games.trick_of_the_rails.cards import CARD_COMPANY
from games.trick_of_the_rails.rules import TrickState

GAME = get_game("trick_of_the_rails")

VIEW_KEYS = {"game", "players", "seat", "options", "current_player", "phase", "hand", "playable",
             "hand_sizes", "line", "slot", "tricks", "leader", "led", "trick", "winner",
             "locomotives_to_place", "to_add", "railways", "shares", "share_counts", "worth", "voids",
             "removed", "history"}


def midgame(players: int, seed: int, plies: int) -> TrickState:
    state = GAME.new_state(players, seed)
    rng = Rng(seed)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_moves()))
    assert isinstance(state, TrickState)
    return state


def test_view_keys_and_json() -> None:
    state = midgame(4, 1, 20)
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert set(view) == VIEW_KEYS
        assert json.loads(json.dumps(view)) == view
        assert view["game"] == "trick_of_the_rails" and view["players"] == 4 and view["seat"] == seat
        assert view["current_player"] == state.current_player and view["phase"] == state.phase
    assert state.view(None)["hand"] is None and state.view(None)["playable"] == []
    assert state.view(2)["hand"] == state.hands[2]


def test_playable_cards_follow_the_led_company() -> None:
    state = GAME.new_state(3, 9)
    leader = state.current_player
    assert state.view(leader)["playable"] == state.hands[leader]
    card = state.hands[leader][0]
    state.apply(f"play {card}")
    assert state.view(leader)["playable"] == []
    for seat in range(3):
        if seat != leader:
            same = [c for c in state.hands[seat] if CARD_COMPANY[c] == CARD_COMPANY[card]]
            assert state.view(seat)["playable"] == (same or state.hands[seat])
    follower = state.current_player
    assert state.legal_moves() == [f"play {c}" for c in state.view(follower)["playable"]]


def test_views_do_not_depend_on_other_hands() -> None:
    for seed in range(20):
        state = midgame(3 + seed % 3, seed, 7 + seed)
        seat = state.current_player
        others = [p for p in range(state.num_players) if p != seat]
        pool = [card for p in others for card in state.hands[p]]
        before = {s: state.view(s) for s in (None, seat)}
        Rng(seed).shuffle(pool)
        for p in others:
            size = len(state.hands[p])
            state.hands[p], pool = pool[:size], pool[size:]
        assert state.view(seat) == before[seat]
        assert state.view(None) == before[None]


def test_events_reveal_no_hand_card() -> None:
    state = GAME.new_state(5, 4)
    rng = Rng(4)
    seen = 0
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
        in_hands = {card for hand in state.hands for card in hand}
        for event in state.events[seen:]:
            assert not in_hands & {v for v in event.values() if isinstance(v, str)}
            json.dumps(event)
        seen = len(state.events)
    assert state.events[0]["type"] == "game_started"
    assert {"card_played", "trick_won", "share_taken", "card_removed", "locomotive_placed", "card_added",
            "game_over"} <= {event["type"] for event in state.events}


def test_copy_is_independent_and_plays_on_identically() -> None:
    state = midgame(4, 6, 25)
    twin = state.copy()
    assert twin.view(None) == state.view(None) and twin.record() == state.record()
    rng = Rng(6)
    while not twin.is_over():
        twin.apply(rng.choice(twin.legal_moves()))
    assert len(state.moves) == 25 and not state.is_over()
    replayed = GAME.replay(twin.record())
    assert replayed.view(None) == twin.view(None)
    assert replayed.events == twin.events
    assert replayed.result().to_dict() == twin.result().to_dict()


def test_replay_upto_matches_the_game_at_that_ply() -> None:
    state = GAME.new_state(3, 12, {"mixed_line": True})
    rng = Rng(12)
    views = []
    while not state.is_over():
        views.append(state.view(0))
        state.apply(rng.choice(state.legal_moves()))
    record = state.record()
    for ply in (0, 1, 17, len(views) - 1):
        assert GAME.replay(record, upto=ply).view(0) == views[ply]


def test_state_from_view_plays_on_like_the_real_game() -> None:
    for seed in range(40):
        options = {"end_only": seed % 4 == 1, "mixed_line": seed % 2 == 0}
        state = GAME.new_state(3 + seed % 3, seed, options)
        rng = Rng(seed)
        for _ in range(rng.below(45)):  # the shortest game has 49 moves
            state.apply(rng.choice(state.legal_moves()))
        rebuilt = TrickState.from_view(state.view(None), state.hands)
        assert rebuilt.view(None) == state.view(None)
        while not state.is_over():
            assert rebuilt.legal_moves() == state.legal_moves()
            move = rng.choice(state.legal_moves())
            state.apply(move)
            rebuilt.apply(move)
        assert rebuilt.is_over()
        assert rebuilt.view(None) == state.view(None)
        assert rebuilt.result().to_dict() == state.result().to_dict()
