"""Locomotion's captions (`games.locomotion.explain`) against the bots' decisions in seeded bots-only
games: each names the move played, and its numbers are recomputed here from the engine itself, the
roll enumerated die face by die face (6 colour faces x 36 pairs of dice) rather than by sums."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from typing import Any, NamedTuple

import pytest

from captions import rendered_keys
from games.bots import Caption, bot_rng, decide, explain, get_bot
from games.core import Move
from games.locomotion import GAME as LOCOMOTION
from games.locomotion import board_data as data
from games.locomotion import policy
from games.locomotion.rules import DIE_FACES, HOME, PER_PLAYER, SHED, LocomotionState
from games.locomotion.track import HOME_TO_GO, LAYOUT_INDEX, SQUARES, START, TO_GO
from games.locomotion.view import LocomotionView
from ui.games.locomotion.log import LOG, variant
from ui.i18n import Translator, catalog
from ui.log import log_line

GAME = "locomotion"
NAMES = ("Ada", "Basile", "Chloé", "Dev")
PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
# (players, seed, options, levels): 2 to 4 players, with and without repair tiles, every bot level;
# seeds chosen so that every caption type and variant comes up.
GAMES: tuple[tuple[int, int, dict[str, Any], tuple[str, ...]], ...] = (
    (4, 0, {"repair_tiles": True}, ("greedy", "greedy", "greedy", "greedy")),
    (4, 1, {"repair_tiles": True}, ("greedy", "greedy", "greedy", "greedy")),
    (4, 4, {"repair_tiles": True}, ("greedy", "greedy", "greedy", "greedy")),
    (2, 2, {}, ("strong", "greedy")),
    (2, 7, {}, ("strong", "greedy")),
    (3, 3, {"repair_tiles": True}, ("expert", "greedy", "strong")),
)
# Catalog keys that are not captions: the formatters' words and the overlay's.
NOT_CAPTIONS = ("why.loco.locomotive.", "why.loco.odds", "why.loco.decimal_point", "why.loco.overlay.")


class Decision(NamedTuple):
    before: LocomotionState  # the whole state before the move (for independent checks only)
    view: LocomotionView  # the deciding seat's view before the move
    move: Move
    level: str
    caption: Caption
    after: LocomotionState


def _play(players: int, seed: int, options: dict[str, Any], levels: tuple[str, ...]) -> list[Decision]:
    state = LOCOMOTION.new_state(players, seed, options)
    made = []
    while (seat := state.current_player) is not None:
        view, legal = state.view(seat), state.legal_moves()
        move = decide(get_bot(GAME, levels[seat]), view, legal, bot_rng(seed, seat, len(state.moves)))
        before = state.copy()
        state.apply(move)
        made.append(Decision(before, view, move, levels[seat], explain(GAME, view, move), state.copy()))
    return made


@pytest.fixture(scope="module")
def decisions() -> list[Decision]:
    return [d for game in GAMES for d in _play(*game)]


def _of(decisions: list[Decision], *kinds: str) -> list[Decision]:
    found = [d for d in decisions if d.caption["type"] in kinds]
    assert found, f"no {kinds} caption in the games"
    return found


def _after_move(before: LocomotionState, move: Move) -> LocomotionState:
    """A look-ahead copy after `move`, the extra turn declined and a tile holder rolling, as the bots'
    look-ahead plays on: it waits for the next player's roll."""
    state = before.lookahead()
    state.apply(move)
    for settle in ("stop", "roll"):
        if settle in state.legal_moves():
            state.apply(settle)
    return state


# Every equally likely roll: a colour die face and a pair of number dice.
ROLLS = [(colour, pair) for colour in DIE_FACES for pair in PAIRS]


def _reply_crash(before: LocomotionState, move: Move, loco: int) -> Fraction:
    """The chance that the next player, driving greedily on every roll, crashes `loco`."""
    state = _after_move(before, move)
    hits = 0
    for colour, pair in ROLLS:
        rolled = state.rolled(colour, pair)
        rolled.apply(policy.choose(rolled))
        hits += rolled.pos[loco] == HOME
    return Fraction(hits, len(ROLLS))


def _chance(caption: Caption) -> Fraction:
    n, d = caption["odds"]
    return Fraction(n, d)


def _loco(before: LocomotionState, move: Move) -> int:
    """The locomotive a drive or an entry moves: the one named, or one waiting at home (in an extra
    turn, the one driven before, sent home)."""
    verb, _, arg = move.partition(" ")
    if verb == "drive":
        return int(arg)
    if before.extra:
        return before.driven
    return next(loco for loco in before.own(before.player) if before.pos[loco] == HOME)


def _to_go(state: LocomotionState, loco: int) -> int:
    square = state.pos[loco]
    return TO_GO[LAYOUT_INDEX[state.layout]][square] if square >= 0 else HOME_TO_GO


