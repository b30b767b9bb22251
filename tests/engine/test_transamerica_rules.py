"""TransAmerica rules, one test (or a few) per rule of the French text and per ruling 1-9."""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise

import pytest

from games import get_game
from games.core import BadRecord, IllegalMove, MalformedMove, Rng
from games.transamerica import GAME, TransAmericaState
from games.transamerica.board import BOARD, COLOURS
from games.transamerica.deal import deal, deck
from games.transamerica.scoring import barrier_reached, moved_barrier
from games.transamerica.steiner import connection, connection_cost

TARGET = ["Sacramento", "Minneapolis", "Denver", "Dallas", "Winston"]  # one city of each colour
FAR = ["Seattle", "Buffalo", "Santa Fe", "New Orleans", "Boston"]


def new(players: int = 2, seed: int = 1, **options: bool) -> TransAmericaState:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, TransAmericaState)
    return state


def rig(state: TransAmericaState, *hands: list[str]) -> None:
    """Give the players chosen hands for the current round (test set-up only)."""
    state._take_hands([[BOARD.city_by_name[name].index for name in hand] for hand in hands])


def point(name: str) -> int:
    return BOARD.point_index[BOARD.city_by_name[name].point]


def at(p: int) -> str:
    x, y = BOARD.points[p]
    return f"{x},{y}"


def play(state: TransAmericaState, *moves: str) -> None:
    for move in moves:
        state.apply(move)


def last(state: TransAmericaState, kind: str) -> dict:
    return next(e for e in reversed(state.events) if e["type"] == kind)


def built_names(state: TransAmericaState) -> set[str]:
    return {name for name, _ in state.view(None)["tracks"]}


def neutral(state: TransAmericaState) -> str:
    """A legal track (plain if possible) out to an untouched intersection without city or marker:
    it joins nothing, so it completes nobody."""
    view = state.view(None)
    used = {p for name, _ in view["tracks"] for p in BOARD.edge_ends[BOARD.edge_index[name]]}
    used |= {BOARD.point_index[tuple(m)] for m in view["markers"] if m is not None}
    fresh = []
    for move in state.legal_moves():
        if move.startswith("track "):
            e = BOARD.edge_index[move[6:]]
            outside = [p for p in BOARD.edge_ends[e] if p not in used]
            if len(outside) == 1 and outside[0] not in BOARD.city_at:
                fresh.append((BOARD.edges[e].cost, move))
    assert fresh, "no neutral track"
    return min(fresh)[1]


def advance(state: TransAmericaState, plan: list[str], hold: set[str]) -> None:
    """Players lay the plan's track in turn, never the held edges, until only those are left (or the
    round ends); a player who cannot reach the plan lays a neutral track."""
    round_number = state.round
    while state.round == round_number and not state.is_over():
        remaining = set(plan) - hold - built_names(state)
        if not remaining:
            if state.view(None)["turn"]["placed"]:
                state.apply("end")
            return
        legal = state.legal_moves()
        pick = next((m for m in legal if m[6:] in remaining and m.startswith("track ")), None)
        state.apply(pick or ("end" if "end" in legal else neutral(state)))


def tree_names(cities: list[str]) -> list[str]:
    _, edges = connection([point(c) for c in cities], [])
    return [BOARD.edges[e].name for e in edges]


def near_completion(hold_cost: int = 1, mover_hand: list[str] = FAR, **options: bool) -> tuple[
        TransAmericaState, str]:
    """Two players: seat 1 holds TARGET with its marker on Sacramento, seat 0's marker sits on
    TARGET's tree. Everything of that tree is built but one edge of `hold_cost`, and seat 0 is to
    start a turn. Returns the state and the missing edge."""
    state = new(2, 5, **options)
    rig(state, mover_hand, TARGET)
    plan = tree_names(TARGET)
    hold = [n for n in plan if BOARD.edges[BOARD.edge_index[n]].cost == hold_cost][-1]  # an eastern one
    tree_points = [p for n in plan for p in BOARD.edge_ends[BOARD.edge_index[n]]]
    seat0 = next(p for p in tree_points if p not in BOARD.city_at)
    play(state, f"marker {at(seat0)}", f"marker {at(point('Sacramento'))}")
    advance(state, plan, {hold})
    if state.current_player == 1:
        play(state, neutral(state), "end")
    assert state.current_player == 0 and state.round == 1
    assert not state.complete_players()
    return state, hold


