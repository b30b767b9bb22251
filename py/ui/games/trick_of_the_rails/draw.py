"""The Trick of the Rails table as SVG: pure functions from the engine's view to SVG strings.

The viewBox is wide (1000x690, the aspect of the board's box on a laptop or a projector) and holds
three bands, top to bottom: the trick line (the current trick's target ringed, finished slots
faded) with what is asked now, of whom by name; the trick on the table beside the viewer's hand
(sorted by company, the cards they may not play dimmed; a spectator sees each player's name and how
many cards they hold); and the five railways (segments with their station values, the scoring run
underlined, the locomotive with its distance and cost, the share value "worth now"). `draw_map` is
the part that never changes (backdrop and headings); `draw_position` everything else, with every
legal move as a target carrying `data-move`; `draw_frame` a moment of a card's way from a hand to
the trick. Players are named by the names the table passes (`ui.seats.seat_label`), never numbered.

Every text is at least `SMALL` units tall, 20 CSS px on the projector's board, save the fine print
(class "fine"), which only repeats what larger text shows and which the projector hides. Company
names are printed on every card and row, so colour is never the only cue. Every word goes through
the translation function `t`; company, city and card names are proper names and stay as printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import ceil
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
from ui.games.face import typed_pair
from ui.i18n import Translate, join
from ui.palette import HIGHLIGHT, INK, MUTED, PAPER, WHITE
from ui.seats import seat_label

Point = tuple[float, float]

WIDTH, HEIGHT = 1000.0, 690.0
VIEW_BOX = (0.0, 0.0, WIDTH, HEIGHT)
MARGIN = 8.0
# The smallest text: the projector's board box is 1320 CSS px wide, so a unit is 1.32 px there.
SMALL = 15.5
FINE = 12.0  # fine print (class "fine"), which repeats larger text and is hidden on the projector
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

# Cards of the line, the trick and the hand: 15 line slots fit the width.
CARD_W, CARD_H, CARD_STEP = 58.0, 80.0, 62.0
BAND_H = 22.0  # the coloured band at the top of a card
TOKEN_R = 17.0  # a player's token: its seat number is SMALL at this radius

LINE_TOP = 28.0
# The middle band: the trick at the left (a place per player, their token above it), the hand at
# the right, in one or two rows of cards.
TABLE_TOP = 156.0
TRICK_CARD_TOP = TABLE_TOP + 2 * TOKEN_R + 4
HAND_X = 336.0
HAND_ROW = CARD_H + 6
HAND_PER_ROW = int((WIDTH - MARGIN - HAND_X + CARD_STEP - CARD_W) // CARD_STEP)
SEAT_STEP = 128.0  # a spectator's hand sizes, one per player across the hand's place
PROMPT_NAME_CHARS = 20  # the lobby's longest name: a longer one (an old save) is cut in the status line
PROMPT_ROOM = WIDTH - 2 * MARGIN - 110  # the status line, right of the "Trick line" heading

RAIL_TOP = 356.0
ROW_H = 66.0
LABEL_W = 74.0
END_W = 28.0
SEG_X = MARGIN + LABEL_W + END_W + 6.0
SEG_W, SEG_H, SEG_STEP = 40.0, 46.0, 44.0  # 14 segments (start, 10 cards, 3 cities) end before the train
TRAIN_X = 792.0


def _font(size: float, weight: str = "700", anchor: str = "middle") -> dict[str, Any]:
    return {"font-size": size, "font-weight": weight, "text-anchor": anchor}


def _fit(text: str, size: float, room: float) -> dict[str, Any]:
    """Squeeze a text that would overflow `room` (a bold glyph is about 0.62 em wide) into it."""
    if len(text) * 0.62 * size <= room:
        return {}
    return {"textLength": room, "lengthAdjust": "spacingAndGlyphs"}


def _heading(dwg: Any, text: str, x: float, y: float, anchor: str = "start") -> Any:
    return dwg.text(text, insert=(x, y), fill=FELT_TEXT, class_="heading", **_font(16, "700", anchor))


def card_name(card: str) -> str:
    return f"{COMPANY_NAMES[CARD_COMPANY[card]]} {CARD_NUMBER[card]}"


def _play(entry: Play) -> tuple[int, str]:
    """A card played by a player, `[player, card id]` in the view, as a typed pair."""
    return typed_pair(entry, int, str)


# -- places ---------------------------------------------------------------------------------------

def trick_place(k: int) -> Point:
    """Top left of the `k`-th card of the trick, in play order."""
    return MARGIN + 4 + k * CARD_STEP, TRICK_CARD_TOP


def hand_place(k: int, size: int) -> Point:
    """Top left of the `k`-th of `size` cards in hand: one row beside the trick, two when it is long."""
    if size <= HAND_PER_ROW:
        return HAND_X + k * CARD_STEP, TRICK_CARD_TOP
    row, column = divmod(k, ceil(size / 2))
    return HAND_X + column * CARD_STEP, TABLE_TOP + row * HAND_ROW


def seat_place(player: int) -> Point:
    """Top left of where a spectator sees `player`'s hand (their token and card count)."""
    return HAND_X + player * SEAT_STEP, TRICK_CARD_TOP


