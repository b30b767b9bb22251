"""Tournament runner: bots-only games with rotating seats, under CPython.

    python py/arena.py --game transamerica --players 4 --bots strong,greedy,greedy,greedy \
        --games 100 --seed 1 --json

Game g (0-based) uses seed `seed + g` and the bot list rotated left by g: seat s plays
`bots[(s + g) % players]`, so every bot sits in every seat equally often over `players` games.

Figures per bot name, aggregated over its seat-instances (a name given for k seats has k
instances in each game):
* `win_rate`: sum of its instances' win shares / (games x k); a game's winners share the win,
  each of a k-way tie scoring 1/k, so the win rates of all instances of a game add up to 1;
* `mean_score`: mean final score of its instances;
* `decision_ms_mean` / `decision_ms_max`: wall time of its instances' decisions, in ms.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from games.bots import LEVELS, play_bots_game


def run_arena(game_id: str, players: int, bots: list[str], games: int, seed: int,
              options: dict[str, Any] | None = None) -> dict[str, Any]:
    if len(bots) != players:
        raise ValueError("give one bot per seat")
    names = sorted(set(bots), key=bots.index)
    wins = dict.fromkeys(names, 0.0)
    scores = dict.fromkeys(names, 0.0)
    times: dict[str, list[float]] = {name: [] for name in names}
    for g in range(games):
        levels = [bots[(s + g) % players] for s in range(players)]
        decision_ms: list[list[float]] = []
        state = play_bots_game(game_id, players, seed + g, options, levels, decision_ms)
        result = state.result()
        for seat, level in enumerate(levels):
            if seat in result.winners:
                wins[level] += 1.0 / len(result.winners)
            scores[level] += result.scores[seat]
            times[level].extend(decision_ms[seat])
    report: dict[str, Any] = {}
    for name in names:
        instances = games * bots.count(name)
        spent = times[name]
        report[name] = {
            "win_rate": round(wins[name] / instances, 4),
            "mean_score": round(scores[name] / instances, 3),
            "decision_ms_mean": round(sum(spent) / len(spent), 3) if spent else 0.0,
            "decision_ms_max": round(max(spent), 3) if spent else 0.0,
        }
    return {"game": game_id, "games": games, "bots": report}


def table(summary: dict[str, Any]) -> str:
    lines = [f"{summary['game']}: {summary['games']} games",
             f"{'bot':<10}{'win rate':>10}{'mean score':>12}{'ms mean':>10}{'ms max':>10}"]
    for name, row in summary["bots"].items():
        lines.append(f"{name:<10}{row['win_rate']:>10.3f}{row['mean_score']:>12.2f}"
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
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    unknown = [name for name in bots if name not in LEVELS]
    if unknown:
        parser.error(f"unknown bot level(s): {', '.join(unknown)}")
    if len(bots) != args.players:
        parser.error("--bots needs one level per seat")
    summary = run_arena(args.game, args.players, bots, args.games, args.seed, json.loads(args.options))
    print(json.dumps(summary) if args.json else table(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
