"""The Freight Train drawing: each SVG shows what the view holds, and its targets plus the face's
action buttons are exactly the legal moves of the seat to move.

Positions come from real random games (`tests/random_play.py`) for every player count, with and
without cabooses, so every phase (turn, main, private, arrange, over) is drawn. SVG is checked as
XML, by the classes and data attributes the page and these tests rely on. What every game's drawing
does (targets and buttons exactly the legal moves, text alternative, words through `t`, keys in the
catalog) is in `test_faces.py`, which draws the positions of `GAMES` and runs `check_position` and
`check_game` below on them.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any
from xml.etree import ElementTree

import pytest

from games import get_game
from games.core import finish
from games.freight_train.cards import CAR_TYPES, CATEGORIES
from random_play import play_random_game
from svg_checks import NS, PLAYERS, Drawing, Drawn, Shot, by_class, parse, sampled, t
from ui.games.freight_train import draw as ft
from ui.games.freight_train import face as face
from ui.i18n import Translator
from ui.log import signed

SAMPLE = 13  # draw every 13th position, and the first of each phase: all phases, in a few seconds


def cars_in(element: ElementTree.Element) -> list[str]:
    return [e.get("data-car") for e in by_class(element, "car")]


def snapshots(players: int, seed: int, options: dict[str, Any], every: int = SAMPLE) -> list[Shot]:
    """A sample of the moves of a game, always including the first position of each phase."""
    return sampled("freight_train", players, seed, options, every)


# For test_faces.py: the random games drawn (a sample of positions), no names, buttons off the board.
GAMES = [(2, 1, {"cabooses": False}, SAMPLE), (3, 2, {"cabooses": True}, SAMPLE),
         (4, 3, {"cabooses": False}, SAMPLE), (5, 4, {"cabooses": True}, SAMPLE)]
NAMES: set[str] = set()
ACTIONS_ON_BOARD = False


@pytest.fixture(scope="module", params=GAMES,
                ids=lambda g: f"{g[0]}p-seed{g[1]}-{'cabooses' if g[2]['cabooses'] else 'basic'}")
def game(request: pytest.FixtureRequest) -> list[Shot]:
    players, seed, options, every = request.param
    return snapshots(players, seed, options, every)


def check_common(root: ElementTree.Element, view: dict[str, Any]) -> None:
    """Every public car where the view puts it: main yard, private yards, trains; the deck's gauge."""
    main = by_class(by_class(root, "main-yard")[0], "main")
    assert [cars_in(row) for row in main] == view["main_yard"]
    strips = by_class(root, "player")
    assert [int(s.get("data-seat")) for s in strips] == list(range(view["players"]))
    for seat, strip in enumerate(strips):
        assert [cars_in(row) for row in by_class(strip, "private")] == view["yards"][seat]
        trains = by_class(strip, "train")
        assert [(e.get("data-kind"), cars_in(e), bool(by_class(e, "caboose"))) for e in trains] == [
            (train["kind"], train["cars"], train["caboose"]) for train in view["trains"][seat]]
        spare = view["locos"][seat] - len(view["trains"][seat])
        spares = [int(e.get("data-spare")) for e in by_class(strip, "spare-locos")]
        assert spares == ([spare] if spare else [])
    gauge = by_class(root, "deck-gauge")[0]
    assert int(gauge.get("data-cars")) == view["deck"]["cars"]
    assert len(by_class(gauge, "end-window")) == (view["deck"]["end_card"] is not None)


def check_position(shot: Drawn) -> None:
    root, legal = shot.board, shot.legal
    check_common(root, shot.view)
    # Each source with a legal move is ringed: its open-end car is what moves.
    sources = {move.split(">")[0] for move in legal if move[0] in "my" and move[1].isdigit()}
    assert len(by_class(root, "source")) == len(sources)
    # A spectator sees no car that the view does not hold.
    spectator, watcher = shot.spectator, shot.watcher
    check_common(watcher, spectator)
    public = Counter(car for row in spectator["main_yard"] for car in row)
    for seat in range(spectator["players"]):
        public.update(car for row in spectator["yards"][seat] for car in row)
        public.update(car for train in spectator["trains"][seat] for car in train["cars"])
    board = Counter(cars_in(by_class(watcher, "main-yard")[0]))
    for strip in by_class(watcher, "player"):
        board.update(cars_in(strip))
    assert board == public


