"""Locomotion's face beside the board: the move buttons a phone player taps, the status line of each
phase, the standings by name, the game-over screen's locomotives, and a board drawn large enough to
read on a phone and on a projector.

Positions come from real random games (`svg_checks.snapshots`); how the page lays these out in a
browser (a 360 px phone, a 340 px panel, a projector) is `tests/browser/test_locomotion_layout.py`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.locomotion.track import SQUARES
from random_play import play_random_game, random_position
from svg_checks import NS, PLAYERS, Shot, by_class, parse, snapshots, t, targets, well_formed
from ui.games.locomotion import draw as lo
from ui.games.locomotion.face import FACE
from ui.i18n import Translator

GAMES = [(3, 2, {"repair_tiles": True}), (4, 3, {}), (2, 5, {"repair_tiles": True})]
ENGLISH, FRENCH = Translator("en"), Translator("fr")

# The board's sizes in CSS px per unit of its viewBox: a 360 px phone shows it 344 px wide at first;
# a projector's board box is 1320x990; a laptop's (1366x768) about 990x690.
PHONE = 344 / lo.WIDTH
PROJECTOR = min(1320 / lo.WIDTH, 990 / lo.HEIGHT)
LAPTOP = min(990 / lo.WIDTH, 690 / lo.HEIGHT)


@pytest.fixture(scope="module")
def positions() -> list[Shot]:
    return [shot for players, seed, options in GAMES
            for shot in snapshots("locomotion", players, seed, options)]


def midgame(players: int, seed: int, options: dict[str, Any], moves: int) -> Any:
    return random_position("locomotion", players, seed, options, moves)


def outcome_keys(label: str) -> set[str]:
    return {key for key in ("loco.button.push", "loco.button.crash", "loco.button.crash_other",
                            "loco.button.shed") if f"⟦{key}⟧" in label}


# -- the move buttons -----------------------------------------------------------------------------

@pytest.mark.parametrize("tr", [ENGLISH, FRENCH], ids=["en", "fr"])
def test_every_square_has_words_of_its_own(tr: Translator) -> None:
    """A button names a locomotive by where it stands: no two squares may read alike."""
    words = [lo.where(sq.name, tr) for sq in SQUARES]
    assert len(set(words)) == len(words)
    assert not [w for w in words if "loco." in w or "{" in w]


def test_move_buttons_offer_every_drive_and_entry_the_board_offers(positions: list[Shot]) -> None:
    """Each legal drive and entry is a button (so a phone player never has to tap a locomotive),
    labelled with the locomotive's square in words and what the move does, all labels different."""
    seen: Counter[str] = Counter()
    for view, _, legal in positions:
        buttons = FACE.move_buttons(view, legal, t)
        moves = [move for move, _ in buttons]
        board = {e.get("data-move") for e in targets(parse(FACE.draw_position(view, legal, t)))}
        assert moves == [move for move in legal if move.split()[0] in ("drive", "enter")]
        assert set(moves) == board and not set(moves) & set(FACE.actions)
        labels = [label for _, label in buttons]
        assert len(set(labels)) == len(labels)
        locos = {loco["id"]: loco for loco in view["locos"]}
        for move, label in buttons:
            verb, _, arg = move.partition(" ")
            if verb == "drive":
                assert label.startswith(f"⟦loco.button.drive|place={lo.where(locos[int(arg)]['square'], t)}⟧")
            else:
                assert label.startswith(f"⟦loco.button.enter|lane=⟦loco.lane.{arg}⟧⟧")
            preview = view["previews"][move]
            driven = int(arg) if verb == "drive" else preview["steps"][0][0]
            wanted = set()
            if any(step[0] != driven for step in preview["steps"]):
                wanted.add("loco.button.push")
            if preview["crashed"] is not None:
                wanted.add("loco.button.crash" if preview["crashed"] == driven else "loco.button.crash_other")
            if preview["sheltered"] is not None:
                wanted.add("loco.button.shed")
            assert outcome_keys(label) == wanted, (move, label)
            seen[verb] += 1
            seen.update(wanted)
    assert min(seen[k] for k in ("drive", "enter", "loco.button.push", "loco.button.crash",
                                 "loco.button.shed")) > 0, seen


