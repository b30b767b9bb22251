"""Trick of the Rails bots: `greedy` looks one trick ahead, `strong` plays sampled games to the end.

Both read only their seat's view. The hidden hands are *sampled*: the cards nobody has seen yet are
dealt to the other players at random, respecting the hand sizes and the voids their play has shown
(a player who did not follow the led company holds none of it). `TrickState.from_view` then turns
the view and the guessed hands into a state that plays on like the real game.

A position is judged by the bot's *margin*: its portfolio value minus the best rival's. During the
game a company without a locomotive is valued at the mean over the locomotives still to come, so
that shares are worth something before the locomotive tricks.

* `greedy`: for each legal move, on a few sampled deals, finish the current trick (others play a
  random legal card, placements are chosen by the placer's own one-ply margin) and keep the move
  with the best mean margin.
* `strong`: determinized Monte Carlo: for each sampled deal, every legal move is played and the game
  is finished by a playout (`playout.py`: random cards, placements by the placer's stake); the move
  with the best mean final margin wins. The work is a fixed number of playouts (the same decision
  in every runtime), under a wall-clock safety net.
* `expert`: strong's search on 560 playouts instead of 480 (more would pass the browser's 600 ms),
  judging a playout by whether it wins (50 points either way) as well as by its margin.
"""

from __future__ import annotations

from functools import lru_cache

from games.bots import Bot, Pacer, Thinking, seat_of
from games.core import Move, Rng
from games.trick_of_the_rails.cards import CARD_COMPANY, COMPANIES, LOCOMOTIVES, SHARE_COMPANY
from games.trick_of_the_rails.playout import play_out
from games.trick_of_the_rails.railway import expected_share_value
from games.trick_of_the_rails.rules import TrickState
from games.trick_of_the_rails.view import TrickView


def unseen_cards(view: TrickView) -> list[str]:
    """Railway cards the view does not show: they are in the other players' hands (in every hand, for
    a spectator's view)."""
    seen = set(view["hand"] or ())
    seen.update(s for railway in view["railways"] for s in railway["segments"])
    seen.update(card for shares in view["shares"] for card in shares)
    seen.update(view["removed"])
    seen.update(slot["token"] for slot in view["line"])
    seen.update(str(card) for _, card in view["trick"])
    return [card for card in CARD_COMPANY if card not in seen]


def own_hand(view: TrickView) -> list[str]:
    """The hand of the seat whose view this is."""
    hand = view["hand"]
    if hand is None:
        raise ValueError("a spectator's view shows no hand")
    return hand


def sample_hands(view: TrickView, rng: Rng) -> list[list[str]]:
    """A random deal of the unseen cards to the other players that fits their hand sizes and voids."""
    seat, voids = seat_of(view), view["voids"]
    others = [p for p in range(view["players"]) if p != seat]
    cards = unseen_cards(view)
    rng.shuffle(cards)
    # Cards fewer players may hold are dealt first, so that the deal rarely runs into a dead end.
    cards.sort(key=lambda card: sum(CARD_COMPANY[card] not in voids[p] for p in others))
    hands: list[list[str]] = [[] for _ in range(view["players"])]
    hands[seat] = list(own_hand(view))
    for _ in range(20):
        dealt = _deal(cards, others, view["hand_sizes"], voids, rng)
        if dealt is not None:
            for p in others:
                hands[p] = dealt[p]
            return hands
    by_company: dict[str, list[str]] = {co: [] for co in COMPANIES}
    for card in cards:
        by_company[CARD_COMPANY[card]].append(card)
    companies = sorted(COMPANIES, key=lambda co: sum(co not in voids[p] for p in others))
    counts = _split(companies, by_company, others, {p: view["hand_sizes"][p] for p in others}, voids, rng)
    assert counts is not None, "the real deal always fits the view"
    for co in COMPANIES:
        left = by_company[co]
        for p in others:
            k = counts[co][p]
            hands[p] += left[:k]
            left = left[k:]
    return hands


def _deal(cards: list[str], others: list[int], sizes: list[int], voids: list[list[str]],
          rng: Rng) -> dict[int, list[str]] | None:
    """Deal card by card to a player who may hold it, chosen in proportion to the room left in their
    hand (a plain deal when nobody has shown a void); None at a dead end."""
    room = {p: sizes[p] for p in others}
    hands: dict[int, list[str]] = {p: [] for p in others}
    for card in cards:
        company = CARD_COMPANY[card]
        holders = [p for p in others if room[p] and company not in voids[p]]
        if not holders:
            return None
        pick = rng.below(sum(room[p] for p in holders))
        for p in holders:
            pick -= room[p]
            if pick < 0:
                break
        hands[p].append(card)
        room[p] -= 1
    return hands


