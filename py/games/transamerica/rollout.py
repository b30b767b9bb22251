"""Rounds played out by the greedy bot's policy for every seat, on hands a bot has guessed.

The strong bot judges a placement by what follows it: greedy players re-route onto any track that
comes near them, so a fixed plan of theirs misjudges it, and playing the round out does not. A
`Rollout` is a lean copy of a round's build turns (no views, no events, no rule checks beyond what the
greedy policy needs): each mover lays the next track of a shortest path from their network to their
nearest missing city, a second plain track only when it stays on such a path, until somebody is
complete or the supply runs out. Variant 2's blocking markers are not modelled. The penalties it
scores are those of the greedy completion (a good upper bound of ruling 6's exact cost).
"""

from __future__ import annotations

from collections.abc import Container

from games.core import Rng, Steps
from games.transamerica.board import BOARD

INF = 1 << 30
MAX_TRACKS = 84
# point -> ((neighbour, edge, cost), ...)
NEIGHBOURS = tuple(tuple((q, e, BOARD.edges[e].cost) for q, e in BOARD.adjacent[p])
                   for p in range(len(BOARD.points)))


class Rollout:
    """One round's board and hands, from the bot's guess; `play` runs it to the round's end."""

    def __init__(self, laid: list[int], markers: list[int], hands: list[list[int]], rng: Rng) -> None:
        self.built = bytearray(len(BOARD.edges))
        self.group = list(range(len(BOARD.points)))
        self.members = [[p] for p in range(len(BOARD.points))]
        self.markers = markers
        self.hands = hands
        self.rng = rng
        self.tracks = 0
        for e in laid:
            self.lay(e)

    def lay(self, e: int) -> None:
        self.built[e] = 1
        self.tracks += 1
        a, b = BOARD.edge_ends[e]
        group, members = self.group, self.members
        keep, drop = group[a], group[b]
        if keep == drop:
            return
        if len(members[keep]) < len(members[drop]):
            keep, drop = drop, keep
        for p in members[drop]:
            group[p] = keep
        members[keep].extend(members[drop])
        members[drop] = []

    def complete(self, player: int) -> bool:
        group = self.group
        label = group[self.markers[player]]
        return all(group[c] == label for c in self.hands[player])

    def over(self) -> bool:
        return self.tracks >= MAX_TRACKS or any(self.complete(p) for p in range(len(self.markers)))

    def greedy_track(self, player: int, max_cost: int) -> int | None:
        """The greedy bot's next track: the first of a shortest path to the nearest missing city.

        Distances grow from the missing cities (built track free) until the mover's network is
        reached at distance `here`; a track from the network is on such a path when its cost plus
        its far end's distance is `here`. None when no such track fits the turn.
        """
        group = self.group
        label = group[self.markers[player]]
        missing = [c for c in self.hands[player] if group[c] != label]
        if not missing:
            return None
        built = self.built
        dist, reached = self.nearest(missing, set(self.members[label]))
        if reached < 0:
            return None
        here = dist[reached]
        best: list[int] = []
        best_cost = 3
        for p in self.members[label]:
            for q, e, cost in NEIGHBOURS[p]:
                if cost <= max_cost and not built[e] and group[q] != label and cost + dist[q] == here:
                    if cost < best_cost:
                        best, best_cost = [e], cost
                    elif cost == best_cost:
                        best.append(e)
        if not best:
            return None
        return best[0] if len(best) == 1 else self.rng.choice(sorted(best))

    def turn(self, player: int, plain_left: int = 2) -> bool:
        """The greedy mover's (rest of the) turn; True when it ends the round."""
        placed_first = plain_left < 2
        while plain_left:
            e = self.greedy_track(player, 2 if not placed_first else 1)
            if e is None:
                return False
            self.lay(e)
            cost = BOARD.edges[e].cost
            plain_left = 0 if cost == 2 else plain_left - 1
            if self.tracks >= MAX_TRACKS:
                return True
            if any(self.complete(p) for p in range(len(self.markers))):
                if not placed_first and cost == 1 and not self.complete(player):
                    # Second chance: one more plain track, then the round ends.
                    e = self.greedy_track(player, 1)
                    if e is not None:
                        self.lay(e)
                return True
            placed_first = True
        return False

    def play(self, mover: int, plain_left: int) -> Steps[list[int]]:
        """Finish the round from `mover`'s turn with `plain_left` placements left; the penalties."""
        players = len(self.markers)
        player = mover
        ended = self.over()
        while not ended:
            yield None
            ended = self.turn(player, plain_left)
            player, plain_left = (player + 1) % players, 2
        return [self.penalty(p) for p in range(players)]

    def nearest(self, sources: list[int], targets: Container[int], parent: list[int] | None = None
                ) -> tuple[list[int], int]:
        """Distances from `sources` (built track free), in increasing order until a point of `targets`
        is reached: the distances so far and that point (-1: none can be). With `parent`, each point
        reached gets the point it was reached from."""
        built = self.built
        dist = [INF] * len(NEIGHBOURS)
        for source in sources:
            dist[source] = 0
        buckets: list[list[int]] = [list(sources)]
        d = 0
        while d < len(buckets):
            for v in buckets[d]:  # a zero-cost (built) step appends to this very bucket
                if dist[v] != d:
                    continue
                if v in targets:
                    return dist, v
                for q, e, cost in NEIGHBOURS[v]:
                    nd = d if built[e] else d + cost
                    if nd < dist[q]:
                        dist[q] = nd
                        if parent is not None:
                            parent[q] = v
                        while len(buckets) <= nd:
                            buckets.append([])
                        buckets[nd].append(q)
            d += 1
        return dist, -1

    def penalty(self, player: int) -> int:
        """The cost of joining the player's missing cities one by one, nearest first."""
        group = self.group
        joined = set(self.members[group[self.markers[player]]])
        missing = {c for c in self.hands[player] if c not in joined}
        total = 0
        while missing:
            parent = [-1] * len(group)
            dist, reached = self.nearest(list(joined), missing, parent)
            total += dist[reached]
            p = reached
            while p >= 0 and p not in joined:
                joined.update(self.members[group[p]])
                p = parent[p]
            missing -= joined
        return total
