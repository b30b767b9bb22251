"""The Trick of the Rails table at the sizes it is played at: the board's shape, the hand beside the
trick, text large enough for a projector, the companies table of the side panel and of the final
breakdown, the status line, and a played card's way to the trick."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from games import get_game
from games.trick_of_the_rails.cards import CARD_COMPANY, COMPANIES
from random_play import play_random_game
from svg_checks import NS, PLAYERS, by_class, parse, sampled, spy, t, targets, well_formed
from ui.games.trick_of_the_rails import draw
from ui.games.trick_of_the_rails.face import FACE
from ui.i18n import Translator

CSS = Path(__file__).resolve().parents[2] / "styles" / "trick_of_the_rails.css"
Box = tuple[float, float, float, float]  # left, top, right, bottom

# The board's box in CSS px: a 1366x768 laptop, a 1920x1080 screen, the projector at 1920x1080.
LAPTOP, WIDE, PROJECTOR = (990, 690), (1380, 980), (1320, 990)


def view_box() -> tuple[float, float]:
    left, top, width, height = (float(v) for v in parse(draw.draw_map(t)).get("viewBox", "").split())
    assert (left, top) == (0, 0)
    return width, height


def scale(box: tuple[int, int]) -> float:
    """CSS px per unit when the board fits `box` whole."""
    width, height = view_box()
    return min(box[0] / width, box[1] / height)


def extent(element: ElementTree.Element) -> Box:
    """The box around the rectangles of an element (a card, a place in the trick)."""
    rects = [(float(r.get("x", 0)), float(r.get("y", 0)), float(r.get("width", 0)), float(r.get("height", 0)))
             for r in element.iter(NS + "rect")]
    return (min(x for x, _, _, _ in rects), min(y for _, y, _, _ in rects),
            max(x + w for x, _, w, _ in rects), max(y + h for _, y, _, h in rects))


def card_at(element: ElementTree.Element) -> tuple[float, float]:
    """Top left of the card an element holds: its first card-sized rectangle (rings are larger)."""
    return next((float(r.get("x", 0)), float(r.get("y", 0))) for r in element.iter(NS + "rect")
                if float(r.get("width", 0)) == draw.CARD_W)


def positions(players: int, seed: int) -> Iterator[tuple[dict[str, Any], dict[str, Any], list[str]]]:
    yield from sampled("trick_of_the_rails", players, seed, {"mixed_line": seed % 2 == 0}, 3)


# -- 1. the board's shape, the hand beside the trick ----------------------------------------------

def test_the_board_is_wide_and_readable_in_the_box_of_a_laptop_and_a_wide_screen() -> None:
    width, height = view_box()
    assert 1.4 <= width / height <= 1.5
    # The whole board fits the box at about its own size: the smallest text stays 15 px on a laptop.
    assert scale(LAPTOP) * draw.SMALL >= 15
    assert scale(WIDE) >= 1.35


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_hand_lies_beside_the_trick_above_the_railways(players: int) -> None:
    """From a full hand (15 cards at three players) to the last card: every card of the hand is
    inside the drawing, at the right of every place of the trick and level with it, and every railway
    lies below the hand and the trick."""
    width, height = view_box()
    seen_full = False
    for view, _, legal in positions(players, players):
        if view["hand"] is None or view["phase"] != "play":
            continue
        root = parse(draw.draw_position(view, legal, t))
        cards = [extent(e) for e in by_class(root, "hand")[0].iter() if e.get("data-card")]
        assert len(cards) == len(view["hand"])
        seen_full |= len(cards) == get_game("trick_of_the_rails").new_state(players, 1, {}).view(0)["tricks"]
        trick = [extent(e) for e in by_class(root, "played") + by_class(root, "place")]
        assert len(trick) == players
        rails = [extent(e) for e in by_class(root, "railway")]
        for left, top, right, bottom in cards:
            assert left >= 0 and right <= width and top >= 0 and bottom <= height
            assert left > max(box[2] for box in trick)
            assert bottom < min(box[1] for box in rails)
        # Side by side: the trick's cards and the hand's share a band of the board.
        trick_top, trick_bottom = min(box[1] for box in trick), max(box[3] for box in trick)
        assert any(top < trick_bottom and bottom > trick_top for _, top, _, bottom in cards)
        assert max(box[3] for box in trick) < min(box[1] for box in rails)
    assert seen_full


# -- 7. projector ---------------------------------------------------------------------------------

Sized = tuple[float, str, str]  # a text's font size, the text, and its own and its ancestors' classes


def font_sizes(root: ElementTree.Element) -> Iterator[Sized]:
    """Every text drawn, its size from itself or the nearest group that sets one."""
    def walk(element: ElementTree.Element, inherited: float | None, classes: str) -> Iterator[Sized]:
        size = float(element.get("font-size", inherited or 0)) or None
        classes = f"{classes} {element.get('class') or ''}"
        if element.tag == NS + "text":
            assert size is not None, element.text
            yield size, "".join(element.itertext()), classes
        for child in element:
            yield from walk(child, size, classes)
    yield from walk(root, None, "")


def projector_hides(name: str) -> bool:
    css = CSS.read_text()
    rule = re.search(r'html\[data-display="projector"\][^{]*\.' + name + r"\s*\{([^}]*)\}", css)
    return rule is not None and "display: none" in rule.group(1)


def test_every_text_is_20_css_px_on_the_projector_but_fine_print_it_hides() -> None:
    least = 20 / scale(PROJECTOR)
    assert projector_hides("fine")
    drawn = [parse(draw.draw_map(t))]
    for players in (3, 4, 5):
        for view, spectator, legal in positions(players, players + 10):
            drawn += [parse(draw.draw_position(view, legal, t)), parse(draw.draw_position(spectator, [], t))]
    fine = 0
    for root in drawn:
        for size, text, classes in font_sizes(root):
            if "fine" in classes.split():
                fine += 1
                continue
            assert size >= least, (text, size)
    assert fine  # the cities' names on the line are fine print


# -- 2. the side panel ----------------------------------------------------------------------------

def test_the_side_panel_has_a_row_per_company_and_a_narrow_column_per_player() -> None:
    """Five players in a 340 px panel: companies are rows, so a row has two cells and one per player,
    each a share count; players are named by their names (escaped), never by number."""
    state = play_random_game("trick_of_the_rails", 5, 8, {})
    names = ["Ada", "<b>Basile</b>", "Chloé", "Dev", "Emma"]
    html = FACE.draw_side(state.view(1), t, names)
    assert "&lt;b&gt;Basile&lt;/b&gt;" in html and "<b>" not in html
    root = well_formed(html)
    table = root.find(".//table")
    assert table is not None and "trick-companies" in (table.get("class") or "")
    heads = table.findall("./thead/tr/th")
    assert len(heads) == 2 + 5
    assert [th.get("title") for th in heads[2:]] == names
    assert ["".join(th.itertext()).strip()[-len(name):] for th, name in zip(heads[2:], names, strict=True)] \
        == ["Ada", "<b>Basile</b>", "Chloé", "Dev", "Emma"]
    assert "viewer" in (heads[3].get("class") or "")
    for row in table.findall("./tbody/tr"):
        cells = ["".join(td.itertext()) for td in row.findall("td")]
        # short enough for a column of 40 px
        assert len(cells) == 1 + 5 and all(len(cell) <= 3 for cell in cells)
    items = ["".join(li.itertext()) for li in root.iter("li")]
    assert [item.split("trick.holds|")[1].split("name=")[1] for item in items] == \
        [f"{name}⟧" for name in names]
    css = CSS.read_text()
    assert re.search(r"\.results\.trick-companies \{[^}]*table-layout: fixed", css)
    assert re.search(r"\.results\.trick-companies \{[^}]*width: 100%", css)


# -- 3. the status line ---------------------------------------------------------------------------

def asked(view: dict[str, Any], legal: list[str]) -> str | None:
    words = FACE.prompt(view, legal, t)  # type: ignore[arg-type]
    return None if words is None else words.split("|")[0].strip("⟦⟧")


def test_the_status_line_says_what_the_player_to_move_does_now() -> None:
    seen: set[str] = set()
    for players, seed in ((3, 1), (4, 2)):
        for view, spectator, legal in sampled("trick_of_the_rails", players, seed, {"mixed_line": True}):
            key = asked(view, legal)
            assert asked(spectator, []) is None
            phase = view["phase"]
            if phase == "over":
                assert key is None
                continue
            if phase == "play":
                led = view["led"]
                holds = led is not None and any(CARD_COMPANY[card] == led for card in view["hand"])
                assert key == ("trick.ask.lead" if led is None else
                               "trick.ask.follow" if holds else "trick.ask.void")
                assert (key == "trick.ask.follow") == (led is not None and all(
                    CARD_COMPANY[move.split()[1]] == led for move in legal))
            else:
                assert key == f"trick.ask.{phase}"
            seen.add(str(key))
            other = {**view, "seat": (view["seat"] + 1) % players}
            assert asked(other, []) is None  # only the player to move is asked
    assert seen == {"trick.ask.lead", "trick.ask.follow", "trick.ask.void", "trick.ask.locomotive",
                    "trick.ask.city", "trick.ask.add"}


def test_a_forced_card_may_be_played_for_the_player() -> None:
    assert FACE.autoplay_forced is True


# -- 4. players named by their names ----------------------------------------------------------------

NAMED = ["Ada", "Basile <b>", "Chloé"]
SEAT_WORDING = re.compile(r"\b(player|joueur)\s*\d", re.IGNORECASE)


def words(root: ElementTree.Element) -> list[str]:
    """Every word a drawing says: its texts, <title>s and <desc>, and its targets' labels."""
    return ["".join(root.itertext()), *(e.get("aria-label") or "" for e in root.iter())]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_board_names_players_by_their_names_never_by_seat_number(lang: str) -> None:
    """The status line, the spectator's hand sizes, the text alternative and the frames of a card
    played name the players by their names (escaped in the SVG), in every phase."""
    tr = Translator(lang)
    phases = set()
    for view, spectator, legal in sampled("trick_of_the_rails", 3, 1, {"mixed_line": True}):
        mover = view["current_player"]
        phases.add(view["phase"])
        for seen, moves in ((view, legal), (spectator, [])):
            svg = draw.draw_position(seen, moves, tr, NAMED)
            assert "<b>" not in svg and ("Basile &lt;b&gt;" in svg or seen is view)
            root = parse(svg)
            assert not any(SEAT_WORDING.search(said) for said in words(root)), words(root)
            desc = root.find(NS + "desc")
            assert desc is not None and desc.text == draw.describe(seen, tr, NAMED)
            assert not SEAT_WORDING.search(desc.text)
            prompt = "".join(by_class(root, "prompt")[0].itertext())
            if mover is not None:
                assert NAMED[mover] in prompt and NAMED[mover] in desc.text
            for player, _ in seen["trick"]:
                assert NAMED[player] in desc.text
        if view["seat"] is not None:
            you = tr("trick.describe.you_are", name=NAMED[view["seat"]])
            assert draw.describe(view, tr, NAMED).startswith(you)
        root = parse(draw.draw_position(spectator, [], tr, NAMED))
        assert ["".join(e.itertext()) for e in by_class(root, "name")] == NAMED
        assert all(name in draw.describe(spectator, tr, NAMED) for name in NAMED)
    assert phases == {"play", "locomotive", "city", "add", "over"}


