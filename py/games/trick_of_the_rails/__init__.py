"""Trick of the Rails (Hisashi Hayashi): a trick-taking game of railway shares, for 3-5 players.

Rules: `shared/rules/trick-of-the-rails.fr.txt` with the binding rulings (Trick of the Rails part of
`shared/rules/rulings.md`). Card ids are described in `cards.py`, the trick line in `line.py`.

Moves (canonical strings; every choice of the physical game is one move, and each is final, as a
card on the table is, so there is no confirm step):
    "play NYC7"        play that card from your hand to the current trick
    "loco NYC"         winner of a locomotive trick: put the locomotive beside that company
    "city NYC left"    winner of a city trick: put the city at the left or right end of that railway
    "add left"         after a city/locomotive trick, in turn from the winner: add the card you
                       played to the left or right end of its company's railway
Legal moves come in a fixed order: cards in hand order (company B&O, C&O, ERIE, NYC, PRR, then
number), companies in that order, "left" before "right".

Choices made where the rules and rulings are silent (for the in-app rules page):
* The first leader is drawn at random by the game.
* A railway is a horizontal row that starts with its start card at the left; "left" and "right"
  are its two ends. A city may go at either end, also before the start card. With the "end only"
  option the played cards always go at the right (far) end and are placed automatically; the
  city still goes at either end, as the French text says.
* A locomotive that can only go to one company (the All of 6+All in the basic line) is placed
  automatically. In the mixed line, when 6+All comes up while more than two companies still lack a
  locomotive, the winner places the 6 and then the All.
* Reserve cards are numbered 1-3 from left to right, so the leftmost is also the lowest.
* Shares are kept face up: everyone's shares, every played card and every card out of the game
  are public; only the hands are secret.
* A company without a locomotive runs no train: profit 0, shares worth 0 (this only matters for the
  "worth now" figures shown during play: every company has a locomotive at the end).
* When two runs of a railway are worth the same, the leftmost is shown as the scoring run.

What each seat sees (`view(seat)`, seat None = spectator; JSON-serialisable): `TrickView` in
`view.py`, each key explained there.

Events: game_started {leader, hand_size, line}, card_played {player, card},
trick_won {player, card, slot, target, trick_kind}, share_taken {player, card},
reserve_replaced {card, reserve, slot}, card_removed {card},
locomotive_placed {player, locomotive, company, automatic},
city_placed {player, city, company, end}, card_added {player, card, company, end, automatic},
game_over {scores, winners}.

Besides the contract, `TrickState` offers `copy()` (cheap, for searches), `from_view(view, hands)`
(a playable state from a view and guessed hands, for bots), `playable(player)`, `appraisals()`
(every company's run and share value now), `share_counts(player)` and `scores()`. Bots: `bots.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Game, Option
from games.trick_of_the_rails.cards import HAND_SIZES
from games.trick_of_the_rails.rules import TrickState
from games.trick_of_the_rails.view import TrickView


class TrickOfTheRails(Game[TrickState]):
    title = "game.trick_of_the_rails"
    min_players = 3
    max_players = 5
    option_schema = (
        Option("end_only", "bool", False, label="option.end_only"),
        Option("mixed_line", "bool", False, label="option.mixed_line"),
    )
    state_class = TrickState
    # The deal, the line and the first leader are drawn when the game is set up; nothing after.
    has_chance = False

    def hides_secrets(self, options: Mapping[str, Any]) -> bool:
        """The hands are always secret."""
        return True

    def max_moves(self, num_players: int) -> int:
        n = num_players
        # One trick per card in hand (the line is as long as a hand). A trick is n "play" moves; a
        # city trick adds one "city" move, a locomotive trick at most two "loco" moves (the 6+All
        # slot), and both then at most n "add" moves; a share trick adds nothing.
        return HAND_SIZES[n] * (n + 2 + n)


GAME = TrickOfTheRails()

__all__ = ["GAME", "TrickOfTheRails", "TrickState", "TrickView"]
