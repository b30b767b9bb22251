"""The new-game form: index.html holds the fragments Python draws, so the lobby works before Python is
ready and does not change when Python takes over."""

from __future__ import annotations

import sys
from pathlib import Path

from ui.i18n import Translator
from ui.lobby import games_html, lobby_options_html, lobby_seats_html, player_count_html, seat_count

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from build_lobby import INDEX, with_fragments

EN = Translator("en")
GAMES = ["transamerica", "trick_of_the_rails", "freight_train", "locomotion"]


def test_index_html_holds_the_forms_fragments_as_python_draws_them() -> None:
    page = INDEX.read_text(encoding="utf-8")
    assert with_fragments(page) == page, "run `python3 tools/build_lobby.py`"


def test_the_form_holds_every_seat_and_every_games_options_and_shows_the_chosen_ones() -> None:
    assert seat_count(GAMES) == (2, 6)
    seats = lobby_seats_html(GAMES, 3, EN, [("human", "Ann"), ("friend", "")])
    assert seats.count('class="seat"') == 6 and seats.count(" hidden") == 3
    assert 'value="Ann"' in seats and '<option value="friend" selected' in seats
    options = lobby_options_html(GAMES, "freight_train", EN, {("transamerica", "visible_cards"): True})
    assert options.count('class="game-options"') == 4
    assert '<div class="game-options" data-game="freight_train">' in options  # the chosen game's: shown
    assert ('data-game="transamerica" hidden><label class="check">'
            '<input type="checkbox" name="visible_cards" checked>') in options
    counts = player_count_html(GAMES, "trick_of_the_rails", 4)
    assert "<option hidden disabled>2</option>" in counts and "<option selected>4</option>" in counts
    assert "<option hidden disabled>6</option>" in counts
    games = games_html(GAMES, "locomotion", EN)
    assert 'value="locomotion" data-min="2" data-max="4" checked' in games