def test_with_names_no_seat_is_given_its_default_name() -> None:
    """With every name given, the drawing never falls back to "Player 2" (`seat.default_name`)."""
    keys: set[str] = set()
    speak = spy(keys)
    for view, spectator, legal in sampled("trick_of_the_rails", 4, 2, {}, 3):
        draw.draw_position(view, legal, speak, [*NAMED, "Dev"])
        draw.draw_position(spectator, [], speak, [*NAMED, "Dev"])
    assert "trick.prompt.play" in keys and "seat.default_name" not in keys


def test_a_long_name_ends_in_an_ellipsis_with_the_whole_name_in_its_title() -> None:
    """In a spectator's hand sizes a name longer than its column is cut, the whole of it in a
    <title>; the status line keeps within its room, saying the whole line in its <title>."""
    long = "Maximilien de Robespierre-Arras et Compagnie"
    tr = Translator("fr")
    state = get_game("trick_of_the_rails").new_state(5, 3, {})
    root = parse(draw.draw_position(state.view(None), [], tr, [long, "Ada", "Basile", "Chloé", "Dev"]))
    first = by_class(root, "name")[0]
    shown = "".join(e.text or "" for e in first.iter(NS + "tspan"))
    title = first.find(NS + "title")
    assert shown.endswith("…") and long.startswith(shown[:-1]) and title is not None and title.text == long
    assert len(shown) * 0.62 * 16 <= draw.SEAT_STEP - 8
    assert ["".join(e.itertext()) for e in by_class(root, "name")][1:] == ["Ada", "Basile", "Chloé", "Dev"]
    prompt = by_class(root, "prompt")[0]
    title = prompt.find(NS + "title")
    assert title is not None and long in (title.text or "")
    shown = "".join(e.text or "" for e in prompt.iter(NS + "tspan"))
    assert long not in shown and "Maximilien" in shown
    room = draw.PROMPT_ROOM
    assert len(shown) * 0.62 * 16 <= room or float(prompt.get("textLength", 0)) == room
    assert long in draw.describe(state.view(None), tr, [long, "Ada", "Basile", "Chloé", "Dev"])


