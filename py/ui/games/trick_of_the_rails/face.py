"""Trick of the Rails' face: the table (line, trick, railways, hand) and the shares panel.

Every move is on the board (cards in hand, railway ends, locomotive spots), so there are no action
buttons; the app's generic results table is the game-over screen, and the side panel then shows
how every company scored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from games.trick_of_the_rails.cards import COMPANIES, COMPANY_NAMES, SHARE_COMPANY
from games.trick_of_the_rails.view import RailwayView, TrickView
from ui.games.face import Face
from ui.games.trick_of_the_rails import draw
from ui.games.trick_of_the_rails.log import LOG
from ui.i18n import Translate
from ui.panels import seat_chip

ACTIONS: dict[str, str] = {}


def _share_name(card: str) -> str:
    """A share card as printed: "NYC 7", or "NYC Ex" for an exchange card."""
    company = COMPANY_NAMES[SHARE_COMPANY[card]]
    number = card[len(SHARE_COMPANY[card]):]
    return f"{company} Ex" if number == "-EX" else f"{company} {number}"


class TrickOfTheRailsFace(Face[TrickView]):
    actions = ACTIONS
    log = LOG
    board = draw

    def scores(self, view: TrickView) -> list[int]:
        """What each player's shares are worth now, if the game ended."""
        return list(view["worth"])

    def draw_side(self, view: TrickView, t: Translate, names: Sequence[str]) -> str:
        """Each company's train and share value, and every player's shares x values: "worth now if the
        game ended" during play, the final scoring once it is over."""
        rails = view["railways"]
        head = "".join(f'<th class="num">{escape(r["name"])}</th>' for r in rails)
        rows = []
        rail_rows: tuple[tuple[str, Callable[[RailwayView], object]], ...] = (
            ("trick.locomotive", lambda r: r["locomotive"] or "–"),
            ("trick.profit", lambda r: r["profit"]),
            ("trick.cost", lambda r: "–" if r["cost"] is None else r["cost"]),
            ("trick.share_value", lambda r: r["share_value"]))
        for key, cell in rail_rows:
            cells = "".join(f'<td class="num">{escape(str(cell(r)))}</td>' for r in rails)
            rows.append(f"<tr><th>{escape(t(key))}</th>{cells}<td></td></tr>")
        values = {r["company"]: r["share_value"] for r in rails}
        for player, counts in enumerate(view["share_counts"]):
            cells = "".join(
                f'<td class="num">{counts[co]}×{values[co]}</td>' if counts[co] else '<td class="num">·</td>'
                for co in COMPANIES)
            you = f' ({escape(t("trick.you"))})' if player == view["seat"] else ""
            rows.append(f'<tr data-seat="{player}"><th>{seat_chip(player)} {player + 1}{you}</th>{cells}'
                        f'<td class="num"><strong>{view["worth"][player]}</strong></td></tr>')
        title = t("trick.final" if view["phase"] == "over" else "trick.worth_now")
        parts = [f"<h3>{escape(title)}</h3>",
                 f'<table class="results"><thead><tr><th></th>{head}'
                 f'<th class="num">{escape(t("trick.total"))}</th></tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table>']
        parts.append(f'<h3>{escape(t("trick.shares"))}</h3><ul class="shares">')
        for player, shares in enumerate(view["shares"]):
            names = ", ".join(_share_name(card) for card in shares) or "–"
            parts.append(f"<li>{seat_chip(player)} {player + 1}: {escape(names)}</li>")
        parts.append("</ul>")
        if view["removed"]:
            removed = ", ".join(_share_name(card) for card in view["removed"])
            parts.append(f'<p class="note">{escape(t("trick.removed", cards=removed))}</p>')
        return "".join(parts)


FACE = TrickOfTheRailsFace()
