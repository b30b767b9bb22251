"""The cards of Trick of the Rails as data (rulings 1-2), and lookups built from them once at import.

Ids are short, stable strings used in moves, views and events:
railway cards `"NYC7"` (company key + number), exchange cards `"NYC-EX"`, the start (station) card
of every railway `"start"`, cities `"pittsburgh"`, `"baltimore"`, `"new_york"`, reserve cards
`"R1"`..`"R3"`, locomotives `"3"`, `"4"`, `"5"`, `"6"`, `"All"`.
"""

from __future__ import annotations

# Company keys in table order, with the name printed on the cards.
COMPANIES: tuple[str, ...] = ("BO", "CO", "ERIE", "NYC", "PRR")
COMPANY_NAMES: dict[str, str] = {"BO": "B&O", "CO": "C&O", "ERIE": "ERIE", "NYC": "NYC", "PRR": "PRR"}

# Station value of the railway cards numbered 1..10 of each company (ruling 2).
STATION_VALUES: dict[str, tuple[int, ...]] = {
    "BO": (10, 10, 10, 20, 20, 20, 20, 30, 30, 40),
    "CO": (40, 30, 30, 20, 20, 20, 20, 10, 10, 10),
    "ERIE": (30, 20, 20, 10, 30, 10, 20, 20, 40, 10),
    "NYC": (20, 20, 30, 10, 20, 40, 10, 20, 30, 10),
    "PRR": (10, 20, 20, 30, 40, 30, 20, 20, 10, 10),
}

START = "start"
START_VALUE = 10

# Locomotive -> (distance, cost); a distance of None means "All": no limit.
LOCOMOTIVES: dict[str, tuple[int | None, int]] = {
    "3": (3, 40),
    "4": (4, 50),
    "5": (5, 60),
    "6": (6, 70),
    "All": (None, 80),
}

# City -> (name on the card, station value).
CITIES: dict[str, tuple[str, int]] = {
    "pittsburgh": ("Pittsburgh", 20),
    "baltimore": ("Baltimore", 30),
    "new_york": ("New York", 40),
}

RESERVES: tuple[str, ...] = ("R1", "R2", "R3")

# Cards in each hand, by number of players (ruling 1).
HAND_SIZES: dict[int, int] = {3: 15, 4: 11, 5: 9}

# Railway cards in hand order: by company, then by number.
RAILWAY_CARDS: tuple[str, ...] = tuple(f"{co}{n}" for co in COMPANIES for n in range(1, 11))
CARD_COMPANY: dict[str, str] = {f"{co}{n}": co for co in COMPANIES for n in range(1, 11)}
CARD_NUMBER: dict[str, int] = {f"{co}{n}": n for co in COMPANIES for n in range(1, 11)}
HAND_ORDER: dict[str, int] = {card: i for i, card in enumerate(RAILWAY_CARDS)}

EXCHANGE_CARDS: dict[str, str] = {f"{co}-EX": co for co in COMPANIES}
EXCHANGE_OF: dict[str, str] = {co: card for card, co in EXCHANGE_CARDS.items()}

# The company a share card counts for: railway cards and exchange cards alike.
SHARE_COMPANY: dict[str, str] = {**CARD_COMPANY, **EXCHANGE_CARDS}

# Station value of anything that can be a segment of a railway.
SEGMENT_VALUE: dict[str, int] = {
    START: START_VALUE,
    **{f"{co}{n}": STATION_VALUES[co][n - 1] for co in COMPANIES for n in range(1, 11)},
    **{city: value for city, (_, value) in CITIES.items()},
}
