"""Fresh chance: in a game played by link, a chance point after the start draws a salt from the device
where it happens and records it, so nobody holding a record can compute what has not happened yet,
while a replay of the record stays exact. Ordinary games are untouched.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import GAME_IDS, get_game
from games.bots import play_bots_game
from games.core import SALT_LIMIT, BadRecord, NoSaltSource, Rng, State, seeded_salts
from random_play import play_random_game

# Games and options under which chance happens after the start (not TransAmerica's visible cards).
CHANCY = [
    ("transamerica", 3, {"visible_cards": False}),
    ("locomotion", 3, {"repair_tiles": True}),
    ("freight_train", 3, {"cabooses": True}),
]
ORDINARY_KEYS = {"format", "game", "rules_version", "options", "seed", "players", "moves"}
# The events that show a chance point's outcome: a roll, a later round's deal, a day's or a refill's draw.
CHANCE_EVENTS = {"locomotion": {"dice_rolled"}, "transamerica": {"round_started"},
                 "freight_train": {"day_started", "row_filled"}}


def fresh_game(game_id: str, players: int, seed: int, options: dict[str, Any], salt_seed: int) -> State:
    return play_bots_game(game_id, players, seed, options, ["random"] * players,
                          salt_source=seeded_salts(salt_seed))


def chance_plies(state: State) -> list[int]:
    """The plies (0-based move indices) of a fresh game's moves that drew a salt."""
    return plies_where(state)[0]


def shown_chance_plies(state: State) -> list[int]:
    """The plies of a game's moves that showed a chance point's outcome."""
    return plies_where(state)[1]


def plies_where(state: State) -> tuple[list[int], list[int]]:
    """Replaying a game: the plies of the moves that drew a salt, and of those that showed chance."""
    record = state.record()
    again = get_game(state.game_id).new_state(state.num_players, state.seed, state.options,
                                              fresh_chance=state.fresh_chance)
    salts = iter(record.get("salts", []))
    again.salt_source = lambda: next(salts)
    drew, shown = [], []
    for ply, move in enumerate(record["moves"]):
        drawn, since = len(again.salts), len(again.events)
        again.apply(move)
        if len(again.salts) > drawn:
            drew.append(ply)
        if any(event["type"] in CHANCE_EVENTS[state.game_id] for event in again.events[since:]):
            shown.append(ply)
    assert again.salts == state.salts
    return drew, shown


def after_move(record: dict[str, Any], ply: int, salt_seed: int) -> State:
    """The game of `record` taken back to before move `ply`, then that move played on a device whose
    salts come from `salt_seed`."""
    state = get_game(record["game"]).replay(record, upto=ply)
    state.salt_source = seeded_salts(salt_seed)
    state.apply(record["moves"][ply])
    return state


def chance_outcome(state: State, since: int) -> Any:
    """What the last move's chance point showed, and what it decided that nobody sees yet."""
    shown = [event for event in state.events[since:] if event["type"] in CHANCE_EVENTS[state.game_id]]
    hidden = [list(hand) for hand in getattr(state, "hands", [])]
    deck = getattr(state, "deck", None)
    if deck is not None:
        hidden.append([*deck.cars, deck.end_below])
    return json.dumps([shown, hidden], sort_keys=True)


# -- (a) a fresh game replays exactly --------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players", "options"), CHANCY)
@pytest.mark.parametrize("seed", [3, 17])
def test_a_fresh_game_replays_exactly_from_its_record(game_id: str, players: int,
                                                      options: dict[str, Any], seed: int) -> None:
    state = fresh_game(game_id, players, seed, options, salt_seed=seed + 100)
    record = json.loads(json.dumps(state.record()))
    assert record["chance"] == "fresh"
    assert record["salts"] == state.salts and state.salts
    again = get_game(game_id).replay(record)
    assert again.events == state.events
    assert again.result().to_dict() == state.result().to_dict()
    assert again.record() == record
    # The salts matter: other salts make another game of the same seed and bots.
    other = fresh_game(game_id, players, seed, options, salt_seed=seed + 101)
    assert other.events != state.events


