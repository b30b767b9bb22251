"""TransAmerica under random and steered play, with invariants checked after every move.

The invariants are recomputed here from the view by plain, slow code that shares nothing with the
engine: networks are searched afresh, legal moves rebuilt from the rules' words.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core import Rng, State
from games.transamerica import GAME, TransAmericaState
from games.transamerica.board import BOARD
from games.transamerica.steiner import connection
from random_play import assert_record_round_trip, play_random_game

VARIANTS: dict[str, dict[str, bool]] = {
    "basic": {},
    "visible": {"visible_cards": True},
    "blocking": {"blocking_markers": True},
    "both": {"visible_cards": True, "blocking_markers": True},
}
GAMES_PER_CASE = 50  # x 5 player counts x 4 variants = 1,000 random games
FULL_LEGAL_CHECK_EVERY = 5


ENDS = {e.name: BOARD.edge_ends[e.index] for e in BOARD.edges}  # edge name -> its two points
COST = {e.name: e.cost for e in BOARD.edges}
ENDS_BY_EDGE = [(e.name, e.cost, BOARD.point_index[e.a], BOARD.point_index[e.b]) for e in BOARD.edges]


def point_of(xy: list[int]) -> int:
    return BOARD.point_index[(xy[0], xy[1])]


def linked_points(view: dict[str, Any]) -> dict[int, set[int]]:
    linked: dict[int, set[int]] = {}
    for name, _ in view["tracks"]:
        a, b = ENDS[name]
        linked.setdefault(a, set()).add(b)
        linked.setdefault(b, set()).add(a)
    return linked


def components(view: dict[str, Any]) -> dict[int, int]:
    """Point -> smallest point of its group of built track, for points touched by track."""
    linked = linked_points(view)
    label: dict[int, int] = {}
    for start in sorted(linked):
        if start in label:
            continue
        todo = [start]
        label[start] = start
        while todo:
            for q in linked[todo.pop()]:
                if q not in label:
                    label[q] = start
                    todo.append(q)
    return label


def build_region(view: dict[str, Any], seat: int, blocking: bool) -> set[int]:
    """Where `seat` may build from: its marker's group, or (blocking) the part not behind others' markers."""
    markers = [point_of(m) for m in view["markers"]]
    own = markers[seat]
    blocked = {m for s, m in enumerate(markers) if s != seat} if blocking else set()
    linked = linked_points(view)
    region = {own}
    todo = [own]
    while todo:
        p = todo.pop()
        if p in blocked:
            continue
        for q in linked.get(p, ()):
            if q not in region:
                region.add(q)
                todo.append(q)
    return region - blocked


def expected_legal(view: dict[str, Any], blocking: bool) -> list[str]:
    """The legal moves, rebuilt from the rules' words by scanning every edge of the board."""
    if view["phase"] == "marker":
        taken = {point_of(m) for m in view["markers"] if m is not None}
        return [f"marker {x},{y}" for p, (x, y) in enumerate(BOARD.points) if p not in taken]
    seat = view["current_player"]
    region = build_region(view, seat, blocking)
    built = {name for name, _ in view["tracks"]}
    placed = [COST[n] for n in view["turn"]["placed"]]
    limit = {(): 2, (1,): 1}.get(tuple(placed), 0)
    tracks = [f"track {name}" for name, cost, a, b in ENDS_BY_EDGE
              if name not in built and cost <= limit and (a in region or b in region)]
    if not placed:
        return tracks or ["pass"]
    ends = ["end"]
    if blocking and not view["turn"]["second_after_completion"]:
        # Ruling 9: anywhere on the mover's whole network, beyond others' markers too, but on no marker.
        network = build_region(view, seat, blocking=False)
        markers = {point_of(m) for m in view["markers"]}
        ends += [f"end {x},{y}" for p, (x, y) in enumerate(BOARD.points) if p in network - markers]
    return tracks + ends