# -- the static layer ---------------------------------------------------------------------------

def draw_map(t: Translate) -> str:
    """The felt and the headings of each part of the table: drawn once per game."""
    dwg = svg.drawing(VIEW_BOX, t("trick.map.title"), t("trick.map.desc"), "board-map")
    dwg.add(dwg.rect((0, 0), (WIDTH, HEIGHT), fill=FELT))
    dwg.add(_heading(dwg, t("trick.line"), MARGIN + 2, LINE_TOP - 9))
    dwg.add(_heading(dwg, t("trick.table"), MARGIN + 2, TABLE_TOP - 12))
    dwg.add(_heading(dwg, t("trick.railways"), MARGIN + 2, RAIL_TOP - 10))
    dwg.add(_heading(dwg, t("trick.train_worth"), WIDTH - MARGIN - 2, RAIL_TOP - 10, "end"))
    dwg.add(dwg.line((HAND_X - 10, TABLE_TOP - 28), (HAND_X - 10, RAIL_TOP - 30), stroke="#28513d",
                     **{"stroke-width": 3}))
    lanes = dwg.g(class_="lanes", fill="#28513d")
    for k in range(len(COMPANIES)):
        lanes.add(dwg.rect((MARGIN, RAIL_TOP + k * ROW_H), (WIDTH - 2 * MARGIN, ROW_H - 4), rx=6))
    dwg.add(lanes)
    return svg.render(dwg)


# -- cards ------------------------------------------------------------------------------------

def _band_card(dwg: Any, x: float, y: float, band: str, band_ink: str, top: str, middle: str, bottom: str,
               middle_size: float = 28, fine: bool = False) -> Any:
    """A card: a coloured band with its name, a big middle figure, a bottom line (or fine print)."""
    group = dwg.g()
    room = CARD_W - 6
    group.add(dwg.rect((x, y), (CARD_W, CARD_H), rx=5, fill=PAPER, stroke=INK, **{"stroke-width": 1.2}))
    group.add(dwg.path(d=f"M{x} {y + BAND_H}V{y + 5}a5 5 0 0 1 5 -5H{x + CARD_W - 5}a5 5 0 0 1 5 5"
                         f"V{y + BAND_H}Z", fill=band, stroke=INK, **{"stroke-width": 1.2}))
    group.add(dwg.text(top, insert=(x + CARD_W / 2, y + 17), fill=band_ink, **_font(SMALL),
                       **_fit(top, SMALL, room)))
    group.add(dwg.text(middle, insert=(x + CARD_W / 2, y + 52), fill=INK, **_font(middle_size),
                       **_fit(middle, middle_size, room)))
    if fine:
        group.add(dwg.text(bottom, insert=(x + CARD_W / 2, y + 72), fill=MUTED, class_="fine",
                           **_font(FINE, "600"), **_fit(bottom, FINE, room)))
    elif bottom:
        group.add(dwg.text(bottom, insert=(x + CARD_W / 2, y + 73), fill=MUTED, **_font(SMALL, "600"),
                           **_fit(bottom, SMALL, room)))
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
                          CITIES[token][0], fine=True)
    elif kind == "locomotive":
        costs = "/".join(str(LOCOMOTIVES[loco][1]) for loco in token.split("+"))
        card = _band_card(dwg, x, y, LOCO_COLOUR, WHITE, words[1], token, f"−{costs}",
                          20 if "+" in token else 28)
    else:
        card = _band_card(dwg, x, y, MUTED, WHITE, words[2], token[1:], "")
    card.update({"class": f"slot slot-{kind}", "data-token": token})
    return svg.Frozen(card)