# -- game, set-up and deal (ruling 1) -----------------------------------------------------------

def test_game_metadata() -> None:
    assert get_game("transamerica") is GAME
    assert (GAME.id, GAME.title) == ("transamerica", "game.transamerica")
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    assert [(o.key, o.kind, o.default, o.label) for o in GAME.option_schema] == [
        ("visible_cards", "bool", False, "option.visible_cards"),
        ("blocking_markers", "bool", False, "option.blocking_markers"),
    ]
    with pytest.raises(BadRecord):
        GAME.new_state(1, 1)
    with pytest.raises(BadRecord):
        GAME.new_state(7, 1)
    with pytest.raises(BadRecord):
        GAME.new_state(3, 1, {"visible_cards": "yes"})


@pytest.mark.parametrize(("players", "cards"), [(2, 25), (3, 25), (4, 35), (5, 35), (6, 35)])
def test_deck_size_and_dashed_cities(players: int, cards: int) -> None:
    cities = [BOARD.cities[c] for c in deck(players)]
    assert len(cities) == cards
    assert Counter(c.colour for c in cities) == {colour: cards // 5 for colour in COLOURS}
    assert any(c.dashed for c in cities) == (players >= 4)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_gives_one_city_of_each_colour(players: int) -> None:
    for seed in range(20):
        hands = deal(players, seed, 1)
        assert len(hands) == players
        for hand in hands:
            assert [BOARD.cities[c].colour for c in hand] == list(COLOURS)
            assert set(hand) <= set(deck(players))
        assert len({c for hand in hands for c in hand}) == 5 * players


def test_deal_is_seeded_and_changes_each_round() -> None:
    assert deal(4, 7, 1) == deal(4, 7, 1)
    assert deal(4, 7, 1) != deal(4, 7, 2)
    assert deal(4, 7, 1) != deal(4, 8, 1)
    state = new(4, 7)
    assert state.hands == deal(4, 7, 1)


def test_start_of_game() -> None:
    state = new(3, 4)
    view = state.view(None)
    assert view["scores"] == [13, 13, 13]
    assert view["barrier"] == 0
    assert (view["round"], view["start_player"], view["current_player"], view["phase"]) == (1, 0, 0, "marker")
    assert view["tracks_left"] == 84
    assert view["markers"] == [None, None, None]
    assert view["history"] == [] and view["last_round"] is None
    assert state.events == [{"type": "round_started", "ply": 0, "round": 1, "start_player": 0}]


# -- view and secrecy ---------------------------------------------------------------------------

VIEW_KEYS = {"game", "players", "seat", "options", "round", "start_player", "current_player", "phase",
             "scores", "barrier", "tracks_left", "markers", "tracks", "track_networks", "marker_networks",
             "turn", "cities", "history", "last_round"}


def test_view_shows_only_own_cities() -> None:
    state = new(3, 2)
    own = state.view(1)
    assert set(own) == VIEW_KEYS
    assert own["seat"] == 1
    assert own["cities"][0] is None and own["cities"][2] is None
    assert own["cities"][1] == [BOARD.cities[c].name for c in state.hands[1]]
    assert state.view(None)["cities"] == [None, None, None]
    json.dumps(own)


def test_events_hold_no_secret_before_round_end() -> None:
    state = new(2, 3)
    names = {BOARD.cities[c].name for hand in state.hands for c in hand}
    rng = Rng(1)
    while state.round == 1:
        text = json.dumps([e for e in state.events if e["type"] != "round_scored"])
        assert not any(name in text for name in names)
        state.apply(rng.choice(state.legal_moves()))
    scored = last(state, "round_scored")
    assert scored["cities"] == [[BOARD.cities[c].name for c in hand] for hand in deal(2, 3, 1)]


def test_visible_cards_show_every_hand() -> None:
    state = new(3, 2, visible_cards=True)
    expected = [[BOARD.cities[c].name for c in hand] for hand in state.hands]
    assert state.view(None)["cities"] == expected
    assert state.view(2)["cities"] == expected


# -- markers (ruling 3) -------------------------------------------------------------------------

def test_marker_phase_in_turn_order_on_free_intersections() -> None:
    state = new(3, 1)
    legal = state.legal_moves()
    assert len(legal) == 188 and all(m.startswith("marker ") for m in legal)
    assert legal[0] == "marker 0,0"
    play(state, "marker 0,0")  # a city (Seattle) is allowed
    assert last(state, "marker_placed") == {"type": "marker_placed", "ply": 0, "player": 0, "point": [0, 0]}
    assert state.current_player == 1
    assert "marker 0,0" not in state.legal_moves() and len(state.legal_moves()) == 187
    with pytest.raises(IllegalMove) as err:
        state.apply("marker 0,0")
    assert err.value.reason == "error.move_illegal"
    play(state, "marker 5,5", "marker 9,9")
    view = state.view(None)
    assert view["markers"] == [[0, 0], [5, 5], [9, 9]]
    assert (view["phase"], view["current_player"]) == ("build", 0)
    assert view["turn"] == {"placed": [], "plain_left": 2, "second_after_completion": False}


# -- build turns (ruling 4) ---------------------------------------------------------------------

def two_markers(**options: bool) -> TransAmericaState:
    state = new(2, 1, **options)
    play(state, "marker 5,5", "marker 12,8")
    return state


def test_first_tracks_touch_the_marker() -> None:
    state = two_markers()
    p = BOARD.point_index[(5, 5)]
    expected = sorted(e for _, e in BOARD.adjacent[p])
    assert state.legal_moves() == [f"track {BOARD.edges[e].name}" for e in expected]
    assert "end" not in state.legal_moves() and "pass" not in state.legal_moves()


def test_two_plain_tracks_then_only_end() -> None:
    state = two_markers()
    play(state, "track 4,5,E")  # plain, ends at the marker
    assert last(state, "track_placed") == {"type": "track_placed", "ply": 2, "player": 0, "edge": "4,5,E",
                                           "cost": 1}
    legal = state.legal_moves()
    assert legal[-1] == "end"
    tracks = [BOARD.edge_index[m[6:]] for m in legal[:-1]]
    assert tracks and all(BOARD.edges[e].cost == 1 for e in tracks)
    assert BOARD.edge_index["4,5,SE"] in tracks  # touches the new end (4,5): the network grew
    assert state.view(None)["turn"]["plain_left"] == 1
    play(state, "track 4,5,SE")
    assert state.legal_moves() == ["end"]
    assert state.view(None)["turn"] == {"placed": ["4,5,E", "4,5,SE"], "plain_left": 0,
                                        "second_after_completion": False}
    play(state, "end")
    assert last(state, "turn_ended") == {"type": "turn_ended", "ply": 4, "player": 0}
    assert state.current_player == 1 and state.view(None)["turn"]["placed"] == []


def test_a_double_track_fills_the_turn() -> None:
    state = two_markers()
    assert BOARD.edges[BOARD.edge_index["5,5,SE"]].cost == 2
    play(state, "track 5,5,SE")
    assert state.legal_moves() == ["end"]
    assert state.view(None)["turn"]["plain_left"] == 0


def test_no_double_after_a_plain_track() -> None:
    state = two_markers()
    play(state, "track 4,5,E")
    assert "track 5,5,SE" not in state.legal_moves()
    with pytest.raises(IllegalMove):
        state.apply("track 5,5,SE")


def test_end_only_after_a_track_and_no_track_away_from_the_network() -> None:
    state = two_markers()
    for move in ("end", "pass", "track 0,0,E", "marker 1,1", "end 5,6"):
        with pytest.raises(IllegalMove) as err:
            state.apply(move)
        assert err.value.reason == "error.move_illegal"


def test_networks_merge_and_the_second_track_may_use_the_merged_network() -> None:
    state = new(2, 1)
    play(state, "marker 8,7", "marker 10,7")
    play(state, "track 8,7,E", "end")
    play(state, "track 10,7,E", "end")  # seat 1 builds away from seat 0: (10,7)-(11,7)
    assert "track 11,7,E" not in state.legal_moves()
    play(state, "track 9,7,E")  # joins (9,7) to seat 1's marker (10,7)
    assert last(state, "networks_merged")["players"] == [0, 1]
    assert "track 11,7,E" in state.legal_moves()  # seat 1's track is now seat 0's network too
    play(state, "track 11,7,E")
    view = state.view(None)
    assert view["track_networks"] == [0, 0, 0, 0]
    assert view["marker_networks"] == [0, 0]


def test_network_numbering_in_the_view() -> None:
    state = new(2, 1)
    play(state, "marker 5,5", "marker 12,8")
    assert state.view(None)["marker_networks"] == [None, None]
    play(state, "track 5,5,E", "end", "track 12,8,E", "end", "track 4,5,E", "end")
    view = state.view(None)
    assert view["tracks"] == [["5,5,E", 0], ["12,8,E", 1], ["4,5,E", 0]]
    assert view["track_networks"] == [0, 1, 0]
    assert view["marker_networks"] == [0, 1]
    assert view["tracks_left"] == 81
    assert not any(e["type"] == "networks_merged" for e in state.events)


def test_canonical_text_is_recorded() -> None:
    state = new(2, 1)
    play(state, "marker 05,5")
    assert state.moves == ["marker 5,5"]


def test_a_record_spells_each_move_as_the_state_records_it() -> None:
    """A move typed "marker 05,5" is played as "marker 5,5"; a record holding the other spelling was
    not written by the game, and opening it must not give a game whose moves differ from it."""
    state = new(2, 1)
    play(state, "marker 5,5")
    record = state.record()
    assert GAME.replay(record).moves == record["moves"]
    with pytest.raises(BadRecord) as err:
        GAME.replay({**record, "moves": ["marker 05,5"]})
    assert (err.value.reason, err.value.params) == ("error.record_move", {"ply": 1})


@pytest.mark.parametrize("move", [None, 3, "", "foo", "track", "track 0,0", "track 0,0,N", "track 0,0,e",
                                  "track 99,99,E", "track 9,0,E", "marker 13,0", "marker 1", "end 1",
                                  "marker 1,1 ", " end", "pass 1", "track 0,0,SE,E", "marker ١,١"])
def test_malformed_moves(move: object) -> None:
    state = new(2, 1)
    with pytest.raises(MalformedMove) as err:
        state.apply(move)
    assert err.value.reason == "error.move_malformed"


# -- round end and the second chance (ruling 5) -------------------------------------------------

def test_second_chance_after_completing_another_player() -> None:
    state, hold = near_completion()
    play(state, f"track {hold}")
    assert state.complete_players() == [1] and state.round == 1
    view = state.view(None)
    assert view["turn"] == {"placed": [hold], "plain_left": 1, "second_after_completion": True}
    legal = state.legal_moves()
    assert legal[-1] == "end" and len(legal) > 1
    assert all(BOARD.edges[BOARD.edge_index[m[6:]]].cost == 1 for m in legal[:-1])
    play(state, legal[0])
    scored = last(state, "round_scored")
    assert scored["round"] == 1 and scored["complete"] == [1]
    assert scored["penalties"][1] == 0 and scored["penalties"][0] > 0
    assert state.round == 2


def test_second_chance_declined_with_end() -> None:
    state, hold = near_completion()
    built = frozenset(BOARD.edge_index[n] for n in built_names(state)) | {BOARD.edge_index[hold]}
    marker = BOARD.point_index[tuple(state.view(None)["markers"][0])]
    expected = connection_cost([point(c) for c in FAR] + [marker], built)
    play(state, f"track {hold}", "end")
    scored = last(state, "round_scored")
    assert scored["complete"] == [1]
    assert scored["penalties"] == [expected, 0]
    kinds = [e["type"] for e in state.events]
    assert kinds[kinds.index("round_scored") - 1] == "turn_ended"


def test_second_chance_with_blocking_markers_offers_no_marker_move() -> None:
    state, hold = near_completion(blocking_markers=True)
    play(state, f"track {hold}")
    assert state.view(None)["turn"]["second_after_completion"]
    assert not any(m.startswith("end ") for m in state.legal_moves())


def test_no_second_chance_when_the_mover_completes_too() -> None:
    state, hold = near_completion(mover_hand=TARGET)
    play(state, f"track {hold}")
    assert last(state, "round_scored")["complete"] == [0, 1]
    assert state.round == 2


def test_no_second_chance_when_the_mover_alone_completes() -> None:
    state = new(2, 5)
    rig(state, TARGET, FAR)
    plan = tree_names(TARGET)
    hold = next(n for n in plan if BOARD.edges[BOARD.edge_index[n]].cost == 1)
    play(state, "marker " + at(point("Sacramento")), "marker " + at(point("Boston")))
    advance(state, plan, {hold})
    if state.current_player == 1:
        play(state, neutral(state), "end")
    play(state, f"track {hold}")
    assert last(state, "round_scored")["complete"] == [0]
    assert state.round == 2


def test_no_second_chance_after_a_double_track() -> None:
    state, hold = near_completion(hold_cost=2)
    play(state, f"track {hold}")
    assert last(state, "round_scored")["complete"] == [1]
    assert state.round == 2


def test_no_second_chance_when_the_second_track_completes_another() -> None:
    state, hold = near_completion()
    play(state, neutral(state), f"track {hold}")
    assert last(state, "round_scored")["complete"] == [1]
    assert state.round == 2


def test_round_ends_at_the_84th_track_and_everyone_pays() -> None:
    state = new(3, 11)
    rng = Rng(3)
    while state.round == 1:
        before = state.view(None)
        state.apply(rng.choice(state.legal_moves()))
    assert before["tracks_left"] == 1
    scored = last(state, "round_scored")
    assert scored["complete"] == []
    built = frozenset(BOARD.edge_index[n] for n, _ in before["tracks"]) | {
        BOARD.edge_index[next(e["edge"] for e in reversed(state.events) if e["type"] == "track_placed")]}
    assert len(built) == 84
    markers = [BOARD.point_index[tuple(m)] for m in before["markers"]]
    hands = deal(3, 11, 1)
    for seat in range(3):
        terminals = [BOARD.point_index[BOARD.cities[c].point] for c in hands[seat]] + [markers[seat]]
        assert scored["penalties"][seat] == connection_cost(terminals, built) > 0
        missing = [BOARD.edge_index[n] for n in scored["missing"][seat]]
        assert sum(BOARD.edges[e].cost for e in missing) == scored["penalties"][seat]
    assert scored["scores"] == [13 - p for p in scored["penalties"]]
    assert state.view(None)["history"] == [scored["penalties"]]


# -- scoring, barrier and end of the game (ruling 2) --------------------------------------------

def test_barrier_moves_after_round_two_only() -> None:
    assert moved_barrier(1, [13, 13], 0) == 0
    assert moved_barrier(2, [13, 9], 0) == 6
    assert moved_barrier(2, [13, 4], 0) == 1
    assert moved_barrier(2, [13, 3], 0) == 0
    assert moved_barrier(3, [13, 13], 0) == 0


def test_game_ends_at_the_barrier_after_two_rounds() -> None:
    assert not barrier_reached(1, [-4, 13], 0)
    assert barrier_reached(2, [0, 13], 0)
    assert not barrier_reached(2, [1, 13], 0)
    assert barrier_reached(3, [6, 13], 6)


def finish_round(state: TransAmericaState, hands: tuple[list[str], ...]) -> None:
    """Rig the round's hands, put seat 0's marker on Sacramento and the others on seat 0's tree, and
    build that tree: the round ends when it is done."""
    rig(state, *hands)
    plan = tree_names(hands[0])
    spots = [point("Sacramento")] + [p for p in dict.fromkeys(
        p for n in plan for p in BOARD.edge_ends[BOARD.edge_index[n]]) if p != point("Sacramento")]
    while state.view(None)["phase"] == "marker":
        play(state, f"marker {at(spots[state.current_player])}")
    round_number = state.round
    advance(state, plan, set())
    assert state.round == round_number + 1 or state.is_over()


def test_barrier_moves_after_round_two_and_ends_the_game_later() -> None:
    state = new(2, 8)
    finish_round(state, (TARGET, TARGET))  # both complete at once: nobody pays
    assert last(state, "round_scored")["penalties"] == [0, 0]
    assert state.barrier == 0 and not any(e["type"] == "barrier_moved" for e in state.events)
    assert state.start_player == 1
    finish_round(state, (TARGET, TARGET))
    assert last(state, "barrier_moved")["barrier"] == 10
    assert last(state, "round_scored")["barrier"] == 10
    assert state.view(None)["barrier"] == 10 and not state.is_over()
    finish_round(state, (TARGET, FAR))
    assert state.is_over()
    paid = last(state, "round_scored")["penalties"]
    assert paid[0] == 0 and paid[1] >= 3
    assert last(state, "game_over") == {"type": "game_over", "ply": len(state.moves) - 1, "winners": [0],
                                        "scores": [13, 13 - paid[1]]}
    result = state.result()
    assert result.winners == [0] and result.scores == [13, 13 - paid[1]]
    assert result.breakdown == [{"penalties": [0, 0, 0]}, {"penalties": [0, 0, paid[1]]}]
    view = state.view(0)
    assert (view["phase"], view["current_player"]) == ("over", None)
    assert view["cities"][1] == FAR  # all hands are public once the game is over
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove) as err:
        state.apply("end")
    assert err.value.reason == "error.game_over"


