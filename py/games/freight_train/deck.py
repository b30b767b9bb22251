"""The draw pile and the end-of-day card hidden in its bottom part."""

from __future__ import annotations

from games.core import Rng
from games.freight_train.view import DeckInfo, EndCardWindow

END_CARD = "end_of_day"


class Deck:
    """Car cards with the top card last (drawn by `pop`), and where the end-of-day card lies.

    The end-of-day card is not stored among the cars: `end_below` counts the cars under it, so it
    surfaces when a draw finds exactly that many cars left. `zone` is the public size of the bottom
    part it was shuffled into, which bounds where it can be.
    """

    __slots__ = ("cars", "end_below", "end_drawn", "zone")

    def __init__(self, cars: list[str]) -> None:
        self.cars = cars
        self.end_below: int | None = None  # None: the end-of-day card is not in the deck
        self.end_drawn = False
        self.zone = 0

    def copy(self) -> Deck:
        other = Deck(list(self.cars))
        other.end_below = self.end_below
        other.end_drawn = self.end_drawn
        other.zone = self.zone
        return other

    def hide_end_card(self, rng: Rng, part: int) -> None:
        """Shuffle the end-of-day card into the bottom 1/part of the deck (each slot equally likely)."""
        self.zone = len(self.cars) // part
        self.end_below = rng.below(self.zone + 1)
        self.end_drawn = False

    def can_draw(self) -> bool:
        return bool(self.cars) or self.end_below is not None

    def draw(self) -> str | None:
        """The top card: a car, `END_CARD` (then set aside), or None when the deck is empty."""
        if self.end_below is not None and len(self.cars) == self.end_below:
            self.end_below = None
            self.end_drawn = True
            return END_CARD
        return self.cars.pop() if self.cars else None

    def end_card_window(self) -> EndCardWindow | None:
        """Public bounds on how many cars will be drawn before the end-of-day card (None once out)."""
        if self.end_below is None:
            return None
        left = len(self.cars)
        return {"min_before": max(0, left - self.zone), "max_before": left}

    def public(self) -> DeckInfo:
        return {"cars": len(self.cars), "end_card": self.end_card_window(), "end_card_drawn": self.end_drawn}
