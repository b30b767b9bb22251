"""The Trick of the Rails table as SVG: pure functions from the engine's view to SVG strings.

One viewBox holds, top to bottom: the trick line (the current trick's target ringed, finished
slots faded), the trick on the table, the five railways (segments with their station values, the
scoring run underlined, the locomotive with its distance and cost, the share value "worth now")
and the viewer's hand, sorted by company, with the cards they may not play dimmed. `draw_map` is
the part that never changes (backdrop and headings); `draw_position` everything else, with every
legal move as a target carrying `data-move`. Company names are printed on every card and row, so
colour is never the only cue. Every word goes through the translation function `t`; company,
city and card names are proper names and stay as printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from games.trick_of_the_rails.cards import (
    CARD_COMPANY,
    CARD_NUMBER,
    CITIES,
    COMPANIES,
    COMPANY_NAMES,
    EXCHANGE_CARDS,
    LOCOMOTIVES,
    SEGMENT_VALUE,
    START,
)
from games.trick_of_the_rails.view import Play, RailwayView, TrickView
from ui import svg
from ui.i18n import Translate
from ui.palette import HIGHLIGHT, INK, MUTED, PAPER, WHITE

WIDTH, HEIGHT = 800.0, 660.0
VIEW_BOX = (0.0, 0.0, WIDTH, HEIGHT)
MARGIN = 8.0
FELT = "#2f5d46"  # the table
FELT_TEXT = "#f4efe0"

# Company colours, each with the ink that reads on it; the name is always printed too.
COMPANY_COLOURS: dict[str, tuple[str, str]] = {
    "BO": ("#2a62b0", WHITE),
    "CO": ("#e8b923", INK),
    "ERIE": ("#3b8f4e", WHITE),
    "NYC": ("#7b7268", WHITE),
    "PRR": ("#c0392b", WHITE),
}
# Pale tints for railway segments, so station values read in ink.
COMPANY_TINTS: dict[str, str] = {"BO": "#dbe6f5", "CO": "#fbf0cc", "ERIE": "#dcefe0", "NYC": "#ebe8e4",
                                 "PRR": "#f6dcd8"}
CITY_COLOUR = "#5b3f8c"
LOCO_COLOUR = "#2b2b2b"
CITY_SHORT: dict[str, str] = {"pittsburgh": "PIT", "baltimore": "BAL", "new_york": "NY"}

CARD_W, CARD_H, CARD_STEP = 46.0, 64.0, 51.0  # line slots, trick and hand cards
TRICK_STEP = CARD_W + 36.0  # room for each player's token beside their card

LINE_TOP = 30.0
TRICK_TOP = 128.0
RAIL_TOP = 238.0
ROW_H = 58.0
HAND_TOP = RAIL_TOP + 5 * ROW_H + 36.0

LABEL_W = 70.0
END_W = 26.0
SEG_X = MARGIN + LABEL_W + END_W + 6.0
SEG_W, SEG_STEP = 34.0, 36.0
TRAIN_X = 646.0


def _font(size: float, weight: str = "700", anchor: str = "middle") -> dict[str, Any]:
    return {"font-size": size, "font-weight": weight, "text-anchor": anchor}


def _heading(dwg: Any, text: str, y: float) -> Any:
    return dwg.text(text, insert=(MARGIN + 2, y), fill=FELT_TEXT, class_="heading",
                    **_font(15, "700", "start"))


def _card_name(card: str) -> str:
    return f"{COMPANY_NAMES[CARD_COMPANY[card]]} {CARD_NUMBER[card]}"


# -- the static layer ---------------------------------------------------------------------------

def _play(entry: Play) -> tuple[int, str]:
    """A card played by a player, `[player, card id]` in the view, as a typed pair."""
    player, card = entry
    if not isinstance(player, int) or not isinstance(card, str):
        raise TypeError(f"not a played card: {entry!r}")
    return player, card


def draw_map(t: Translate) -> str:
    """The felt and the headings of each part of the table: drawn once per game."""
    dwg = svg.drawing(VIEW_BOX, t("trick.map.title"), t("trick.map.desc"), "board-map")
    dwg.add(dwg.rect((0, 0), (WIDTH, HEIGHT), fill=FELT))
    dwg.add(_heading(dwg, t("trick.line"), LINE_TOP - 10))
    dwg.add(_heading(dwg, t("trick.table"), TRICK_TOP - 8))
    dwg.add(_heading(dwg, t("trick.railways"), RAIL_TOP - 10))
    dwg.add(dwg.text(t("trick.train_worth"), insert=(WIDTH - MARGIN - 2, RAIL_TOP - 10), fill=FELT_TEXT,
                     **_font(13, "600", "end")))
    lanes = dwg.g(class_="lanes", fill="#28513d")
    for k in range(len(COMPANIES)):
        lanes.add(dwg.rect((MARGIN, RAIL_TOP + k * ROW_H), (WIDTH - 2 * MARGIN, ROW_H - 4), rx=6))
    dwg.add(lanes)
    return svg.render(dwg)


# -- cards ------------------------------------------------------------------------------------

def _band_card(dwg: Any, x: float, y: float, band: str, band_ink: str, top: str, middle: str, bottom: str,
               middle_size: float = 22, bottom_size: float = 10) -> Any:
    """A card: a coloured band with its name, a big middle figure, a small bottom line."""
    group = dwg.g()
    group.add(dwg.rect((x, y), (CARD_W, CARD_H), rx=5, fill=PAPER, stroke=INK, **{"stroke-width": 1.2}))
    group.add(dwg.path(d=f"M{x} {y + 17}V{y + 5}a5 5 0 0 1 5 -5H{x + CARD_W - 5}a5 5 0 0 1 5 5V{y + 17}Z",
                       fill=band, stroke=INK, **{"stroke-width": 1.2}))
    group.add(dwg.text(top, insert=(x + CARD_W / 2, y + 13), fill=band_ink, **_font(11)))
    group.add(dwg.text(middle, insert=(x + CARD_W / 2, y + 42), fill=INK, **_font(middle_size)))
    if bottom:
        group.add(dwg.text(bottom, insert=(x + CARD_W / 2, y + 58), fill=MUTED, **_font(bottom_size, "600")))
    return group


def _railway_card(dwg: Any, card: str, x: float, y: float) -> Any:
    colour, ink = COMPANY_COLOURS[CARD_COMPANY[card]]
    return _band_card(dwg, x, y, colour, ink, COMPANY_NAMES[CARD_COMPANY[card]], str(CARD_NUMBER[card]),
                      f"{SEGMENT_VALUE[card]}")


@lru_cache(maxsize=1024)
def _frozen_railway_card(card: str, x: float, y: float) -> svg.Frozen:
    return svg.Frozen(_railway_card(svg.ELEMENTS, card, x, y))


def _slot_words(t: Translate) -> tuple[str, str, str]:
    return t("trick.slot.exchange"), t("trick.slot.loco"), t("trick.slot.reserve")


@lru_cache(maxsize=512)
def _slot_card(token: str, kind: str, x: float, y: float, words: tuple[str, str, str]) -> svg.Frozen:
    """A card of the line; `words` are its translated labels (part of the key: the language may change)."""
    dwg = svg.ELEMENTS
    if kind == "railway":
        card = _railway_card(dwg, token, x, y)
    elif kind == "exchange":
        colour, ink = COMPANY_COLOURS[EXCHANGE_CARDS[token]]
        card = _band_card(dwg, x, y, colour, ink, COMPANY_NAMES[EXCHANGE_CARDS[token]], "⇄", words[0])
    elif kind == "city":
        card = _band_card(dwg, x, y, CITY_COLOUR, WHITE, CITY_SHORT[token], str(CITIES[token][1]),
                          CITIES[token][0], 18, 8)
    elif kind == "locomotive":
        costs = "/".join(str(LOCOMOTIVES[loco][1]) for loco in token.split("+"))
        card = _band_card(dwg, x, y, LOCO_COLOUR, WHITE, words[1], token, f"−{costs}",
                          15 if "+" in token else 22)
    else:
        card = _band_card(dwg, x, y, MUTED, WHITE, words[2], token[1:], "")
    card.update({"class": f"slot slot-{kind}", "data-token": token})
    return svg.Frozen(card)


# -- the position -----------------------------------------------------------------------------

def draw_position(view: TrickView, legal: Sequence[str], t: Translate) -> str:
    dwg = svg.drawing(VIEW_BOX, t("trick.position.title"), describe(view, t), "board-position",
                      interactive=True)
    dwg.add(_line(dwg, view, t))
    dwg.add(_trick(dwg, view, t))
    dwg.add(_railways(dwg, view, legal, t))
    hand = view["hand"]
    if hand is not None:
        dwg.add(_hand(dwg, view, hand, legal, t))
    else:
        dwg.add(_hand_sizes(dwg, view, t))
    return svg.render(dwg)


def _line(dwg: Any, view: TrickView, t: Translate) -> Any:
    group = dwg.g(class_="trick-line")
    current = view["slot"] if view["phase"] != "over" else None
    words = _slot_words(t)
    for k, slot in enumerate(view["line"]):
        x = MARGIN + k * CARD_STEP
        if k < view["slot"]:
            group.add(_done_slot(slot["token"], x))
        else:
            group.add(_slot_card(slot["token"], slot["kind"], x, LINE_TOP, words))
        if k == current:
            group.add(dwg.rect((x - 3, LINE_TOP - 3), (CARD_W + 6, CARD_H + 6), rx=7, fill="none",
                               stroke=HIGHLIGHT, class_="current-target", **{"stroke-width": 4}))
            mid, tip = x + CARD_W / 2, LINE_TOP + CARD_H + 6
            group.add(dwg.polygon([(mid, tip), (mid - 8, tip + 11), (mid + 8, tip + 11)], fill=HIGHLIGHT))
    return group


@lru_cache(maxsize=256)
def _done_slot(token: str, x: float) -> svg.Frozen:
    """A finished trick's slot: its card now lies elsewhere, so only an empty place with a tick."""
    dwg = svg.ELEMENTS
    group = dwg.g(class_="slot done", **{"data-token": token})
    group.add(dwg.rect((x, LINE_TOP), (CARD_W, CARD_H), rx=5, fill="none", stroke=FELT_TEXT, opacity=0.5,
                       **{"stroke-width": 1.2, "stroke-dasharray": "4 3"}))
    group.add(dwg.text("✓", insert=(x + CARD_W / 2, LINE_TOP + 41), fill=FELT_TEXT, opacity=0.6, **_font(22)))
    return svg.Frozen(group)


