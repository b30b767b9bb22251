"""Golden games: records, share links and saves written by an earlier build must keep working.

Each `fixtures/<game_id>.json` pins one complete bots-only game (seeded, with a non-default option)
as today's code wrote it: the engine record, its result, a sha256 of its event log, its share-link
text, and the raw localStorage entries the save store wrote for it. Players already hold such
links and saves, so a change to the seeded generator, a rule, the order of `legal_moves()`, the
link encoding or the save format that breaks them must fail here, saying in words what broke.

NEVER regenerate a fixture to make a failing test pass. A failure here means that games, links
or saves already out in the world would break. The only reason to write new fixtures is a
deliberate, documented format or rules version change (a new `rules_version`, `LINK_VERSION`,
`RECORD_FORMAT` or save `ENTRY_VERSION`), done with `make_fixtures.py` (see its docstring).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from games import GAME_IDS, get_game
from games.core import BadRecord, State
from ui.links import BadLink, decode_link, encode_link
from ui.saves import BadSave, SaveStore

FIXTURES = Path(__file__).resolve().parent / "fixtures"
NAMES = {"transamerica": "TransAmerica", "trick_of_the_rails": "Trick of the Rails",
         "freight_train": "Freight Train", "locomotion": "Locomotion"}


class DictStorage:
    """A bare key -> string storage, like the browser's `localStorage` (no quota)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


def events_digest(events: list[dict[str, Any]]) -> str:
    """sha256 of the canonical JSON of an event log."""
    canonical = json.dumps(events, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def name(game_id: str) -> str:
    return NAMES.get(game_id, game_id)


def load_fixture(game_id: str) -> dict[str, Any]:
    path = FIXTURES / f"{game_id}.json"
    if not path.exists():
        pytest.fail(f"no golden fixture for {name(game_id)}: write it once with make_fixtures.py")
    fixture: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return fixture


def replay(game_id: str, record: dict[str, Any], what: str) -> State:
    try:
        return get_game(game_id).replay(record)
    except BadRecord as err:
        pytest.fail(f"existing {name(game_id)} {what} no longer replay: {err.reason} {err.params}")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_record_replays_to_the_same_result(game_id: str) -> None:
    golden = load_fixture(game_id)
    state = replay(game_id, golden["record"], "game records")
    assert state.is_over(), f"an existing finished {name(game_id)} game no longer ends when replayed"
    assert state.result().to_dict() == golden["result"], \
        f"an existing {name(game_id)} game replays to a different result (scores, ranks or winners)"
    assert state.record() == golden["record"], f"an existing {name(game_id)} record no longer round-trips"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_record_replays_to_the_same_events(game_id: str) -> None:
    golden = load_fixture(game_id)
    state = replay(game_id, golden["record"], "game records")
    assert len(state.events) == golden["event_count"], \
        f"an existing {name(game_id)} game replays to a different number of events (the log changed)"
    assert events_digest(state.events) == golden["events_digest"], \
        f"an existing {name(game_id)} game replays to different events (names, fields or values changed)"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_existing_link_decodes_to_the_same_table(game_id: str) -> None:
    golden = load_fixture(game_id)
    try:
        record, seats = decode_link(golden["link"])
    except BadLink as err:
        pytest.fail(f"existing {name(game_id)} links no longer decode: {err.reason}")
    assert record == golden["record"], f"existing {name(game_id)} links decode to a different game"
    assert seats == golden["seats"], f"existing {name(game_id)} links decode to different seats"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_link_keeps_its_form(game_id: str) -> None:
    golden = load_fixture(game_id)
    try:
        text = encode_link(golden["record"], golden["seats"])
    except BadRecord as err:
        pytest.fail(f"an existing {name(game_id)} game can no longer be shared as a link: {err.reason}")
    assert text == golden["link"], \
        f"{name(game_id)} links are no longer written in the same form as links already sent"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_existing_saves_load_and_replay(game_id: str) -> None:
    golden = load_fixture(game_id)
    storage = DictStorage(golden["save"])
    store = SaveStore(storage)
    listing = store.list_games()
    assert listing.problems == [], \
        f"existing {name(game_id)} saves are set aside as unreadable: {listing.problems}"
    assert storage.items == golden["save"], f"reading existing {name(game_id)} saves changed the storage"
    assert sorted(g.save_id for g in listing.games) == sorted(golden["save_ids"].values()), \
        f"existing {name(game_id)} saves are missing from the Continue list"
    for status, save_id in golden["save_ids"].items():
        try:
            saved = store.load(save_id)
        except BadSave as err:
            pytest.fail(f"an existing {name(game_id)} save ({status}) no longer loads: {err.reason}")
        assert (saved.game, saved.status, saved.seats) == (game_id, status, golden["seats"]), \
            f"an existing {name(game_id)} save ({status}) loads as a different table"
        state = replay(game_id, saved.record, "saved games")
        if status == "over":
            assert saved.record == golden["record"], f"an existing {name(game_id)} save holds another game"
            assert state.result().to_dict() == golden["result"], \
                f"an existing {name(game_id)} save replays to a different result"
        else:
            assert saved.record["moves"] == golden["record"]["moves"][:saved.ply], \
                f"an existing unfinished {name(game_id)} save resumes a different game"
    assert store.problems() == [], f"existing {name(game_id)} saves were quarantined when loaded"


def test_a_rules_change_refuses_only_the_games_it_changes_and_says_why() -> None:
    """TransAmerica's rules version 2 (ruling 9: variant 2's marker moves) was a deliberate change: its
    fixture of version 1, a variant 2 game, is kept to prove that such links and records get a clear
    message rather than a different game."""
    golden = json.loads((FIXTURES / "transamerica.rules_v1.json").read_text())
    assert golden["record"]["rules_version"] == 1 and golden["record"]["options"]["blocking_markers"]
    with pytest.raises(BadLink) as link_error:
        decode_link(golden["link"])
    assert link_error.value.reason == "error.link_rules_version"
    with pytest.raises(BadRecord) as record_error:
        get_game("transamerica").replay(golden["record"])
    assert record_error.value.reason == "error.record_rules_version"
