"""The lobby's form, built from a game's option schema, and its validation (pure)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from games import get_game
from games.core import Game
from ui.i18n import Translate
from ui.table import HUMAN, SEAT_KINDS

MAX_NAME = 20
MAX_SEED = (1 << 53) - 1


@dataclass(frozen=True)
class LobbyChoice:
    game_id: str
    seats: list[str]
    names: list[str]
    options: dict[str, Any]
    seed: int | None


def default_seats(players: int) -> list[tuple[str, str]]:
    """One human and bots for the rest: what most players want when they open the page."""
    return [(HUMAN, "")] + [("greedy", "")] * (players - 1)


def lobby_seats_html(players: int, t: Translate, previous: Sequence[tuple[str, str]] | None = None) -> str:
    rows = list(previous or [])[:players]
    rows += default_seats(players)[len(rows):]
    html = [f'<legend>{escape(t("lobby.seats"))}</legend>']
    for seat, (kind, name) in enumerate(rows):
        options = "".join(
            f'<option value="{k}"{" selected" if k == kind else ""}>'
            f'{escape(t("seat.human") if k == HUMAN else t("level." + k))}</option>'
            for k in SEAT_KINDS
        )
        html.append(
            f'<div class="seat" data-seat="{seat}"><span class="seat-no">{seat + 1}</span>'
            f'<input type="text" maxlength="{MAX_NAME}" value="{escape(name)}" '
            f'placeholder="{escape(t("seat.default_name", n=seat + 1))}" '
            f'aria-label="{escape(t("lobby.name_of", n=seat + 1))}">'
            f'<select aria-label="{escape(t("lobby.kind_of", n=seat + 1))}">{options}</select></div>'
        )
    return "".join(html)


def lobby_options_html(game: Game, t: Translate) -> str:
    html = [f'<legend>{escape(t("lobby.options"))}</legend>']
    for option in game.option_schema:
        if option.kind == "bool":
            html.append(
                f'<label class="check"><input type="checkbox" name="{option.key}"'
                f'{" checked" if option.default else ""}> <span>{escape(t(option.label))}</span></label>'
            )
    return "".join(html)


def parse_lobby(game_id: str, seats: Sequence[tuple[str, str]], options: dict[str, Any], seed_text: str,
                t: Translate) -> LobbyChoice | str:
    """The lobby's values as a new game's settings, or a translated message saying what is wrong."""
    game = get_game(game_id)
    if not game.min_players <= len(seats) <= game.max_players:
        return t("error.players_invalid", min=game.min_players, max=game.max_players)
    if any(kind not in SEAT_KINDS for kind, _name in seats):
        return t("error.seat_invalid")
    seed_text = seed_text.strip()
    seed: int | None = None
    if seed_text:
        if not seed_text.isdigit() or int(seed_text) > MAX_SEED:
            return t("error.seed_invalid")
        seed = int(seed_text)
    names = [name.strip()[:MAX_NAME] or t("seat.default_name", n=i + 1) for i, (_k, name) in enumerate(seats)]
    return LobbyChoice(game_id, [kind for kind, _name in seats], names, game.check_options(options), seed)
