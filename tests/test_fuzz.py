"""Fuzzing: damaged share links and saved entries through the app's whole path to the table.

A link goes the way of a pasted one (`link_text`, `decode_link`, then `Table.from_record` replays it);
an entry goes through `SaveStore.list_games`, `load`, the replay the app performs, and the setting
aside the app does when that replay fails. Every input must end in a clean success (a game whose
record re-encodes to the very link; a listed save that replays, saves on and shares) or in the
documented refusal (`BadLink`, or the entry set aside, with a reason the player can read), never in
another exception nor a hang. Inputs start from real links and entries of bots' games, complete and
unfinished, of every game at three player counts, damaged in named ways; all of it is seeded.

`make test` tries 10,000 links and 2,000 saves, `make soak` ten times as many with other seeds;
`tools/fuzz_report.py` prints the counts of a run per game, per kind of damage and per outcome.
"""

from __future__ import annotations

import base64
import json
import re
import signal
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

import pytest

from games import GAME_IDS, get_game
from games.bots import play_bots_game
from games.core import BadRecord, Rng
from ui import links
from ui.i18n import PLACEHOLDER, catalog
from ui.links import BadLink, decode_link, encode_link
from ui.navigation import link_text
from ui.saves import GAME_PREFIX, MAX_ENTRY_CHARS, QUARANTINE_PREFIX, MemoryStorage, SaveStore
from ui.seats import SEAT_KINDS
from ui.table import Table

LINKS = 10_000  # per `make test` run, split over PARTS test functions
SAVES = 2_000
SOAK = 10  # `make soak` tries this many times more
PARTS = 4
CPU_DEADLINE = 5.0  # seconds of CPU for one input: a hundred times the slowest real one
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
NON_ASCII = ("é", "А", "ｂ", "０", "٣", "ß", "İ", "🚂", "\u00a0", "\u200b", "\ufeff", "\u202e", "\x00",
             "\udcff", "\u0301")
TRAILING = (".", ",", ")", "!", "?", ";", ":", "…", "'", '"', ">", "]", "*", "/", "#", "=", "%20",
            "&utm_source=mail", "\u200b")
SAVE_ID, OTHER_ID = "fuzz", "other"
PALETTE: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 7, 1 << 53, 1 << 64, -(1 << 70), 0.5, 2.0, 1e308, float("nan"),
    float("inf"), float("-inf"), "", "1", "human", "transamerica", "playing", "x" * 5000, [], [None],
    ["human"], [1, 2], {}, {"a": 1}, {"game": "transamerica"},
)


# -- the sources: real links and entries ------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    game_id: str
    record: dict[str, Any]
    seats: list[str]
    names: list[str]
    link: str
    entry: str  # what `SaveStore.save` wrote for this game


@cache
def sources() -> tuple[Source, ...]:
    """Per game and player count (fewest, middle, most): a bots' game complete and at two earlier plies."""
    found = []
    for game_id in GAME_IDS:
        game = get_game(game_id)
        middle = (game.min_players + game.max_players) // 2
        for players in sorted({game.min_players, middle, game.max_players}):
            rng = Rng.derive(2024, "fuzz-source", game_id, players)
            options = {option.key: bool(rng.below(2)) if option.kind == "bool" else rng.choice(option.choices)
                       for option in game.option_schema}
            levels = [rng.choice(("random", "greedy")) for _ in range(players)]
            record = play_bots_game(game_id, players, rng.below(1 << 53), options, levels).record()
            length = len(record["moves"])
            for upto in (length, rng.below(length), rng.below(12)):
                played = {**record, "moves": record["moves"][:upto]}
                seats = [rng.choice(SEAT_KINDS) for _ in range(players)]
                names = [rng.choice(("Ann", "Zoé", "李雷", "Bob 2", "")) for _ in range(players)] \
                    if rng.below(2) else []
                storage = MemoryStorage()
                SaveStore(storage).save(SAVE_ID, played, seats, names, over=upto == length,
                                        updated=1_700_000_000_000 + upto)
                entry = storage.get(GAME_PREFIX + SAVE_ID)
                assert entry is not None
                found.append(Source(game_id, played, seats, names, encode_link(played, seats), entry))
    return tuple(found)


