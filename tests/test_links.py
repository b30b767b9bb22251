"""Share links: exact round trips, the size goal, and fuzzing (any damage raises BadLink, nothing else)."""

from __future__ import annotations

import base64
import zlib
from typing import Any

import pytest

from games import GAME_IDS, get_game
from games.bots import play_bots_game
from games.core import BadRecord, Rng, seeded_salts
from random_play import assert_record_round_trip, play_random_game, random_position
from ui import links
from ui.links import BadLink, SharedTable, decode_link, decode_table, encode_link
from ui.seats import SEAT_KINDS

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
GOAL = 2048


def available_games() -> list[str]:
    games = []
    for game_id in GAME_IDS:
        try:
            get_game(game_id)
        except ImportError:
            continue
        games.append(game_id)
    return games


GAMES = available_games()


def seats_for(players: int, rng: Rng) -> list[str]:
    return [rng.choice(SEAT_KINDS) for _ in range(players)]


def all_options(game_id: str, rng: Rng) -> dict[str, Any]:
    options = {}
    for option in get_game(game_id).option_schema:
        options[option.key] = bool(rng.below(2)) if option.kind == "bool" else rng.choice(option.choices)
    return options


def assert_round_trip(record: dict[str, Any], seats: list[str]) -> str:
    text = encode_link(record, seats)
    assert set(text) <= set(ALPHABET)
    assert decode_link(text) == (record, seats)
    return text


@pytest.fixture(scope="module")
def samples() -> dict[str, str]:
    """One complete game's link per available game (4 players where possible)."""
    found = {}
    for game_id in GAMES:
        game = get_game(game_id)
        players = min(max(4, game.min_players), game.max_players)
        state = play_random_game(game_id, players, 11)
        found[game_id] = encode_link(state.record(), ["human"] * players)
    return found


# -- round trips --------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_complete_random_games_round_trip(game_id: str) -> None:
    game = get_game(game_id)
    rng = Rng.derive(5, "links", game_id)
    for seed, players in enumerate(range(game.min_players, game.max_players + 1)):
        state = play_random_game(game_id, players, 1000 + seed, all_options(game_id, rng))
        assert_record_round_trip(state)
        assert_round_trip(state.record(), seats_for(players, rng))


@pytest.mark.parametrize("game_id", GAMES)
def test_partial_games_round_trip_at_any_ply(game_id: str) -> None:
    game = get_game(game_id)
    rng = Rng.derive(6, "partial", game_id)
    state = play_random_game(game_id, game.max_players, 77, all_options(game_id, rng))
    record = state.record()
    length = len(record["moves"])
    for upto in sorted({0, 1, 2, length - 1, *(rng.below(length) for _ in range(6))}):
        partial = {**record, "moves": record["moves"][:upto]}
        assert_round_trip(partial, seats_for(game.max_players, rng))


def test_header_extremes_round_trip() -> None:
    game = get_game("transamerica")
    for seed in (0, 1, 127, 128, (1 << 53) - 1):
        for players in (game.min_players, game.max_players):
            record = game.new_state(players, seed).record()
            for kind in SEAT_KINDS:
                assert_round_trip(record, [kind] * players)


def test_seat_kinds_keep_their_codes() -> None:
    """Links store a seat as its position in SEAT_KINDS: new kinds may only be appended."""
    assert SEAT_KINDS[:4] == ("human", "random", "greedy", "strong")
    assert len(SEAT_KINDS) <= links.SEAT_RADIX and len(GAME_IDS) <= links.GAME_RADIX
    assert GAME_IDS[:4] == ("transamerica", "trick_of_the_rails", "freight_train", "locomotion")


def test_encoding_refuses_what_is_not_a_game() -> None:
    record = play_random_game("transamerica", 3, 4).record()
    with pytest.raises(BadRecord):
        encode_link(record, ["human", "human"])
    with pytest.raises(BadRecord):
        encode_link(record, ["human", "human", "genius"])
    with pytest.raises(BadRecord):
        encode_link({**record, "moves": [*record["moves"][:5], "track 0,0,E", *record["moves"][5:]]},
                    ["human"] * 3)
    with pytest.raises(BadRecord):
        encode_link({**record, "game": "chess"}, ["human"] * 3)
    with pytest.raises(BadRecord):
        encode_link({**record, "seed": -1}, ["human"] * 3)


# -- games by link: names, link play and fresh chance (version 2) ---------------------------------

