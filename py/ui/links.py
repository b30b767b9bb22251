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
from typing import Any

from games import GAME_IDS, get_game
from games.core import BadRecord, Game, IllegalMove, MalformedMove, State
from ui.table import SEAT_KINDS

LINK_VERSION = 1

# Codes are positions in `GAME_IDS` and `SEAT_KINDS`, so those tuples may only grow at the end.
GAME_RADIX = 16  # room for games added later without a new link version
SEAT_RADIX = 8  # room for bot levels added later

MAX_TEXT = 16384  # far above any real game; bounds the work spent on hostile input
MAX_MOVES = 20000
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


def encode_link(record: dict[str, Any], seats: Sequence[str]) -> str:
    """The URL-safe text of a table; raises `BadRecord` for a record or seats that are not a game."""
    game = get_game(record.get("game") if isinstance(record, dict) else None)
    state = game.replay(record, upto=0)  # validates everything but the moves
    if not isinstance(seats, list | tuple) or len(seats) != state.num_players or any(
            seat not in SEAT_KINDS for seat in seats):
        raise BadRecord("error.seats_invalid")
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
    moves = record["moves"]
    digits.put_varint(len(moves))
    for ply, move in enumerate(moves, start=1):
        legal = state.legal_moves()
        if move not in legal:
            raise BadRecord("error.record_move", ply=ply)
        digits.put(legal.index(move), len(legal))
        state.apply(move)
    value = digits.value()
    payload = bytes([LINK_VERSION]) + value.to_bytes(max(1, (value.bit_length() + 7) // 8), "little")
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
    data = _bytes(text)
    if len(data) < 2 + CHECKSUM_BYTES:
        raise BadLink("error.link_malformed")
    payload, checksum = data[:-CHECKSUM_BYTES], data[-CHECKSUM_BYTES:]
    if _checksum(payload) != checksum:  # first, so junk reads as damage, not as a newer version
        raise BadLink("error.link_checksum")
    if payload[0] != LINK_VERSION:  # later versions keep the checksum so that this is told apart
        raise BadLink("error.link_version")
    if len(payload) > 2 and payload[-1] == 0:
        raise BadLink("error.link_malformed")
    digits = _Reader(int.from_bytes(payload[1:], "little"))
    state, seats = _table(digits)
    _play(state, digits)
    if digits.rest:
        raise BadLink("error.link_malformed")
    return state.record(), seats


def _table(digits: _Reader) -> tuple[State, list[str]]:
    """The header: a fresh state of the right game, players, options and seed, and the seats."""
    index = digits.take(GAME_RADIX)
    if index >= len(GAME_IDS):
        raise BadLink("error.link_game")
    try:
        game = get_game(GAME_IDS[index])
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
    try:
        state = game.new_state(players, seed, options)
    except BadRecord as err:
        raise BadLink("error.link_invalid") from err
    return state, [SEAT_KINDS[code] for code in codes]


def _play(state: State, digits: _Reader) -> None:
    count = digits.take_varint(3)
    if count > MAX_MOVES:
        raise BadLink("error.link_malformed")
    for _ in range(count):
        legal = state.legal_moves()
        if not legal:
            raise BadLink("error.link_moves")
        try:
            state.apply(legal[digits.take(len(legal))])
        except (IllegalMove, MalformedMove) as err:  # an engine disowning its own legal move
            raise BadLink("error.link_moves") from err
