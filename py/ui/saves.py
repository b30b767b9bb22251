"""Saved games and preferences over a small key-value storage (the glue adapts `localStorage`).

Every game at the table is saved after every move under `railtable/v1/game/<save_id>` as compact
JSON: the engine record, the seats and names, what the lobby's Continue list shows without
replaying anything (title key, ply count, status, time of the last move), and a revision that
grows with every write. An entry that cannot be read (bad JSON, wrong shape, or a record the glue
later fails to replay) is moved aside to `railtable/v1/quarantine/<save_id>` with its reason and
reported: it never crashes the lobby and never costs another game. An entry written by a newer
version of the app is listed as such and left where it is. A full storage raises `StorageFull`
and changes nothing, so the glue can say so and the game goes on.

Two tabs may hold the same game: a write names the revision it follows, and a store that holds
another one raises `MovedOn` instead of overwriting it (the table then offers the newer game or a
copy of its own). A backup file holds every game, and importing one never overwrites a game whose
record goes further.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import chain, count
from typing import Any, Protocol, TypeGuard

from games import GAME_IDS, get_game
from games.core import RECORD_FORMAT
from ui.seats import SEAT_KINDS, bounded_name

NAMESPACE = "railtable/v1/"
GAME_PREFIX = NAMESPACE + "game/"
QUARANTINE_PREFIX = NAMESPACE + "quarantine/"
PREFERENCES_KEY = NAMESPACE + "prefs"  # also read by static/js/boot.js before Python starts
CLASS_PREFIX = NAMESPACE + "class/"  # + a class game's key: the result links its teacher gathered
ENTRY_VERSION = 1
STATUSES = ("playing", "over")

_SAVE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,39}")  # how a game's id is spelled, known here or not


class StorageFull(Exception):
    """The storage quota is exceeded: nothing was written."""

    reason = "error.storage_full"


class BadSave(ValueError):
    """A saved entry that cannot be used; `reason` is a translation key."""

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.params = params


class MadeByNewerVersion(BadSave):
    """An entry this version cannot read because a newer version wrote it (a later entry or record
    format, a later rules version, or a game this version does not have): kept, listed, never set aside."""

    def __init__(self) -> None:
        super().__init__("lobby.newer_save")


class MovedOn(Exception):
    """The stored game is not the revision the writer followed: another tab played on (`ply` moves
    there), or a newer version took it over. Nothing was written."""

    def __init__(self, ply: int | None) -> None:
        super().__init__(ply)
        self.ply = ply


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
    revision: int = 0  # grows with every write of this game; entries of earlier versions have none
    by_link: bool = False  # played by link, each human on their own device
    me: int | None = None  # in a game by link, this device's seat (None: not chosen, or watching)
    hints: bool = True  # "Suggest a move" offered: a class game may have turned it off

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
class NewerSave:
    """A game written by a newer version of the app: shown, kept, deleted only when confirmed."""

    save_id: str
    title: str | None  # translation key of its game's name, when this version has that game
    updated: int | None


@dataclass(frozen=True)
class Received:
    """A game by link taken in: its save id, this device's seat in it if known, and what to tell the
    player (a translation key) when the link was not simply the game's next turn."""

    save_id: str
    me: int | None
    note: str | None = None


def link_save_id(record: dict[str, Any]) -> str:
    """The save id of a game by link: from what never changes in it (game, players, options, seed), so
    that every device keeps it under the same id and each new link of it finds the save."""
    import hashlib  # here: only games by link need it, and the page starts without it

    start = [record.get(key) for key in ("game", "players", "options", "seed")]
    return "l" + hashlib.sha256(_dumps(start).encode()).hexdigest()[:20]


@dataclass
class Imported:
    """What importing a backup did, game by game."""

    added: int = 0  # games this browser did not have
    updated: int = 0  # games the backup takes further than this browser had them
    kept: int = 0  # games this browser already has as far, or further
    copies: int = 0  # games played differently here and there: the backup's is added beside
    unreadable: int = 0  # entries of the file that are not games
    full: bool = False  # the storage filled up: the games after that were not imported


@dataclass(frozen=True)
class Listing:
    games: list[SavedGame]  # newest first
    problems: list[Problem]
    newer: list[NewerSave] = field(default_factory=list)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# An entry is refused before it is parsed when it is larger or deeper than any the app writes: a
