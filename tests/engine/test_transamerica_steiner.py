"""The exact Steiner solver behind TransAmerica's penalties: known routes, brute force, speed."""

from __future__ import annotations

import heapq
from collections import OrderedDict
from itertools import combinations
from typing import Any

import pytest

from games.core import Rng
from games.transamerica import steiner
from games.transamerica.board import BOARD, COLOURS
from games.transamerica.steiner import connection, connection_cost, steiner_tree
from random_play import mid_game_built

INF = float("inf")


def city(name: str) -> int:
    return BOARD.point_index[BOARD.city_by_name[name].point]


@pytest.mark.parametrize(("a", "b", "cost"), [
    ("Seattle", "Boston", 19),
    ("San Diego", "Jacksonville", 15),
    ("Los Angeles", "New York", 20),
    ("Denver", "Salt Lake City", 3),
    ("Chicago", "New York", 5),
])
def test_known_shortest_routes(a: str, b: str, cost: int) -> None:
    assert connection_cost([city(a), city(b)], []) == cost
    total, edges = connection([city(a), city(b)], [])
    assert total == cost == sum(BOARD.edges[e].cost for e in edges)
    assert joins([city(a), city(b)], edges)


def joins(terminals: list[int], edges: list[int] | set[int]) -> bool:
    """Whether the edges link every terminal into one group (a plain search, no solver code)."""
    linked: dict[int, list[int]] = {}
    for e in edges:
        a, b = BOARD.edge_ends[e]
        linked.setdefault(a, []).append(b)
        linked.setdefault(b, []).append(a)
    seen = {terminals[0]}
    todo = [terminals[0]]
    while todo:
        p = todo.pop()
        for q in linked.get(p, []):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return all(t in seen for t in terminals)


def test_trivial_cases() -> None:
    assert connection([], []) == (0, [])
    assert connection([city("Denver")], []) == (0, [])
    assert connection([city("Denver")] * 3, []) == (0, [])
    with pytest.raises(ValueError):
        connection_cost([city(c.name) for c in BOARD.cities[:7]], [])


