"""The engine contract every game declares (`games.core.Game`), checked on random games.

* The id is declared once, as the state class's `game_id`; `Game.id` reads it.
* Views have exactly the shape of the game's view `TypedDict` (nested ones included).
* `hides_secrets(options)`: False means every seat's view is the spectator's but for "seat"; True
  means some position shows one seat something another seat does not see.
* `max_moves(players)`: random games end within it.
* `has_chance`: whether anything is left to chance after the start. A state carries no generator,
  only its seed, from which every chance point draws; so a game is left to chance after its start
  exactly when replacing the seed of a freshly set-up state changes what the same moves do.
"""

from __future__ import annotations

import copy
import itertools
import types
from collections.abc import Callable
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from games import GAME_IDS, get_game
from games.core import Game, Rng, State, ViewHeader
from random_play import play_random_game

GAMES = {game_id: get_game(game_id) for game_id in GAME_IDS}
CASES = [(game_id, players) for game_id, game in GAMES.items()
         for players in range(game.min_players, game.max_players + 1)]


def option_sets(game: Game) -> list[dict[str, Any]]:
    """Every combination of the game's options."""
    choices = [opt.choices if opt.kind == "choice" else (False, True) for opt in game.option_schema]
    return [dict(zip((opt.key for opt in game.option_schema), combo, strict=True))
            for combo in itertools.product(*choices)]


def view_type(state: State) -> Any:
    return get_type_hints(type(state).view)["return"]


Check = Callable[[Any, str], "str | None"]


def mismatch(value: Any, hint: Any, where: str = "view") -> str | None:
    """Why `value` does not have the shape `hint` describes, or None when it does."""
    return checker(hint)(value, where)


@cache
def checker(hint: Any) -> Check:
    """A function telling why a value does not have the shape `hint` describes (None when it does)."""
    if hint is Any:
        return lambda value, where: None
    if is_typeddict(hint):
        fields = {key: checker(field) for key, field in get_type_hints(hint).items()}

        def typed_dict(value: Any, where: str) -> str | None:
            if not isinstance(value, dict):
                return f"{where}: {value!r} is not a dict"
            if value.keys() != fields.keys():
                return f"{where}: keys {sorted(value)} instead of {sorted(fields)}"
            for key, check in fields.items():
                found = check(value[key], f"{where}[{key!r}]")
                if found:
                    return found
            return None

        return typed_dict
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        options = [checker(arg) for arg in args]

        def union(value: Any, where: str) -> str | None:
            problems = []
            for check in options:
                found = check(value, where)
                if found is None:
                    return None
                problems.append(found)
            return " / ".join(problems)

        return union
    if origin is list:
        item = checker(args[0])

        def list_of(value: Any, where: str) -> str | None:
            if not isinstance(value, list):
                return f"{where}: {value!r} is not a list"
            for i, entry in enumerate(value):
                found = item(entry, f"{where}[{i}]")
                if found:
                    return found
            return None

        return list_of
    if origin is dict:
        key_check, value_check = checker(args[0]), checker(args[1])

        def dict_of(value: Any, where: str) -> str | None:
            if not isinstance(value, dict):
                return f"{where}: {value!r} is not a dict"
            for key, entry in value.items():
                found = key_check(key, f"{where} key") or value_check(entry, f"{where}[{key!r}]")
                if found:
                    return found
            return None

        return dict_of
    if hint is type(None):
        return lambda value, where: None if value is None else f"{where}: {value!r} is not None"
    if hint in (bool, int, str, float):
        # bool is an int in Python, but not in the views' JSON.
        kinds = (int, float) if hint is float else (hint,)
        return lambda value, where: (None if type(value) in kinds
                                     else f"{where}: {value!r} is not a {hint.__name__}")
    raise AssertionError(f"no check for {hint!r}")


def without_seat(view: ViewHeader) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "seat"}


# -- the id ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_id_is_declared_once(game_id: str) -> None:
    game = GAMES[game_id]
    assert game.id == game.state_class.game_id == game_id
    assert "id" not in vars(type(game)), "a game's id is its state class's game_id"
    assert isinstance(vars(Game)["id"], property)
    state = game.new_state(game.min_players, 1)
    assert state.game_id == game_id and state.record()["game"] == game_id
    assert state.view(None)["game"] == game_id


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_facts_are_declared(game_id: str) -> None:
    game = GAMES[game_id]
    assert isinstance(vars(type(game)).get("has_chance"), bool), "each game declares has_chance itself"
    for options in option_sets(game):
        assert isinstance(game.hides_secrets(options), bool)
    for players in range(game.min_players, game.max_players + 1):
        assert isinstance(game.max_moves(players), int) and game.max_moves(players) > 0