# page of the same origin may write anything under these keys, and 5,000 nested brackets exhaust the
# browser's stack inside the parser, before Python could refuse them.
MAX_ENTRY_CHARS = 1_000_000  # a complete 5-player game of the longest game is about 10,000
MAX_DEPTH = 32  # an entry nests about 5 deep, a backup 2 more
MAX_BACKUP_CHARS = 20_000_000  # four times what a browser's storage holds
BACKUP_KIND = "railtable-backup"
BACKUP_VERSION = 1
# Linear even on hostile text: an unterminated string runs to the end (where no bracket counts anyway)
# instead of being searched again from each of its escaped quotes.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def _nesting(text: str) -> int:
    """The deepest nesting of brackets in JSON `text`, counted without recursion (strings skipped)."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _loads(raw: object, limit: int = MAX_ENTRY_CHARS) -> object:
    if not isinstance(raw, str) or len(raw) > limit or _nesting(raw) > MAX_DEPTH:
        raise BadSave("error.save_damaged")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as err:
        raise BadSave("error.save_damaged") from err


def _is_str_list(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


MAX_TIME_MS = 8_640_000_000_000_000  # the furthest time the browser's Date writes, either way


def _is_time(value: object) -> TypeGuard[int]:
    return _is_int(value) and -MAX_TIME_MS <= value <= MAX_TIME_MS


def _newer(value: object, known: int) -> bool:
    return _is_int(value) and value > known


def _entry(save_id: str, data: object) -> SavedGame:
    """Check one entry's data; raises `BadSave` with the reason it cannot be used."""
    if not isinstance(data, dict):
        raise BadSave("error.save_damaged")
    if _newer(data.get("v"), ENTRY_VERSION):
        raise MadeByNewerVersion()
    if data.get("v") != ENTRY_VERSION:
        raise BadSave("error.save_version")
    record, seats, names = data.get("record"), data.get("seats"), data.get("names")
    if not isinstance(record, dict):
        raise BadSave("error.save_damaged")
    game_id = record.get("game")
    if game_id not in GAME_IDS:
        if isinstance(game_id, str) and _GAME_ID.fullmatch(game_id):
            raise MadeByNewerVersion()
        raise BadSave("error.save_game")
    if _newer(record.get("format"), RECORD_FORMAT) or _newer(
            record.get("rules_version"), get_game(game_id).state_class.rules_version):
        raise MadeByNewerVersion()
    players, moves = record.get("players"), record.get("moves")
    title, status, updated = data.get("title"), data.get("status"), data.get("updated")
    revision, link = data.get("rev", 0), data.get("link")
    me = link.get("me") if isinstance(link, dict) else None
    hints = data.get("hints", True)
    if not (
        _is_int(players) and _is_str_list(moves)
        and _is_str_list(seats) and len(seats) == players and all(s in SEAT_KINDS for s in seats)
        and _is_str_list(names) and len(names) in (0, players)
        and isinstance(title, str) and isinstance(status, str) and status in STATUSES
        and _is_time(updated) and _is_int(revision) and revision >= 0
        and (link is None or (isinstance(link, dict) and (me is None or (_is_int(me) and 0 <= me < players))))
        and isinstance(hints, bool)
    ):
        raise BadSave("error.save_damaged")
    return SavedGame(save_id, record, seats, [bounded_name(name) for name in names], title, len(moves),
                     status, updated, revision, link is not None, me, hints)


def _extends(record: dict[str, Any], start: dict[str, Any]) -> bool:
    """Whether `record` is the game of `start`, played as far or further (its moves and, in a game by
    link, the salts of its chance begin with those of `start`)."""
    grows = ("moves", "salts")
    same_deal = all(record.get(key) == start.get(key) for key in (set(record) | set(start)) - set(grows))
    return same_deal and all(_begins(record.get(key), start.get(key)) for key in grows)


def _begins(longer: object, shorter: object) -> bool:
    if not isinstance(longer, list) or not isinstance(shorter, list):
        return longer == shorter
    return longer[:len(shorter)] == shorter


def _newer_save(save_id: str, data: object) -> NewerSave:
    """What the Continue list can say of a newer version's entry: its game and date, when readable."""
    entry = data if isinstance(data, dict) else {}
    record = entry.get("record")
    game_id = record.get("game") if isinstance(record, dict) else None
    updated = entry.get("updated")
    return NewerSave(save_id, get_game(game_id).title if game_id in GAME_IDS else None,
                     updated if _is_time(updated) else None)