def _trick(dwg: Any, view: TrickView, t: Translate) -> Any:
    """The cards played to the current trick, each under its player's token, and what is asked now."""
    group = dwg.g(class_="trick")
    y = TRICK_TOP + 12
    # While the played cards go to their railways, those already added are faded.
    waiting = {_play(entry)[1] for entry in view["to_add"]} if view["phase"] == "add" else None
    for k, (player, card) in enumerate(map(_play, view["trick"])):
        x = MARGIN + 4 + k * TRICK_STEP
        if waiting is not None and card not in waiting:
            cell = dwg.g(class_="played added", opacity=0.35, **{"data-seat": player, "data-card": card})
        else:
            cell = dwg.g(class_="played", **{"data-seat": player, "data-card": card})
        cell.add(_frozen_railway_card(card, x, y))
        if player == view["winner"]:
            cell.add(dwg.rect((x - 3, y - 3), (CARD_W + 6, CARD_H + 6), rx=7, fill="none", stroke=HIGHLIGHT,
                              **{"stroke-width": 3}))
        cell.add(svg.seat_token(dwg, player, (x + CARD_W + 14, y + CARD_H / 2), 11, **{"stroke-width": 1.2}))
        group.add(cell)
    left = MARGIN + 4 + len(view["trick"]) * TRICK_STEP + 6
    lines = _prompt(view, t)
    for k, text in enumerate(lines):
        font = _font(14, "600", "start") if k else _font(17, "700", "start")
        group.add(dwg.text(text, insert=(left, y + 18 + k * 22), fill=FELT_TEXT if k else WHITE,
                           class_="prompt", **font))
    return group


