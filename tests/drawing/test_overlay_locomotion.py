"""Locomotion's overlay: a row per legal move with its gain now and the exact chance that the next
turn crashes its locomotive, and before a roll the exact odds of each colour and total, checked
against the engine with the roll enumerated die face by die face (6 colour faces x 36 pairs)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any
from xml.etree import ElementTree

import pytest

from games.bots import bot_rng, decide, get_bot
from games.core import Move
from games.locomotion import GAME as LOCOMOTION
from games.locomotion import board_data as data
from games.locomotion import policy
from games.locomotion.rules import DIE_FACES, HOME, LocomotionState
from games.locomotion.view import LocomotionView
from svg_checks import PLAYERS, t
from ui.games.locomotion.face import FACE
from ui.games.locomotion.overlay import choices, drives, slides
from ui.i18n import Translator

GAME = "locomotion"
PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
ROLLS = [(colour, pair) for colour in DIE_FACES for pair in PAIRS]


def _positions(players: int, seed: int, levels: tuple[str, ...]) -> list[LocomotionState]:
    """Every position of a seeded bots' game with repair tiles (so every phase comes up)."""
    state = LOCOMOTION.new_state(players, seed, {"repair_tiles": True})
    positions = []
    while (seat := state.current_player) is not None:
        positions.append(state.copy())
        rng = bot_rng(seed, seat, len(state.moves))
        state.apply(decide(get_bot(GAME, levels[seat]), state.view(seat), state.legal_moves(), rng))
    return positions


@pytest.fixture(scope="module")
def positions() -> list[LocomotionState]:
    return _positions(2, 3, ("strong", "greedy")) + _positions(4, 1, ("greedy",) * 4)


def _overlay(state: LocomotionState, translate: Any = t, legal: list[Move] | None = None
             ) -> ElementTree.Element:
    views = [state.view(seat) for seat in range(state.num_players)]
    moves = state.legal_moves() if legal is None else legal
    shown = FACE.overlay(state.view(None), views, moves, translate, PLAYERS[:state.num_players])
    assert shown is not None and shown.svg == ""  # nothing more to mark on the board
    return ElementTree.fromstring(f"<root>{shown.html}</root>")


def _rows(root: ElementTree.Element, kind: str) -> list[str]:
    tables = [table for table in root.iter("table") if f"loco-why-{kind}" in (table.get("class") or "")]
    return [row.get("data-row") or "" for table in tables for row in table.iter("tr") if row.get("data-row")]


def _reply_crash(state: LocomotionState, move: Move) -> Fraction:
    """After `move` (an extra turn declined, a tile holder rolling), how often the next player's greedy
    drive crashes the locomotive it moved."""
    loco = state.plan(move).steps[0][0] if move.startswith("enter") else int(move.split()[1])
    later = state.lookahead()
    later.apply(move)
    for settle in ("stop", "roll"):
        if settle in later.legal_moves():
            later.apply(settle)
    hits = 0
    for colour, pair in ROLLS:
        rolled = later.rolled(colour, pair)
        rolled.apply(policy.choose(rolled))
        hits += rolled.pos[loco] == HOME
    return Fraction(hits, len(ROLLS))


def test_a_row_per_legal_move_and_nothing_else(positions: list[LocomotionState]) -> None:
    phases = set()
    for state in positions:
        root = _overlay(state)
        legal = state.legal_moves()
        if state.phase == "drive":
            assert _rows(root, "moves") == legal and not _rows(root, "colours")
        else:
            assert _rows(root, "choices") == legal
            assert _rows(root, "colours") == list(data.COLOURS)
            assert _rows(root, "totals") == [*map(str, range(2, 13)), "double"]
        phases.add(state.phase)
        # A seat's move is no secret in Locomotion, but when none is shown, no move's row is either.
        hidden = _overlay(state, legal=[])
        assert not _rows(hidden, "moves") and not _rows(hidden, "choices")
    assert phases == {"drive", "choose", "extra"}


