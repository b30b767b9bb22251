"""TransAmerica's strong bot reads opponents' hands from what they showed, not from networks they joined."""

from __future__ import annotations

from games import get_game
from games.transamerica.board import BOARD
from games.transamerica.bots import Table, city_likelihoods


def point(x: int, y: int) -> int:
    return BOARD.point_index[(x, y)]


def test_cities_an_opponent_builds_toward_are_likelier() -> None:
    state = get_game("transamerica").new_state(4, 7)
    for move in ("marker 10,6", "marker 5,9", "marker 15,3", "marker 9,9"):
        state.apply(move)
    # Seat 0 builds from its marker toward Oklahoma City (11,8); seat 1 from Los Angeles toward Phoenix.
    for move in ("track 10,6,SW", "track 10,7,SE", "end", "track 5,9,E", "end"):
        state.apply(move)
    table = Table.read(state.view(2))
    likely = dict(city_likelihoods(table, 0))
    assert likely[point(11, 8)] == 1.0  # reached by seat 0's own track
    assert likely[point(11, 8)] > likely[point(13, 6)] > likely[point(4, 4)]
    # Each player is judged by their own track only: Phoenix (7,9) is likelier for seat 1.
    assert likely[point(7, 9)] < dict(city_likelihoods(table, 1))[point(7, 9)]
    # The viewer's own cities are never guessed for anyone.
    own = table.hands[2] or ()
    assert own and not set(own) & set(likely)


def test_the_deck_shrinks_with_two_or_three_players() -> None:
    state = get_game("transamerica").new_state(3, 7)
    state.apply("marker 10,6")
    table = Table.read(state.view(1))
    dashed = {point(*c.point) for c in BOARD.cities if c.dashed}
    guessed = {p for p, _ in city_likelihoods(table, 0)}
    assert not guessed & dashed
    assert len(guessed) == 25 - 5  # the viewer's five cities are left out
