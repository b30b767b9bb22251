"""Why a Locomotion seat plays a move, told by the bots' own measures (`bots.py`, `policy.py`).

The bots weigh a drive by what it does now (`policy.gain`: squares of progress, crashes caused) and
by the next player's turn answering it greedily (`bots.answer`, over every colour and dice sum). A
caption reports the part that decides the move: a shed, a crash, a push, or else the exact chance,
out of the 108 equally likely rolls of the colour die and two dice, that the next player's turn
crashes the locomotive driven; a double's extra turn and a repair tile are told by the expected
gain of the best drive (`policy.expected_turn`), and the extra turn by its exact crash chance too.
Locomotion hides nothing, so the deciding seat's view is the whole position.

Types and params (the catalog's `why.loco.*`): every caption has `player`; `loco` names the
locomotive driven: the square it stands on, `enter <lane>` for a new one, `home` for one sent home
(a double's extra turn after a crash). `odds` is an exact chance, `[n, d]` in lowest terms.

* `loco.win`, `loco.shed` (`sheds`: how many the player has in sheds then): a locomotive parked.
* `loco.crash` (`cause`, `lost`: squares of progress lost): the locomotive driven crashes.
* `loco.push_crash` (`owner`, `cause`, `lost`): it pushes another locomotive, which crashes.
* `loco.push` (`owner`, `to`: where the pushed locomotive stops): it pushes another on.
* `loco.drive` (`squares`: how far it runs, `next`: the player who rolls next, `odds`): the next
  player's turn crashes it that often; `loco.avoid` (`squares`, `other`, `next`, `odds`): it is not
  the move that gains most now (`other`), which the next turn would crash more often (`odds`).
* `loco.again` / `loco.stop` (`gain`: the extra turn's expected gain, `odds`: its crash chance).
* `loco.roll` (`by_die`, `best`, `colour`) / `loco.repair` (`colour`, `tiled`, `by_die`): expected
  gains with the colour die and with a platform named by a repair tile.
* `loco.pass`.
"""

from __future__ import annotations

from math import gcd

from games.bots import Caption
from games.core import Move, Steps
from games.locomotion import board_data as data
from games.locomotion import policy
from games.locomotion.bots import ROLLS, after, answer
from games.locomotion.drive import Run
from games.locomotion.rules import HOME, PER_PLAYER, LocomotionState
from games.locomotion.track import HOME_TO_GO, SQUARES, cause
from games.locomotion.view import LocomotionView

ROLL_COUNT = sum(weight for _, _, weight in ROLLS)  # 108: a colour of the die times 36 pairs of dice
Odds = list[int]


def explaining(view: LocomotionView, move: Move) -> Steps[Caption]:
    """The caption of `move`, one of the legal moves of the seat to move in `view` (its view before)."""
    yield None  # one step: this game's captions are quick
    state = LocomotionState.from_view(view)
    caption: Caption = {"player": state.player}
    verb = move.partition(" ")[0]
    if verb in ("drive", "enter"):
        return _drive(state, move, caption)
    if verb in ("again", "stop"):
        return _extra(state, move, caption)
    if verb in ("roll", "repair"):
        return _choose(state, move, caption)
    return {"type": "loco.pass", **caption}