def test_the_declared_facts() -> None:
    facts = {game_id: (game.has_chance, [game.hides_secrets(o) for o in option_sets(game)])
             for game_id, game in GAMES.items()}
    assert facts == {
        # options: (visible_cards, blocking_markers) = FF, FT, TF, TT
        "transamerica": (True, [True, True, False, False]),
        "trick_of_the_rails": (False, [True, True, True, True]),
        "freight_train": (True, [False, False]),
        "locomotion": (True, [False, False]),
    }


# -- views, secrets and length -----------------------------------------------------------------------

def play_checking_views(game: Game, players: int, seed: int, options: dict[str, Any]) -> list[int]:
    """A random game within `max_moves`, each view checked against the game's view type and, when the
    game hides nothing under these options, against the spectator's. Returns the plies at which some
    seat's view differed from another's beyond "seat"."""
    hides = game.hides_secrets(options)
    differs: list[int] = []

    def check(state: State, move: str | None) -> None:
        ply = len(state.moves)
        shape = view_type(state)
        spectator = state.view(None)
        assert mismatch(spectator, shape) is None, mismatch(spectator, shape)
        seen = []
        for seat in range(players):
            view = state.view(seat)
            assert view["seat"] == seat
            if seat == ply % players:  # the full shape on one seat per position: seats share the code
                assert mismatch(view, shape) is None, mismatch(view, shape)
            seen.append(without_seat(view))
        if not hides:
            assert all(view == without_seat(spectator) for view in seen), (options, ply)
        elif any(view != seen[0] for view in seen[1:]):
            differs.append(ply)

    state = play_random_game(game.id, players, seed, options, check, max_moves=game.max_moves(players))
    assert len(state.moves) <= game.max_moves(players)
    return differs


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_views_secrets_and_length(game_id: str, players: int) -> None:
    """For every option set, a random game: every view has its TypedDict's shape, seats' views hide
    exactly what `hides_secrets` says, and the game ends within `max_moves`."""
    game = GAMES[game_id]
    for number, options in enumerate(option_sets(game)):
        differs = play_checking_views(game, players, 100 * players + number, options)
        if game.hides_secrets(options):
            assert differs, f"{options}: no view showed a seat anything the others did not see"


# -- chance ---------------------------------------------------------------------------------------------

def reseeded_runs_differ(game: Game, players: int, seed: int, options: dict[str, Any]) -> bool:
    """Set a game up, copy it with another seed, and play the same random moves on both: whether
    they part ways (different events, or a move of one that the other forbids)."""
    state = game.new_state(players, seed, options)
    assert not any(isinstance(value, Rng) for value in vars(state).values()), "the seed is the only chance"
    twin = copy.deepcopy(state)
    twin.seed = seed + 7919
    rng = Rng.derive(seed, "contract")
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        if move not in twin.legal_moves():
            return True
        state.apply(move)
        twin.apply(move)
        if twin.events != state.events:
            return True
    assert twin.is_over() and twin.result().to_dict() == state.result().to_dict()
    return False


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_has_chance(game_id: str) -> None:
    game = GAMES[game_id]
    counts = range(game.min_players, game.max_players + 1)
    if game.has_chance:
        # Chance after the start shows in some game under the default options.
        assert any(reseeded_runs_differ(game, players, seed, {}) for players in counts for seed in (1, 2))
    else:
        # The seed only shapes the start: the same moves do the same whatever it is.
        for players, options in itertools.product(counts, option_sets(game)):
            for seed in (1, 2):
                assert not reseeded_runs_differ(game, players, seed, options), (players, options, seed)


def test_transamerica_with_visible_cards_leaves_nothing_to_chance() -> None:
    """`has_chance` holds under some options: TransAmerica's visible cards pass hands on, never deal again."""
    game = GAMES["transamerica"]
    for players in (2, 4):
        assert not reseeded_runs_differ(game, players, 3, {"visible_cards": True})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_legal_is_apply_without_its_checks(game_id: str) -> None:
    """The playouts' unchecked `apply_legal` leaves a state exactly as `apply` does, move after move
    (moves, movers, events, every seat's view), and so reaches the same end."""
    game = GAMES[game_id]
    state = game.new_state(game.max_players, 5, {})
    twin = game.new_state(game.max_players, 5, {})
    rng = Rng.derive(5, "apply_legal")
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        state.apply(move)
        twin.apply_legal(move)
        assert (twin.moves, twin.movers, twin.events) == (state.moves, state.movers, state.events)
        assert twin.legal_moves() == state.legal_moves()
        for seat in (None, *range(game.max_players)):
            assert twin.view(seat) == state.view(seat)
    assert twin.is_over() and twin.result().to_dict() == state.result().to_dict()
