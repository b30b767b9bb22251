"""TransAmerica bots: `greedy` heads for its nearest missing city, `strong` plans by exact Steiner cost.

Both read only their seat's view. A player's *need* is the exact cost (ruling 6) of the track still
missing to join their cities and marker, built track free: it is the penalty they would pay if the
round ended now, and every useful track lowers it by its own cost.

`strong` guesses the hidden hands (each opponent holds one city per colour; the cities their own
track reaches or heads for are likelier, a hand that explains each of their tracks as a step toward
its nearest missing city likelier still, and their network does not join all five yet, or the round
would be over) and sums the trees those guesses need into a *demand* per edge. It then prefers,
among the tracks that cut its own need the most, those that opponents neither need nor will build
anyway, so it spends its turns on track that only it wants and lets shared track be laid by others;
it shuns a track that would likely complete an opponent, and values a first plain track with the
best second one it opens. Its marker goes on the point of an optimal tree of its cities whose
round, played out on guessed deals, ends best for it (sequential halving over the points: where the
others start and head decides how much of its track they will lay). With 2 to 4 players it plays the
round out (`rollout.py`, the greedy policy in every seat) from its best-scored tracks and from ending
the turn, on hands guessed as above, and takes another move only when it beats the scored choice
by half a point (at 6 players too, where it also weighs the others' demand less). Its work is capped in
solver calls and rounds played out, so its choices do not depend on the machine's speed. At 4
players it spends about twice that work, as the expert does at other sizes; the expert there spends
more again (`BOTS`).
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import ldexp
from typing import TypeVar

from games.bots import Bot, BySize, Pacer, Thinking, seat_of
from games.core import Move, Rng, Steps
from games.search import halving, worlds_per_round
from games.transamerica.board import BOARD, COLOURS
from games.transamerica.deal import SMALL_GAME
from games.transamerica.moves import EDGE_OF_MOVE, MARKER_MOVES, POINT_OF_MOVE, TRACK_MOVES
from games.transamerica.rollout import Rollout
from games.transamerica.steiner import solving
from games.transamerica.view import TransAmericaView

T = TypeVar("T")
INF = 1 << 30
COLOUR_OF = {BOARD.point_index[c.point]: c.colour for c in BOARD.cities}


@dataclass(frozen=True)
class Table:
    """What one seat knows of the round, read from its view."""

    seat: int
    players: int
    built: frozenset[int]
    laid: tuple[tuple[int, int], ...]  # (edge, seat of its builder) per track
    markers: tuple[int | None, ...]  # point index per player
    hands: tuple[tuple[int, ...] | None, ...]  # city points per player, where visible
    plain_left: int
    placed: int  # tracks placed this turn
    start_player: int  # the seat that placed the round's first marker, and builds first

    @classmethod
    def read(cls, view: TransAmericaView) -> Table:
        markers = tuple(None if m is None else BOARD.point_index[(m[0], m[1])] for m in view["markers"])
        hands = tuple(None if names is None else tuple(BOARD.point_index[BOARD.city_by_name[n].point]
                                                       for n in names) for names in view["cities"])
        return cls(seat=seat_of(view), players=view["players"],
                   built=frozenset(BOARD.edge_index[str(name)] for name, _ in view["tracks"]),
                   laid=tuple((BOARD.edge_index[str(name)], int(seat)) for name, seat in view["tracks"]),
                   markers=markers, hands=hands, plain_left=view["turn"]["plain_left"],
                   placed=len(view["turn"]["placed"]), start_player=view["start_player"])

    def group(self, point: int) -> set[int]:
        """The points joined to `point` by built track (variant 2: the legal moves say where to build)."""
        return joined_to(point, self.built)

    def own_marker(self) -> int:
        """The seat's marker: placed once the build turns begin."""
        marker = self.markers[self.seat]
        if marker is None:
            raise ValueError("no marker placed yet")
        return marker

    def terminals(self, player: int, hand: Iterable[int]) -> list[int]:
        marker = self.markers[player]
        return [*hand, *(() if marker is None else (marker,))]