def _prompt(view: TrickView, t: Translate) -> list[str]:
    """The heading of the trick area: which trick, what was led, and who must do what."""
    phase, player = view["phase"], view["current_player"]
    if phase == "over" or player is None:  # no player to move once the game is over
        return [t("trick.prompt.over")]
    lines = [t("trick.trick_of", n=view["slot"] + 1, total=view["tricks"])]
    if view["led"]:
        lines[0] += " · " + t("trick.led", company=COMPANY_NAMES[view["led"]])
    seat = player + 1
    if phase == "play":
        lines.append(t("trick.prompt.play", seat=seat))
    elif phase == "locomotive":
        lines.append(t("trick.prompt.locomotive", seat=seat, loco=view["locomotives_to_place"][0]))
    elif phase == "city":
        lines.append(t("trick.prompt.city", seat=seat, city=CITIES[view["line"][view["slot"]]["token"]][0]))
    else:
        lines.append(t("trick.prompt.add", seat=seat, card=_card_name(_play(view["to_add"][0])[1])))
    return lines


def _row_y(k: int) -> float:
    return RAIL_TOP + k * ROW_H


def _segment(dwg: Any, segment: str, company: str, x: float, y: float, scoring: bool) -> Any:
    group = dwg.g(class_="segment scoring" if scoring else "segment", **{"data-segment": segment})
    fill = COMPANY_TINTS[company] if segment in CARD_COMPANY or segment == START else "#e6dcf3"
    group.add(dwg.rect((x, y), (SEG_W, 38), rx=4, fill=fill, stroke=INK,
                       **{"stroke-width": 2 if scoring else 1}))
    group.add(dwg.text(str(SEGMENT_VALUE[segment]), insert=(x + SEG_W / 2, y + 20), fill=INK, **_font(17)))
    if segment == START:
        tag = "St"
    elif segment in CITIES:
        tag = CITY_SHORT[segment]
    else:
        tag = f"#{CARD_NUMBER[segment]}"
    group.add(dwg.text(tag, insert=(x + SEG_W / 2, y + 33), fill=MUTED, **_font(10, "600")))
    return group


