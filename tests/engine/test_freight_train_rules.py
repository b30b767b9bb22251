"""Freight Train, rule by rule: set-up, refills, the four actions, trains, turn order, days, cabooses."""

from __future__ import annotations

import json

import pytest

from games import get_game
from games.core import BadRecord, IllegalMove, MalformedMove, Rng
from games.freight_train.cards import (
    CAR_TYPES,
    COPIES_PER_TYPE,
    MIXED,
    START_LOCOMOTIVES,
)
from games.freight_train.player import Player, Train
from games.freight_train.state import FreightTrainState
from random_play import play_random_game

GAME = get_game("freight_train")


def rig(players: int = 3, *, main: list[list[str]] | None = None, yard: list[list[str]] | None = None,
        trains: list[Train] | None = None, locos: int | None = None, points: int | None = None,
        seed: int = 1, **options: bool) -> FreightTrainState:
    """A fresh game where seat 0 is to play, with its table and the main yard set as given."""
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, FreightTrainState)
    state.marker, state.turn = 0, 0
    player = state.players[0]
    if main is not None:
        state.main = [list(row) for row in main] + [[] for _ in range(5 - len(main))]
    if yard is not None:
        player.yard = [list(row) for row in yard]
    if trains is not None:
        player.trains = trains
    if locos is not None:
        player.locos = locos
    if points is not None:
        player.points = points
    return state


def apply_all(state: FreightTrainState, *moves: str) -> None:
    for move in moves:
        state.apply(move)


def main_steps(state: FreightTrainState) -> list[str]:
    return [move for move in state.legal_moves() if move.startswith("m")]


def event_types(state: FreightTrainState) -> list[str]:
    return [event["type"] for event in state.events]


FULL_YARD = [["ore"] * 8, ["ore"] * 8]


