"""TransAmerica's overlay: each seen hand's *need* (`games.transamerica.bots`), the exact cheapest
track still missing to join its cities and marker, drawn over the board like the round end's missing
track (`draw.draw_missing_track`) with its cost, and those costs in a small table.

Only the hands that the seen views show are drawn: a human's own, every hand in a demonstration or
with visible cards, none when nothing is seen.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Steps
from games.transamerica.board import BOARD
from games.transamerica.bots import Table
from games.transamerica.steiner import solving
from games.transamerica.view import TransAmericaView
from ui.games.face import Overlay
from ui.games.transamerica.draw import MissingTrack, draw_missing_track
from ui.i18n import Translate
from ui.markup import escape
from ui.panels import seat_chip
from ui.seats import seat_label


def needing(seen: Sequence[TransAmericaView]) -> Steps[list[MissingTrack]]:
    """Per seat whose hand a seen view shows, by seat: the cost and edges of one optimal tree joining
    their cities and marker (their cities alone before the marker is placed), built track free."""
    found: dict[int, MissingTrack] = {}
    for view in seen:
        table = Table.read(view)
        for seat, hand in enumerate(table.hands):
            if hand is not None and seat not in found:
                cost, tree = yield from solving(table.terminals(seat, hand), table.built)
                found[seat] = MissingTrack(seat, cost, [BOARD.edges[e].name for e in tree],
                                           view["cities"][seat] or ())
    return [found[seat] for seat in sorted(found)]


def overlaying(public: TransAmericaView, seen: Sequence[TransAmericaView], t: Translate,
               names: Sequence[str]) -> Steps[Overlay]:
    """The seen hands' missing track over the board, and a table of its cost per player, in steps."""
    lines = yield from needing(seen)
    if not lines:
        return Overlay("", "")
    viewer = seen[0]["seat"] if len(seen) == 1 else None
    title = t("ta.need.title")
    desc = " ".join(t("ta.need.player", name=seat_label(line.seat, names, t), points=line.cost) if line.cost
                    else t("ta.missing.complete", name=seat_label(line.seat, names, t)) for line in lines)
    board = draw_missing_track(lines, viewer, public["markers"], title, desc, "ta-need-layer", str)
    return Overlay(board, need_table(lines, t, names))


def need_table(lines: Sequence[MissingTrack], t: Translate, names: Sequence[str]) -> str:
    """Each player's missing-track cost, or "all connected"."""
    rows = "".join(f'<tr data-seat="{line.seat}"><th scope="row">{seat_chip(line.seat)} '
                   f'{escape(seat_label(line.seat, names, t))}</th>'
                   f'<td class="num">{line.cost if line.cost else escape(t("ta.connected"))}</td></tr>'
                   for line in lines)
    caption = escape(t("ta.need.title"))
    return f'<table class="ta-need"><caption>{caption}</caption><tbody>{rows}</tbody></table>'
