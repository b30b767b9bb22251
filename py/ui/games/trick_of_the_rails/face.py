"""Trick of the Rails' face: the table (line, trick, hand, railways), the shares panel, the status
line, the final breakdown per company and a played card's way to the trick.

Every move is on the board (cards in hand, railway ends, locomotive spots), so there are no action
buttons; a player may have their only legal card played for them (`autoplay_forced`). The side
panel and the game-over breakdown are one table, companies as rows and players as columns, so that
it fits a narrow panel whatever the number of players.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.trick_of_the_rails.cards import CARD_COMPANY, CITIES, COMPANY_NAMES, SHARE_COMPANY
from games.trick_of_the_rails.view import RailwayView, TrickView
from ui.games.face import Face, Overlay
from ui.games.trick_of_the_rails import draw
from ui.games.trick_of_the_rails.log import LOG
from ui.i18n import Translate
from ui.markup import escape
from ui.panels import seat_chip, seat_column_head
from ui.seats import seat_label

ACTIONS: dict[str, str] = {}

SLIDE = (0.35, 0.7)  # how far from the hand to the trick a played card is in each frame before it lands

# A cell of the table: (shares a player holds in a company, that company's share value) -> HTML.
Cell = Callable[[int, int], str]


def _share_name(card: str) -> str:
    """A share card as printed: "NYC 7", or "NYC Ex" for an exchange card."""
    company = COMPANY_NAMES[SHARE_COMPANY[card]]
    number = card[len(SHARE_COMPANY[card]):]
    return f"{company} Ex" if number == "-EX" else f"{company} {number}"


def _train(rail: RailwayView, t: Translate) -> str:
    """The company's train as a sum: "▶4 · 90 − 50", or that it has none."""
    if rail["locomotive"] is None:
        return t("trick.no_loco")
    distance = t("trick.all") if rail["distance"] is None else str(rail["distance"])
    return f"▶{distance} · {rail['profit']}\u00a0−\u00a0{rail['cost']}"  # wraps only after the distance


def _count(count: int, value: int) -> str:
    return str(count) if count else "·"


def _paid(count: int, value: int) -> str:
    """What a company paid a player: the points, and the shares times the value below them."""
    return f'<strong>{count * value}</strong><small class="sum">{count}×{value}</small>' if count else "·"


def _company_table(view: TrickView, t: Translate, names: Sequence[str], cell: Cell,
                   totals: Sequence[int]) -> str:
    """Companies as rows (name, train, share value), a column per player (`cell` of their shares),
    and each player's total at the foot."""
    players = range(view["players"])
    head = "".join(seat_column_head(p, seat_label(p, names, t), p == view["seat"]) for p in players)
    rows = []
    for rail in view["railways"]:
        company, value = rail["company"], rail["share_value"]
        counts = [view["share_counts"][p][company] for p in players]
        cells = "".join(f'<td class="num">{cell(count, value)}</td>' for count in counts)
        rows.append(f'<tr data-company="{company}"><th scope="row">{escape(rail["name"])}'
                    f'<small class="train">{escape(_train(rail, t))}</small></th>'
                    f'<td class="num value">{value}</td>{cells}</tr>')
    foot = "".join(f'<td class="num"><strong>{total}</strong></td>' for total in totals)
    value_head = (f'<abbr title="{escape(t("trick.share_value"))}">{escape(t("trick.value"))}</abbr>')
    return (f'<table class="results trick-companies"><thead><tr><th scope="col"></th>'
            f'<th scope="col" class="num">{value_head}</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody>'
            f'<tfoot><tr><th scope="row">{escape(t("trick.total"))}</th><td></td>{foot}</tr></tfoot></table>')


