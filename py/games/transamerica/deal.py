"""The city cards: the deck for a player count, each round's deal, and variant 1's passing of hands."""

from __future__ import annotations

from games.core import Rng
from games.transamerica.board import BOARD, COLOURS

SMALL_GAME = 3  # with this many players or fewer the dashed cities leave the deck


def deck(num_players: int) -> list[int]:
    """City indices of the cards in play: 35, or 25 without the dashed cities."""
    return [c.index for c in BOARD.cities if not (c.dashed and num_players <= SMALL_GAME)]


def deal(num_players: int, seed: int, round_number: int) -> list[list[int]]:
    """The seed's deal of a round (the first round's in every game, every round's in ordinary ones)."""
    return deal_with(num_players, Rng.derive(seed, "deal", round_number))


def deal_with(num_players: int, rng: Rng) -> list[list[int]]:
    """One card of each colour to each player, in colour order; the draw is the round's chance point."""
    cards = deck(num_players)
    hands: list[list[int]] = [[] for _ in range(num_players)]
    for colour in COLOURS:
        pile = [c for c in cards if BOARD.cities[c].colour == colour]
        rng.shuffle(pile)
        for p in range(num_players):
            hands[p].append(pile[p])
    return hands


def pass_hands(hands: list[list[int]]) -> list[list[int]]:
    """Variant 1: each player takes the hand of the player on their left (the next seat)."""
    return [list(hands[(p + 1) % len(hands)]) for p in range(len(hands))]