def check_game(drawing: Drawing) -> None:
    assert {view["phase"] for view, _, _ in drawing.shots} >= {"turn", "main", "over"}
    assert {f"freight.code.{car}" for car in CAR_TYPES} <= drawing.keys
    assert {"freight.aria.take", "freight.prompt.main", "freight.standings"} <= drawing.keys


def test_every_phase_is_reached_over_the_games() -> None:
    phases = {view["phase"] for players, seed, options, _ in GAMES[:2]
              for view, _, _ in snapshots(players, seed, options, every=10**6)}
    assert phases == {"turn", "main", "private", "arrange", "over"}


def test_side_panel_standings_and_days(game: list[Shot]) -> None:
    mid_day = next(view for view, _, _ in game if view["days"] == [] and any(view["trains"]))
    html = face.FACE.draw_side(mid_day, t, PLAYERS)
    assert "freight.standings" in html and "freight.past_days" not in html
    kinds = {train["kind"] for trains in mid_day["trains"] for train in trains}
    with_trains = [c for c in CATEGORIES if c in kinds]
    assert re.findall(r'data-category="(\w+)"', html) == with_trains
    for category in with_trains:
        for points in mid_day["standings"][category]:
            assert not points or f"<strong>{points}</strong>" in html
    final = game[-1][1]
    assert final["phase"] == "over" and len(final["days"]) == 3
    html = face.FACE.draw_side(final, t, PLAYERS)
    assert "freight.past_days" in html
    for points in final["points"]:
        assert f"<strong>{points}</strong>" in html


def test_interlude_shows_each_day_scored() -> None:
    state = play_random_game("freight_train", 3, 7, {"cabooses": True})
    view = state.view(None)
    scored = [event for event in state.events if event["type"] == "day_scored"]
    assert [event["day"] for event in scored] == [1, 2, 3]
    for event in scored:
        title, body, overlay, _board = face.FACE.interlude(event, view, t, ["Ann", "Bob", ""])
        assert f"day={event['day']}" in title and overlay == ""
        assert "Ann" in body and "Bob" in body and "seat.default_name" in body
        ElementTree.fromstring(body)  # well-formed
        for total in event["points"]:
            assert f"<strong>{signed(total)}</strong>" in body
        for entry in view["days"][event["day"] - 1]:
            assert f'<td class="num">{signed(entry["yard"])}</td>' in body
    others = {event["type"] for event in state.events} - {"day_scored"}
    assert all(face.FACE.interlude({"type": kind}, view, t, []) is None for kind in others)


def test_describe_names_the_viewer_and_every_player(game: list[Shot]) -> None:
    view, spectator, _ = game[1]
    assert "freight.describe.you" in ft.describe(view, t)
    text = ft.describe(spectator, t)
    assert "freight.describe.you" not in text
    assert text.count("freight.describe.player") == spectator["players"]
    assert text.count("freight.describe.row") == 5


# -- players named, never numbered ---------------------------------------------------------------

NAMED = ["Ada", "Basile <b>", "Chloé"]
# A player named by seat number in words, in English or French, or a key still given the seat.
SEAT_WORDING = re.compile(r"\b(player|joueur) \d|seat=", re.IGNORECASE)


def words(root: ElementTree.Element) -> list[str]:
    """Every text a reader meets on a board: drawn texts, titles, the description and labels."""
    texts = ["".join(e.itertext()) for e in root.iter() if e.tag in (NS + "text", NS + "title", NS + "desc")]
    return texts + [e.get("aria-label", "") for e in root.iter()]


def prompt_of(root: ElementTree.Element) -> str:
    return " ".join(e.text or "" for e in by_class(root, "prompt")[0].iter(NS + "text"))