# -- the position -----------------------------------------------------------------------------

def draw_position(view: TrickView, legal: Sequence[str], t: Translate, names: Sequence[str] = ()) -> str:
    dwg = svg.drawing(VIEW_BOX, t("trick.position.title"), describe(view, t, names), "board-position",
                      interactive=True)
    _table(dwg, view, legal, t, names)
    return svg.render(dwg)


def draw_frame(view: TrickView, t: Translate, moving: tuple[str, Point] | None = None,
               names: Sequence[str] = ()) -> str:
    """One moment of a card's way to the trick, with no targets: the position `view` shows, and the
    card `moving` (its id and top left) on its way there, ringed."""
    dwg = svg.drawing(VIEW_BOX, t("trick.position.title"), describe(view, t, names), "board-position")
    _table(dwg, view, [], t, names)
    if moving is not None:
        card, (x, y) = moving
        group = dwg.g(class_="moving", **{"data-moving": card, "pointer-events": "none"})
        group.add(_railway_card(dwg, card, svg.r1(x), svg.r1(y)))
        group.add(dwg.rect((svg.r1(x - 3), svg.r1(y - 3)), (CARD_W + 6, CARD_H + 6), rx=7, fill="none",
                           stroke=HIGHLIGHT, **{"stroke-width": 3}))
        dwg.add(group)
    return svg.render(dwg)


def _table(dwg: Any, view: TrickView, legal: Sequence[str], t: Translate, names: Sequence[str]) -> None:
    dwg.add(_line(dwg, view, t, names))
    dwg.add(_trick(dwg, view))
    dwg.add(_railways(dwg, view, legal, t))
    hand = view["hand"]
    if hand is not None:
        dwg.add(_hand(dwg, view, hand, legal, t))
    else:
        dwg.add(_hand_sizes(dwg, view, t, names))


def _line(dwg: Any, view: TrickView, t: Translate, names: Sequence[str]) -> Any:
    """The trick line, and above it at the right what is asked now, squeezed into its room."""
    group = dwg.g(class_="trick-line")
    name = _mover(view, names, t)
    full = " · ".join(_prompt(view, t, name))
    shown = " · ".join(_prompt(view, t, svg.shorten(name, PROMPT_NAME_CHARS)))
    group.add(svg.titled_text(dwg, shown, full, insert=(WIDTH - MARGIN - 2, LINE_TOP - 9), fill=WHITE,
                      class_="prompt", **_font(16, "700", "end"), **_fit(shown, 16, PROMPT_ROOM)))
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
            group.add(dwg.polygon([(mid, tip), (mid - 9, tip + 12), (mid + 9, tip + 12)], fill=HIGHLIGHT))
    return group


