"""Trick of the Rails, rule by rule: set-up, following, the three kinds of trick, options, errors."""

from __future__ import annotations

from collections import Counter

import pytest

from games import get_game
from games.core import BadRecord, IllegalMove, MalformedMove
from games.trick_of_the_rails.cards import (
    CARD_COMPANY,
    CITIES,
    COMPANIES,
    EXCHANGE_CARDS,
    HAND_ORDER,
    LOCOMOTIVES,
    RAILWAY_CARDS,
    SEGMENT_VALUE,
    START,
    STATION_VALUES,
)
from games.trick_of_the_rails.line import BASIC_LINES, SLOT_KIND
from games.trick_of_the_rails.rules import TrickState

GAME = get_game("trick_of_the_rails")

KIND_CODE = {"exchange": "E", "city": "C", "reserve": "R"}


def line_codes(line: list[str]) -> list[str]:
    """The line in the notation of ruling 3 (E, C, R, locomotive slots as they are)."""
    return [KIND_CODE.get(SLOT_KIND[token], token) for token in line]


def rig(players: int, hands: list[list[str]], line: list[str] | None = None, leader: int = 0,
        **options: bool) -> TrickState:
    """A fresh game with chosen hands, line and leader, to test one trick at a time."""
    state = GAME.new_state(players, 1, options)
    assert isinstance(state, TrickState)
    state.hands = [sorted(hand, key=HAND_ORDER.__getitem__) for hand in hands]
    if line is not None:
        state.line = list(line)
    state.leader = leader
    return state


def play_all(state: TrickState, *cards: str) -> None:
    for card in cards:
        state.apply(f"play {card}")


def event_types(state: TrickState) -> list[str]:
    return [event["type"] for event in state.events]


# -- cards and set-up ------------------------------------------------------------------------------

def test_card_tables() -> None:
    assert len(RAILWAY_CARDS) == 50
    assert Counter(CARD_COMPANY.values()) == dict.fromkeys(COMPANIES, 10)
    assert STATION_VALUES["BO"][9] == 40 and STATION_VALUES["CO"][0] == 40
    assert STATION_VALUES["ERIE"][8] == 40 and STATION_VALUES["NYC"][5] == 40
    assert STATION_VALUES["PRR"][4] == 40
    # Every company's ten cards add up to 210 and hold one 40: a cheap check on the whole table.
    for co in COMPANIES:
        assert sum(STATION_VALUES[co]) == 210
        assert STATION_VALUES[co].count(40) == 1
    assert SEGMENT_VALUE[START] == 10
    assert SEGMENT_VALUE["ERIE5"] == 30 and SEGMENT_VALUE["NYC4"] == 10
    assert LOCOMOTIVES == {"3": (3, 40), "4": (4, 50), "5": (5, 60), "6": (6, 70), "All": (None, 80)}
    assert {city: value for city, (_, value) in CITIES.items()} == {
        "pittsburgh": 20, "baltimore": 30, "new_york": 40}
    assert sorted(EXCHANGE_CARDS.values()) == sorted(COMPANIES)


@pytest.mark.parametrize(("players", "hand_size", "undealt"), [(3, 15, 5), (4, 11, 6), (5, 9, 5)])
def test_deal(players: int, hand_size: int, undealt: int) -> None:
    for seed in range(20):
        state = GAME.new_state(players, seed)
        assert [len(hand) for hand in state.hands] == [hand_size] * players
        for hand in state.hands:
            assert hand == sorted(hand, key=HAND_ORDER.__getitem__)
        laid = []
        for co, railway in state.railways.items():
            assert railway[0] == START
            assert all(CARD_COMPANY[card] == co for card in railway[1:])
            laid += railway[1:]
        assert len(laid) == undealt
        assert sorted(laid + [c for hand in state.hands for c in hand]) == sorted(RAILWAY_CARDS)
        assert len(state.line) == hand_size


