"""The lobby's form, built from a game's option schema, and its validation (pure)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import get_game
from ui.i18n import Translate, join
from ui.markup import escape
from ui.saves import Imported, Listing, NewerSave
from ui.seats import FRIEND, HUMAN, MAX_NAME, SEAT_KINDS, bounded_name, seat_label

MAX_SEED = (1 << 53) - 1
LOBBY_KINDS = (HUMAN, FRIEND, *SEAT_KINDS[1:])  # what a seat may be: you, a friend far away, a bot


@dataclass(frozen=True)
class LobbyChoice:
    game_id: str
    seats: list[str]
    names: list[str]
    options: dict[str, Any]
    seed: int | None
    me: int | None = None  # a game by link: the seat of this device's player
    by_link: bool = False


def default_seats(players: int) -> list[tuple[str, str]]:
    """One human and bots for the rest: what most players want when they open the page."""
    return [(HUMAN, "")] + [("greedy", "")] * (players - 1)


# The new-game form holds every game's seats and options at once; static/js/lobby.js shows those of the
# chosen game and player count. So it works as plain HTML before Python is ready (index.html holds
# these fragments, written by tools/build_lobby.py), and Python reads it as it stands.
# Texts carry their catalog key (`data-i18n…`, `data-i18n-n` for the seat number) for the boot script.

def seat_count(game_ids: Sequence[str]) -> tuple[int, int]:
    """The fewest and most players of any of these games: the form's range of player counts."""
    games = [get_game(game_id) for game_id in game_ids]
    return min(game.min_players for game in games), max(game.max_players for game in games)


def lobby_seats_html(game_ids: Sequence[str], players: int, t: Translate,
                     previous: Sequence[tuple[str, str]] | None = None) -> str:
    """A row for every seat any game has; those past `players` are hidden."""
    most = seat_count(game_ids)[1]
    rows = list(previous or [])[:most]
    rows += default_seats(most)[len(rows):]
    html = [f'<legend data-i18n="lobby.seats">{escape(t("lobby.seats"))}</legend>']
    for seat, (kind, name) in enumerate(rows):
        labels = [(k, "seat." + k if k in (HUMAN, FRIEND) else "level." + k) for k in LOBBY_KINDS]
        options = "".join(f'<option value="{k}"{" selected" if k == kind else ""} data-i18n="{label}">'
                          f'{escape(t(label))}</option>' for k, label in labels)
        n = seat + 1
        html.append(
            f'<div class="seat" data-seat="{seat}"{" hidden" if seat >= players else ""}>'
            f'<span class="seat-no">{n}</span>'
            f'<input type="text" maxlength="{MAX_NAME}" value="{escape(name)}" data-i18n-n="{n}" '
            f'placeholder="{escape(t("seat.default_name", n=n))}" data-i18n-placeholder="seat.default_name" '
            f'aria-label="{escape(t("lobby.name_of", n=n))}" data-i18n-aria="lobby.name_of">'
            f'<select aria-label="{escape(t("lobby.kind_of", n=n))}" data-i18n-aria="lobby.kind_of" '
            f'data-i18n-n="{n}">{options}</select></div>'
        )
    return "".join(html)


def lobby_options_html(game_ids: Sequence[str], chosen: str, t: Translate,
                       checked: Mapping[tuple[str, str], bool] | None = None) -> str:
    """Every game's options, each game's in a group of its own; only the chosen game's is shown.
    `checked`: the boxes as the player left them, by (game, option)."""
    html = [f'<legend data-i18n="lobby.options">{escape(t("lobby.options"))}</legend>']
    for game_id in game_ids:
        boxes = []
        for option in get_game(game_id).option_schema:
            if option.kind == "bool":
                on = (checked or {}).get((game_id, option.key), bool(option.default))
                boxes.append(
                    f'<label class="check"><input type="checkbox" name="{option.key}"'
                    f'{" checked" if on else ""}>'
                    f' <span data-i18n="{option.label}">{escape(t(option.label))}</span></label>')
        hidden = "" if game_id == chosen else " hidden"
        html.append(f'<div class="game-options" data-game="{game_id}"{hidden}>{"".join(boxes)}</div>')
    return "".join(html)