@lru_cache(maxsize=256)
def _done_slot(token: str, x: float) -> svg.Frozen:
    """A finished trick's slot: its card now lies elsewhere, so only an empty place with a tick."""
    dwg = svg.ELEMENTS
    group = dwg.g(class_="slot done", **{"data-token": token})
    group.add(dwg.rect((x, LINE_TOP), (CARD_W, CARD_H), rx=5, fill="none", stroke=FELT_TEXT, opacity=0.5,
                       **{"stroke-width": 1.2, "stroke-dasharray": "4 3"}))
    group.add(dwg.text("✓", insert=(x + CARD_W / 2, LINE_TOP + 50), fill=FELT_TEXT, opacity=0.6, **_font(24)))
    return svg.Frozen(group)


def _trick(dwg: Any, view: TrickView) -> Any:
    """The cards played to the current trick, each under its player's token; while the trick is
    played, the places of the cards still to come, under the tokens of the players who owe them."""
    group = dwg.g(class_="trick")
    # While the played cards go to their railways, those already added are faded.
    waiting = {_play(entry)[1] for entry in view["to_add"]} if view["phase"] == "add" else None
    for k, (player, card) in enumerate(map(_play, view["trick"])):
        x, y = trick_place(k)
        if waiting is not None and card not in waiting:
            cell = dwg.g(class_="played added", opacity=0.35, **{"data-seat": player, "data-card": card})
        else:
            cell = dwg.g(class_="played", **{"data-seat": player, "data-card": card})
        cell.add(_frozen_railway_card(card, x, y))
        if player == view["winner"]:
            cell.add(dwg.rect((x - 3, y - 3), (CARD_W + 6, CARD_H + 6), rx=7, fill="none", stroke=HIGHLIGHT,
                              class_="winner", **{"stroke-width": 4}))
        cell.add(svg.seat_token(dwg, player, (x + CARD_W / 2, TABLE_TOP + TOKEN_R), TOKEN_R,
                                **{"stroke-width": 1.2}))
        group.add(cell)
    if view["phase"] == "play":
        played, n = len(view["trick"]), view["players"]
        for k in range(played, n):
            player = (view["leader"] + k) % n
            x, y = trick_place(k)
            place = dwg.g(class_="place", **{"data-seat": player})
            next_up = k == played
            place.add(dwg.rect((x, y), (CARD_W, CARD_H), rx=5, fill="none",
                               stroke=HIGHLIGHT if next_up else FELT_TEXT, opacity=1 if next_up else 0.5,
                               **{"stroke-width": 2 if next_up else 1.2, "stroke-dasharray": "5 4"}))
            place.add(svg.seat_token(dwg, player, (x + CARD_W / 2, TABLE_TOP + TOKEN_R), TOKEN_R,
                                     **{"stroke-width": 1.2}))
            group.add(place)
    return group


def _mover(view: TrickView, names: Sequence[str], t: Translate) -> str:
    """The name of the player to move ("" once the game is over)."""
    player = view["current_player"]
    return "" if player is None else seat_label(player, names, t)


def _prompt(view: TrickView, t: Translate, name: str) -> list[str]:
    """Which trick, what was led, and what the player to move, `name`, must do."""
    phase, player = view["phase"], view["current_player"]
    if phase == "over" or player is None:  # no player to move once the game is over
        return [t("trick.prompt.over")]
    lines = [t("trick.trick_of", n=view["slot"] + 1, total=view["tricks"])]
    if view["led"]:
        lines[0] += " · " + t("trick.led", company=COMPANY_NAMES[view["led"]])
    if phase == "play":
        lines.append(t("trick.prompt.play", name=name))
    elif phase == "locomotive":
        lines.append(t("trick.prompt.locomotive", name=name, loco=view["locomotives_to_place"][0]))
    elif phase == "city":
        lines.append(t("trick.prompt.city", name=name, city=CITIES[view["line"][view["slot"]]["token"]][0]))
    else:
        lines.append(t("trick.prompt.add", name=name, card=card_name(_play(view["to_add"][0])[1])))
    return lines


def _row_y(k: int) -> float:
    return RAIL_TOP + k * ROW_H


