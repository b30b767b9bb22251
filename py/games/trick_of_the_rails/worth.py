"""What a share of each company is worth now, and the most it can still be worth.

Everything here is public (railways, locomotives, the line, cards played and out of the game): it reads
a view and nothing of any hand, so the spectator's view gives the same answer as any player's.
"""

from __future__ import annotations

from typing import NamedTuple

from games.trick_of_the_rails.bots import unseen_cards
from games.trick_of_the_rails.cards import CARD_COMPANY, CITIES, LOCOMOTIVES, SEGMENT_VALUE
from games.trick_of_the_rails.line import TRICK_KIND
from games.trick_of_the_rails.railway import best_run
from games.trick_of_the_rails.view import TrickView


class Worth(NamedTuple):
    """A share of one company: what it pays if the game ended now, and the most it can still pay."""

    company: str
    name: str
    now: int
    best: int


class Coming(NamedTuple):
    """What can still join the railways: the cities still to be placed (their station values), the
    cards on the table that will be added to their company's railway, and how many cards are still to
    be played to city and locomotive tricks (each of them joins its company's railway too)."""

    cities: list[int]
    pending: list[str]
    plays: int


def coming(view: TrickView) -> Coming:
    if view["phase"] == "over":
        return Coming([], [], 0)
    n, slot = view["players"], view["slot"]
    # A reserve is replaced by a railway card before its trick: a share trick, like an exchange card.
    kinds = [TRICK_KIND.get(entry["kind"], "share") for entry in view["line"]]
    later = view["line"][slot + 1:]
    cities = [CITIES[entry["token"]][1] for entry in later if entry["kind"] == "city"]
    plays = n * sum(kind != "share" for kind in kinds[slot + 1:])
    if kinds[slot] == "share":
        return Coming(cities, [], plays)
    phase, token = view["phase"], view["line"][slot]["token"]
    waiting = view["to_add"] if phase == "add" else view["trick"]
    if phase == "play":
        plays += n - len(view["trick"])
    if token in CITIES and phase in ("play", "city"):
        cities.append(CITIES[token][1])
    return Coming(cities, [str(card) for _, card in waiting], plays)


def best_profit(values: list[int], extra: list[int], distance: int | None) -> int:
    """The best run a locomotive of `distance` can score once any of `extra` (station values, highest
    first) have joined the railway: the new segments go at its ends, so a run either stays inside
    today's railway or takes a few new ones at one end with the rest from that end of today's."""
    if distance is None:
        return sum(values) + sum(extra)
    best = best_run(values, distance)[2]
    taken = 0
    for k, value in enumerate(extra[:distance], start=1):
        taken += value
        rest = min(distance - k, len(values))  # today's segments beside them, from one end
        edge = max(sum(values[:rest]), sum(values[len(values) - rest:]))
        best = max(best, taken + edge)
    return best


def worths(view: TrickView) -> list[Worth]:
    """Per company, a share's worth now (the engine's final scoring applied to the railway as it is)
    and at best: the highest it can still reach, from public information only. "At best" assumes the
    luckiest future the cards still allow: the company gets the best locomotive still free (unless it
    has one), every city still on the line joins its railway, and so do the cards waiting to be added
    and as many of its cards still in hand as cards remain to be played to city and locomotive
    tricks, each at the end that suits it. It ignores who holds those cards and the "end only"
    option's constraint, so it is a bound the game never exceeds, reached only if every choice
    goes this company's way."""
    come = coming(view)
    hidden = unseen_cards(view)
    free = [loco for loco in LOCOMOTIVES if loco not in {r["locomotive"] for r in view["railways"]}]
    found = []
    for rail in view["railways"]:
        company = rail["company"]
        cards = sorted((SEGMENT_VALUE[c] for c in hidden if CARD_COMPANY[c] == company), reverse=True)
        extra = sorted([*come.cities, *(SEGMENT_VALUE[c] for c in come.pending if CARD_COMPANY[c] == company),
                        *cards[:come.plays]], reverse=True)
        options = [rail["locomotive"]] if rail["locomotive"] else free
        best = max((best_profit(rail["values"], extra, LOCOMOTIVES[loco][0]) - LOCOMOTIVES[loco][1]
                    for loco in options), default=0)
        found.append(Worth(company, rail["name"], rail["share_value"], max(0, best)))
    return found