# -- set-up (rulings 1 and 2) ---------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_set_up(players: int) -> None:
    state = GAME.new_state(players, 11)
    copies = COPIES_PER_TYPE[players]
    assert copies == {2: 9, 3: 12, 4: 16, 5: 16}[players]
    assert [p.locos for p in state.players] == [START_LOCOMOTIVES[players]] * players
    assert START_LOCOMOTIVES[players] == {2: 7, 3: 6, 4: 5, 5: 5}[players]
    assert [p.points for p in state.players] == [5] * players
    assert [len(row) for row in state.main] == [5] * 5
    assert all([len(row) for row in p.yard] == [6, 6] for p in state.players)
    assert all(p.trains == [] for p in state.players)
    deck = len(state.deck.cars)
    assert deck == 11 * copies - 25 - 12 * players
    # The end-of-day card lies in the bottom half of the deck.
    assert state.deck.zone == deck // 2
    assert 0 <= state.deck.end_below <= deck // 2
    assert state.view(None)["deck"]["end_card"] == {"min_before": deck - deck // 2, "max_before": deck}
    assert state.day == 1 and state.phase == "turn" and state.current_player == state.marker


def test_set_up_depends_only_on_the_seed() -> None:
    assert GAME.new_state(4, 5).view(None) == GAME.new_state(4, 5).view(None)
    assert GAME.new_state(4, 5).view(None) != GAME.new_state(4, 6).view(None)
    # The first holder of the wooden locomotive is drawn: every seat gets it for some seed.
    assert {GAME.new_state(3, seed).marker for seed in range(30)} == {0, 1, 2}


def test_end_card_can_be_anywhere_in_the_bottom_part_and_never_above() -> None:
    below = [GAME.new_state(2, seed).deck.end_below for seed in range(300)]
    zone = GAME.new_state(2, 0).deck.zone
    assert zone == 50 // 2
    assert min(below) == 0 and max(below) == zone


def test_player_counts_and_options_are_checked() -> None:
    for players in (1, 6):
        with pytest.raises(BadRecord):
            GAME.new_state(players, 1)
    with pytest.raises(BadRecord):
        GAME.new_state(3, 1, {"cabooses": "yes"})
    with pytest.raises(BadRecord):
        GAME.new_state(3, 1, {"tunnels": True})
    assert GAME.default_options() == {"cabooses": False}
    assert [(o.key, o.label) for o in GAME.option_schema] == [("cabooses", "option.cabooses")]


# -- refilling the main yard (ruling 3) -----------------------------------------------------------

def test_refill_needs_two_empty_rows() -> None:
    state = rig(main=[["box"] * 5, ["tank"] * 5, ["ore"] * 5, ["stock"]])  # one empty row
    assert not any(move.startswith("fill") for move in state.legal_moves())
    state = rig(main=[["box"] * 5, ["tank"] * 5, [], ["stock"]])  # rows 2 and 4 empty
    assert [move for move in state.legal_moves() if move.startswith("fill")] == ["fill 2", "fill 4"]


def test_refill_puts_the_top_five_cards_from_the_bumper_once_a_turn() -> None:
    state = rig(main=[["box"] * 5, ["tank"] * 5])
    top = state.deck.cars[-5:][::-1]
    state.deck.end_below = 0
    state.apply("fill 3")
    assert state.main[3] == top  # the first card drawn lies at the bumper
    assert state.events[-1] == {"type": "row_filled", "ply": 0, "player": 0, "row": 3, "cars": top}
    assert not any(move.startswith("fill") for move in state.legal_moves())  # one row a turn
    assert state.phase == "turn" and state.current_player == 0  # the action is still to come


def test_taking_from_the_main_yard_needs_three_cars_there() -> None:
    state = rig(main=[["box"], ["tank"]])
    assert main_steps(state) == []
    assert "fill 2" in state.legal_moves()
    state.apply("fill 2")
    assert main_steps(state)


def test_a_player_with_nothing_to_do_must_refill_then_passes() -> None:
    state = rig(main=[["box"], ["tank"]], yard=[[], []])
    state.players[0].mobilised = True
    assert state.legal_moves() == ["fill 2", "fill 3", "fill 4"]
    state = rig(main=[["box"], ["tank"], ["ore"], ["stock"]], yard=[[], []])  # 4 cars, no refill allowed
    state.players[0].mobilised = True
    state.players[0].locos = 0
    state.players[0].yard = [["tank"] * 8, ["tank"] * 8]
    state.players[0].points = 0
    assert state.legal_moves() == ["pass"]
    state.apply("pass")
    assert state.events[-1] == {"type": "passed", "ply": 0, "player": 0}
    assert state.current_player == 1


def test_end_card_drawn_while_refilling_ends_the_day_after_the_round() -> None:
    state = rig(3, main=[["box"] * 5, ["tank"] * 5])
    cars = list(state.deck.cars)
    state.deck.end_below = len(cars) - 2  # the end-of-day card comes up third
    state.apply("fill 2")
    assert state.main[2] == cars[-5:][::-1]  # set aside, the row completed with five cars
    assert len(state.deck.cars) == len(cars) - 5
    assert state.deck.end_drawn and state.view(None)["deck"]["end_card"] is None
    assert event_types(state)[-2:] == ["row_filled", "end_card_drawn"]
    assert state.current_player == 0  # the drawer still takes an action
    apply_all(state, "loco")
    assert state.current_player == 1
    apply_all(state, "loco")
    assert state.day == 1 and state.current_player == 2
    apply_all(state, "loco")
    assert state.day == 2  # scored once the round is complete
    assert event_types(state).count("day_scored") == 1


def test_in_the_last_round_a_refill_stops_when_the_deck_runs_out() -> None:
    state = rig(3, main=[["box"] * 5, ["tank"] * 5])
    state.deck.end_below = None
    state.deck.end_drawn = True
    state.deck.cars = ["ore", "hopper"]
    state.apply("fill 3")
    assert state.main[3] == ["hopper", "ore"]
    state.apply("loco")
    assert not any(move.startswith("fill") for move in state.legal_moves())  # nothing left to draw


# -- taking from the main yard (ruling 4) ---------------------------------------------------------

def test_take_exactly_three_from_the_open_ends_one_at_a_time() -> None:
    state = rig(main=[["box", "tank", "ore", "stock"], ["hopper"], ["gondola", "box"]], yard=[[], []])
    assert set(main_steps(state)) >= {"m0>new", "m0>mixed", "m0>y0", "m0>y1", "m1>y0", "m2>y1"}
    state.apply("m0>y0")  # stock
    assert state.phase == "main"
    assert state.legal_moves() == main_steps(state)  # no confirm, no other action before the third car
    state.apply("m0>new")  # ore starts an ore train
    state.apply("m0>y0")  # tank
    assert state.main[0] == ["box"]
    assert state.players[0].yard[0] == ["stock", "tank"]  # added at the open end, in the chosen order
    assert [t.public() for t in state.players[0].trains] == [
        {"kind": "ore", "cars": ["ore"], "caboose": False}]
    assert state.legal_moves() == ["done"]
    state.apply("done")
    assert state.current_player == 1 and state.phase == "turn"


def test_main_yard_cars_can_go_to_the_private_yard_but_not_beyond_eight_a_row() -> None:
    state = rig(main=[["box"] * 5, ["tank"] * 5], yard=[["ore"] * 8, ["ore"] * 7])
    targets = {move.split(">")[1] for move in main_steps(state)}
    assert "y0" not in targets and "y1" in targets


def test_cannot_take_three_cars_that_cannot_all_be_placed() -> None:
    # Private yard full, every locomotive pulling a train of another type.
    state = rig(main=[["box"] * 5, ["tank"] * 5], yard=FULL_YARD, locos=1, trains=[Train("ore", ["ore"])])
    assert main_steps(state) == []
    # One empty locomotive: three box cars fit a new box train, but not three mixed types.
    state = rig(main=[["box"] * 5], yard=FULL_YARD, locos=2, trains=[Train("ore", ["ore"])])
    assert main_steps(state) == ["m0>new"]  # a mixed train would take only one of them
    state = rig(main=[["box", "tank", "stock"]], yard=FULL_YARD, locos=2, trains=[Train("ore", ["ore"])])
    assert main_steps(state) == ["m0>mixed"]  # stock, tank, box: only a mixed train takes all three


def test_a_step_is_offered_only_if_the_take_can_still_be_completed() -> None:
    # Room for one car in the private yard, one empty locomotive, a mixed train already holding box
    # and tank; the row gives box, box, tank.
    state = rig(main=[["tank", "box", "box"]], yard=[["ore"] * 8, ["ore"] * 7], locos=2,
                trains=[Train(MIXED, ["box", "tank"])])
    # Box to the yard first would leave box and tank for one locomotive: only a new box train works.
    assert main_steps(state) == ["m0>new"]
    state.apply("m0>new")
    assert main_steps(state) == ["m0>t1"]  # the yard place must stay free for the tank
    state.apply("m0>t1")
    assert main_steps(state) == ["m0>y1"]


def brute_force_steps(state: FreightTrainState, count: int) -> list[str]:
    """The main-yard steps after which `count` - 1 more cars can be placed, by trying everything."""
    def completes(player: Player, rows: list[list[str]], left: int) -> bool:
        if left == 0:
            return True
        for r, row in enumerate(rows):
            if not row:
                continue
            for target in player.targets(row[-1], to_yard=True):
                trial = player.copy()
                trial.place(row[-1], target)
                rest = [list(other) for other in rows]
                rest[r].pop()
                if completes(trial, rest, left - 1):
                    return True
        return False

    player = state.players[state.current_player]
    steps = []
    for r, row in enumerate(state.main):
        if not row:
            continue
        for target in player.targets(row[-1], to_yard=True):
            trial = player.copy()
            trial.place(row[-1], target)
            rest = [list(other) for other in state.main]
            rest[r].pop()
            if completes(trial, rest, count - 1):
                steps.append(f"m{r}>{target}")
    return steps


def test_take_look_ahead_matches_brute_force_in_random_games() -> None:
    checked = 0

    def check(state: FreightTrainState, move: str | None) -> None:
        nonlocal checked
        if state.is_over() or state.phase not in ("turn", "main") or state.taken == 3:
            return
        player = state.players[state.current_player]
        if player.yard_room() >= 3 or sum(map(len, state.main)) < 3:
            return  # only crowded yards need the look-ahead
        checked += 1
        assert main_steps(state) == brute_force_steps(state, 3 - state.taken)

    for seed in range(12):
        play_random_game("freight_train", 2 + seed % 4, seed, {"cabooses": seed % 2 == 0}, check=check)
    assert checked > 100


# -- taking from the private yard, rearranging, mobilising (ruling 4) -----------------------------

def test_take_one_to_four_from_the_private_yard_to_trains_only() -> None:
    state = rig(main=[], yard=[["tank", "box", "box", "box"], ["stock", "box"]], locos=2)
    assert [m for m in state.legal_moves() if m[0] == "y"] == ["y0>new", "y0>mixed", "y1>new", "y1>mixed"]
    state.apply("y0>new")
    assert state.phase == "private"
    assert state.legal_moves() == ["done", "y0>t0", "y0>mixed", "y1>t0", "y1>mixed"]  # no yard target
    apply_all(state, "y1>t0", "y0>t0", "y0>t0")
    assert state.players[0].trains[0].cars == ["box"] * 4
    assert state.legal_moves() == ["done"]  # four at most
    state.apply("done")
    assert state.players[0].yard == [["tank"], ["stock"]]
    assert state.current_player == 1


def test_private_yard_take_stops_when_it_is_confirmed() -> None:
    state = rig(main=[], yard=[["box"], ["tank"]], locos=2)
    apply_all(state, "y0>new", "done")
    assert state.players[0].yard == [[], ["tank"]] and state.current_player == 1


def test_no_private_yard_take_when_no_open_end_car_fits_a_train() -> None:
    state = rig(yard=[["box", "tank"], ["stock"]], locos=1, trains=[Train("ore", ["ore"])])
    assert not any(move.startswith("y") for move in state.legal_moves())


def test_rearrange_costs_a_point_and_rebuilds_the_yard_freely() -> None:
    state = rig(main=[], yard=[["tank", "box", "tank"], ["ore"] * 6], points=2)
    assert "arrange" in state.legal_moves()
    state.apply("arrange")
    assert state.players[0].points == 1
    assert state.pool == ["box", "ore", "ore", "ore", "ore", "ore", "ore", "tank", "tank"]
    assert state.players[0].yard == [[], []]
    assert state.legal_moves() == ["box>y0", "box>y1", "ore>y0", "ore>y1", "tank>y0", "tank>y1"]
    apply_all(state, *["ore>y0"] * 6, "tank>y0", "tank>y0")
    assert state.legal_moves() == ["box>y1"]  # row 0 is full at eight
    state.apply("box>y1")
    assert state.legal_moves() == ["done"]
    state.apply("done")
    assert state.players[0].yard == [["ore"] * 6 + ["tank", "tank"], ["box"]]
    assert state.events[-1]["type"] == "yard_rearranged"
    assert state.events[-1]["rows"] == [["ore"] * 6 + ["tank", "tank"], ["box"]]
    assert state.current_player == 1


def test_rearrange_needs_a_car_and_a_point() -> None:
    assert "arrange" in rig(yard=[["box"], []], points=1).legal_moves()
    assert "arrange" not in rig(yard=[["box"], []], points=0).legal_moves()
    assert "arrange" not in rig(yard=[[], []], points=5).legal_moves()


def test_mobilise_once_a_day_and_never_on_day_three() -> None:
    state = rig(2)
    state.apply("loco")
    assert state.players[0].locos == 8 and state.players[0].mobilised
    state.apply("loco")  # seat 1
    assert "loco" not in state.legal_moves()  # seat 1 again, starting round 2
    state = rig(2)
    state.day = 3
    assert "loco" not in state.legal_moves()


# -- trains (ruling 5) ----------------------------------------------------------------------------

def test_train_targets() -> None:
    player = Player(locos=4, points=5)
    assert player.targets("box", to_yard=False) == ["new", "mixed"]
    player.place("box", "new")
    assert player.targets("box", to_yard=False) == ["t0", "mixed"]  # never a second box train
    assert player.targets("tank", to_yard=False) == ["new", "mixed"]  # a box train takes no tank
    player.place("box", "mixed")  # a box car may start the mixed train
    assert player.targets("box", to_yard=False) == ["t0"]  # the mixed train holds one box at most
    assert player.targets("tank", to_yard=False) == ["t1", "new"]  # one mixed train only
    player.place("tank", "t1")
    player.place("ore", "new")
    player.place("stock", "new")
    assert player.locos == len(player.trains)
    assert player.targets("hopper", to_yard=True) == ["t1", "y0", "y1"]  # no empty locomotive
    assert player.targets("ore", to_yard=False) == ["t1", "t2"]  # the mixed train lacks an ore car


def test_mixed_train_holds_at_most_one_of_each_type() -> None:
    player = Player(locos=1, points=5)
    for car in CAR_TYPES:
        assert player.targets(car, to_yard=False) == (["t0"] if player.trains else ["new", "mixed"])
        player.place(car, "t0" if player.trains else "mixed")
    assert len(player.trains[0].cars) == 11
    assert all(player.targets(car, to_yard=False) == [] for car in CAR_TYPES)


# -- turn order (ruling 6) ------------------------------------------------------------------------

def test_wooden_locomotive_turn_order() -> None:
    state = GAME.new_state(3, 2)
    marker = state.marker
    order = []
    for _ in range(6):
        order.append(state.current_player)
        state.apply("loco" if "loco" in state.legal_moves() else "arrange")
        if state.phase == "arrange":
            while state.legal_moves() != ["done"]:
                state.apply(state.legal_moves()[0])
            state.apply("done")
    assert order == [(marker + k) % 3 for k in (0, 1, 2, 1, 2, 3)]
    assert state.marker == (marker + 2) % 3
    starts = [e["start_player"] for e in state.events if e["type"] == "round_started"]
    assert starts == [marker, (marker + 1) % 3, (marker + 2) % 3]


# -- end of day and next day (rulings 7 and 9) ----------------------------------------------------

def end_day(state: FreightTrainState) -> None:
    """Finish the current day by setting the end-of-day card to be drawn at the next refill."""
    state.deck.end_below = len(state.deck.cars)
    while state.main[0] or state.main[1]:
        state.main[0:2] = [[], []]
    start_day = state.day
    while state.day == start_day and not state.is_over():
        legal = state.legal_moves()
        fills = [move for move in legal if move.startswith("fill")]
        state.apply(fills[0] if fills else legal[-1] if legal[-1] in ("pass", "loco") else legal[0])


def test_next_day_returns_trains_and_main_yard_keeps_private_yards() -> None:
    state = rig(3, main=[["box"] * 5, ["tank"] * 5, ["ore"] * 5], locos=6)
    apply_all(state, "m0>new", "m0>t0", "m1>mixed", "done")
    apply_all(state, "loco")  # seat 1 mobilises; seat 0 and 2 do not
    yards = [[list(row) for row in p.yard] for p in state.players]
    locos = [p.locos for p in state.players]
    marker = state.marker
    state.deck.end_below = len(state.deck.cars)
    state.main[3:5] = [[], []]
    state.apply(next(m for m in state.legal_moves() if m.startswith("fill")))  # seat 2 draws it
    state.apply("loco")
    assert state.day == 2
    assert all(not p.trains for p in state.players)
    assert [[list(row) for row in p.yard] for p in state.players][:2] == yards[:2]
    assert [len(row) for row in state.main] == [5] * 5
    # Seat 2 mobilised on day 1 too (its last move), so only seat 0 gets a free locomotive.
    assert [p.locos for p in state.players] == [locos[0] + 1, locos[1], locos[2] + 1]
    assert not any(p.mobilised for p in state.players)
    assert state.marker == (marker + 1) % 3 and state.current_player == state.marker
    assert state.deck.zone == len(state.deck.cars) // 3  # bottom third on day 2
    started = [e for e in state.events if e["type"] == "day_started"][-1]
    assert started == {"type": "day_started", "ply": len(state.moves) - 1, "day": 2, "free_locos": [0]}


def test_three_days_then_the_game_is_over() -> None:
    state = GAME.new_state(2, 4)
    end_day(state)
    assert state.day == 2
    end_day(state)
    assert state.day == 3 and state.deck.zone == len(state.deck.cars) // 4  # bottom quarter on day 3
    end_day(state)
    assert state.is_over() and state.current_player is None and state.phase == "over"
    assert state.legal_moves() == []
    result = state.result()
    assert len(state.days) == 3
    assert result.scores == [p.points for p in state.players]
    assert state.events[-1] == {"type": "game_over", "ply": len(state.moves) - 1, "winners": result.winners,
                                "scores": result.scores}
    with pytest.raises(IllegalMove) as err:
        state.apply("pass")
    assert err.value.reason == "error.game_over"


def test_tied_players_share_the_win() -> None:
    state = GAME.new_state(3, 1)
    for player, points in zip(state.players, (7, 9, 9), strict=True):
        player.points = points
    assert state.result().winners == [1, 2]


def test_a_round_of_passes_ends_a_stuck_day() -> None:
    state = rig(2, main=[["box"], ["tank"], ["ore"], ["stock"]])
    for player in state.players:
        player.locos, player.trains, player.points, player.mobilised = 0, [], 0, True
        player.yard = [["tank"] * 8, ["tank"] * 8]
    state.apply("pass")
    assert state.day == 1
    state.apply("pass")
    assert state.day == 2
    assert "day_stalled" in event_types(state)


# -- cabooses (ruling 10) -------------------------------------------------------------------------

def test_no_caboose_without_the_option() -> None:
    state = rig(trains=[Train("box", ["box"])])
    assert not any(move.startswith("caboose") for move in state.legal_moves())
    assert state.view(None)["cabooses"] == 0


def test_caboose_closes_a_train_and_returns_at_the_end_of_the_day() -> None:
    state = rig(2, main=[["box"] * 5], yard=[[], []], locos=3,
                trains=[Train("box", ["box"]), Train(MIXED, ["tank"])], cabooses=True)
    assert [m for m in state.legal_moves() if m.startswith("caboose")] == ["caboose>t0", "caboose>t1"]
    state.apply("caboose>t0")
    assert state.cabooses == 6 and state.players[0].trains[0].caboose
    assert state.events[-1]["type"] == "caboose_attached"
    assert state.current_player == 1
    state.marker, state.turn, state._legal_cache = 0, 0, None  # seat 0 to play again
    # Train 0 takes no more box cars, and no second box train may start.
    assert main_steps(state) == ["m0>t1", "m0>y0", "m0>y1"]
    assert [m for m in state.legal_moves() if m.startswith("caboose")] == ["caboose>t1"]
    end_day(state)
    assert state.cabooses == 7


def test_cabooses_run_out() -> None:
    state = rig(cabooses=True, trains=[Train("box", ["box"])], locos=5)
    state.cabooses = 0
    assert not any(move.startswith("caboose") for move in state.legal_moves())


# -- moves, errors, undo, view, copy --------------------------------------------------------------

@pytest.mark.parametrize("move", [None, 3, ["done"], "", "fill", "fill 5", "m5>t0", "m0>z", "m0>t99",
                                  "y2>t0", "y0>y1", "box>t0", "boxcar>y0", "caboose>y0", "take 3", " done"])
def test_malformed_moves(move: object) -> None:
    with pytest.raises(MalformedMove) as err:
        GAME.new_state(3, 1).apply(move)
    assert err.value.reason == "error.move_malformed"


@pytest.mark.parametrize("move", ["done", "pass", "m0>t9", "caboose>t0", "box>y0", "fill 0"])
def test_well_formed_but_illegal_moves(move: str) -> None:
    state = GAME.new_state(3, 1)
    with pytest.raises(IllegalMove) as err:
        state.apply(move)
    assert err.value.reason == "error.move_illegal" and err.value.params == {"move": move}
    assert state.moves == []


def test_undo_counts_the_steps_since_the_last_final_move() -> None:
    state = GAME.new_state(3, 1)
    state.apply("loco")
    seat = state.current_player
    assert state.view(seat)["turn"]["undo"] == 0
    before = state.view(None)
    apply_all(state, "m0>new", "m0>y0")
    assert state.view(seat)["turn"] == {"filled": False, "taken": 2, "pool": [], "passes": 0, "undo": 2}
    # Taking back is replaying the record without the last steps.
    assert GAME.replay(state.record(), upto=len(state.moves) - 2).view(None) == before
    apply_all(state, "m1>y1", "done")
    assert state.view(None)["turn"]["undo"] == 0


def test_a_refill_cannot_be_taken_back() -> None:
    state = rig(main=[["box"] * 5, ["tank"] * 5], yard=[[], []])
    state.apply("m0>new")
    assert state.view(0)["turn"]["undo"] == 1
    state = rig(main=[["box"] * 5, ["tank"] * 5], yard=[[], []])
    state.apply("fill 2")
    assert state.view(0)["turn"]["undo"] == 0  # a refill reveals cards: it is final
    state.apply("m0>new")
    assert state.view(0)["turn"]["undo"] == 1


def test_view_keys_and_hidden_deck_order() -> None:
    state = GAME.new_state(4, 9, {"cabooses": True})
    view = state.view(2)
    assert set(view) == {"game", "players", "seat", "options", "current_player", "phase", "day", "round",
                         "start_player", "points", "locos", "mobilised", "rearranged", "trains", "yards",
                         "main_yard",
                         "deck", "cabooses", "turn", "standings", "days"}
    assert view["game"] == "freight_train" and view["players"] == 4 and view["seat"] == 2
    assert view["options"] == {"cabooses": True} and view["cabooses"] == 7
    assert json.loads(json.dumps(view)) == view
    assert sum(view["deck"]["counts"].values()) == view["deck"]["cars"] == len(state.deck.cars)
    # Another order of the same deck, with the end-of-day card elsewhere in its zone: same view.
    other = state.copy()
    Rng(5).shuffle(other.deck.cars)
    other.deck.end_below = (state.deck.end_below + 1) % (state.deck.zone + 1)
    assert other.view(2) == view and other.view(None) == state.view(None)
    assert state.view(None)["seat"] is None


def test_standings_show_the_points_if_the_day_ended_now() -> None:
    state = rig(2, trains=[Train("box", ["box"] * 2)])
    state.players[1].trains = [Train("box", ["box"])]
    assert state.view(None)["standings"]["box"] == [3, 1]
    assert state.view(None)["standings"]["tank"] == [0, 0]


def test_copy_is_independent() -> None:
    state = GAME.new_state(3, 3)
    other = state.copy()
    assert other.legal_moves() == state.legal_moves() and other.view(None) == state.view(None)
    other.apply(other.legal_moves()[0])
    other.apply(other.legal_moves()[0])
    assert state.moves == [] and state.view(None) == GAME.new_state(3, 3).view(None)
    assert GAME.replay(other.record()).view(None) == other.view(None)


def test_car_moved_event() -> None:
    state = rig(main=[["box"] * 5, ["tank"] * 5], yard=[[], []])
    state.apply("m1>mixed")
    assert state.events[-1] == {"type": "car_moved", "ply": 0, "player": 0, "car": "tank", "source": "main",
                                "row": 1, "target": "train", "index": 0, "train_kind": MIXED, "new": True}
    state.apply("m1>y1")
    assert state.events[-1] == {"type": "car_moved", "ply": 1, "player": 0, "car": "tank", "source": "main",
                                "row": 1, "target": "yard", "index": 1, "train_kind": None, "new": False}


def test_a_state_rebuilt_from_a_view_and_the_true_deck_plays_on_like_the_game() -> None:
    for seed, cut in ((1, 40), (2, 333), (3, 700)):
        game = play_random_game("freight_train", 2 + seed, seed, {"cabooses": seed == 2})
        record = game.record()
        state = GAME.replay(record, upto=cut)
        view = state.view(state.current_player)
        rebuilt = FreightTrainState.from_view(view, state.deck.cars, state.deck.end_below, state.seed)
        assert rebuilt.view(state.current_player) == view
        assert rebuilt.legal_moves() == state.legal_moves()
        apply_all(rebuilt, *record["moves"][cut:])
        assert rebuilt.view(None) == game.view(None)
        assert rebuilt.result().to_dict() == game.result().to_dict()
