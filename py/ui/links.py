"""Share links: a whole table (engine record + who sits where) as the text of `#play=<text>`.

The text is base64url without padding over these bytes:

    [link version: 1 byte] [payload: one integer, little-endian, minimal length] [checksum: 3 bytes]

The payload is a mixed-radix integer whose digits, least significant first, are: the game, the
rules version, the player count, each option of the game's schema, each seat's kind, the seed, the
move count, then one digit per move: its index in `legal_moves()` at that ply, in radix
`len(legal_moves())`. A forced move costs nothing, and a typical move a few bits, which is what
makes a complete game fit in a URL. Unbounded numbers (seed, count, rules version) are varints of
7-bit groups, read in their shortest form only (so that a game has one link). The checksum is
CRC-32 salted with the app's name (so foreign base64 text does not pass), truncated to 24 bits.

Version 2 adds, after the seed: whether the game is played by link, whether its chance is fresh
(then the count of its salts and each salt, 32 bits), and each player's name (its UTF-8 length, then
its bytes). A table without names, link play or fresh chance is still written as version 1, so a
game keeps the link it was first shared with.

Decoding rebuilds the game move by move from the legal moves, so a link that decodes is a game that
replays. Any other text raises `BadLink` with a translation key, and nothing else.

The index encoding relies on the order of `legal_moves()`: an engine change of that order must come
with a new `rules_version`, which old links then report as `error.link_rules_version`.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games import GAME_IDS, get_game
from games.core import (
    SALT_LIMIT,
    BadRecord,
    Game,
    IllegalMove,
    MalformedMove,
    RecordedSalts,
    State,
    Steps,
    finish,
)
from ui.seats import MAX_NAME, SEAT_KINDS, bounded_name

LINK_VERSION = 2
PLAIN_VERSION = 1  # a table of bots and humans at one device, unnamed, with chance from its seed
MAX_NAME_BYTES = 4 * MAX_NAME  # UTF-8

# Codes are positions in `GAME_IDS` and `SEAT_KINDS`, so those tuples may only grow at the end.
GAME_RADIX = 16  # room for games added later without a new link version
SEAT_RADIX = 8  # room for bot levels added later

MAX_TEXT = 16384  # far above any real game; bounds the work spent on hostile input
MAX_MOVES = 20000
MOVES_PER_STEP = 200  # a step of opening a link: a few ms of Freight Train's moves in the browser
CHECKSUM_BYTES = 3
_SALT = zlib.crc32(b"railtable")
_ALPHABET = re.compile(r"[A-Za-z0-9_-]+")


class BadLink(ValueError):
    """A link that is not a whole, intact game of this app; `reason` is a translation key."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Digits:
    """Mixed-radix digits, least significant first, folded into one integer at the end."""

    def __init__(self) -> None:
        self._digits: list[tuple[int, int]] = []

    def put(self, digit: int, radix: int) -> None:
        if radix > 1:
            self._digits.append((digit, radix))

    def put_varint(self, n: int) -> None:
        while True:
            self.put(n & 0x7F, 0x80)
            n >>= 7
            self.put(1 if n else 0, 2)
            if not n:
                return

    def value(self) -> int:
        total = 0
        for digit, radix in reversed(self._digits):
            total = total * radix + digit
        return total


class _Reader:
    """Takes the digits back off the integer in the order they were put."""

    def __init__(self, value: int) -> None:
        self.rest = value

    def take(self, radix: int) -> int:
        if radix <= 1:
            return 0
        self.rest, digit = divmod(self.rest, radix)
        return digit

    def take_varint(self, max_groups: int) -> int:
        n = 0
        for group in range(max_groups):
            bits = self.take(0x80)
            n |= bits << (7 * group)
            if not self.take(2):
                if group and not bits:  # a last group of zeros: the same number, not written so
                    raise BadLink("error.link_malformed")
                return n
        raise BadLink("error.link_malformed")


def _checksum(data: bytes) -> bytes:
    return (zlib.crc32(data, _SALT) & 0xFFFFFF).to_bytes(CHECKSUM_BYTES, "little")


def _text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _players_radix(game: Game) -> int:
    return game.max_players - game.min_players + 1


