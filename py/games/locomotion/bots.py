"""Locomotion bots: `greedy` plays the greedy policy; `strong` looks one opponent's turn ahead.

Both rebuild a look-ahead state from their seat's view (`LocomotionState.from_view`: the game hides
nothing) and search it by chance nodes (`rolled`). `strong` scores a position by the progress of each
player's best three locomotives (the fourth, not needed to win, counts a quarter), its own against the
opponents', and by the worth of the coming turn to the player about to roll.
Every move of its own is weighed by expectimax over the next player's colour die and dice sum, that
player answering greedily. The search is a fixed amount of work: about 5 moves x 33 rolls x 5 answers.
`expert` expects the answer a strong player gives: the move that same score rates best for them, which
costs a judged position per answer instead of the greedy policy's count of squares; and its own
positions count the coming turn's worth on all eleven dice sums, not three.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from games.bots import Bot, Pacer, Thinking
from games.core import Move, Rng
from games.locomotion import board_data as data
from games.locomotion import policy
from games.locomotion.rules import LocomotionState
from games.locomotion.track import HOME_TO_GO
from games.locomotion.view import LocomotionView

COLOURS = policy.COLOURS
WIN = 1000.0
# Every roll of a turn: colour, a pair of dice for each sum, and its chance out of 36 per colour.
ROLLS = tuple((colour, numbers, weight) for colour in COLOURS for numbers, weight in policy.SUMS)


# The fourth locomotive is not needed to win, but it stands in for one that crashes.
SPARE_WEIGHT = 0.25
# Whose turn it is counts: a position where an opponent is about to roll is worth less than the same
# one where the bot is. The mover's expected best drive (on three dice sums, by their chances, for
# speed) goes to their side.
TEMPO_WEIGHT = 1.0
TEMPO_SUMS: policy.Sums = tuple(roll for roll in policy.SUMS if sum(roll[0]) in (4, 7, 10))


def standing(state: LocomotionState, player: int) -> float:
    progress = sorted((HOME_TO_GO - policy.to_go(state, loco) for loco in state.own(player)), reverse=True)
    return float(sum(progress[:data.LOCOS_TO_WIN]) + SPARE_WEIGHT * sum(progress[data.LOCOS_TO_WIN:]))


def value(state: LocomotionState, me: int, sums: policy.Sums = TEMPO_SUMS) -> float:
    """How good the position is for `me`: own standing against the best and the average opponent,
    and the turn's worth to the player about to roll (the position is one waiting for its roll),
    reckoned on these dice sums."""
    if state.is_over():
        return WIN if state.winner == me else -WIN
    others = [standing(state, p) for p in range(state.num_players) if p != me]
    tempo = TEMPO_WEIGHT * policy.expected_turn(state, COLOURS, sums)
    return (standing(state, me) - (max(others) + sum(others) / len(others)) / 2
            + (tempo if state.player == me else -tempo))


def settled(state: LocomotionState) -> LocomotionState:
    """Past the decisions that follow a move: an extra turn is declined, a tile holder rolls."""
    if state.phase == "extra":
        state.apply("stop")
    if state.phase == "choose":
        state.apply("roll")
    return state


def after(state: LocomotionState, move: Move) -> LocomotionState:
    other = state.copy()
    other.apply(move)
    return settled(other)


def answer(state: LocomotionState, colour: int, numbers: tuple[int, int]) -> LocomotionState:
    """The position after the player to move rolls this colour and these dice and drives greedily,
    as the strong bot expects a player to answer."""
    rolled = state.rolled(colour, numbers)
    return after(rolled, policy.best_drive(rolled)[0])


def best_move(rolled: LocomotionState, me: int, judge: Judge) -> tuple[LocomotionState, float]:
    """The position after the player to move plays their roll's move that `judge` rates best for
    `me`, and that rating (first in legal order among equals)."""
    best, best_value = rolled, float("-inf")
    for move in rolled.legal_moves():
        answered = after(rolled, move)
        judged = judge(answered, me)
        if judged > best_value:
            best, best_value = answered, judged
    return best, best_value


def shrewd_answer(state: LocomotionState, colour: int, numbers: tuple[int, int]) -> LocomotionState:
    """The position after the player to move rolls this colour and these dice and plays the move
    that `value` rates best for them: the strong bot's judgement without its look-ahead."""
    rolled = state.rolled(colour, numbers)
    return best_move(rolled, rolled.player, value)[0]


