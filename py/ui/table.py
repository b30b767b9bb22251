"""A game at the table: the engine state plus who sits where, as the screen needs it.

Pure (no browser imports) so the turn flow is tested under CPython: whose view the screen shows,
when a hot-seat hand-over is needed, what a human may undo, and the replay cursor of a shared link.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games import get_game
from games.core import Game, SaltSource, State
from ui.seats import HUMAN, bounded_name


@dataclass
class Table:
    game: Game
    state: State
    seats: list[str]
    names: list[str] = field(default_factory=list)
    # Ply of the first move that cannot be undone: moves before it belong to confirmed turns.
    undo_floor: int = 0
    # Played by link: each human on their own device, sending the game on by a link after their turn.
    by_link: bool = False
    me: int | None = None  # in a game by link, this device's seat (None: only watching)
    hints: bool = True  # "Suggest a move" is offered (a class game may turn it off)
    # Where chance after the start draws from in a game by link (the device's own randomness), so
    # that what has not happened yet cannot be read from a link.
    salt_source: SaltSource | None = field(default=None, repr=False, compare=False)

    @classmethod
    def new(cls, game_id: str, seats: list[str], seed: int, options: dict[str, Any],
            names: list[str] | None = None, me: int | None = None, by_link: bool = False,
            salt_source: SaltSource | None = None) -> Table:
        state = get_game(game_id).new_state(len(seats), seed, options, fresh_chance=by_link)
        return cls.at(state, seats, names, salt_source, me, by_link)

    @classmethod
    def at(cls, state: State, seats: list[str], names: list[str] | None = None,
           salt_source: SaltSource | None = None, me: int | None = None, by_link: bool = False) -> Table:
        """A table at `state` (new, replayed or decoded): its moves so far are confirmed; `me` counts
        only in a game by link, and only at one of its seats."""
        state.salt_source = salt_source
        return cls(get_game(state.game_id), state, list(seats), [bounded_name(name) for name in names or []],
                   undo_floor=len(state.moves), by_link=by_link,
                   me=me if by_link and me is not None and 0 <= me < len(seats) else None,
                   salt_source=salt_source)

    @classmethod
    def from_record(cls, record: dict[str, Any], seats: list[str], names: list[str] | None = None,
                    upto: int | None = None, me: int | None = None, by_link: bool = False,
                    salt_source: SaltSource | None = None) -> Table:
        state = get_game(record.get("game")).replay(record, upto)
        return cls.at(state, seats, names, salt_source, me, by_link)

    # -- who is who ---------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == HUMAN

    def human_here(self, seat: int | None) -> bool:
        """A human who plays on this device: any human at a shared table, only `me` in a game by link."""
        return self.is_human(seat) and (not self.by_link or seat == self.me)

    def away(self, seat: int | None) -> bool:
        """A human who plays on another device (a game by link): the game waits for their link."""
        return self.is_human(seat) and not self.human_here(seat)

    @property
    def hides_secrets(self) -> bool:
        """Whether one seat's view holds what another's does not (not in Locomotion, nor in
        TransAmerica's visible-cards variant): only then does a shared device need a hand-over."""
        return self.game.hides_secrets(self.state.options)

    def viewer(self, last_viewer: int | None = None) -> int | None:
        """The seat whose view the screen shows: the human to move, else the last human shown.

        With no human seated the screen is a spectator's (None): no hand is ever shown. In a game by
        link it is always this device's seat: another player's secrets never come to this screen.
        """
        if self.by_link:
            return self.me
        current = self.state.current_player
        if self.is_human(current):
            return current
        humans = self.humans
        if not humans:
            return None
        if last_viewer in humans:
            return last_viewer
        return humans[0]

    def needs_handover(self, shown: int | None) -> bool:
        """A human other than the one whose secrets are on screen is to move on a shared device."""
        current = self.state.current_player
        return (not self.by_link and len(self.humans) > 1 and self.hides_secrets and self.is_human(current)
                and shown != current)

    # -- moves --------------------------------------------------------------------------------
    def human_legal(self) -> list[str]:
        return self.state.legal_moves() if self.human_here(self.state.current_player) else []

    def play(self, move: str) -> list[dict[str, Any]]:
        """Apply a move; return the events it produced. Raises IllegalMove/MalformedMove."""
        state = self.state
        mover = state.current_player
        before = len(state.events)
        state.apply(move)
        new_events = state.events[before:]
        if state.current_player != mover or any(e["type"] in state.turn_boundaries for e in new_events):
            self.undo_floor = len(state.moves)
        return new_events

    def can_undo(self) -> bool:
        return self.human_here(self.state.current_player) and len(self.state.moves) > self.undo_floor

    def undo(self) -> None:
        """Take back the current human's last unconfirmed move by replaying the record without it."""
        if not self.can_undo():
            return
        record = self.state.record()
        self.state = self.game.replay(record, len(record["moves"]) - 1)
        self.state.salt_source = self.salt_source

    def rematch(self, seed: int) -> Table:
        """The same game again at a new table: same seats, names and options; `seed` deals anew."""
        table = Table.new(self.game.id, self.seats, seed, dict(self.state.options), self.names, self.me,
                          self.by_link, self.salt_source)
        table.hints = self.hints
        return table

    def fork(self, upto: int) -> Table:
        """A new table continuing from ply `upto` of this one (a shared link's "play on from here")."""
        return Table.from_record(self.state.record(), self.seats, self.names, upto,
                                 salt_source=self.salt_source)