def test_undealt_cards_lie_in_random_order() -> None:
    orders = set()
    for seed in range(200):
        railways = GAME.new_state(4, seed).railways
        orders.update(tuple(r[1:]) for r in railways.values() if len(r) > 2)
    assert any(list(order) != sorted(order, key=HAND_ORDER.__getitem__) for order in orders)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_basic_line(players: int) -> None:
    cities = {3: 3, 4: 1, 5: 0}[players]
    seen = set()
    for seed in range(30):
        line = GAME.new_state(players, seed).line
        assert tuple(line_codes(line)) == BASIC_LINES[players]
        assert sorted(token for token in line if SLOT_KIND[token] == "exchange") == sorted(EXCHANGE_CARDS)
        assert sum(SLOT_KIND[token] == "city" for token in line) == cities
        reserves = [token for token in line if SLOT_KIND[token] == "reserve"]
        assert reserves == ["R1", "R2", "R3"][:len(reserves)]
        seen.add(tuple(line))
    assert len(seen) > 5, "exchange cards (and cities) must be shuffled"


def test_line_layouts_of_ruling_3() -> None:
    assert " ".join(BASIC_LINES[3]) == "E C E C E C E 3 E 4 R 5 R 6+All R"
    assert " ".join(BASIC_LINES[4]) == "E C E 3 E 4 E 5 E 6+All R"
    assert " ".join(BASIC_LINES[5]) == "E 3 E 4 E 5 E 6+All E"


def test_four_players_use_one_random_city() -> None:
    cities = {next(t for t in GAME.new_state(4, seed).line if SLOT_KIND[t] == "city") for seed in range(40)}
    assert cities == set(CITIES)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_mixed_line(players: int) -> None:
    seen = set()
    for seed in range(60):
        basic = GAME.new_state(players, seed).line
        mixed = GAME.new_state(players, seed, {"mixed_line": True}).line
        assert len(mixed) == len(basic)
        for b, m in zip(basic, mixed, strict=True):
            # Exchange and reserve slots stay; only the city/locomotive cards move among their slots.
            if SLOT_KIND[b] in ("exchange", "reserve"):
                assert m == b
            else:
                assert SLOT_KIND[m] in ("city", "locomotive")
        assert Counter(line_codes(mixed)) == Counter(BASIC_LINES[players])
        assert "6+All" in mixed
        seen.add(tuple(m for m in mixed if SLOT_KIND[m] == "locomotive"))
    assert len(seen) > 3


def test_first_leader_is_random_and_seeded() -> None:
    leaders = {GAME.new_state(5, seed).leader for seed in range(60)}
    assert leaders == set(range(5))
    assert GAME.new_state(5, 7).leader == GAME.new_state(5, 7).leader
    state = GAME.new_state(4, 3)
    assert state.current_player == state.leader
    assert state.events[0] == {"type": "game_started", "ply": 0, "leader": state.leader, "hand_size": 11,
                               "line": state.line}


# -- following and winning -------------------------------------------------------------------------

def test_must_follow_led_company_and_highest_of_it_wins() -> None:
    state = rig(3, [["BO3", "CO5"], ["BO7", "NYC2"], ["NYC9", "PRR1"]], leader=0)
    assert state.legal_moves() == ["play BO3", "play CO5"]
    state.apply("play BO3")
    assert state.legal_moves() == ["play BO7"]
    with pytest.raises(IllegalMove) as err:
        state.apply("play NYC2")
    assert err.value.reason == "error.move_illegal"
    state.apply("play BO7")
    assert state.legal_moves() == ["play NYC9", "play PRR1"]
    state.apply("play NYC9")
    # NYC9 is higher but not of the led company.
    assert state.history[-1]["winner"] == 1
    assert state.voids == [set(), set(), {"BO"}]
    assert state.view(0)["voids"] == [[], [], ["BO"]]
    assert state.current_player == 1 and state.leader == 1


def test_any_card_may_lead() -> None:
    state = rig(3, [["BO3", "CO5", "PRR10"], ["BO7"], ["NYC9"]], leader=2)
    assert state.legal_moves() == ["play NYC9"]
    state.apply("play NYC9")
    assert state.legal_moves() == ["play BO3", "play CO5", "play PRR10"]


def test_trick_turn_order_is_clockwise_from_leader() -> None:
    state = rig(4, [["BO1"], ["BO2"], ["BO3"], ["BO4"]], leader=2)
    order = []
    for _ in range(4):
        order.append(state.current_player)
        state.apply(state.legal_moves()[0])
    assert order == [2, 3, 0, 1]