def test_move_buttons_read_well_in_english() -> None:
    state = midgame(3, 2, {"repair_tiles": True}, 10)
    view = state.view(state.current_player)
    labels = dict(FACE.move_buttons(view, state.legal_moves(), ENGLISH))
    assert labels["drive 4"] == "Drive the locomotive on the middle lane, 3 squares before the west gap"
    assert labels["drive 5"].endswith(" · pushes")
    assert labels["enter 0"] == "New locomotive on the inner lane · crashes!"


def test_board_targets_reach_a_finger_on_a_laptop(positions: list[Shot]) -> None:
    """Each locomotive to drive and start square to enter has a reach 44 CSS px wide on a laptop's
    board (a phone plays them by the buttons)."""
    for view, _, legal in positions[:60]:
        for target in targets(parse(FACE.draw_position(view, legal, t))):
            (hit,) = by_class(target, "hit")
            assert 2 * float(hit.get("r")) * LAPTOP >= 44


# -- the status line ------------------------------------------------------------------------------

def expected_prompt(view: dict[str, Any], legal: list[str]) -> str:
    points = sum(view["dice"]["numbers"]) if view["dice"] else 0
    if view["phase"] == "choose":
        return f"⟦loco.ask.choose|n={view['tiles'][view['current_player']]}⟧"
    if view["phase"] == "extra":
        return "⟦loco.ask.extra⟧"
    if legal == ["pass"]:
        return "⟦loco.ask.stuck⟧"
    if view["extra_turn"]:
        return f"⟦loco.ask.extra_turn|n={points}⟧"
    if any(move.startswith("enter ") for move in legal):
        return f"⟦loco.ask.drive_or_enter|n={points}⟧"
    return f"⟦loco.ask.drive|n={points}⟧"


def test_prompt_asks_what_each_phase_decides(positions: list[Shot]) -> None:
    seen = set()
    for view, _, legal in positions:
        if view["phase"] == "over":
            assert FACE.prompt(view, legal, t) is None
            continue
        prompt = FACE.prompt(view, legal, t)
        assert prompt == expected_prompt(view, legal)
        seen.add(prompt.split("|")[0].strip("⟦⟧"))
    # Random games never leave a player stuck (test_prompt_reads_well asks that one).
    assert seen == {"loco.ask.choose", "loco.ask.extra", "loco.ask.extra_turn", "loco.ask.drive_or_enter",
                    "loco.ask.drive"}


def test_prompt_reads_well() -> None:
    state = midgame(3, 2, {"repair_tiles": True}, 10)
    view, legal = state.view(state.current_player), state.legal_moves()
    assert FACE.prompt(view, legal, ENGLISH) == ("Drive a locomotive 7 squares, or put a new one on a "
                                                 "start square.")
    assert FACE.prompt(view, legal, FRENCH) == ("Avancez une locomotive de 7 cases, ou posez-en une nouvelle "
                                                "sur une case départ.")
    assert FACE.prompt(view, ["pass"], ENGLISH) == "None of your locomotives can move: pass."


# -- the side panel -------------------------------------------------------------------------------