def joined_to(point: int, built: Collection[int]) -> set[int]:
    """The points joined to `point` by the `built` track."""
    seen = {point}
    todo = [point]
    while todo:
        p = todo.pop()
        for q, e in BOARD.adjacent[p]:
            if q not in seen and e in built:
                seen.add(q)
                todo.append(q)
    return seen


def distances(sources: Iterable[int], built: Collection[int]) -> list[int]:
    """Track cost from the nearest source to every point, built track free."""
    dist = [INF] * len(BOARD.points)
    queue = []
    for s in sources:
        dist[s] = 0
        queue.append((0, s))
    heapq.heapify(queue)
    while queue:
        d, p = heapq.heappop(queue)
        if d > dist[p]:
            continue
        for q, e in BOARD.adjacent[p]:
            nd = d + (0 if e in built else BOARD.edges[e].cost)
            if nd < dist[q]:
                dist[q] = nd
                heapq.heappush(queue, (nd, q))
    return dist


def far_end(e: int, network: Collection[int]) -> int:
    """The end of track `e` that a network touching it would grow to (either, when it holds both)."""
    a, b = BOARD.edge_ends[e]
    return b if a in network else a


def track_moves(legal: list[Move]) -> list[int]:
    return [EDGE_OF_MOVE[move] for move in legal if move in EDGE_OF_MOVE]


def no_track(legal: list[Move]) -> Move:
    """Ending the turn (without moving the marker) or passing, whichever the rules allow."""
    return "end" if "end" in legal else "pass"


def marker_spots(cities: list[int], legal: list[Move]) -> Steps[list[int]]:
    """Free points of an optimal tree of the cities: a marker there adds nothing to the need."""
    _, tree = yield from solving(cities, ())
    return free_spots(cities, tree, free_points(legal))


def free_points(legal: list[Move]) -> list[int]:
    """The points a marker may go on now, in point order."""
    offered = set(legal)
    return [p for p in range(len(BOARD.points)) if MARKER_MOVES[p] in offered]


def free_spots(cities: list[int], tree: list[int], free: list[int]) -> list[int]:
    """The `free` points on `tree` (an optimal tree of the cities), in point order; when every one is
    taken, the free points closest to the cities."""
    points = set(cities) | {p for e in tree for p in BOARD.edge_ends[e]}
    spots = [p for p in free if p in points]
    if spots:
        return spots
    dist = distances(cities, ())
    best = min(dist[p] for p in free)
    return [p for p in free if dist[p] == best]


class GreedyBot:
    """Marker on an optimal tree of its cities; then the next track toward its nearest missing city."""

    def think(self, view: TransAmericaView, legal: list[Move], rng: Rng) -> Thinking:
        yield None
        table = Table.read(view)
        hand = table.hands[table.seat] or ()
        if view["phase"] == "marker":
            return MARKER_MOVES[rng.choice((yield from marker_spots(list(hand), legal)))]
        tracks = track_moves(legal)
        if not tracks:
            return no_track(legal)
        network = table.group(table.own_marker())
        dist = distances([c for c in hand if c not in network], table.built)
        here = min(dist[p] for p in network)

        def after(e: int) -> int:
            """The distance left to the nearest missing city once track e is laid."""
            far = far_end(e, network)
            return BOARD.edges[e].cost + dist[far] if far not in network else INF

        best = min(after(e) for e in tracks)
        if table.placed and best > here:
            return no_track(legal)
        # On ties a plain track leaves the turn's second placement open.
        choices = [e for e in tracks if after(e) == best]
        cheapest = min(BOARD.edges[e].cost for e in choices)
        return TRACK_MOVES[rng.choice([e for e in choices if BOARD.edges[e].cost == cheapest])]


