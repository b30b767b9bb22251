"""What every game's face does, checked once for every game of the engine registry.

The table screen reaches a game through its `Face` only (`ui.games.face_for`): the map, the position
and its targets, the text alternative, the side panel, the scores, the screens between rounds, the
action buttons. Each game's own drawing test, `test_<game>_draw.py`, keeps what is specific to it and
names what this file needs of it:

* `GAMES`: the random games drawn here, as (players, seed, options, every): every `every`-th
  position, the first of each phase and the end, each for the seat to move and for a spectator;
* `NAMES`: the proper names its board draws as they are (cities), not through `t`;
* `ACTIONS_ON_BOARD`: whether the board also draws the moves the face offers as buttons;
* `check_position(shot)`: what one drawn position shows, for the seat to move and for a spectator;
* `check_game(drawing)`: what its random game reached (phases, kinds of moves, keys asked for).
"""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from games import GAME_IDS, get_game
from games.core import State
from random_play import play_random_game
from svg_checks import (
    NS,
    PLAYERS,
    Drawing,
    Drawn,
    Shot,
    assert_targets,
    assert_text_alternative,
    assert_words_from_t,
    parse,
    sampled,
    spy,
    t,
    targets,
    well_formed,
)
from ui.games import face_for, playable_games
from ui.games.face import Face, Interlude
from ui.i18n import LANGUAGES, Translator, catalog
from ui.palette import SEATS
from ui.panels import seat_chip
from ui.svg import SHAPES

BOARDS: dict[str, ModuleType] = {game_id: import_module(f"test_{game_id}_draw") for game_id in GAME_IDS}
RANDOM_GAMES = [(game_id, *game) for game_id in GAME_IDS for game in BOARDS[game_id].GAMES]


def game_name(game: tuple[Any, ...]) -> str:
    game_id, players, seed, options, _every = game
    return f"{game_id}-{players}p-seed{seed}-{'+'.join(k for k, v in options.items() if v) or 'basic'}"


# -- the registry -----------------------------------------------------------------------------------

def test_every_engine_game_is_playable_and_has_a_face() -> None:
    assert playable_games() == list(GAME_IDS)
    for game_id in GAME_IDS:
        assert isinstance(face_for(game_id), Face)
        assert BOARDS[game_id].GAMES  # and its drawing test, with random games to draw


# Moves random play (almost) never offers, reached by a line of legal moves instead: seat 1 of a
# 4-player TransAmerica game with blocking markers, walled in at Seattle (test_transamerica_rules).
LINES: dict[str, list[tuple[int, int, dict[str, Any], list[str]]]] = {
    "transamerica": [(4, 1, {"blocking_markers": True}, [
        "marker 1,1", "marker 0,0", "marker 1,0", "marker 0,1", "track 1,1,E", "end", "track 0,0,SW", "end",
        "track 0,0,E", "end", "track 0,1,SW", "end", "track 0,0,SE", "end"])],
}


def offered(game_id: str, wanted: set[str]) -> set[str]:
    """The moves of `wanted` that the game offers as legal on the way of its lines and of random games
    (every player count, options all off then all on), stopping once all are found."""
    game = get_game(game_id)
    seen: set[str] = set()

    def note(state: State, _move: str | None = None) -> None:
        if not state.is_over():
            seen.update(move for move in state.legal_moves() if move in wanted)

    for players, seed, options, moves in LINES.get(game_id, []):
        state = game.new_state(players, seed, options)
        for move in moves:
            note(state)
            state.apply(move)
        note(state)
    for seed in range(40):
        for players in range(game.min_players, game.max_players + 1):
            if seen >= wanted:
                return seen
            options = {option.key: bool(seed % 2) for option in game.option_schema if option.kind == "bool"}
            play_random_game(game_id, players, seed, options, check=note)
    return seen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_action_buttons_are_moves_the_game_offers(game_id: str) -> None:
    actions = face_for(game_id).actions
    assert offered(game_id, set(actions)) == set(actions)
    english, french = catalog("en"), catalog("fr")
    assert all(label in english and label in french for label in actions.values())


# -- the map ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
def test_map_is_a_static_svg_with_a_text_alternative(game_id: str) -> None:
    face = face_for(game_id)
    keys: set[str] = set()
    drawn = face.draw_map(spy(keys))
    assert isinstance(drawn, str) and face.draw_map(t) == drawn  # drawn once per game and language
    root = parse(drawn)
    assert root.get("viewBox") and root.get("width") is None  # the page scales it
    assert_text_alternative(root)
    assert_words_from_t(root, BOARDS[game_id].NAMES)
    assert not targets(root)
    assert keys and keys <= set(catalog("en")), keys - set(catalog("en"))


# -- every position of random games -----------------------------------------------------------------

SIDE_EVERY = 6  # the side panel of every 6th position drawn, and of the end: its keys are noted too


@pytest.mark.parametrize(("game_id", "players", "seed", "options", "every"), RANDOM_GAMES,
                         ids=[game_name(game) for game in RANDOM_GAMES])
