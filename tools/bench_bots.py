"""Issue 13's decision times for tools/bench.py (`--only bots`): every game, table size and level.

For each game, each player count it allows and each level (`greedy`, `strong`, `expert`), one seeded
game is played with that level in seat 0 and greedy bots in the other seats, twice: under CPython,
where seat 0's decisions are timed in CPU time (steady however busy the machine is), and in the
browser's Pyodide (`window.railTableBotsGame`, wall time, as a player waits). The bots' work is
counted, never clocked, so both runtimes play the same game and make the same decisions: the two
columns time the same work.
"""

from __future__ import annotations

import json
import statistics
import time
from typing import TYPE_CHECKING, Any

from bench_stats import percentile

from games import GAME_IDS, get_game
from games.bots import play_bots_game

if TYPE_CHECKING:
    from playwright.sync_api import Page

LEVELS = ("greedy", "strong", "expert")
SEED = 700


def tables() -> list[tuple[str, int, str]]:
    """(game, players, level) of every row, in the order of the table."""
    return [(game_id, players, level) for game_id in GAME_IDS
            for players in range(get_game(game_id).min_players, get_game(game_id).max_players + 1)
            for level in LEVELS]


def seats(players: int, level: str) -> list[str]:
    return [level, *["greedy"] * (players - 1)]


def summary(samples: list[float]) -> dict[str, float]:
    return {"decisions": len(samples), "mean_ms": round(statistics.mean(samples), 1),
            "p95_ms": round(percentile(samples, 0.95), 1), "max_ms": round(max(samples), 1)}


def cpython_times(game_id: str, players: int, level: str) -> dict[str, float]:
    """Seat 0's decisions in CPU ms, in the game the browser plays too."""
    decision_ms: list[list[float]] = []
    play_bots_game(game_id, players, SEED, {}, seats(players, level), decision_ms, clock=time.process_time)
    return summary(decision_ms[0])


def browser_times(page: Page, game_id: str, players: int, level: str) -> dict[str, float]:
    """Seat 0's decisions in wall ms inside the page's Pyodide."""
    spec = {"game": game_id, "players": players, "seed": SEED, "options": {}, "levels": seats(players, level)}
    answer = json.loads(page.evaluate("(spec) => window.railTableBotsGame(spec)", json.dumps(spec)))
    return summary(answer["decision_ms"][0])


def level_figures(page: Page) -> list[dict[str, Any]]:
    """A row per game, table size and level: CPython's times and the browser's."""
    return [{"game": game_id, "players": players, "level": level,
             "cpython": cpython_times(game_id, players, level),
             "browser": browser_times(page, game_id, players, level)} for game_id, players, level in tables()]


def cell(stats: dict[str, float]) -> str:
    return f"{stats['mean_ms']} / {stats['p95_ms']} / **{stats['max_ms']}** ({stats['decisions']})"


def level_rows(rows: list[dict[str, Any]]) -> list[str]:
    """The figures as their own table: CPython CPU and browser wall ms, mean / p95 / max (decisions)."""
    lines = ["", "| game | players | level | CPython CPU ms: mean / p95 / max (decisions) | "
             "browser ms: mean / p95 / max (decisions) |", "|---|---|---|---|---|"]
    lines += [f"| {row['game']} | {row['players']} | {row['level']} | {cell(row['cpython'])} | "
              f"{cell(row['browser'])} |" for row in rows]
    return lines
