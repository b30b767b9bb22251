"""What a seat (or a spectator) sees of a Trick of the Rails game: `TrickState.view(seat)`.

Only the hands are secret: a seat sees its own hand (a spectator none); shares, every played card
and every card out of the game are public. Card ids are described in `cards.py`, slot tokens in
`line.py`.
"""

from __future__ import annotations

from typing import TypedDict

from games.core import ViewHeader

# A card played by a player: [player, card id].
Play = list[int | str]


class LineSlot(TypedDict):
    """One slot of the trick line, left to right."""

    token: str  # the slot's card: exchange card, city, locomotive slot, reserve, or the railway card
    # that replaced a reserve
    kind: str  # "exchange" | "railway" | "city" | "locomotive" | "reserve"


class RailwayView(TypedDict):
    """One company's railway, with its worth if the game ended now."""

    company: str  # company key ("BO", "CO", "ERIE", "NYC", "PRR")
    name: str  # the name printed on the cards ("B&O", ...)
    segments: list[str]  # the railway from its left end: the start card, railway cards, cities
    values: list[int]  # station value of each segment
    locomotive: str | None  # "3", "4", "5", "6" or "All"; None before one is placed
    distance: int | None  # segments the locomotive travels; None for "All" or without a locomotive
    cost: int | None  # the locomotive's cost; None without a locomotive
    run: list[int]  # [start, stop) in `segments` of the scoring run (the leftmost best one)
    profit: int  # value of the scoring run
    share_value: int  # what each share is worth now: profit - cost, at least 0 (0 without locomotive)


class TrickRecord(TypedDict):
    """A finished trick."""

    slot: int  # index of its target in the line
    target: str  # the line's token it was played for
    trick_kind: str  # what winning it meant: "share" | "city" | "locomotive"
    plays: list[Play]  # the cards played, in play order
    winner: int


class TrickView(ViewHeader):
    phase: str  # "play" | "locomotive" | "city" | "add" | "over"
    hand: list[str] | None  # the seat's cards in hand order (None for a spectator)
    playable: list[str]  # cards the seat may play to the current trick (empty once it has played)
    hand_sizes: list[int]  # cards in each hand
    line: list[LineSlot]  # one slot per trick
    # Index in `line` of the current trick's target (= tricks already finished); the slots before it
    # are done and their cards now lie elsewhere.
    slot: int
    tricks: int  # number of tricks in the game (= hand size)
    leader: int  # who led the current trick
    led: str | None  # the company led in the current trick; None before the lead
    trick: list[Play]  # cards played to the current trick, in play order
    winner: int | None  # winner of the trick being resolved (placements), else None
    locomotives_to_place: list[str]  # the locomotives the winner still has to place, in order
    to_add: list[Play]  # played cards still to be added to a railway, in order
    railways: list[RailwayView]  # per company, in company order
    shares: list[list[str]]  # per player, share cards in the order taken
    share_counts: list[dict[str, int]]  # per player, shares held per company
    worth: list[int]  # per player, the value of their shares now
    voids: list[list[str]]  # per player, the companies they showed they lack (did not follow)
    removed: list[str]  # railway cards out of the game
    history: list[TrickRecord]  # finished tricks, in order
