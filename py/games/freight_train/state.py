"""The Freight Train state: set-up, turn flow, legal moves and day scoring."""

from __future__ import annotations

import re
from typing import Any

from games.core import MalformedMove, Move, Result, Rng, State
from games.freight_train.cards import (
    CABOOSES,
    CAR_TYPES,
    COPIES_PER_TYPE,
    DAYS,
    END_CARD_PART,
    MAIN_ROW_CARS,
    MAIN_ROWS,
    MAIN_TAKE,
    MOBILISE_DAYS,
    REARRANGE_COST,
    REFILL_EMPTY_ROWS,
    START_LOCOMOTIVES,
    START_POINTS,
    TYPE_ORDER,
    YARD_ROW_LIMIT,
    YARD_START_CARS,
    YARD_TAKE_MAX,
)
from games.freight_train.deck import END_CARD, Deck
from games.freight_train.player import TRAIN_TARGETS, YARD_TARGETS, Player, Room, Train
from games.freight_train.scoring import category_table, yard_points
from games.freight_train.view import DayScore, FreightTrainView

TURN, MAIN, PRIVATE, ARRANGE, OVER = "turn", "main", "private", "arrange", "over"

_TRAIN = r"t(?:[12]?\d|3[01])"
MOVE_SHAPE = re.compile(
    rf"fill [0-{MAIN_ROWS - 1}]|m[0-{MAIN_ROWS - 1}]>(?:{_TRAIN}|new|mixed|y[01])"
    rf"|y[01]>(?:{_TRAIN}|new|mixed)|(?:{'|'.join(CAR_TYPES)})>y[01]|caboose>{_TRAIN}"
    r"|done|arrange|loco|pass"
)
FILL_MOVES = tuple(f"fill {r}" for r in range(MAIN_ROWS))
MAIN_SOURCES = tuple(f"m{r}>" for r in range(MAIN_ROWS))
YARD_SOURCES = tuple(f"y{j}>" for j in range(len(YARD_TARGETS)))
ARRANGE_MOVES = {car: tuple(f"{car}>{row}" for row in YARD_TARGETS) for car in CAR_TYPES}


