"""TransAmerica's captions: each names the move the bot played and reports its need (the exact
Steiner cost of the track still missing to join its cities and marker), as the solver computes it
from the view, before and after the move; they render in every language and see only the seat's
own hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest

from games import get_game
from games.bots import bot_rng, decide, explain, get_bot
from games.core import State
from games.transamerica.board import BOARD
from games.transamerica.steiner import connection_cost
from ui.games.transamerica.face import FACE
from ui.i18n import LANGUAGES, Translator, catalog
from ui.log import log_line

NAMES = ["Ada", "Basile", "Chloé", "Dev"]
TYPES = {"ta.start", "ta.start_off", "ta.toward", "ta.joined", "ta.idle", "ta.end", "ta.end_same",
         "ta.end_round", "ta.move_marker", "ta.pass"}
# What each kind of move may be called: the caption must name the move played.
TYPES_OF_VERB = {"marker": {"ta.start", "ta.start_off"}, "track": {"ta.toward", "ta.joined", "ta.idle"},
                 "end": {"ta.end", "ta.end_same", "ta.end_round"}, "end_at": {"ta.move_marker"},
                 "pass": {"ta.pass"}}
GAMES = [  # players, seed, options, levels: every level, 2 to 4 players, both variants
    (2, 3, {}, ["strong", "greedy"]),
    (4, 4, {}, ["expert", "greedy", "strong", "greedy"]),
    (3, 5, {"blocking_markers": True}, ["greedy", "strong", "greedy"]),
    (3, 6, {"visible_cards": True}, ["strong", "greedy", "greedy"]),
]


class Decision(NamedTuple):
    view: dict[str, Any]  # the deciding seat's view before the move
    move: str
    caption: dict[str, Any]
    need_after: int  # the seat's need once the move is played (its penalty if the move ended the round)
    turn_start_need: int  # the seat's need when its turn began
    events: list[dict[str, Any]]  # the move's events


def terminals(view: dict[str, Any], seat: int) -> list[int]:
    """The seat's cities and marker as the view shows them, read afresh (not through the bots' Table)."""
    points = [BOARD.point_index[BOARD.city_by_name[name].point] for name in view["cities"][seat]]
    marker = view["markers"][seat]
    return points + ([BOARD.point_index[(marker[0], marker[1])]] if marker is not None else [])


def need(view: dict[str, Any], seat: int) -> int:
    built = {BOARD.edge_index[name] for name, _ in view["tracks"]}
    return connection_cost(terminals(view, seat), built)


def play(players: int, seed: int, options: dict[str, Any], levels: list[str]) -> Iterator[Decision]:
    """A seeded bots-only game, as `play_bots_game` plays it, one decision at a time."""
    bots = [get_bot("transamerica", level) for level in levels]
    state = get_game("transamerica").new_state(players, seed, options)
    turn_start = 0
    while (seat := state.current_player) is not None:
        view = state.view(seat)
        move = decide(bots[seat], view, state.legal_moves(), bot_rng(seed, seat, len(state.moves)))
        if view["phase"] == "build" and not view["turn"]["placed"]:
            turn_start = need(view, seat)
        caption = explain("transamerica", view, move)
        done = len(state.events)
        state.apply(move)
        events = state.events[done:]
        scored = [e for e in events if e["type"] == "round_scored"]
        after = scored[0]["penalties"][seat] if scored else need(state.view(seat), seat)
        yield Decision(view, move, caption, after, turn_start, events)


@pytest.fixture(scope="module")
def decisions() -> list[Decision]:
    return [d for game in GAMES for d in play(*game)]


def verb(move: str) -> str:
    word, _, rest = move.partition(" ")
    return "end_at" if word == "end" and rest else word


def assert_names_the_move(caption: dict[str, Any], view: dict[str, Any], move: str) -> None:
    assert caption["player"] == view["seat"]
    assert caption["type"] in TYPES_OF_VERB[verb(move)], (move, caption)
    _, _, arg = move.partition(" ")
    if verb(move) == "track":
        assert caption["edge"] == arg
    elif arg:
        assert caption["point"] == [int(v) for v in arg.split(",")]


def assert_renders(caption: dict[str, Any], players: int) -> None:
    for lang in LANGUAGES:
        assert f"why.{caption['type']}" in catalog(lang)
        line = log_line(caption, Translator(lang), NAMES[:players], FACE.log, prefix="why.")
        assert line and "{" not in line and "}" not in line, (lang, line)
        assert NAMES[caption["player"]] in line
        assert caption.get("edge", "⊥") not in line  # places, never lattice coordinates


def test_each_caption_names_the_move_played_and_renders(decisions: list[Decision]) -> None:
    for d in decisions:
        assert_names_the_move(d.caption, d.view, d.move)
        assert_renders(d.caption, d.view["players"])


def test_need_numbers_are_the_solvers_before_and_after_the_move(decisions: list[Decision]) -> None:
    for d in decisions:
        c, seat = d.caption, d.view["seat"]
        before = need(d.view, seat)
        kind = c["type"]
        if kind in ("ta.start", "ta.start_off"):
            assert c["need"] == d.need_after  # the seat's need once its marker stands there
            cities = terminals(d.view, seat)  # no marker yet
            assert c.get("extra", 0) == c["need"] - connection_cost(cities, ())
            assert ("extra" in c) == (kind == "ta.start_off") and c.get("extra", 1) > 0
        elif kind == "ta.toward":
            assert (c["before"], c["after"]) == (before, d.need_after)
            assert c["after"] < c["before"]
            assert c["before"] - c["after"] <= BOARD.edges[BOARD.edge_index[c["edge"]]].cost
        elif kind == "ta.joined":
            assert before > 0 and d.need_after == 0
            assert any(e["type"] == "round_scored" and seat in e["complete"] for e in d.events)
        elif kind == "ta.idle":
            assert c["need"] == before == d.need_after
        else:  # ending the turn or passing leaves the need where it is
            assert c["need"] == before == d.need_after
            if kind == "ta.end":
                assert c["before"] == d.turn_start_need > c["need"]
            elif kind == "ta.end_same":
                assert d.turn_start_need == c["need"]


def on_marker_network(view: dict[str, Any], seat: int, point: tuple[int, int]) -> bool:
    """Whether the point is the seat's marker or on its track network (the view's own labels)."""
    marker, label = view["markers"][seat], view["marker_networks"][seat]
    return (marker[0], marker[1]) == point or any(
        label is not None and network == label and point in {edge.a, edge.b}
        for (name, _), network in zip(view["tracks"], view["track_networks"], strict=True)
        for edge in [BOARD.edges[BOARD.edge_index[name]]])


def test_a_track_heads_for_a_city_of_the_seats_own_hand_not_yet_joined(decisions: list[Decision]) -> None:
    """The city named is one of the seat's own, not yet joined, that the track's end away from the
    network is the nearer to (built track free): the track brings it closer. A track can lower the need
    without bringing any one city closer (it shortens a junction of the tree): then the city named is
    the missing one nearest to that end."""
    toward = [d for d in decisions if d.caption["type"] == "ta.toward"]
    assert len(toward) > 50
    closer_somewhere = 0
    for d in toward:
        seat, city = d.view["seat"], d.caption["city"]
        assert city in d.view["cities"][seat]
        point = BOARD.city_by_name[city].point
        assert not on_marker_network(d.view, seat, point)
        edge = BOARD.edges[BOARD.edge_index[d.caption["edge"]]]
        near, far = (edge.a, edge.b) if on_marker_network(d.view, seat, edge.a) else (edge.b, edge.a)
        built = {BOARD.edge_index[name] for name, _ in d.view["tracks"]}

        def gain(name: str, near: tuple[int, int] = near, far: tuple[int, int] = far,
                 built: set[int] = built) -> tuple[int, int]:
            """How much closer the track brings the city, and (negated) how far it stays."""
            at = BOARD.point_index[BOARD.city_by_name[name].point]
            from_far = connection_cost([BOARD.point_index[far], at], built)
            return connection_cost([BOARD.point_index[near], at], built) - from_far, -from_far

        missing = [name for name in d.view["cities"][seat]
                   if not on_marker_network(d.view, seat, BOARD.city_by_name[name].point)]
        if max(gain(name)[0] for name in missing) > 0:
            closer_somewhere += 1
            assert gain(city)[0] > 0
        else:
            assert gain(city)[1] == max(gain(name)[1] for name in missing)
    assert closer_somewhere > len(toward) * 0.9


def test_a_caption_reads_only_the_seats_own_hand(decisions: list[Decision]) -> None:
    """With visible cards the view shows every hand: the others' hands, swapped round, change nothing."""
    shown = [d for d in decisions if all(d.view["cities"])]
    assert len(shown) > 20
    for d in shown:
        seat = d.view["seat"]
        others = [p for p in range(d.view["players"]) if p != seat]
        cities = list(d.view["cities"])
        for p, q in zip(others, others[1:] + others[:1], strict=True):
            cities[p] = d.view["cities"][q]
        assert explain("transamerica", {**d.view, "cities": cities}, d.move) == d.caption
        hidden = [c if p == seat else None for p, c in enumerate(d.view["cities"])]
        assert explain("transamerica", {**d.view, "cities": hidden}, d.move) == d.caption