def test_low_scores_after_round_one_do_not_end_the_game() -> None:
    state = new(2, 8)
    finish_round(state, (TARGET, FAR))
    assert state.scores[1] <= state.barrier == 0
    assert not state.is_over() and state.round == 2
    finish_round(state, (TARGET, TARGET))  # nobody pays, but seat 1 is still at or below the barrier
    assert state.is_over() and state.round == 2
    assert state.result().winners == [0]


def test_start_player_moves_one_seat_each_round() -> None:
    state = new(3, 6)
    rng = Rng(6)
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
    starts = [(e["round"], e["start_player"]) for e in state.events if e["type"] == "round_started"]
    assert starts == [(r, (r - 1) % 3) for r in range(1, len(starts) + 1)]
    assert len(starts) >= 2


# -- variant 1: visible cards (ruling 8) --------------------------------------------------------

def test_visible_cards_pass_hands_left_and_last_one_round_per_player() -> None:
    state = new(3, 4, visible_cards=True)
    rng = Rng(4)
    hands = [state.view(None)["cities"]]
    while not state.is_over():
        round_number = state.round
        state.apply(rng.choice(state.legal_moves()))
        if state.round != round_number and not state.is_over():
            hands.append(state.view(None)["cities"])
    assert len(hands) == 3 and state.round == 3
    for before, after in pairwise(hands):
        assert after == [before[(p + 1) % 3] for p in range(3)]
    assert len(state.view(None)["history"]) == 3
    assert state.barrier == 0  # scores far below 0 did not end the game early


