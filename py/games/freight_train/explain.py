"""Why a Freight Train bot plays a move, as a caption (`games.bots.Caption`) read from the `why.freight.*`
catalog keys.

The bots judge a position by its *margin* (`bots.margin`: the projected score, as if the day were
scored now, minus the best rival's). A caption states the part of it the move changes:

* a car taken (main yard or private yard) onto a train: that train's place in its category after the
  move (first, tied first, second or not placed) and what it scores there (`scoring.places`);
* a car parked in the private yard: the yard's cars and their bonus or penalty if the day ended now;
* a confirmed action ("done"): the projected score and the margin after it;
* a caboose: the place and the doubled points of its train;
* a refill: why (too few cars left to take, nothing else possible, or more cars to choose from, at
  the risk of drawing the end-of-day card); "arrange" and its cars put back, "loco" and "pass".

Everything but the deck's order is public; a caption reads only the view, and the one move whose
outcome the deck decides (a refill) is captioned from the view alone, never from a sampled deck.
"""

from __future__ import annotations

from typing import Any

from games.bots import Caption
from games.core import Move, Rng, Steps
from games.freight_train.bots import margin, projected, sample_state
from games.freight_train.cards import MAIN_ROW_CARS, MAIN_TAKE
from games.freight_train.player import Player
from games.freight_train.scoring import category_table, places, yard_points
from games.freight_train.state import FreightTrainState
from games.freight_train.view import FreightTrainView

FIRST, TIED, SECOND, UNPLACED = "first", "tied", "second", "none"
STANDING_RANKS = (FIRST, TIED, SECOND, UNPLACED)  # a train's places in its category, as captioned


def explaining(view: FreightTrainView, move: Move) -> Steps[Caption]:
    """The caption of `move`, played by the seat to move in `view` (that seat's view before it)."""
    yield None  # one step: this game's captions are quick
    seat = view["current_player"]
    if seat is None:
        raise ValueError("the game is over")
    if move.startswith("fill"):
        forced = all(other.startswith("fill") for other in _world(view).legal_moves())
        return _fill(view, seat, int(move[5:]), forced)
    if move == "pass":
        return {"type": "freight.pass", "player": seat}
    if move == "arrange":
        return {"type": "freight.arrange", "player": seat, "cars": sum(map(len, view["yards"][seat]))}
    if move == "loco":
        return {"type": "freight.loco", "player": seat, "locos": view["locos"][seat] + 1,
                "free": view["locos"][seat] + 1 - len(view["trains"][seat])}
    state = _world(view)
    if move.startswith("caboose"):
        return _caboose(state, seat, int(move[9:]))
    phase = state.phase
    state.apply(move)
    if move == "done":
        return _done(view, state, seat, phase)
    source, target = move.split(">")
    if source[0] not in "my":
        return _put_back(view, seat, source, int(target[1:]))
    return _take(view, state, seat, source, target)


def _world(view: FreightTrainView) -> FreightTrainState:
    """A state matching the view to play the move on. Only a refill draws from the deck, and refills
    are never played here, so any deck order gives the same caption: a fixed seed keeps it so."""
    return sample_state(view, Rng.derive(0, "freight_train.explain"))


def rank(lengths: list[int], seat: int) -> tuple[str, list[int]]:
    """The seat's place in a category of these train lengths, and the players tied first with it."""
    firsts, seconds = places(lengths)
    if seat in firsts:
        return (FIRST, []) if len(firsts) == 1 else (TIED, [p for p in firsts if p != seat])
    return (SECOND, []) if seconds == [seat] else (UNPLACED, [])


def standing(players: list[Player], seat: int, category: str) -> dict[str, Any]:
    """Where the seat's train of `category` stands if the day ended now: its place, the players tied
    first with it, its points (a caboose doubles them)."""
    entry = next(entry for entry in category_table(players) if entry["category"] == category)
    place, tied = rank(entry["lengths"], seat)
    return {"rank": place, "tied": tied, "points": entry["points"][seat]}


def _take(view: FreightTrainView, state: FreightTrainState, seat: int, source: str, target: str) -> Caption:
    """A car moved from the main yard or the private yard onto a train or into the private yard."""
    row = int(source[1:])
    car = (view["main_yard"] if source[0] == "m" else view["yards"][seat])[row][-1]
    caption: Caption = {"type": "freight.take", "player": seat, "car": car,
                        "source": "main" if source[0] == "m" else "yard", "row": row,
                        "step": view["turn"]["taken"] + 1}
    player = state.players[seat]
    if target[0] == "y":
        cars = player.yard_cars()
        return {**caption, "target": "yard", "yard_row": int(target[1:]), "cars": cars,
                "yard_points": yard_points(cars, state.day)}
    index = len(player.trains) - 1 if target in ("new", "mixed") else int(target[1:])
    train = player.trains[index]
    return {**caption, "target": "new" if target in ("new", "mixed") else "train", "train": index,
            "train_kind": train.kind, "length": len(train.cars),
            "standing": standing(state.players, seat, train.kind)}


def _caboose(state: FreightTrainState, seat: int, index: int) -> Caption:
    """A caboose doubles its train's points (judged before the turn ends, which may end the day)."""
    train = state.players[seat].trains[index]
    train.caboose = True
    return {"type": "freight.caboose", "player": seat, "train": index, "train_kind": train.kind,
            "standing": standing(state.players, seat, train.kind)}


def _done(view: FreightTrainView, state: FreightTrainState, seat: int, phase: str) -> Caption:
    """An action confirmed: the projected score and the margin it leaves (the bots' measure)."""
    return {"type": "freight.done", "player": seat, "action": phase, "taken": view["turn"]["taken"],
            "score": projected(state)[seat], "margin": round(margin(state, seat))}


def _put_back(view: FreightTrainView, seat: int, car: str, row: int) -> Caption:
    """A car put back while rebuilding the private yard."""
    return {"type": "freight.put", "player": seat, "car": car, "yard_row": row,
            "left": len(view["turn"]["pool"]) - 1}


def _fill(view: FreightTrainView, seat: int, row: int, forced: bool) -> Caption:
    """Why refill: nothing else to do, too few cars left to take, or more cars to choose from
    (perhaps drawing the end-of-day card)."""
    left = sum(map(len, view["main_yard"]))
    window = view["deck"]["end_card"]
    new = min(MAIN_ROW_CARS, view["deck"]["cars"])
    if forced:
        reason = "forced"
    elif left == 0:
        reason = "empty"
    elif left < MAIN_TAKE:
        reason = "short"
    elif window is not None and window["min_before"] < new:
        reason = "risky"
    else:
        reason = "choice"
    return {"type": "freight.fill", "player": seat, "row": row, "reason": reason, "left": left, "new": new}
