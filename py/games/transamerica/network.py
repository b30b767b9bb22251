"""The groups of built track on the board, kept up to date as track is laid.

Every intersection belongs to one group: the intersections joined to it by built track (a lone
intersection is its own group). A player's network is the group of their marker. Groups merge when a
track joins them; the smaller group is relabelled, so a lookup is one list index.
"""

from __future__ import annotations

from collections.abc import Collection

from games.transamerica.board import BOARD


class Network:
    def __init__(self) -> None:
        self.group: list[int] = list(range(len(BOARD.points)))  # point -> group label
        self.members: list[list[int]] = [[p] for p in range(len(BOARD.points))]  # label -> points
        self.linked: list[list[int]] = [[] for _ in BOARD.points]  # point -> points joined by track

    def join(self, edge: int) -> None:
        """Lay track on `edge`: its ends' groups become one."""
        a, b = BOARD.edge_ends[edge]
        self.linked[a].append(b)
        self.linked[b].append(a)
        keep, drop = self.group[a], self.group[b]
        if keep == drop:
            return
        if len(self.members[keep]) < len(self.members[drop]):
            keep, drop = drop, keep
        for p in self.members[drop]:
            self.group[p] = keep
        self.members[keep].extend(self.members[drop])
        self.members[drop] = []

    def points_of(self, point: int) -> list[int]:
        """The intersections of `point`'s group."""
        return self.members[self.group[point]]

    def reachable(self, start: int, blocked: Collection[int]) -> list[int]:
        """The group's part reachable from `start` along track without passing through a blocked point.

        A blocked point that is reached is included (track may lead up to it) but never crossed.
        """
        seen = {start}
        order = [start]
        for p in order:
            if p in blocked:
                continue
            for q in self.linked[p]:
                if q not in seen:
                    seen.add(q)
                    order.append(q)
        return order
