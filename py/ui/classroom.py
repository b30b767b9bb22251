"""Class games (pure): the same deal at every table of a class, and the groups' results side by side.

A class game is the link of a game's start: the game, its options, its seats and its seed, and no
move. Chance in such a game comes from its seed, so every group that opens it is dealt the same
cards and rolls the same dice. A group's result is the link of its finished game: it counts for the
class when it decodes (so it replays, move by move) from that very start to an end.

Groups are compared by what their players did: the scores of the class's human seats (every seat's
when the class game seats only bots), added up; equal totals share a rank.
"""

from __future__ import annotations

import csv
import io
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games import get_game
from ui.i18n import Translate, join
from ui.links import BadLink, decode_table, encode_link
from ui.markup import escape
from ui.navigation import link_text
from ui.palette import INK, MUTED, player_colour
from ui.panels import seat_chip
from ui.seats import HUMAN, seat_label

MAX_RESULTS = 200  # a class's groups, kept in the browser


@dataclass(frozen=True)
class ClassGame:
    text: str  # the link's text: what `#class=` and `#results=` carry
    record: dict[str, Any]
    seats: list[str]
    hints: bool = True  # whether groups may ask for a suggested move (the class address says so)

    @property
    def key(self) -> str:
        """A short name of the class game: where its results are kept."""
        return f"{zlib.crc32(self.text.encode()):08x}"

    @property
    def counted(self) -> list[int]:
        """The seats whose scores make a group's total: the humans', or every seat's at a bots' table."""
        humans = [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]
        return humans or list(range(len(self.seats)))


def new_class_game(game_id: str, seats: list[str], seed: int, options: dict[str, Any]) -> ClassGame:
    state = get_game(game_id).new_state(len(seats), seed, options)
    return class_game(encode_link(state.record(), seats))


def class_game(text: str, hints: bool = True) -> ClassGame:
    """The class game of a class link's text; BadLink when it is not a game's start."""
    table = decode_table(text)
    if table.record["moves"] or table.by_link or table.names:
        raise BadLink("error.class_link")
    return ClassGame(text, table.record, table.seats, hints)


@dataclass(frozen=True)
class GroupResult:
    link: str
    names: list[str]
    scores: list[int]
    ranks: list[int]  # within the group's game, 1 = best


def group_result(game: ClassGame, text: str) -> GroupResult:
    """A group's finished game of `game`; BadLink when the link is damaged, of another class game, or
    of a game not over yet."""
    table = decode_table(text)
    if _start(table.record) != _start(game.record) or table.seats != game.seats:
        raise BadLink("error.class_other")
    if table.state is None or not table.state.is_over():
        raise BadLink("error.class_unfinished")
    result = table.state.result()
    return GroupResult(text, table.names, list(result.scores), list(result.ranks))


def _start(record: dict[str, Any]) -> dict[str, Any]:
    """What makes the deal: the record but its moves."""
    return {key: value for key, value in record.items() if key != "moves"}


def total(game: ClassGame, row: GroupResult) -> int:
    return sum(row.scores[seat] for seat in game.counted)


def ranked(game: ClassGame, rows: Sequence[GroupResult]) -> list[tuple[int, GroupResult]]:
    """The groups best first, each with its rank in the class (equal totals, equal ranks)."""
    totals = [total(game, row) for row in rows]
    order = sorted(range(len(rows)), key=lambda i: (-totals[i], i))
    return [(1 + sum(1 for other in totals if other > totals[i]), rows[i]) for i in order]


def group_name(game: ClassGame, row: GroupResult, t: Translate) -> str:
    return join([seat_label(seat, row.names, t) for seat in game.counted], t)