def _segment(dwg: Any, segment: str, company: str, x: float, y: float, scoring: bool) -> Any:
    group = dwg.g(class_="segment scoring" if scoring else "segment", **{"data-segment": segment})
    fill = COMPANY_TINTS[company] if segment in CARD_COMPANY or segment == START else "#e6dcf3"
    group.add(dwg.rect((x, y), (SEG_W, SEG_H), rx=4, fill=fill, stroke=INK,
                       **{"stroke-width": 2 if scoring else 1}))
    group.add(dwg.text(str(SEGMENT_VALUE[segment]), insert=(x + SEG_W / 2, y + 21), fill=INK, **_font(18)))
    if segment == START:
        tag = "St"
    elif segment in CITIES:
        tag = CITY_SHORT[segment]
    else:
        tag = f"#{CARD_NUMBER[segment]}"
    group.add(dwg.text(tag, insert=(x + SEG_W / 2, y + 40), fill=MUTED, **_font(SMALL, "600"),
                       **_fit(tag, SMALL, SEG_W - 4)))
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
        row.add(dwg.rect((MARGIN + 4, y + 8), (LABEL_W - 8, SEG_H), rx=5, fill=colour, stroke=INK))
        row.add(dwg.text(rail["name"], insert=(MARGIN + LABEL_W / 2, y + 37), fill=ink, **_font(18)))
        start, stop = rail["run"]
        for i, segment in enumerate(rail["segments"]):
            row.add(_segment(dwg, segment, company, SEG_X + i * SEG_STEP, y + 5, start <= i < stop))
        if stop > start:
            row.add(dwg.rect((SEG_X + start * SEG_STEP, y + SEG_H + 8), ((stop - start) * SEG_STEP - 4, 5),
                             rx=2, fill=HIGHLIGHT, class_="run"))
        row.add(_train(dwg, rail, y, t))
        group.add(row)
    for move in legal:
        verb, _, arg = move.partition(" ")
        if verb == "loco":
            y = _row_y(row_of[arg])
            box = ((TRAIN_X - 6, y + 2), (WIDTH - MARGIN - TRAIN_X + 4, ROW_H - 8))
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
                label = t("trick.aria.add", card=card_name(adding), company=COMPANY_NAMES[company],
                          end=t(f"trick.end.{end}"))
            k = row_of[company]
            length = len(view["railways"][k]["segments"])
            x = SEG_X - END_W - 4 if end == "left" else SEG_X + length * SEG_STEP
            box = ((x, _row_y(k) + 4), (END_W, SEG_H + 4))
            glows.add(dwg.rect(*box, rx=5))
            glows.add(dwg.text("+", insert=(x + END_W / 2, _row_y(k) + 38), fill=HIGHLIGHT, **_font(26)))
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
        group.add(dwg.text(t("trick.no_loco"), insert=(TRAIN_X, y + 25), fill=FELT_TEXT,
                           **_font(SMALL, "600", "start")))
    else:
        group.add(dwg.rect((TRAIN_X, y + 6), (62, 26), rx=4, fill=LOCO_COLOUR, stroke=PAPER))
        distance = t("trick.all") if rail["distance"] is None else str(rail["distance"])
        group.add(dwg.text(f"▶{distance}", insert=(TRAIN_X + 31, y + 25), fill=WHITE, class_="loco",
                           **_font(18), **_fit(f"▶{distance}", 18, 56)))
        group.add(dwg.text(f"−{rail['cost']}", insert=(TRAIN_X + 70, y + 25), fill=FELT_TEXT,
                           **_font(17, "600", "start")))
    group.add(dwg.text(f"{rail['profit']} → {rail['share_value']}", insert=(WIDTH - MARGIN - 6, y + 54),
                       fill=WHITE, class_="share-value", **_font(20, "700", "end")))
    return group


