"""Colours shared by every game's drawing: paper and ink, and one style per seat.

Seat colours are the Okabe-Ito palette (distinguishable with the common colour-vision deficiencies),
minus black, which is the colour of track and text, and minus yellow, which vanishes on paper. Colour
is never the only cue: every seat also has its own token shape and is drawn with its seat number, in
the ink colour that contrasts best with the fill (WCAG ratio >= 4.5).
"""

from __future__ import annotations

from dataclasses import dataclass

INK = "#1d1b18"  # text, outlines, and track: the black of the wooden pieces
PAPER = "#fbf7ec"  # card faces, text halos
MUTED = "#6e675b"  # secondary text and thin rules
WHITE = "#ffffff"
HIGHLIGHT = "#ffd21f"  # what can be played now, and what was just played


@dataclass(frozen=True)
class SeatStyle:
    colour: str
    ink: str  # text colour drawn on `colour`
    shape: str  # a name of `ui.svg.SHAPES`
    symbol: str  # the same shape as a character, for HTML


SEATS: tuple[SeatStyle, ...] = (
    SeatStyle("#D55E00", "#000000", "circle", "●"),  # vermillion
    SeatStyle("#0072B2", "#ffffff", "square", "■"),  # blue
    SeatStyle("#009E73", "#000000", "triangle", "▲"),  # bluish green
    SeatStyle("#CC79A7", "#000000", "diamond", "◆"),  # reddish purple
    SeatStyle("#E69F00", "#000000", "pentagon", "⬟"),  # orange
    SeatStyle("#56B4E9", "#000000", "hexagon", "⬢"),  # sky blue
)


def seat_index(seat: int) -> int:
    """The style a seat wears: the styles repeat past the sixth seat."""
    return seat % len(SEATS)


def seat_style(seat: int) -> SeatStyle:
    return SEATS[seat_index(seat)]


def player_colour(seat: int) -> str:
    return seat_style(seat).colour


def player_symbol(seat: int) -> str:
    return seat_style(seat).symbol