def parse_lobby(game_id: str, seats: Sequence[tuple[str, str]], options: dict[str, Any], seed_text: str,
                t: Translate) -> LobbyChoice | str:
    """The lobby's values as a new game's settings, or a translated message saying what is wrong."""
    game = get_game(game_id)
    if not game.min_players <= len(seats) <= game.max_players:
        return t("error.players_invalid", min=game.min_players, max=game.max_players)
    kinds = [kind for kind, _name in seats]
    if any(kind not in LOBBY_KINDS for kind in kinds):
        return t("error.seat_invalid")
    by_link = FRIEND in kinds
    if by_link and kinds.count(HUMAN) != 1:  # one device per human: this one is the only "Human" seat
        return t("error.link_one_human")
    seed_text = seed_text.strip()
    seed: int | None = None
    if seed_text:
        if not seed_text.isdigit() or int(seed_text) > MAX_SEED:
            return t("error.seed_invalid")
        seed = int(seed_text)
    names = [bounded_name(name) or t("seat.default_name", n=i + 1) for i, (_k, name) in enumerate(seats)]
    return LobbyChoice(game_id, [HUMAN if kind == FRIEND else kind for kind in kinds], names,
                       game.check_options(options), seed, kinds.index(HUMAN) if by_link else None, by_link)


def games_html(game_ids: Sequence[str], chosen: str, t: Translate) -> str:
    """The game choice: one radio button per game, with its blurb and its range of players."""
    html = [f'<legend data-i18n="lobby.game">{escape(t("lobby.game"))}</legend>']
    for game_id in game_ids:
        game = get_game(game_id)
        html.append(
            f'<label class="game-choice"><input type="radio" name="game" value="{game_id}"'
            f' data-min="{game.min_players}" data-max="{game.max_players}"'
            f'{" checked" if game_id == chosen else ""}>'
            f'<span class="game-name" data-i18n="game.{game_id}">{escape(t("game." + game_id))}</span>'
            f'<span class="game-blurb" data-i18n="blurb.{game_id}">{escape(t("blurb." + game_id))}</span>'
            '</label>')
    return "".join(html)


def player_count_html(game_ids: Sequence[str], chosen: str, players: int) -> str:
    """Every player count of any game; those the chosen game does not allow are hidden and disabled."""
    game = get_game(chosen)
    fewest, most = seat_count(game_ids)
    return "".join(
        f'<option{" selected" if n == players else ""}'
        f'{"" if game.min_players <= n <= game.max_players else " hidden disabled"}>{n}</option>'
        for n in range(fewest, most + 1))


def saved_games_html(listing: Listing, t: Translate, when: Callable[[int], str],
                     hidden: Collection[str] = (), confirming: str | None = None) -> str:
    """The Continue list: each saved game with its players' names, state, date (`when` formats the
    time of its last move in the player's locale) and length, and a delete button; then the games of
    a newer version, which this one cannot open. `hidden`: games deleted but still undoable, which no
    longer show; `confirming`: a newer version's game whose deletion awaits a yes or no."""
    games = [entry for entry in listing.games if entry.save_id not in hidden]
    if not games and not listing.newer:
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
    items.extend(newer_save_html(entry, t, when, entry.save_id == confirming) for entry in listing.newer)
    return "".join(items)


def newer_save_html(entry: NewerSave, t: Translate, when: Callable[[int], str], confirming: bool) -> str:
    """A game saved by a newer version: said so, kept, and deleted only after a second, explicit yes."""
    game = t(entry.title) if entry.title else t("lobby.unknown_game")
    date = when(entry.updated) if entry.updated is not None else ""
    meta = " · ".join(part for part in (t("lobby.newer_save"), t("lobby.updated", when=date) if date else "")
                      if part)
    key = escape(entry.save_id)
    if confirming:
        choice = (f'<span class="confirm-text">{escape(t("lobby.delete_confirm"))}</span>'
                  f'<button type="button" class="button small danger" data-delete-newer="{key}">'
                  f'{escape(t("lobby.delete"))}</button>'
                  f'<button type="button" class="button ghost small" data-keep-newer="{key}">'
                  f'{escape(t("lobby.keep"))}</button>')
    else:
        choice = (f'<button type="button" class="button ghost small" data-confirm-newer="{key}"'
                  f' aria-label="{escape(t("lobby.delete_game", game=game, when=date))}">✕</button>')
    return (f'<li class="newer"><div class="saved" aria-disabled="true"><span class="saved-title">'
            f'{escape(game)}</span><span class="saved-meta">{escape(meta)}</span></div>{choice}</li>')


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


def imported_text(report: Imported, t: Translate) -> str:
    """What importing a backup did, in one sentence per kind of outcome that happened."""
    parts = [t(f"backup.{kind}", n=count) for kind, count in (
        ("added", report.added), ("updated", report.updated), ("kept", report.kept),
        ("copies", report.copies), ("unreadable", report.unreadable)) if count]
    if report.full:
        parts.append(t("error.storage_full"))
    return " ".join(parts) or t("backup.empty")


def backup_filename(day: str) -> str:
    """The backup's file name, dated (`day` as YYYY-MM-DD) so several backups sort and differ."""
    return f"rail-table-games-{day}.json"
