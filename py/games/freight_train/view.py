"""What a seat (or a spectator) sees of a Freight Train game: `FreightTrainState.view(seat)`.

Everything but the order of the deck is public, so every seat and spectators see the same (but the
"seat" key). Cars are named by their type (`cards.CAR_TYPES`); rows are listed from their bumper, so
a row's last car is at its open end.
"""

from __future__ import annotations

from typing import TypedDict

from games.core import ViewHeader


class TrainView(TypedDict):
    """A player's train: a locomotive with its cars."""

    kind: str  # the car type it carries, or "mixed" for the player's mixed train
    cars: list[str]  # from the locomotive on
    caboose: bool  # a caboose closes it (caboose option)


class EndCardWindow(TypedDict):
    """Public bounds on where the end-of-day card lies in the deck."""

    min_before: int  # fewest cars that can still be drawn before the end-of-day card
    max_before: int  # most cars that can still be drawn before it


class DeckInfo(TypedDict):
    """What everyone knows of the draw pile (`Deck.public`)."""

    cars: int  # cars left in the deck
    end_card: EndCardWindow | None  # None once the end-of-day card is drawn
    end_card_drawn: bool


class DeckView(DeckInfo):
    counts: dict[str, int]  # car type -> cars of that type in the deck (every type listed)


class TurnView(TypedDict):
    """The turn in progress."""

    filled: bool  # a main-yard row was refilled this turn
    taken: int  # cars moved by the action so far
    pool: list[str]  # cars lifted out of the private yard, waiting to be put back while rearranging
    passes: int  # turns in a row ended by a pass
    # How many of the last moves may be taken back (replay the record without them): the steps of an
    # action not yet confirmed by "done"; a refill, "loco", "caboose>..." and "pass" are final at once.
    undo: int


class CategoryScore(TypedDict):
    """One scoring category (a car type, or "mixed") as the day would be scored now."""

    category: str
    lengths: list[int]  # per player, cars in their train of that category (0: none)
    cabooses: list[bool]  # per player, whether that train has a caboose (which doubles its points)
    points: list[int]  # per player


class DayScore(TypedDict):
    """A player's points from one scored day."""

    categories: dict[str, int]  # category -> points
    trains: int  # sum of the category points
    yard: int  # private-yard bonus (day 1) or penalty (day 3)
    total: int  # trains + yard


class FreightTrainView(ViewHeader):
    phase: str  # "turn" | "main" | "private" | "arrange" | "over"
    day: int  # 1-3
    round: int  # the round in the day, from 1
    start_player: int  # holder of the wooden locomotive
    points: list[int]  # per player
    locos: list[int]  # per player, locomotives (with or without cars)
    mobilised: list[bool]  # per player, whether they mobilised a locomotive today
    rearranged: list[int]  # per player, times they rearranged their private yard (1 point each)
    trains: list[list[TrainView]]  # per player, in the order they were started (train i is "t<i>")
    yards: list[list[list[str]]]  # per player, their private yard's two rows
    main_yard: list[list[str]]  # the five rows of the main yard
    deck: DeckView
    cabooses: int  # cabooses left in the supply (0 without the option)
    turn: TurnView
    # Category -> points per player if the day were scored now (cabooses included).
    standings: dict[str, list[int]]
    days: list[list[DayScore]]  # per scored day, per player