def other_source(source: Source, rng: Rng) -> Source:
    """A source of another game than `source`'s."""
    return rng.choice([s for s in sources() if s.game_id != source.game_id])


# -- the path of a link, and its damage --------------------------------------------------------------

def assert_readable(reason: str, params: Mapping[str, Any]) -> None:
    """A refusal the player can read: its key has an English text whose placeholders all get a value."""
    texts = catalog("en")
    assert reason in texts, f"no text for the reason {reason!r}"
    missing = set(PLACEHOLDER.findall(texts[reason])) - set(params)
    assert not missing, f"{reason} shown with {{{', '.join(sorted(missing))}}} unfilled"


def open_link(pasted: str, source: Source) -> str:
    """What pasting `pasted` into the lobby does (`App.on_open_link`): the outcome's name."""
    text = link_text(pasted.strip())
    try:
        record, seats = decode_link(text)
    except BadLink as refusal:
        assert_readable(refusal.reason, {})
        return f"refused: {refusal.reason}"
    table = Table.from_record(record, seats)
    assert table.state.record() == record, "the decoded record does not replay to itself"
    assert encode_link(record, seats) == text, "a link that decodes is not the link of its game"
    if (record, seats) == (source.record, source.seats):
        return "decoded: the game shared"
    return "decoded: another valid game"


LinkDamage = Callable[[Source, Rng], str]
LINK_DAMAGE: dict[str, LinkDamage] = {}


def link_damage(damage: LinkDamage) -> LinkDamage:
    LINK_DAMAGE[damage.__name__] = damage
    return damage


@link_damage
def flip(source: Source, rng: Rng) -> str:
    text = source.link
    i = rng.below(len(text))
    return text[:i] + rng.choice(ALPHABET.replace(text[i], "")) + text[i + 1:]


@link_damage
def insert(source: Source, rng: Rng) -> str:
    i = rng.below(len(source.link) + 1)
    return source.link[:i] + rng.choice(ALPHABET) + source.link[i:]


@link_damage
def delete(source: Source, rng: Rng) -> str:
    i = rng.below(len(source.link))
    return source.link[:i] + source.link[i + 1:]


@link_damage
def duplicate(source: Source, rng: Rng) -> str:
    """A run of one to eight characters repeated, as a stuttering copy does."""
    text = source.link
    i = rng.below(len(text))
    j = min(len(text), i + 1 + rng.below(8))
    return text[:j] + text[i:j] + text[j:]


@link_damage
def transpose(source: Source, rng: Rng) -> str:
    text = source.link
    i = rng.choice([i for i in range(len(text) - 1) if text[i] != text[i + 1]])
    return text[:i] + text[i + 1] + text[i] + text[i + 2:]


@link_damage
def truncate(source: Source, rng: Rng) -> str:
    return source.link[:rng.below(len(source.link))]


@link_damage
def splice(source: Source, rng: Rng) -> str:
    """The start of one link and the end of another (two links pasted over each other)."""
    other = rng.choice(sources()).link
    return source.link[:rng.below(len(source.link) + 1)] + other[rng.below(len(other)):]


@link_damage
def prefix(source: Source, rng: Rng) -> str:
    """The first characters (the version, the game) replaced: by another game's link's, or by others."""
    text = source.link
    if rng.below(2):
        return other_source(source, rng).link[:3] + text[3:]
    count = 1 + rng.below(3)
    return "".join(rng.choice(ALPHABET.replace(char, "")) for char in text[:count]) + text[count:]


@link_damage
def case(source: Source, rng: Rng) -> str:
    text = source.link
    i = rng.below(len(text))
    one = text[:i] + text[i].swapcase() + text[i + 1:]
    return rng.choice((text.swapcase(), text.upper(), text.lower(), one))


