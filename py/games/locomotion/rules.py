"""The Locomotion state: turns, dice, platform slides, driving, doubles and repair tiles."""

from __future__ import annotations

import re
from typing import Any

from games.core import IllegalMove, MalformedMove, Move, Result, State
from games.locomotion import board_data as data
from games.locomotion.drive import Run, run_from
from games.locomotion.track import (
    EMPTY,
    LAYOUT_INDEX,
    NEXT,
    SETUP_LAYOUT,
    SQUARE_INDEX,
    SQUARES,
    START,
    cause,
    slid,
)
from games.locomotion.view import DiceView, LocomotionView, PreviewView, SlideView

HOME, SHED = -1, -2
PER_PLAYER = data.LOCOS_PER_PLAYER
COLOUR_INDEX = {name: i for i, name in enumerate(data.COLOURS)}
DIE_FACES = tuple(COLOUR_INDEX[name] for name in data.COLOUR_DIE)
SQUARE_COLOUR = tuple(sq.colour for sq in SQUARES)

# The phase in which each kind of move is played.
VERB_PHASE = {"drive": "drive", "enter": "drive", "pass": "drive", "roll": "choose", "repair": "choose",
              "again": "extra", "stop": "extra"}

_MOVE = re.compile(r"(roll|pass|again|stop)|(drive) (0|[1-9][0-9]?)|(enter) ([0-9])|(repair) ([a-z]+)")


