"""The move log reads in sections and turns, and keeps the whole game."""

from __future__ import annotations

from typing import Any

from random_play import play_random_game
from ui.controller import LogFeed
from ui.games import face_for
from ui.i18n import Translator
from ui.log import SHARED_LOG, LogEntry, log_entry
from ui.panels import log_html
from ui.table import Table

EN = Translator("en")
NAMES = ["Ann", "Bob <b>", "Cy"]


def entries(events: list[dict[str, Any]]) -> list[LogEntry]:
    made: list[LogEntry] = []
    for event in events:
        entry = log_entry(event, EN, NAMES, SHARED_LOG, made[-1] if made else None)
        if entry:
            made.append(entry)
    return made


def test_a_players_consecutive_lines_are_one_turn_and_sections_open_and_close() -> None:
    log = entries([
        {"type": "round_started", "round": 1, "start_player": 0},
        {"type": "card_played", "player": 0, "card": "BO 3"},
        {"type": "card_played", "player": 0, "card": "BO 4"},
        {"type": "card_played", "player": 1, "card": "NYC 2"},
        {"type": "trick_won", "player": 1, "card": "NYC 2"},
        {"type": "card_played", "player": 1, "card": "PRR 7"},
    ])
    assert [(e.kind, e.seat, e.turn) for e in log] == [
        ("head", None, False), ("move", 0, True), ("move", 0, False), ("move", 1, True),
        ("end", 1, False), ("move", 1, True)]  # after a section ends, the same player starts anew


def test_a_turns_first_line_carries_its_players_chip_and_names_are_escaped() -> None:
    log = entries([{"type": "passed", "player": 1}, {"type": "passed", "player": 1}])
    html = log_html(log)
    assert html.count('class="chip ') == 1 and 'class="chip seat-1"' in html
    assert "Bob &lt;b&gt;" in html and "<b>" not in html
    assert html.startswith('<li class="log-move log-turn">') and '<li class="log-move">' in html


def test_the_whole_game_is_in_the_log_not_only_its_end() -> None:
    state = play_random_game("freight_train", 5, 11)
    table = Table.from_record(state.record(), ["greedy"] * 5)
    feed = LogFeed()
    update = feed.update(table, face_for("freight_train"), EN)
    assert update is not None and update.reset
    lines = list(update.lines)
    while feed.behind(table):  # a long log comes in batches, each appended to the one before
        more = feed.update(table, face_for("freight_train"), EN, catching_up=True)
        assert more is not None and not more.reset
        lines += more.lines
    assert len(lines) > 200  # the old log kept only the last 200 lines
    assert lines[0].kind == "head"  # the game's first line is there
    assert lines[-1].kind == "end"  # and its last