class Invariants:
    """The `check` hook of `play_random_game`: what must hold after every move."""

    def __init__(self) -> None:
        self.moves = 0
        self.before: dict[str, Any] | None = None
        self.rounds_seen: list[dict[str, Any]] = []
        self.second_chances = 0
        self.groups: tuple[tuple[int, int], dict[int, int]] = ((0, -1), {})

    def __call__(self, state: State, move: str | None) -> None:
        assert isinstance(state, TransAmericaState)
        blocking = state.options["blocking_markers"]
        view = state.view(None)
        before, self.before = self.before, view
        self.moves += 1
        tracks = view["tracks"]
        names = [name for name, _ in tracks]
        assert len(names) == len(set(names)) == sum(state.built) <= 84
        assert view["tracks_left"] == 84 - len(names)
        lost = [sum(row[seat] for row in view["history"]) for seat in range(state.num_players)]
        assert view["scores"] == [13 - paid for paid in lost]
        if view["phase"] == "marker":
            assert not tracks
        if self.groups[0] != (view["round"], len(tracks)):
            self.groups = ((view["round"], len(tracks)), components(view))
        label = self.groups[1]
        self.check_networks(view, label)
        if before is not None and move is not None and move.startswith("track "):
            # The track touched its builder's network (or, blocking, its reachable part) before it was laid.
            builder = before["current_player"]
            region = build_region(before, builder, blocking)
            assert any(p in region for p in ENDS[move[6:]])
            same_round = view["round"] == before["round"] and view["phase"] != "over"
            assert not same_round or tracks[-1] == [move[6:], builder]
        if view["phase"] == "build":
            self.check_nobody_complete_yet(state, view, label)
        if before is not None and (view["round"] != before["round"] or view["phase"] == "over"):
            self.check_round_end(state, before, view)
        if self.moves % FULL_LEGAL_CHECK_EVERY == 0 and not state.is_over():
            assert state.legal_moves() == expected_legal(view, blocking)
            json.dumps(state.view(state.current_player))

    @staticmethod
    def check_networks(view: dict[str, Any], label: dict[int, int]) -> None:
        """Network ids in the view are exactly the groups of built track, numbered by first track."""
        ids = view["track_networks"]
        pairs = set()
        for (name, _), network in zip(view["tracks"], ids, strict=True):
            pairs.add((label[ENDS[name][0]], network))
        assert len(pairs) == len({g for g, _ in pairs}) == len({n for _, n in pairs})  # a bijection
        firsts = list(dict.fromkeys(ids))
        assert firsts == list(range(len(firsts)))
        by_group = dict(pairs)
        for marker, network in zip(view["markers"], view["marker_networks"], strict=True):
            expected = None if marker is None else by_group.get(label.get(point_of(marker), -1))
            assert network == expected

    def check_nobody_complete_yet(self, state: TransAmericaState, view: dict[str, Any],
                                  label: dict[int, int]) -> None:
        """During a round nobody is complete, except others in the mover's second chance."""
        complete = []
        for seat, hand in enumerate(state.hands):
            marker = point_of(view["markers"][seat])
            points = [BOARD.point_index[BOARD.cities[c].point] for c in hand]
            if all(label.get(p, p) == label.get(marker, marker) for p in points):
                complete.append(seat)
        second = view["turn"]["second_after_completion"]
        if second:
            self.second_chances += 1
            assert complete and view["current_player"] not in complete
            assert len(view["turn"]["placed"]) == 1 and view["turn"]["plain_left"] == 1
        else:
            assert complete == []

    def check_round_end(self, state: TransAmericaState, before: dict[str, Any], view: dict[str, Any]) -> None:
        scored = view["last_round"]
        assert scored["type"] == "round_scored" and scored["round"] == before["round"]
        self.rounds_seen.append(scored)
        n = state.num_players
        for seat in range(n):
            paid = scored["penalties"][seat]
            assert sum(COST[name] for name in scored["missing"][seat]) == paid
            assert (paid == 0) == (seat in scored["complete"])
        ended_by_track_out = before["tracks_left"] <= 1 and not scored["complete"]
        assert scored["complete"] or ended_by_track_out
        if view["phase"] != "over":
            assert view["round"] == before["round"] + 1
            assert view["start_player"] == (before["start_player"] + 1) % n
            assert view["phase"] == "marker" and view["tracks"] == []

    def final(self, state: TransAmericaState) -> None:
        n = state.num_players
        rounds = len(self.rounds_seen)
        assert rounds == len(state.history) == state.round
        if state.options["visible_cards"]:
            assert rounds == n
            return
        for scored in self.rounds_seen[:-1]:
            assert scored["round"] < 2 or min(scored["scores"]) > scored["barrier"]
        assert rounds >= 2 and min(state.scores) <= state.barrier


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_games_keep_every_invariant(variant: str, players: int) -> None:
    options = VARIANTS[variant]
    for game in range(GAMES_PER_CASE):
        seed = 10_000 * players + 100 * list(VARIANTS).index(variant) + game
        check = Invariants()
        state = play_random_game("transamerica", players, seed, options, check)
        assert isinstance(state, TransAmericaState)
        check.final(state)
        assert_record_round_trip(state)


def steered_game(players: int, seed: int, options: dict[str, bool], check: Invariants) -> TransAmericaState:
    """Players mostly lay track of their own cheapest completion (so rounds end by completion, second
    chances and barrier moves happen), with some random moves mixed in."""
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, TransAmericaState)
    rng = Rng.derive(seed, "steered")
    check(state, None)
    plan: set[str] = set()
    while not state.is_over():
        legal = state.legal_moves()
        view = state.view(state.current_player)
        seat = view["current_player"]
        if view["phase"] == "build" and not view["turn"]["placed"]:
            built = [BOARD.edge_index[name] for name, _ in view["tracks"]]
            terminals = [BOARD.point_index[BOARD.city_by_name[c].point] for c in view["cities"][seat]]
            _, edges = connection([*terminals, point_of(view["markers"][seat])], built)
            plan = {f"track {BOARD.edges[e].name}" for e in edges}
        choices = [m for m in legal if m in plan] or [m for m in legal if m.startswith("end")]
        move = rng.choice(legal) if rng.below(5) == 0 or not choices else choices[0]
        state.apply(move)
        check(state, move)
    return state


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_steered_games_end_rounds_by_completion(variant: str) -> None:
    """Random play never completes anyone; steered play exercises completion, the barrier and longer games."""
    completions = barrier_moves = 0
    for game in range(8):
        players = 2 + game % 5
        check = Invariants()
        state = steered_game(players, 500 + game, VARIANTS[variant], check)
        check.final(state)
        assert_record_round_trip(state)
        completions += sum(1 for r in check.rounds_seen if r["complete"])
        barrier_moves += sum(1 for e in state.events if e["type"] == "barrier_moved")
    assert completions >= 16
    assert (barrier_moves > 0) == (not VARIANTS[variant].get("visible_cards"))


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_soak_random_games(variant: str) -> None:
    """`make soak`: 2,500 more random games per variant, same invariants."""
    for game in range(2500):
        players = 2 + game % 5
        check = Invariants()
        state = play_random_game("transamerica", players, 1_000_000 + game, VARIANTS[variant], check)
        assert isinstance(state, TransAmericaState)
        check.final(state)
        assert_record_round_trip(state)