class LocomotionState(State):
    game_id = "locomotion"
    # Nobody takes a move back once the dice are seen (every roll emits this event).
    turn_boundaries = frozenset({"dice_rolled"})

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.pos = [HOME] * (num_players * PER_PLAYER)
        self.occupant = [-1] * len(SQUARES)
        self.layout = SETUP_LAYOUT
        self.nxt = NEXT[LAYOUT_INDEX[SETUP_LAYOUT]]
        self.sheds: list[int] = []
        self.player = 0
        self.phase = "drive"
        self.rolls = 0  # turns rolled so far: the label of each roll's chance draw
        self.colour = -1
        self.numbers = (0, 0)
        self.chosen = False  # the colour came from a repair tile
        self.slide: tuple[int, int, int] | None = None  # colour, from gap, to gap
        self.extra = False  # this is a double's extra turn
        self.driven = -1  # the locomotive driven this turn; in a double's extra turn, the one to drive
        self.winner = -1
        self.tiles = [0] * num_players
        self.pile = data.REPAIR_TILES if options.get("repair_tiles") else 0
        self.crashes = [0] * num_players
        self.turns = [0] * num_players
        self.rolls_itself = True  # False in bots' look-ahead copies, which wait for `rolled()`
        self.pending = -1  # look-ahead copies: the colour a tile chose for the pending roll, or -1
        self._begin_turn()

    def copy(self) -> LocomotionState:
        """A cheap independent copy for bots' look-ahead (shallow copies of every list it changes)."""
        other = self._shallow_copy()
        for name in ("pos", "occupant", "sheds", "tiles", "crashes", "turns"):
            setattr(other, name, list(getattr(self, name)))
        return other

    @classmethod
    def from_view(cls, view: LocomotionView) -> LocomotionState:
        """A look-ahead state that plays on exactly like the viewed one (Locomotion hides nothing):
        what bots search, since they only see views. It has no record and no log."""
        state = cls(view["players"], 0, view["options"]).lookahead()
        state.events, state.moves, state.movers = [], [], []
        state.occupant = [-1] * len(SQUARES)
        for loco in view["locos"]:
            name = loco["square"]  # set exactly when the locomotive is on the track
            if name is not None:
                square = SQUARE_INDEX[name]
                state.pos[loco["id"]] = square
                state.occupant[square] = loco["id"]
            else:
                state.pos[loco["id"]] = HOME if loco["place"] == "home" else SHED
        state.sheds = list(view["sheds"])
        state.layout = tuple(EMPTY if c is None else COLOUR_INDEX[c] for c in view["gaps"])
        state.nxt = NEXT[LAYOUT_INDEX[state.layout]]
        dice, slide = view["dice"], view["slide"]
        state.colour = -1 if dice is None else COLOUR_INDEX[dice["colour"]]
        state.numbers = (0, 0) if dice is None else (dice["numbers"][0], dice["numbers"][1])
        state.chosen = dice is not None and dice["chosen"]
        state.slide = None
        if slide is not None:
            state.slide = (COLOUR_INDEX[slide["colour"]], slide["source"], slide["target"])
        state.winner = -1 if view["winner"] is None else view["winner"]
        state.player = state.winner if view["current_player"] is None else view["current_player"]
        state.phase, state.extra = view["phase"], view["extra_turn"]
        state.driven = -1 if view["driven"] is None else view["driven"]
        state.tiles, state.pile = list(view["tiles"]), view["pile"]
        state.crashes, state.turns = list(view["crashes"]), list(view["turns"])
        state._legal_cache = None
        return state

    # -- turn flow ----------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        self.colour, self.numbers, self.slide = -1, (0, 0), None
        if not self.extra:
            self.driven = -1
            self.turns[self.player] += 1
        if self.tiles[self.player]:
            self.phase = "choose"
        else:
            self._roll(-1)

    def _roll(self, chosen: int) -> None:
        """The turn's chance point: colour die (unless a tile chose) and number dice, then the slide."""
        if not self.rolls_itself:
            self.phase, self.pending = "roll", chosen
            return
        self.rolls += 1
        rng = self.chance("dice", self.rolls)
        face = rng.below(len(DIE_FACES))
        numbers = (1 + rng.below(6), 1 + rng.below(6))
        self._slide(chosen if chosen >= 0 else DIE_FACES[face], numbers, chosen >= 0)

    def lookahead(self) -> LocomotionState:
        """A copy for bots' search: instead of rolling, each turn stops in phase "roll" for `rolled()`."""
        other = self.copy()
        other.rolls_itself = False
        return other

    def rolled(self, colour: int, numbers: tuple[int, int]) -> LocomotionState:
        """A look-ahead copy waiting in phase "roll", after this roll (a tile's colour overrides `colour`)."""
        if self.phase != "roll":
            raise ValueError("rolled() needs a look-ahead state waiting for its roll")
        other = self.copy()
        chosen = self.pending >= 0
        other._slide(self.pending if chosen else colour, numbers, chosen)
        return other

    def _slide(self, colour: int, numbers: tuple[int, int], chosen: bool) -> None:
        self.colour, self.numbers, self.chosen = colour, numbers, chosen
        self.emit("dice_rolled", player=self.player, colour=data.COLOURS[colour], numbers=list(numbers),
                  chosen=chosen)
        self.layout, source, target = slid(self.layout, colour)
        self.nxt = NEXT[LAYOUT_INDEX[self.layout]]
        self.slide = (colour, source, target)
        riders = [loco for loco, sq in enumerate(self.pos) if sq >= 0 and SQUARE_COLOUR[sq] == colour]
        self.emit("platform_slid", colour=data.COLOURS[colour], source=source, target=target,
                  direction=data.slide_direction(source, target), riders=riders)
        self.phase = "drive"

    def _end_turn(self) -> None:
        self.player = (self.player + 1) % self.num_players
        self.extra = False
        self._begin_turn()

    # -- the contract -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.winner >= 0 else self.player

    def is_over(self) -> bool:
        return self.winner >= 0

    def own(self, player: int) -> range:
        return range(player * PER_PLAYER, (player + 1) * PER_PLAYER)

    def _legal(self) -> list[Move]:
        if self.phase == "choose":
            return ["roll", *(f"repair {name}" for name in data.COLOURS)]
        if self.phase == "extra":
            return ["again", "stop"]
        if self.phase == "roll":
            return []
        return [move for move, _, _, _ in self.drives()] or ["pass"]

    def drives(self) -> list[tuple[Move, int, int, int]]:
        """The turn's drives, whatever the dice: (move, locomotive, square it starts from, points its
        start takes). The same before and after the roll, which is how bots weigh every roll at once."""
        drives: list[tuple[Move, int, int, int]] = []
        waiting = False
        for loco in (self.driven,) if self.extra else self.own(self.player):
            if self.pos[loco] >= 0:
                drives.append((f"drive {loco}", loco, self.pos[loco], 0))
            elif self.pos[loco] == HOME:
                waiting = True
        if waiting:
            entering = self._entering()
            drives.extend((f"enter {lane}", entering, square, 1)
                          for lane, square in enumerate(START) if self.occupant[square] < 0)
        return drives

    def _parse(self, move: object) -> Move:
        if not isinstance(move, str):
            raise MalformedMove(move)
        match = _MOVE.fullmatch(move)
        if match is None:
            raise MalformedMove(move)
        if match.group(7) is not None and match.group(7) not in COLOUR_INDEX:
            raise MalformedMove(move)
        return move

    def apply(self, move: object) -> None:
        text = self._parse(move)
        if not self.is_over() and text not in self.legal_moves():
            raise IllegalMove(self._why_illegal(text), move=text)
        super().apply(text)

    def _why_illegal(self, move: Move) -> str:
        verb, _, arg = move.partition(" ")
        if VERB_PHASE[verb] != self.phase:
            return "error.not_now"
        if verb == "drive" and int(arg) not in self.own(self.player):
            return "error.loco_not_yours"
        if verb in ("drive", "enter") and self.extra:
            return "error.same_loco"
        if verb == "enter" and int(arg) < len(START) and self.occupant[START[int(arg)]] >= 0:
            return "error.start_taken"
        return "error.move_illegal"

    def _do(self, move: Move) -> None:
        verb, _, arg = move.partition(" ")
        if verb == "roll":
            self._roll(-1)
        elif verb == "repair":
            self.tiles[self.player] -= 1
            self.pile += 1
            self.emit("tile_returned", player=self.player, colour=arg)
            self._roll(COLOUR_INDEX[arg])
        elif verb == "drive":
            self._drive(int(arg), -1)
        elif verb == "enter":
            self._drive(self._entering(), int(arg))
        elif verb == "again":
            self.emit("extra_turn", player=self.player, loco=self.driven)
            self.extra = True
            self._begin_turn()
        elif verb == "stop":
            self.emit("extra_turn_declined", player=self.player, loco=self.driven)
            self._end_turn()
        else:
            self.emit("passed", player=self.player)
            self._end_turn()

    def _entering(self) -> int:
        if self.extra:
            return self.driven
        return next(loco for loco in self.own(self.player) if self.pos[loco] == HOME)

    # -- driving ------------------------------------------------------------------------------
    def plan(self, move: Move) -> Run:
        """What a legal `drive`/`enter` move would do now, without doing it."""
        verb, _, arg = move.partition(" ")
        if verb == "drive":
            return self._run(int(arg), -1)
        return self._run(self._entering(), int(arg))

    def _run(self, loco: int, lane: int) -> Run:
        if lane < 0:
            return run_from(loco, self.pos[loco], 0, sum(self.numbers), self.occupant, self.nxt)
        return run_from(loco, START[lane], 1, sum(self.numbers), self.occupant, self.nxt)

    def _drive(self, loco: int, lane: int) -> None:
        result = self._run(loco, lane)
        self.driven = loco
        if lane >= 0:
            self.emit("loco_entered", player=self.player, loco=loco, lane=lane)
        pos, occupant = self.pos, self.occupant
        for mover, square in result.steps:
            if pos[mover] >= 0:
                occupant[pos[mover]] = -1
            pos[mover] = square
            occupant[square] = mover
        self.emit("loco_driven", player=self.player, loco=loco, points=sum(self.numbers),
                  steps=[[mover, SQUARES[sq].name] for mover, sq in result.steps])
        pushed = {mover for mover, _ in result.steps if mover != loco}
        for other in sorted(pushed):
            self.emit("loco_pushed", loco=other, owner=other // PER_PLAYER, by=loco)
        if result.crashed >= 0:
            self._crash(result.crashed, result.cause)
        elif result.sheltered >= 0:
            occupant[pos[loco]] = -1
            pos[loco] = SHED
            self.sheds.append(loco)
            self.emit("loco_sheltered", loco=loco, owner=self.player, shed=len(self.sheds) - 1)
            if self.sheltered(self.player) == data.LOCOS_TO_WIN:
                self.winner = self.player
                self.phase = "over"
                outcome = self.result()
                self.emit("game_over", winners=outcome.winners, scores=outcome.scores)
                return
        if self.numbers[0] == self.numbers[1] and not self.extra and pos[loco] != SHED:
            self.phase = "extra"
        else:
            self._end_turn()

    def _crash(self, loco: int, code: int) -> None:
        owner = loco // PER_PLAYER
        square = self.pos[loco]
        self.occupant[square] = -1
        self.pos[loco] = HOME
        self.crashes[owner] += 1
        tile = self.pile > 0
        if tile:
            self.pile -= 1
            self.tiles[owner] += 1
        self.emit("loco_crashed", loco=loco, owner=owner, cause=cause(code), square=SQUARES[square].name,
                  tile=tile)

    # -- results and views --------------------------------------------------------------------
    def sheltered(self, player: int) -> int:
        return sum(1 for loco in self.own(player) if self.pos[loco] == SHED)

    def result(self) -> Result:
        scores = [self.sheltered(p) for p in range(self.num_players)]
        breakdown = [{"sheds": scores[p],
                      "on_track": sum(1 for loco in self.own(p) if self.pos[loco] >= 0),
                      "home": sum(1 for loco in self.own(p) if self.pos[loco] == HOME),
                      "crashes": self.crashes[p],
                      "turns": self.turns[p]}
                     for p in range(self.num_players)]
        return Result.from_scores(scores, breakdown=breakdown)

    def view(self, player: int | None) -> LocomotionView:
        slide: SlideView | None = None
        if self.slide is not None:
            colour, source, target = self.slide
            slide = {"colour": data.COLOURS[colour], "source": source, "target": target,
                     "direction": data.slide_direction(source, target)}
        return {
            **self.view_header(player),
            "phase": self.phase,
            "gaps": [None if c == EMPTY else data.COLOURS[c] for c in self.layout],
            "locos": [{"id": loco, "owner": loco // PER_PLAYER,
                       "square": SQUARES[sq].name if sq >= 0 else None,
                       "place": "track" if sq >= 0 else "home" if sq == HOME else "shed"}
                      for loco, sq in enumerate(self.pos)],
            "sheds": list(self.sheds),
            "dice": self._dice(),
            "slide": slide,
            "extra_turn": self.extra,
            "driven": None if self.driven < 0 else self.driven,
            "tiles": list(self.tiles),
            "pile": self.pile,
            "crashes": list(self.crashes),
            "turns": list(self.turns),
            "previews": self._previews(),
            "winner": None if self.winner < 0 else self.winner,
        }

    def _dice(self) -> DiceView | None:
        if self.colour < 0:
            return None
        return {"colour": data.COLOURS[self.colour], "numbers": list(self.numbers), "chosen": self.chosen}

    def _previews(self) -> dict[str, PreviewView]:
        if self.phase != "drive":
            return {}
        previews: dict[str, PreviewView] = {}
        for move in self.legal_moves():
            if move == "pass":
                continue
            result = self.plan(move)
            previews[move] = {
                "steps": [[loco, SQUARES[sq].name] for loco, sq in result.steps],
                "crashed": None if result.crashed < 0 else result.crashed,
                "cause": None if result.crashed < 0 else cause(result.cause),
                "sheltered": None if result.sheltered < 0 else result.sheltered,
            }
        return previews