def results_html(game: ClassGame, rows: Sequence[GroupResult], t: Translate) -> str:
    """The class's table: a row per group, best first, with every seat's score and rank in its game."""
    if not rows:
        return f'<p class="empty">{escape(t("class.no_results"))}</p>'
    heads = "".join(f'<th class="num">{seat_chip(seat)} {escape(t("class.seat", n=seat + 1))}</th>'
                    for seat in range(len(game.seats)))
    body = []
    for rank, row in ranked(game, rows):
        cells = "".join(
            f'<td class="num">{escape(t("class.score_of", name=seat_label(seat, row.names, t), score=score))}'
            f' <span class="muted">({escape(t("class.place", n=row.ranks[seat]))})</span></td>'
            for seat, score in enumerate(row.scores))
        group = escape(group_name(game, row, t))
        body.append(f'<tr><td class="num">{rank}</td><td>{group}</td>{cells}'
                    f'<td class="num">{total(game, row)}</td>'
                    f'<td><button type="button" class="button ghost small" data-remove="{escape(row.link)}"'
                    f' aria-label="{escape(t("class.remove", group=group_name(game, row, t)))}">✕</button>'
                    '</td></tr>')
    return (f'<table class="results class-results"><thead><tr><th class="num">{escape(t("result.rank"))}</th>'
            f'<th>{escape(t("class.group"))}</th>{heads}<th class="num">{escape(t("class.total"))}</th>'
            f'<th><span class="visually-hidden">{escape(t("class.remove_head"))}</span></th></tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


BAR_HEIGHT, BAR_GAP, LABEL_WIDTH, CHART_WIDTH = 18, 10, 220, 760


def results_chart_svg(game: ClassGame, rows: Sequence[GroupResult], t: Translate) -> str:
    """Each group's score at every seat as bars in the seats' colours, best group first: the same deal
    everywhere, so a seat's bars compare its players across the class."""
    if not rows:
        return ""
    order = ranked(game, rows)
    seats = len(game.seats)
    scores = [score for _rank, row in order for score in row.scores]
    low, high = min(0, *scores), max(1, *scores)
    scale = (CHART_WIDTH - LABEL_WIDTH - 60) / (high - low)
    zero = LABEL_WIDTH + (0 - low) * scale
    block = seats * BAR_HEIGHT + BAR_GAP
    parts = []
    for i, (rank, row) in enumerate(order):
        top = i * block + BAR_GAP
        name = f"{rank}. {group_name(game, row, t)}"
        parts.append(f'<text x="{LABEL_WIDTH - 8}" y="{top + seats * BAR_HEIGHT / 2 + 5}" text-anchor="end"'
                     f' fill="{INK}" font-size="14">{escape(name)}</text>')
        for seat, score in enumerate(row.scores):
            y = top + seat * BAR_HEIGHT
            x, width = (zero, score * scale) if score >= 0 else (zero + score * scale, -score * scale)
            parts.append(f'<rect x="{x:.1f}" y="{y + 2}" width="{max(width, 1):.1f}"'
                         f' height="{BAR_HEIGHT - 4}"'
                         f' fill="{player_colour(seat)}"><title>{escape(seat_label(seat, row.names, t))}: '
                         f'{score}</title></rect>'
                         f'<text x="{max(x + width, zero) + 4:.1f}" y="{y + BAR_HEIGHT - 5}" font-size="12"'
                         f' fill="{INK}">{score}</text>')
    height = len(order) * block + BAR_GAP
    parts.append(f'<line x1="{zero:.1f}" y1="0" x2="{zero:.1f}" y2="{height}" stroke="{MUTED}"/>')
    return (f'<svg class="class-chart" viewBox="0 0 {CHART_WIDTH} {height}" role="img"'
            f' aria-label="{escape(t("class.chart"))}">{"".join(parts)}</svg>')


def results_csv(game: ClassGame, rows: Sequence[GroupResult], t: Translate) -> str:
    """One line per group and seat: for a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([t("class.csv_rank"), t("class.group"), t("class.csv_seat"), t("result.player"),
                     t("class.csv_kind"), t("result.score"), t("class.csv_place"), t("class.total")])
    for rank, row in ranked(game, rows):
        for seat, kind in enumerate(game.seats):
            writer.writerow([rank, group_name(game, row, t), seat + 1, seat_label(seat, row.names, t),
                             t("seat.human") if kind == HUMAN else t(f"level.{kind}"), row.scores[seat],
                             row.ranks[seat], total(game, row)])
    return out.getvalue()


def pasted_links(text: str) -> list[str]:
    """The links in pasted text: one per line or separated by spaces, whole addresses or their codes
    (read like the lobby's link box reads one)."""
    return [link_text(part) for part in text.split() if part.strip()]


def class_link_html(url: str, qr: str, hints: bool, t: Translate) -> str:
    """The teacher's screen: the class link to copy or put on the projector as a QR code, and whether
    groups may ask for a suggested move (the link changes with it)."""
    code = f'<div class="send-qr">{qr}</div>' if qr else f'<p class="note">{escape(t("send.no_qr"))}</p>'
    checked = " checked" if hints else ""
    return (f'<p>{escape(t("class.how"))}</p>'
            f'<label class="check"><input type="checkbox" data-class-hints{checked}>'
            f' <span>{escape(t("class.hints"))}</span></label>'
            f'<textarea class="share-url" readonly rows="3" aria-label="{escape(t("lobby.link_label"))}">'
            f'{escape(url)}</textarea>{code}<p class="note">{escape(t("class.results_how"))}</p>')


def class_start_html(game: ClassGame, t: Translate) -> str:
    """A group opens the class link: the game as set by the teacher, and the names of its players."""
    players = join([t("seat.human") if kind == HUMAN else t(f"level.{kind}") for kind in game.seats], t)
    names = "".join(
        f'<label class="field"><span>{escape(t("lobby.name_of", n=seat + 1))}</span>'
        f'<input type="text" maxlength="20" data-class-name="{seat}"'
        f' placeholder="{escape(t("seat.default_name", n=seat + 1))}"></label>'
        for seat, kind in enumerate(game.seats) if kind == HUMAN)
    return (f'<p>{escape(t("class.start_how", game=t("game." + game.record["game"]), players=players))}</p>'
            f'{names}')