# What a player's play shows of their hand, fitted on greedy players' rounds at 2 to 6 players
# (docs/benchmarks.md): a city their own track reaches is 2^5 times likelier than one it does not;
# with two players, a city joined to their network by anyone's track is 2^2 times likelier again;
# and a player's latest tracks head for a city they still miss: the cities the latest brought their
# network closer to are 2^2 times likelier, those of the one before 2^1. How far a city lies from
# their marker or their track says nothing measurable: the marker sits on a tree spanning cities all
# over the map, and players build toward one city at a time. Powers of two keep the arithmetic
# exact, hence the same in every runtime.
REACHED_BONUS = 5
JOINED_BONUS = {2: 2}
HEADING_BONUS = (2, 1)


def city_likelihoods(table: Table, player: int, clues: list[Clue]) -> list[tuple[int, float]]:
    """How likely each city of the deck that `table.seat` does not hold is to be in `player`'s hand,
    from the cities their own track reaches and where their latest tracks (`clues`) headed."""
    reached = {p for e, seat in table.laid if seat == player for p in BOARD.edge_ends[e]}
    marker = table.markers[player]
    joined_bonus = JOINED_BONUS.get(table.players, 0)
    joined = table.group(marker) if joined_bonus and marker is not None else set()
    heading = list(zip(HEADING_BONUS, (clue.toward for clue in reversed(clues)), strict=False))
    mine = set(table.hands[table.seat] or ())
    return [(p, ldexp(1.0, REACHED_BONUS * (p in reached) + joined_bonus * (p in joined)
                      + sum(bonus for bonus, points in heading if p in points)))
            for c in BOARD.cities
            if (table.players > SMALL_GAME or not c.dashed) and (p := BOARD.point_index[c.point]) not in mine]


@dataclass(frozen=True)
class Clue:
    """One track a player laid, read as a clue to their hand: the track cost from their network to
    every point just before it (0: joined), and the points it brought that network closer to (none
    when it did not grow the network from one end)."""

    reach: tuple[int, ...]
    toward: frozenset[int]


def track_clues(table: Table, player: int) -> list[Clue]:
    """`player`'s tracks as clues, in the order they were laid."""
    marker = table.markers[player]
    if marker is None:
        return []
    return [track_clue(table.laid[:index + 1], marker) for index, (_, seat) in enumerate(table.laid)
            if seat == player]


@lru_cache(maxsize=512)
def track_clue(laid: tuple[tuple[int, int], ...], marker: int) -> Clue:
    """The clue of the last track of `laid`, for the player whose marker is `marker`. Kept from one
    decision to the next: a track's clue never changes, and a round's history is read at every one."""
    edge = laid[-1][0]
    before = frozenset(e for e, _ in laid[:-1])
    network = joined_to(marker, before)
    a, b = BOARD.edge_ends[edge]
    if (a in network) == (b in network):
        return Clue((), frozenset())
    origin, grown = (a, b) if a in network else (b, a)
    from_origin, from_grown = distances([origin], before), distances([grown], before)
    cost = BOARD.edges[edge].cost
    return Clue(tuple(from_origin),
                frozenset(p for p in range(len(BOARD.points)) if from_grown[p] + cost == from_origin[p]))


def misfits(hand: Collection[int], clues: Iterable[Clue]) -> int:
    """How many of the clues' tracks were not a step toward the nearest city of `hand` that the
    player's network missed then. A player who builds toward one city at a time, as the greedy bot
    does, leaves none with their true hand (tested)."""
    count = 0
    for clue in clues:
        if not clue.toward:
            continue
        missing = [c for c in hand if clue.reach[c] > 0]
        here = min((clue.reach[c] for c in missing), default=0)
        count += not any(clue.reach[c] == here and c in clue.toward for c in missing)
    return count


# A guessed hand is this many powers of two less likely per track of the player's that it does not
# explain: not ruled out, as a player may build otherwise. Drawing 32 hands and keeping one by this
# weight, a guess of greedy players' hands held 0.52 of their cities, against 0.39 for one hand drawn
# by `city_likelihoods` alone (4 players, every turn of 10 games; 0.53 with 1,024 draws).
MISFIT_COST = 6


