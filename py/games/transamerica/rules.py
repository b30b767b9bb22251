"""TransAmerica's rules (the French text plus rulings 1-9): markers, build turns, round end, scoring.

A round: a marker phase (each player in turn order puts a start marker on a free intersection), then
build turns of 1-2 plain tracks or one double track, each touching the mover's network, until some
player's five cities are all joined to their network or the 84th track is laid. A turn ends only
with "end", so the interface can offer undo until the player confirms.

Choices made where the rules and rulings are silent (they also belong on the in-app rules page):
* Seat 0 starts round 1 (the lobby decides who sits where); the start player then moves one seat on.
* Second chance (first plain track of a turn completes other players, not the mover): the mover may
  lay one more plain track or confirm with "end"; either ends the round. No marker move then.
* Variant 1 (visible cards): the barrier never moves and never ends the game; it lasts one round
  per player.
* Variant 2 (blocking markers): track may lead up to an intersection holding an opponent's marker,
  but not on from it. Whether a player is complete ignores markers, as penalties do (ruling 9), so a
  player is complete exactly when their penalty would be 0. "end x,y" may not name the own marker's
  intersection (that is plain "end").
* Only variant 2 can leave a player with nowhere to build (every track at their marker laid, each
  leading to an opponent's marker): they pass. Not everyone can be walled in at once (every edge at
  every marker would have to be built, far more than 84 tracks), so a round always ends.
* When the game is over, every hand of the last round is public in the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Move, Result, State
from games.transamerica.board import BOARD
from games.transamerica.deal import deal_with, pass_hands
from games.transamerica.moves import EDGE_OF_MOVE, END_MOVES, MARKER_MOVES, POINT_OF_MOVE, TRACK_MOVES, parse
from games.transamerica.network import Network
from games.transamerica.scoring import (
    START_BARRIER,
    START_SCORE,
    barrier_reached,
    moved_barrier,
    penalty,
)
from games.transamerica.view import TransAmericaView

MAX_TRACKS = 84
PLAIN_PER_TURN = 2
DOUBLE = 2  # cost of a mountain or river track, which fills a whole turn

EDGE_COST = [e.cost for e in BOARD.edges]
EDGE_NAMES = [e.name for e in BOARD.edges]


class TransAmericaState(State):
    game_id = "transamerica"
    # 2: variant 2's marker may move anywhere on its own network, beyond an opponent's marker too
    # (ruling 9); version 1 offered only the part the player could build from.
    rules_version = 2
    # A move that ends a round is never taken back, even when its mover starts the next round.
    turn_boundaries = frozenset({"round_scored"})

    @classmethod
    def replays_version(cls, version: object, options: Mapping[str, Any]) -> bool:
        """Version 1 games without variant 2's markers play the same under version 2."""
        return super().replays_version(version, options) or (
            version == 1 and not options.get("blocking_markers"))

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.visible_cards: bool = options["visible_cards"]
        self.blocking_markers: bool = options["blocking_markers"]
        self.scores = [START_SCORE] * num_players
        self.barrier = START_BARRIER
        self.history: list[list[int]] = []
        self.last_round: dict[str, Any] | None = None
        self.hands: list[list[int]] = []
        self._start_round(1, 0)

    # -- round set-up -------------------------------------------------------------------------
    def _start_round(self, round_number: int, start_player: int) -> None:
        n = self.num_players
        self.round = round_number
        self.start_player = start_player
        if self.visible_cards and self.hands:
            self._take_hands(pass_hands(self.hands))
        else:
            self._take_hands(deal_with(n, self.chance("deal", round_number)))
        self.phase = "marker"
        self.player = start_player
        self.markers: list[int | None] = [None] * n
        self.network = Network()
        self.tracks: list[tuple[int, int]] = []  # (edge, builder) in build order
        self.built = [False] * len(BOARD.edges)
        self._new_turn(plain_left=0)
        self.emit("round_started", round=round_number, start_player=start_player)

    def _take_hands(self, hands: list[list[int]]) -> None:
        self.hands = hands
        self.city_points = [[BOARD.point_index[BOARD.cities[c].point] for c in hand] for hand in hands]

    def _new_turn(self, plain_left: int = PLAIN_PER_TURN) -> None:
        self.placed: list[int] = []
        self.plain_left = plain_left
        self.second_chance = False

    # -- contract -----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.player

    def is_over(self) -> bool:
        return self.phase == "over"

    def _parse(self, move: object) -> Move:
        return parse(move)

    def _legal(self) -> list[Move]:
        if self.phase == "marker":
            taken = set(self.markers)
            return [m for p, m in enumerate(MARKER_MOVES) if p not in taken]
        points = self.build_points()
        moves = [TRACK_MOVES[e] for e in self.buildable(points)]
        if not self.placed:
            return moves or ["pass"]
        moves.append("end")
        if self.blocking_markers and not self.second_chance:
            moves.extend(END_MOVES[p] for p in self.marker_spots())
        return moves

    def _do(self, move: Move) -> None:
        if move in EDGE_OF_MOVE:
            self._lay(EDGE_OF_MOVE[move])
        elif move.startswith("marker"):
            self._place_marker(POINT_OF_MOVE[move])
        elif move == "pass":
            self._pass()
        else:
            self._end_turn(POINT_OF_MOVE.get(move))

    # -- where the mover may build --------------------------------------------------------------
    def build_points(self) -> list[int]:
        """The intersections the mover may build from: their network (variant 2: its reachable part)."""
        marker = self.markers[self.player]
        assert marker is not None
        if not self.blocking_markers:
            return self.network.points_of(marker)
        opponents = {m for seat, m in enumerate(self.markers) if seat != self.player and m is not None}
        return [p for p in self.network.reachable(marker, opponents) if p not in opponents]

    def buildable(self, points: list[int]) -> list[int]:
        """Empty edges touching `points` (the build points) that still fit in this turn, by edge index."""
        if self.plain_left == 0:
            return []
        max_cost = DOUBLE if not self.placed else 1
        built = self.built
        return sorted({e for p in points for _, e in BOARD.adjacent[p]
                       if not built[e] and EDGE_COST[e] <= max_cost})

    def marker_spots(self) -> list[int]:
        """Variant 2: where the mover's marker may move at the end of the turn: any intersection of
        their whole network (beyond an opponent's marker too, ruling 9) holding no marker."""
        own = self.markers[self.player]
        assert own is not None
        taken = set(self.markers)
        return sorted(p for p in self.network.points_of(own) if p not in taken)

    def complete_players(self) -> list[int]:
        """Seats whose cities are all joined to their network (markers never block this)."""
        group = self.network.group
        return [seat for seat, marker in enumerate(self.markers)
                if marker is not None and all(group[c] == group[marker] for c in self.city_points[seat])]

    # -- moves ----------------------------------------------------------------------------------
    def _place_marker(self, point: int) -> None:
        self.markers[self.player] = point
        self.emit("marker_placed", player=self.player, point=list(BOARD.points[point]))
        self.player = (self.player + 1) % self.num_players
        if all(m is not None for m in self.markers):
            self.phase = "build"
            self._new_turn()

    def _lay(self, edge: int) -> None:
        a, b = BOARD.edge_ends[edge]
        group = self.network.group
        joins_markers = group[a] != group[b] and all(
            any(m is not None and group[m] == group[end] for m in self.markers) for end in (a, b))
        self.network.join(edge)
        self.built[edge] = True
        self.tracks.append((edge, self.player))
        self.placed.append(edge)
        cost = EDGE_COST[edge]
        self.plain_left = 0 if cost == DOUBLE else self.plain_left - 1
        self.emit("track_placed", player=self.player, edge=EDGE_NAMES[edge], cost=cost)
        if joins_markers:
            here = group[a]
            self.emit("networks_merged", players=[seat for seat, m in enumerate(self.markers)
                                                  if m is not None and group[m] == here])
        if self.second_chance or len(self.tracks) == MAX_TRACKS:
            self._end_round()
            return
        complete = self.complete_players()
        if not complete:
            return
        if len(self.placed) == 1 and cost != DOUBLE and self.player not in complete:
            self.second_chance = True
        else:
            self._end_round()

    def _end_turn(self, marker: int | None) -> None:
        if marker is not None:
            self.markers[self.player] = marker
            self.emit("marker_moved", player=self.player, point=list(BOARD.points[marker]))
        self.emit("turn_ended", player=self.player)
        if self.second_chance:
            self._end_round()
        else:
            self._next_player()

    def _pass(self) -> None:
        self.emit("passed", player=self.player)
        self._next_player()

    def _next_player(self) -> None:
        self.player = (self.player + 1) % self.num_players
        self._new_turn()

    # -- round end ------------------------------------------------------------------------------
    def _end_round(self) -> None:
        n = self.num_players
        built = frozenset(e for e, _ in self.tracks)
        complete = self.complete_players()
        penalties = [0] * n
        missing: list[list[str]] = [[] for _ in range(n)]
        for seat in range(n):
            if seat not in complete:
                marker = self.markers[seat]
                assert marker is not None
                penalties[seat], edges = penalty(self.hands[seat], marker, built)
                missing[seat] = [EDGE_NAMES[e] for e in edges]
        self.scores = [s - p for s, p in zip(self.scores, penalties, strict=True)]
        self.history.append(penalties)
        old_barrier = self.barrier
        if not self.visible_cards:
            self.barrier = moved_barrier(self.round, self.scores, self.barrier)
        self.emit("round_scored", round=self.round, complete=complete, penalties=list(penalties),
                  missing=missing, cities=[self.city_names(seat) for seat in range(n)],
                  scores=list(self.scores), barrier=self.barrier,
                  # the board as the round ended, for the round-end screen: the next deal clears it
                  tracks=[[EDGE_NAMES[e], seat] for e, seat in self.tracks],
                  markers=[None if m is None else list(BOARD.points[m]) for m in self.markers])
        self.last_round = self.events[-1]
        if self.barrier != old_barrier:
            self.emit("barrier_moved", barrier=self.barrier)
        if self.visible_cards:
            over = self.round == n
        else:
            over = barrier_reached(self.round, self.scores, self.barrier)
        if over:
            self.phase = "over"
            self._new_turn(plain_left=0)
            self.emit("game_over", winners=self.result().winners, scores=list(self.scores))
        else:
            self._start_round(self.round + 1, (self.start_player + 1) % n)

    # -- what players see -----------------------------------------------------------------------
    def city_names(self, seat: int) -> list[str]:
        return [BOARD.cities[c].name for c in self.hands[seat]]

    def result(self) -> Result:
        breakdown = [{"penalties": [row[seat] for row in self.history]} for seat in range(self.num_players)]
        return Result.from_scores(self.scores, breakdown=breakdown)

    def view(self, player: int | None) -> TransAmericaView:
        group = self.network.group
        ids: dict[int, int] = {}
        track_networks = [ids.setdefault(group[BOARD.edge_ends[e][0]], len(ids)) for e, _ in self.tracks]
        public = self.visible_cards or self.phase == "over"
        return {
            **self.view_header(player),
            "round": self.round,
            "start_player": self.start_player,
            "phase": self.phase,
            "scores": list(self.scores),
            "barrier": self.barrier,
            "tracks_left": MAX_TRACKS - len(self.tracks),
            "markers": [None if m is None else list(BOARD.points[m]) for m in self.markers],
            "tracks": [[EDGE_NAMES[e], seat] for e, seat in self.tracks],
            "track_networks": track_networks,
            "marker_networks": [None if m is None else ids.get(group[m]) for m in self.markers],
            "turn": {"placed": [EDGE_NAMES[e] for e in self.placed], "plain_left": self.plain_left,
                     "second_after_completion": self.second_chance},
            "cities": [self.city_names(seat) if public or seat == player else None
                       for seat in range(self.num_players)],
            "history": [list(row) for row in self.history],
            "last_round": None if self.last_round is None else _copied(self.last_round),
        }


def _copied(event: dict[str, Any]) -> dict[str, Any]:
    """A copy of a logged event (its lists nest two deep at most), so no view aliases the log."""
    return {key: [list(item) if isinstance(item, list) else item for item in value]
            if isinstance(value, list) else value for key, value in event.items()}
