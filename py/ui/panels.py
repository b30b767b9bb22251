"""HTML fragments for the table's side panel and curtains, shared by every game (pure functions).

They take a translation function `t(key, **params)` and already-known facts; all text is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ui.i18n import Translate, join
from ui.log import LogEntry
from ui.markup import escape
from ui.palette import player_symbol, seat_index
from ui.seats import seat_label


def seat_chip(seat: int) -> str:
    """A player's colour with their seat symbol, so colour is never the only cue. The colour comes from
    the stylesheet's `.chip.seat-N` (the page's policy allows no style attribute)."""
    return (f'<span class="chip seat-{seat_index(seat)}" aria-hidden="true">'
            f"{escape(player_symbol(seat))}</span>")


def seat_column_head(seat: int, name: str, viewer: bool = False) -> str:
    """A table's column head for one player: their chip and their name, wrapped on two lines at most
    (the whole name in its title), so a column per player fits a narrow panel."""
    mine = " viewer" if viewer else ""
    return (f'<th scope="col" class="num seat-col{mine}" data-seat="{seat}" title="{escape(name)}">'
            f'{seat_chip(seat)}<span class="seat-name">{escape(name)}</span></th>')


def seats_head(players: int, names: Sequence[str], t: Translate, first: str = "") -> str:
    """A table head with a column per player (`first`: the label column's head)."""
    cells = "".join(seat_column_head(p, seat_label(p, names, t)) for p in range(players))
    return f'<thead><tr><th scope="col">{escape(first)}</th>{cells}</tr></thead>'


def seats_row(label: str, cells: Sequence[object], kind: str = "") -> str:
    """A table row: its label, then one number cell per player (`cells` are HTML)."""
    attr = f' class="{kind}"' if kind else ""
    return (f'<tr{attr}><th scope="row">{escape(label)}</th>'
            + "".join(f'<td class="num">{cell}</td>' for cell in cells) + "</tr>")


def players_html(names: Sequence[str], seats: Sequence[str], scores: Sequence[Any] | None,
                 current: int | None, viewer: int | None, t: Translate) -> str:
    rows = []
    for seat, kind in enumerate(seats):
        classes = ["player"]
        if seat == current:
            classes.append("to-move")
        if seat == viewer:
            classes.append("viewer")
        kind_text = t("seat.human") if kind == "human" else t(f"level.{kind}")
        score = "" if scores is None else f'<span class="score">{escape(str(scores[seat]))}</span>'
        turn = f'<span class="visually-hidden">{escape(t("table.to_move"))}</span>' if seat == current else ""
        rows.append(
            f'<li class="{" ".join(classes)}" data-seat="{seat}">{seat_chip(seat)}'
            f'<span class="name">{escape(seat_label(seat, names, t))}</span>'
            f'<span class="kind">{escape(kind_text)}</span>{score}{turn}</li>'
        )
    return f'<ol class="player-list">{"".join(rows)}</ol>'


def buttons_html(buttons: Sequence[tuple[str, str, str]], primary: bool = True) -> str:
    """(attribute, value, label) triples -> buttons; the attribute says what the glue does on click.
    The first is emphasised (`primary`) as the expected action, unless no action is the expected one."""
    return "".join(
        f'<button type="button" class="button{" primary" if primary and i == 0 else ""}" '
        f'{attr}="{escape(value)}">{escape(label)}</button>'
        for i, (attr, value, label) in enumerate(buttons)
    )


def results_html(result: dict[str, Any], names: Sequence[str], t: Translate) -> str:
    order = sorted(range(len(result["scores"])), key=lambda seat: (result["ranks"][seat], seat))
    rows = "".join(
        f'<tr class="{"winner" if seat in result["winners"] else ""}">'
        f'<td>{result["ranks"][seat]}</td><td>{seat_chip(seat)} {escape(seat_label(seat, names, t))}</td>'
        f'<td class="num">{result["scores"][seat]}</td></tr>'
        for seat in order
    )
    winners = join([seat_label(seat, names, t) for seat in result["winners"]], t)
    key = "result.winner" if len(result["winners"]) == 1 else "result.winners"
    return (f'<p class="verdict">{escape(t(key, names=winners))}</p>'
            f'<table class="results ranking"><thead><tr><th>{escape(t("result.rank"))}</th>'
            f'<th>{escape(t("result.player"))}</th><th class="num">{escape(t("result.score"))}</th></tr>'
            f"</thead><tbody>{rows}</tbody></table>")


def log_html(entries: Sequence[LogEntry]) -> str:
    """The log's lines: section heads and ends stand out; a turn's first line carries its player's
    chip and the turn's other lines follow it, indented."""
    return "".join(log_entry_html(entry) for entry in entries)


def log_entry_html(entry: LogEntry) -> str:
    if entry.kind != "move":
        return f'<li class="log-{entry.kind}">{escape(entry.text)}</li>'
    if not entry.turn:
        return f'<li class="log-move">{escape(entry.text)}</li>'
    chip = seat_chip(entry.seat) if entry.seat is not None else ""
    return f'<li class="log-move log-turn">{chip}<span>{escape(entry.text)}</span></li>'


def paragraph(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def handover_html(name: str, t: Translate) -> str:
    return paragraph(t("handover.text", name=name))


def send_html(url: str, name: str, t: Translate, qr: str = "") -> str:
    """A game by link sent on: how (to `name`, or to everyone once it is over), the link to copy, its QR
    code to scan from the screen, and in one sentence what a link gives away."""
    how = t("send.how", name=name) if name else t("send.how_result")
    code = f'<div class="send-qr">{qr}</div>' if qr else f'<p class="note">{escape(t("send.no_qr"))}</p>'
    return (f"<p>{escape(how)}</p>"
            f'<textarea class="share-url" readonly rows="3" aria-label="{escape(t("lobby.link_label"))}">'
            f"{escape(url)}</textarea>{code}"
            f'<p class="note">{escape(t("send.trust"))} {help_link(t)}</p>')


def help_link(t: Translate) -> str:
    """The page that says what a link holds and how a game by link is played, in the player's language."""
    return (f'<a href="{escape(t("links.page"))}" target="_blank" rel="noopener">'
            f'{escape(t("links.help"))}</a>')


def share_html(url: str, t: Translate, qr: str = "") -> str:
    """A link shared: copied already, shown to copy again, and as a QR code where one holds it."""
    code = f'<div class="send-qr">{qr}</div>' if qr else ""
    return (f'<p>{escape(t("share.copied"))}</p>'
            f'<textarea class="share-url" readonly rows="4" aria-label="{escape(t("lobby.link_label"))}">'
            f"{escape(url)}</textarea>{code}")