class SaveStore:
    """The app's saved games and preferences in one storage."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    # -- games --------------------------------------------------------------------------------
    def save(self, save_id: str, record: dict[str, Any], seats: list[str], names: list[str] | None = None,
             *, over: bool, updated: int, follows: int | None = None, by_link: bool = False,
             me: int | None = None, hints: bool = True) -> int:
        """Autosave one game (after every move) and return its new revision.

        `follows`: the revision the writer last read or wrote (0 for a new game); a store holding
        another one raises `MovedOn`. Raises StorageFull, leaving the previous save intact.
        """
        if not isinstance(save_id, str) or not _SAVE_ID.fullmatch(save_id):
            raise ValueError(f"bad save id: {save_id!r}")
        stored = self.revision(save_id)
        if follows is not None and stored is not None and stored != follows:
            raise MovedOn(self._ply(save_id))
        revision = max(stored or 0, follows or 0) + 1
        entry = {
            "v": ENTRY_VERSION,
            "record": record,
            "seats": list(seats),
            "names": list(names or []),
            "title": get_game(record.get("game")).title,
            "status": "over" if over else "playing",
            "updated": updated,
            "rev": revision,
        }
        if by_link:
            entry["link"] = {"me": me}
        if not hints:
            entry["hints"] = False
        _entry(save_id, entry)  # refuse to write what could not be read back
        self.storage.set(GAME_PREFIX + save_id, _dumps(entry))
        return revision

    def revision(self, save_id: str) -> int | None:
        """The stored game's revision: None when there is none to keep (no entry, or an unreadable one,
        which is set aside), -1 when a newer version wrote it (no revision of this version follows it)."""
        raw = self.storage.get(GAME_PREFIX + save_id)
        if raw is None:
            return None
        try:
            return _entry(save_id, _loads(raw)).revision
        except MadeByNewerVersion:
            return -1
        except BadSave as err:
            self.quarantine(save_id, err.reason, **err.params)
            return None

    def _ply(self, save_id: str) -> int | None:
        try:
            return self.load(save_id).ply
        except BadSave:
            return None

    def load(self, save_id: str) -> SavedGame:
        """The saved game; an unreadable entry is quarantined and raises BadSave (a newer version's
        raises `MadeByNewerVersion` and stays)."""
        raw = self.storage.get(GAME_PREFIX + save_id)
        if raw is None:
            raise BadSave("error.save_missing")
        try:
            return _entry(save_id, _loads(raw))
        except MadeByNewerVersion:
            raise
        except BadSave as err:
            self.quarantine(save_id, err.reason, **err.params)
            raise

    def delete(self, save_id: str) -> None:
        self.storage.remove(GAME_PREFIX + save_id)

    def list_games(self) -> Listing:
        """The Continue list, newest first, every entry set aside (this time or earlier), and the
        entries of newer versions."""
        games, newer = [], []
        keys = self.storage.keys()  # a snapshot: quarantining changes the storage's keys
        for key in keys:
            if not key.startswith(GAME_PREFIX):
                continue
            save_id = key[len(GAME_PREFIX):]
            try:
                data = _loads(self.storage.get(key))
                games.append(_entry(save_id, data))
            except MadeByNewerVersion:
                newer.append(_newer_save(save_id, data))
            except BadSave as err:
                self.quarantine(save_id, err.reason, **err.params)
        games.sort(key=lambda g: (-g.updated, g.save_id))
        newer.sort(key=lambda g: (-(g.updated or 0), g.save_id))
        return Listing(games, self.problems(), newer)

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
        # An older entry set aside under this id stays too.
        target = self._free_key(chain([QUARANTINE_PREFIX + save_id],
                                      (f"{QUARANTINE_PREFIX}{save_id}.{copy}" for copy in count(1))))
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

    # -- games by link ----------------------------------------------------------------------------
    def take_link(self, record: dict[str, Any], seats: list[str], names: list[str],
                  updated: int) -> Received:
        """A game by link arriving on this device, saved under the game's own id (the same on every
        device, so each link of it updates one save), and never taking the game back: a link older
        than the save here is not saved; one that went another way is saved beside as a copy."""
        save_id = link_save_id(record)
        try:
            mine: SavedGame | None = self.load(save_id)
        except BadSave:
            mine = None  # none here (or unreadable, now set aside, or a newer version's, kept)
        over = get_game(record["game"]).replay(record).is_over()
        if mine is not None and _extends(mine.record, record):
            return Received(save_id, mine.me, "who.older" if mine.ply > len(record["moves"]) else None)
        if mine is not None and not _extends(record, mine.record):
            save_id, mine, note = self._free_id(save_id), None, "who.diverged"
        else:
            note = None
        if self.revision(save_id) == -1:  # a newer version's game holds the id: beside it
            save_id = self._free_id(save_id)
        self.save(save_id, record, seats, names, over=over, updated=updated, by_link=True,
                  me=mine.me if mine else None)
        return Received(save_id, mine.me if mine else None, note)

    # -- backups --------------------------------------------------------------------------------
    def export_games(self, exported: int) -> str:
        """Every game as one file's text, newer versions' entries too (unreadable ones are set aside)."""
        games = []
        for key in sorted(self.storage.keys()):
            if key.startswith(GAME_PREFIX):
                try:
                    games.append({"id": key[len(GAME_PREFIX):], "entry": _loads(self.storage.get(key))})
                except BadSave:
                    continue
        return _dumps({"kind": BACKUP_KIND, "v": BACKUP_VERSION, "exported": exported, "games": games})

    def import_games(self, text: object) -> Imported:
        """Merge a backup into this storage, never losing a game on either side: a game goes further
        (its record extends the one here) or is added beside as a copy. Raises BadSave when the text
        is not a backup."""
        try:
            backup = _loads(text, MAX_BACKUP_CHARS)
        except BadSave as err:
            raise BadSave("error.backup_invalid") from err
        if not isinstance(backup, dict) or backup.get("kind") != BACKUP_KIND:
            raise BadSave("error.backup_invalid")
        if _newer(backup.get("v"), BACKUP_VERSION):
            raise BadSave("error.backup_newer")
        games = backup.get("games")
        if backup.get("v") != BACKUP_VERSION or not isinstance(games, list):
            raise BadSave("error.backup_invalid")
        report = Imported()
        for item in games:
            try:
                self._import(item, report)
            except StorageFull:
                report.full = True
                break
        return report

    def _import(self, item: object, report: Imported) -> None:
        save_id = item.get("id") if isinstance(item, dict) else None
        entry = item.get("entry") if isinstance(item, dict) else None
        if not isinstance(save_id, str) or not _SAVE_ID.fullmatch(save_id) or not isinstance(entry, dict):
            report.unreadable += 1
            return
        try:
            theirs: SavedGame | None = _entry(save_id, entry)
        except MadeByNewerVersion:
            theirs = None
        except BadSave:
            report.unreadable += 1
            return
        here = self.revision(save_id)
        if here is None:
            self.storage.set(GAME_PREFIX + save_id, _dumps(entry))
            report.added += 1
            return
        mine = None if here < 0 else self.load(save_id)
        if theirs is None or mine is None or _extends(mine.record, theirs.record):
            report.kept += 1
        elif _extends(theirs.record, mine.record):
            self.storage.set(GAME_PREFIX + save_id, _dumps({**entry, "rev": max(here, theirs.revision) + 1}))
            report.updated += 1
        else:
            self.storage.set(GAME_PREFIX + self._free_id(save_id), _dumps({**entry, "rev": 1}))
            report.copies += 1

    def _free_id(self, save_id: str) -> str:
        """An id for a copy of `save_id`'s game beside it."""
        key = self._free_key(f"{GAME_PREFIX}{save_id[:56]}-{copy}" for copy in count(1))
        return key[len(GAME_PREFIX):]

    def _free_key(self, candidates: Iterable[str]) -> str:
        """The first of these storage keys that holds nothing."""
        taken = set(self.storage.keys())
        return next(key for key in candidates if key not in taken)

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

    # -- a class's results --------------------------------------------------------------------------
    def class_results(self, key: str) -> list[str]:
        """The result links gathered for a class game (`ui.classroom`); unreadable ones read as none,
        and each is checked again when it is shown."""
        try:
            links = _loads(self.storage.get(CLASS_PREFIX + key) or "[]")
        except BadSave:
            return []
        return [link for link in links if isinstance(link, str)] if isinstance(links, list) else []

    def keep_class_results(self, key: str, links: list[str]) -> None:
        """Raises StorageFull, leaving the results kept before."""
        self.storage.set(CLASS_PREFIX + key, _dumps(links))