def test_built_track_is_free_and_never_returned() -> None:
    denver, salt_lake = city("Denver"), city("Salt Lake City")
    _, route = connection([denver, salt_lake], [])
    assert connection([denver, salt_lake], route) == (0, [])
    # Half the route built: the rest costs exactly the unbuilt part.
    built = route[: len(route) // 2]
    total, rest = connection([denver, salt_lake], built)
    assert not set(rest) & set(built)
    assert total == sum(BOARD.edges[e].cost for e in rest)
    assert joins([denver, salt_lake], set(rest) | set(built))


# -- brute force on small graphs ----------------------------------------------------------------

def small_lattice(rng: Rng) -> tuple[list[list[tuple[int, int]]], list[tuple[int, int, int]]]:
    """A random connected patch of a triangular lattice with 1/2 costs (at most 12 edges)."""
    width, height = 2 + rng.below(3), 2 + rng.below(2)
    index = {(x, y): x + y * width for y in range(height) for x in range(width)}
    edges = []
    for (x, y), i in index.items():
        for dx, dy in ((1, 0), (0, 1), (1, 1)):
            j = index.get((x + dx, y + dy))
            if j is not None and rng.below(6):
                edges.append((i, j, 1 + rng.below(2)))
    edges = edges[:12]
    adjacent: list[list[tuple[int, int]]] = [[] for _ in index]
    for i, j, w in edges:
        adjacent[i].append((j, w))
        adjacent[j].append((i, w))
    return adjacent, edges


def brute_force(size: int, edges: list[tuple[int, int, int]], terminals: list[int]) -> float:
    """The cheapest edge subset that links all terminals, by trying every subset."""
    best = INF
    for mask in range(1 << len(edges)):
        chosen = [edges[i] for i in range(len(edges)) if mask >> i & 1]
        cost = sum(w for _, _, w in chosen)
        if cost < best and links(size, chosen, terminals):
            best = cost
    return best


def links(size: int, chosen: list[tuple[int, int, int]], terminals: list[int]) -> bool:
    parent = list(range(size))

    def find(p: int) -> int:
        while parent[p] != p:
            p = parent[p]
        return p

    for i, j, _ in chosen:
        parent[find(i)] = find(j)
    return len({find(t) for t in terminals}) == 1


def test_dreyfus_wagner_matches_brute_force_on_small_lattices() -> None:
    rng = Rng(2024)
    checked = 0
    for _ in range(60):
        adjacent, edges = small_lattice(rng)
        nodes = list(range(len(adjacent)))
        rng.shuffle(nodes)
        terminals = sorted(nodes[: 2 + rng.below(min(5, len(nodes) - 1))])
        expected = brute_force(len(adjacent), edges, terminals)
        if expected == INF:
            continue  # the random patch left a terminal cut off
        total, pairs = steiner_tree(adjacent, terminals)
        assert total == expected
        weight = {(min(i, j), max(i, j)): w for i, j, w in edges}
        assert sum(weight[(min(u, v), max(u, v))] for u, v in pairs) == total
        checked += 1
    assert checked >= 40


def metric_closure_optimum(terminals: list[int], built: set[int]) -> tuple[int, int]:
    """Exact Steiner cost by a different method: the best minimum spanning tree of the terminals plus
    up to (terminals - 2) extra points, in the shortest-path metric (built track free). Also returns
    the spanning tree of the terminals alone, to show when extra points mattered."""
    def distances(source: int) -> list[float]:
        dist = [INF] * len(BOARD.points)
        dist[source] = 0
        heap = [(0, source)]
        while heap:
            d, p = heapq.heappop(heap)
            if d > dist[p]:
                continue
            for q, e in BOARD.adjacent[p]:
                nd = d + (0 if e in built else BOARD.edges[e].cost)
                if nd < dist[q]:
                    dist[q] = nd
                    heapq.heappush(heap, (nd, q))
        return dist

    def spanning(points: list[int], dist: dict[int, list[float]]) -> float:
        inside = {points[0]}
        total = 0.0
        while len(inside) < len(points):
            step, nxt = min((dist[a][b], b) for a in inside for b in points if b not in inside)
            total += step
            inside.add(nxt)
        return total

    dist = {p: distances(p) for p in range(len(BOARD.points))}
    bound = spanning(terminals, dist)
    # An extra point is only useful if it is closer to two terminals together than the bound.
    useful = [p for p in range(len(BOARD.points))
              if sum(sorted(dist[p][t] for t in terminals)[:2]) <= bound and p not in terminals]
    best = bound
    for extra in range(1, len(terminals) - 1):
        for points in combinations(useful, extra):
            best = min(best, spanning(terminals + list(points), dist))
    return int(best), int(bound)


def test_board_solver_matches_metric_closure_brute_force() -> None:
    rng = Rng(77)
    needed_extra_points = 0
    for _ in range(8):
        built = {rng.below(len(BOARD.edges)) for _ in range(rng.below(12))}
        # Terminals in one region of the map keep the brute force small.
        x0, y0 = 3 + rng.below(10), 2 + rng.below(6)
        area = [p for p, (x, y) in enumerate(BOARD.points) if abs(x - x0) <= 4 and abs(y - y0) <= 4]
        rng.shuffle(area)
        terminals = area[:4]
        total, edges = connection(terminals, built)
        optimum, spanning = metric_closure_optimum(terminals, built)
        assert total == optimum, (terminals, sorted(built))
        assert not set(edges) & built
        assert joins(terminals, set(edges) | built)
        needed_extra_points += optimum < spanning
    assert needed_extra_points >= 2  # the cases are real Steiner problems, not shortest paths


def test_many_random_cases_return_consistent_trees() -> None:
    rng = Rng(5)
    by_colour = {colour: [c for c in BOARD.cities if c.colour == colour] for colour in COLOURS}
    for _ in range(40):
        built = {rng.below(len(BOARD.edges)) for _ in range(rng.below(60))}
        terminals = [BOARD.point_index[rng.choice(cs).point] for cs in by_colour.values()]
        terminals.append(rng.below(len(BOARD.points)))
        total, edges = connection(terminals, built)
        assert total == connection_cost(terminals, built)
        assert total == sum(BOARD.edges[e].cost for e in edges)
        assert not set(edges) & built
        assert joins(terminals, set(edges) | built)
        # Dropping any chosen edge disconnects: the tree has no slack.
        for e in edges[:3]:
            assert not joins(terminals, (set(edges) - {e}) | built)
        # Order of terminals does not matter.
        assert connection_cost(list(reversed(terminals)), built) == total


def test_six_terminals_take_one_growth_per_terminal_subset(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted work, not time (the median CPU time is a `make bench` figure): with n distinct
    terminals (nodes of the board contracted along built track) a solve runs one shortest-path growth
    per non-empty subset of the terminals but the root, 2**(n-1) - 1 (31 for 6); asking again, none."""
    grows = [0]
    real = steiner._grow

    def counted(*args: Any) -> None:
        grows[0] += 1
        real(*args)

    monkeypatch.setattr(steiner, "_grow", counted)
    monkeypatch.setattr(steiner, "_SOLVED", OrderedDict())  # no answer remembered from other tests
    rng = Rng(9)
    by_colour = {colour: [c for c in BOARD.cities if c.colour == colour] for colour in COLOURS}
    sizes = []
    for count in (0, 40):
        for _ in range(15):
            built = mid_game_built(rng, count)
            terminals = [BOARD.point_index[rng.choice(cs).point] for cs in by_colour.values()]
            terminals.append(rng.below(len(BOARD.points)))
            nodes = len({steiner._contracted(built).node_of[p] for p in terminals})
            grows[0] = 0
            total = connection_cost(terminals, built)
            assert grows[0] == 2 ** (nodes - 1) - 1, (count, nodes)
            assert connection_cost(list(reversed(terminals)), built) == total
            assert grows[0] == 2 ** (nodes - 1) - 1  # the same question again: remembered
            sizes.append(nodes)
    assert sizes.count(6) >= 20
