"""Freight Train bots: `greedy` judges each move one ply ahead, `strong` searches over sampled decks.

Both read only their seat's view. The one hidden thing is the deck: `sample_state` deals the unseen
cars (the view's deck counts) in a random order, puts the end-of-day card at a random place of its
public window, and rebuilds a state with `FreightTrainState.from_view` to play on.

A position is judged by the seat's *margin*: its projected score (points, plus the category points
and private-yard points it would get if the day ended now) minus the best rival's.

* `greedy`: for each legal move, the margin right after it; a refill, which reveals cards, is judged
  on a few sampled decks. Ties are broken at random.
* `strong`: the best few moves by greedy's measure are each played on several sampled decks, and the
  game is rolled on with a quick rule-of-thumb policy for every player until the seat is about to
  act again (or the day ends); the move with the best mean margin wins. The work is a fixed number
  of roll-outs (the same decision in every runtime), under a wall-clock safety net.
* `expert`: roll-outs on greedy's best 8 moves that go on through the seat's own next turn to the
  one after, spent by sequential halving (`games.search`): 96 roll-outs, most of them on the last few
  moves standing.
"""

from __future__ import annotations

from games.bots import Bot, Pacer, Thinking, seat_of
from games.core import Move, Rng, Steps
from games.freight_train.cards import CAR_TYPES, DAYS, MAIN_TAKE, MIXED
from games.freight_train.player import Player
from games.freight_train.scoring import category_table, yard_points
from games.freight_train.state import FreightTrainState
from games.freight_train.view import FreightTrainView
from games.search import halving

# Rule of thumb for the roll-outs: how good a destination is for a car, by day.
TARGET_SCORE = {"own": 3.0, "mixed_train": 1.5, "new": 1.2, "mixed": 1.0}
YARD_TARGET_SCORE = {1: 0.8, 2: 0.4, 3: -2.0}


def sample_state(view: FreightTrainView, rng: Rng) -> FreightTrainState:
    """A state matching the view, with the unseen cars shuffled and the end-of-day card in its window."""
    counts = view["deck"]["counts"]
    cars = [car for car in CAR_TYPES for _ in range(counts[car])]
    rng.shuffle(cars)
    window = view["deck"]["end_card"]
    end_below = None
    if window is not None:
        before = window["min_before"] + rng.below(window["max_before"] - window["min_before"] + 1)
        end_below = len(cars) - before
    return FreightTrainState.from_view(view, cars, end_below, rng.below(1 << 53))


def projected(state: FreightTrainState) -> list[int]:
    """Each player's score if the day were scored now."""
    if state.is_over():
        return [player.points for player in state.players]
    table = category_table(state.players)
    yards = [player.yard_cars() for player in state.players]
    yards[state.mover] += len(state.pool)  # a yard being rearranged keeps its cars
    return [player.points + sum(entry["points"][seat] for entry in table)
            + yard_points(yards[seat], state.day) for seat, player in enumerate(state.players)]


def margin(state: FreightTrainState, seat: int) -> float:
    scores = projected(state)
    return scores[seat] - max(score for other, score in enumerate(scores) if other != seat)


def _target_score(state: FreightTrainState, player: Player, move: Move) -> float:
    source, target = move.split(">")
    if target[0] == "y":
        return YARD_TARGET_SCORE[state.day]
    if target[0] == "t":
        train = player.trains[int(target[1:])]
        score = TARGET_SCORE["mixed_train" if train.kind == MIXED else "own"]
    else:
        score = TARGET_SCORE[target]
    # Emptying the private yard saves points on the last day.
    return score + (1.0 if source[0] == "y" and state.day == DAYS else 0.0)


def quick_score(state: FreightTrainState, move: Move) -> float:
    """A cheap opinion of a move, for roll-outs: no copy, no look-ahead."""
    player = state.players[state.mover]
    if move.startswith("fill"):
        return 3.0 if sum(map(len, state.main)) < MAIN_TAKE else 0.4
    if move == "done":
        return 1.0  # a private-yard take goes on while cars still go to good places
    if move == "loco":
        return 1.5 if player.locos == len(player.trains) else 0.3
    if move in ("pass", "arrange") or move.startswith("caboose"):
        return -1.0
    if move[0] in "my":
        return _target_score(state, player, move)
    return 0.0  # putting a car back while rearranging


def quick_move(state: FreightTrainState, rng: Rng) -> Move:
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    return max(legal, key=lambda move: quick_score(state, move) + 0.5 * rng.random())


