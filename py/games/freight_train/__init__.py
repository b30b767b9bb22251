"""Freight Train (Alan R. Moon, 1996): build trains of freight cars over three days, for 2-5 players.

Rules: `shared/rules/freight-train.fr.txt` with the binding rulings (Freight Train part of
`shared/rules/rulings.md`). Car types and table limits are data in `cards.py`; the draw pile and the
end-of-day card in `deck.py`; trains, private yards and car placement in `player.py`; day scoring in
`scoring.py`; turn flow and legal moves in `state.py`; the `greedy` and `strong` bots in `bots.py`.

Moves (canonical strings; main-yard rows are numbered 0-4, private-yard rows 0-1, trains 0.. in the
order they were started; a row is listed from its bumper, so its last car is at the open end):
    "fill 2"         before the action: refill empty main-yard row 2 from the deck
    "m2>t0"          take the open-end car of main-yard row 2 onto train 0
    "m2>new"         ... onto an empty locomotive, starting a train of that car's type
    "m2>mixed"       ... onto an empty locomotive, starting the player's mixed train
    "m2>y1"          ... to the open end of private-yard row 1
    "y1>t0"          take the open-end car of private-yard row 1 onto train 0 (also ">new", ">mixed")
    "done"           confirm the action: after the 3rd main-yard car, after 1-4 private-yard cars,
                     or once a rearranged private yard is rebuilt
    "arrange"        pay 1 point and lift every car out of the private yard to rebuild it
    "box>y0"         while rearranging: put a car of that type at the open end of row 0
    "loco"           mobilise a locomotive
    "caboose>t3"     (caboose option) attach a caboose to train 3
    "pass"           only when no action (and no refill) is possible
A take or a rearrangement is a sequence of moves by the same player ended by "done", so the page can
build it car by car and take steps back until it is confirmed: `view["turn"]["undo"]` is how many of
the last moves may be taken back (replay the record without them); a refill reveals cards, so it is
final at once, as are "loco", "caboose>..." and "pass". Legal moves come in a fixed order: "done",
refills, main-yard steps (row, then target), private-yard steps, "arrange", "loco", cabooses, with
targets in the order trains, "new", "mixed", yard rows.

Choices made where the rules and rulings are silent (for the in-app rules page):
* The game draws the first holder of the wooden locomotive at random.
* Private yards are face up: only the order of the deck is hidden.
* A refill fills an empty row, one row per turn, at the start of the turn only. A player who has no
  possible action but may refill must refill (the new cars may make an action possible); with still
  nothing to do, the player passes. When the deck runs out during a refill, the row stays short.
* The end-of-day card lies among the bottom 1/2, 1/3 or 1/4 of the cars left in the deck (rounded
  down) after the main yard is dealt, each position there being equally likely. The player who draws
  it completes the row and then takes their action; the round is then finished.
* If every player in turn passes while the end-of-day card is still in the deck, the day ends at once
  and is scored (this can only happen when nobody can place a car, rearrange or mobilise).
* The marker passes left once at the end of a day, as at the end of every round; the new day starts
  with its new holder.
* A caboose goes on a train that has at least one car. A caboosed train stays its owner's train of
  that type (or mixed train) for the day: no second train of that type can be started.
* Rearranging may move cars between the two rows and reorders them freely (at most 8 a row).
* Points may fall below 0 through the day-3 private-yard penalty.

What each seat sees (`view(seat)`; seat None = spectator; everything but the deck order is public):
`FreightTrainView` in `view.py`, each key explained there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Game, Option
from games.freight_train.cards import (
    CABOOSE_FACTOR,
    CABOOSES,
    CAR_TYPES,
    CATEGORIES,
    COPIES_PER_TYPE,
    DAYS,
    MOBILISE_DAYS,
    START_POINTS,
    YARD_ROW_LIMIT,
    YARD_ROWS,
    YARD_SCORE,
)
from games.freight_train.scoring import FIRST_PLACE, SECOND_PLACE
from games.freight_train.state import FreightTrainState
from games.freight_train.view import FreightTrainView


class FreightTrain(Game[FreightTrainState]):
    title = "game.freight_train"
    min_players = 2
    max_players = 5
    option_schema = (Option("cabooses", "bool", False, label="option.cabooses"),)
    state_class = FreightTrainState
    # Each day's deck is shuffled, and the end-of-day card hidden in it, from the seed; every refill
    # then draws cards nobody knew.
    has_chance = True

    def hides_secrets(self, options: Mapping[str, Any]) -> bool:
        """Everything but the order of the deck is public, and that is hidden from every seat alike."""
        return False

    def max_moves(self, num_players: int) -> int:
        n = num_players
        cars = len(CAR_TYPES) * COPIES_PER_TYPE[n]  # every car of the game
        yard = YARD_ROWS * YARD_ROW_LIMIT  # most cars a private yard holds
        # Car steps ("m2>t0", "y1>new"...): in a day a car leaves the main yard at most once (at most
        # every car is dealt there), and leaves a private yard at most once for each time it was put
        # there: those at the start of the day, and those taken there from the main yard.
        steps = DAYS * (cars + (n * yard + cars))
        # Refills: each draws at least one card, from a deck of at most every car and the end card.
        fills = DAYS * (cars + 1)
        locos = len(MOBILISE_DAYS) * n  # one a player per mobilising day
        cabooses = DAYS * CABOOSES  # the supply is refilled each day
        # Rearranging costs a point and needs one; points only come from the start and from scored
        # days (the last day's come too late): at most the top place of every category, doubled by
        # a caboose, and the private-yard bonus.
        best_category = max(*FIRST_PLACE.values(), SECOND_PLACE) * CABOOSE_FACTOR
        earned = 0
        for day in range(1, DAYS):
            rate, per = YARD_SCORE[day]
            earned += len(CATEGORIES) * best_category + max(0, rate) * (yard // per)
        arranges = n * (START_POINTS + earned)
        boxes = arranges * yard  # putting the lifted cars back, one move each
        dones = steps + arranges  # each take has at least one car step; each rearrangement one "done"
        # A turn ends with "done", "loco", "caboose>...", or "pass". Within a day, n passes in a row
        # end it (the day stalls, or its last round is over), so at most n passes come before each
        # other turn end, and after the day's last.
        passes = n * (dones + locos + cabooses + DAYS)
        return steps + fills + locos + cabooses + arranges + boxes + dones + passes


GAME = FreightTrain()

__all__ = ["GAME", "FreightTrain", "FreightTrainState", "FreightTrainView"]