def test_every_caption_renders_in_both_languages(decisions: list[Decision]) -> None:
    keys = rendered_keys(((d.caption, d.view["seat"] or 0) for d in decisions), LOG, NAMES)
    keys.add("why.loco.pass")  # no bot is ever stuck in these games: see the test of `pass` below
    # Every caption text of the game is reached by some decision.
    captions = {key for key in catalog("en")
                if key.startswith("why.loco.") and not key.startswith(NOT_CAPTIONS)}
    assert keys == captions


def test_each_caption_names_the_move_played(decisions: list[Decision]) -> None:
    for d in decisions:
        verb, _, arg = d.move.partition(" ")
        caption, before = d.caption, d.before
        assert caption["player"] == d.view["seat"] == before.player
        if verb == "drive":
            assert caption["loco"] == SQUARES[before.pos[int(arg)]].name
        elif verb == "enter":
            assert caption["loco"] == d.move
        elif verb in ("again", "stop"):
            assert caption["type"] == f"loco.{verb}"
            square = before.pos[before.driven]
            assert caption["loco"] == (SQUARES[square].name if square >= 0 else "home")
        elif verb == "repair":
            assert (caption["type"], caption["colour"]) == ("loco.repair", arg)
        else:
            assert caption["type"] == "loco.roll"


def test_a_drive_s_outcome_is_what_the_move_did(decisions: list[Decision]) -> None:
    for d in _of(decisions, "loco.shed", "loco.win", "loco.crash", "loco.push", "loco.push_crash",
                 "loco.drive", "loco.avoid"):
        loco, kind, caption, after = _loco(d.before, d.move), d.caption["type"], d.caption, d.after
        events = after.events[len(d.before.events):]
        crashed = [e for e in events if e["type"] == "loco_crashed"]
        pushed = [e for e in events if e["type"] == "loco_pushed"]
        steps = next((e["steps"] for e in events if e["type"] == "loco_driven"), [])
        if kind in ("loco.shed", "loco.win"):
            assert after.pos[loco] == SHED
            assert (after.winner == d.before.player) == (kind == "loco.win")
            if kind == "loco.shed":
                assert caption["sheds"] == after.sheltered(d.before.player)
        elif kind == "loco.crash":
            assert [e["loco"] for e in crashed] == [loco]
            assert caption["cause"] == crashed[0]["cause"]
            assert caption["lost"] == HOME_TO_GO - _to_go(d.before, loco)
            assert caption["forced"] == (len(d.before.legal_moves()) == 1)
        elif kind == "loco.push_crash":
            victim = crashed[0]["loco"]
            assert victim != loco and caption["owner"] == victim // PER_PLAYER == crashed[0]["owner"]
            assert caption["lost"] == HOME_TO_GO - _to_go(d.before, victim)
        elif kind == "loco.push":
            # The locomotive it runs into first, of all it pushes: where it ends.
            first = next(mover for mover, _ in steps if mover != loco)
            assert not crashed and first in {e["loco"] for e in pushed}
            assert caption["owner"] == first // PER_PLAYER
            assert SQUARES[after.pos[first]].name == caption["to"]
        else:
            assert not crashed and not pushed and after.pos[loco] >= 0
            assert caption["squares"] == len(steps) == sum(d.before.numbers)


def test_the_crash_chance_of_the_next_turn_is_exact(decisions: list[Decision]) -> None:
    for d in _of(decisions, "loco.drive", "loco.avoid"):
        caption = d.caption
        assert caption["next"] == (d.before.player + 1) % d.before.num_players
        if caption["type"] == "loco.drive":
            assert _chance(caption) == _reply_crash(d.before, d.move, _loco(d.before, d.move))
            assert (variant(caption) == "safe") == (caption["odds"][0] == 0)
            continue
        # Avoided: the move that gains most now, whose locomotive the next turn crashes more often.
        state = d.before.lookahead()
        other = policy.best_drive(state)[0]
        assert other != d.move and d.level != "greedy"
        other_loco = _loco(d.before, other)
        named = other if other.startswith("enter") else SQUARES[state.pos[other_loco]].name
        assert caption["other"] == named
        assert _chance(caption) == _reply_crash(d.before, other, other_loco)
        assert _chance(caption) > _reply_crash(d.before, d.move, _loco(d.before, d.move))


def _extra_outlook(before: LocomotionState) -> tuple[Fraction, Fraction]:
    """The extra turn, roll by roll: the mean gain of its greedy drive, and how often it crashes the
    locomotive it must drive."""
    state = before.lookahead()
    state.apply("again")
    if state.phase == "choose":
        state.apply("roll")
    gains, hits = Fraction(0), 0
    for colour, pair in ROLLS:
        rolled = state.rolled(colour, pair)
        move = policy.choose(rolled)
        gains += Fraction(policy.gain(rolled, move))
        hits += move != "pass" and rolled.plan(move).crashed == before.driven
    return gains / len(ROLLS), Fraction(hits, len(ROLLS))


