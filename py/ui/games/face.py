"""What the table screen asks of a game besides its engine: a `Face`.

Each game's package `ui.games.<game_id>` holds its face (`face.py`, the one `FACE`), its board
drawing (`draw.py`, pure: a view in, SVG out) and its move-log formatting (`log.py`). The table
screen talks to every game through this class only; what a game leaves out takes the defaults.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from games.core import Steps
from ui.i18n import Translate
from ui.log import SHARED_LOG, LogStyle

V = TypeVar("V", bound=Mapping[str, Any])
V_in = TypeVar("V_in", bound=Mapping[str, Any], contravariant=True)


class Board(Protocol[V_in]):
    """A game's board drawing: its module `ui.games.<game_id>.draw` (pure: a view in, SVG out)."""

    def draw_map(self, t: Translate) -> str:
        """The static layer, drawn once per game and language."""
        ...

    def draw_position(self, view: V_in, legal: Sequence[str], t: Translate, names: Sequence[str] = ()) -> str:
        """The dynamic layer; every target the player may click carries `data-move`. `names` are the
        players' names by seat (a seat without one is "Player 2", `ui.seats.seat_label`)."""
        ...

    def describe(self, view: V_in, t: Translate, names: Sequence[str] = ()) -> str:
        """The board's text alternative, naming players by `names`."""
        ...


A = TypeVar("A")
B = TypeVar("B")


def typed_pair(entry: Sequence[object], first: type[A], second: type[B]) -> tuple[A, B]:
    """A view's two-item list (JSON has no tuples: `[locomotive, square]`, `[edge, builder]`) as a
    typed pair; TypeError when it is not one."""
    a, b = entry
    if not isinstance(a, first) or not isinstance(b, second):
        raise TypeError(f"not a ({first.__name__}, {second.__name__}) pair: {entry!r}")
    return a, b


class Interlude(NamedTuple):
    """A screen between rounds: its title, its body (HTML), an SVG drawn over the board, and the
    position layer to show behind it (the round or day that ended), or None to keep the board."""

    title: str
    body: str
    overlay: str
    board: str | None = None


class Overlay(NamedTuple):
    """What makes a position's mathematics visible, when the table's overlays are on: an SVG drawn over
    the board (in the board's viewBox, no `data-move`, "" for none) and an HTML panel below the
    status ("" for none)."""

    svg: str
    html: str


class Face(Generic[V]):
    """How one game looks at the table. `V` is the game's view (a TypedDict of its engine)."""

    board: Board[V]  # the game's drawing module
    # Legal moves offered as buttons rather than on the board: move -> label key.
    actions: Mapping[str, str] = {}
    # The game's part of the move log: how the params of its own events read.
    log: LogStyle = SHARED_LOG
    # Whether `frames` shows a move's way there (slides, pushes) before its new position.
    animated: bool = False
    # Whether a player may ask for their only legal move to be played for them (a card game's
    # forced follow); the table offers the preference only for such games.
    autoplay_forced: bool = False

    def draw_map(self, t: Translate) -> str:
        return self.board.draw_map(t)

    def draw_position(self, view: V, legal: Sequence[str], t: Translate, names: Sequence[str] = ()) -> str:
        return self.board.draw_position(view, legal, t, names)

    def position_steps(self, view: V, legal: Sequence[str], t: Translate,
                       names: Sequence[str] = ()) -> Steps[str]:
        """`draw_position` in steps, for a board that may have every piece to draw (a link opened, a
        jump across a game): a game whose pieces take long to draw draws them a step each."""
        yield from ()
        return self.draw_position(view, legal, t, names)

    def describe(self, view: V, t: Translate, names: Sequence[str] = ()) -> str:
        return self.board.describe(view, t, names)

    def draw_side(self, view: V, t: Translate, names: Sequence[str]) -> str:
        """The side panel below the players (hands, standings, score track); `names` are the
        players' names by seat, to name them rather than number them."""
        return ""

    def move_buttons(self, view: V, legal: Sequence[str], t: Translate) -> list[tuple[str, str]]:
        """Board moves offered again as buttons, (move, label): where the board's pieces are too small
        to tap on a phone, each says in words what it moves and what it does."""
        return []

    def side_key(self, view: V) -> Hashable:
        """All that `draw_side` reads from the view, when that is less than the view: the table draws
        the side panel again only when it changes (None: after every move)."""
        return None

    def prompt(self, view: V, legal: Sequence[str], t: Translate) -> str | None:
        """What the player to move is asked to do ("lay 1 or 2 tracks"), or None for the table's
        generic "your turn"."""
        return None

    def breakdown(self, result: Mapping[str, Any], view: V, t: Translate, names: Sequence[str]) -> str:
        """The game-over screen's breakdown of the scores (HTML: per round, company, day or
        locomotive), shown below the ranking; "" for none."""
        return ""

    def scores(self, view: V) -> list[Any] | None:
        """What the player list shows beside each name, or None for nothing."""
        scores = view.get("scores")
        return list(scores) if isinstance(scores, list) else None

    def interlude(self, event: Mapping[str, Any], view: V, t: Translate, names: Sequence[str],
                  before: V | None = None) -> Interlude | None:
        """The screen shown after `event` (a round scored), or None for none. `view` is the spectator's
        view now (the next round may have begun); `before`, the spectator's view before the move that
        ended the round, while its pieces were still on the board."""
        return None

    def overlay(self, public: V, seen: Sequence[V], legal: Sequence[str], t: Translate,
                names: Sequence[str]) -> Overlay | None:
        """The overlay of this position: `public` is the spectator's view, `seen` the views of the
        seats whose secrets may be shown (every seat in a demonstration, a human only their own, none
        on a projector at a table with humans), `legal` the moves of the player to move. None: the
        game has none."""
        return None

    def overlaying(self, public: V, seen: Sequence[V], legal: Sequence[str], t: Translate,
                   names: Sequence[str]) -> Steps[Overlay | None]:
        """`overlay` in steps, which the page runs in slices: a face whose overlay takes long to work
        out gives its own; by default, `overlay` in one step."""
        yield None
        return self.overlay(public, seen, legal, t, names)

    def frames(self, before: V, after: V, events: Sequence[Mapping[str, Any]], t: Translate,
               names: Sequence[str] = ()) -> list[str]:
        """The position layer's pictures between two views of the seat on screen (the spectator's
        when nobody's), one move apart."""
        return []