# -- 5. the game-over breakdown -------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 5])
def test_the_breakdown_shows_what_each_company_paid_each_player(players: int) -> None:
    state = play_random_game("trick_of_the_rails", players, 20 + players, {})
    result, final = state.result().to_dict(), state.view(None)
    names = list(PLAYERS[:players])
    root = well_formed(FACE.breakdown(result, final, t, names))
    table = root.find(".//table")
    assert table is not None
    assert [th.get("title") for th in table.findall("./thead/tr/th")[2:]] == names
    rows = table.findall("./tbody/tr")
    assert [row.get("data-company") for row in rows] == list(COMPANIES)
    for row, rail in zip(rows, final["railways"], strict=True):
        company, value = rail["company"], rail["share_value"]
        train = "".join(row.find("th").itertext())  # type: ignore[union-attr]
        assert f"{rail['profit']}\u00a0−\u00a0{rail['cost']}" in train  # every company has a train at the end
        value_cell, *cells = row.findall("td")
        assert "".join(value_cell.itertext()) == str(value)
        for player, cell in enumerate(cells):
            count = result["breakdown"][player]["shares"][company]
            paid = result["breakdown"][player]["points"][company]
            assert paid == count * value
            assert "".join(cell.itertext()) == (f"{paid}{count}×{value}" if count else "·")
    totals = ["".join(td.itertext()) for td in table.findall("./tfoot/tr/td")]
    assert totals == ["", *map(str, result["scores"])]


