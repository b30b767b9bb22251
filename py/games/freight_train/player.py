"""A player's locomotives, trains and private yard, and where a car may legally go.

Trains are kept in the order they were started; `t<i>` names train i. A locomotive without a car is
not a train yet: the first car says whether it starts a train of its own type (`new`) or the
player's one mixed train (`mixed`) (ruling 5).
"""

from __future__ import annotations

from games.freight_train.cards import CAR_TYPES, MIXED, YARD_ROW_LIMIT, YARD_ROWS
from games.freight_train.view import TrainView

TRAIN_TARGETS = tuple(f"t{i}" for i in range(32))
YARD_TARGETS = tuple(f"y{j}" for j in range(YARD_ROWS))
ALL_TYPES = frozenset(CAR_TYPES)


class Train:
    """A locomotive with its cars: `kind` is a car type, or MIXED for the player's mixed train."""

    __slots__ = ("caboose", "cars", "kind")

    def __init__(self, kind: str, cars: list[str], caboose: bool = False) -> None:
        self.kind = kind
        self.cars = cars
        self.caboose = caboose

    def copy(self) -> Train:
        return Train(self.kind, list(self.cars), self.caboose)

    def public(self) -> TrainView:
        return {"kind": self.kind, "cars": list(self.cars), "caboose": self.caboose}


class Player:
    """One seat's material: points, locomotives, trains, private yard (rows listed bumper first)."""

    __slots__ = ("locos", "mobilised", "points", "rearranged", "trains", "yard")

    def __init__(self, locos: int, points: int) -> None:
        self.locos = locos
        self.points = points
        self.trains: list[Train] = []
        self.yard: list[list[str]] = [[] for _ in range(YARD_ROWS)]
        self.mobilised = False  # mobilised a locomotive today
        self.rearranged = 0  # times the private yard was rearranged (points paid)

    def copy(self) -> Player:
        other = Player(self.locos, self.points)
        other.trains = [train.copy() for train in self.trains]
        other.yard = [list(row) for row in self.yard]
        other.mobilised = self.mobilised
        other.rearranged = self.rearranged
        return other

    def yard_cars(self) -> int:
        return sum(map(len, self.yard))

    def yard_room(self) -> int:
        return YARD_ROW_LIMIT * YARD_ROWS - self.yard_cars()

    def train_of(self, category: str) -> Train | None:
        for train in self.trains:
            if train.kind == category:
                return train
        return None

    def targets(self, car: str, to_yard: bool) -> list[str]:
        """Where this car may go, in a fixed order: trains, a new train, a new mixed train, yard rows."""
        found = []
        own_type = has_mixed = False
        for i, train in enumerate(self.trains):
            if train.kind == car:
                own_type = True
            elif train.kind == MIXED:
                has_mixed = True
                if car in train.cars:
                    continue
            else:
                continue
            if not train.caboose:
                found.append(TRAIN_TARGETS[i])
        if self.locos > len(self.trains):
            if not own_type:
                found.append("new")
            if not has_mixed:
                found.append("mixed")
        if to_yard:
            found.extend(YARD_TARGETS[j] for j, row in enumerate(self.yard) if len(row) < YARD_ROW_LIMIT)
        return found

    def place(self, car: str, target: str) -> Train | None:
        """Put the car at `target`; returns the train it joined (None for the private yard)."""
        if target == "new":
            train = Train(car, [car])
            self.trains.append(train)
            return train
        if target == "mixed":
            train = Train(MIXED, [car])
            self.trains.append(train)
            return train
        index = int(target[1:])
        if target[0] == "y":
            self.yard[index].append(car)
            return None
        train = self.trains[index]
        train.cars.append(car)
        return train

    def room(self) -> Room:
        return Room.of(self)