class FreightTrainState(State):
    game_id = "freight_train"
    # A refill shows cards and a new round or day changes the table: none of them can be taken back.
    # (With 2 players the last mover of a round also starts the next, so "round_started" is needed.)
    turn_boundaries = frozenset({"row_filled", "end_card_drawn", "round_started", "day_scored"})

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.day = 1
        self.round = 1
        self.marker = Rng.derive(seed, "marker").below(num_players)  # holder of the wooden locomotive
        self.turn = 0  # turns already played in this round
        self.phase = TURN
        self.filled = False  # a main-yard row was refilled this turn
        self.taken = 0  # cars moved so far by the current action
        self.pool: list[str] = []  # cars lifted out of the private yard while rearranging it
        self.passes = 0  # consecutive turns ended by a pass
        self.commit = 0  # moves before this index are final (the UI may take back the rest)
        self.cabooses = CABOOSES if options["cabooses"] else 0  # left in the shared supply
        self.players = [Player(START_LOCOMOTIVES[num_players], START_POINTS) for _ in range(num_players)]
        self.main: list[list[str]] = [[] for _ in range(MAIN_ROWS)]
        self.days: list[list[DayScore]] = []  # per scored day, per player: its points
        cars = [car for car in CAR_TYPES for _ in range(COPIES_PER_TYPE[num_players])]
        self.deck = Deck(cars)
        rng = self._deal_main_yard()
        for player in self.players:
            for row in player.yard:
                row.extend(self.deck.cars.pop() for _ in range(YARD_START_CARS))
        self.deck.hide_end_card(rng, END_CARD_PART[self.day])
        self.emit("day_started", day=self.day, free_locos=[])
        self.emit("round_started", day=self.day, round=self.round, start_player=self.marker)

    @classmethod
    def from_view(cls, view: FreightTrainView, cars: list[str], end_below: int | None,
                  seed: int) -> FreightTrainState:
        """A live state that matches a view, with a guessed deck order (top card last) and place of the
        end-of-day card (`end_below` cars under it; None once drawn); `seed` drives later days' shuffles.
        Bots search on such states: it has no record of the moves that led to it."""
        state = object.__new__(cls)
        State.__init__(state, view["players"], seed, view["options"])
        state.day, state.round, state.marker = view["day"], view["round"], view["start_player"]
        mover = view["current_player"]
        if mover is None:
            raise ValueError("the game is over")
        state.turn = (mover - state.marker) % state.num_players
        state.phase = view["phase"]
        turn = view["turn"]
        state.filled, state.taken, state.pool = turn["filled"], turn["taken"], list(turn["pool"])
        state.passes = turn["passes"]
        state.commit = -turn["undo"]  # the action's first steps are not in this state's (empty) record
        state.cabooses = view["cabooses"]
        state.players = []
        for seat in range(state.num_players):
            player = Player(view["locos"][seat], view["points"][seat])
            player.trains = [Train(train["kind"], list(train["cars"]), train["caboose"])
                             for train in view["trains"][seat]]
            player.yard = [list(row) for row in view["yards"][seat]]
            player.mobilised = view["mobilised"][seat]
            player.rearranged = view["rearranged"][seat]
            state.players.append(player)
        state.main = [list(row) for row in view["main_yard"]]
        state.days = [list(day) for day in view["days"]]
        state.deck = Deck(list(cars))
        window = view["deck"]["end_card"]
        state.deck.end_below = end_below
        state.deck.end_drawn = view["deck"]["end_card_drawn"]
        # Only the window's bounds matter: a zone reaching the top of the deck stays so as cars go.
        state.deck.zone = len(cars) - window["min_before"] if window else 0
        return state

    def copy(self) -> FreightTrainState:
        """An independent state, much cheaper than `copy.deepcopy` (bots search on copies)."""
        other = self._shallow_copy()
        other.pool = list(self.pool)
        other.players = [player.copy() for player in self.players]
        other.main = [list(row) for row in self.main]
        other.days = list(self.days)
        other.deck = self.deck.copy()
        return other

    # -- contract ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        return self.mover

    @property
    def mover(self) -> int:
        """The seat whose turn it is in a live game."""
        return (self.marker + self.turn) % self.num_players

    def is_over(self) -> bool:
        return self.phase == OVER

    def _parse(self, move: object) -> Move:
        if not isinstance(move, str) or not MOVE_SHAPE.fullmatch(move):
            raise MalformedMove(move)
        return move

    def _legal(self) -> list[Move]:
        player = self.players[self.mover]
        if self.phase == MAIN:
            return ["done"] if self.taken == MAIN_TAKE else self._main_steps(player, MAIN_TAKE - self.taken)
        if self.phase == PRIVATE:
            return ["done", *self._yard_steps(player)] if self.taken < YARD_TAKE_MAX else ["done"]
        if self.phase == ARRANGE:
            if not self.pool:
                return ["done"]
            rows = [j for j, row in enumerate(player.yard) if len(row) < YARD_ROW_LIMIT]
            return [ARRANGE_MOVES[car][j] for car in dict.fromkeys(self.pool) for j in rows]
        fills: list[Move] = []
        empty = [r for r, row in enumerate(self.main) if not row]
        if not self.filled and len(empty) >= REFILL_EMPTY_ROWS and self.deck.can_draw():
            fills = [FILL_MOVES[r] for r in empty]
        actions = self._yard_steps(player)
        if sum(map(len, self.main)) >= MAIN_TAKE:
            actions = self._main_steps(player, MAIN_TAKE) + actions
        if player.points >= REARRANGE_COST and player.yard_cars():
            actions.append("arrange")
        if self.day in MOBILISE_DAYS and not player.mobilised:
            actions.append("loco")
        if self.cabooses:
            actions.extend(f"caboose>{TRAIN_TARGETS[i]}"
                           for i, train in enumerate(player.trains) if not train.caboose)
        if actions:
            return fills + actions
        # With nothing to do, a player who may refill must try it before passing.
        return fills or ["pass"]

    def _main_steps(self, player: Player, count: int) -> list[Move]:
        """Each first step of taking `count` more cars that can still be completed legally."""
        # Without a caboose every car fits its own train, an empty locomotive or a free yard place,
        # so counting places settles most cases; the look-ahead search handles the rest.
        closed = any(train.caboose for train in player.trains)
        places = player.yard_room() + (0 if closed else player.locos - len(player.trains))
        room: Room | None = None
        targets: dict[str, list[str]] = {}
        steps = []
        for r, row in enumerate(self.main):
            if not row:
                continue
            car = row[-1]
            if car not in targets:
                targets[car] = player.targets(car, to_yard=True)
            completes: dict[str, bool] = {}  # both yard rows leave the same room
            for target in targets[car]:
                if count > 1 and places - (target[0] != "t") < count - 1:
                    key = "y" if target[0] == "y" else target
                    if key not in completes:
                        room = room or player.room()
                        kind = player.trains[int(target[1:])].kind if target[0] == "t" else None
                        taken = [0] * MAIN_ROWS
                        taken[r] = 1
                        completes[key] = room.receive(car, target, kind).fits(self.main, taken, count - 1)
                    if not completes[key]:
                        continue
                steps.append(MAIN_SOURCES[r] + target)
        return steps

    def _yard_steps(self, player: Player) -> list[Move]:
        return [YARD_SOURCES[j] + target
                for j, row in enumerate(player.yard) if row
                for target in player.targets(row[-1], to_yard=False)]

    def _do(self, move: Move) -> None:
        seat = self.mover
        player = self.players[seat]
        if move == "done":
            if self.phase == ARRANGE:
                self.emit("yard_rearranged", player=seat, rows=[list(row) for row in player.yard],
                          cost=REARRANGE_COST)
            self._end_turn(passed=False)
        elif move == "pass":
            self.emit("passed", player=seat)
            self._end_turn(passed=True)
        elif move.startswith("fill"):
            self._fill(seat, int(move[5:]))
        elif move == "arrange":
            player.points -= REARRANGE_COST
            player.rearranged += 1
            self.pool = sorted((car for row in player.yard for car in row), key=TYPE_ORDER.__getitem__)
            for row in player.yard:
                row.clear()
            self.phase = ARRANGE
        elif move == "loco":
            player.locos += 1
            player.mobilised = True
            self.emit("loco_mobilised", player=seat, locos=player.locos)
            self._end_turn(passed=False)
        elif move.startswith("caboose"):
            index = int(move[9:])
            player.trains[index].caboose = True
            self.cabooses -= 1
            self.emit("caboose_attached", player=seat, train=index, train_kind=player.trains[index].kind)
            self._end_turn(passed=False)
        else:
            source, target = move.split(">")
            self._move_car(seat, player, source, target)

    def _move_car(self, seat: int, player: Player, source: str, target: str) -> None:
        if source in TYPE_ORDER:  # rebuilding the private yard
            self.pool.remove(source)
            player.yard[int(target[1:])].append(source)
            return
        row = int(source[1:])
        if source[0] == "m":
            car = self.main[row].pop()
            self.phase = MAIN
        else:
            car = player.yard[row].pop()
            self.phase = PRIVATE
        self.taken += 1
        new = target in ("new", "mixed")
        train = player.place(car, target)
        index = int(target[1:]) if train is None else player.trains.index(train)
        self.emit("car_moved", player=seat, car=car, source="main" if source[0] == "m" else "yard", row=row,
                  target="yard" if train is None else "train", index=index,
                  train_kind=None if train is None else train.kind, new=new)

    # -- main yard and deck -----------------------------------------------------------------
    def _deal_main_yard(self) -> Rng:
        """Shuffle the deck for the day and fill every main-yard row; returns the day's generator."""
        rng = self.chance("day", self.day)
        rng.shuffle(self.deck.cars)
        for row in self.main:
            row.extend(self.deck.cars.pop() for _ in range(MAIN_ROW_CARS))
        return rng

    def _fill(self, seat: int, r: int) -> None:
        """Refill an empty row from the bumper; the end-of-day card is set aside and the row completed
        (or left short when the deck runs out)."""
        row = self.main[r]
        if self.fresh_chance:
            self._shuffle_deck()
        end_card = False
        while len(row) < MAIN_ROW_CARS:
            card = self.deck.draw()
            if card is None:
                break
            if card == END_CARD:
                end_card = True
            else:
                row.append(card)
        self.filled = True
        self.commit = len(self.moves) + 1  # cards were revealed: no taking back past this point
        self.emit("row_filled", player=seat, row=r, cars=list(row))
        if end_card:
            self.emit("end_card_drawn", player=seat, day=self.day)

    def _shuffle_deck(self) -> None:
        """A refill's own chance point in a fresh-chance game: the cars left are shuffled again and the
        end-of-day card placed again in what is left of its part, each place as likely as before. The
        odds are those of the deck as it lies, but a record made before the refill cannot tell it."""
        rng = self.chance("fill", self.day, len(self.moves))
        deck = self.deck
        rng.shuffle(deck.cars)
        if deck.end_below is not None:
            deck.end_below = rng.below(min(deck.zone, len(deck.cars)) + 1)

    # -- turn, round and day flow -----------------------------------------------------------
    def _end_turn(self, passed: bool) -> None:
        self.phase = TURN
        self.filled = False
        self.taken = 0
        self.commit = len(self.moves) + 1
        self.passes = self.passes + 1 if passed else 0
        self.turn += 1
        # A whole round of passes with the end-of-day card still hidden could never end the day.
        stalled = self.passes >= self.num_players and not self.deck.end_drawn
        if self.turn < self.num_players and not stalled:
            return
        self.turn = 0
        self.marker = (self.marker + 1) % self.num_players
        if stalled:
            self.emit("day_stalled", day=self.day)
        if stalled or self.deck.end_drawn:
            self._score_day()
            if self.day == DAYS:
                self.phase = OVER
                scores = [player.points for player in self.players]
                self.emit("game_over", winners=self.result().winners, scores=scores)
                return
            self._start_next_day()
        else:
            self.round += 1
        self.emit("round_started", day=self.day, round=self.round, start_player=self.marker)

    def _score_day(self) -> None:
        table = category_table(self.players)
        for entry in table:
            self.emit("category_scored", day=self.day, **entry)
        yard_cars = [player.yard_cars() for player in self.players]
        yard = [yard_points(cars, self.day) for cars in yard_cars]
        self.emit("yard_scored", day=self.day, cars=yard_cars, points=yard)
        day: list[DayScore] = []
        for i, player in enumerate(self.players):
            categories = {entry["category"]: entry["points"][i] for entry in table}
            trains = sum(categories.values())
            player.points += trains + yard[i]
            day.append({"categories": categories, "trains": trains, "yard": yard[i],
                        "total": trains + yard[i]})
        self.days.append(day)
        self.emit("day_scored", day=self.day, points=[entry["total"] for entry in day],
                  scores=[player.points for player in self.players])

    def _start_next_day(self) -> None:
        """Cars in trains and in the main yard go back to the deck; private yards stay (ruling 9)."""
        returned = self.deck.cars
        for row in self.main:
            returned.extend(row)
            row.clear()
        free = []
        for seat, player in enumerate(self.players):
            for train in player.trains:
                returned.extend(train.cars)
            player.trains = []
            if not player.mobilised:
                player.locos += 1
                free.append(seat)
            player.mobilised = False
        self.day += 1
        self.round = 1
        self.passes = 0
        self.cabooses = CABOOSES if self.options["cabooses"] else 0
        rng = self._deal_main_yard()
        self.deck.hide_end_card(rng, END_CARD_PART[self.day])
        self.emit("day_started", day=self.day, free_locos=free)

    # -- outcome and view -------------------------------------------------------------------
    def result(self) -> Result:
        breakdown = [{"start": START_POINTS, "rearranged": -REARRANGE_COST * player.rearranged,
                      "days": [day[i] for day in self.days]}
                     for i, player in enumerate(self.players)]
        return Result.from_scores([player.points for player in self.players], breakdown=breakdown)

    def view(self, player: int | None) -> FreightTrainView:
        unseen = dict.fromkeys(CAR_TYPES, 0)
        for car in self.deck.cars:
            unseen[car] += 1
        standings = {entry["category"]: entry["points"] for entry in category_table(self.players)}
        return {
            **self.view_header(player),
            "phase": self.phase,
            "day": self.day,
            "round": self.round,
            "start_player": self.marker,
            "points": [p.points for p in self.players],
            "locos": [p.locos for p in self.players],
            "mobilised": [p.mobilised for p in self.players],
            "rearranged": [p.rearranged for p in self.players],
            "trains": [[train.public() for train in p.trains] for p in self.players],
            "yards": [[list(row) for row in p.yard] for p in self.players],
            "main_yard": [list(row) for row in self.main],
            "deck": {**self.deck.public(), "counts": unseen},
            "cabooses": self.cabooses,
            "turn": {"filled": self.filled, "taken": self.taken, "pool": list(self.pool),
                     "passes": self.passes, "undo": len(self.moves) - self.commit},
            "standings": standings,
            "days": [list(day) for day in self.days],
        }
