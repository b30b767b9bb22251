"""The engine contract shared by every game, and the seeded generator behind every chance point.

A game is a `Game[S]` (metadata, option schema, `new_state`, `replay`, and the facts it declares:
`hides_secrets`, `has_chance`, `max_moves`) and a `State` subclass `S` that implements the rules and
names the game once, in `State.game_id`. Moves are short canonical strings ("track 3,4,E"), so they
are hashable, JSON-serialisable and readable in a saved record. Legality lives in one place per game:
`State.legal_moves()`; `State.apply()` checks membership in it and raises `IllegalMove`. A view is a
`TypedDict` per game that extends `ViewHeader`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypedDict, TypeVar, cast

RECORD_FORMAT = 1
SALT_LIMIT = 1 << 32  # salts are integers in [0, SALT_LIMIT)

Move = str
Event = dict[str, Any]
T = TypeVar("T")
# Where a fresh-chance state gets the salt of a new chance point: the browser's is backed by
# `crypto.getRandomValues`, tests' and bots-only games' by a seeded `Rng` (`seeded_salts`).
SaltSource = Callable[[], int]

# The state class of a `Game`. Covariant, so every game is a `Game[State]` (what the registry hands
# out), and defaulting to `State`, so a bare `Game` annotation means `Game[State]`. TypeVar defaults
# (PEP 696) need `typing_extensions` before Python 3.13: the checker gets it, the runtime (Pyodide
# included) never imports it and uses the plain TypeVar, which is all `Generic` needs there.
if TYPE_CHECKING:
    from typing_extensions import TypeVar as TypeVarWithDefault

    S = TypeVarWithDefault("S", bound="State", covariant=True, default="State")
else:
    S = TypeVar("S", bound="State", covariant=True)

# Work done in steps: a generator that yields `None` between steps (so the browser can repaint
# and take clicks between them) and returns its result.
Steps = Generator[None, None, T]


def finish(steps: Steps[T], pause: Callable[[], None] | None = None) -> T:
    """Run stepwise work to its result in one go; `pause`, if given, is called at each of its pauses
    (to measure the work between them)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast(T, done.value)  # the generator's return value, typed by `Steps[T]`
        if pause is not None:
            pause()


class MalformedMove(ValueError):
    """The text is not a move of this game at all (wrong shape, unknown verb)."""

    def __init__(self, text: object) -> None:
        super().__init__(f"malformed move: {text!r}")
        self.reason = "error.move_malformed"
        self.params: dict[str, Any] = {"move": str(text)[:40]}


class IllegalMove(ValueError):
    """A well-formed move that the rules forbid in this position; `reason` is a translation key."""

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.params = params


class BadRecord(ValueError):
    """A record that cannot be replayed: unknown game, bad shape, foreign format, illegal move."""

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.params = params


class NoSaltSource(RuntimeError):
    """A fresh-chance state reached a chance point with no recorded salt left and no salt source:
    a caller's bug (the source is set after `new_state` and after every `replay`). The move that
    needed it is left half done: drop the state."""


_MASK64 = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK64


