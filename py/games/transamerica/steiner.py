"""Exact minimum Steiner trees on the board: the penalty of ruling 6 and the bots' yardstick.

Built track costs nothing, so each connected group of built track is first contracted into one
node; the terminals then shrink to the distinct groups they touch, and unbuilt edges inside a group
vanish. On that small weighted graph the Dreyfus-Wagner dynamic programme is exact: `cost[S][v]` is
the cheapest tree joining the terminal set S and the node v, obtained by merging two trees at v
(`cost[A][v] + cost[S-A][v]`) and then letting the tree grow a path (a Dijkstra run seeded with
those merged costs). One terminal is kept as the root, so only subsets of the other (at most five)
terminals are tabulated. Edge costs are 1 or 2, so every Dijkstra runs on buckets, not a heap.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection, Iterable
from functools import lru_cache
from operator import add

from games.core import Steps, finish
from games.transamerica.board import BOARD

INF = 1 << 30
_EDGES = [(e.index, *BOARD.edge_ends[e.index], e.cost) for e in BOARD.edges]  # (edge, a, b, cost)


class Contracted:
    """The board with each group of built track merged into one node."""

    def __init__(self, built: frozenset[int]) -> None:
        parent = list(range(len(BOARD.points)))

        def find(p: int) -> int:
            while parent[p] != p:
                parent[p] = parent[parent[p]]
                p = parent[p]
            return p

        for e in built:
            a, b = BOARD.edge_ends[e]
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
        roots = [find(p) for p in range(len(parent))]
        number = {r: i for i, r in enumerate(sorted(set(roots)))}
        node_of = [number[r] for r in roots]
        self.node_of = node_of
        self.size = len(number)
        # The cheapest unbuilt edge between two nodes (lowest index on ties) stands for them all.
        best: dict[tuple[int, int], tuple[int, int]] = {}  # (u, v) -> (cost, edge)
        for e, a, b, cost in _EDGES:
            u, v = node_of[a], node_of[b]
            if u == v:
                continue  # built, or a shortcut inside one group
            key = (u, v) if u < v else (v, u)
            old = best.get(key)
            if old is None or old[0] > cost:
                best[key] = (cost, e)
        self.edge_of: dict[tuple[int, int], int] = {key: e for key, (_, e) in best.items()}
        self.adjacent: list[list[tuple[int, int]]] = [[] for _ in range(self.size)]
        for (u, v), (cost, _) in sorted(best.items()):
            self.adjacent[u].append((v, cost))
            self.adjacent[v].append((u, cost))

    def edge(self, u: int, v: int) -> int:
        return self.edge_of[(u, v) if u < v else (v, u)]


@lru_cache(maxsize=16)
def _contracted(built: frozenset[int]) -> Contracted:
    return Contracted(built)


def _grow(dist: list[int], adjacent: list[list[tuple[int, int]]], target: int = -1) -> None:
    """Shortest-path closure of `dist` in place (Dial's buckets); stops once `target` is settled."""
    buckets: list[list[int]] = []
    for v, d in enumerate(dist):
        if d < INF:
            while len(buckets) <= d:
                buckets.append([])
            buckets[d].append(v)
    d = 0
    while d < len(buckets):
        for v in buckets[d]:
            if dist[v] != d:
                continue  # a stale entry: v was settled at a smaller distance
            if v == target:
                return
            for u, w in adjacent[v]:
                nd = d + w
                if nd < dist[u]:
                    dist[u] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(u)
        d += 1


def _splits(mask: int) -> list[int]:
    """Proper subsets of `mask` holding its lowest bit: each unordered split once."""
    low = mask & -mask
    rest = mask ^ low
    subs = []
    sub = rest
    while True:
        if sub != rest:
            subs.append(sub | low)
        if sub == 0:
            break
        sub = (sub - 1) & rest
    return subs


_SPLITS = [_splits(mask) for mask in range(1 << 5)]


def steiner_tree(adjacent: list[list[tuple[int, int]]], nodes: list[int],
                 want_tree: bool = True) -> tuple[int, list[tuple[int, int]]]:
    """Dreyfus-Wagner on any graph with positive integer costs (`adjacent[v]` = [(u, cost)]).

    `nodes` are at most 6 distinct terminals; returns the least cost and, if wanted, the tree as
    node pairs.
    """
    return finish(steiner_steps(adjacent, nodes, want_tree))


def steiner_steps(adjacent: list[list[tuple[int, int]]], nodes: list[int],
                  want_tree: bool = True) -> Steps[tuple[int, list[tuple[int, int]]]]:
    """`steiner_tree` one terminal subset per step: a whole solve can take 20 ms in the browser."""
    if len(nodes) <= 1:
        return 0, []
    if len(nodes) > 6:
        raise ValueError("at most 6 terminals")
    root = nodes[-1]
    others = nodes[:-1]
    full = (1 << len(others)) - 1
    cost: list[list[int]] = [[]] * (full + 1)
    for i, t in enumerate(others):
        dist = [INF] * len(adjacent)
        dist[t] = 0
        _grow(dist, adjacent, root if full == 1 else -1)
        cost[1 << i] = dist
    for mask in range(3, full + 1):
        if mask & (mask - 1) == 0:
            continue
        subs = _SPLITS[mask]
        merged = list(map(add, cost[subs[0]], cost[mask ^ subs[0]]))
        for sub in subs[1:]:
            merged = list(map(min, merged, map(add, cost[sub], cost[mask ^ sub])))
        _grow(merged, adjacent, root if mask == full else -1)
        cost[mask] = merged
        yield None
    total = cost[full][root]
    if not want_tree:
        return total, []
    return total, _tree(adjacent, cost, others, full, root)


def _tree(adjacent: list[list[tuple[int, int]]], cost: list[list[int]], others: list[int], full: int,
          root: int) -> list[tuple[int, int]]:
    """Walk the table back from (all terminals, root) to the edges of one optimal tree.

    Every stored value is reached either by a merge at its node or from a neighbour, and costs are
    positive, so each step finds a witness and the walk ends at the terminals.
    """
    pairs = []
    stack = [(full, root)]
    while stack:
        mask, v = stack.pop()
        here = cost[mask][v]
        if here == 0 and mask & (mask - 1) == 0 and others[mask.bit_length() - 1] == v:
            continue
        split = next((s for s in _SPLITS[mask] if cost[s][v] + cost[mask ^ s][v] == here), None)
        if split is not None:
            stack.append((split, v))
            stack.append((mask ^ split, v))
            continue
        u = next(u for u, w in adjacent[v] if cost[mask][u] + w == here)
        pairs.append((u, v))
        stack.append((mask, u))
    return pairs


# Remembered answers, least recently used first: replays (undo, loading a save) and a bot's
# successive decisions ask the same questions again.
Question = tuple[frozenset[int], tuple[int, ...], bool]  # built track, contracted terminals, tree wanted
_SOLVED: OrderedDict[Question, tuple[int, tuple[int, ...]]] = OrderedDict()
_SOLVED_SIZE = 256


def solving(terminals: Iterable[int], built: Collection[int],
            want_tree: bool = True) -> Steps[tuple[int, list[int]]]:
    """`connection` in steps, for a thinking bot: `need, tree = yield from solving(...)`."""
    track = built if isinstance(built, frozenset) else frozenset(built)
    graph = _contracted(track)
    key = (track, tuple(sorted({graph.node_of[p] for p in terminals})), want_tree)
    answer = _SOLVED.get(key)
    if answer is None:
        total, pairs = yield from steiner_steps(graph.adjacent, list(key[1]), want_tree)
        answer = total, tuple(sorted(graph.edge(u, v) for u, v in pairs))
        _SOLVED[key] = answer
        if len(_SOLVED) > _SOLVED_SIZE:
            _SOLVED.popitem(last=False)
    else:
        _SOLVED.move_to_end(key)
    return answer[0], list(answer[1])


def costing(terminals: Iterable[int], built: Collection[int]) -> Steps[int]:
    """`connection_cost` in steps."""
    need, _ = yield from solving(terminals, built, want_tree=False)
    return need


def connection_cost(terminals: Iterable[int], built: Collection[int]) -> int:
    """The least track cost (plain 1, double 2) joining all terminal points, built edges free."""
    return finish(costing(terminals, built))


def connection(terminals: Iterable[int], built: Collection[int]) -> tuple[int, list[int]]:
    """The least cost and the unbuilt edges (sorted indices) of one optimal connecting tree."""
    return finish(solving(terminals, built))