def test_visible_cards_tie_shares_the_win() -> None:
    state = new(2, 3, visible_cards=True)
    finish_round(state, (TARGET, TARGET))
    finish_round(state, (TARGET, TARGET))
    assert state.is_over()
    assert last(state, "game_over")["winners"] == [0, 1]
    assert state.result().ranks == [1, 1]


# -- variant 2: blocking markers (ruling 9) -----------------------------------------------------

def blocked_line(**options: bool) -> TransAmericaState:
    """Seat 0 at (8,7) builds to seat 1's marker at (10,7); seat 1 builds on to (11,7)."""
    state = new(2, 1, **options)
    play(state, "marker 8,7", "marker 10,7", "track 8,7,E", "track 9,7,E", "end", "track 10,7,E", "end")
    return state


def test_blocking_markers_limit_building_to_the_reachable_part() -> None:
    state = blocked_line(blocking_markers=True)
    sources = {BOARD.point_index[(8, 7)], BOARD.point_index[(9, 7)]}
    legal = state.legal_moves()
    tracks = {BOARD.edge_index[m[6:]] for m in legal}
    assert tracks == {e for p in sources for _, e in BOARD.adjacent[p] if BOARD.edges[e].name not in
                      ("8,7,E", "9,7,E")}
    plain = blocked_line().legal_moves()
    for beyond in ("track 11,7,E", "track 10,7,SW", "track 9,6,SE"):  # need seat 1's marker crossed
        assert beyond not in legal and beyond in plain