def _railways(dwg: Any, view: TrickView, legal: Sequence[str], t: Translate) -> Any:
    """Each railway as a row: name, segments left to right, scoring run underlined, its train and
    worth; then the placement targets (row ends, locomotive spots) for the legal moves."""
    group = dwg.g(class_="railways")
    targets = dwg.g(class_="targets", fill=INK, **{"fill-opacity": 0, "pointer-events": "all"})
    glows = dwg.g(class_="legal-glow", fill="none", stroke=HIGHLIGHT, **{"stroke-width": 3})
    row_of = {r["company"]: k for k, r in enumerate(view["railways"])}
    for k, rail in enumerate(view["railways"]):
        y = _row_y(k)
        company = rail["company"]
        row = dwg.g(class_="railway", **{"data-company": company})
        colour, ink = COMPANY_COLOURS[company]
        row.add(dwg.rect((MARGIN + 4, y + 6), (LABEL_W - 8, ROW_H - 16), rx=5, fill=colour, stroke=INK))
        row.add(dwg.text(rail["name"], insert=(MARGIN + LABEL_W / 2, y + ROW_H / 2 + 3), fill=ink,
                         **_font(15)))
        start, stop = rail["run"]
        for i, segment in enumerate(rail["segments"]):
            row.add(_segment(dwg, segment, company, SEG_X + i * SEG_STEP, y + 5, start <= i < stop))
        if stop > start:
            row.add(dwg.rect((SEG_X + start * SEG_STEP, y + 46), ((stop - start) * SEG_STEP - 2, 5), rx=2,
                             fill=HIGHLIGHT, class_="run"))
        row.add(_train(dwg, rail, y, t))
        group.add(row)
    for move in legal:
        verb, _, arg = move.partition(" ")
        if verb == "loco":
            y = _row_y(row_of[arg])
            box = ((TRAIN_X - 4, y + 2), (WIDTH - MARGIN - TRAIN_X, ROW_H - 8))
            glows.add(dwg.rect(*box, rx=6))
            targets.add(svg.target(dwg.rect(*box, rx=6), move,
                                   t("trick.aria.loco", loco=view["locomotives_to_place"][0],
                                     company=COMPANY_NAMES[arg]), "point"))
        elif verb in ("city", "add"):
            if verb == "city":
                company, end = arg.split(" ")
                city = CITIES[view["line"][view["slot"]]["token"]][0]
                label = t("trick.aria.city", city=city, company=COMPANY_NAMES[company],
                          end=t(f"trick.end.{end}"))
            else:  # legal only while played cards wait to be added: it adds the first of them
                adding = _play(view["to_add"][0])[1]
                company, end = CARD_COMPANY[adding], arg
                label = t("trick.aria.add", card=_card_name(adding), company=COMPANY_NAMES[company],
                          end=t(f"trick.end.{end}"))
            k = row_of[company]
            length = len(view["railways"][k]["segments"])
            x = SEG_X - END_W - 4 if end == "left" else SEG_X + length * SEG_STEP + 2
            box = ((x, _row_y(k) + 3), (END_W, 42))
            glows.add(dwg.rect(*box, rx=5))
            arrow = dwg.text("+", insert=(x + END_W / 2, _row_y(k) + 32), fill=HIGHLIGHT, **_font(24))
            glows.add(arrow)
            targets.add(svg.target(dwg.rect(*box, rx=5), move, label, "point"))
    if glows.elements:
        group.add(glows)
    if targets.elements:
        group.add(targets)
    return group


