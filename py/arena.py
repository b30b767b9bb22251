"""Tournament runner: bots-only games with rotating seats, under CPython.

    python py/arena.py --game transamerica --players 4 --bots strong,greedy,greedy,greedy \
        --games 300 --seed 1 --jobs 2 --json --progress 30

Game g (0-based) uses seed `seed + g` and the bot list rotated left by g: seat s plays
`bots[(s + g) % players]`, so every bot sits in every seat equally often over `players` games.
`--jobs N` plays the games in N processes; each game depends only on its seed and seats and the
results are summed in game order, so every figure but the timings is the same for any N.

Figures per bot name, aggregated over its seat-instances (a name given for k seats has k
instances in each game):
* `win_rate`: sum of its instances' win shares / (games x k); a game's winners share the win,
  each of a k-way tie scoring 1/k, so the win rates of all instances of a game add up to 1;
* `win_low` / `win_high`: the 95% Wilson score interval of `win_rate`, taking each game as one
  trial whose success is the name's share of that game's win (its instances' shares / k): a tie
  or several instances count as a fraction of a success, and the trials number `games`;
* `mean_score`: mean final score of its instances;
* `decision_ms_mean` / `decision_ms_max`: wall time of its instances' decisions, in ms.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from math import sqrt
from multiprocessing import Pool
from typing import Any

from games.bots import LEVELS, play_bots_game

Z95 = 1.959964  # the standard normal quantile of 0.975

# One game's outcome per seat: (bot level, win share, final score, decision times in ms).
Outcome = list[tuple[str, float, float, list[float]]]
Task = tuple[str, int, list[str], int, int, dict[str, Any] | None]


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of `successes` in `trials`."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    spread = Z95 * sqrt(p * (1 - p) / trials + Z95 * Z95 / (4 * trials * trials))
    centre = p + Z95 * Z95 / (2 * trials)
    scale = 1 + Z95 * Z95 / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def play_one(task: Task) -> Outcome:
    """Game g of the tournament: its seed is `seed + g` and its seats are rotated left by g."""
    game_id, players, bots, seed, g, options = task
    levels = [bots[(s + g) % players] for s in range(players)]
    decision_ms: list[list[float]] = []
    state = play_bots_game(game_id, players, seed + g, options, levels, decision_ms)
    result = state.result()
    return [(level, 1.0 / len(result.winners) if seat in result.winners else 0.0,
             float(result.scores[seat]), decision_ms[seat]) for seat, level in enumerate(levels)]


def outcomes(tasks: list[Task], jobs: int) -> Iterator[Outcome]:
    """Each game's outcome, in game order."""
    if jobs <= 1:
        yield from map(play_one, tasks)
        return
    with Pool(jobs) as pool:
        yield from pool.imap(play_one, tasks)


def run_arena(game_id: str, players: int, bots: list[str], games: int, seed: int,
              options: dict[str, Any] | None = None, jobs: int = 1,
              progress: Callable[[int, dict[str, float]], None] | None = None) -> dict[str, Any]:
    """The tournament's summary; `progress`, if given, hears after each game how many games are done
    and each bot's win rate so far."""
    if len(bots) != players:
        raise ValueError("give one bot per seat")
    names = sorted(set(bots), key=bots.index)
    wins = dict.fromkeys(names, 0.0)
    scores = dict.fromkeys(names, 0.0)
    times: dict[str, list[float]] = {name: [] for name in names}
    tasks: list[Task] = [(game_id, players, bots, seed, g, options) for g in range(games)]

    def win_rate(name: str, played: int) -> float:
        """The name's win shares over its seat-instances in the first `played` games."""
        return wins[name] / (played * bots.count(name))

    for played, outcome in enumerate(outcomes(tasks, jobs), 1):
        for level, share, score, spent in outcome:
            wins[level] += share
            scores[level] += score
            times[level].extend(spent)
        if progress:
            progress(played, {name: win_rate(name, played) for name in names})
    report: dict[str, Any] = {}
    for name in names:
        instances = games * bots.count(name)
        low, high = wilson(wins[name] / bots.count(name), games)
        spent = times[name]
        report[name] = {
            "win_rate": round(win_rate(name, games), 4),
            "win_low": round(low, 4),
            "win_high": round(high, 4),
            "mean_score": round(scores[name] / instances, 3),
            "decision_ms_mean": round(sum(spent) / len(spent), 3) if spent else 0.0,
            "decision_ms_max": round(max(spent), 3) if spent else 0.0,
        }
    return {"game": game_id, "games": games, "bots": report}


def table(summary: dict[str, Any]) -> str:
    lines = [f"{summary['game']}: {summary['games']} games",
             f"{'bot':<10}{'win rate':>10}{'95% interval':>16}{'mean score':>12}"
             f"{'ms mean':>10}{'ms max':>10}"]
    for name, row in summary["bots"].items():
        interval = f"{row['win_low']:.3f}-{row['win_high']:.3f}"
        lines.append(f"{name:<10}{row['win_rate']:>10.3f}{interval:>16}{row['mean_score']:>12.2f}"
                     f"{row['decision_ms_mean']:>10.1f}{row['decision_ms_max']:>10.1f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play bots-only games with rotating seats.")
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--bots", required=True, help=f"one level per seat, comma-separated: {LEVELS}")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default="{}", help='game options as JSON, e.g. {"visible_cards": true}')
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes playing games at once; 0: one per core")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="every N games, write the win rates so far to stderr (a long run stopped "
                             "early still tells something)")
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    unknown = [name for name in bots if name not in LEVELS]
    if unknown:
        parser.error(f"unknown bot level(s): {', '.join(unknown)}")
    if len(bots) != args.players:
        parser.error("--bots needs one level per seat")
    if args.jobs < 0:
        parser.error("--jobs cannot be negative")
    if args.progress < 0:
        parser.error("--progress cannot be negative")

    def progress(played: int, rates: dict[str, float]) -> None:
        if played % args.progress == 0:
            shown = ", ".join(f"{name} {rate:.3f}" for name, rate in rates.items())
            print(f"{played}/{args.games} games: {shown}", file=sys.stderr, flush=True)

    summary = run_arena(args.game, args.players, bots, args.games, args.seed, json.loads(args.options),
                        args.jobs or os.cpu_count() or 1, progress if args.progress else None)
    print(json.dumps(summary) if args.json else table(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