# -- share tricks -----------------------------------------------------------------------------------

def test_share_trick_takes_line_card_and_fills_leftmost_reserve() -> None:
    hands = [["BO3", "CO1", "ERIE1", "PRR1"], ["BO7", "CO2", "ERIE2", "PRR2"],
             ["NYC9", "CO3", "ERIE3", "PRR3"]]
    line = ["BO-EX", "CO-EX", "ERIE-EX", "NYC-EX", "baltimore", "PRR-EX", "pittsburgh", "3", "new_york", "4",
            "R1", "5", "R2", "6+All", "R3"]
    state = rig(3, hands, line=line, leader=0)
    play_all(state, "BO3", "BO7", "NYC9")
    assert state.shares == [["BO3"], ["BO-EX"], ["NYC9"]]
    assert state.line[10] == "BO7"  # R1, the leftmost reserve, is replaced and leaves the game
    assert "R1" not in state.line
    # The next share tricks fill R2 then R3, then the winner's card leaves the game.
    play_all(state, "CO2", "CO3", "CO1")
    assert state.line[12] == "CO3"
    play_all(state, "ERIE3", "ERIE1", "ERIE2")
    assert state.line[10:] == ["BO7", "5", "CO3", "6+All", "ERIE3"]
    assert state.removed == []
    play_all(state, "PRR3", "PRR1", "PRR2")
    assert state.removed == ["PRR3"]
    assert state.shares == [["BO3", "CO1", "ERIE1", "PRR1"], ["BO-EX", "CO2", "ERIE2", "PRR2"],
                            ["NYC9", "CO-EX", "ERIE-EX", "NYC-EX"]]
    types = event_types(state)
    assert types.count("share_taken") == 12 and types.count("card_removed") == 1
    replaced = [e for e in state.events if e["type"] == "reserve_replaced"]
    assert [(e["card"], e["reserve"], e["slot"]) for e in replaced] == [
        ("BO7", "R1", 10), ("CO3", "R2", 12), ("ERIE3", "R3", 14)]


def test_share_trick_without_reserve_removes_winner_card() -> None:
    state = rig(5, [["BO1"], ["BO2"], ["BO3"], ["CO4"], ["NYC5"]], leader=3)
    target = state.line[0]
    play_all(state, "CO4", "NYC5", "BO1", "BO2", "BO3")
    assert state.history[-1]["winner"] == 3
    assert state.removed == ["CO4"]
    assert state.shares == [["BO1"], ["BO2"], ["BO3"], [target], ["NYC5"]]
    assert {"type": "card_removed", "ply": 4, "card": "CO4"} in state.events


def test_railway_card_in_line_is_a_share_of_its_company() -> None:
    state = rig(4, [["BO1"], ["BO2"], ["BO3"], ["BO4"]], line=["NYC7", *["BO-EX"] * 10], leader=0)
    play_all(state, "BO1", "BO2", "BO3", "BO4")
    assert state.shares[3] == ["NYC7"]
    assert state.share_counts(3)["NYC"] == 1
    assert state.history[-1]["trick_kind"] == "share"


def test_every_player_gets_one_share_per_share_trick() -> None:
    state = rig(4, [["BO1", "CO1"], ["BO2", "CO2"], ["BO3", "CO3"], ["BO4", "CO4"]],
                line=["BO-EX", "CO-EX", *["R1"] * 9], leader=0)
    play_all(state, "BO1", "BO2", "BO3", "BO4")
    assert [len(s) for s in state.shares] == [1, 1, 1, 1]
    play_all(state, "CO4", "CO1", "CO2", "CO3")
    assert [len(s) for s in state.shares] == [2, 2, 2, 2]
    assert state.shares[3] == ["BO-EX", "CO-EX"]


# -- locomotive tricks ------------------------------------------------------------------------------