def _split(companies: list[str], by_company: dict[str, list[str]], others: list[int], room: dict[int, int],
           voids: list[list[str]], rng: Rng) -> dict[str, dict[int, int]] | None:
    """How many cards of each company each player gets, by backtracking over random splits: the
    exact fallback when dealing keeps running into dead ends."""
    if not companies:
        return {}
    co, rest = companies[0], companies[1:]
    holders = [p for p in others if co not in voids[p]]
    splits = list(_compositions(len(by_company[co]), tuple(room[p] for p in holders)))
    rng.shuffle(splits)
    for split in splits:
        for p, k in zip(holders, split, strict=True):
            room[p] -= k
        found = _split(rest, by_company, others, room, voids, rng)
        for p, k in zip(holders, split, strict=True):
            room[p] += k
        if found is not None:
            found[co] = {p: 0 for p in others} | dict(zip(holders, split, strict=True))
            return found
    return None


@lru_cache(maxsize=4096)
def _compositions(total: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to write `total` as a sum of one count per cap, each count within its cap."""
    if not caps:
        return ((),) if total == 0 else ()
    return tuple((k, *tail) for k in range(min(total, caps[0]) + 1)
                 for tail in _compositions(total - k, caps[1:]))


def sample_state(view: TrickView, rng: Rng) -> TrickState:
    return TrickState.from_view(view, sample_hands(view, rng))


def portfolio_values(state: TrickState) -> dict[str, float]:
    """Share value per company: the real one with a locomotive, else the mean over those to come."""
    placed = set(state.locomotives.values())
    coming = [loco for loco in LOCOMOTIVES if loco not in placed]
    return {co: expected_share_value(state.railways[co], state.locomotives[co], coming) for co in COMPANIES}


def margin(state: TrickState, seat: int) -> float:
    """The seat's portfolio value minus the best rival's."""
    values = portfolio_values(state)
    worth = [sum(values[SHARE_COMPANY[card]] for card in shares) for shares in state.shares]
    return worth[seat] - max(w for p, w in enumerate(worth) if p != seat)


def final_margin(state: TrickState, seat: int) -> int:
    scores = state.scores()
    return scores[seat] - max(s for p, s in enumerate(scores) if p != seat)


def _best_by_margin(state: TrickState, player: int) -> Move:
    """The placement with the best one-ply margin for `player` (first one on ties)."""
    best, best_value = "", float("-inf")
    for move in state.legal_moves():
        after = state.copy()
        after.apply(move)
        value = margin(after, player)
        if value > best_value:
            best, best_value = move, value
    return best


def _finish_trick(state: TrickState, rng: Rng) -> None:
    """Play the current trick out: random legal cards, one-ply placements; stop at the next trick."""
    slot = state.slot
    while not state.is_over() and state.slot == slot:
        if state.phase == "play":
            state.apply(rng.choice(state.legal_moves()))
        else:
            state.apply(_best_by_margin(state, state.mover))


class GreedyBot:
    """One trick ahead on a few sampled deals, judged by portfolio margin."""

    def __init__(self, samples: int = 6) -> None:
        self.samples = samples

    def think(self, view: TrickView, legal: list[Move], rng: Rng) -> Thinking:
        yield None
        if len(legal) == 1:
            return legal[0]
        slices = Pacer()
        seat = seat_of(view)
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.samples):
            world = sample_state(view, rng)
            for move in legal:
                state = world.copy()
                state.apply(move)
                _finish_trick(state, rng)
                totals[move] += margin(state, seat)
                if slices.slice_over():
                    yield None
        return max(legal, key=totals.__getitem__)


class StrongBot:
    """Determinized Monte Carlo: every legal move, played out to the end on sampled deals."""

    # Against three greedy at 4 players, 300 games: 0.510 with 480 playouts, 0.472 with 200 (random
    # placements: 0.461 with 480, 0.499 with 960).
    def __init__(self, playouts: int = 480, win_bonus: int = 0) -> None:
        self.playouts = playouts
        # Points a playout's win is worth on top of its final margin (a loss costs as much): with it,
        # a move that wins narrowly more often beats one that wins big now and then.
        self.win_bonus = win_bonus

    def think(self, view: TrickView, legal: list[Move], rng: Rng) -> Thinking:
        yield None
        if len(legal) == 1:
            return legal[0]
        deadline = Pacer()
        seat = seat_of(view)
        totals = dict.fromkeys(legal, 0)
        rounds = max(1, self.playouts // len(legal))
        for _ in range(rounds):
            world = sample_state(view, rng)
            for move in legal:
                state = world.copy()
                state.apply(move)
                play_out(state, rng)
                lead = final_margin(state, seat)
                totals[move] += lead + self.win_bonus * ((lead > 0) - (lead < 0))
                if deadline.slice_over():
                    yield None
        return max(legal, key=totals.__getitem__)


# Expert: the same search on more playouts, as many as the browser's 600 ms allow (spending them by
# sequential halving did worse: playouts are too noisy to drop moves after a few deals), playing to
# win: each playout's win or loss counts 50 points beyond its margin.
BOTS: dict[str, Bot[TrickView]] = {
    "greedy": GreedyBot(), "strong": StrongBot(), "expert": StrongBot(playouts=560, win_bonus=50),
}