# -- 6. a played card's way to the trick ----------------------------------------------------------

Step = tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]], str]


def moves_with_events(players: int, seed: int) -> Iterator[Step]:
    """(spectator view before, after, the move's events, the move) for every move of a random game."""
    game = get_game("trick_of_the_rails")
    record = play_random_game("trick_of_the_rails", players, seed, {}).record()
    state = game.new_state(players, seed, {})
    for move in record["moves"]:
        before, seen = state.view(None), len(state.events)
        state.apply(move)
        yield before, state.view(None), list(state.events[seen:]), move


def test_a_played_card_slides_from_its_hand_to_its_place_in_the_trick() -> None:
    width, height = view_box()
    kinds = set()
    for before, after, events, move in moves_with_events(4, 3):
        frames = FACE.frames(before, after, events, t)  # type: ignore[arg-type]
        if not move.startswith("play "):
            assert frames == []
            continue
        card = move.split()[1]
        player = next(e["player"] for e in events if e["type"] == "card_played")
        won = next((e for e in events if e["type"] == "trick_won"), None)
        cleared = won is not None and not after["trick"]
        kinds.add("won and cleared" if cleared else "won" if won else "played")
        assert len(frames) == (4 if cleared else 3)
        roots = [parse(frame) for frame in frames]
        start, end = draw.seat_place(player), draw.trick_place(len(before["trick"]))
        distances = []
        for root in roots:
            assert root.get("viewBox") == f"0 0 {width:g} {height:g}" and not targets(root)
        for root in roots[:2]:
            moving = by_class(root, "moving")
            assert [e.get("data-moving") for e in moving] == [card]
            left, top = card_at(moving[0])
            assert min(start[0], end[0]) <= left <= max(start[0], end[0])
            distances.append(abs(left - end[0]) + abs(top - end[1]))
            assert [e.get("data-card") for e in by_class(root, "played")] == [c for _, c in before["trick"]]
        assert distances[0] > distances[1] > 0  # on its way, closer in each frame
        for root in roots[2:]:
            assert not by_class(root, "moving")
            played = by_class(root, "played")
            assert [e.get("data-card") for e in played] == [c for _, c in before["trick"]] + [card]
            assert card_at(played[-1]) == end
            ringed = [e.get("data-seat") for e in played if by_class(e, "winner")]
            assert ringed == ([str(won["player"])] if won else [])
    assert kinds == {"played", "won", "won and cleared"}


def test_the_frames_of_a_card_played_name_the_players() -> None:
    tr = Translator("en")
    names = [*NAMED, "Dev"]
    seen = 0
    for before, after, events, _move in moves_with_events(4, 3):
        for frame in FACE.frames(before, after, events, tr, names):  # type: ignore[arg-type]
            root = parse(frame)
            assert not any(SEAT_WORDING.search(said) for said in words(root))
            assert [e.text for e in by_class(root, "name")] == names  # a spectator's hand sizes
            seen += 1
    assert seen