def guess_hand(table: Table, player: int, weights: list[tuple[int, float]], rng: Rng,
               taken: Collection[int] = (), clues: list[Clue] | None = None, tries: int = 1) -> list[int]:
    """One city per colour for `player`, drawn by weight, none of `taken`. Never a hand whose cities
    their network already joins, since their round would then be over: one colour, at random, is then
    drawn again among the cities off their network. Given their tracks' `clues`, `tries` hands are
    drawn so and one is kept, by how well it explains those tracks (`misfits`)."""
    def pool(colour: str, allowed: Collection[int]) -> list[tuple[int, float]]:
        found = [(c, w) for c, w in weights if COLOUR_OF[c] == colour and c in allowed]
        return found if sum(w for _, w in found) > 0.0 else [(c, 1.0) for c, _ in found]

    allowed = {c for c, _ in weights} - set(taken)
    pools = [pool(colour, allowed) for colour in COLOURS]
    marker = table.markers[player]
    joined = table.group(marker) if marker is not None else set()

    def draw() -> list[int]:
        hand = [pick(rng, cities) for cities in pools]
        if joined.issuperset(hand):
            i = rng.below(len(COLOURS))
            off = pool(COLOURS[i], allowed - joined)
            if off:
                hand[i] = pick(rng, off)
        return hand

    if not clues or tries <= 1:
        return draw()
    drawn = [draw() for _ in range(tries)]
    return pick(rng, [(hand, ldexp(1.0, -MISFIT_COST * misfits(hand, clues))) for hand in drawn])


def guess_hands(table: Table, rng: Rng, likelihoods: dict[int, list[tuple[int, float]]],
                clues: dict[int, list[Clue]] | None = None, tries: int = 1) -> list[list[int]]:
    """A hand for every player: the visible ones, and distinct cities guessed by `guess_hand` from
    `likelihoods` (`city_likelihoods` of each player whose hand is hidden) and their `clues`."""
    hands: list[list[int]] = [list(h) if h is not None else [] for h in table.hands]
    taken = {c for h in hands for c in h}
    for player, weights in likelihoods.items():
        hands[player] = guess_hand(table, player, weights, rng, taken, (clues or {}).get(player), tries)
        taken.update(hands[player])
    return hands


def pick(rng: Rng, weighted: Sequence[tuple[T, float]]) -> T:
    """One item drawn by weight."""
    x = rng.random() * sum(w for _, w in weighted)
    for item, w in weighted:
        x -= w
        if x < 0:
            return item
    return weighted[-1][0]


def round_value(penalties: list[int], seat: int, best_rival: bool = False) -> float:
    """A round's outcome for `seat`: the others' mean penalty minus its own, or with `best_rival` the
    least of the others' penalties minus its own."""
    others = [p for q, p in enumerate(penalties) if q != seat]
    return (min(others) if best_rival else sum(others) / len(others)) - penalties[seat]


@dataclass
class Option:
    """One track the strong bot may place now, with what it is worth."""

    edge: int
    gain: int = 0  # drop of the bot's own need
    score: float = 0.0


