"""Why a TransAmerica seat plays a move, told by the bots' own measure: the seat's *need* (see
`bots.py`), the exact cost of the track still missing to join its cities and marker, built track free.

A caption reads the deciding seat's view before the move and that seat's own hand only, so it never
says more than the seat could see. Types and params (the catalog's `why.ta.*`):

* `ta.start` / `ta.start_off`: the marker's `point` and the `need` from there; `_off` adds the
  `extra` over the cities' own cheapest tree (the bots start on that tree when a point of it is free).
* `ta.toward`: a track (`edge`) heading for a missing `city`, the need falling `before` to `after`.
* `ta.joined`: the track (`edge`) that joins the seat's last cities; `ta.idle`: a track that leaves
  the `need` where it was.
* `ta.end` (the turn lowered the need from `before` to `need`), `ta.end_same`, `ta.end_round`
  (ending the turn after another player's completion ends the round), `ta.move_marker` (variant 2,
  to `point`) and `ta.pass`, each with the `need` left.
"""

from __future__ import annotations

from games.bots import Caption
from games.core import Move, Steps
from games.transamerica.board import BOARD
from games.transamerica.bots import Table, distances, far_end
from games.transamerica.moves import EDGE_OF_MOVE, POINT_OF_MOVE
from games.transamerica.steiner import costing
from games.transamerica.view import TransAmericaView


def explaining(view: TransAmericaView, move: Move) -> Steps[Caption]:
    """The caption of `move`, one of the legal moves of the seat whose view is `view`, in steps: each
    exact solve can take tens of milliseconds at six players."""
    table = Table.read(view)
    hand = table.hands[table.seat] or ()
    if move in EDGE_OF_MOVE:
        return (yield from _track(table, hand, EDGE_OF_MOVE[move]))
    if move.startswith("marker "):
        return (yield from _start(table, hand, POINT_OF_MOVE[move]))
    need = yield from costing(table.terminals(table.seat, hand), table.built)
    caption: Caption = {"player": table.seat, "need": need}
    if move == "pass":
        return {"type": "ta.pass", **caption}
    if move != "end":
        return {"type": "ta.move_marker", **caption, "point": list(BOARD.points[POINT_OF_MOVE[move]])}
    if view["turn"]["second_after_completion"]:
        return {"type": "ta.end_round", **caption}
    laid = {BOARD.edge_index[name] for name in view["turn"]["placed"]}
    before = yield from costing(table.terminals(table.seat, hand), table.built - laid)
    if before > need:
        return {"type": "ta.end", **caption, "before": before}
    return {"type": "ta.end_same", **caption}


def _start(table: Table, hand: tuple[int, ...], point: int) -> Steps[Caption]:
    """A start marker: what the cities need from there, and how much more than from their best start."""
    need = yield from costing([*hand, point], table.built)
    extra = need - (yield from costing(hand, table.built))
    caption: Caption = {"player": table.seat, "point": list(BOARD.points[point]), "need": need}
    return {"type": "ta.start_off", **caption, "extra": extra} if extra else {"type": "ta.start", **caption}


def _track(table: Table, hand: tuple[int, ...], edge: int) -> Steps[Caption]:
    """A track: the need before and after it, and the missing city it heads for."""
    terminals = table.terminals(table.seat, hand)
    before = yield from costing(terminals, table.built)
    after = yield from costing(terminals, table.built | {edge})
    caption: Caption = {"player": table.seat, "edge": BOARD.edges[edge].name}
    if after == 0:
        return {"type": "ta.joined", **caption}
    if after == before:
        return {"type": "ta.idle", **caption, "need": before}
    network = table.group(table.own_marker())
    missing = [city for city in hand if city not in network]  # some: the need is not 0
    # The missing city the track brings closer, nearest the end it grows to (the first in the hand
    # on a tie); when it brings none closer, the nearest.
    a, b = BOARD.edge_ends[edge]
    far = far_end(edge, network)
    near = a if far == b else b
    from_far, from_near = distances([far], table.built), distances([near], table.built)
    city = min(missing, key=lambda c: (from_far[c] >= from_near[c], from_far[c]))
    return {"type": "ta.toward", **caption, "city": BOARD.city_at[city].name, "before": before,
            "after": after}