class Rng:
    """A small portable generator (xoshiro256**), identical in CPython and Pyodide.

    Python's `random` is avoided on purpose: its algorithms are not promised to stay fixed across
    versions, and the browser runs a different CPython than the tests.
    """

    def __init__(self, seed: int) -> None:
        s = seed & _MASK64
        state = []
        for _ in range(4):
            s = (s + 0x9E3779B97F4A7C15) & _MASK64
            state.append(_splitmix64(s))
        self._s = state

    @classmethod
    def derive(cls, seed: int, *labels: int | str) -> Rng:
        """An independent stream for a purpose (a bot's seat, a round's deal), stable everywhere."""
        x = seed & _MASK64
        for label in labels:
            if isinstance(label, str):
                for byte in label.encode():
                    x = _splitmix64(x ^ byte)
            else:
                x = _splitmix64(x ^ (label & _MASK64))
        return cls(x)

    def next64(self) -> int:
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK64, 7) * 9) & _MASK64
        t = (s[1] << 17) & _MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK64 - (_MASK64 + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def seeded_salts(seed: int) -> SaltSource:
    """A reproducible salt source (tests, bots-only games): the same salts for the same seed."""
    rng = Rng.derive(seed, "salts")
    return lambda: rng.below(SALT_LIMIT)


class RecordedSalts:
    """A salt source that hands out a record's (or a link's) salts in order to the chance points of
    its moves; `short` is raised at a chance point more than there are salts."""

    def __init__(self, salts: list[int], short: Exception) -> None:
        self.queue = list(reversed(salts))
        self.short = short

    def __call__(self) -> int:
        if not self.queue:
            raise self.short
        return self.queue.pop()


@dataclass(frozen=True)
class Option:
    """One entry of a game's option schema: a choice offered when a game is created."""

    key: str
    kind: str  # "bool" or "choice"
    default: Any
    choices: tuple[Any, ...] = ()
    label: str = ""  # translation key

    def validate(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise BadRecord("error.option_invalid", option=self.key)
            return value
        if value not in self.choices:
            raise BadRecord("error.option_invalid", option=self.key)
        return value


@dataclass
class Result:
    """The outcome of a finished game: scores with their breakdown, ranks (1 = best) and winners."""

    scores: list[int]
    ranks: list[int]
    winners: list[int]
    breakdown: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def from_scores(cls, scores: list[int], breakdown: list[dict[str, Any]] | None = None) -> Result:
        ranks = [1 + sum(1 for other in scores if other > s) for s in scores]
        best = max(scores)
        winners = [i for i, s in enumerate(scores) if s == best]
        return cls(scores=list(scores), ranks=ranks, winners=winners, breakdown=breakdown or [])

    def to_dict(self) -> dict[str, Any]:
        return {"scores": self.scores, "ranks": self.ranks, "winners": self.winners,
                "breakdown": self.breakdown}


class ViewHeader(TypedDict):
    """The keys every game's view starts with (`State.view_header`); each game's view type extends it.

    A view is what one seat (or a spectator) may see of a state, as plain JSON-serialisable data.
    """

    game: str  # the game's id
    players: int  # number of seats
    seat: int | None  # whose view this is; None for a spectator
    options: dict[str, Any]  # the game's options, as validated by `Game.check_options`
    current_player: int | None  # the seat to move; None once the game is over


class State:
    """Base class of every game's state: bookkeeping shared by all rule engines.

    Subclasses set `game_id` (the one place a game's id is declared: `Game.id` reads it) and implement
    `_legal()`, `_do(move)`, `_parse(move)`, `current_player`, `is_over()`, `result()` and `view()`
    (returning the game's own `ViewHeader` subtype). The base keeps the move list (the record), the
    language-neutral event log and, in a fresh-chance game, the salts of its chance points.
    """

    game_id: ClassVar[str] = ""
    rules_version: ClassVar[int] = 1
    # Event types after which a human may no longer take back a move even if still to play
    # (a round was scored, dice were rolled, a card was drawn): undo never reaches past them.
    turn_boundaries: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def replays_version(cls, version: object, options: Mapping[str, Any]) -> bool:
        """Whether a record or link made under rules `version`, with these options, plays the same
        under these rules (a rules fix may leave the games it does not touch readable)."""
        return version == cls.rules_version

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        self.num_players = num_players
        self.seed = seed
        self.options = dict(options)
        self.moves: list[Move] = []
        self.movers: list[int] = []
        self.events: list[Event] = []
        self._legal_cache: list[Move] | None = None
        self._fresh = False  # switched on by `Game.new_state` once the start is set up
        self.salts: list[int] = []  # the salts drawn so far, in order (the record's)
        self.salt_source: SaltSource | None = None

    # -- to implement -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    def _legal(self) -> list[Move]:
        raise NotImplementedError

    def _do(self, move: Move) -> None:
        raise NotImplementedError

    def _parse(self, move: object) -> Move:
        """Check the move's shape (not its legality); raise MalformedMove when it is not a move."""
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> Result:
        raise NotImplementedError

    def view(self, player: int | None) -> ViewHeader:
        """What `player` may see (None: a spectator): the game's view type, a `ViewHeader` subtype."""
        raise NotImplementedError

    # -- shared -------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self._legal_cache is None:
            self._legal_cache = [] if self.is_over() else self._legal()
        return list(self._legal_cache)

    def apply(self, move: object) -> None:
        text = self._parse(move)
        if self.is_over():
            raise IllegalMove("error.game_over")
        if text not in self.legal_moves():
            raise IllegalMove("error.move_illegal", move=text)
        self.apply_legal(text)

    def apply_legal(self, move: Move) -> None:
        """`apply` without its checks, for a move taken from this very position's `legal_moves()`:
        the bots' playouts apply hundreds of thousands of moves per decision."""
        mover = self.current_player
        self._legal_cache = None
        self._do(move)
        self.moves.append(move)
        self.movers.append(-1 if mover is None else mover)
        self._legal_cache = None

    def view_header(self, player: int | None) -> ViewHeader:
        """The keys every game's view starts with: the game, its table, and whose view it is."""
        return {"game": self.game_id, "players": self.num_players, "seat": player,
                "options": dict(self.options), "current_player": self.current_player}

    def _shallow_copy(self) -> Self:
        """A new state sharing this one's fields, with the shared bookkeeping copied: the start of
        each game's cheap `copy()` for bots' searches (each then copies the fields it changes)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.moves = list(self.moves)
        other.movers = list(self.movers)
        other.events = list(self.events)
        other._legal_cache = None
        other.salts = list(self.salts)
        return other

    @property
    def fresh_chance(self) -> bool:
        """Whether chance after the start draws fresh salts (a game played by link) instead of
        following from the seed alone."""
        return self._fresh

    def chance(self, *labels: int | str) -> Rng:
        """The generator of a chance point after the start (a roll, a later round's deal, a draw).

        In an ordinary game it is `Rng.derive(seed, *labels)`, so anyone with the seed knows every
        draw to come. In a fresh-chance game it also takes a salt: the record's next one when
        replaying, else a new one from `salt_source`, recorded; so what has not happened yet cannot
        be computed from a record. Chance points at the start (whatever the constructor draws: the
        first deals and hands, Trick of the Rails' line, Locomotion's first roll, Freight Train's
        marker and first day) always follow from the seed alone: `Game.new_state` switches fresh
        chance on only after the constructor.
        """
        if not self._fresh:
            return Rng.derive(self.seed, *labels)
        if self.salt_source is None:
            raise NoSaltSource("a fresh-chance state needs State.salt_source to draw a new salt")
        salt = self.salt_source()
        if not _is_salt(salt):
            raise ValueError(f"a salt source gave {salt!r}, not an integer in [0, 2**32)")
        self.salts.append(salt)
        return Rng.derive(self.seed, *labels, "salt", salt)

    def emit(self, kind: str, **data: Any) -> None:
        self.events.append({"type": kind, "ply": len(self.moves), **data})

    def record(self) -> dict[str, Any]:
        """The game as data; a fresh-chance game adds "chance": "fresh" and the "salts" it drew."""
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game_id,
            "rules_version": self.rules_version,
            "options": dict(self.options),
            "seed": self.seed,
            "players": self.num_players,
            "moves": list(self.moves),
        }
        if self._fresh:
            record["chance"] = "fresh"
            record["salts"] = list(self.salts)
        return record


def _is_salt(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SALT_LIMIT


class Game(ABC, Generic[S]):
    """A game's metadata, its factory of `S` states, and the facts it declares about itself.

    One instance per game lives in the registry. Besides the metadata below, every game declares:
    * `hides_secrets(options)`: whether a seat's view can hold something the other seats' views do
      not (a hand of cards). When False, every view is the spectator's but for its "seat" key.
    * `has_chance`: whether chance can happen after the start (dice, shuffles, deals of later
      rounds) under some options. When False, a game is decided by its start and its moves alone:
      the seed only shapes the start. (States keep no generator: each chance point after the start
      gets one from `State.chance(label, ...)`, the start's from `Rng.derive(seed, label, ...)`.)
    * `max_moves(num_players)`: an upper bound on the moves of a whole game, argued in each game.
      Where chance could in principle prolong a game without end (dice that keep crashing
      locomotives), it is a bound that a game passes with a chance argued to be negligible.
    """

    title: ClassVar[str] = ""  # translation key of the game's name
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    option_schema: ClassVar[tuple[Option, ...]] = ()
    state_class: type[S]  # set as a class attribute by each game
    has_chance: ClassVar[bool]

    @property
    def id(self) -> str:
        """The game's id, declared once as its state class's `game_id`."""
        return self.state_class.game_id

    @abstractmethod
    def hides_secrets(self, options: Mapping[str, Any]) -> bool:
        """Whether, under these options, a seat's view holds anything that other seats' views do not."""

    @abstractmethod
    def max_moves(self, num_players: int) -> int:
        """An upper bound on the number of moves of a whole game with this many players."""

    def default_options(self) -> dict[str, Any]:
        return {opt.key: opt.default for opt in self.option_schema}

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = self.default_options()
        if options is None:
            return merged
        if not isinstance(options, dict):
            raise BadRecord("error.option_invalid", option="*")
        known = {opt.key: opt for opt in self.option_schema}
        for key, value in options.items():
            if key not in known:
                raise BadRecord("error.option_invalid", option=str(key)[:40])
            merged[key] = known[key].validate(value)
        return merged

    def check_start(self, num_players: object, seed: object) -> tuple[int, int]:
        """The player count and seed of a new game, checked (they may come from a record or a link)."""
        if not isinstance(num_players, int) or not self.min_players <= num_players <= self.max_players:
            raise BadRecord("error.players_invalid", min=self.min_players, max=self.max_players)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 53:
            raise BadRecord("error.seed_invalid")
        return num_players, seed

    def new_state(self, num_players: int, seed: int, options: dict[str, Any] | None = None,
                  fresh_chance: bool = False) -> S:
        """A new game. With `fresh_chance` (games played by link), chance after the start draws salts
        from the state's `salt_source`, which the caller sets before the first move that may need one."""
        num_players, seed = self.check_start(num_players, seed)
        state = self.state_class(num_players, seed, self.check_options(options))
        state._fresh = fresh_chance
        return state

    def replay(self, record: dict[str, Any], upto: int | None = None) -> S:
        """Rebuild a state from a record, validating every move; `upto` stops after that many moves.

        A fresh-chance record's salts are used in order; a whole replay must use them all. With `upto`,
        the salts of later moves are dropped, so a move played anew from there draws afresh. The state
        comes back without a salt source: set one before playing on.
        """
        if not isinstance(record, dict):
            raise BadRecord("error.record_shape")
        if record.get("format") != RECORD_FORMAT:
            raise BadRecord("error.record_format")
        if record.get("game") != self.id:
            raise BadRecord("error.record_game")
        options = record.get("options")
        if not self.state_class.replays_version(record.get("rules_version"),
                                                options if isinstance(options, dict) else {}):
            raise BadRecord("error.record_rules_version")
        moves = record.get("moves")
        if not isinstance(moves, list):
            raise BadRecord("error.record_shape")
        salts = _recorded_salts(record)
        num_players, seed = self.check_start(record.get("players"), record.get("seed"))
        state = self.new_state(num_players, seed, record.get("options"), fresh_chance=salts is not None)
        recorded = RecordedSalts(salts or [], BadRecord("error.record_chance"))
        state.salt_source = recorded
        for ply, move in enumerate(moves if upto is None else moves[:upto]):
            try:
                state.apply(move)
            except (IllegalMove, MalformedMove) as err:
                raise BadRecord("error.record_move", ply=ply + 1) from err
            if state.moves[-1] != move:  # a record spells each move one way: as the state records it
                raise BadRecord("error.record_move", ply=ply + 1)
        if recorded.queue and (upto is None or upto >= len(moves)):
            raise BadRecord("error.record_chance")  # more salts than the game's chance points used
        state.salt_source = None
        return state


def _recorded_salts(record: dict[str, Any]) -> list[int] | None:
    """A fresh-chance record's salts, checked; None for an ordinary record (no "chance" key)."""
    if "chance" not in record and "salts" not in record:
        return None
    salts = record.get("salts")
    if record.get("chance") != "fresh" or not isinstance(salts, list) or not all(map(_is_salt, salts)):
        raise BadRecord("error.record_chance")
    return salts