class TrickOfTheRailsFace(Face[TrickView]):
    actions = ACTIONS
    log = LOG
    board = draw
    animated = True
    autoplay_forced = True

    def scores(self, view: TrickView) -> list[int]:
        """What each player's shares are worth now, if the game ended."""
        return list(view["worth"])

    def draw_side(self, view: TrickView, t: Translate, names: Sequence[str]) -> str:
        """Per company, its train, its share value and how many shares each player holds, with what
        they are worth now ("if the game ended" during play, the final scoring once it is over);
        then every player's share cards and the cards out of the game."""
        title = t("trick.final" if view["phase"] == "over" else "trick.worth_now")
        parts = [f"<h3>{escape(title)}</h3>", _company_table(view, t, names, _count, view["worth"]),
                 f'<h3>{escape(t("trick.shares"))}</h3><ul class="shares">']
        for player, shares in enumerate(view["shares"]):
            cards = ", ".join(_share_name(card) for card in shares) or "–"
            parts.append(f'<li data-seat="{player}">{seat_chip(player)} '
                         f"{escape(t('trick.holds', name=seat_label(player, names, t), cards=cards))}</li>")
        parts.append("</ul>")
        if view["removed"]:
            removed = ", ".join(_share_name(card) for card in view["removed"])
            parts.append(f'<p class="note">{escape(t("trick.removed", cards=removed))}</p>')
        return "".join(parts)

    def prompt(self, view: TrickView, legal: Sequence[str], t: Translate) -> str | None:
        """What the seat to move does now: lead, follow the led company (or not, lacking it), place
        the locomotive or the city won, or add the card they played to its railway."""
        phase = view["phase"]
        if view["seat"] is None or view["seat"] != view["current_player"]:
            return None
        if phase == "play":
            led = view["led"]
            if led is None:
                return t("trick.ask.lead")
            hand = view["hand"] or []
            follows = any(CARD_COMPANY[card] == led for card in hand)
            return t("trick.ask.follow" if follows else "trick.ask.void", company=COMPANY_NAMES[led])
        if phase == "locomotive":
            return t("trick.ask.locomotive", loco=view["locomotives_to_place"][0])
        if phase == "city":
            return t("trick.ask.city", city=CITIES[view["line"][view["slot"]]["token"]][0])
        if phase == "add":
            card = str(view["to_add"][0][1])
            return t("trick.ask.add", card=draw.card_name(card), company=COMPANY_NAMES[CARD_COMPANY[card]])
        return None

    def breakdown(self, result: Mapping[str, Any], view: TrickView, t: Translate,
                  names: Sequence[str]) -> str:
        """Per company: its train (profit − cost), its share value, and for each player the points it
        paid them (shares × value); each player's total at the foot (the engine's scores)."""
        return (f'<h3>{escape(t("trick.breakdown"))}</h3>'
                f'{_company_table(view, t, names, _paid, result["scores"])}')

    def overlay(self, public: TrickView, seen: Sequence[TrickView], legal: Sequence[str], t: Translate,
                names: Sequence[str]) -> Overlay | None:
        """A share of each company, worth now and at best: public information only, whoever sees."""
        # Imported here: it reads the bots' measures, and a table without overlays needs no bot.
        from ui.games.trick_of_the_rails.overlay import worth_overlay

        return worth_overlay(public, t)

    def frames(self, before: TrickView, after: TrickView, events: Sequence[Mapping[str, Any]],
               t: Translate, names: Sequence[str] = ()) -> list[str]:
        """A card played slides from its player's hand to its place in the trick and lands there;
        a trick won that leaves the table at once (a share trick) stays a moment longer, its winner
        ringed. Any other move: []."""
        played = next((event for event in events if event["type"] == "card_played"), None)
        if played is None:
            return []
        player, card = played["player"], played["card"]
        scene = before.copy()
        scene["hand_sizes"] = list(after["hand_sizes"])  # the card has left the hand
        (ax, ay), (bx, by) = draw.seat_place(player), draw.trick_place(len(before["trick"]))
        shots = [draw.draw_frame(scene, t, (card, (ax + (bx - ax) * share, ay + (by - ay) * share)), names)
                 for share in SLIDE]
        landed = scene.copy()
        landed["trick"] = [*before["trick"], [player, card]]
        landed["led"] = before["led"] or CARD_COMPANY[card]
        won = next((event for event in events if event["type"] == "trick_won"), None)
        if won is not None:
            landed["winner"] = won["player"]
        shots.append(draw.draw_frame(landed, t, names=names))
        if won is not None and not after["trick"]:
            shots.append(shots[-1])
        return shots


FACE = TrickOfTheRailsFace()
