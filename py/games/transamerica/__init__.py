"""TransAmerica (Franz-Benno Delonge): join your five cities by rail before anyone else does.

Rules in `rules.py`, the board in `board.py`, the deal in `deal.py`, move texts in `moves.py`, what a
seat sees in `view.py`, the bots in `bots.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Game, Option
from games.transamerica.rules import MAX_TRACKS, TransAmericaState
from games.transamerica.scoring import START_SCORE
from games.transamerica.view import TransAmericaView


class TransAmerica(Game[TransAmericaState]):
    title = "game.transamerica"
    min_players = 2
    max_players = 6
    option_schema = (
        Option("visible_cards", "bool", False, label="option.visible_cards"),  # variant 1
        Option("blocking_markers", "bool", False, label="option.blocking_markers"),  # variant 2
    )
    state_class = TransAmericaState
    # Every round after the first is dealt anew from the seed. (With visible cards the hands are passed
    # on instead, and nothing is left to chance after the first deal.)
    has_chance = True

    def hides_secrets(self, options: Mapping[str, Any]) -> bool:
        """A seat sees its own city cards only, unless they are all face up (variant 1)."""
        return not options.get("visible_cards", False)

    def max_moves(self, num_players: int) -> int:
        n = num_players
        # A round: one marker per player, then turns of one or two tracks (84 in a round at most) each
        # confirmed by one "end" move. With blocking markers a player with nowhere to build passes;
        # passing changes nothing and not everyone can be walled in at once, so at most n - 1 passes
        # come in a row: before each of the (at most 84) turns that lay track, and after the last.
        per_round = n + 2 * MAX_TRACKS + (n - 1) * (MAX_TRACKS + 1)
        # Rounds: with visible cards, n. Otherwise the game ends after a round (from round 2) that
        # leaves a score at or below the barrier, which never goes below 0: while the game goes on
        # every score is 1 or more, so the 13 points each player starts with pay for at most 12n rounds
        # in which someone pays a penalty, and the next such round ends the game. A round where
        # nobody pays (a track that completes everyone at once) can happen, so no bound is certain:
        # such rounds are rare (2 of about 500 rounds between greedy bots, none in 6000 rounds of
        # random play), and we allow as many of them as paying rounds. At even 1% of rounds, more
        # would come with a chance below (4 x 1%)^(12n + 1) < 1e-34.
        paying_rounds = (START_SCORE - 1) * n + 1
        return max(n, 2 * paying_rounds) * per_round


GAME = TransAmerica()

__all__ = ["GAME", "TransAmerica", "TransAmericaState", "TransAmericaView"]
