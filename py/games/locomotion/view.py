"""What a seat (or a spectator) sees of a Locomotion game: `LocomotionState.view(seat)`.

Everything in Locomotion is public, so every seat and spectators see the same, but the "seat" key.
Square names: see `track.py`; colours are "blue", "red" and "yellow"; gaps are numbered 0-3.
"""

from __future__ import annotations

from typing import TypedDict

from games.core import ViewHeader

# One step of a move: [locomotive id, name of the square it moves to].
Step = list[int | str]


class LocoView(TypedDict):
    """One locomotive (ids 0-15; seat p owns 4p to 4p+3)."""

    id: int
    owner: int  # seat
    square: str | None  # the square it stands on, None off the track
    place: str  # "track" | "home" | "shed"


class DiceView(TypedDict):
    """This turn's roll."""

    colour: str  # the platform that slides: the colour die, or the colour named with a repair tile
    numbers: list[int]  # the two number dice
    chosen: bool  # the colour was named with a repair tile


class SlideView(TypedDict):
    """This turn's platform slide."""

    colour: str  # the platform
    source: int  # the gap it left
    target: int  # the gap it moved to
    direction: str  # "left" | "right" | "ahead", seen from the source gap facing the hub


class PreviewView(TypedDict):
    """What a `drive` or `enter` move would do now."""

    steps: list[Step]  # every step of the move in order (pushed locomotives included)
    crashed: int | None  # the locomotive that would crash, if one would
    cause: str | None  # why it would crash: "gap" | "buffer" | "off_track" | "finish_buffer"
    sheltered: int | None  # the locomotive that would enter a shed, if one would


class LocomotionView(ViewHeader):
    # "choose" (a repair-tile holder chooses before the roll) | "drive" | "extra" (take the extra turn
    # of a double or not) | "over"; bots' look-ahead copies also wait in "roll".
    phase: str
    gaps: list[str | None]  # platform colour per gap 0-3; None = the empty gap
    locos: list[LocoView]  # per locomotive id
    sheds: list[int]  # locomotive ids in the sheds, in order of arrival
    dice: DiceView | None  # None before the roll
    slide: SlideView | None  # None before the roll
    extra_turn: bool  # this turn is a double's extra turn
    # The locomotive driven this turn, or the one an extra turn must drive; None before any drive.
    driven: int | None
    tiles: list[int]  # per player, repair tiles held
    pile: int  # repair tiles left in the pile (0 without the option)
    crashes: list[int]  # per player, their locomotives' crashes
    turns: list[int]  # per player, turns begun (a double's extra turn not counted)
    previews: dict[str, PreviewView]  # per legal `drive`/`enter` move, in phase "drive" only
    winner: int | None  # the seat that sheltered three locomotives, once the game is over
