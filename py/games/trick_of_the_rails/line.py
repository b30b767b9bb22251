"""The trick line: one card per trick, left to right, deciding what the trick's winner does (ruling 3).

A line is a list of slot tokens: an exchange card (`"NYC-EX"`), a city (`"baltimore"`), a
locomotive slot (`"3"`, `"4"`, `"5"` or `"6+All"`, the pair being one trick, ruling 4), a reserve
card (`"R1"`), or, once a reserve has been replaced, the railway card now lying there (`"NYC7"`).
"""

from __future__ import annotations

from games.core import Rng
from games.trick_of_the_rails.cards import CARD_COMPANY, CITIES, EXCHANGE_CARDS, RESERVES

# The basic line per player count: E exchange, C city, R reserve, anything else a locomotive slot.
BASIC_LINES: dict[int, tuple[str, ...]] = {
    3: ("E", "C", "E", "C", "E", "C", "E", "3", "E", "4", "R", "5", "R", "6+All", "R"),
    4: ("E", "C", "E", "3", "E", "4", "E", "5", "E", "6+All", "R"),
    5: ("E", "3", "E", "4", "E", "5", "E", "6+All", "E"),
}

LOCOMOTIVE_SLOTS: tuple[str, ...] = ("3", "4", "5", "6+All")

SLOT_KIND: dict[str, str] = {
    **dict.fromkeys(EXCHANGE_CARDS, "exchange"),
    **dict.fromkeys(CARD_COMPANY, "railway"),
    **dict.fromkeys(CITIES, "city"),
    **dict.fromkeys(LOCOMOTIVE_SLOTS, "locomotive"),
    **dict.fromkeys(RESERVES, "reserve"),
}

# What winning the trick of a slot means; a reserve is always replaced before its trick (see tests).
TRICK_KIND: dict[str, str] = {"exchange": "share", "railway": "share", "city": "city",
                              "locomotive": "locomotive"}


def build_line(num_players: int, rng: Rng, mixed: bool) -> list[str]:
    """Lay out the line: exchange cards in random order, cities shuffled, reserves numbered 1.. left
    to right; with `mixed` (ruling 9) the city and locomotive cards of the basic line are shuffled into
    those same slots."""
    exchanges = list(EXCHANGE_CARDS)
    rng.shuffle(exchanges)
    cities = list(CITIES)
    rng.shuffle(cities)
    reserves = iter(RESERVES)
    line = []
    for code in BASIC_LINES[num_players]:
        if code == "E":
            line.append(exchanges.pop())
        elif code == "C":
            line.append(cities.pop())
        elif code == "R":
            line.append(next(reserves))
        else:
            line.append(code)
    if mixed:
        slots = [i for i, token in enumerate(line) if SLOT_KIND[token] in ("city", "locomotive")]
        tokens = [line[i] for i in slots]
        rng.shuffle(tokens)
        for i, token in zip(slots, tokens, strict=True):
            line[i] = token
    return line
