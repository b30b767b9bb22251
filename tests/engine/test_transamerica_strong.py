"""TransAmerica's strong bot reads opponents' hands from the cities their own track reaches."""

from __future__ import annotations

from dataclasses import replace

from games import get_game
from games.core import Rng, finish
from games.transamerica.board import BOARD, COLOURS
from games.transamerica.bots import (
    COLOUR_OF,
    HEADING_BONUS,
    REACHED_BONUS,
    Table,
    city_likelihoods,
    guess_hand,
    misfits,
    track_clues,
)
from games.transamerica.steiner import solving


def point(x: int, y: int) -> int:
    return BOARD.point_index[(x, y)]


def test_cities_an_opponent_reaches_or_heads_for_are_likelier() -> None:
    state = get_game("transamerica").new_state(4, 7)
    for move in ("marker 10,6", "marker 5,9", "marker 15,3", "marker 9,9"):
        state.apply(move)
    # Seat 0 builds from its marker to Oklahoma City (11,8); seat 1 from Los Angeles toward Phoenix.
    for move in ("track 10,6,SW", "track 10,7,SE", "end", "track 5,9,E", "end"):
        state.apply(move)
    table = Table.read(state.view(2))
    likely = dict(city_likelihoods(table, 0, track_clues(table, 0)))
    # Oklahoma City: reached by seat 0's own track, and both of its tracks headed there.
    assert likely[point(11, 8)] == 2.0 ** (REACHED_BONUS + sum(HEADING_BONUS))
    # Dallas lies ahead of both tracks; St. Louis and Salt Lake City, near or far, say nothing.
    assert likely[point(13, 10)] == 2.0 ** sum(HEADING_BONUS)
    assert likely[point(13, 6)] == likely[point(4, 4)] == 1.0
    # Each player is judged by their own track only: seat 1's one track heads for Phoenix.
    theirs = dict(city_likelihoods(table, 1, track_clues(table, 1)))
    assert theirs[point(11, 8)] == 1.0 and theirs[point(7, 9)] == 2.0 ** HEADING_BONUS[0]
    # The viewer's own cities are never guessed for anyone.
    own = table.hands[2] or ()
    assert own and not set(own) & set(likely)


def test_with_two_players_a_city_their_network_joins_is_likelier_again() -> None:
    state = get_game("transamerica").new_state(2, 7)
    for move in ("marker 10,6", "marker 5,9", "track 10,6,SW", "track 10,7,SE"):
        state.apply(move)
    table = Table.read(state.view(1))
    likely = dict(city_likelihoods(table, 0, track_clues(table, 0)))
    assert likely[point(11, 8)] == 2.0 ** (REACHED_BONUS + 2 + sum(HEADING_BONUS))  # joined too
    assert likely[point(13, 6)] == 1.0


def test_a_guessed_hand_is_never_one_the_network_already_joins() -> None:
    """Had the opponent's network joined all their cities, their round would be over."""
    state = get_game("transamerica").new_state(2, 3)
    state.apply("marker 10,6")
    table = Table.read(state.view(1))
    mine = set(table.hands[1] or ())
    deck = city_likelihoods(table, 0, [])
    five = [next(p for p, _ in deck if COLOUR_OF[p] == colour) for colour in COLOURS]
    assert not set(five) & mine
    _, tree = finish(solving(five, ()))
    joined = replace(table, built=frozenset(tree), markers=(five[0], table.markers[1]))
    # Those five cities all but certain, yet never all five at once.
    weights = [(p, 2.0 ** 40 if p in five else 1.0) for p, _ in city_likelihoods(joined, 0, [])]
    hands = [guess_hand(joined, 0, weights, Rng(seed)) for seed in range(20)]
    assert all(len(set(hand) & set(five)) == 4 for hand in hands)  # one colour drawn again, off the network
    assert len({frozenset(hand) for hand in hands}) > len(COLOURS)  # not always the same colour


def test_the_deck_shrinks_with_two_or_three_players() -> None:
    state = get_game("transamerica").new_state(3, 7)
    state.apply("marker 10,6")
    table = Table.read(state.view(1))
    dashed = {point(*c.point) for c in BOARD.cities if c.dashed}
    guessed = {p for p, _ in city_likelihoods(table, 0, [])}
    assert not guessed & dashed
    assert len(guessed) == 25 - 5  # the viewer's five cities are left out




