"""The save store: autosave, the Continue list, quarantine of bad entries, a full quota, preferences."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import get_game
from games.core import BadRecord
from random_play import play_random_game
from ui.saves import (
    GAME_PREFIX,
    PREFERENCES_KEY,
    QUARANTINE_PREFIX,
    BadSave,
    MemoryStorage,
    SaveStore,
    StorageFull,
)


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    return play_random_game("transamerica", 3, 21).record()


def partial(record: dict[str, Any], plies: int) -> dict[str, Any]:
    return {**record, "moves": record["moves"][:plies]}


def test_autosave_then_load_gives_the_same_table(finished: dict[str, Any]) -> None:
    store = SaveStore(MemoryStorage())
    for ply in range(0, 40, 7):  # as after every move: the same key, overwritten
        store.save("g1", partial(finished, ply), ["human", "greedy", "strong"], ["Ann", "Bob", "Cy"],
                   over=False, updated=1000 + ply)
    saved = store.load("g1")
    assert saved.record == partial(finished, 35)
    assert (saved.seats, saved.names) == (["human", "greedy", "strong"], ["Ann", "Bob", "Cy"])
    assert (saved.game, saved.players, saved.ply, saved.status, saved.over, saved.updated) == \
        ("transamerica", 3, 35, "playing", False, 1035)
    assert saved.title == get_game("transamerica").title
    assert get_game(saved.game).replay(saved.record).record() == saved.record


def test_entries_are_compact_namespaced_json(finished: dict[str, Any]) -> None:
    storage = MemoryStorage()
    SaveStore(storage).save("g1", finished, ["human"] * 3, over=True, updated=5)
    raw = storage.items[GAME_PREFIX + "g1"]
    assert GAME_PREFIX.startswith("railtable/v1/")
    assert ", " not in raw and ": " not in raw
    assert json.loads(raw)["record"] == finished


def test_continue_list_is_newest_first(finished: dict[str, Any]) -> None:
    store = SaveStore(MemoryStorage())
    store.save("old", partial(finished, 4), ["human"] * 3, over=False, updated=100)
    store.save("new", partial(finished, 9), ["human", "random", "random"], over=False, updated=300)
    store.save("done", finished, ["human"] * 3, over=True, updated=200)
    listing = store.list_games()
    assert [g.save_id for g in listing.games] == ["new", "done", "old"]
    assert [(g.ply, g.status) for g in listing.games] == [(9, "playing"), (len(finished["moves"]), "over"),
                                                         (4, "playing")]
    assert listing.games[0].seats == ["human", "random", "random"]
    assert listing.problems == []


def test_delete_removes_only_that_game(finished: dict[str, Any]) -> None:
    store = SaveStore(MemoryStorage())
    store.save("a", finished, ["human"] * 3, over=True, updated=1)
    store.save("b", finished, ["human"] * 3, over=True, updated=2)
    store.delete("a")
    store.delete("never-saved")
    assert [g.save_id for g in store.list_games().games] == ["b"]
    with pytest.raises(BadSave) as missing:
        store.load("a")
    assert missing.value.reason == "error.save_missing"


@pytest.mark.parametrize(("raw", "reason"), [
    ("{not json", "error.save_damaged"),
    ("[" * 100000, "error.save_damaged"),
    ("[" * 5000 + "]" * 5000, "error.save_damaged"),  # well-formed, but deeper than anything written
    ('{"v": 1, "pad": "' + "x" * 1_000_001 + '"}', "error.save_damaged"),  # larger than anything written
    ('"a string"', "error.save_damaged"),
    ('{"v": 2, "record": {}}', "error.save_version"),
    ('{"record": {}}', "error.save_version"),
    ('{"v": 1, "record": {"game": "chess", "players": 2, "moves": []}}', "error.save_game"),
    ('{"v": 1, "record": {"game": "transamerica", "players": 2, "moves": [1]}, "seats": ["human", "human"],'
     ' "names": [], "title": "game.transamerica", "status": "playing", "updated": 1}', "error.save_damaged"),
    ('{"v": 1, "record": {"game": "transamerica", "players": 2, "moves": []}, "seats": ["human"],'
     ' "names": [], "title": "game.transamerica", "status": "playing", "updated": 1}', "error.save_damaged"),
    ('{"v": 1, "record": {"game": "transamerica", "players": 2, "moves": []}, "seats": ["human", "god"],'
     ' "names": [], "title": "game.transamerica", "status": "playing", "updated": 1}', "error.save_damaged"),
    ('{"v": 1, "record": {"game": "transamerica", "players": 2, "moves": []}, "seats": ["human", "human"],'
     ' "names": [], "title": "game.transamerica", "status": "paused", "updated": 1}', "error.save_damaged"),
])
def test_a_bad_entry_is_quarantined_and_the_others_stay(finished: dict[str, Any], raw: str,
                                                         reason: str) -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.save("good", finished, ["human"] * 3, over=True, updated=1)
    storage.set(GAME_PREFIX + "bad", raw)
    listing = store.list_games()
    assert [g.save_id for g in listing.games] == ["good"]
    assert [(p.key, p.reason) for p in listing.problems] == [("bad", reason)]
    assert GAME_PREFIX + "bad" not in storage.items
    assert json.loads(storage.items[QUARANTINE_PREFIX + "bad"])["raw"] == raw  # set aside, not erased
    again = store.list_games()  # still reported, and still nothing else touched
    assert [g.save_id for g in again.games] == ["good"] and len(again.problems) == 1
    store.discard("bad")
    assert store.list_games().problems == []
    assert store.load("good").record == finished


def test_loading_a_bad_entry_quarantines_it(finished: dict[str, Any]) -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    storage.set(GAME_PREFIX + "bad", "}")
    with pytest.raises(BadSave) as caught:
        store.load("bad")
    assert caught.value.reason == "error.save_damaged"
    assert [p.key for p in store.list_games().problems] == ["bad"]


def test_a_record_that_fails_replay_is_quarantined_by_the_glue(finished: dict[str, Any]) -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    broken = {**finished, "moves": ["marker 0,0", "marker 0,0", *finished["moves"][2:]]}
    store.save("broken", broken, ["human"] * 3, over=False, updated=2)
    store.save("fine", partial(finished, 10), ["human"] * 3, over=False, updated=1)
    saved = store.load("broken")  # the shape is fine: only replaying shows the problem
    with pytest.raises(BadRecord) as err:
        get_game(saved.game).replay(saved.record)
    store.quarantine("broken", err.value.reason, **err.value.params)
    store.quarantine("broken", "error.save_damaged")  # twice, or for a missing game: no harm
    listing = store.list_games()
    assert [g.save_id for g in listing.games] == ["fine"]
    problems = [(p.key, p.reason, p.params) for p in listing.problems]
    assert problems == [("broken", "error.record_move", {"ply": 2})]


def test_foreign_keys_and_other_versions_are_left_alone(finished: dict[str, Any]) -> None:
    storage = MemoryStorage()
    storage.set("another-app/data", "{oops")
    storage.set("railtable/v2/game/x", "{from the future")
    store = SaveStore(storage)
    store.save("g", finished, ["human"] * 3, over=True, updated=1)
    listing = store.list_games()
    assert [g.save_id for g in listing.games] == ["g"] and listing.problems == []
    assert storage.items["another-app/data"] == "{oops"
    assert storage.items["railtable/v2/game/x"] == "{from the future"


def test_setting_aside_twice_under_one_id_keeps_both(finished: dict[str, Any]) -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    for reason in ("error.save_damaged", "error.record_move"):
        store.save("g", finished, ["human"] * 3, over=True, updated=1)
        store.quarantine("g", reason)
    assert [(p.key, p.reason) for p in store.list_games().problems] == [("g", "error.save_damaged"),
                                                                        ("g.1", "error.record_move")]
    store.discard("g.1")
    assert [p.key for p in store.list_games().problems] == ["g"]


def test_a_damaged_quarantine_entry_is_still_reported() -> None:
    storage = MemoryStorage()
    storage.set(QUARANTINE_PREFIX + "x", "not json")
    problems = SaveStore(storage).list_games().problems
    assert [(p.key, p.reason) for p in problems] == [("x", "error.save_damaged")]


def test_full_storage_raises_and_keeps_earlier_saves(finished: dict[str, Any]) -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.save("first", finished, ["human"] * 3, over=True, updated=1)
    store.save("second", partial(finished, 30), ["human"] * 3, over=False, updated=2)
    before = dict(storage.items)
    storage.quota = storage.used() + 100
    with pytest.raises(StorageFull) as full:
        store.save("third", finished, ["human"] * 3, over=True, updated=3)
    assert full.value.reason == "error.storage_full"
    with pytest.raises(StorageFull):  # the growing autosave of a game in progress
        store.save("second", partial(finished, 60), ["human"] * 3, over=False, updated=4)
    assert storage.items == before
    assert store.load("second").ply == 30
    store.save("second", partial(finished, 31), ["human"] * 3, over=False, updated=5)  # a small step fits
    assert [g.save_id for g in store.list_games().games] == ["second", "first"]


def test_quarantine_never_loses_an_entry_when_storage_is_full() -> None:
    storage = MemoryStorage()
    storage.set(GAME_PREFIX + "bad", "{broken")
    storage.quota = storage.used()
    store = SaveStore(storage)
    listing = store.list_games()
    assert [(p.key, p.reason) for p in listing.problems] == []  # could not be moved aside...
    assert storage.items[GAME_PREFIX + "bad"] == "{broken"  # ...so it stays where it was
    storage.quota = None
    assert [p.key for p in store.list_games().problems] == ["bad"]


def test_saving_refuses_what_it_could_not_read_back(finished: dict[str, Any]) -> None:
    store = SaveStore(MemoryStorage())
    with pytest.raises(BadSave):
        store.save("g", finished, ["human", "human"], over=False, updated=1)
    with pytest.raises(BadSave):
        store.save("g", finished, ["human"] * 3, ["only one name"], over=False, updated=1)
    with pytest.raises(ValueError):
        store.save("bad/id", finished, ["human"] * 3, over=False, updated=1)
    assert store.list_games().games == []


def test_preferences_round_trip_merge_and_survive_damage() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    assert store.preferences() == {}
    store.set_preferences({"lang": "fr"})
    store.set_preferences({"speed": "fast"})
    assert store.preferences() == {"lang": "fr", "speed": "fast"}
    assert PREFERENCES_KEY == "railtable/v1/prefs"  # static/js/boot.js reads the language from here
    assert json.loads(storage.items[PREFERENCES_KEY])["lang"] == "fr"
    storage.set(PREFERENCES_KEY, "[1, 2")
    assert store.preferences() == {}
    storage.set(PREFERENCES_KEY, "[1, 2]")
    assert store.preferences() == {}
    store.set_preferences({"lang": "en"})
    assert store.preferences() == {"lang": "en"}
    storage.quota = storage.used()
    with pytest.raises(StorageFull):
        store.set_preferences({"speed": "slow", "more": "x" * 50})
    assert store.preferences() == {"lang": "en"}


def test_memory_storage_counts_its_quota_like_local_storage() -> None:
    storage = MemoryStorage(quota=10)
    storage.set("ab", "cdef")  # 6
    storage.set("ab", "cdefghij")  # replaced: 10
    with pytest.raises(StorageFull):
        storage.set("x", "")
    storage.remove("ab")
    assert storage.used() == 0 and storage.keys() == []


def test_depth_is_counted_outside_strings_so_names_with_brackets_load(finished: dict[str, Any]) -> None:
    """Brackets inside a string (a player called "[[[[...") are text, not nesting."""
    store = SaveStore(MemoryStorage())
    name = "[" * 40 + "{" * 40
    store.save("g", finished, ["human"] * 3, [name, "B", "C"], over=True, updated=1)
    assert store.load("g").names[0] == name


def test_deep_preferences_are_refused_unparsed() -> None:
    """500 levels parse under CPython, but nothing the app writes is that deep: refused before parsing
    (in the browser, deeper entries would exhaust the stack inside the parser)."""
    storage = MemoryStorage()
    storage.set(PREFERENCES_KEY, '{"lang": ' * 500 + '"fr"' + "}" * 500)
    assert SaveStore(storage).preferences() == {}
    storage.set(PREFERENCES_KEY, '{"lang": "fr", "speed": {"x": [1]}}')
    assert SaveStore(storage).preferences()["lang"] == "fr"
