"""Saved games and preferences over a small key-value storage (the glue adapts `localStorage`).

Every game at the table is saved after every move under `railtable/v1/game/<save_id>` as compact
JSON: the engine record, the seats and names, and what the lobby's Continue list shows without
replaying anything (title key, ply count, status, time of the last move). An entry that cannot be
read (bad JSON, unknown entry version, wrong shape, or a record the glue later fails to replay) is
moved aside to `railtable/v1/quarantine/<save_id>` with its reason and reported: it never crashes
the lobby and never costs another game. A full storage raises `StorageFull` and changes nothing, so
the glue can say so and the game goes on.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeGuard

from games import GAME_IDS, get_game
from ui.table import SEAT_KINDS

NAMESPACE = "railtable/v1/"
GAME_PREFIX = NAMESPACE + "game/"
QUARANTINE_PREFIX = NAMESPACE + "quarantine/"
PREFERENCES_KEY = NAMESPACE + "prefs"  # also read by static/js/boot.js before Python starts
ENTRY_VERSION = 1
STATUSES = ("playing", "over")

_SAVE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class StorageFull(Exception):
    """The storage quota is exceeded: nothing was written."""

    reason = "error.storage_full"


class BadSave(ValueError):
    """A saved entry that cannot be used; `reason` is a translation key."""

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.params = params


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...  # raises StorageFull

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStorage:
    """Storage in a dict with a quota counted like `localStorage` (characters of keys and values).

    Used by the tests, and by the glue when the browser refuses `localStorage` (private modes).
    """

    def __init__(self, quota: int | None = None) -> None:
        self.quota = quota
        self.items: dict[str, str] = {}

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.items.items())

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        old = self.items.get(key)
        growth = len(value) - (len(old) if old is not None else -len(key))
        if self.quota is not None and self.used() + growth > self.quota:
            raise StorageFull()
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


@dataclass(frozen=True)
class SavedGame:
    """One game of the Continue list, with the record to resume it."""

    save_id: str
    record: dict[str, Any]
    seats: list[str]
    names: list[str]
    title: str  # translation key of the game's name
    ply: int
    status: str  # "playing" | "over"
    updated: int  # the caller's clock (ms since the epoch in the browser)

    @property
    def game(self) -> str:
        return str(self.record["game"])  # one of `GAME_IDS`: checked by `_entry`

    @property
    def players(self) -> int:
        return int(self.record["players"])  # an int: checked by `_entry`

    @property
    def over(self) -> bool:
        return self.status == "over"


@dataclass(frozen=True)
class Problem:
    """An entry set aside: `key` is its save id (".1", ".2"... when set aside again), `reason` a
    translation key with its params."""

    key: str
    reason: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Listing:
    games: list[SavedGame]  # newest first
    problems: list[Problem]


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# An entry is refused before it is parsed when it is larger or deeper than any the app writes: a
# page of the same origin may write anything under these keys, and 5,000 nested brackets exhaust the
# browser's stack inside the parser, before Python could refuse them.
MAX_ENTRY_CHARS = 1_000_000  # a complete 5-player game of the longest game is about 10,000
MAX_DEPTH = 32  # an entry nests about 5 deep
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def _nesting(text: str) -> int:
    """The deepest nesting of brackets in JSON `text`, counted without recursion (strings skipped)."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _loads(raw: object) -> object:
    if not isinstance(raw, str) or len(raw) > MAX_ENTRY_CHARS or _nesting(raw) > MAX_DEPTH:
        raise BadSave("error.save_damaged")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as err:
        raise BadSave("error.save_damaged") from err