def test_the_board_and_its_description_name_the_players() -> None:
    seen = set()
    for view, spectator, legal in sampled("freight_train", 3, 2, {"cabooses": True}, 7):
        for shown, moves in ((view, legal), (spectator, [])):
            drawn = ft.draw_position(shown, moves, t, NAMED)
            assert "<b>" not in drawn and "Basile &lt;b&gt;" in drawn  # the name escaped
            root = parse(drawn)
            assert not [text for text in words(root) if SEAT_WORDING.search(text)]
            desc = root.find(NS + "desc").text or ""
            assert "⟦freight.describe.player|locos=" in desc
            assert all(f"name={name}," in desc for name in NAMED)
            if shown["seat"] is not None:
                assert f"⟦freight.describe.you|name={NAMED[shown['seat']]}⟧" in desc
            mover = shown["current_player"]
            if mover is None:
                continue
            assert f"⟦freight.prompt.seat|name={NAMED[mover]}⟧" in prompt_of(root)
            for heading in by_class(root, "yard-of"):
                assert heading.text == f"⟦freight.yard_of|name={NAMED[mover]}⟧"
                seen.add(mover)
            tokens = [strip.find(NS + "g") for strip in by_class(root, "player")]
            assert [token.find(NS + "title").text for token in tokens] == NAMED  # the token says whose
    assert seen == {0, 1, 2}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_seat_number_in_words_in_either_language(lang: str) -> None:
    tr = Translator(lang)
    for view, spectator, legal in sampled("freight_train", 3, 2, {"cabooses": True}, 11):
        for shown, moves in ((view, legal), (spectator, [])):
            root = parse(ft.draw_position(shown, moves, tr, NAMED))
            assert not [text for text in words(root) if SEAT_WORDING.search(text)]
            if shown["current_player"] is not None:
                assert NAMED[shown["current_player"]] in prompt_of(root)


def test_without_names_a_seat_is_its_default_name() -> None:
    view = sampled("freight_train", 2, 1, {"cabooses": False}, 10**6)[1][0]
    text = ft.describe(view, t)
    assert f"⟦freight.describe.you|name=⟦seat.default_name|n={view['seat'] + 1}⟧⟧" in text


def test_the_interlude_board_names_the_players() -> None:
    game = get_game("freight_train")
    state = play_random_game("freight_train", 3, 7, {"cabooses": True})
    day1 = next(e for e in state.events if e["type"] == "day_scored" and e["day"] == 1)
    before = game.replay(state.record(), day1["ply"]).view(None)
    screen = face.FACE.interlude(day1, before, t, NAMED)
    assert screen is not None and screen.board is not None
    root = parse(screen.board)
    assert all(f"name={name}," in (root.find(NS + "desc").text or "") for name in NAMED)
    assert not [text for text in words(root) if SEAT_WORDING.search(text)]


def test_a_move_draws_again_only_the_strips_it_changed() -> None:
    """A player's strip is drawn once per content (a move changes one or two of up to five): the others
    come from what was drawn before, and the board is the same as drawn afresh."""
    names = [*NAMED, "Dora"]
    ft._strip.cache_clear()
    shown = drawn = 0
    before: list[ft.Strip] = []
    for view, _, legal in sampled("freight_train", 4, 3, {"cabooses": True}, 1):
        misses = ft._strip.cache_info().misses
        board = ft.draw_position(view, legal, t, names)
        new = ft._strip.cache_info().misses - misses
        strips = ft.strips(view, ft._group_moves(legal), t, names, ft._words(t))
        assert new <= sum(strip not in before for strip in strips)
        drawn += new
        shown += len(strips)
        before = strips
        if view["phase"] == "main":
            ft._strip.cache_clear()
            assert ft.draw_position(view, legal, t, names) == board
    assert drawn < 0.4 * shown, (drawn, shown)


@pytest.mark.parametrize("players", [2, 5])
def test_a_board_drawn_in_steps_draws_a_strip_a_step_and_is_the_board_drawn_at_once(players: int) -> None:
    """Drawn afresh (a link's last position), a board's strips are most of its drawing: its steps draw
    one each, and the board they end with finds them all drawn."""
    view, _, legal = sampled("freight_train", players, 5, {}, 40)[-1]
    at_once = ft.draw_position(view, legal, t, NAMED)
    ft._strip.cache_clear()
    drawn_by_step: list[int] = []
    in_steps = finish(face.FACE.position_steps(view, legal, t, NAMED),
                      lambda: drawn_by_step.append(ft._strip.cache_info().misses))
    assert drawn_by_step == list(range(1, players + 1))
    assert ft._strip.cache_info().misses == players and in_steps == at_once


class Switchable:
    """A translation function whose language changes under it, as the table's does."""

    def __init__(self) -> None:
        self.tr = Translator("en")

    def __call__(self, key: str, /, **params: Any) -> str:
        return self.tr(key, **params)


def test_a_strip_drawn_in_one_language_is_not_shown_in_another() -> None:
    view, _, legal = sampled("freight_train", 3, 2, {"cabooses": True}, 40)[3]
    switchable = Switchable()
    english = ft.draw_position(view, legal, switchable, NAMED)
    switchable.tr = Translator("fr")
    french = ft.draw_position(view, legal, switchable, NAMED)
    ft._strip.cache_clear()
    assert french == ft.draw_position(view, legal, Translator("fr"), NAMED) != english