@dataclass(frozen=True)
class SharedTable:
    """What a link holds: the game's record, who sits where, their names, and whether it is played by
    link (each human on their own device)."""

    record: dict[str, Any]
    seats: list[str]
    names: list[str]
    by_link: bool
    state: State | None = field(default=None, compare=False, repr=False)  # the game decoded, at its end


def encode_link(record: dict[str, Any], seats: Sequence[str], names: Sequence[str] = (),
                by_link: bool = False) -> str:
    """The URL-safe text of a table; raises `BadRecord` for a record or seats that are not a game."""
    game = get_game(record.get("game") if isinstance(record, dict) else None)
    state = game.replay(record, upto=0)  # validates everything but the moves
    if not isinstance(seats, list | tuple) or len(seats) != state.num_players or any(
            seat not in SEAT_KINDS for seat in seats):
        raise BadRecord("error.seats_invalid")
    names = [bounded_name(name) for name in names]
    if names and len(names) != state.num_players:
        raise BadRecord("error.seats_invalid")
    salts = list(record.get("salts") or [])
    unused = RecordedSalts(salts, BadRecord("error.record_chance"))
    state.salt_source = unused
    digits = _Digits()
    digits.put(GAME_IDS.index(game.id), GAME_RADIX)
    digits.put_varint(state.rules_version)
    digits.put(state.num_players - game.min_players, _players_radix(game))
    for option in game.option_schema:
        value = state.options[option.key]
        if option.kind == "bool":
            digits.put(int(value), 2)
        else:
            digits.put(option.choices.index(value), len(option.choices))
    for seat in seats:
        digits.put(SEAT_KINDS.index(seat), SEAT_RADIX)
    digits.put_varint(state.seed)
    version = LINK_VERSION if names or by_link or state.fresh_chance else PLAIN_VERSION
    if version == LINK_VERSION:
        digits.put(int(by_link), 2)
        digits.put(int(state.fresh_chance), 2)
        if state.fresh_chance:
            digits.put_varint(len(salts))
            for salt in salts:
                digits.put(salt, SALT_LIMIT)
        for name in names or [""] * state.num_players:
            data = name.encode()
            digits.put_varint(len(data))
            for byte in data:
                digits.put(byte, 256)
    moves = record["moves"]
    digits.put_varint(len(moves))
    for ply, move in enumerate(moves, start=1):
        legal = state.legal_moves()
        if move not in legal:
            raise BadRecord("error.record_move", ply=ply)
        digits.put(legal.index(move), len(legal))
        state.apply(move)
    if unused.queue:
        raise BadRecord("error.record_chance")
    value = digits.value()
    payload = bytes([version]) + value.to_bytes(max(1, (value.bit_length() + 7) // 8), "little")
    return _text(payload + _checksum(payload))


def _bytes(text: object) -> bytes:
    if not isinstance(text, str) or not 0 < len(text) <= MAX_TEXT or len(text) % 4 == 1 \
            or not _ALPHABET.fullmatch(text):
        raise BadLink("error.link_malformed")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as err:
        raise BadLink("error.link_malformed") from err
    if _text(data) != text:  # unused low bits set: not a text this module writes
        raise BadLink("error.link_malformed")
    return data


def decode_link(text: object) -> tuple[dict[str, Any], list[str]]:
    """The record and seats of a link's text; raises `BadLink` (only) when it is not a whole game."""
    table = decode_table(text)
    return table.record, table.seats


def decode_table(text: object) -> SharedTable:
    """Everything a link's text holds; raises `BadLink` (only) when it is not a whole game."""
    return finish(decoding(text))


def link_game(text: object) -> str:
    """The game a link's header names, read before its game's code is loaded (so that the code can be
    made ready first); raises `BadLink` when the header is damaged."""
    return _game_id(_header(text)[1])


def _game_id(digits: _Reader) -> str:
    index = digits.take(GAME_RADIX)
    if index >= len(GAME_IDS):
        raise BadLink("error.link_game")
    return GAME_IDS[index]


def _header(text: object) -> tuple[int, _Reader]:
    """A link's version and the digits that follow it, once its bytes and checksum are checked."""
    data = _bytes(text)
    if len(data) < 2 + CHECKSUM_BYTES:
        raise BadLink("error.link_malformed")
    payload, checksum = data[:-CHECKSUM_BYTES], data[-CHECKSUM_BYTES:]
    if _checksum(payload) != checksum:  # first, so junk reads as damage, not as a newer version
        raise BadLink("error.link_checksum")
    version = payload[0]
    if version not in (PLAIN_VERSION, LINK_VERSION):  # later versions keep the checksum: told apart
        raise BadLink("error.link_version")
    if len(payload) > 2 and payload[-1] == 0:
        raise BadLink("error.link_malformed")
    return version, _Reader(int.from_bytes(payload[1:], "little"))


def decoding(text: object) -> Steps[SharedTable]:
    """`decode_table` in steps: it pauses after every `MOVES_PER_STEP` moves replayed, so that the page
    can open the longest link over several tasks. A damaged header is refused before the first pause."""
    version, digits = _header(text)
    state, seats, by_link = _table(digits, version)
    names: list[str] = []
    salts = RecordedSalts([], BadLink("error.link_moves"))
    if version == LINK_VERSION:
        salts, names = _people(digits, state)
        if not (by_link or state.fresh_chance or any(names)):  # written as version 1: one game, one link
            raise BadLink("error.link_malformed")
    state.salt_source = salts
    yield from _play(state, digits)
    if digits.rest or salts.queue:
        raise BadLink("error.link_malformed")
    return SharedTable(state.record(), seats, names if any(names) else [], by_link, state)


def _people(digits: _Reader, state: State) -> tuple[RecordedSalts, list[str]]:
    """The rest of version 2's header: the salts of a fresh-chance game, and the players' names."""
    salts = []
    if state.fresh_chance:
        count = digits.take_varint(3)
        if count > MAX_MOVES:
            raise BadLink("error.link_malformed")
        salts = [digits.take(SALT_LIMIT) for _ in range(count)]
    names = []
    for _ in range(state.num_players):
        size = digits.take_varint(1)
        if size > MAX_NAME_BYTES:
            raise BadLink("error.link_malformed")
        try:
            name = bytes(digits.take(256) for _ in range(size)).decode()
        except UnicodeDecodeError as err:
            raise BadLink("error.link_malformed") from err
        if name != bounded_name(name):  # only the form a link is written in
            raise BadLink("error.link_malformed")
        names.append(name)
    return RecordedSalts(salts, BadLink("error.link_moves")), names


def _table(digits: _Reader, link_version: int) -> tuple[State, list[str], bool]:
    """The header: a fresh state of the right game, players, options, seed and chance, the seats,
    and whether the game is played by link."""
    game_id = _game_id(digits)
    try:
        game = get_game(game_id)
    except (BadRecord, ImportError) as err:  # a game this build does not ship yet
        raise BadLink("error.link_game") from err
    version = digits.take_varint(4)
    players = game.min_players + digits.take(_players_radix(game))
    options: dict[str, Any] = {}
    for option in game.option_schema:
        if option.kind == "bool":
            options[option.key] = bool(digits.take(2))
        else:
            options[option.key] = option.choices[digits.take(len(option.choices))]
    if not game.state_class.replays_version(version, options):
        raise BadLink("error.link_rules_version")
    codes = [digits.take(SEAT_RADIX) for _ in range(players)]
    if any(code >= len(SEAT_KINDS) for code in codes):
        raise BadLink("error.link_invalid")
    seed = digits.take_varint(8)
    by_link = fresh = False
    if link_version == LINK_VERSION:
        by_link, fresh = bool(digits.take(2)), bool(digits.take(2))
    try:
        state = game.new_state(players, seed, options, fresh_chance=fresh)
    except BadRecord as err:
        raise BadLink("error.link_invalid") from err
    return state, [SEAT_KINDS[code] for code in codes], by_link


def _play(state: State, digits: _Reader) -> Steps[None]:
    count = digits.take_varint(3)
    if count > MAX_MOVES:
        raise BadLink("error.link_malformed")
    for ply in range(count):
        if ply and ply % MOVES_PER_STEP == 0:
            yield
        legal = state.legal_moves()
        if not legal:
            raise BadLink("error.link_moves")
        try:
            state.apply(legal[digits.take(len(legal))])
        except (IllegalMove, MalformedMove) as err:  # an engine disowning its own legal move
            raise BadLink("error.link_moves") from err
