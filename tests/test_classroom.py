"""Class games: every group gets the same deal, and the results page counts only finished games of
that very deal, ranks the groups and exports them."""

from __future__ import annotations

import csv
import io

import pytest

from random_play import played_class_game as played
from ui.classroom import (
    class_game,
    group_result,
    new_class_game,
    pasted_links,
    ranked,
    results_chart_svg,
    results_csv,
    results_html,
)
from ui.i18n import Translator
from ui.links import BadLink
from ui.table import Table

EN = Translator("en")
SEATS = ["human", "greedy", "human"]


def test_every_group_gets_the_same_deal_and_the_results_rank_the_groups() -> None:
    game = new_class_game("locomotion", SEATS, seed=42, options={})
    assert class_game(game.text) == game and game.record["moves"] == []
    first = Table.new("locomotion", SEATS, 42, {}, [])
    assert first.state.view(None) == Table.new("locomotion", SEATS, 42, {}, []).state.view(None)

    links = [played(game.text, ["Ann", "", "Bob"], 1), played(game.text, ["Cy", "", "Di"], 2),
             played(game.text, ["Ed", "", "Flo"], 3)]
    rows = [group_result(game, link) for link in links]
    order = ranked(game, rows)
    totals = [row.scores[0] + row.scores[2] for _rank, row in order]
    assert totals == sorted(totals, reverse=True) and order[0][0] == 1
    html = results_html(game, rows, EN)
    assert "Ann and Bob" in html and html.count("<tr>") == 1 + 3
    assert results_chart_svg(game, rows, EN).count("<rect") == 3 * 3

    lines = list(csv.reader(io.StringIO(results_csv(game, rows, EN))))
    assert lines[0][:3] == ["Class rank", "Group", "Seat"] and len(lines) == 1 + 3 * 3
    best = order[0][1]
    assert lines[1][1] == f"{best.names[0]} and {best.names[2]}"
    assert [line[4] for line in lines[1:4]] == ["Human", "Bot: greedy", "Human"]


def test_results_of_another_deal_an_unfinished_game_or_a_damaged_link_are_refused() -> None:
    game = new_class_game("locomotion", SEATS, seed=42, options={})
    other = new_class_game("locomotion", SEATS, seed=43, options={})
    with pytest.raises(BadLink, match=r"error\.class_other"):
        group_result(game, played(other.text, ["A", "", "B"], 1))
    with pytest.raises(BadLink, match=r"error\.class_unfinished"):
        group_result(game, played(game.text, ["A", "", "B"], 1, moves=3))
    good = played(game.text, ["A", "", "B"], 1)
    tampered = good[:-6] + ("A" if good[-6] != "A" else "B") + good[-5:]
    with pytest.raises(BadLink):
        group_result(game, tampered)
    with pytest.raises(BadLink, match=r"error\.class_link"):
        class_game(good)  # a finished game is no class game's start


def test_pasted_links_are_read_one_per_line_or_space() -> None:
    text = "https://x.org/#play=AbC-1\n\n  #play=dEf_2.  ghi3\n"
    assert pasted_links(text) == ["AbC-1", "dEf_2", "ghi3"]