def _train(dwg: Any, rail: RailwayView, y: float, t: Translate) -> Any:
    """The locomotive beside the railway (distance and cost), and the profit and share value now."""
    group = dwg.g(class_="train")
    loco = rail["locomotive"]
    if loco is None:
        group.add(dwg.text(t("trick.no_loco"), insert=(TRAIN_X, y + 22), fill=FELT_TEXT,
                           **_font(13, "600", "start")))
    else:
        group.add(dwg.rect((TRAIN_X, y + 6), (56, 22), rx=4, fill=LOCO_COLOUR, stroke=PAPER))
        distance = t("trick.all") if rail["distance"] is None else str(rail["distance"])
        group.add(dwg.text(f"▶{distance}", insert=(TRAIN_X + 28, y + 23), fill=WHITE, class_="loco",
                           **_font(16)))
        group.add(dwg.text(f"−{rail['cost']}", insert=(TRAIN_X + 62, y + 23), fill=FELT_TEXT,
                           **_font(15, "600", "start")))
    group.add(dwg.text(f"{rail['profit']} → {rail['share_value']}", insert=(WIDTH - MARGIN - 6, y + 46),
                       fill=WHITE, class_="share-value", **_font(18, "700", "end")))
    return group


def _hand(dwg: Any, view: TrickView, hand: list[str], legal: Sequence[str], t: Translate) -> Any:
    """The viewer's hand in hand order (by company, then number): cards that may not be played are
    dimmed; the legal ones are targets."""
    group = dwg.g(class_="hand", **{"data-seat": view["seat"]})
    group.add(_heading(dwg, t("trick.your_hand"), HAND_TOP - 10))
    playable = set(view["playable"])
    moves = set(legal)
    for k, card in enumerate(hand):
        x = MARGIN + k * CARD_STEP
        move = f"play {card}"
        if move in moves:
            label = t("trick.aria.play", card=_card_name(card))
            cell = svg.target(dwg.g(**{"pointer-events": "all"}), move, label, "card")
            cell.add(dwg.rect((x - 3, HAND_TOP - 3), (CARD_W + 6, CARD_H + 6), rx=7, fill="none",
                              stroke=HIGHLIGHT, class_="legal-glow", **{"stroke-width": 3}))
            cell.add(_frozen_railway_card(card, x, HAND_TOP))
        else:
            cell = dwg.g(class_="card" if card in playable or not playable else "card dimmed",
                         opacity=1 if card in playable or not playable else 0.4)
            cell.add(_frozen_railway_card(card, x, HAND_TOP))
        cell.update({"data-card": card})
        group.add(cell)
    return group


def _hand_sizes(dwg: Any, view: TrickView, t: Translate) -> Any:
    """A spectator sees how many cards each player holds, never the cards."""
    group = dwg.g(class_="hand-sizes")
    group.add(_heading(dwg, t("trick.hand_sizes"), HAND_TOP - 10))
    for player, size in enumerate(view["hand_sizes"]):
        x = MARGIN + 14 + player * 120
        group.add(svg.seat_token(dwg, player, (x, HAND_TOP + 20), 11, **{"stroke-width": 1.2}))
        group.add(dwg.text(t("trick.cards", n=size), insert=(x + 18, HAND_TOP + 25), fill=FELT_TEXT,
                           **_font(14, "600", "start")))
    return group


# -- text alternative --------------------------------------------------------------------------

def describe(view: TrickView, t: Translate) -> str:
    parts = []
    if view["seat"] is not None:
        parts.append(t("trick.describe.you", seat=view["seat"] + 1))
    parts.extend(_prompt(view, t))
    for rail in view["railways"]:
        values = " ".join(str(v) for v in rail["values"])
        loco = rail["locomotive"] or t("trick.no_loco")
        parts.append(t("trick.describe.railway", company=rail["name"], values=values, loco=loco,
                       value=rail["share_value"]))
    if view["hand"]:
        parts.append(t("trick.describe.hand", cards=", ".join(_card_name(c) for c in view["hand"])))
    return " ".join(parts)
