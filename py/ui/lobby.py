"""The lobby's form, built from a game's option schema, and its validation (pure)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from games import get_game
from games.core import Game
from ui.i18n import Translate, join
from ui.panels import seat_label
from ui.saves import Listing
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


def games_html(game_ids: Sequence[str], chosen: str, t: Translate) -> str:
    """The game choice: one radio button per game, with its blurb."""
    return f'<legend>{escape(t("lobby.game"))}</legend>' + "".join(
        f'<label class="game-choice"><input type="radio" name="game" value="{game_id}"'
        f'{" checked" if game_id == chosen else ""}>'
        f'<span class="game-name">{escape(t("game." + game_id))}</span>'
        f'<span class="game-blurb">{escape(t("blurb." + game_id))}</span></label>'
        for game_id in game_ids
    )


def player_count_html(game: Game, chosen: int) -> str:
    return "".join(f'<option{" selected" if n == chosen else ""}>{n}</option>'
                   for n in range(game.min_players, game.max_players + 1))


def saved_games_html(listing: Listing, t: Translate, when: Callable[[int], str],
                     hidden: Collection[str] = ()) -> str:
    """The Continue list: each saved game with its players' names, state, date (`when` formats the
    time of its last move in the player's locale) and length, and a delete button. `hidden`: games
    deleted but still undoable, which no longer show."""
    games = [entry for entry in listing.games if entry.save_id not in hidden]
    if not games:
        return f'<li class="empty">{escape(t("lobby.no_saves"))}</li>'
    items = []
    for entry in games:
        game, date = t("game." + entry.game), when(entry.updated)
        players = join([seat_label(seat, entry.names, t) for seat in range(len(entry.seats))], t)
        status = t("lobby.status_over" if entry.over else "lobby.status_playing")
        items.append(
            f'<li><button type="button" class="saved" data-save="{escape(entry.save_id)}">'
            f'<span class="saved-title">{escape(game)}</span>'
            f'<span class="saved-players">{escape(players)}</span>'
            f'<span class="saved-meta">{escape(status)} · {escape(t("lobby.updated", when=date))} · '
            f'{escape(t("lobby.moves", n=entry.ply))}</span></button>'
            f'<button type="button" class="button ghost small" data-delete="{escape(entry.save_id)}"'
            f' aria-label="{escape(t("lobby.delete_game", game=game, when=date))}">✕</button></li>'
        )
    return "".join(items)


def deleted_html(t: Translate) -> str:
    """What stays of a game just deleted: a note and the button that brings it back."""
    return (f'<span>{escape(t("lobby.deleted"))}</span> '
            f'<button type="button" class="button small" data-undo-delete="1">'
            f'{escape(t("action.undo"))}</button>')


def date_locale(lang: str, browser_languages: Sequence[object]) -> str:
    """The locale that writes dates: the browser's own when it speaks the app's language (en-GB
    writes "12 Mar 2025", en-US "Mar 12, 2025"), else the app's language."""
    for tag in browser_languages:
        if isinstance(tag, str) and tag.split("-")[0].lower() == lang:
            return tag
    return lang


def save_problems_html(listing: Listing, t: Translate) -> str:
    """Saved entries set aside as unreadable, each with why and a button to discard it."""
    return "".join(
        f"<p>{escape(t('error.save_corrupt', key=problem.key))} "
        f"{escape(t(problem.reason, **problem.params))} "
        f'<button type="button" class="button ghost small" data-discard="{escape(problem.key)}">'
        f"{escape(t('lobby.discard'))}</button></p>"
        for problem in listing.problems
    )