def greedy_until(players: int, seed: int, options: dict[str, Any], stop: Any) -> State:
    state = get_game("transamerica").new_state(players, seed, options)
    bot = get_bot("transamerica", "greedy")
    while not stop(state):
        seat = state.current_player
        state.apply(decide(bot, state.view(seat), state.legal_moves(), bot_rng(seed, seat, len(state.moves))))
    return state


def explain_all(state: State) -> list[dict[str, Any]]:
    """Every legal move's caption, each checked to name its move and to render."""
    view = state.view(state.current_player)
    captions = []
    for move in state.legal_moves():
        caption = explain("transamerica", view, move)
        assert_names_the_move(caption, view, move)
        assert_renders(caption, view["players"])
        captions.append(caption)
    return captions


def test_every_legal_move_of_every_phase_has_a_caption(decisions: list[Decision]) -> None:
    """Rare positions too, and every move offered there: together with the bots' own moves, every
    caption type is given."""
    seen = {d.caption["type"] for d in decisions}
    # Markers (some on no optimal tree of the cities), then variant 2's turns: marker moves too.
    state = greedy_until(3, 7, {"blocking_markers": True}, lambda s: True)
    seen |= {c["type"] for c in explain_all(state)}
    state = greedy_until(3, 7, {"blocking_markers": True}, lambda s: len(s.moves) > 12 and s.placed)
    seen |= {c["type"] for c in explain_all(state)}
    # Another player completed by the mover's first track: ending the turn ends the round.
    state = greedy_until(4, 26, {}, lambda s: s.second_chance)
    captions = explain_all(state)
    assert "ta.end_round" in {c["type"] for c in captions}
    seen |= {c["type"] for c in captions}
    seen |= {c["type"] for c in explain_all(walled_in())}
    assert seen == TYPES


