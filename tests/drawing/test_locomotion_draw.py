"""The Locomotion drawing: each SVG shows what the view holds, and its targets plus the face's action
buttons are exactly the legal moves of the seat to move.

Positions come from real random games (`tests/random_play.py`) for every player count, with and without
repair tiles, so every phase (choose, drive, extra, over) is drawn. SVG is checked as XML, by the
classes and data attributes the page and these tests rely on. What every game's drawing does (targets
and buttons exactly the legal moves, text alternative, words through `t`, keys in the catalog) is in
`test_faces.py`, which draws every position of `GAMES` and runs `check_position` and `check_game` below
on them.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any
from xml.etree import ElementTree

import pytest

from random_play import play_random_game
from svg_checks import NS, PLAYERS, Drawing, Drawn, Shot, by_class, parse, t, targets, well_formed
from svg_checks import snapshots as game_snapshots
from ui.games.locomotion import draw as lo
from ui.games.locomotion import face as face
from ui.i18n import Translator

MAP = parse(lo.draw_map(t))


def snapshots(players: int, seed: int, options: dict[str, Any] | None = None) -> list[Shot]:
    return game_snapshots("locomotion", players, seed, options)


# For test_faces.py: the random games drawn (every position), no names, buttons off the board.
GAMES = [(2, 1, {}, 1), (3, 2, {"repair_tiles": True}, 1), (4, 3, {}, 1), (4, 4, {"repair_tiles": True}, 1)]
NAMES: set[str] = set()
ACTIONS_ON_BOARD = False


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}p-seed{g[1]}-{'+'.join(g[2]) or 'basic'}")
def game(request: pytest.FixtureRequest) -> list[Shot]:
    players, seed, options, _ = request.param
    return snapshots(players, seed, options)


def check_common(root: ElementTree.Element, view: dict[str, Any]) -> None:
    # Each platform in its gap, with one strand end per lane.
    platforms = {(e.get("data-colour"), int(e.get("data-gap"))) for e in by_class(root, "platform")}
    assert platforms == {(c, g) for g, c in enumerate(view["gaps"]) if c is not None}
    assert len(by_class(root, "strand-exit")) == 3 * len(platforms)
    # Every locomotive on the track, at home and in a shed is drawn once, in its owner's colour.
    drawn = Counter(int(e.get("data-loco")) for e in by_class(root, "loco"))
    off_sheds = Counter(loco["id"] for loco in view["locos"] if loco["place"] != "shed")
    assert drawn == off_sheds + Counter(view["sheds"])
    for e in by_class(root, "loco"):
        assert int(e.get("data-owner")) == int(e.get("data-loco")) // 4
    noses = sum(len(by_class(e, "nose")) for e in by_class(root, "loco"))
    assert noses == sum(loco["place"] == "track" for loco in view["locos"])
    dice = view["dice"]
    if dice is None:
        assert not by_class(root, "die")
    else:
        assert [e.get("data-colour") for e in by_class(root, "colour-die")] == [dice["colour"]]
        assert [int(e.get("data-number")) for e in by_class(root, "number-die")] == dice["numbers"]
    slides = by_class(root, "slide")
    if view["slide"] is None:
        assert not slides
    else:
        assert [(s.get("data-colour"), int(s.get("data-target"))) for s in slides] == \
            [(view["slide"]["colour"], view["slide"]["target"])]


def check_position(shot: Drawn) -> None:
    view = shot.view
    check_common(shot.board, view)
    for target in targets(shot.board):
        # Its preview: a ghost per pushed locomotive that stays on the track, a cross per crash.
        preview = view["previews"][target.get("data-move")]
        box = by_class(target, "loco-preview")
        assert len(box) == 1
        assert len(by_class(box[0], "crash")) == (preview["crashed"] is not None)
        moved = {loco for loco, _ in preview["steps"]} - {preview["crashed"], preview["sheltered"]}
        assert len(by_class(box[0], "ghost")) == len(moved) + (preview["sheltered"] is not None)
    # A spectator sees the same board.
    check_common(shot.watcher, shot.spectator)


def check_game(drawing: Drawing) -> None:
    phases = {view["phase"] for view, _, _ in drawing.shots}
    assert phases >= {"drive", "over"}
    assert {"loco.prompt.drive", "loco.aria.drive", "loco.aria.enter"} <= drawing.keys
    if drawing.options.get("repair_tiles"):
        assert "choose" in phases and "loco.prompt.choose" in drawing.keys


def test_every_phase_is_reached_over_the_games() -> None:
    phases = {view["phase"] for players, seed, options, _ in GAMES[1:3]
              for view, _, _ in snapshots(players, seed, options)}
    assert phases == {"choose", "drive", "extra", "over"}


def test_map_draws_every_square_off_the_platforms() -> None:
    names = {e.get("data-square") for e in MAP.iter() if e.get("data-square")}
    assert names == set(lo.LANE_PLACES)
    assert {"s0", "s1", "s2", "f0", "f1", "f2"} <= names
    assert len(by_class(MAP, "gap")) == 4


def test_side_panel_and_describe(game: list[Shot]) -> None:
    view, spectator, _ = game[-1]
    assert view["phase"] == "over"
    html = face.FACE.draw_side(spectator, t, PLAYERS)
    assert html.count("<tr") == 1 + 2 * spectator["players"]  # a player's name, then their numbers
    winner = spectator["winner"]
    sheds = sum(loco["place"] == "shed" for loco in spectator["locos"] if loco["owner"] == winner)
    row = well_formed(html).find(f".//tbody[@data-seat='{winner}']")
    assert sheds == 3 and row is not None and PLAYERS[winner] in "".join(row.itertext())
    assert next(row.iter("td")).text == "3"
    assert face.FACE.interlude({"type": "game_over"}, spectator, t, []) is None
    text = lo.describe(spectator, t)
    assert "loco.describe.you" not in text and text.count("loco.describe.player") == spectator["players"]
    assert "loco.describe.you" in lo.describe(game[0][0], t)


NAMED = ["Ada", "Basile <b>", "Chloé"]
SEAT_WORDING = re.compile(r"player \d|joueur \d|seat\.default_name", re.IGNORECASE)


def test_names_players_in_words_never_by_seat() -> None:
    """Describe, the home rows and every frame name the players by their names (escaped in the SVG),
    in English and French, and never as "player 2"; a seat without a name reads as the default."""
    shots = snapshots(3, 2, {"repair_tiles": True})
    wins = next(view for view, _, _ in shots if view["phase"] == "over")
    for lang in ("en", "fr"):
        tr = Translator(lang)
        for view, _, legal in (shots[0], shots[len(shots) // 2], (wins, None, [])):
            text = lo.describe(view, tr, NAMED)
            assert all(name in text for name in NAMED) and not SEAT_WORDING.search(text), text
            svg = lo.draw_position(view, legal, tr, NAMED)
            assert "Basile &lt;b&gt;" in svg and "<b>" not in svg
            root = parse(svg)
            assert root.find(NS + "desc").text == text
            rows = {row.get("data-seat"): [e.text for e in by_class(row, "name")]
                    for row in by_class(root, "home")}
            assert rows == {str(seat): [name] for seat, name in enumerate(NAMED)}
            assert not SEAT_WORDING.search("".join(root.itertext()))
        assert tr("loco.prompt.over", name=NAMED[wins["winner"]]) in lo.describe(wins, tr, NAMED)
        you = dict(shots[0][0], seat=1)
        assert tr("loco.describe.you", name="Basile <b>") in lo.describe(you, tr, NAMED)
    # A move's animation names them as the board does.
    _, before, after, events = next(step for step in moves(3, 4, {}) if step[3])
    frames = face.FACE.frames(before, after, events, t, NAMED)
    assert frames
    for root in map(parse, frames):
        text = root.find(NS + "desc").text or ""
        assert all(name in text for name in NAMED) and not SEAT_WORDING.search(text), text
        assert [e.text for e in by_class(root, "name")] == NAMED
    # A seat with no name: the translated default, as everywhere else.
    assert "⟦seat.default_name|n=2⟧" in lo.describe(shots[0][0], t, ["Ada"])


def test_a_long_name_is_cut_short_with_the_whole_name_in_a_title() -> None:
    view, _, legal = snapshots(4, 3)[0]
    names = ["W" * 60, "一二三四五六七八九十" * 3, "Ada", "Émilie-Anne de La Tour d’Auvergne"]
    root = parse(lo.draw_position(view, legal, t, names))
    for row in by_class(root, "home"):
        name = names[int(row.get("data-seat"))]
        (drawn,) = by_class(row, "name")
        title = drawn.find(NS + "title")
        # What the board shows: the text's own, or its tspan's when a <title> comes first.
        shown = (drawn.text or "") + "".join(span.text or "" for span in drawn.findall(NS + "tspan"))
        if name == "Ada":
            assert shown == name and title is None
        else:  # too long for the column: an ellipsis on the board, the whole name on hover
            assert shown.endswith("…") and name.startswith(shown[:-1])
            assert title is not None and title.text == name


# -- a move's animation -------------------------------------------------------------------------

Step = tuple[str, dict[str, Any], dict[str, Any], list[dict[str, Any]]]


def moves(players: int, seed: int, options: dict[str, Any]) -> list[Step]:
    """(move, spectator view before it, after it, the events it emitted) over a random game."""
    steps: list[Step] = []
    last: list[Any] = []

    def keep(state: Any, move: str | None) -> None:
        after = state.view(None)
        if move is not None:
            before, seen = last
            steps.append((move, before, after, state.events[seen:]))
        last[:] = [after, len(state.events)]

    play_random_game("locomotion", players, seed, options, check=keep)
    return steps


MOTION_GAMES = [(2, 7, {"repair_tiles": True}), (3, 4, {"repair_tiles": True})]


@pytest.fixture(scope="module")
def played() -> list[Step]:
    return [step for players, seed, options in MOTION_GAMES for step in moves(players, seed, options)]


def drawn_locos(root: ElementTree.Element) -> Counter[int]:
    return Counter(int(e.get("data-loco")) for e in by_class(root, "loco"))


def test_frames_show_each_step_push_crash_shed_and_slide(played: list[Step]) -> None:
    seen: Counter[str] = Counter()
    for ply, (move, before, after, events) in enumerate(played):
        shots = [parse(svg) for svg in face.FACE.frames(before, after, events, t)]
        seen["frames of the first 80 moves"] += len(shots) if ply < 80 else 0
        kinds = [e["type"] for e in events]
        everyone = Counter(range(len(before["locos"])))
        for root in shots:
            assert root.get("viewBox") == MAP.get("viewBox")
            assert not any(e.get("data-move") for e in root.iter())
            assert drawn_locos(root) == everyone  # none lost or doubled on the way
        driven = [e for e in events if e["type"] == "loco_driven"]
        steps = [tuple(step) for e in driven for step in e["steps"]]
        # One frame per square stepped, the locomotive that stepped ringed where it now stands.
        walk = shots[:len(steps)]
        assert [(int(r.get("data-loco")), r.get("data-square")) for root in walk
                for r in by_class(root, "moving")] == steps
        for root, (mover, square) in zip(walk, steps, strict=True):
            assert [e.get("data-square") for e in by_class(root, "loco")
                    if e.get("data-loco") == str(mover)] == [square]
        if driven and any(mover != driven[0]["loco"] for mover, _ in steps):
            seen["push"] += 1
        rest = shots[len(steps):]
        for kind, mark in (("loco_crashed", "crash-mark"), ("loco_sheltered", "sheltering")):
            if kind in kinds:
                event = events[kinds.index(kind)]
                root = rest.pop(0)
                assert [int(e.get("data-loco")) for e in by_class(root, mark)] == [event["loco"]]
                if kind == "loco_crashed":
                    assert by_class(root, mark)[0].get("data-square") == event["square"]
                    assert len(by_class(root, "crash")) == 1
                seen[kind] += 1
        if "platform_slid" in kinds:
            slid = events[kinds.index("platform_slid")]
            assert len(rest) == len(face.SLIDE_SHARES)
            shares = []
            for root in rest:
                (transit,) = by_class(root, "platform-transit")
                assert (transit.get("data-colour"), int(transit.get("data-source")),
                        int(transit.get("data-target"))) == (slid["colour"], slid["source"], slid["target"])
                shares.append(float(transit.get("data-share")))
                assert sorted(drawn_locos(transit)) == sorted(slid["riders"])
                others = {(e.get("data-colour"), int(e.get("data-gap"))) for e in by_class(root, "platform")
                          if e not in by_class(transit, "platform")}
                assert others == {(c, g) for g, c in enumerate(after["gaps"])
                                  if c not in (None, slid["colour"])}
            assert shares[0] > 0 and shares == sorted(shares) and shares[-1] < 1
            seen["slide"] += 1
            seen["riders"] += bool(slid["riders"])
        else:
            assert not rest
        if move in ("pass", "stop", "again") and "platform_slid" not in kinds:
            # Nothing moved: the next turn waits for a repair tile's choice.
            assert shots == []
            seen["still"] += 1
    assert min(seen[k] for k in ("push", "loco_crashed", "loco_sheltered", "slide", "riders", "still")) > 0, \
        seen
    assert seen["frames of the first 80 moves"] > 50, seen