def test_every_position_draws_what_the_view_holds_and_exactly_the_legal_targets(
        game_id: str, players: int, seed: int, options: dict[str, Any], every: int) -> None:
    """Each position, for the seat to move and for a spectator, drawn through the face: checked here
    for what every game shares and by the game's `check_position`, then let go (kept, the parsed
    drawings would slow every later step down); then the game's `check_game` on what was drawn."""
    face, board = face_for(game_id), BOARDS[game_id]
    view_box = parse(face.draw_map(t)).get("viewBox")
    keys: set[str] = set()
    noting = spy(keys)
    positions = sampled(game_id, players, seed, options, every)
    for index, (view, spectator, legal) in enumerate(positions):
        shot = Drawn(view, spectator, legal, parse(face.draw_position(view, legal, noting)),
                     parse(face.draw_position(spectator, [], noting)))
        for root, seen, moves in ((shot.board, view, legal), (shot.watcher, spectator, [])):
            assert root.get("viewBox") == view_box  # the position layer lies exactly over the map
            assert_text_alternative(root)
            assert root.find(NS + "desc").text == face.describe(seen, t)
            assert_targets(root, moves, face.actions, board.ACTIONS_ON_BOARD)  # none for a spectator
            assert_words_from_t(root, board.NAMES)
            scores = face.scores(seen)
            assert scores is None or len(scores) == seen["players"]
            if index % SIDE_EVERY == 0 or index == len(positions) - 1:
                well_formed(face.draw_side(seen, noting, PLAYERS))
        board.check_position(shot)
    board.check_game(Drawing(players, options, positions, keys))
    assert positions[-1][0]["phase"] == "over"
    assert keys <= set(catalog("en")), keys - set(catalog("en"))
    if (players, seed, options, every) == board.GAMES[0]:
        check_repeatable(face, positions)


def check_repeatable(face: Face[Any], positions: list[Shot]) -> None:
    """A late position of the game's first random game, with the most targets, draws the same twice
    (nothing cached goes stale), and its title and every target's label come from `t`."""
    view, _, legal = max(positions[len(positions) // 2:], key=lambda shot: len(shot[2]))
    first = face.draw_position(view, legal, t)
    assert face.draw_position(view, legal, t) == first
    other = parse(face.draw_position(view, legal, lambda key, **p: "x" + t(key, **p)))
    assert other.get("aria-label").startswith("x⟦")
    labels = [e.get("aria-label") for e in targets(other)]
    assert labels and all(label.startswith("x⟦") for label in labels)


# -- beside the board, in every language ------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_face_speaks_every_language(game_id: str, lang: str) -> None:
    """Map, positions, text alternative, side panel, scores and the screens between rounds of a random
    game, in the language's own words: every key the face asks for is in that language's catalog."""
    face = face_for(game_id)
    keys: set[str] = set()
    speak = spy(keys, Translator(lang))
    assert isinstance(face.draw_map(speak), str)
    players, seed, options, every = BOARDS[game_id].GAMES[0]
    shots = sampled(game_id, players, seed, options, every)
    for view, spectator, legal in (shots[len(shots) // 2], shots[-1]):
        for seen, moves in ((view, legal), (spectator, [])):
            parse(face.draw_position(seen, moves, speak))
            assert isinstance(face.describe(seen, speak), str) and face.describe(seen, speak)
            well_formed(face.draw_side(seen, speak, PLAYERS))
            scores = face.scores(seen)
            assert scores is None or len(scores) == players
    state = play_random_game(game_id, players, seed, options)
    names = [f"P{seat}" for seat in range(players)]
    final, kinds = state.view(None), set()
    for event in state.events:
        screen = face.interlude(event, final, speak, names)
        if screen is None:
            continue
        kinds.add(event["type"])
        assert isinstance(screen, Interlude) and all(isinstance(part, str) for part in screen[:3])
        well_formed(screen.body)
        assert screen.title and (screen.overlay == "" or parse(screen.overlay) is not None)
        assert screen.board is None or parse(screen.board) is not None
    assert len(kinds) <= 1  # one kind of event (a round scored) has a screen, if any
    assert keys <= set(catalog(lang)), sorted(keys - set(catalog(lang)))


# -- shared pieces ----------------------------------------------------------------------------------

def contrast(a: str, b: str) -> float:
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_seat_styles_differ_in_colour_and_shape_and_their_numbers_are_legible() -> None:
    assert len(SEATS) == 6
    for field in ("colour", "shape", "symbol"):
        assert len({getattr(style, field) for style in SEATS}) == 6
    for style in SEATS:
        assert style.shape in SHAPES
        assert contrast(style.colour, style.ink) >= 4.5


def test_seat_chips_take_the_palette_colours_from_the_stylesheet() -> None:
    """The page's policy allows no style attribute: a chip names its seat's class, and the stylesheet
    gives each class the palette's colour."""
    css = (Path(__file__).parents[2] / "styles/app.css").read_text(encoding="utf-8")
    rules = dict(re.findall(r"\.chip\.seat-(\d+) \{ --seat: (#[0-9A-Fa-f]{6}); \}", css))
    assert rules == {str(seat): style.colour for seat, style in enumerate(SEATS)}
    for seat in range(len(SEATS) + 1):
        chip = seat_chip(seat)
        assert "style=" not in chip and f'class="chip seat-{seat % len(SEATS)}"' in chip