def walled_in() -> State:
    """Variant 2: seat 0's marker in Seattle, every track from it laid up to another marker."""
    state = get_game("transamerica").new_state(4, 1, {"blocking_markers": True})
    for move in ("marker 0,0", "marker 1,0", "marker 0,1", "marker 1,1", "track 0,0,E", "end",
                 "track 1,0,E", "end", "track 0,0,SW", "end", "track 0,0,SE", "end"):
        state.apply(move)
    assert state.legal_moves() == ["pass"]
    return state


def test_a_walled_in_seat_passes_with_its_need_unchanged() -> None:
    state = walled_in()
    view = state.view(0)
    caption = explain("transamerica", view, "pass")
    assert caption == {"type": "ta.pass", "player": 0, "need": need(view, 0)}
    assert log_line(caption, Translator("en"), NAMES, FACE.log, prefix="why.") == \
        f"Ada can lay no track and passes: their missing track stays at {caption['need']}."


def test_the_issues_example_reads_as_asked() -> None:
    caption = {"type": "ta.toward", "player": 0, "edge": "7,4,SW", "city": "Denver", "before": 9, "after": 7}
    line = log_line(caption, Translator("en"), ["TransAmerica"], FACE.log, prefix="why.")
    assert line == ("TransAmerica lays toward Denver (1 north-east of Denver → Denver): "
                    "their missing track falls from 9 to 7.")
    french = log_line(caption, Translator("fr"), ["TransAmerica"], FACE.log, prefix="why.")
    assert french == ("TransAmerica pose un tronçon vers Denver (1 au nord-est de Denver → Denver)\u00a0: "
                      "ses tronçons manquants passent de 9 à 7.")