def _is_str_list(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _entry(save_id: str, data: object) -> SavedGame:
    """Check one entry's data; raises `BadSave` with the reason it cannot be used."""
    if not isinstance(data, dict):
        raise BadSave("error.save_damaged")
    if data.get("v") != ENTRY_VERSION:
        raise BadSave("error.save_version")
    record, seats, names = data.get("record"), data.get("seats"), data.get("names")
    if not isinstance(record, dict):
        raise BadSave("error.save_damaged")
    if record.get("game") not in GAME_IDS:
        raise BadSave("error.save_game")
    players, moves = record.get("players"), record.get("moves")
    title, status, updated = data.get("title"), data.get("status"), data.get("updated")
    if not (
        _is_int(players) and _is_str_list(moves)
        and _is_str_list(seats) and len(seats) == players and all(s in SEAT_KINDS for s in seats)
        and _is_str_list(names) and len(names) in (0, players)
        and isinstance(title, str) and isinstance(status, str) and status in STATUSES
        and _is_int(updated)
    ):
        raise BadSave("error.save_damaged")
    return SavedGame(save_id, record, seats, names, title, len(moves), status, updated)


class SaveStore:
    """The app's saved games and preferences in one storage."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    # -- games --------------------------------------------------------------------------------
    def save(self, save_id: str, record: dict[str, Any], seats: list[str], names: list[str] | None = None,
             *, over: bool, updated: int) -> None:
        """Autosave one game (after every move); raises StorageFull, leaving the previous save intact."""
        if not isinstance(save_id, str) or not _SAVE_ID.fullmatch(save_id):
            raise ValueError(f"bad save id: {save_id!r}")
        entry = {
            "v": ENTRY_VERSION,
            "record": record,
            "seats": list(seats),
            "names": list(names or []),
            "title": get_game(record.get("game")).title,
            "status": "over" if over else "playing",
            "updated": updated,
        }
        _entry(save_id, entry)  # refuse to write what could not be read back
        self.storage.set(GAME_PREFIX + save_id, _dumps(entry))

    def load(self, save_id: str) -> SavedGame:
        """The saved game; an unreadable entry is quarantined and raises BadSave."""
        raw = self.storage.get(GAME_PREFIX + save_id)
        if raw is None:
            raise BadSave("error.save_missing")
        try:
            return _entry(save_id, _loads(raw))
        except BadSave as err:
            self.quarantine(save_id, err.reason, **err.params)
            raise

    def delete(self, save_id: str) -> None:
        self.storage.remove(GAME_PREFIX + save_id)

    def list_games(self) -> Listing:
        """The Continue list, newest first, and every entry set aside (this time or earlier)."""
        games = []
        keys = self.storage.keys()  # a snapshot: quarantining changes the storage's keys
        for key in keys:
            if not key.startswith(GAME_PREFIX):
                continue
            save_id = key[len(GAME_PREFIX):]
            try:
                games.append(_entry(save_id, _loads(self.storage.get(key))))
            except BadSave as err:
                self.quarantine(save_id, err.reason, **err.params)
        games.sort(key=lambda g: (-g.updated, g.save_id))
        return Listing(games, self.problems())

    def quarantine(self, save_id: str, reason: str, **params: Any) -> None:
        """Move an entry aside with its reason (e.g. its record failed to replay); never deletes it.

        Does nothing when there is no such entry. When storage is too full to hold the copy, the
        entry stays where it is and the problem shows up again at the next listing.
        """
        key = GAME_PREFIX + save_id
        raw = self.storage.get(key)
        if raw is None:
            return
        aside = {"reason": reason, "params": params, "raw": raw}
        taken = set(self.storage.keys())
        target = QUARANTINE_PREFIX + save_id
        copy = 1
        while target in taken:  # an older entry set aside under this id stays too
            target = f"{QUARANTINE_PREFIX}{save_id}.{copy}"
            copy += 1
        try:
            self.storage.set(target, _dumps(aside))
        except StorageFull:
            return
        self.storage.remove(key)

    def problems(self) -> list[Problem]:
        found = []
        for key in sorted(self.storage.keys()):
            if key.startswith(QUARANTINE_PREFIX):
                try:
                    aside = _loads(self.storage.get(key))
                except BadSave:
                    aside = None
                if not isinstance(aside, dict):
                    aside = {}
                reason, params = aside.get("reason"), aside.get("params")
                found.append(Problem(key[len(QUARANTINE_PREFIX):],
                                     reason if isinstance(reason, str) else "error.save_damaged",
                                     params if isinstance(params, dict) else {}))
        return found

    def discard(self, key: str) -> None:
        """Forget an entry that was set aside (a `Problem.key`: the player chose to drop it)."""
        self.storage.remove(QUARANTINE_PREFIX + key)

    # -- preferences --------------------------------------------------------------------------
    def preferences(self) -> dict[str, Any]:
        """The player's preferences (language, bot speed...); unreadable ones read as none."""
        try:
            prefs = _loads(self.storage.get(PREFERENCES_KEY) or "{}")
        except BadSave:
            return {}
        return prefs if isinstance(prefs, dict) else {}

    def set_preferences(self, changes: dict[str, Any]) -> None:
        """Merge `changes` into the stored preferences; raises StorageFull."""
        self.storage.set(PREFERENCES_KEY, _dumps({**self.preferences(), **changes}))