def test_locomotive_trick_then_each_adds_from_the_winner_clockwise() -> None:
    state = rig(3, [["NYC2"], ["NYC8"], ["PRR4"]], line=["3", *["BO-EX"] * 14], leader=0)
    state.locomotives["BO"] = "4"
    play_all(state, "NYC2", "NYC8", "PRR4")
    assert state.phase == "locomotive" and state.current_player == 1
    assert state.legal_moves() == ["loco CO", "loco ERIE", "loco NYC", "loco PRR"]
    with pytest.raises(IllegalMove):
        state.apply("loco BO")  # a company holds one locomotive at most
    state.apply("loco ERIE")
    assert state.locomotives["ERIE"] == "3"
    assert state.phase == "add"
    assert state.to_add == [(1, "NYC8"), (2, "PRR4"), (0, "NYC2")]
    assert state.legal_moves() == ["add left", "add right"]
    nyc, prr = list(state.railways["NYC"]), list(state.railways["PRR"])
    state.apply("add left")
    assert state.current_player == 2
    state.apply("add right")
    assert state.current_player == 0
    state.apply("add right")
    assert state.railways["NYC"] == ["NYC8", *nyc, "NYC2"]
    assert state.railways["PRR"] == [*prr, "PRR4"]
    assert state.phase == "play" and state.leader == 1 and state.slot == 1
    assert state.shares == [[], [], []]
    added = [e for e in state.events if e["type"] == "card_added"]
    assert [(e["player"], e["card"], e["end"], e["automatic"]) for e in added] == [
        (1, "NYC8", "left", False), (2, "PRR4", "right", False), (0, "NYC2", "right", False)]


def test_six_and_all_is_one_trick_with_all_placed_automatically() -> None:
    state = rig(4, [["CO1"], ["CO2"], ["CO3"], ["CO4"]], line=["6+All", *["BO-EX"] * 10], leader=0)
    state.locomotives.update({"BO": "3", "CO": "4", "ERIE": "5"})
    play_all(state, "CO1", "CO2", "CO3", "CO4")
    assert state.legal_moves() == ["loco NYC", "loco PRR"]
    state.apply("loco PRR")
    assert state.locomotives["PRR"] == "6" and state.locomotives["NYC"] == "All"
    placed = [e for e in state.events if e["type"] == "locomotive_placed"]
    assert [(e["locomotive"], e["company"], e["automatic"]) for e in placed] == [
        ("6", "PRR", False), ("All", "NYC", True)]
    assert state.phase == "add" and state.current_player == 3


def test_mixed_line_six_and_all_early_lets_the_winner_place_both() -> None:
    state = rig(3, [["CO1"], ["CO2"], ["CO3"]], line=["6+All", *["BO-EX"] * 14], leader=0)
    play_all(state, "CO1", "CO2", "CO3")
    state.apply("loco BO")
    assert state.phase == "locomotive" and state.current_player == 2
    assert state.legal_moves() == ["loco CO", "loco ERIE", "loco NYC", "loco PRR"]
    state.apply("loco NYC")
    assert state.locomotives == {"BO": "6", "CO": None, "ERIE": None, "NYC": "All", "PRR": None}
    assert state.phase == "add"


def test_last_locomotive_with_one_company_left_is_automatic() -> None:
    state = rig(3, [["CO1"], ["CO2"], ["CO3"]], line=["5", *["BO-EX"] * 14], leader=0)
    state.locomotives.update({"BO": "3", "CO": "4", "ERIE": "6", "NYC": "All"})
    play_all(state, "CO1", "CO2", "CO3")
    assert state.locomotives["PRR"] == "5"
    assert state.phase == "add" and state.current_player == 2


# -- city tricks ------------------------------------------------------------------------------------

def test_city_trick_at_either_end_of_any_railway() -> None:
    state = rig(3, [["ERIE1"], ["ERIE2"], ["BO5"]], line=["baltimore", *["BO-EX"] * 14], leader=2)
    play_all(state, "BO5", "ERIE1", "ERIE2")
    assert state.phase == "city" and state.current_player == 2
    assert state.legal_moves() == [f"city {co} {end}" for co in COMPANIES for end in ("left", "right")]
    erie = list(state.railways["ERIE"])
    state.apply("city ERIE left")
    assert state.railways["ERIE"] == ["baltimore", *erie]
    assert state.to_add == [(2, "BO5"), (0, "ERIE1"), (1, "ERIE2")]
    state.apply("add right")
    state.apply("add left")
    state.apply("add right")
    assert state.railways["ERIE"] == ["ERIE1", "baltimore", *erie, "ERIE2"]
    assert state.railways["BO"][-1] == "BO5"
    city = next(e for e in state.events if e["type"] == "city_placed")
    assert city == {"type": "city_placed", "ply": 3, "player": 2, "city": "baltimore", "company": "ERIE",
                    "end": "left"}


