"""Freight Train's score sheets and table aids: the end-of-day screen (places, ties, cabooses,
private yards, totals, the ended day's board), the game-over breakdown, the side panel's names, the
prompt, which board move is emphasised, the cars' full names, and the French glossary."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_freight_train_draw import check_common

from games import get_game
from games.freight_train.cards import CAR_TYPES, CATEGORIES
from games.freight_train.player import Player, Train
from games.freight_train.scoring import category_table
from games.freight_train.state import FreightTrainState
from games.freight_train.view import CategoryScore
from random_play import play_random_game
from svg_checks import NS, PLAYERS, by_class, parse, sampled, t, targets, well_formed
from ui.games.freight_train import draw, sheet
from ui.games.freight_train.face import FACE
from ui.log import signed

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ann", "Bob", "Cy", "Di"]


def finished(players: int = 4, seed: int = 3) -> FreightTrainState:
    state = play_random_game("freight_train", players, seed, {"cabooses": True})
    assert isinstance(state, FreightTrainState)
    return state


def entry(lengths: list[int], cabooses: list[bool] | None = None) -> CategoryScore:
    """A category as the engine scores it (its own rules, cabooses included)."""
    players = []
    for n, caboose in zip(lengths, cabooses or [False] * len(lengths), strict=True):
        player = Player(0, 0)
        player.trains = [Train("box", ["box"] * n, caboose)] if n else []
        players.append(player)
    return category_table(players)[CATEGORIES.index("box")]


def lines(html: str) -> list[str]:
    return re.findall(r"<li[^>]*>(.*?)</li>", html)


# -- one category: places, ties and cabooses -------------------------------------------------------

def test_a_lone_first_and_a_lone_second_are_named_with_their_length_and_points() -> None:
    text = lines(sheet.category_lines(entry([5, 3, 1]), NAMES, t))
    assert text == [
        "⟦freight.sheet.place.1|cars=⟦freight.sheet.cars|n=5⟧,count=1,points=⟦freight.sheet.plus|n=3⟧,who=Ann⟧",
        "⟦freight.sheet.place.2|cars=⟦freight.sheet.cars|n=3⟧,count=1,points=⟦freight.sheet.plus|n=1⟧,who=Bob⟧"]


def test_ties_are_marked_and_say_how_the_points_were_split() -> None:
    firsts = sheet.category_lines(entry([4, 4, 2]), NAMES, t)
    assert 'class="place place-1 tied"' in firsts and "place-2" not in firsts  # tied firsts: nobody second
    assert "freight.sheet.tied.1" in firsts and "freight.sheet.each|n=2" in firsts and "count=2" in firsts
    seconds = sheet.category_lines(entry([5, 2, 2, 0]), NAMES, t)
    assert "freight.sheet.tied.2" in seconds and "freight.sheet.no_points" in seconds
    four = sheet.category_lines(entry([1, 1, 1, 1]), NAMES, t)
    assert "count=4" in four and "freight.sheet.no_points" in four


def test_a_caboose_shows_what_it_doubled() -> None:
    html = sheet.category_lines(entry([3, 2, 1], [True, False, True]), NAMES, t)
    assert "freight.sheet.plus|n=3" in html  # the place shows the points before doubling
    assert "⟦freight.sheet.caboose|base=3,points=6,who=Ann⟧" in html
    assert "⟦freight.sheet.caboose_none|who=Cy⟧" in html  # third: nothing to double
    assert "Bob" in html and html.count('class="caboose"') == 2


# -- the end-of-day screen ------------------------------------------------------------------------

def test_the_last_day_screen_has_every_category_yard_and_total_and_its_board() -> None:
    state = finished()
    view = state.view(None)
    event = next(e for e in state.events if e["type"] == "day_scored" and e["day"] == 3)
    screen = FACE.interlude(event, view, t, NAMES)
    assert screen is not None and screen.board is not None
    body = well_formed(screen.body)
    scored = [e for e in state.events if e["type"] == "category_scored" and e["day"] == 3]
    shown = [li.get("data-category") for li in body.iter("li") if li.get("data-category")]
    assert shown == [e["category"] for e in scored if any(e["lengths"])]
    for e in scored:
        for p, caboose in enumerate(e["cabooses"]):
            if caboose and e["lengths"][p]:
                assert f"who={NAMES[p]}" in screen.body and "freight.sheet.caboose" in screen.body
    yard = next(e for e in state.events if e["type"] == "yard_scored" and e["day"] == 3)
    for p, (cars, points) in enumerate(zip(yard["cars"], yard["points"], strict=True)):
        assert f"points={signed(points)},who={NAMES[p]}" in screen.body and f"n={cars}" in screen.body
    totals = by_class(body, "day-totals")[0]
    for p, (total, score) in enumerate(zip(event["points"], event["scores"], strict=True)):
        row = next(r for r in totals.iter("tr") if r.get("data-seat") == str(p))
        cells = ["".join(c.itertext()) for c in row.iter("td")]
        assert cells[2:] == [signed(total), str(score)] and NAMES[p] in "".join(row.itertext())
    # Behind it, the day that ended: every train as it was scored, and nothing to click.
    board = parse(screen.board)
    check_common(board, view)
    assert not targets(board)


def test_an_earlier_day_screen_names_who_scored_each_category() -> None:
    game = get_game("freight_train")
    state = finished(3, 7)
    day1 = next(e for e in state.events if e["type"] == "day_scored" and e["day"] == 1)
    view = game.replay(state.record(), day1["ply"] + 1).view(None)  # the next day's start: the table's view
    screen = FACE.interlude(day1, view, t, PLAYERS)
    assert screen is not None and screen.board is None  # the trains are back in the deck
    well_formed(screen.body)
    for category in CATEGORIES:
        points = [day[category] for day in (entry["categories"] for entry in view["days"][0])]
        assert (f'data-category="{category}"' in screen.body) == any(points)
    for p, scored in enumerate(view["days"][0]):
        assert f"points={signed(scored['yard'])},who={PLAYERS[p]}" in screen.body
    # Given the view from before the day's last move, the screen has the trains and the board.
    before = game.replay(state.record(), day1["ply"]).view(None)
    screen = FACE.interlude(day1, before, t, PLAYERS)
    assert screen is not None and screen.board is not None and "freight.sheet.place.1" in screen.body


# -- the game over, the side panel and the prompt -----------------------------------------------

def test_the_breakdown_gives_each_day_per_category_and_the_totals() -> None:
    state = finished()
    result = state.result().to_dict()
    html = FACE.breakdown(result, state.view(None), t, NAMES)
    root = well_formed(html)
    tables = list(root.iter("table"))
    assert len(tables) == 4  # one per day, then the summary
    for d, table in enumerate(tables[:3]):
        days = [detail["days"][d] for detail in result["breakdown"]]
        rows = {"".join(r.find("th").itertext()): ["".join(c.itertext()) for c in r.iter("td")]
                for r in table.iter("tr") if r.find("td") is not None}
        for category in CATEGORIES:
            points = [day["categories"][category] for day in days]
            label = f"⟦freight.type.{category}⟧"
            assert (label in rows) == any(points)
            if any(points):
                assert rows[label] == [str(n) if n else "·" for n in points]
        assert rows["⟦freight.yard⟧"] == [signed(day["yard"]) for day in days]
        assert rows["⟦freight.day_total⟧"] == [signed(day["total"]) for day in days]
    summary = tables[3]
    last = [r for r in summary.iter("tr")][-1]
    assert ["".join(c.itertext()) for c in last.iter("td")] == [str(s) for s in result["scores"]]
    assert all(name in html for name in NAMES)


def test_the_side_panel_names_the_players() -> None:
    view = finished(3, 7).view(None)
    html = FACE.draw_side(view, t, ["Ann", "Bob", "Cy"])
    heads = re.findall(r'<span class="seat-name">(.*?)</span>', html)
    assert heads == ["Ann", "Bob", "Cy"] * 2  # the standings and the days scored
    long = FACE.draw_side(finished(4, 3).view(None), t, ["Anastasia", "Bob", "Cy", "Di"])
    assert 'title="Anastasia"' in long  # four players share 340 px: a long name is whole on hover


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2)])
def test_the_prompt_says_what_to_do_in_every_phase(players: int, seed: int) -> None:
    asked: dict[str, set[str]] = {}
    for view, _, legal in sampled("freight_train", players, seed, {"cabooses": True}, 10**6):
        text = FACE.prompt(view, legal, t)
        assert text and "seat=" not in text  # the status line is for the player to move: no number
        asked.setdefault(view["phase"], set()).add(text.split("|")[0])
        if legal == ["done"]:
            assert text == "⟦freight.prompt.confirm⟧"
        if legal == ["pass"]:
            assert text == "⟦freight.prompt.pass⟧"
    assert {"⟦freight.prompt.turn⟧", "⟦freight.prompt.over⟧"} <= set().union(*asked.values())
    assert "⟦freight.prompt.main" in asked["main"]


# -- what the board emphasises ------------------------------------------------------------------------

def test_the_natural_move_is_emphasised_never_a_penalty() -> None:
    assert draw.suggested(["m0>y1", "m1>new", "m2>t0", "y0>t0", "fill 3", "caboose>t0"]) == {"m2>t0", "y0>t0"}
    assert draw.suggested(["m0>y0", "m0>mixed"]) == {"m0>mixed"}
    assert draw.suggested(["fill 1", "fill 2"]) == {"fill 1", "fill 2"}  # a refill only when nothing else
    assert draw.suggested(["caboose>t1", "arrange", "loco"]) == {"caboose>t1"}
    # The panel's emphasised (first) button is never rearranging, which costs a point.
    assert list(FACE.actions)[-1] == "arrange"


def test_the_yellow_ring_marks_exactly_the_suggested_targets() -> None:
    seen = 0
    for view, _, legal in sampled("freight_train", 3, 2, {"cabooses": True}, 7):
        if view["seat"] is None:
            continue
        root = parse(draw.draw_position(view, legal, t))
        ringed = {e.get("data-move") for e in targets(root) if by_class(e, "suggested")}
        assert ringed == draw.suggested(legal)
        seen += bool(ringed)
    assert seen


# -- cars named without the legend ------------------------------------------------------------------

def test_every_car_has_its_full_name_and_playable_ones_a_label() -> None:
    for view, _, legal in sampled("freight_train", 4, 3, {"cabooses": True}, 11):
        root = parse(draw.draw_position(view, legal, t))
        for car in by_class(root, "car"):
            assert car.find(NS + "title").text == f"⟦freight.type.{car.get('data-car')}⟧"
        for element in [*by_class(root, "loco"), *by_class(root, "caboose")]:
            assert element.get("data-move") or element.find(NS + "title") is not None
        sources = by_class(root, "source")
        assert all(s.get("aria-label", "").startswith(("⟦freight.aria.main_car", "⟦freight.aria.yard_car"))
                   for s in sources)
    legend = parse(draw.draw_map(t))
    assert {c.find(NS + "title").text for c in by_class(legend, "car")} == {
        f"⟦freight.type.{car}⟧" for car in CAR_TYPES}


# -- one French word per thing ------------------------------------------------------------------------

FREIGHT_LOG = ("log.car_moved", "log.yard_", "log.row_filled", "log.end_card", "log.caboose", "log.day_",
               "log.loco_mobilised", "log.category_scored")
# The rules page's vocabulary (rules/freight_train.fr.html): yards are "triages", their rows "voies",
# the train of mixed cars "train mixte"; the printed rule's synonyms must not creep in.
SYNONYMS = ("entrepôt", "rangée", "train mélangé", "butoir", "manche", "fin de journée")


def test_french_uses_one_word_per_thing() -> None:
    texts: dict[str, Any] = json.loads((ROOT / "py/ui/locales/fr.json").read_text(encoding="utf-8"))
    ours = {k: v for k, v in texts.items() if k.startswith("freight.") or k.startswith(FREIGHT_LOG)}
    for key, text in ours.items():
        assert not any(word in text.lower() for word in SYNONYMS), (key, text)
    rules = (ROOT / "rules/freight_train.fr.html").read_text(encoding="utf-8").lower()
    assert not any(word in rules for word in SYNONYMS)
    assert "triage principal" in rules and "triage privé" in rules and "train mixte" in rules


# -- the board's columns line up ------------------------------------------------------------------------

def test_the_players_column_heads_stand_over_their_columns() -> None:
    heads = {e.text: float(e.get("x", "0")) for e in by_class(parse(draw.draw_map(t)), "column-heads")[0]}
    yard_x, trains_x = heads["⟦freight.yard⟧"], heads["⟦freight.heading.trains⟧"]
    view, _, legal = sampled("freight_train", 4, 3, {"cabooses": True}, 10**6)[-1]
    root = parse(draw.draw_position(view, legal, t))
    for strip in by_class(root, "player"):
        rows = by_class(strip, "private")
        assert {float(row.find(NS + "rect").get("x", "0")) for row in rows} == {yard_x}
        numbers = [float(train.find(NS + "text").get("x", "0")) for train in by_class(strip, "train")]
        assert numbers and min(numbers) - trains_x <= 12 and min(numbers) >= trains_x
