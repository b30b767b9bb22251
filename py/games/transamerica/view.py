"""What a seat (or a spectator) sees of a TransAmerica game: `TransAmericaState.view(seat)`.

Everything is public but the hands of city cards: a seat sees its own; everyone sees every hand with
the visible-cards option (variant 1) and once the game is over. Points are `[x, y]` intersections,
tracks are named by their edge ("x,y,D", see `board.py`).
"""

from __future__ import annotations

from typing import Any, TypedDict

from games.core import ViewHeader

# A built track: [edge name, seat of the player who laid it].
TrackEntry = list[str | int]


class TurnView(TypedDict):
    """The turn in progress."""

    placed: list[str]  # edge names of the tracks the mover laid this turn, in order
    plain_left: int  # plain tracks the mover may still lay this turn (a double track uses both)
    # The first plain track of the turn completed other players but not the mover: the mover may lay
    # one more plain track or play "end", and either ends the round.
    second_after_completion: bool


class TransAmericaView(ViewHeader):
    round: int  # the round being played, from 1
    start_player: int  # the seat that placed the first marker of this round
    phase: str  # "marker" (start markers being placed) | "build" | "over"
    scores: list[int]  # per player, their place on the score track (13 at the start)
    barrier: int  # a score at or below it ends the game once a round is scored (from round 2)
    tracks_left: int  # tracks still in the supply this round (84 a round)
    markers: list[list[int] | None]  # per player, [x, y] of their start marker; None before it is placed
    tracks: list[TrackEntry]  # this round's tracks, in the order they were laid
    # Per entry of `tracks`, the label of the network it belongs to: tracks with the same label are
    # joined; labels are 0, 1, ... in order of first appearance.
    track_networks: list[int]
    # Per player, the label of their marker's network; None without a marker or without track at it.
    marker_networks: list[int | None]
    turn: TurnView
    # Per player, the names of the cities in their hand, in colour order (see `board.COLOURS`); None
    # where the hand is hidden from this view.
    cities: list[list[str] | None]
    history: list[list[int]]  # per scored round, each player's penalty
    # A copy of the last "round_scored" event (penalties, missing track, the board as the round
    # ended...), for the round-end screen; None before the first round is scored.
    last_round: dict[str, Any] | None
