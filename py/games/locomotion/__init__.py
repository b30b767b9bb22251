"""Locomotion: race three of your four locomotives through the shunting platforms into the sheds.

Rules: `shared/rules/locomotion.fr.txt` and the Locomotion rulings. The board is ours (`board_data.py`:
three lanes around a hub, four gaps, three platforms with a strand table per gap, and its tuning).

Choices where the rules and rulings are silent (for the in-app rules page):
* Seat 1 (index 0) starts; play goes on clockwise, i.e. by seat index.
* The dice are rolled as each turn begins. A player holding repair tiles first chooses: roll the
  colour die, or return one tile and name any of the three platforms; the number dice are rolled
  either way.
* A locomotive on a platform keeps its square when the platform slides; facing the finish, it follows
  the strand of the lane it sits on as the new gap's table says.
* Every point of the dice is used: a locomotive cannot stop early. Stopping behind a locomotive to push
  it costs no point; the pushed one goes on with all the points left.
* Locomotives waiting at home are alike: a new one enters on the free start square the player picks.
* A locomotive entering play also crashes if the gap after the start squares is empty.
* When the driven locomotive reaches a finish square, it enters a shed at once, whatever points are
  left. A locomotive pushed onto a finish square stays there (pushed again, it hits the buffer); when
  its owner next drives it, it enters a shed, whatever the roll.
* Extra turn for a double: offered after the move, not when the locomotive just entered a shed (there is
  nothing left to drive) nor after a turn in which no locomotive could move. The extra turn is a whole
  turn (repair tiles may be used); a second double gives no third turn.
* A player who cannot move any locomotive (or, in an extra turn, the required one) only slides the
  platform, and then plays `pass`.
* Repair tiles: the owner of every crashed locomotive takes one, whoever caused the crash, as long as
  the pile of 12 lasts.
* Result: each player's score is their number of locomotives in sheds; the winner has 3, and the others
  share ranks when they have as many.

Moves (canonical strings):
* `drive <loco>`: drive one of your locomotives on the track (ids 0-15; seat p owns 4p to 4p+3).
* `enter <lane>`: a locomotive from home onto the free start square of lane 0 (inner), 1 or 2 (outer).
* `pass`: nothing can move this turn.
* `again` / `stop`: take or decline the extra turn after a double.
* `roll` / `repair <colour>` (blue, red, yellow): a repair-tile holder's choice before the roll.

What each seat sees (everything in Locomotion is public, so every seat and spectators see the same, but
`seat`): `LocomotionView` in `view.py`, each key explained there. Square names: see `track.py`.
"""

from __future__ import annotations

from games.locomotion.game import LocomotionGame
from games.locomotion.rules import LocomotionState
from games.locomotion.view import LocomotionView

GAME = LocomotionGame()

__all__ = ["GAME", "LocomotionGame", "LocomotionState", "LocomotionView"]