def test_blocking_markers_marker_moves_anywhere_on_its_own_network() -> None:
    """Ruling 9: beyond an opponent's marker too (11,7 is reached only through seat 1's marker at
    10,7), never onto a marker."""
    state = blocked_line(blocking_markers=True)
    play(state, "track 8,7,SW")  # (8,7)-(8,8)
    ends = [m for m in state.legal_moves() if m.startswith("end")]
    assert ends == ["end", "end 9,7", "end 11,7", "end 8,8"]
    play(state, "end 11,7")
    assert state.view(None)["markers"][0] == [11, 7]
    state = blocked_line(blocking_markers=True)
    play(state, "track 8,7,SW")
    play(state, "end 9,7")
    assert state.view(None)["markers"][0] == [9, 7]
    assert state.events[-2] == {"type": "marker_moved", "ply": 8, "player": 0, "point": [9, 7]}
    assert state.events[-1]["type"] == "turn_ended"
    plain = blocked_line()
    play(plain, "track 8,7,SW")
    assert [m for m in plain.legal_moves() if m.startswith("end")] == ["end"]
    with pytest.raises(IllegalMove):
        plain.apply("end 9,7")


def test_blocked_player_passes() -> None:
    state = new(4, 1, blocking_markers=True)
    play(state, "marker 1,1", "marker 0,0", "marker 1,0", "marker 0,1")
    play(state, "track 1,1,E", "end")  # seat 0 away from Seattle
    play(state, "track 0,0,SW", "end")  # seat 1 to seat 3's marker
    play(state, "track 0,0,E", "end")  # seat 2 (double) to seat 1's marker
    play(state, "track 0,1,SW", "end")  # seat 3
    play(state, "track 0,0,SE", "end")  # seat 0 (double): Seattle is walled in
    assert state.current_player == 1
    assert state.legal_moves() == ["pass"]
    play(state, "pass")
    assert last(state, "passed") == {"type": "passed", "ply": len(state.moves) - 1, "player": 1}
    assert state.current_player == 2
    # Without the variant the same position lets seat 1 build through the others' markers.
    plain = new(4, 1)
    play(plain, *state.moves[:14])
    assert plain.current_player == 1 and plain.legal_moves() != ["pass"]