class Room:
    """What is left to receive cars, abstracted for the take-3 look-ahead: the order of placing a
    set of cars does not matter, only which trains are open, mixed types used, locos and yard room."""

    __slots__ = ("empty", "free", "mixed", "open_types", "typed")

    def __init__(self, open_types: frozenset[str], typed: frozenset[str], mixed: frozenset[str] | None,
                 empty: int, free: int) -> None:
        self.open_types = open_types  # types with a train that still takes cars
        self.typed = typed  # types with a train (a second one is forbidden)
        self.mixed = mixed  # types the mixed train can still take; None: no mixed train started yet
        self.empty = empty  # locomotives without a car
        self.free = free  # room left in the private yard

    @classmethod
    def of(cls, player: Player) -> Room:
        typed = [t for t in player.trains if t.kind != MIXED]
        mixed_train = player.train_of(MIXED)
        mixed: frozenset[str] | None = None
        if mixed_train is not None:
            # A mixed train closed by a caboose takes no type at all.
            mixed = frozenset() if mixed_train.caboose else ALL_TYPES.difference(mixed_train.cars)
        return cls(frozenset(t.kind for t in typed if not t.caboose), frozenset(t.kind for t in typed),
                   mixed, player.locos - len(player.trains), player.yard_room())

    def places(self) -> int:
        """Cars that surely fit: with no caboose on any train, a car that has no train of its own
        type may start one on an empty locomotive, so each empty locomotive or yard place takes one."""
        closed = self.open_types != self.typed or self.mixed == frozenset()
        return self.free + (0 if closed else self.empty)

    def receive(self, car: str, target: str, train_kind: str | None) -> Room:
        """The room left once this car went to `target` (`train_kind`: the kind of train t<i>)."""
        if target == "new":
            return Room(self.open_types | {car}, self.typed | {car}, self.mixed, self.empty - 1, self.free)
        if target == "mixed":
            return Room(self.open_types, self.typed, ALL_TYPES - {car}, self.empty - 1, self.free)
        if target[0] == "y":
            return Room(self.open_types, self.typed, self.mixed, self.empty, self.free - 1)
        if train_kind == MIXED and self.mixed is not None:
            return Room(self.open_types, self.typed, self.mixed - {car}, self.empty, self.free)
        return self

    def takes(self, car: str) -> bool:
        """Whether one more car of this type fits somewhere."""
        return (car in self.open_types or self.free > 0 or (self.mixed is not None and car in self.mixed)
                or (self.empty > 0 and (car not in self.typed or self.mixed is None)))

    def options(self, car: str) -> list[Room]:
        """Every essentially different way to receive this car."""
        if car in self.open_types:
            return [self]  # joining its own train costs nothing: no other choice can be better
        found = []
        if self.mixed is not None and car in self.mixed:
            found.append(self.receive(car, "t", MIXED))
        if self.empty:
            if car not in self.typed:
                found.append(self.receive(car, "new", None))
            if self.mixed is None:
                found.append(self.receive(car, "mixed", None))
        if self.free:
            found.append(self.receive(car, "y", None))
        return found

    def fits(self, rows: list[list[str]], taken: list[int], count: int) -> bool:
        """Whether `count` more cars can be taken from the open ends of the main-yard `rows`
        (`taken[r]` cars already gone from row r) and every one placed here."""
        left = sum(map(len, rows)) - sum(taken)
        return _fits(self, rows, taken, count, left)


def _fits(room: Room, rows: list[list[str]], taken: list[int], count: int, left: int) -> bool:
    if count > left:
        return False
    if count == 0 or room.places() >= count:
        return True
    if count == 1:
        return any(taken[r] < len(row) and room.takes(row[len(row) - 1 - taken[r]])
                   for r, row in enumerate(rows))
    for r, row in enumerate(rows):
        if taken[r] == len(row):
            continue
        car = row[len(row) - 1 - taken[r]]
        taken[r] += 1
        found = any(_fits(option, rows, taken, count - 1, left - 1) for option in room.options(car))
        taken[r] -= 1
        if found:
            return True
    return False
