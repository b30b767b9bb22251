"""TransAmerica's overlay: each seen hand's cheapest missing track, drawn with the engine's own
penalty (the Steiner solver's cost), a real completion of that hand, and nothing of an unseen hand."""

from __future__ import annotations

from typing import Any

import pytest
from test_transamerica_table import PROJECTOR_BOARD_PX, projector_size

from games import get_game
from games.bots import bot_rng, decide, get_bot
from games.core import State
from games.transamerica.board import BOARD
from games.transamerica.bots import joined_to
from games.transamerica.scoring import penalty
from svg_checks import NS, assert_text_alternative, by_class, parse, t, targets, well_formed
from ui.games.face import Overlay
from ui.games.transamerica import draw
from ui.games.transamerica.face import FACE
from ui.i18n import LANGUAGES, Translator, catalog

NAMES = ["Ada", "Basile", "Chloé", "Dev"]


def positions(players: int, seed: int, options: dict[str, Any] | None = None, every: int = 9) -> list[State]:
    """Copies of a greedy bots' game every `every` moves, from before the first marker, and where a
    player's cities are all joined but the mover may still lay a track (a need of 0)."""
    game = get_game("transamerica")
    state = game.new_state(players, seed, options)
    bot = get_bot("transamerica", "greedy")
    kept = []
    while (seat := state.current_player) is not None and state.round <= 2:
        if len(state.moves) % every == 0 or state.second_chance:
            kept.append(game.replay(state.record()))
        state.apply(decide(bot, state.view(seat), state.legal_moves(), bot_rng(seed, seat, len(state.moves))))
    return kept


@pytest.fixture(scope="module")
def hidden() -> list[State]:
    return positions(4, 26)  # a player is joined before the mover in round 1


@pytest.fixture(scope="module")
def shots(hidden: list[State]) -> list[State]:
    return hidden + positions(2, 13, {"visible_cards": True}, every=15)


def overlay_of(state: State, seen: list[int], lang: str | None = None) -> Overlay:
    translate = Translator(lang) if lang else t
    views = [state.view(seat) for seat in seen]
    return FACE.overlay(state.view(None), views, state.legal_moves(), translate, NAMES[:state.num_players])


def engine_need(state: State, seat: int) -> int:
    """The engine's penalty (ruling 6) were the round to end now; before the marker, its cities' tree."""
    built = frozenset(e for e, _ in state.tracks)
    marker = state.markers[seat]
    if marker is None:
        return penalty(state.hands[seat][1:], BOARD.point_index[BOARD.cities[state.hands[seat][0]].point],
                       built)[0]
    return penalty(state.hands[seat], marker, built)[0]


def joins(edges: list[str], built: set[int], points: list[int]) -> bool:
    """Whether the edges and the built track join all the points."""
    links = built | {BOARD.edge_index[name] for name in edges}
    return set(points) <= joined_to(points[0], links)


def test_each_seen_hand_is_drawn_with_the_engines_cost_and_joins_its_cities(shots: list[State]) -> None:
    costs = {(engine_need(state, seat) > 0, state.markers[seat] is None)
             for state in shots for seat in range(state.num_players)}
    assert costs == {(True, True), (True, False), (False, False)}  # no marker yet, track missing, joined
    for state in shots:
        shown = overlay_of(state, list(range(state.num_players)))
        root = parse(shown.svg)
        assert root.get("viewBox") == parse(draw.draw_map(t)).get("viewBox")
        assert_text_alternative(root)
        assert not targets(root) and "ta-need-layer" in root.get("class", "").split()
        groups = {int(g.get("data-seat")): g for g in by_class(root, "missing")}
        legend = [e.text for e in by_class(root, "missing-legend")[0].findall(NS + "text")]
        cells = {int(row.get("data-seat")): row.find("td").text for row in well_formed(shown.html).iter("tr")}
        assert sorted(cells) == list(range(state.num_players))
        built = {e for e, _ in state.tracks}
        for seat in range(state.num_players):
            cost = engine_need(state, seat)
            edges = [e.get("data-edge") for e in by_class(groups[seat], "missing-edge")] if cost else []
            assert sum(BOARD.edges[BOARD.edge_index[name]].cost for name in edges) == cost
            marker = state.markers[seat]
            cities = [BOARD.point_index[BOARD.cities[c].point] for c in state.hands[seat]]
            assert joins(edges, built, cities + ([] if marker is None else [marker]))
            assert legend[seat] == (str(cost) if cost else "✓")
            assert cells[seat] == (str(cost) if cost else "⟦ta.connected⟧")
            if cost:
                assert {c.get("data-city") for c in by_class(groups[seat], "missing-city")} == \
                    {BOARD.cities[c].name for c in state.hands[seat]}
            else:
                assert seat not in groups


def test_a_player_sees_only_their_own_hand(hidden: list[State]) -> None:
    for state in hidden:
        shown = overlay_of(state, [1])
        root = parse(shown.svg)
        assert {g.get("data-seat") for g in root.iter() if g.get("data-seat") is not None} == {"1"}
        drawn_cities = {c.get("data-city") for c in by_class(root, "missing-city")}
        assert drawn_cities == set(state.city_names(1))
        assert "Ada" not in shown.svg and "Ada" not in shown.html
        rows = list(well_formed(shown.html).iter("tr"))
        assert [row.get("data-seat") for row in rows] == ["1"]
        # Seat 0's hand changed: the same overlay for seat 1.
        state.hands[0], state.hands[2] = state.hands[2], state.hands[0]
        assert overlay_of(state, [1]) == shown
        state.hands[0], state.hands[2] = state.hands[2], state.hands[0]


def test_nothing_seen_draws_nothing(shots: list[State]) -> None:
    for state in shots[:3]:
        assert overlay_of(state, []) == Overlay("", "")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_overlay_speaks_every_language(shots: list[State], lang: str) -> None:
    title = catalog(lang)["ta.need.title"]
    for state in shots[::5]:
        shown = overlay_of(state, list(range(state.num_players)), lang)
        root = parse(shown.svg)
        assert root.get("aria-label") == title
        desc = root.find(NS + "desc")
        assert desc is not None and desc.text and "{" not in desc.text and "⟦" not in desc.text
        assert all(name in desc.text for name in NAMES[:state.num_players])
        caption = well_formed(shown.html).find("table/caption")
        assert caption is not None and caption.text == title


@pytest.mark.parametrize("selector", [".ta-need-layer .city-names", ".ta-need-layer .missing-legend"])
def test_projector_labels_of_the_overlay_are_at_least_20_css_px(selector: str) -> None:
    scale = min(PROJECTOR_BOARD_PX / draw.WIDTH, 990 / draw.HEIGHT)
    assert projector_size(selector) * scale >= 20