def test_blocking_markers_do_not_block_completion() -> None:
    state, hold = near_completion(blocking_markers=True)
    play(state, f"track {hold}", "end")
    assert last(state, "round_scored")["complete"] == [1]


def test_replay_rejects_a_tampered_record() -> None:
    state = new(2, 1)
    play(state, "marker 8,7", "marker 10,7", "track 8,7,E", "end")
    record = state.record()
    assert GAME.replay(record).view(None) == state.view(None)
    record["moves"][3] = "track 0,0,SW"  # not touching seat 0's network
    with pytest.raises(BadRecord) as err:
        GAME.replay(record)
    assert err.value.reason == "error.record_move" and err.value.params == {"ply": 4}


def test_a_rules_version_1_record_replays_unless_variant_2_changed_it() -> None:
    """Version 2 changed only variant 2's marker moves: older games without it still load."""
    game = get_game("transamerica")
    for blocking in (False, True):
        state = new(2, 1, blocking_markers=blocking)
        play(state, "marker 8,7", "marker 10,7", "track 8,7,E", "end")
        old = {**state.record(), "rules_version": 1}
        if blocking:
            with pytest.raises(BadRecord, match=r"error\.record_rules_version"):
                game.replay(old)
        else:
            assert game.replay(old).record() == state.record()
