"""The cards and the table of Freight Train as data: car types, counts per player count, limits.

A car is named by its type (a string of `CAR_TYPES`). Counts follow ruling 1, limits ruling 2.
"""

from __future__ import annotations

CAR_TYPES: tuple[str, ...] = (
    "auto_rack", "box", "coil_steel", "container", "gondola", "hopper",
    "ore", "piggyback", "refrigerator", "stock", "tank",
)
MIXED = "mixed"
# The 12 scoring categories: one per car type, then the mixed train.
CATEGORIES: tuple[str, ...] = (*CAR_TYPES, MIXED)
TYPE_ORDER: dict[str, int] = {car: i for i, car in enumerate(CAR_TYPES)}

COPIES_PER_TYPE: dict[int, int] = {2: 9, 3: 12, 4: 16, 5: 16}
START_LOCOMOTIVES: dict[int, int] = {2: 7, 3: 6, 4: 5, 5: 5}
START_POINTS = 5
DAYS = 3

MAIN_ROWS = 5
MAIN_ROW_CARS = 5  # a main-yard row is filled with this many cars
YARD_ROWS = 2
YARD_START_CARS = 6  # per private-yard row at the start of the game
YARD_ROW_LIMIT = 8

MAIN_TAKE = 3  # exactly this many cars from the main yard
YARD_TAKE_MAX = 4  # 1 to this many cars from the private yard
REFILL_EMPTY_ROWS = 2  # an optional refill needs this many empty main-yard rows
REARRANGE_COST = 1
MOBILISE_DAYS: tuple[int, ...] = (1, 2)
CABOOSES = 7
CABOOSE_FACTOR = 2

# Day -> the end-of-day card is shuffled into the bottom 1/k of the deck.
END_CARD_PART: dict[int, int] = {1: 2, 2: 3, 3: 4}
# Day -> (points, per so many cars) left in the private yard when that day is scored.
YARD_SCORE: dict[int, tuple[int, int]] = {1: (1, 2), 2: (0, 1), 3: (-1, 1)}