def odds(hits: int, total: int = ROLL_COUNT) -> Odds:
    """An exact chance in lowest terms, `[n, d]` ([0, 1] for never)."""
    common = gcd(hits, total)
    return [hits // common, total // common]


def driven(state: LocomotionState, move: Move) -> int:
    """The locomotive a `drive` or `enter` move drives."""
    verb, _, arg = move.partition(" ")
    return int(arg) if verb == "drive" else state.plan(move).steps[0][0]


def named(state: LocomotionState, move: Move) -> str:
    """The caption's name for the locomotive of a move: its square, or the entry itself."""
    return move if move.startswith("enter") else SQUARES[state.pos[driven(state, move)]].name


def reply_crash(state: LocomotionState, move: Move) -> tuple[Odds, int]:
    """The chance that the next player's turn, answered greedily as the bots expect, crashes the
    locomotive `move` drives, and who that next player is; `move` must leave it on the track."""
    loco, later = driven(state, move), after(state, move)
    hits = sum(weight for colour, numbers, weight in ROLLS
               if answer(later, colour, numbers).pos[loco] == HOME)
    return odds(hits), later.player


def _lost(state: LocomotionState, loco: int) -> int:
    """The squares of progress a locomotive loses when it crashes (the bots' measure, `to_go`)."""
    return HOME_TO_GO - policy.to_go(state, loco)


def _drive(state: LocomotionState, move: Move, caption: Caption) -> Caption:
    run = state.plan(move)
    loco = driven(state, move)
    caption["loco"] = named(state, move)
    if run.sheltered >= 0:
        sheds = state.sheltered(state.player) + 1
        if sheds == data.LOCOS_TO_WIN:
            return {"type": "loco.win", **caption}
        return {"type": "loco.shed", **caption, "sheds": sheds}
    if run.crashed == loco:
        return {"type": "loco.crash", **caption, "cause": cause(run.cause), "lost": _lost(state, loco),
                "forced": len(state.legal_moves()) == 1}
    pushed = [mover for mover, _ in run.steps if mover != loco]
    if run.crashed >= 0:
        return {"type": "loco.push_crash", **caption, "owner": run.crashed // PER_PLAYER,
                "cause": cause(run.cause), "lost": _lost(state, run.crashed)}
    if pushed:
        return {"type": "loco.push", **caption, "owner": pushed[0] // PER_PLAYER,
                "to": _last_square(run, pushed[0])}
    caption["squares"] = len(run.steps)
    chance, caption["next"] = reply_crash(state, move)
    greedy = policy.best_drive(state)[0]
    if greedy != move and state.plan(greedy).crashed < 0 and state.plan(greedy).sheltered < 0:
        other, _ = reply_crash(state, greedy)
        if other[0] * chance[1] > chance[0] * other[1]:
            return {"type": "loco.avoid", **caption, "other": named(state, greedy), "odds": other}
    return {"type": "loco.drive", **caption, "odds": chance}


def _last_square(run: Run, loco: int) -> str:
    return SQUARES[[square for mover, square in run.steps if mover == loco][-1]].name


def extra_outlook(state: LocomotionState) -> tuple[float, Odds]:
    """A double's extra turn (phase "extra"): the expected gain of its drive, as the greedy bot
    weighs it (`policy.expected_turn`), and the exact chance that this drive crashes the locomotive."""
    again = policy.extra_turn(state)
    gain = policy.expected_turn(again, policy.COLOURS)
    hits = 0
    for colour, numbers, weight in ROLLS:
        rolled = again.rolled(colour, numbers)
        best = policy.best_drive(rolled)[0]
        if best != "pass" and rolled.plan(best).crashed == state.driven:
            hits += weight
    return gain, odds(hits)


def _extra(state: LocomotionState, move: Move, caption: Caption) -> Caption:
    gain, chance = extra_outlook(state)
    square = state.pos[state.driven]
    loco = SQUARES[square].name if square >= 0 else "home"
    return {"type": f"loco.{move}", **caption, "loco": loco, "gain": round(gain, 1), "odds": chance}


def _choose(state: LocomotionState, move: Move, caption: Caption) -> Caption:
    by_die, tiled = policy.tile_values(state)
    if move == "roll":
        best = max(tiled, key=lambda choice: tiled[choice])
        return {"type": "loco.roll", **caption, "by_die": round(by_die, 1), "best": round(tiled[best], 1),
                "colour": best.partition(" ")[2]}
    return {"type": "loco.repair", **caption, "colour": move.partition(" ")[2],
            "tiled": round(tiled[move], 1), "by_die": round(by_die, 1)}
