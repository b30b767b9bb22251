"""Locomotion's overlay: what each legal move does, by the bots' measures, and the odds of the roll.

With the dice rolled, a row per legal move: its label (the face's move buttons), its gain now in
squares (`policy.gain`, the greedy bot's measure) and the exact chance that the next player's turn
crashes its locomotive (`explain.reply_crash`, the strong bot's look-ahead). Before a roll (a repair
tile's choice, a double's extra turn), the odds of each colour with the platform it slides, of each
dice total and of a double, and each choice's expected gain (and the extra turn's crash chance), the
numbers the captions give. Locomotion hides nothing: the spectator's view is the whole position, and
the board has nothing more to mark.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from games.core import Move
from games.locomotion import board_data as data
from games.locomotion import policy
from games.locomotion.explain import Odds, driven, extra_outlook, odds, reply_crash
from games.locomotion.rules import COLOUR_INDEX, DIE_FACES, LocomotionState
from games.locomotion.track import slid
from games.locomotion.view import LocomotionView
from ui.games.face import Overlay
from ui.games.locomotion.log import chance, squares
from ui.i18n import Translate
from ui.log import player_name, signed
from ui.markup import escape

DOUBLES = 6  # of the 36 pairs of number dice
NUM = ' class="num"'


class Outcome(NamedTuple):
    """One legal move: its gain now, and the chance the next turn crashes its locomotive (None when it
    leaves the track: a shed, a crash; or for a choice that drives nothing)."""

    move: Move
    gain: float | None
    odds: Odds | None


class Slide(NamedTuple):
    """One colour of the die: its chance, and the gaps its platform would leave and fill."""

    colour: str
    odds: Odds
    source: int
    target: int


def drives(view: LocomotionView, legal: Sequence[Move]) -> list[Outcome]:
    """Every legal move of a rolled turn, with its gain now and its locomotive's risk."""
    state = LocomotionState.from_view(view)
    found = []
    for move in legal:
        if move == "pass":
            found.append(Outcome(move, 0.0, None))
            continue
        run = state.plan(move)
        stays = run.sheltered < 0 and run.crashed != driven(state, move)
        found.append(Outcome(move, policy.gain(state, move), reply_crash(state, move)[0] if stays else None))
    return found


def choices(view: LocomotionView, legal: Sequence[Move]) -> list[Outcome]:
    """Every legal choice before a roll, with the expected gain of the drive it leads to (and for a
    double's extra turn, its crash chance); ending the turn drives nothing."""
    state = LocomotionState.from_view(view)
    if state.phase == "extra":
        gain, risk = extra_outlook(state)
        return [Outcome(move, gain, risk) if move == "again" else Outcome(move, None, None) for move in legal]
    by_die, tiled = policy.tile_values(state)
    return [Outcome(move, by_die if move == "roll" else tiled[move], None) for move in legal]


def slides(view: LocomotionView) -> list[Slide]:
    """The colour die's faces by platform, and where each platform would slide."""
    layout = tuple(-1 if colour is None else COLOUR_INDEX[colour] for colour in view["gaps"])
    found = []
    for index, colour in enumerate(data.COLOURS):
        _, source, target = slid(layout, index)
        found.append(Slide(colour, odds(DIE_FACES.count(index), len(DIE_FACES)), source, target))
    return found


def overlay(view: LocomotionView, legal: Sequence[Move], labels: Mapping[Move, str], t: Translate,
            names: Sequence[str]) -> Overlay:
    """The panel for the position in `view` (the spectator's), `legal` the moves of the player to
    move (possibly none shown), `labels` the face's words for each move."""
    phase, player = view["phase"], view["current_player"]
    if player is None:
        return Overlay("", "")
    if phase == "drive" and view["dice"] is not None:
        following = player_name((player + 1) % view["players"], t, names)
        table = _moves_table(drives(view, legal), labels, t, following) if legal else ""
        return Overlay("", f'<div class="loco-why">{table}</div>' if table else "")
    parts = [_choices_table(choices(view, legal), labels, phase == "extra", t)] if legal else []
    parts += [_colour_table(slides(view), t), _totals_table(t)]
    return Overlay("", f'<div class="loco-why">{"".join(parts)}</div>')


def _table(kind: str, caption: str, heads: Sequence[str], rows: Sequence[str]) -> str:
    cells = "".join(f'<th scope="col"{NUM if k else ""}>{escape(head)}</th>' for k, head in enumerate(heads))
    return (f'<table class="loco-why-table loco-why-{kind}"><caption>{escape(caption)}</caption>'
            f'<thead><tr>{cells}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _row(key: str, head: str, cells: Sequence[str]) -> str:
    tds = "".join(f'<td class="num">{escape(cell)}</td>' for cell in cells)
    return f'<tr data-row="{escape(key)}"><th scope="row">{escape(head)}</th>{tds}</tr>'


def _risk(value: Odds | None, t: Translate) -> str:
    return "—" if value is None else chance(value, t, ())


def _gain(value: float | None, t: Translate) -> str:
    return "—" if value is None else squares(value, t, ())


def _squares(value: float | None) -> str:
    """A gain now, a whole number of squares, signed."""
    return "—" if value is None else signed(round(value))


def _moves_table(found: list[Outcome], labels: Mapping[Move, str], t: Translate, following: str) -> str:
    rows = [_row(o.move, labels.get(o.move, o.move), [_squares(o.gain), _risk(o.odds, t)]) for o in found]
    heads = [t("why.loco.overlay.move"), t("why.loco.overlay.gain"),
             t("why.loco.overlay.next_crash", next=following)]
    return _table("moves", t("why.loco.overlay.moves"), heads, rows)


def _choices_table(found: list[Outcome], labels: Mapping[Move, str], extra: bool, t: Translate) -> str:
    heads = [t("why.loco.overlay.choice"), t("why.loco.overlay.average")]
    if extra:
        heads.append(t("why.loco.overlay.crash"))
    rows = [_row(o.move, labels.get(o.move, o.move),
                 [_gain(o.gain, t), *([_risk(o.odds, t)] if extra else [])]) for o in found]
    return _table("choices", t("why.loco.overlay.choices"), heads, rows)


def _colour_table(found: list[Slide], t: Translate) -> str:
    rows = [_row(s.colour, t(f"loco.platform.{s.colour}"),
                 [chance(s.odds, t, ()), t("why.loco.overlay.slide",
                                           source=t(f"loco.gap.{data.GAP_NAMES[s.source]}"),
                                           target=t(f"loco.gap.{data.GAP_NAMES[s.target]}"))])
            for s in found]
    heads = [t("why.loco.overlay.platform"), t("why.loco.overlay.chance"), t("why.loco.overlay.slides")]
    return _table("colours", t("why.loco.overlay.colours"), heads, rows)


def _totals_table(t: Translate) -> str:
    rows = [_row(str(sum(pair)), str(sum(pair)), [chance([weight, 36], t, ())])
            for pair, weight in policy.SUMS]
    rows.append(_row("double", t("why.loco.overlay.double"), [chance([DOUBLES, 36], t, ())]))
    heads = [t("why.loco.overlay.total"), t("why.loco.overlay.chance")]
    return _table("totals", t("why.loco.overlay.totals"), heads, rows)