def test_the_start_marker_is_the_best_played_out_spot_of_an_optimal_tree(monkeypatch) -> None:
    """At every player count, each marker is the spot `_start` finds best by rounds played out, among
    the spots of an optimal tree of the bot's cities."""
    from games.bots import bot_rng, decide
    from games.transamerica.bots import BOTS, StrongBot, marker_spots
    from games.transamerica.moves import MARKER_MOVES

    bot = BOTS["strong"]
    searched: list[tuple[list[int], int]] = []
    start = StrongBot._start

    def spy(self, table, spots, *args):
        spot = yield from start(self, table, spots, *args)
        searched.append((spots, spot))
        return spot

    monkeypatch.setattr(StrongBot, "_start", spy)
    for players in range(2, 7):
        state = get_game("transamerica").new_state(players, 11)
        searched.clear()
        while state.phase == "marker":
            seat, legal = state.current_player, state.legal_moves()
            spots = finish(marker_spots(list(state.city_points[seat]), legal))
            move = decide(bot, state.view(seat), legal, bot_rng(11, seat, len(state.moves)))
            assert searched[-1][0] == spots and move == MARKER_MOVES[searched[-1][1]]
            assert searched[-1][1] in spots
            state.apply(move)
        assert len(searched) == players


def test_strong_judges_a_played_out_round_by_the_others_mean_but_at_4_players_by_the_best_rival(
        monkeypatch) -> None:
    """And so does the expert at every size: at 4 players strong searches as the expert elsewhere."""
    import games.transamerica.bots as bots
    from games.bots import bot_rng, decide

    assert bots.round_value([3, 1, 8, 6], 0) == 2.0  # the others lost 5 on average, seat 0 lost 3
    assert bots.round_value([3, 1, 8, 6], 0, best_rival=True) == -2.0  # its best rival lost 1
    value = bots.round_value
    judged: list[bool] = []

    def spy(penalties: list[int], seat: int, best_rival: bool = False) -> float:
        judged.append(best_rival)
        return value(penalties, seat, best_rival)

    monkeypatch.setattr(bots, "round_value", spy)
    for level, players, best_rival in (("strong", 3, False), ("strong", 4, True), ("expert", 3, True),
                                       ("expert", 4, True)):
        state = get_game("transamerica").new_state(players, 7)
        judged.clear()
        for _ in range(players + 2):  # the markers, then the first builds
            seat, legal = state.current_player, state.legal_moves()
            state.apply(decide(bots.BOTS[level], state.view(seat), legal, bot_rng(7, seat, len(state.moves))))
        assert judged and set(judged) == {best_rival}


def test_a_hand_is_judged_by_whether_each_track_headed_for_its_nearest_missing_city() -> None:
    state = get_game("transamerica").new_state(4, 7)
    for move in ("marker 10,6", "marker 5,9", "marker 15,3", "marker 9,9"):
        state.apply(move)
    for move in ("track 10,6,SW", "track 10,7,SE", "end"):  # seat 0, toward Oklahoma City
        state.apply(move)
    table = Table.read(state.view(2))
    clues = track_clues(table, 0)
    assert len(clues) == 2 and track_clues(table, 1) == []
    names = ("Seattle", "Minneapolis", "Oklahoma City", "Dallas", "Boston")
    hand = [BOARD.point_index[BOARD.city_by_name[name].point] for name in names]
    assert misfits(hand, clues) == 0
    # With Kansas City, beside the marker, in place of Oklahoma City, neither track was a step toward
    # the nearest missing city.
    hand[2] = point(11, 6)
    assert misfits(hand, clues) == 2


def test_a_greedy_players_true_hand_explains_every_track_they_lay() -> None:
    from games.bots import bot_rng, decide
    from games.transamerica.bots import BOTS

    checked = 0
    for players, seed in ((2, 21), (4, 22), (6, 23)):
        state = get_game("transamerica").new_state(players, seed)
        while not state.is_over():
            seat, legal = state.current_player, state.legal_moves()
            view = state.view(seat)
            if view["phase"] == "build" and view["turn"]["plain_left"] == 2:
                table = Table.read(view)
                for player in range(players):
                    true_hand = list(state.city_points[player])
                    clues = track_clues(table, player)
                    assert misfits(true_hand, clues) == 0
                    checked += len(clues)
            state.apply(decide(BOTS["greedy"], view, legal, bot_rng(seed, seat, len(state.moves))))
    assert checked > 100


def test_guesses_drawn_several_times_explain_the_tracks_better() -> None:
    from games.bots import bot_rng, decide
    from games.transamerica.bots import BOTS

    state = get_game("transamerica").new_state(4, 5)
    while state.phase == "marker" or len(state.moves) < 24:
        seat, legal = state.current_player, state.legal_moves()
        state.apply(decide(BOTS["greedy"], state.view(seat), legal, bot_rng(5, seat, len(state.moves))))
    table = Table.read(state.view(state.current_player))
    player = (table.seat + 1) % 4
    clues = track_clues(table, player)
    weights = city_likelihoods(table, player, clues)
    truth = set(state.city_points[player])
    once = [guess_hand(table, player, weights, Rng(seed)) for seed in range(40)]
    kept = [guess_hand(table, player, weights, Rng(seed), (), clues, 32) for seed in range(40)]
    assert sum(misfits(hand, clues) for hand in kept) < sum(misfits(hand, clues) for hand in once) / 4
    assert sum(len(truth & set(hand)) for hand in kept) > sum(len(truth & set(hand)) for hand in once)