Answer = Callable[[LocomotionState, int, tuple[int, int]], LocomotionState]
Judge = Callable[[LocomotionState, int], float]
Unit = Callable[[], float]


def reply_units(state: LocomotionState, me: int, respond: Answer, judge: Judge) -> list[Unit]:
    """Expected value for `me`, as `judge` rates positions, over the next roll, the player to move
    answering as `respond` does: one unit of work per colour and dice sum, whose results add up to the
    expectation."""
    if state.is_over():
        return [lambda: judge(state, me)]

    def share(colour: int, numbers: tuple[int, int], weight: int) -> float:
        return weight * judge(respond(state, colour, numbers), me) / (36 * len(COLOURS))

    return [partial(share, *roll) for roll in ROLLS]


def roll_units(state: LocomotionState, me: int, colours: tuple[int, ...], judge: Judge) -> list[Unit]:
    """Expected value for `me` of a roll of its own (best move by `judge`, no look further), over these
    colours: one unit of work per colour and dice sum, as in `reply_units`."""

    def share(colour: int, numbers: tuple[int, int], weight: int) -> float:
        return weight * best_move(state.rolled(colour, numbers), me, judge)[1] / (36 * len(colours))

    return [partial(share, colour, numbers, weight) for colour in colours for numbers, weight in policy.SUMS]


class GreedyBot:
    """Best immediate progress minus own crashes plus opponents' crashes (`policy.py`)."""

    def think(self, view: LocomotionView, legal: list[Move], rng: Rng) -> Thinking:
        yield None
        return policy.choose(LocomotionState.from_view(view))


class StrongBot:
    """Expectimax over the next player's roll for drives; one roll ahead for doubles and tiles."""

    respond = staticmethod(answer)  # how the next player is expected to answer a drive

    def judge(self, state: LocomotionState, me: int) -> float:
        """How it rates its own positions."""
        return value(state, me)

    def think(self, view: LocomotionView, legal: list[Move], rng: Rng) -> Thinking:
        yield None
        state = LocomotionState.from_view(view)
        me = state.player
        deadline = Pacer()
        options: list[tuple[Move, list[Unit]]]
        if state.phase == "drive":
            options = [(move, reply_units(after(state, move), me, self.respond, self.judge))
                       for move in legal]
        elif state.phase == "extra":
            # Both judged as the next player is about to roll: "again" cannot afford their reply.
            stopped = after(state, "stop")
            options = [("stop", [lambda: self.judge(stopped, me)]),
                       ("again", roll_units(policy.extra_turn(state), me, COLOURS, self.judge))]
        else:
            options = []
            for move in legal:
                chosen = state.copy()
                chosen.apply(move)
                colours = COLOURS if move == "roll" else (chosen.pending,)
                options.append((move, roll_units(chosen, me, colours, self.judge)))
        best, best_value = legal[0], float("-inf")
        for move, units in options:
            worth = 0.0
            for unit in units:
                worth += unit()
                if deadline.slice_over():
                    yield None
            if worth > best_value:
                best, best_value = move, worth
        return best


class ExpertBot(StrongBot):
    """Strong's expectimax, the next player answering each roll as a strong player would (their best
    move by `value`) rather than greedily: measured at 4 players, it beat looking a whole round ahead
    with greedy answers. Its own positions count the coming turn's whole expectation, on every dice
    sum, where strong's three sums are a cheap estimate. About five times strong's work."""

    respond = staticmethod(shrewd_answer)

    def judge(self, state: LocomotionState, me: int) -> float:
        return value(state, me, policy.SUMS)


BOTS: dict[str, Bot[LocomotionView]] = {"greedy": GreedyBot(), "strong": StrongBot(), "expert": ExpertBot()}