def roll_out(state: FreightTrainState, seat: int, rng: Rng, turns: int = 1) -> None:
    """Play quick moves (for `seat` too) until `seat` is about to start a turn for the `turns`-th time,
    the day ends or the game ends."""
    day = state.day
    started = 0
    while not state.is_over() and state.day == day:
        if state.current_player == seat and state.phase == "turn" and not state.filled:
            started += 1
            if started == turns:
                return
        state.apply_legal(quick_move(state, rng))


def one_ply(world: FreightTrainState, legal: list[Move], seat: int) -> dict[Move, float]:
    """The margin right after each legal move (a refill is judged on this one world only; refills of
    different empty rows are alike, so the first stands for all)."""
    found: dict[Move, float] = {}
    fill = None
    for move in legal:
        if fill is not None and move.startswith("fill"):
            found[move] = found[fill]
            continue
        state = world.copy()
        state.apply(move)
        found[move] = margin(state, seat)
        if move.startswith("fill"):
            fill = move
    return found


def shortlist(view: FreightTrainView, legal: list[Move], count: int, rng: Rng) -> list[Move]:
    """The `count` best moves by their margin right after, on one sampled deck. One refill stands
    for all (the rows are alike); ties are broken at random."""
    first = one_ply(sample_state(view, rng), legal, seat_of(view))
    distinct = [move for move in legal if not move.startswith("fill")]
    distinct += [move for move in legal if move.startswith("fill")][:1]
    shuffled = {move: rng.random() for move in distinct}
    return sorted(distinct, key=lambda move: (-first[move], shuffled[move]))[:count]


def _best(totals: dict[Move, float], rng: Rng) -> Move:
    top = max(totals.values())
    return rng.choice([move for move, total in totals.items() if total >= top - 1e-9])


class GreedyBot:
    """One ply ahead, judged by the margin; refills on a few sampled decks."""

    def __init__(self, samples: int = 3) -> None:
        self.samples = samples

    def think(self, view: FreightTrainView, legal: list[Move], rng: Rng) -> Thinking:
        yield None
        if len(legal) == 1:
            return legal[0]
        seat = seat_of(view)
        totals = one_ply(sample_state(view, rng), legal, seat)
        fills = [move for move in legal if move.startswith("fill")]
        if fills:
            for _ in range(self.samples - 1):
                yield None
                for move, value in one_ply(sample_state(view, rng), fills, seat).items():
                    totals[move] += value
            for move in fills:
                totals[move] /= self.samples
        return _best(totals, rng)


class StrongBot:
    """Greedy's best few moves, each rolled on over sampled decks until the seat's next turn.

    The work is a fixed count of roll-outs, never cut by the clock, so a seeded game is the same in
    CPython and in the browser's slower Pyodide (the clock only decides when to yield).
    """

    def __init__(self, candidates: int = 6, samples: int = 6) -> None:
        self.candidates = candidates
        self.samples = samples

    def think(self, view: FreightTrainView, legal: list[Move], rng: Rng) -> Thinking:
        yield None
        if len(legal) == 1:
            return legal[0]
        deadline = Pacer()
        seat = seat_of(view)
        ranked = shortlist(view, legal, self.candidates, rng)
        totals = dict.fromkeys(ranked, 0.0)
        for _ in range(self.samples):
            world = sample_state(view, rng)
            for move in ranked:
                state = world.copy()
                state.apply(move)
                roll_out(state, seat, rng)
                totals[move] += margin(state, seat)
                if deadline.slice_over():
                    yield None
        return _best(totals, rng)


class ExpertBot:
    """Strong's roll-outs on a longer shortlist, spent by sequential halving (`games.search`): moves
    that fall behind stop drawing roll-outs, so the best few are compared on many more decks. Each
    roll-out goes on through the seat's own next turn (quick moves) to the turn after: a move is
    judged with the answers to it and what it leaves the seat for later."""

    def __init__(self, candidates: int = 8, roll_outs: int = 96, turns: int = 2) -> None:
        self.candidates = candidates
        self.roll_outs = roll_outs
        self.turns = turns

    def think(self, view: FreightTrainView, legal: list[Move], rng: Rng) -> Thinking:
        yield None
        if len(legal) == 1:
            return legal[0]
        seat = seat_of(view)

        def trial(world: FreightTrainState, move: Move) -> Steps[float]:
            yield None  # a roll-out is short: the page may repaint before each one
            state = world.copy()
            state.apply(move)
            roll_out(state, seat, rng, self.turns)
            return margin(state, seat)

        ranked = shortlist(view, legal, self.candidates, rng)
        return (yield from halving(ranked, self.roll_outs, lambda: sample_state(view, rng), trial))


BOTS: dict[str, Bot[FreightTrainView]] = {"greedy": GreedyBot(), "strong": StrongBot(), "expert": ExpertBot()}