def test_a_seeded_salt_source_makes_bots_only_games_reproducible() -> None:
    one = fresh_game("locomotion", 2, 9, {}, salt_seed=1)
    two = fresh_game("locomotion", 2, 9, {}, salt_seed=1)
    assert one.record() == two.record() and one.events == two.events


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_start_follows_from_the_seed_alone_and_salts_only_come_after(game_id: str) -> None:
    game = get_game(game_id)
    plain = game.new_state(3, 21)
    fresh = game.new_state(3, 21, fresh_chance=True)
    assert fresh.fresh_chance and not plain.fresh_chance
    assert fresh.events == plain.events and fresh.view(None) == plain.view(None)
    assert fresh.salts == []
    assert fresh.record() == {**plain.record(), "chance": "fresh", "salts": []}
    # `has_chance` stays truthful: a game with no chance after the start never draws a salt.
    played = fresh_game(game_id, 3, 21, game.default_options(), salt_seed=5)
    assert bool(played.salts) == game.has_chance


# -- (b) the record does not decide what comes next --------------------------------------------------

@pytest.mark.parametrize(("game_id", "players", "options"), CHANCY)
def test_the_next_chance_outcome_is_not_in_the_record(game_id: str, players: int,
                                                      options: dict[str, Any]) -> None:
    # Random bots end TransAmerica within a round or two: greedy ones play more rounds.
    level = "greedy" if game_id == "transamerica" else "random"
    positions = 0
    for seed in (8, 9, 10):
        finished = play_bots_game(game_id, players, seed, options, [level] * players,
                                  salt_source=seeded_salts(seed + 40))
        record = finished.record()
        plies = shown_chance_plies(finished)
        assert plies == chance_plies(finished), "every move that shows chance drew a salt, and only those"
        for ply in plies[:: max(1, len(plies) // 3)][:3]:
            since = len(get_game(game_id).replay(record, upto=ply).events)
            outcomes = {chance_outcome(after_move(record, ply, salt_seed), since) for salt_seed in range(4)}
            assert len(outcomes) > 1, f"move {ply + 1}'s chance was decided by the record before it"
            positions += 1
    assert positions >= 4


@pytest.mark.parametrize(("game_id", "players", "options"), CHANCY)
def test_in_an_ordinary_game_the_record_does_decide_it(game_id: str, players: int,
                                                       options: dict[str, Any]) -> None:
    """The contrast that shows the check above can fail: without fresh chance the seed decides."""
    finished = play_bots_game(game_id, players, 8, options, ["random"] * players)
    record = finished.record()
    plies = shown_chance_plies(finished)
    assert plies
    for ply in plies[:3]:
        since = len(get_game(game_id).replay(record, upto=ply).events)
        outcomes = {chance_outcome(after_move(record, ply, salt_seed), since) for salt_seed in range(4)}
        assert len(outcomes) == 1


# -- (c) ordinary games are as before ------------------------------------------------------------------

def refuse() -> int:
    raise AssertionError("an ordinary game drew a salt")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_ordinary_game_never_draws_a_salt_and_records_no_new_key(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new_state(3, 12)
    state.salt_source = refuse
    moves = play_random_game(game_id, 3, 12).moves
    for move in moves:
        state.apply(move)
    assert state.is_over()
    assert set(state.record()) == ORDINARY_KEYS
    assert state.salts == [] and not state.fresh_chance
    again = game.replay(json.loads(json.dumps(state.record())))
    again.salt_source = refuse
    assert set(again.record()) == ORDINARY_KEYS and again.events == state.events


@pytest.mark.parametrize(("game_id", "players", "options"), CHANCY)
def test_ordinary_chance_points_draw_from_the_seed_as_before(game_id: str, players: int,
                                                             options: dict[str, Any]) -> None:
    state = get_game(game_id).new_state(players, 30, options)
    state.salt_source = refuse
    assert state.chance("dice", 4).next64() == Rng.derive(30, "dice", 4).next64()
    bots = play_bots_game(game_id, players, 30, options, ["random"] * players)
    assert set(bots.record()) == ORDINARY_KEYS


# -- (d) tampered salts ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def locomotion_record() -> dict[str, Any]:
    return fresh_game("locomotion", 2, 4, {}, salt_seed=6).record()


@pytest.mark.parametrize("tamper", [
    lambda r: r.update(salts=[str(r["salts"][0]), *r["salts"][1:]]),
    lambda r: r.update(salts=[float(r["salts"][0]), *r["salts"][1:]]),
    lambda r: r.update(salts=[True, *r["salts"][1:]]),
    lambda r: r.update(salts=[None, *r["salts"][1:]]),
    lambda r: r.update(salts=-1),
    lambda r: r.update(salts=",".join(map(str, r["salts"]))),
    lambda r: r.update(salts=[-1, *r["salts"][1:]]),
    lambda r: r.update(salts=[SALT_LIMIT, *r["salts"][1:]]),
    lambda r: r.update(salts=[*r["salts"], 7]),  # too many
    lambda r: r.update(salts=r["salts"][:-1]),  # too few: the last roll has none
    lambda r: r.update(chance="stale"),
    lambda r: r.pop("chance"),
    lambda r: r.pop("salts"),
], ids=["text", "float", "bool", "null", "not-a-list", "joined", "negative", "too-big", "too-many",
        "too-few", "unknown-chance", "salts-without-chance", "chance-without-salts"])
def test_tampered_salts_are_a_bad_record(locomotion_record: dict[str, Any], tamper: Any) -> None:
    record = json.loads(json.dumps(locomotion_record))
    tamper(record)
    with pytest.raises(BadRecord) as err:
        get_game("locomotion").replay(record)
    assert err.value.reason == "error.record_chance"


def test_extra_salts_are_a_bad_record_even_when_replaying_up_to_the_end(
        locomotion_record: dict[str, Any]) -> None:
    record = {**locomotion_record, "salts": [*locomotion_record["salts"], 7]}
    with pytest.raises(BadRecord):
        get_game("locomotion").replay(record, upto=len(record["moves"]))


# -- (e) taking moves back drops their salts ------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players", "options"), CHANCY)
def test_replay_upto_keeps_only_the_salts_of_the_moves_kept(game_id: str, players: int,
                                                            options: dict[str, Any]) -> None:
    finished = fresh_game(game_id, players, 14, options, salt_seed=2)
    record = finished.record()
    game = get_game(game_id)
    for ply in chance_plies(finished)[:4]:
        before = game.replay(record, upto=ply)
        used = len(before.salts)
        assert before.record()["salts"] == record["salts"][:used]
        assert game.replay(record, upto=ply + 1).salts == record["salts"][:used + 1]
        # Played again from there, the move draws a new salt, not the one it had drawn before.
        before.salt_source = seeded_salts(99)
        before.apply(record["moves"][ply])
        assert before.salts[:used] == record["salts"][:used]
        assert len(before.salts) == used + 1 and before.salts[used] != record["salts"][used]


# -- (f) a fresh game needs a source -------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players", "options"), CHANCY)
def test_a_fresh_game_without_a_source_refuses_to_draw(game_id: str, players: int,
                                                       options: dict[str, Any]) -> None:
    finished = fresh_game(game_id, players, 5, options, salt_seed=3)
    ply = chance_plies(finished)[0]
    game = get_game(game_id)
    state = game.new_state(players, 5, options, fresh_chance=True)
    for move in finished.moves[:ply]:
        state.apply(move)  # no chance point yet: no source needed
    with pytest.raises(NoSaltSource):
        state.apply(finished.moves[ply])
    replayed = game.replay(finished.record(), upto=ply)  # a replay hands back a state without a source
    assert replayed.salt_source is None
    with pytest.raises(NoSaltSource):
        replayed.apply(finished.moves[ply])


def test_a_salt_source_must_give_salts() -> None:
    state = get_game("locomotion").new_state(2, 1, fresh_chance=True)
    state.salt_source = lambda: SALT_LIMIT
    with pytest.raises(ValueError, match="salt"):
        state.chance("dice", 2)
