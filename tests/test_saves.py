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
    MadeByNewerVersion,
    MemoryStorage,
    MovedOn,
    Received,
    SaveStore,
    StorageFull,
    link_save_id,
)
from ui.seats import MAX_NAME


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
    ('{"v": "2", "record": {}}', "error.save_version"),
    ('{"record": {}}', "error.save_version"),
    ('{"v": 1, "record": {"game": "Chess!", "players": 2, "moves": []}}', "error.save_game"),
    ('{"v": 1, "record": {"game": ["transamerica"], "players": 2, "moves": []}}', "error.save_game"),
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
    assert store.load("g").names[0] == name[:MAX_NAME]  # read, not set aside (then bounded like any name)


def test_deep_preferences_are_refused_unparsed() -> None:
    """500 levels parse under CPython, but nothing the app writes is that deep: refused before parsing
    (in the browser, deeper entries would exhaust the stack inside the parser)."""
    storage = MemoryStorage()
    storage.set(PREFERENCES_KEY, '{"lang": ' * 500 + '"fr"' + "}" * 500)
    assert SaveStore(storage).preferences() == {}
    storage.set(PREFERENCES_KEY, '{"lang": "fr", "speed": {"x": [1]}}')
    assert SaveStore(storage).preferences()["lang"] == "fr"


def entry_of(storage: MemoryStorage, save_id: str) -> dict[str, Any]:
    entry: dict[str, Any] = json.loads(storage.items[GAME_PREFIX + save_id])
    return entry


@pytest.mark.parametrize("change", [
    {"v": 2},  # a later entry format
    {"record.format": 2},  # a later record format
    {"record.rules_version": 99},  # a later rules version of a game this version has
    {"record.game": "orient_express"},  # a game this version does not have
])
def test_a_newer_versions_save_is_listed_kept_and_never_set_aside(finished: dict[str, Any],
                                                                 change: dict[str, Any]) -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.save("mine", finished, ["human"] * 3, over=True, updated=5)
    store.save("theirs", finished, ["human"] * 3, over=False, updated=9)
    entry = entry_of(storage, "theirs")
    for path, value in change.items():
        *parents, leaf = path.split(".")
        node = entry
        for parent in parents:
            node = node[parent]
        node[leaf] = value
    raw = json.dumps(entry)
    storage.set(GAME_PREFIX + "theirs", raw)
    listing = store.list_games()
    assert [g.save_id for g in listing.games] == ["mine"] and listing.problems == []
    [newer] = listing.newer
    assert (newer.save_id, newer.updated) == ("theirs", 9)
    assert newer.title == (None if "record.game" in change else "game.transamerica")
    with pytest.raises(MadeByNewerVersion):
        store.load("theirs")
    assert storage.items[GAME_PREFIX + "theirs"] == raw  # neither opening nor listing touched it
    assert store.revision("theirs") == -1
    with pytest.raises(MovedOn) as moved:  # a table of this version never writes over it
        store.save("theirs", finished, ["human"] * 3, over=True, updated=10, follows=1)
    assert moved.value.ply is None and storage.items[GAME_PREFIX + "theirs"] == raw


def test_every_write_raises_the_revision_and_a_stale_writer_is_refused(finished: dict[str, Any]) -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    here = store.save("g", partial(finished, 3), ["human"] * 3, over=False, updated=1, follows=0)
    assert here == 1 and store.load("g").revision == 1
    there = store.load("g").revision  # a second tab opens the same game
    there = store.save("g", partial(finished, 5), ["human"] * 3, over=False, updated=2, follows=there)
    assert there == 2
    before = dict(storage.items)
    with pytest.raises(MovedOn) as moved:  # the first tab plays its move on its older game
        store.save("g", partial(finished, 4), ["human"] * 3, over=False, updated=3, follows=here)
    assert moved.value.ply == 5 and storage.items == before
    assert store.save("g", partial(finished, 6), ["human"] * 3, over=False, updated=4, follows=there) == 3
    assert store.revision("missing") is None
    store.delete("g")  # deleted in the other tab: the game at the table is saved again, nothing lost
    assert store.save("g", partial(finished, 7), ["human"] * 3, over=False, updated=5, follows=3) == 4


def test_entries_of_earlier_versions_have_revision_zero(finished: dict[str, Any]) -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.save("g", finished, ["human"] * 3, over=True, updated=1)
    entry = entry_of(storage, "g")
    del entry["rev"]
    storage.set(GAME_PREFIX + "g", json.dumps(entry))
    assert store.load("g").revision == 0
    assert store.save("g", finished, ["human"] * 3, over=True, updated=2, follows=0) == 1
    entry["rev"] = "7"
    storage.set(GAME_PREFIX + "g", json.dumps(entry))
    assert [(p.key, p.reason) for p in store.list_games().problems] == [("g", "error.save_damaged")]


def test_names_are_bounded_on_load_as_on_entry(finished: dict[str, Any]) -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.save("g", finished, ["human"] * 3, ["x" * 5000, "line\nbreak\u2028", " Cy "], over=True,
               updated=1)
    names = store.load("g").names
    assert names == ["x" * MAX_NAME, "line break", "Cy"]
    assert store.list_games().games[0].names == names


def backup_of(*games: tuple[str, dict[str, Any], int]) -> str:
    """A backup file from another browser holding `games` (id, record, revision)."""
    other = SaveStore(MemoryStorage())
    for save_id, record, revision in games:
        for _ in range(revision):
            other.save(save_id, record, ["human"] * 3, ["Ann", "Bob", "Cy"], over=False, updated=50)
    return other.export_games(exported=99)