class StrongBot:
    """Exact need, guessed opponents' demand, one placement of look-ahead within a turn."""

    def __init__(self, samples: int = 3, max_calls: int = 40,
                 help_weight: float = 0.6, private_weight: float = 0.3, finish_weight: float = 4.0,
                 deals: int = 10, track_candidates: int = 3, margin: float = 0.5,
                 played_out: frozenset[int] = frozenset({2, 3, 4, 6}), crowd: int = 6,
                 crowd_weights: tuple[float, float] = (0.3, 0.15), marker_trials: int = 96,
                 best_rival: bool = False, hand_tries: int = 32) -> None:
        self.samples = samples  # guessed hands per opponent (1 when the cards are visible)
        self.marker_trials = marker_trials  # rounds played out to choose where to start
        self.deals = deals  # guessed deals on which each candidate's round is played out
        self.track_candidates = track_candidates  # tracks played out, best by score first
        self.margin = margin  # mean points by which a played-out move must beat the scored choice
        # Player counts whose rounds are played out: at 5 players 100 games showed no gain from them.
        self.played_out = played_out
        self.max_calls = max_calls  # solver calls spent on the bot's own options
        self.help_weight = help_weight  # per unit of track an opponent's guessed tree also uses
        self.private_weight = private_weight  # per unit of track only the bot will build
        self.finish_weight = finish_weight  # per chance that the track completes an opponent
        # From `crowd` players on, rounds are short and most track is shared anyway: the help and
        # private weights drop to these (measured at 6 players: 0.274 of 300 games, 0.233 without).
        self.crowd = crowd
        self.crowd_weights = crowd_weights
        # Played-out rounds judged against the best rival instead of the others' mean: measured for the
        # expert against three strong bots at 4 players, 0.292 of 300 games against 0.241.
        self.best_rival = best_rival
        # Hands drawn per guess once a player has laid track, the one kept explaining it best: against
        # three greedy bots at 4 players, 0.446 of 300 games against 0.414 with one draw.
        self.hand_tries = hand_tries

    def think(self, view: TransAmericaView, legal: list[Move], rng: Rng) -> Thinking:
        deadline = Pacer()
        yield None
        table = Table.read(view)
        hand = list(table.hands[table.seat] or ())
        # Read once per decision: they go through the whole track history.
        likelihoods, clues = {}, {}
        for player in range(table.players):
            if table.hands[player] is None:
                clues[player] = track_clues(table, player)
                likelihoods[player] = city_likelihoods(table, player, clues[player])
                if deadline.slice_over():
                    yield None
        if view["phase"] == "marker":
            spots = yield from marker_spots(hand, legal)
            return MARKER_MOVES[(yield from self._start(table, spots, legal, likelihoods, rng))]
        demand, completing = yield from self._demand(table, likelihoods, clues, rng, deadline)
        tracks = track_moves(legal)
        if not tracks:
            return no_track(legal)
        options = yield from self._options(table, hand, tracks, demand, completing, deadline)
        options.sort(key=lambda o: (-o.score, -o.gain, o.edge))
        # The scored choice (None: end the turn), then the alternatives played out against it: the
        # best-scored tracks that bring the bot's cities closer, and ending the turn.
        scored = None if table.placed and options[0].score <= 0 else options[0].edge
        candidates = [scored, *(o.edge for o in options[:self.track_candidates]
                                if o.gain > 0 and o.edge != scored)]
        if table.placed and scored is not None:
            candidates.append(None)
        if len(candidates) > 1 and self.deals and table.players in self.played_out:
            # Play-outs overturn the scored choice only by a margin: on hands guessed one draw each,
            # letting them pick freely lost to it (0.175 against 0.350 of 60 games at 4 players).
            # Since the guesses explain the others' tracks, half a point (0.468 of 300 games) did
            # no worse than a whole point (0.446) or none (0.461).
            values = yield from self._play_out(table, candidates, likelihoods, clues, rng)
            best = values.index(max(values))
            if values[best] > values[0] + self.margin:
                scored = candidates[best]
        return no_track(legal) if scored is None else TRACK_MOVES[scored]

    def _start(self, table: Table, spots: list[int], legal: list[Move],
               likelihoods: dict[int, list[tuple[int, float]]], rng: Rng) -> Steps[int]:
        """The spot to start from whose round, played out on guessed deals, ends best for the bot:
        sequential halving over the spots, `marker_trials` rounds in all. The players yet to place
        their markers start as the greedy bot does, on a free point of an optimal tree of their
        guessed cities; then every seat builds by the greedy policy (`rollout.py`)."""
        if len(spots) == 1:
            return spots[0]
        seat = table.seat
        free = free_points(legal)
        later = [q for q in ((seat + k) % table.players for k in range(1, table.players))
                 if table.markers[q] is None]
        # Each world: guessed hands, the later players' optimal trees (and a draw for where on them
        # they start), and the play-out's seed. Sampled here, where the solves can yield.
        World = tuple[list[list[int]], list[tuple[int, list[int], int]], int]
        worlds: list[World] = []
        for _ in range(sum(worlds_per_round(len(spots), self.marker_trials))):
            hands = guess_hands(table, rng, likelihoods)
            trees = []
            for q in later:
                _, tree = yield from solving(hands[q], ())
                trees.append((q, tree, rng.next64()))
            worlds.append((hands, trees, rng.next64()))

        def trial(dealt: World, move: Move) -> Steps[float]:
            hands, trees, seed = dealt
            markers = {q: m for q, m in enumerate(table.markers) if m is not None}
            markers[seat] = POINT_OF_MOVE[move]
            for q, tree, pick in trees:
                left = [p for p in free if p not in markers.values()]
                markers[q] = Rng(pick).choice(free_spots(hands[q], tree, left))
            rollout = Rollout([], [markers[q] for q in range(table.players)], hands, Rng(seed))
            # Played out a turn at a time: a whole round can take 47 ms of CPython at 6 players.
            penalties = yield from rollout.play(table.start_player, 2)
            return round_value(penalties, seat, self.best_rival)

        moves = [MARKER_MOVES[p] for p in spots]
        best = yield from halving(moves, self.marker_trials, iter(worlds).__next__, trial)
        return POINT_OF_MOVE[best]

    def _play_out(self, table: Table, candidates: list[int | None],
                  likelihoods: dict[int, list[tuple[int, float]]], clues: dict[int, list[Clue]],
                  rng: Rng) -> Steps[list[float]]:
        """Each candidate track's (None: ending the turn) mean round outcome over guessed deals: the
        others' mean penalty minus the bot's, the greedy policy playing every seat.

        Every candidate is played out on the same deals with the same tie-breaking, so their
        difference is the candidate's, not the luck of the guesses.
        """
        guesses = []
        for _ in range(self.deals):
            guesses.append(guess_hands(table, rng, likelihoods, clues, self.hand_tries))
            yield None
        seeds = [rng.next64() for _ in guesses]
        seat, players = table.seat, table.players
        laid = [e for e, _ in table.laid]
        markers = [m for m in table.markers if m is not None]  # all placed once the build turns begin
        values = []
        for track in candidates:
            total = 0.0
            for hands, seed in zip(guesses, seeds, strict=True):
                if track is not None:
                    rollout = Rollout([*laid, track], markers, hands, Rng(seed))
                    mover = seat
                    plain_left = 0 if BOARD.edges[track].cost == 2 else table.plain_left - 1
                else:
                    rollout = Rollout(laid, markers, hands, Rng(seed))
                    mover, plain_left = (seat + 1) % players, 2
                penalties = yield from rollout.play(mover, plain_left)
                total += round_value(penalties, seat, self.best_rival)
            values.append(total / self.deals)
            yield None
        return values

    def _demand(self, table: Table, likelihoods: dict[int, list[tuple[int, float]]],
                clues: dict[int, list[Clue]], rng: Rng,
                deadline: Pacer) -> Steps[tuple[dict[int, float], dict[int, float]]]:
        """Expected use of each unbuilt edge by the opponents' trees, and the chance it completes one."""
        demand: dict[int, float] = {}
        completing: dict[int, float] = {}
        for player in range(table.players):
            marker = table.markers[player]
            if player == table.seat or marker is None:
                continue
            known = table.hands[player]
            if known is not None:
                guesses = [list(known)]
            else:
                guesses = [guess_hand(table, player, likelihoods[player], rng, (), clues[player],
                                      self.hand_tries) for _ in range(self.samples)]
            share = 1.0 / len(guesses)
            for guess in guesses:
                need, tree = yield from solving(table.terminals(player, guess), table.built)
                for e in tree:
                    demand[e] = demand.get(e, 0.0) + share
                    if need == BOARD.edges[e].cost:
                        completing[e] = completing.get(e, 0.0) + share
                if deadline.slice_over():
                    yield None
        return demand, completing

    def _options(self, table: Table, hand: list[int], tracks: list[int], demand: dict[int, float],
                 completing: dict[int, float], deadline: Pacer) -> Steps[list[Option]]:
        terminals = table.terminals(table.seat, hand)
        built = table.built
        need, tree = yield from solving(terminals, built)
        if deadline.slice_over():
            yield None
        # The tree the bot would build if the opponents laid what they are likely to need.
        shared = {e for e, d in demand.items() if d >= 0.5}
        private = set((yield from solving(terminals, built | shared))[1]) - shared
        network = table.group(table.own_marker())
        dist = distances([t for t in terminals if t not in network], built)
        on_tree = set(tree)

        help_weight, private_weight = (self.crowd_weights if table.players >= self.crowd
                                       else (self.help_weight, self.private_weight))

        def value(e: int, gain: int) -> float:
            cost = BOARD.edges[e].cost
            return (gain - help_weight * demand.get(e, 0.0) * cost
                    + private_weight * (e in private) * cost - self.finish_weight * completing.get(e, 0.0))

        calls = 0
        options = []
        # Off the known tree, tracks heading toward a missing city are worth a solver call first.
        order = sorted(tracks, key=lambda e: (e not in on_tree, min(dist[p] for p in BOARD.edge_ends[e]), e))
        for e in order:
            option = Option(e)
            if e in on_tree:
                option.gain = BOARD.edges[e].cost
            elif calls < self.max_calls and self._heads_on(e, network, dist):
                option.gain = need - (yield from solving(terminals, built | {e}, want_tree=False))[0]
                calls += 1
            option.score = value(e, option.gain) + (100.0 if option.gain == need else 0.0)  # 100: round won
            options.append(option)
            if deadline.slice_over():
                yield None
        if table.plain_left == 2:
            # A plain track first keeps a second placement: add the value of its best follow-up.
            firsts = sorted((o for o in options if o.gain > 0 and BOARD.edges[o.edge].cost == 1),
                            key=lambda o: -o.score)
            for option in firsts:
                if calls >= self.max_calls:
                    break
                follow_ups = yield from self._follow_ups(table, terminals, network, option.edge)
                option.score += max((value(e, 1) for e in follow_ups), default=0.0)
                calls += 1
                if deadline.slice_over():
                    yield None
        return options

    @staticmethod
    def _heads_on(e: int, network: set[int], dist: list[int]) -> bool:
        """The track's far end is closer to some missing terminal than the network is."""
        a, b = BOARD.edge_ends[e]
        far = far_end(e, network)
        return dist[far] < dist[a if far == b else b]

    @staticmethod
    def _follow_ups(table: Table, terminals: list[int], network: set[int], first: int) -> Steps[list[int]]:
        """Plain tracks of an optimal tree, once `first` is laid, that touch the grown network."""
        grown = network | table.group(far_end(first, network))
        _, tree = yield from solving(terminals, table.built | {first})
        return [e for e in tree if BOARD.edges[e].cost == 1
                and (BOARD.edge_ends[e][0] in grown or BOARD.edge_ends[e][1] in grown)]


# More guessed hands, solver calls and tracks played out, on more deals (about twice the work per
# decision), its rounds played out to beat the best rival: the expert's search at every table size,
# and strong's at 4 players, where against three greedy bots it won 0.529 of 500 games (0.506 of
# seed 1's 300, 0.562 of seed 7001's 200) and strong's lighter search 0.492 of the same games
# (docs/benchmarks.md). At 4 players the expert searches harder still, within its 600 ms.
THOROUGH = StrongBot(samples=5, max_calls=80, deals=24, track_candidates=4, best_rival=True)
MOST_THOROUGH = StrongBot(samples=6, max_calls=100, deals=32, track_candidates=5, best_rival=True)
BOTS: dict[str, Bot[TransAmericaView]] = {
    "greedy": GreedyBot(), "strong": BySize(StrongBot(), {4: THOROUGH}),
    "expert": BySize(THOROUGH, {4: MOST_THOROUGH})}