def _hand(dwg: Any, view: TrickView, hand: list[str], legal: Sequence[str], t: Translate) -> Any:
    """The viewer's hand in hand order (by company, then number), beside the trick: cards that may
    not be played are dimmed; the legal ones are targets."""
    group = dwg.g(class_="hand", **{"data-seat": view["seat"]})
    group.add(_heading(dwg, t("trick.your_hand"), HAND_X, TABLE_TOP - 12))
    playable = set(view["playable"])
    moves = set(legal)
    for k, card in enumerate(hand):
        x, y = hand_place(k, len(hand))
        move = f"play {card}"
        if move in moves:
            # The card is drawn under its target, not in it: the target's label says the card, so a
            # screen reader reads it once; the ring both shows it playable and takes the pointer.
            group.add(_frozen_railway_card(card, x, y))
            label = t("trick.aria.play", card=card_name(card), value=SEGMENT_VALUE[card])
            cell = svg.target(dwg.g(**{"pointer-events": "all"}), move, label, "card")
            cell.add(dwg.rect((x - 3, y - 3), (CARD_W + 6, CARD_H + 6), rx=7, fill=PAPER, stroke=HIGHLIGHT,
                              class_="legal-glow", **{"stroke-width": 3, "fill-opacity": 0}))
        else:
            cell = dwg.g(class_="card" if card in playable or not playable else "card dimmed",
                         opacity=1 if card in playable or not playable else 0.4)
            cell.add(_frozen_railway_card(card, x, y))
        cell.update({"data-card": card})
        group.add(cell)
    return group


def _hand_sizes(dwg: Any, view: TrickView, t: Translate, names: Sequence[str]) -> Any:
    """A spectator sees how many cards each player holds, never the cards: each player's name
    (cut to its column), their token and their count."""
    group = dwg.g(class_="hand-sizes")
    group.add(_heading(dwg, t("trick.hand_sizes"), HAND_X, TABLE_TOP - 12))
    chars = int((SEAT_STEP - 8) // (0.62 * 16))  # a bold glyph is about 0.62 em wide, as in `_fit`
    for player, size in enumerate(view["hand_sizes"]):
        x, y = seat_place(player)
        seat = dwg.g(class_="seat-hand", **{"data-seat": player})
        name = seat_label(player, names, t)
        seat.add(svg.titled_text(dwg, svg.shorten(name, chars), name, insert=(x, y + 6), fill=FELT_TEXT,
                         class_="name", **_font(16, "700", "start")))
        seat.add(svg.seat_token(dwg, player, (x + TOKEN_R, y + CARD_H / 2), TOKEN_R, **{"stroke-width": 1.2}))
        seat.add(dwg.text(t("trick.cards", n=size), insert=(x + 2 * TOKEN_R + 8, y + CARD_H / 2 + 6),
                          fill=FELT_TEXT, **_font(16, "600", "start")))
        group.add(seat)
    return group


# -- text alternative --------------------------------------------------------------------------

def describe(view: TrickView, t: Translate, names: Sequence[str] = ()) -> str:
    parts = []
    if view["seat"] is not None:
        parts.append(t("trick.describe.you_are", name=seat_label(view["seat"], names, t)))
    parts.append(" · ".join(_prompt(view, t, _mover(view, names, t))) + ".")
    # In words what the board shows by tokens: who played each card, how many cards each one holds.
    if view["trick"]:
        plays = [t("trick.describe.play", card=card_name(card), name=seat_label(player, names, t))
                 for player, card in map(_play, view["trick"])]
        parts.append(t("trick.describe.trick", plays=join(plays, t)))
    if view["hand"] is None:
        sizes = [t("trick.describe.card_count", name=seat_label(player, names, t), n=size)
                 for player, size in enumerate(view["hand_sizes"])]
        parts.append(t("trick.describe.card_counts", sizes=join(sizes, t)))
    for rail in view["railways"]:
        values = " ".join(str(v) for v in rail["values"])
        loco = rail["locomotive"] or t("trick.no_loco")
        parts.append(t("trick.describe.railway", company=rail["name"], values=values, loco=loco,
                       value=rail["share_value"]))
    if view["hand"]:
        parts.append(t("trick.describe.hand", cards=", ".join(card_name(c) for c in view["hand"])))
    return " ".join(parts)