def test_the_extra_turn_s_gain_and_crash_chance_are_exact(decisions: list[Decision]) -> None:
    for d in _of(decisions, "loco.again", "loco.stop"):
        gain, crash = _extra_outlook(d.before)
        assert _near(d.caption["gain"], float(gain))
        assert _chance(d.caption) == crash
        if d.level == "greedy":  # the greedy bot plays again exactly when it expects to gain
            assert (d.move == "again") == (gain > 0)


def _near(shown: float, exact: float) -> bool:
    """A caption's tenth of a square, against the exact value (sums taken in another order)."""
    return abs(shown - exact) <= 0.05 + 1e-9


def _turn_value(state: LocomotionState, colours: tuple[int, ...]) -> float:
    """The mean best gain of a turn whose colour is one of `colours` (die faces), over all dice."""
    rolls = [(colour, pair) for colour in colours for pair in PAIRS]
    return sum(policy.best_drive(state.rolled(c, pair))[1] for c, pair in rolls) / len(rolls)


def test_a_repair_tile_s_choice_is_told_by_exact_expectations(decisions: list[Decision]) -> None:
    for d in _of(decisions, "loco.roll", "loco.repair"):
        rolling = d.before.lookahead()
        rolling.apply("roll")
        by_die = _turn_value(rolling, DIE_FACES)
        tiled = {}
        for colour, name in enumerate(data.COLOURS):
            named = d.before.lookahead()
            named.apply(f"repair {name}")
            tiled[name] = _turn_value(named, (colour,))
        assert _near(d.caption["by_die"], by_die)
        if d.caption["type"] == "loco.repair":
            assert _near(d.caption["tiled"], tiled[d.caption["colour"]])
            if d.level == "greedy":
                assert tiled[d.caption["colour"]] > by_die + policy.TILE_MARGIN
        else:
            best = max(tiled.values())
            assert _near(d.caption["best"], best) and tiled[d.caption["colour"]] >= best - 1e-9
            if d.level == "greedy":
                assert best <= by_die + policy.TILE_MARGIN


def test_a_player_with_no_move_passes() -> None:
    """Every locomotive of the first player at home, every start square taken by the second's."""
    state = LOCOMOTION.new_state(2, 5, {})
    for lane, square in enumerate(START):
        loco = PER_PLAYER + lane
        state.pos[loco], state.occupant[square] = square, loco
    state._legal_cache = None
    assert state.legal_moves() == ["pass"]
    caption = explain(GAME, state.view(0), "pass")
    assert caption == {"type": "loco.pass", "player": 0}
    assert log_line(caption, Translator("fr"), NAMES, LOG, prefix="why.") == \
        "Ada ne peut avancer aucune locomotive et passe."


def test_captions_read_the_view_alone_and_leave_it_untouched(decisions: list[Decision]) -> None:
    for d in decisions[::7]:
        frozen = copy.deepcopy(d.view)
        again = explain(GAME, json.loads(json.dumps(d.view)), d.move)
        assert again == d.caption
        assert d.view == frozen
        # Everything is public: a spectator's view, told whose turn it is, gives the same caption.
        assert explain(GAME, {**d.before.view(None), "seat": d.view["seat"]}, d.move) == d.caption


def test_every_legal_move_has_a_caption(decisions: list[Decision]) -> None:
    """Not only the bots' choices: every move a seat could play is captioned, and renders."""
    t = Translator("en")
    for d in decisions[::5]:
        for move in d.before.legal_moves():
            line = log_line(explain(GAME, d.view, move), t, NAMES, LOG, prefix="why.")
            assert line and "{" not in line


@pytest.mark.parametrize(("odds", "en", "fr"), [
    ([1, 3], "1 time in 3", "1 fois sur 3"),
    ([5, 36], "5 times in 36", "5 fois sur 36"),
    ([0, 1], "never", "jamais"),
    ([1, 1], "every time", "à coup sûr"),
])
def test_odds_read_as_exact_fractions(odds: list[int], en: str, fr: str) -> None:
    caption = {"type": "loco.avoid", "player": 0, "loco": "enter 1", "squares": 5, "other": "s0", "next": 1,
               "odds": odds}
    assert en in (log_line(caption, Translator("en"), NAMES, LOG, prefix="why.") or "")
    assert fr in (log_line(caption, Translator("fr"), NAMES, LOG, prefix="why.") or "")


def test_a_platform_s_square_reads_as_the_board_names_it() -> None:
    caption = {"type": "loco.drive", "player": 1, "loco": "blue.2.0", "squares": 7, "next": 0,
               "odds": [1, 18]}
    assert log_line(caption, Translator("en"), NAMES, LOG, prefix="why.") == (
        "Basile drives 7 squares with the locomotive on the blue platform (the outer lane, square 1): "
        "Ada’s next turn crashes it 1 time in 18.")