def test_export_then_import_moves_every_game_to_another_browser(finished: dict[str, Any]) -> None:
    home = SaveStore(MemoryStorage())
    home.save("a", partial(finished, 10), ["human", "greedy", "strong"], ["Ann", "Bob", "Cy"], over=False,
              updated=1)
    home.save("b", finished, ["human"] * 3, over=True, updated=2)
    home.storage.set(GAME_PREFIX + "newer", json.dumps({"v": 7, "anything": [1, 2]}))
    text = home.export_games(exported=123)
    assert json.loads(text)["exported"] == 123
    away = SaveStore(MemoryStorage())
    report = away.import_games(text)
    assert (report.added, report.updated, report.kept, report.copies, report.unreadable) == (3, 0, 0, 0, 0)
    assert [(g.save_id, g.record, g.seats, g.names) for g in away.list_games().games] == \
        [(g.save_id, g.record, g.seats, g.names) for g in home.list_games().games]
    assert [n.save_id for n in away.list_games().newer] == ["newer"]  # carried, for the newer version
    again = away.import_games(text)  # importing twice changes nothing
    assert (again.added, again.kept) == (0, 3)


def test_import_merges_and_never_overwrites_a_game_that_went_further(finished: dict[str, Any]) -> None:
    diverged = {**partial(finished, 12), "moves": [*finished["moves"][:11], "pass"]}
    text = backup_of(("further", partial(finished, 20), 1), ("behind", partial(finished, 5), 9),
                     ("diverged", diverged, 1), ("same", partial(finished, 8), 1))
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.save("further", partial(finished, 10), ["human"] * 3, over=False, updated=1)
    store.save("behind", partial(finished, 15), ["human"] * 3, over=False, updated=1)
    store.save("diverged", partial(finished, 12), ["human"] * 3, over=False, updated=1)
    store.save("same", partial(finished, 8), ["human"] * 3, over=False, updated=1)
    report = store.import_games(text)
    assert (report.added, report.updated, report.kept, report.copies) == (0, 1, 2, 1)
    assert store.load("further").ply == 20 and store.load("further").revision == 2  # other tabs see it moved
    assert store.load("behind").ply == 15  # its higher revision elsewhere does not make it newer
    assert store.load("diverged").record == partial(finished, 12)
    assert store.load("diverged-1").record == diverged  # both kept
    assert store.load("same").ply == 8


@pytest.mark.parametrize(("text", "reason"), [
    ("not json", "error.backup_invalid"),
    ('{"kind": "something else", "v": 1, "games": []}', "error.backup_invalid"),
    ('{"kind": "railtable-backup", "v": 1, "games": {}}', "error.backup_invalid"),
    ('{"kind": "railtable-backup", "v": 2, "games": []}', "error.backup_newer"),
    ('{"kind": "railtable-backup", "v": 1, "games": ' + "[" * 5000 + "]" * 5000 + "}",
     "error.backup_invalid"),
])
def test_a_file_that_is_not_a_backup_is_refused_and_changes_nothing(finished: dict[str, Any], text: str,
                                                                    reason: str) -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.save("g", finished, ["human"] * 3, over=True, updated=1)
    before = dict(storage.items)
    with pytest.raises(BadSave) as refused:
        store.import_games(text)
    assert refused.value.reason == reason and storage.items == before


def test_unreadable_games_in_a_backup_are_skipped_and_a_full_storage_stops_cleanly(
        finished: dict[str, Any]) -> None:
    games = json.loads(backup_of(("a", partial(finished, 4), 1), ("b", partial(finished, 6), 1)))
    games["games"][1:1] = [{"id": "../x", "entry": {}}, {"id": "c", "entry": {"v": 1}}, 5]
    storage = MemoryStorage()
    store = SaveStore(storage)
    report = store.import_games(json.dumps(games))
    assert (report.added, report.unreadable, report.full) == (2, 3, False)
    crowded = MemoryStorage()
    crowded.quota = len(json.dumps(games)) // 2
    report = SaveStore(crowded).import_games(json.dumps(games))
    assert report.full and report.added == 1
    assert [g.save_id for g in SaveStore(crowded).list_games().games] == ["a"]


def test_each_link_of_a_game_by_link_updates_one_save_and_never_takes_it_back(
        finished: dict[str, Any]) -> None:
    store = SaveStore(MemoryStorage())
    seats, names = ["human"] * 3, ["Ann", "Bob", "Cy"]
    first = store.take_link(partial(finished, 10), seats, names, updated=1)
    assert first == Received(link_save_id(finished), None)  # the same id on every device
    store.save(first.save_id, partial(finished, 10), seats, names, over=False, updated=2, by_link=True, me=1)
    later = store.take_link(partial(finished, 30), seats, names, updated=3)
    assert later == Received(first.save_id, 1) and store.load(first.save_id).ply == 30
    assert store.load(first.save_id).me == 1 and store.load(first.save_id).by_link
    older = store.take_link(partial(finished, 20), seats, names, updated=4)
    assert older == Received(first.save_id, 1, "who.older") and store.load(first.save_id).ply == 30
    game = get_game("transamerica")
    ply = next(p for p in range(30, 60) if len(game.replay(finished, p).legal_moves()) > 1)
    turn = next(move for move in game.replay(finished, ply).legal_moves() if move != finished["moves"][ply])
    store.take_link(partial(finished, ply + 1), seats, names, updated=5)
    other = {**partial(finished, ply + 1), "moves": [*finished["moves"][:ply], turn]}  # another move there
    aside = store.take_link(other, seats, names, updated=6)
    assert aside.note == "who.diverged" and aside.save_id != first.save_id and aside.me is None
    assert store.load(aside.save_id).record == other and store.load(first.save_id).ply == ply + 1
    assert len(store.list_games().games) == 2