def test_end_only_option_adds_at_the_far_end_automatically() -> None:
    state = rig(3, [["ERIE1", "BO1"], ["ERIE2", "BO2"], ["BO5", "BO3"]],
                line=["new_york", "3", *["BO-EX"] * 13], leader=2, end_only=True)
    bo = list(state.railways["BO"])
    play_all(state, "BO5", "BO1", "BO2")
    # The city itself still goes at either end, as the French text says.
    assert "city NYC left" in state.legal_moves()
    state.apply("city BO left")
    assert state.phase == "play" and state.leader == 2 and state.slot == 1
    assert state.railways["BO"] == ["new_york", *bo, "BO5", "BO1", "BO2"]
    added = [e for e in state.events if e["type"] == "card_added"]
    assert all(e["automatic"] and e["end"] == "right" for e in added) and len(added) == 3
    play_all(state, "BO3", "ERIE1", "ERIE2")
    assert state.legal_moves() == [f"loco {co}" for co in COMPANIES]
    state.apply("loco CO")
    assert state.phase == "play"
    assert state.railways["ERIE"][-2:] == ["ERIE1", "ERIE2"]
    assert not any(move.startswith("add") for move in state.moves)


# -- end of the game ---------------------------------------------------------------------------------

def test_game_ends_when_hands_are_empty() -> None:
    state = GAME.new_state(5, 11)
    while not state.is_over():
        state.apply(state.legal_moves()[-1])
    assert len(state.history) == 9
    assert all(not hand for hand in state.hands)
    assert state.current_player is None and state.legal_moves() == []
    assert all(state.locomotives[co] for co in COMPANIES)
    over = state.events[-1]
    assert over["type"] == "game_over" and over["scores"] == state.result().scores
    with pytest.raises(IllegalMove) as err:
        state.apply("add left")
    assert err.value.reason == "error.game_over"


def test_golden_game() -> None:
    """A fixed seeded game (always the first legal move): guards against unnoticed rule changes and
    gives the cross-runtime test a known answer."""
    state = GAME.new_state(4, 2024)
    while not state.is_over():
        state.apply(state.legal_moves()[0])
    assert len(state.moves) == 69  # 44 cards, 1 city + 4 locomotive placements, 5 x 4 additions
    assert state.result().scores == [270, 150, 320, 120]


# -- errors ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("move", [None, 5, b"play BO1", ["play BO1"], "", "play", "play BO11", "play XX1",
                                  "play bo1", "play  BO1", "loco", "loco B&O", "city NYC", "city NYC middle",
                                  "add", "add up", "add left ", "pass", "PLAY BO1"])
def test_malformed_moves(move: object) -> None:
    state = GAME.new_state(3, 5)
    with pytest.raises(MalformedMove) as err:
        state.apply(move)
    assert err.value.reason == "error.move_malformed"
    assert state.moves == []


def test_well_formed_but_illegal_moves() -> None:
    state = GAME.new_state(3, 5)
    leader = state.current_player
    other = next(card for card in RAILWAY_CARDS if card not in state.hands[leader])
    for move in (f"play {other}", "loco NYC", "city NYC left", "add right"):
        with pytest.raises(IllegalMove) as err:
            state.apply(move)
        assert err.value.reason == "error.move_illegal" and err.value.params == {"move": move}
    assert state.moves == []


@pytest.mark.parametrize(("players", "options"), [(2, None), (6, None), (3, {"end_only": 1}),
                                                  (3, {"mixed": True}), (3, {"mixed_line": "yes"})])
def test_bad_new_game(players: int, options: dict | None) -> None:
    with pytest.raises(BadRecord):
        GAME.new_state(players, 1, options)


def test_options_schema() -> None:
    assert GAME.default_options() == {"end_only": False, "mixed_line": False}
    assert [opt.label for opt in GAME.option_schema] == ["option.end_only", "option.mixed_line"]
    assert (GAME.min_players, GAME.max_players) == (3, 5)