@link_damage
def punctuation(source: Source, rng: Rng) -> str:
    """What mail and chat add around a link: trailing punctuation, brackets."""
    mark = rng.choice(TRAILING)
    return rng.choice((source.link + mark, source.link + mark * 3, f"<{source.link}>", f"({source.link})"))


@link_damage
def non_ascii(source: Source, rng: Rng) -> str:
    text, char = source.link, rng.choice(NON_ASCII)
    i = rng.below(len(text))
    return text[:i] + char + text[i + 1 - rng.below(2):]


@link_damage
def whitespace(source: Source, rng: Rng) -> str:
    """A link wrapped over lines, or with blanks around it (which the lobby's field strips)."""
    text, blank = source.link, rng.choice((" ", "\n", "\t", "\r\n", "\u3000"))
    i = rng.below(len(text))
    return rng.choice((text[:i] + blank + text[i:], blank + text + blank))


@link_damage
def pasted_url(source: Source, rng: Rng) -> str:
    """The whole address pasted: what comes before `#play=` goes, what follows stays in."""
    head = rng.choice(("https://rail.example/#play=", "http://127.0.0.1:8000/index.html#play=", "#play=",
                       "play=", "#play=#play=", "#game=", "https://rail.example/?#play="))
    return head + source.link + rng.choice(("", "", "&lang=fr", "#play=" + rng.choice(sources()).link))


@link_damage
def std_base64(source: Source, rng: Rng) -> str:
    """Standard base64 instead of base64url, or its padding added."""
    text = source.link.replace("-", "+").replace("_", "/")
    return rng.choice((text, source.link + "=" * (1 + rng.below(3)), text + "=="))


