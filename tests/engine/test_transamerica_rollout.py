"""TransAmerica's played-out rounds: the greedy bot's own policy, scored by ruling 6's penalties."""

from __future__ import annotations

import pytest

from games import get_game
from games.bots import bot_rng, decide, get_bot
from games.core import Rng, finish
from games.transamerica.moves import TRACK_MOVES
from games.transamerica.rollout import Rollout
from games.transamerica.steiner import connection_cost


def greedy_position(players: int, seed: int, plies: int):
    """A position of the build turns reached by greedy bots, `plies` moves after the markers."""
    state = get_game("transamerica").new_state(players, seed)
    bot = get_bot("transamerica", "greedy")
    while state.phase == "marker" or plies > 0:
        plies -= state.phase != "marker"
        seat = state.current_player
        state.apply(decide(bot, state.view(seat), state.legal_moves(), bot_rng(seed, seat, len(state.moves))))
    return state


def rollout_of(state, rng: Rng) -> Rollout:
    hands = [list(h) for h in state.city_points]
    return Rollout([e for e, _ in state.tracks], list(state.markers), hands, rng)


@pytest.mark.parametrize(("players", "seed", "plies"),
                         [(2, 1, 0), (4, 2, 7), (4, 3, 19), (4, 3, 22), (6, 4, 13)])
def test_a_greedy_track_is_the_greedy_bots_choice(players, seed, plies):
    state = greedy_position(players, seed, plies)
    seat = state.current_player
    assert state.plain_left  # the turn still has a placement
    greedy = get_bot("transamerica", "greedy")
    for k in range(6):
        # The same generator breaks ties the same way: the bot's one draw is the rollout's.
        move = decide(greedy, state.view(seat), state.legal_moves(), Rng(k))
        track = rollout_of(state, Rng(k)).greedy_track(seat, 2 if not state.placed else 1)
        assert move == ("end" if track is None else TRACK_MOVES[track])


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 6), (5, 7)])
def test_a_played_out_round_ends_with_ruling_6s_penalties(players, seed):
    state = greedy_position(players, seed, 0)
    rollout = rollout_of(state, Rng(seed))
    penalties = finish(rollout.play(state.current_player, 2))
    assert rollout.over()
    built = [e for e in range(len(rollout.built)) if rollout.built[e]]
    exact = [connection_cost([*state.city_points[p], state.markers[p]], built) for p in range(players)]
    assert penalties == exact
    assert 0 in penalties or rollout.tracks >= 84