@pytest.mark.parametrize("tiles", [False, True])
def test_side_panel_names_players_and_shows_tiles_only_when_played(tiles: bool) -> None:
    state = midgame(4, 3, {"repair_tiles": tiles}, 60)
    view = state.view(1)
    names = ["<Ada & Zoé>", "Basile", "", "Dev"]
    html = FACE.draw_side(view, t, names)
    root = well_formed(html)
    assert "&lt;Ada &amp; Zoé&gt;" in html  # escaped
    heads = [abbr.get("title") for abbr in root.iter("abbr")]
    columns = ["sheds", "track", "home", "crashes"] + (["tiles"] if tiles else [])
    assert heads == [f"⟦loco.side.{column}_full⟧" for column in columns]
    rows = root.findall(".//tbody")
    assert [int(row.get("data-seat")) for row in rows] == [0, 1, 2, 3]
    for seat, row in enumerate(rows):
        who = "".join(row.find("tr/th").itertext())
        assert (names[seat] or f"⟦seat.default_name|n={seat + 1}⟧") in who
        assert ("⟦seat.you⟧" in who) == (seat == 1)
        mine = [loco["place"] for loco in view["locos"] if loco["owner"] == seat]
        values = [mine.count("shed"), mine.count("track"), mine.count("home"), view["crashes"][seat]]
        values += [view["tiles"][seat]] if tiles else []
        assert [int(td.text or "") for td in row.iter("td")] == values


# -- the game-over screen -------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_breakdown_tells_where_each_locomotive_ended(players: int, seed: int,
                                                     options: dict[str, Any]) -> None:
    state = play_random_game("locomotion", players, seed, options)
    view, result = state.view(None), state.result().to_dict()
    root = well_formed(FACE.breakdown(result, view, t, PLAYERS))
    sections = root.findall(".//section")
    order = [int(section.get("data-seat")) for section in sections]
    assert order == sorted(range(players), key=lambda seat: (result["ranks"][seat], seat))
    assert order[0] == view["winner"]
    for seat, section in zip(order, sections, strict=True):
        assert PLAYERS[seat] in "".join(section.find("h4").itertext())
        items = [li.text for li in section.iter("li")]
        mine = [loco for loco in view["locos"] if loco["owner"] == seat]
        sheds = [f"⟦loco.end.shed|n={k + 1}⟧" for k, loco in enumerate(view["sheds"]) if loco // 4 == seat]
        track = sorted(f"⟦loco.end.track|place={lo.where(loco['square'], t)}⟧" for loco in mine
                       if loco["place"] == "track")
        home = ["⟦loco.end.home⟧"] * sum(loco["place"] == "home" for loco in mine)
        assert items[:len(sheds)] == sheds  # the sheds in order of arrival, first
        assert sorted(items[len(sheds):len(sheds) + len(track)]) == track
        assert items[len(sheds) + len(track):] == home
        counts = f"⟦loco.end.counts|crashes={view['crashes'][seat]},turns={view['turns'][seat]}⟧"
        assert section.find("p").text == counts
    assert len(list(root.iter("li"))) == 4 * players


def test_breakdown_escapes_names() -> None:
    state = play_random_game("locomotion", 2, 1, {})
    html = FACE.breakdown(state.result().to_dict(), state.view(None), ENGLISH, ["<b>Ada</b>", "Basile"])
    assert "&lt;b&gt;Ada&lt;/b&gt;" in html and "<b>" not in html
    assert "In shed 1" in html or "In shed 2" in html


# -- sizes: a phone, a projector ------------------------------------------------------------------

def test_dice_are_large_on_a_phone_and_every_word_on_a_projector(positions: list[Shot]) -> None:
    """A die is 28 CSS px or more when a phone shows the whole board; every word and number the board
    draws is 20 CSS px or more on a projector (a locomotive's seat number is enlarged there by
    locomotion.css, which the browser test measures)."""
    assert lo.DIE * PHONE >= 28 and lo.TEXT * PROJECTOR >= 20
    drawn = [parse(FACE.draw_map(t))]
    drawn += [parse(FACE.draw_position(view, legal, t)) for view, _, legal in positions[::7]]
    drawn.append(parse(FACE.draw_position(positions[-1][1], [], t)))
    sizes: set[float] = set()
    for root in drawn:
        for die in by_class(root, "die"):
            assert float(die.find(NS + "rect").get("height")) == lo.DIE
        for text in root.iter(NS + "text"):
            if "seat-number" not in (text.get("class") or ""):
                sizes.add(float(text.get("font-size")))
    assert min(sizes) >= lo.TEXT, sorted(sizes)