@link_damage
def huge(source: Source, rng: Rng) -> str:
    size = rng.choice((links.MAX_TEXT, links.MAX_TEXT + 1, links.MAX_TEXT + 4, 1_000_000))
    text = source.link
    return rng.choice((text * (size // len(text) + 1), text + "A" * (size - len(text)),
                       (text + "#play=") * (size // len(text))))


def payload_of(text: str) -> bytes:
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return data[:-links.CHECKSUM_BYTES]


def forge(payload: bytes) -> str:
    """A link around any payload with its checksum made right: what a careful forger makes."""
    return base64.urlsafe_b64encode(payload + links._checksum(payload)).rstrip(b"=").decode()


@link_damage
def forged_byte(source: Source, rng: Rng) -> str:
    payload = bytearray(payload_of(source.link))
    payload[1 + rng.below(len(payload) - 1)] = rng.below(256)
    return forge(bytes(payload))


@link_damage
def forged_bit(source: Source, rng: Rng) -> str:
    """One bit of the moves or header changed: one digit of the mixed-radix number, and the rest shifted."""
    payload = bytearray(payload_of(source.link))
    bit = 8 + rng.below(8 * len(payload) - 8)
    payload[bit // 8] ^= 1 << bit % 8
    return forge(bytes(payload))


@link_damage
def forged_game(source: Source, rng: Rng) -> str:
    """Another game's code in the game digit: these moves read under another game's rules."""
    payload = bytearray(payload_of(source.link))
    code = GAME_IDS.index(source.game_id)
    payload[1] = payload[1] & 0xF0 | rng.choice([c for c in range(links.GAME_RADIX) if c != code])
    return forge(bytes(payload))


@link_damage
def forged_version(source: Source, rng: Rng) -> str:
    payload = payload_of(source.link)
    return forge(bytes([rng.choice((0, 2, 3, 127, 255))]) + payload[1:])


@link_damage
def forged_cut(source: Source, rng: Rng) -> str:
    payload = payload_of(source.link)
    return forge(payload[:1 + rng.below(len(payload))])


@link_damage
def forged_extend(source: Source, rng: Rng) -> str:
    tail = bytes(rng.below(256) for _ in range(1 + rng.below(6)))
    return forge(payload_of(source.link) + tail)


@link_damage
def forged_splice(source: Source, rng: Rng) -> str:
    mine, theirs = payload_of(source.link), payload_of(rng.choice(sources()).link)
    return forge(mine[:1 + rng.below(len(mine))] + theirs[1 + rng.below(len(theirs) - 1):])


# -- the path of a saved entry, and its damage ---------------------------------------------------------

def open_save(raw: str, source: Source, companion: Source) -> str:
    """What the lobby and `App.open_save` make of an entry stored beside an intact one: the outcome."""
    storage = MemoryStorage()
    store = SaveStore(storage)
    storage.set(GAME_PREFIX + OTHER_ID, companion.entry)
    storage.set(GAME_PREFIX + SAVE_ID, raw)
    listing = store.list_games()
    others = [game for game in listing.games if game.save_id == OTHER_ID]
    assert len(others) == 1 and others[0].record == companion.record, "a damaged entry cost another game"
    listed = [game for game in listing.games if game.save_id == SAVE_ID]
    if not listed:
        problems = [problem for problem in listing.problems if problem.key == SAVE_ID]
        if not problems:
            assert storage.get(GAME_PREFIX + SAVE_ID) == raw, "an entry neither listed nor set aside changed"
            return "kept: a newer version's entry"
        return f"set aside: {set_aside(storage, problems, raw)}"
    saved = store.load(SAVE_ID)
    assert saved == listed[0]
    try:
        table = Table.from_record(saved.record, saved.seats, saved.names)
    except BadRecord as err:  # the glue sets the entry aside with the engine's reason and params
        store.quarantine(SAVE_ID, err.reason, **err.params)
        problems = [problem for problem in store.list_games().problems if problem.key == SAVE_ID]
        return f"set aside on replay: {set_aside(storage, problems, raw)}"
    state = table.state
    assert state.moves == saved.record["moves"]
    record = state.record()
    store.save(SAVE_ID, record, table.seats, table.names, over=state.is_over(), updated=saved.updated + 1)
    assert decode_link(encode_link(record, table.seats)) == (record, table.seats), "it cannot be shared"
    if (saved.record, saved.seats, saved.names) == (source.record, source.seats, source.names):
        return "replays: as saved"
    return "replays: altered, still a game"


def set_aside(storage: MemoryStorage, problems: list[Any], raw: str) -> str:
    """The one problem reported for the entry: readable, and the entry's text kept whole beside it."""
    assert len(problems) == 1, problems
    assert_readable(problems[0].reason, problems[0].params)
    assert storage.get(GAME_PREFIX + SAVE_ID) is None
    kept = storage.get(QUARANTINE_PREFIX + SAVE_ID)
    assert kept is not None and json.loads(kept)["raw"] == raw, "an entry set aside lost its text"
    return str(problems[0].reason)


SaveDamage = Callable[[Source, Rng], str]
SAVE_DAMAGE: dict[str, SaveDamage] = {}


def save_damage(damage: SaveDamage) -> SaveDamage:
    SAVE_DAMAGE[damage.__name__] = damage
    return damage


def dumps(data: Any, rng: Rng) -> str:
    """JSON as `JSON.stringify` or Python write it (NaN and Infinity included)."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=bool(rng.below(2)))


def parsed(source: Source) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(source.entry)
    return data


def random_path(data: Any, rng: Rng) -> list[Any]:
    """A path to some value of the entry: a random walk down from the top, stopping on the way."""
    path: list[Any] = []
    node = data
    while True:
        children = list(node) if isinstance(node, dict) else \
            list(range(len(node))) if isinstance(node, list) else []
        if not children or (path and rng.below(3) == 0):
            return path
        path.append(rng.choice(children))
        node = node[path[-1]]


def at(data: Any, path: list[Any]) -> Any:
    for key in path:
        data = data[key]
    return data


@save_damage
def char_flip(source: Source, rng: Rng) -> str:
    raw = source.entry
    i = rng.below(len(raw))
    return raw[:i] + rng.choice(ALPHABET + '{}[]",:\\ .-' + "".join(NON_ASCII)) + raw[i + 1:]


@save_damage
def char_insert_delete(source: Source, rng: Rng) -> str:
    raw = source.entry
    i = rng.below(len(raw))
    return rng.choice((raw[:i] + raw[i + 1:], raw[:i] + rng.choice('{}[]",:\\0 ') + raw[i:]))


@save_damage
def byte_flip(source: Source, rng: Rng) -> str:
    """One bit of the UTF-8 bytes flipped, read back as a browser or Python might."""
    data = bytearray(source.entry.encode())
    i = rng.below(len(data))
    data[i] ^= 1 << rng.below(8)
    return data.decode(errors=rng.choice(("replace", "surrogateescape", "ignore")))


@save_damage
def cut(source: Source, rng: Rng) -> str:
    return source.entry[:rng.below(len(source.entry))]


@save_damage
def deep_nesting(source: Source, rng: Rng) -> str:
    depth = rng.choice((33, 200, 5_000, 100_000))
    brackets = rng.choice(("[", '{"a":'))
    closing = "]" if brackets == "[" else "}"
    deep = brackets * depth + "1" + closing * depth
    raw = source.entry
    return rng.choice(('{"deep":' + deep + "," + raw[1:], brackets * depth + raw + closing * depth,
                       raw[:-1] + ',"names":' + brackets * depth))


@save_damage
def huge_text(source: Source, rng: Rng) -> str:
    data = parsed(source)
    size = rng.choice((5_000, 100_000, MAX_ENTRY_CHARS + 1))
    where = rng.below(3)
    if where == 0:
        return source.entry + " " * size
    if where == 1:
        data["title"] = "x" * size
    else:
        data["record"]["moves"] = [*data["record"]["moves"], "track " + "9" * size]
    return dumps(data, rng)


@save_damage
def nan_infinity(source: Source, rng: Rng) -> str:
    numbers = list(re.finditer(r'"(?:v|updated|rev|format|rules_version|seed|players)":(\d+)', source.entry))
    number = rng.choice(numbers)
    value = rng.choice(("NaN", "Infinity", "-Infinity", "1e999", "-0", "1.0", "1e2", "0x10", "+1", "01"))
    return source.entry[:number.start(1)] + value + source.entry[number.end(1):]


@save_damage
def big_number(source: Source, rng: Rng) -> str:
    numbers = list(re.finditer(r":(-?\d+)", source.entry))
    number = rng.choice(numbers)
    value = rng.choice(("9" * 5_000, "1" + "0" * 400, "-" + "9" * 30, str(1 << 53)))
    return source.entry[:number.start(1)] + value + source.entry[number.end(1):]


@save_damage
def duplicate_keys(source: Source, rng: Rng) -> str:
    """A key written twice: JSON readers keep the last one."""
    key = rng.choice(("v", "record", "seats", "names", "title", "status", "updated", "rev"))
    value = dumps(rng.choice(PALETTE), rng)
    raw = source.entry
    return rng.choice(("{" + f'"{key}":{value},' + raw[1:], raw[:-1] + f',"{key}":{value}' + "}"))


@save_damage
def unterminated_escapes(source: Source, rng: Rng) -> str:
    """A string of escaped quotes that never ends: the worst case of scanning strings for brackets."""
    i = rng.below(len(source.entry))
    return source.entry[:i] + '"' + '\\"' * rng.below(1_500) + rng.choice(("", "\\\n", "\\"))


@save_damage
def not_an_entry(source: Source, rng: Rng) -> str:
    return rng.choice(("", " ", "null", "true", "0", "[]", "{}", '"railtable"', "\ufeff" + source.entry,
                       source.entry + "\x00", source.entry + source.entry, json.dumps(source.link),
                       json.dumps({"reason": "error.save_damaged", "params": {}, "raw": source.entry}),
                       '{"lang":"fr","speed":"fast"}', source.entry.replace('"', "'")))


@save_damage
def wrong_type(source: Source, rng: Rng) -> str:
    data = parsed(source)
    path = random_path(data, rng)
    at(data, path[:-1])[path[-1]] = rng.choice(PALETTE)
    return dumps(data, rng)


@save_damage
def missing_field(source: Source, rng: Rng) -> str:
    data = parsed(source)
    path = random_path(data, rng)
    del at(data, path[:-1])[path[-1]]
    return dumps(data, rng)


@save_damage
def extra_field(source: Source, rng: Rng) -> str:
    data = parsed(source)
    target = rng.choice((data, data["record"], data["record"]["options"]))
    target[rng.choice(("extra", "__proto__", "", "constructor", "v2"))] = rng.choice(PALETTE)
    return dumps(data, rng)


def damaged_move(move: str, rng: Rng) -> str:
    """A real move made not quite one: case, blanks, numbers out of range or of other scripts."""
    digits = re.sub(r"\d+", lambda _m: rng.choice(("99999", "-1", "1.5", "٣", "9" * 5_000, "0x1", "")), move)
    return rng.choice((move.upper(), move + " ", " " + move, move.replace(" ", "  "), digits, move + " 1",
                       move.split(" ")[0], move[::-1], move + "\x00", rng.choice(NON_ASCII) + move, "",
                       "x" * 5_000))


@save_damage
def malformed_move(source: Source, rng: Rng) -> str:
    data = parsed(source)
    moves = data["record"]["moves"]
    real = rng.choice(moves or other_source(source, rng).record["moves"])
    i = rng.below(len(moves) + 1)
    moves[i:i + rng.below(2)] = [damaged_move(real, rng)]
    return dumps(data, rng)


@save_damage
def illegal_move(source: Source, rng: Rng) -> str:
    """A well-formed move out of place: another ply's, another game's, or one past the end."""
    data = parsed(source)
    moves = data["record"]["moves"]
    pool = [s.record["moves"] for s in sources() if s.game_id == source.game_id and s.record["moves"]]
    move = rng.choice(rng.choice(pool) if rng.below(3) else other_source(source, rng).record["moves"])
    i = rng.below(len(moves) + 1)
    moves[i:i + rng.below(2)] = [move]
    return dumps(data, rng)


@save_damage
def reordered_moves(source: Source, rng: Rng) -> str:
    data = parsed(source)
    moves = data["record"]["moves"]
    if len(moves) >= 2:
        i, j = rng.below(len(moves)), rng.below(len(moves))
        action = rng.below(3)
        if action == 0:
            moves[i], moves[j] = moves[j], moves[i]
        elif action == 1:
            moves.insert(i, moves[j])
        else:
            del moves[i]
    else:
        moves.extend(["end", "done"])
    return dumps(data, rng)


@save_damage
def fewer_moves(source: Source, rng: Rng) -> str:
    """The record cut short (a game that was further along), its status and ply count not updated."""
    data = parsed(source)
    data["record"]["moves"] = data["record"]["moves"][:rng.below(len(data["record"]["moves"]) + 1)]
    return dumps(data, rng)


@save_damage
def other_game(source: Source, rng: Rng) -> str:
    """Another game's record, whole or in part, under this entry."""
    data, other = parsed(source), other_source(source, rng)
    part = rng.below(4)
    if part == 0:
        data["record"] = other.record
    elif part == 1:
        data["record"]["game"] = other.game_id
    elif part == 2:
        data["record"]["options"] = other.record["options"]
    else:
        data["record"]["moves"] = other.record["moves"]
    return dumps(data, rng)


@save_damage
def versions(source: Source, rng: Rng) -> str:
    """Other versions of the entry, record, rules or game list."""
    data = parsed(source)
    record = data["record"]
    change = rng.below(8)
    if change < 2:
        data["v"] = (2, 0)[change]
    elif change < 4:
        record["format"] = (2, 0)[change - 2]
    elif change < 6:
        record["rules_version"] += (1, -1)[change - 4]
    else:
        record["game"] = ("chess", "Chess!")[change - 6]
    return dumps(data, rng)


@save_damage
def names_and_seats(source: Source, rng: Rng) -> str:
    """Names of 5,000 characters or of control characters; seats of an unknown kind or count."""
    data = parsed(source)
    players = data["record"]["players"]
    change = rng.below(6)
    if change == 0:
        data["names"] = ["N" * 5_000] * players
    elif change == 1:
        odd = ("\u202eevil", "a\nb", "\x00\x07", "\ud800", "🚂" * 30, " ")
        data["names"] = [rng.choice(odd) for _ in range(players)]
    elif change == 2:
        data["names"] = ["Ann"] * (players + 1)
    elif change == 3:
        data["seats"] = [rng.choice(("genius", "Human", "", "human ")) for _ in range(players)]
    elif change == 4:
        data["seats"] = data["seats"][:-1]
    else:
        data["record"]["players"] = players + rng.choice((1, -1, 10))
    return dumps(data, rng)


# -- running and counting ------------------------------------------------------------------------------

class Hang(BaseException):
    """An input took over `CPU_DEADLINE`; a BaseException so no `except Exception` under test swallows it."""


@contextmanager
def cpu_deadline(seconds: float) -> Iterator[None]:
    """Raise `Hang` after `seconds` of this process's CPU time (load on the machine does not count)."""
    def stop(_signum: int, _frame: object) -> None:
        raise Hang(f"over {seconds} s of CPU")

    previous = signal.signal(signal.SIGVTALRM, stop)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)


@dataclass
class Tally:
    counts: Counter[tuple[str, str, str]] = field(default_factory=Counter)  # (game, damage, outcome)
    findings: list[str] = field(default_factory=list)  # each with its input and traceback

    def try_one(self, what: str, trial: tuple[int, int], game_id: str, damage: str,
                attempt: Callable[[], str], shown: object) -> None:
        try:
            with cpu_deadline(CPU_DEADLINE):
                outcome = attempt()
        except (Hang, Exception) as err:  # anything but the documented refusal is what this looks for
            outcome = "hang" if isinstance(err, Hang) else \
                f"wrong outcome: {err}" if isinstance(err, AssertionError) else f"crash: {type(err).__name__}"
            seed, index = trial
            where = f"{what} {damage} of a {game_id} source (seed {seed}, trial {index})"
            self.findings.append(f"{where}: {outcome}\ninput ({len(str(shown))} characters): "
                                 f"{shown!r:.400}\n{traceback.format_exc()}")
        self.counts[game_id, damage, outcome] += 1

    def by(self, column: int) -> Counter[str]:
        totals: Counter[str] = Counter()
        for key, count in self.counts.items():
            totals[key[column]] += count
        return totals


def fuzz_links(count: int, seed: int, tally: Tally | None = None) -> Tally:
    """`count` damaged links, each kind of damage in turn, from sources drawn with `seed`."""
    tally = tally if tally is not None else Tally()
    kinds = list(LINK_DAMAGE)
    for i in range(count):
        rng = Rng.derive(seed, "fuzz-link", i)
        kind, source = kinds[i % len(kinds)], rng.choice(sources())
        pasted = LINK_DAMAGE[kind](source, rng)
        tally.try_one("link", (seed, i), source.game_id, kind, partial(open_link, pasted, source), pasted)
    return tally


def fuzz_saves(count: int, seed: int, tally: Tally | None = None) -> Tally:
    """`count` damaged entries, each kind of damage in turn, each stored beside an intact game."""
    tally = tally if tally is not None else Tally()
    kinds = list(SAVE_DAMAGE)
    for i in range(count):
        rng = Rng.derive(seed, "fuzz-save", i)
        kind, source, companion = kinds[i % len(kinds)], rng.choice(sources()), rng.choice(sources())
        raw = SAVE_DAMAGE[kind](source, rng)
        attempt = partial(open_save, raw, source, companion)
        tally.try_one("save", (seed, i), source.game_id, kind, attempt, raw)
    return tally


FUZZ: dict[str, tuple[Callable[[int, int, Tally | None], Tally], int, dict[str, Any]]] = {
    "links": (fuzz_links, LINKS, LINK_DAMAGE),
    "saves": (fuzz_saves, SAVES, SAVE_DAMAGE),
}


def run_part(what: str, part: int, soak: bool = False, tally: Tally | None = None) -> Tally:
    """One of the `PARTS` of what `make test` (or, ten times larger and with other seeds, `make soak`)
    tries: the tests and `tools/fuzz_report.py` run the same inputs."""
    fuzz, count, _damage = FUZZ[what]
    return fuzz(count * (SOAK if soak else 1) // PARTS, part + (1000 if soak else 0), tally)


def assert_clean(tally: Tally, what: str) -> None:
    first = "\n\n".join(tally.findings[:3])
    assert not tally.findings, f"{len(tally.findings)} findings, the first:\n\n{first}"
    assert set(tally.by(1)) == set(FUZZ[what][2]), "every kind of damage is tried"
    assert set(tally.by(0)) == set(GAME_IDS), "every game is a source"


# -- the tests ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("part", range(PARTS))
def test_damaged_links_open_their_game_or_are_refused(part: int) -> None:
    assert_clean(run_part("links", part), "links")


@pytest.mark.parametrize("part", range(PARTS))
def test_damaged_saves_replay_or_are_set_aside(part: int) -> None:
    assert_clean(run_part("saves", part), "saves")


@pytest.mark.slow
@pytest.mark.parametrize("what", FUZZ)
@pytest.mark.parametrize("part", range(PARTS))
def test_soak_damaged_links_and_saves(what: str, part: int) -> None:
    assert_clean(run_part(what, part, soak=True), what)


def test_an_entry_of_escaped_quotes_is_refused_in_linear_time() -> None:
    """The largest entry the store reads, one string of escaped quotes that never ends: counting its
    brackets takes about 30 ms when linear, half an hour when it rescans the rest from every quote."""
    storage = MemoryStorage()
    storage.set(GAME_PREFIX + SAVE_ID, '"' + '\\"' * ((MAX_ENTRY_CHARS - 3) // 2) + "\\\n")
    with cpu_deadline(1.0):
        problems = SaveStore(storage).list_games().problems
    assert [(problem.key, problem.reason) for problem in problems] == [(SAVE_ID, "error.save_damaged")]


def test_the_continue_list_holds_only_times_the_browser_can_write() -> None:
    """The lobby writes each game's time with the browser's `Date`, which takes up to 8.64e15 ms either
    way: an entry that claims another time (written by hand, or by another page) is not listed with it."""
    for version in (1, 2):  # a game this version lists, and a newer version's, listed as such
        for updated in (1 << 53, 10 ** 400, -(10 ** 30)):
            entry = parsed(sources()[0])
            entry.update(v=version, updated=updated)
            storage = MemoryStorage()
            storage.set(GAME_PREFIX + SAVE_ID, json.dumps(entry))
            listing = SaveStore(storage).list_games()
            times = [game.updated for game in listing.games] + [game.updated or 0 for game in listing.newer]
            assert all(abs(time) <= 8.64e15 for time in times), times


def test_the_sources_are_real_games() -> None:
    """Every game at three player counts (or all it has), complete and unfinished, decodes and loads."""
    found = sources()
    for game_id in GAME_IDS:
        game = get_game(game_id)
        mine = [s for s in found if s.game_id == game_id]
        assert {len(s.seats) for s in mine} >= {game.min_players, game.max_players}
        assert {get_game(game_id).replay(s.record).is_over() for s in mine} == {True, False}
    for source in found:
        assert open_link(source.link, source) == "decoded: the game shared"
        assert open_save(source.entry, source, found[0]) == "replays: as saved"