NAMES = ["Ann", "Béatrice", "大輔", "Zoë 🚂"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_by_link_carries_names_and_its_fresh_chance(game_id: str) -> None:
    game = get_game(game_id)
    players = min(max(4, game.min_players), game.max_players)
    seats = ["human"] * (players - 1) + ["greedy"]
    state = play_bots_game(game_id, players, 31, None, ["greedy"] * players, salt_source=seeded_salts(5))
    for ply in (0, len(state.moves) // 2, len(state.moves)):
        record = game.replay(state.record(), ply).record()
        names = NAMES[:players]
        text = encode_link(record, seats, names, by_link=True)
        assert set(text) <= set(ALPHABET)
        assert decode_table(text) == SharedTable(record, seats, names, True)
        assert decode_link(text) == (record, seats)
    if game.has_chance:
        assert state.record()["salts"], "a fresh game's chance after the start is in its record"


def test_names_alone_make_a_version_2_link_and_a_plain_table_keeps_version_1() -> None:
    record = play_random_game("locomotion", 3, 8).record()
    plain = encode_link(record, ["human"] * 3)
    named = encode_link(record, ["human"] * 3, ["Ann", "Bob", "Cy"])
    assert payload_of(plain)[0] == 1 and payload_of(named)[0] == links.LINK_VERSION
    assert decode_table(plain) == SharedTable(record, ["human"] * 3, [], False)
    assert decode_table(named) == SharedTable(record, ["human"] * 3, ["Ann", "Bob", "Cy"], False)
    assert encode_link(record, ["human"] * 3, ["x" * 500, " B\nob", "Cy"]) == \
        encode_link(record, ["human"] * 3, ["x" * 20, "B ob", "Cy"])  # names are bounded as typed
    with pytest.raises(BadRecord):
        encode_link(record, ["human"] * 3, ["Ann"])


def test_a_version_2_link_in_another_form_than_written_is_refused() -> None:
    """Written as version 2 with nothing version 2 adds, or with a name no player could have typed:
    not a link this app writes (each game has one link)."""
    record = get_game("transamerica").new_state(2, 1).record()
    digits = links._Digits()
    digits.put(GAME_IDS.index("transamerica"), links.GAME_RADIX)
    digits.put_varint(record["rules_version"])
    digits.put(0, 5)  # 2 players
    for _ in get_game("transamerica").option_schema:
        digits.put(0, 2)
    for _ in range(2):
        digits.put(0, links.SEAT_RADIX)
    digits.put_varint(1)  # the seed
    digits.put(0, 2)  # not by link
    digits.put(0, 2)  # no fresh chance
    for name in (b"", b""):
        digits.put_varint(len(name))
    digits.put_varint(0)  # no moves
    value = digits.value()
    assert_bad(forge(bytes([links.LINK_VERSION]) + value.to_bytes(max(1, (value.bit_length() + 7) // 8),
                                                                  "little")), "error.link_malformed")
    text = encode_link(record, ["human"] * 2, ["A\u2028B", "C"])  # written bounded: "A B"
    assert decode_table(text).names == ["A B", "C"]


def test_a_fresh_games_salts_must_all_be_used_and_none_may_lack() -> None:
    state = play_bots_game("locomotion", 2, 4, None, ["greedy"] * 2, salt_source=seeded_salts(9))
    record = state.record()
    with pytest.raises(BadRecord):
        encode_link({**record, "salts": record["salts"][:-1]}, ["human"] * 2, by_link=True)
    with pytest.raises(BadRecord):
        encode_link({**record, "salts": [*record["salts"], 7]}, ["human"] * 2, by_link=True)


def test_a_complete_four_player_game_by_link_fits_the_goal() -> None:
    lengths = []
    for seed in range(6):
        state = play_bots_game("transamerica", 4, 700 + seed, None, ["greedy"] * 4,
                               salt_source=seeded_salts(seed))
        text = encode_link(state.record(), ["human"] * 4, ["Annabelle", "Bartholomew", "Cy", "Dominique"],
                           by_link=True)
        lengths.append(len(text))
    assert max(lengths) <= GOAL, lengths


# -- size and speed -----------------------------------------------------------------------------

def test_complete_four_player_transamerica_fits_the_goal() -> None:
    lengths = []
    for seed in range(12):
        options = {"visible_cards": seed % 3 == 1, "blocking_markers": seed % 3 == 2}
        state = play_random_game("transamerica", 4, 500 + seed, options)
        lengths.append(len(assert_round_trip(state.record(), ["human"] * 4)))
    for seed, options in enumerate(({}, {"visible_cards": True}, {"blocking_markers": True})):
        levels = ["greedy", "greedy", "random", "greedy"]
        state = play_bots_game("transamerica", 4, 900 + seed, options, levels)
        lengths.append(len(assert_round_trip(state.record(), levels)))
    assert max(lengths) <= GOAL, lengths


def test_encode_and_decode_each_replay_the_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted work, not time (their speed is a `make bench` figure): each way, one `apply` per
    move of the record, nothing replayed twice."""
    state = play_bots_game("transamerica", 4, 3, {"blocking_markers": True}, ["greedy"] * 4)
    record = state.record()
    applied = [0]
    real = type(state).apply

    def counted(self: Any, move: str) -> None:
        applied[0] += 1
        real(self, move)

    monkeypatch.setattr(type(state), "apply", counted)
    text = encode_link(record, ["human"] * 4)
    assert applied[0] == len(record["moves"]) > 100
    applied[0] = 0
    assert decode_link(text) == (record, ["human"] * 4)
    assert applied[0] == len(record["moves"])


# -- fuzzing ------------------------------------------------------------------------------------

def assert_bad(text: object, reason: str | None = None) -> None:
    with pytest.raises(BadLink) as caught:
        decode_link(text)
    assert caught.value.reason == reason if reason else caught.value.reason.startswith("error.link_")


def mutate(text: str, rng: Rng) -> str:
    """One random damage: a changed, missing, added or swapped character, a cut, or added junk."""
    i = rng.below(len(text))
    kind = rng.below(6)
    if kind == 0:
        return text[:i] + rng.choice([c for c in ALPHABET if c != text[i]]) + text[i + 1:]
    if kind == 1:
        return text[:i] + text[i + 1:]
    if kind == 2:
        return text[:i] + rng.choice(ALPHABET) + text[i:]
    if kind == 3 and text[i] != text[(i + 1) % len(text)]:
        j = (i + 1) % len(text)
        chars = list(text)
        chars[i], chars[j] = chars[j], chars[i]
        return "".join(chars)
    if kind == 4:
        return text[:i]
    return text + "".join(rng.choice(ALPHABET) for _ in range(1 + rng.below(4)))


def test_random_damage_is_always_detected(samples: dict[str, str]) -> None:
    rng = Rng(2024)
    for text in samples.values():
        for _ in range(1500):
            damaged = mutate(text, rng)
            if damaged != text:
                assert_bad(damaged)


def test_every_truncation_is_detected(samples: dict[str, str]) -> None:
    for text in samples.values():
        for cut in range(len(text)):
            assert_bad(text[:cut])


def test_random_strings_and_non_text(samples: dict[str, str]) -> None:
    rng = Rng(7)
    for _ in range(2000):
        assert_bad("".join(rng.choice(ALPHABET) for _ in range(rng.below(400))))
    for _ in range(300):
        assert_bad("".join(chr(rng.below(0x3000)) for _ in range(rng.below(60))))
    real = samples["transamerica"]
    for junk in ("", "=", "====", "play=abc", "#play=" + real, real + "==", " " + real, real + "\n",
                 "\udcff" * 8, "A" * (links.MAX_TEXT + 4), None, 42, b"AAAA", ["AAAA"], {"play": "AAAA"}):
        assert_bad(junk)


def forge(payload: bytes) -> str:
    """A link with a correct checksum around any payload: what a careful forger could make."""
    data = payload + links._checksum(payload)
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def payload_of(text: str) -> bytes:
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return data[:-links.CHECKSUM_BYTES]


def decodes_canonically_or_is_bad(text: str) -> bool:
    """A link either raises BadLink or is exactly the link of the game it decodes to (a link of an
    older rules version that still replays is the game's link in the current version, which decodes
    to the same game); True if decoded."""
    try:
        record, seats = decode_link(text)
    except BadLink as err:
        assert err.reason.startswith("error.link_")
        return False
    assert get_game(record["game"]).replay(record).record() == record
    canonical = encode_link(record, seats)
    if canonical != text:
        older = payload_of(text)
        assert older[1] & 0xF0 != payload_of(canonical)[1] & 0xF0, "another link only for older rules"
        assert decode_link(canonical) == (record, seats)
    return True


def test_other_games_headers_are_refused_or_canonical(samples: dict[str, str]) -> None:
    """A game's moves under another game's header, checksum made right: BadLink, or (rarely) a real link.

    The move code is dense (every digit is a legal move's index), so only the checksum tells a forged
    link from a real one; what a forger gets is at most a valid link of some game, never a crash.
    """
    refused = 0
    for game_id, text in samples.items():
        payload = payload_of(text)
        for other in range(links.GAME_RADIX):
            if other != GAME_IDS.index(game_id):
                swapped = bytes([payload[0], (payload[1] & 0xF0) | other]) + payload[2:]
                refused += not decodes_canonically_or_is_bad(forge(swapped))
    assert refused >= len(samples) * (links.GAME_RADIX - 1) - 2


def test_foreign_base64_and_newer_versions_are_told_apart() -> None:
    foreign = b"\x01" + b"hello world, not a rail table game"
    crc = (zlib.crc32(foreign) & 0xFFFFFF).to_bytes(3, "little")  # unsalted: another app's checksum
    assert_bad(base64.urlsafe_b64encode(foreign + crc).rstrip(b"=").decode(), "error.link_checksum")
    assert_bad("AAAAAAAAAAAA", "error.link_checksum")
    real = payload_of(encode_link(get_game("transamerica").new_state(2, 1).record(), ["human"] * 2))
    assert_bad(forge(bytes([links.LINK_VERSION + 1]) + real[1:]), "error.link_version")
    assert_bad(forge(real + b"\x00"), "error.link_malformed")  # not the shortest form


def test_unknown_games_and_bad_headers_are_named() -> None:
    assert_bad(forge(bytes([links.LINK_VERSION, 0x0F, 0x01])), "error.link_game")
    assert_bad(forge(bytes([links.LINK_VERSION, 0x00, 0x02])), "error.link_rules_version")


def test_forged_payloads_decode_to_games_or_raise_bad_link(samples: dict[str, str]) -> None:
    """With the checksum right, any payload either is a game's canonical link or raises BadLink only."""
    rng = Rng(99)
    bases = [payload_of(text) for text in samples.values()]
    decoded = 0
    for i in range(240):
        if i % 2:
            payload = bytes([links.LINK_VERSION]) + bytes(rng.below(256) for _ in range(1 + rng.below(24)))
        else:
            base = bytearray(rng.choice(bases))
            base[1 + rng.below(len(base) - 1)] = rng.below(256)
            payload = bytes(base)
        decoded += decodes_canonically_or_is_bad(forge(payload))
    assert decoded > 0  # the code is dense: many forged payloads are some real game


def test_a_link_with_any_bit_changed_is_refused_or_another_games_own_link() -> None:
    """A varint could also end in a group of zeros and mean the same number: decoding reads the
    shortest form only, so that each game has one link, the one `encode_link` writes."""
    for game_id in GAMES:
        players = get_game(game_id).min_players
        for moves in (0, 3):
            record = random_position(game_id, players, 8, {}, moves).record()
            payload = payload_of(encode_link(record, ["human"] * players))
            value = int.from_bytes(payload[1:], "little")
            for bit in range(value.bit_length() + 16):
                changed = value ^ (1 << bit)
                decodes_canonically_or_is_bad(forge(payload[:1] + changed.to_bytes(
                    max(1, (changed.bit_length() + 7) // 8), "little")))


# -- soak (make soak) ---------------------------------------------------------------------------

@pytest.mark.slow
def test_soak_strong_bots_games_fit_the_goal() -> None:
    """Strong bots play the longest games (fewest points lost per round); measured ~250 characters."""
    for seed in range(4):
        levels = ["strong", "strong", "strong", "greedy"]
        state = play_bots_game("transamerica", 4, 3000 + seed, {"visible_cards": seed == 1}, levels)
        assert len(assert_round_trip(state.record(), levels)) <= GOAL


@pytest.mark.slow
def test_soak_damage_on_many_games() -> None:
    rng = Rng(31337)
    for seed in range(40):
        game_id = GAMES[seed % len(GAMES)]
        game = get_game(game_id)
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = play_random_game(game_id, players, 4000 + seed, all_options(game_id, rng))
        text = assert_round_trip(state.record(), seats_for(players, rng))
        for _ in range(2000):
            damaged = mutate(text, rng)
            if damaged != text:
                assert_bad(damaged)


def test_a_long_link_is_decoded_in_steps_and_a_damaged_header_is_refused_at_once() -> None:
    record = play_bots_game("freight_train", 5, 3, None, ["greedy"] * 5).record()
    text = encode_link(record, ["human"] * 5, ["Ann", "Bo", "Cy", "Di", "Ed"])
    steps = links.decoding(text)
    pauses = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            shared = done.value
            break
        pauses += 1
    assert pauses == (len(record["moves"]) - 1) // links.MOVES_PER_STEP
    assert shared == decode_table(text) == SharedTable(record, ["human"] * 5, ["Ann", "Bo", "Cy", "Di", "Ed"],
                                                         False)
    with pytest.raises(BadLink):
        next(links.decoding(text[:-3]))  # the checksum: before any move is replayed


def test_a_links_game_is_read_from_its_header_alone_and_a_damaged_one_says_why(
        samples: dict[str, str]) -> None:
    """The page compiles a link's game before decoding it: the header names the game, or is refused
    for the reason the whole decoding would give."""
    for game_id, text in samples.items():
        assert links.link_game(text) == game_id == decode_table(text).record["game"]
    real = samples["locomotion"]
    changed = real[:10] + ("B" if real[10] == "A" else "A") + real[11:]
    for text, reason in ((changed, "error.link_checksum"),
                         (forge(bytes([links.LINK_VERSION, 0x0F, 0x01])), "error.link_game"),
                         (forge(bytes([links.LINK_VERSION + 1, 0x00])), "error.link_version"),
                         ("no link", "error.link_malformed")):
        with pytest.raises(BadLink) as refused:
            links.link_game(text)
        assert refused.value.reason == reason