def test_each_move_s_gain_and_risk_are_the_engine_s(positions: list[LocomotionState]) -> None:
    checked = 0
    for state in positions[::4]:
        if state.phase != "drive":
            continue
        view: LocomotionView = state.view(None)
        for outcome in drives(view, state.legal_moves()):
            if outcome.move == "pass":
                assert outcome == (outcome.move, 0.0, None)
                continue
            assert outcome.gain == policy.gain(state.lookahead(), outcome.move)
            preview = view["previews"][outcome.move]
            verb, _, arg = outcome.move.partition(" ")
            loco = int(arg) if verb == "drive" else preview["steps"][0][0]
            # No risk to tell when the move takes its locomotive off the track: a shed, a crash.
            assert (outcome.odds is None) == (preview["sheltered"] is not None or preview["crashed"] == loco)
            if outcome.odds is None:
                continue
            assert Fraction(*outcome.odds) == _reply_crash(state, outcome.move)
            checked += 1
    assert checked > 20


def test_before_a_roll_the_odds_are_exact(positions: list[LocomotionState]) -> None:
    states = [s for s in positions if s.phase in ("choose", "extra")]
    assert states
    for state in states:
        view = state.view(None)
        found = slides(view)
        assert sum(Fraction(*s.odds) for s in found) == 1
        for s in found:
            faces = DIE_FACES.count(data.COLOURS.index(s.colour))
            assert Fraction(*s.odds) == Fraction(faces, len(DIE_FACES))
            assert (view["gaps"][s.source], view["gaps"][s.target]) == (s.colour, None)
    totals = {total: Fraction(sum(a + b == total for a, b in PAIRS), 36) for total in range(2, 13)}
    assert sum(totals.values()) == 1
    assert {sum(pair): Fraction(weight, 36) for pair, weight in policy.SUMS} == totals
    html = FACE.overlay(states[0].view(None), [], states[0].legal_moves(), Translator("en"), PLAYERS[:2])
    assert html is not None
    root = ElementTree.fromstring(f"<root>{html.html}</root>")
    cells = {row.get("data-row"): [td.text for td in row.iter("td")] for row in root.iter("tr")}
    assert cells["7"] == ["6 times in 36"] and cells["12"] == ["1 time in 36"]
    assert cells["double"] == [f"{sum(a == b for a, b in PAIRS)} times in 36"]
    assert cells["blue"][0] == "1 time in 3"


def _mean_gain(state: LocomotionState, colours: list[int]) -> float:
    rolls = [(colour, pair) for colour in colours for pair in PAIRS]
    return sum(policy.best_drive(state.rolled(c, pair))[1] for c, pair in rolls) / len(rolls)


def test_each_choice_s_expected_gain_is_exact(positions: list[LocomotionState]) -> None:
    for state in [s for s in positions if s.phase in ("choose", "extra")][::3]:
        found = {o.move: o for o in choices(state.view(None), state.legal_moves())}
        for move, outcome in found.items():
            if move == "stop":
                assert outcome.gain is None and outcome.odds is None
                continue
            chosen = state.lookahead()
            chosen.apply(move)
            if chosen.phase == "choose":
                chosen.apply("roll")
            colours = list(DIE_FACES) if move in ("roll", "again") else [chosen.pending]
            assert outcome.gain == pytest.approx(_mean_gain(chosen, colours))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_panel_renders_in_both_languages(positions: list[LocomotionState], lang: str) -> None:
    translate = Translator(lang)
    for state in positions[::9]:
        names = PLAYERS[:state.num_players]
        shown = FACE.overlay(state.view(None), [], state.legal_moves(), translate, names)
        assert shown is not None and shown.html
        assert "{" not in shown.html and "why.loco" not in shown.html
        root = ElementTree.fromstring(f"<root>{shown.html}</root>")
        assert all(table.find("caption") is not None for table in root.iter("table"))
        assert not any(element.get("data-move") for element in root.iter())
        if state.phase == "drive":
            following = PLAYERS[(state.player + 1) % state.num_players]
            assert following in shown.html
