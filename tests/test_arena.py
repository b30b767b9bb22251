"""The tournament runner's command line: JSON shape, seat rotation and the readable table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import arena
from arena import main, run_arena, wilson
from games.core import Result

ARENA = Path(__file__).resolve().parent.parent / "py" / "arena.py"


def test_json_summary_shape(capsys):
    assert main(["--game", "transamerica", "--players", "3", "--bots", "greedy,random,random",
                 "--games", "3", "--seed", "5", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "transamerica"
    assert summary["games"] == 3
    assert list(summary["bots"]) == ["greedy", "random"]
    for row in summary["bots"].values():
        assert set(row) == {"win_rate", "win_low", "win_high", "mean_score", "decision_ms_mean",
                            "decision_ms_max"}
        assert all(isinstance(value, float) for value in row.values())
        assert 0.0 <= row["win_low"] <= row["win_rate"] <= row["win_high"] <= 1.0
        assert 0.0 <= row["decision_ms_mean"] <= row["decision_ms_max"]
    # Win shares of all seat-instances add up to one win per game.
    rates = summary["bots"]
    assert rates["greedy"]["win_rate"] * 1 + rates["random"]["win_rate"] * 2 == pytest.approx(1.0, abs=1e-3)


class Finished:
    """Stands for a finished game where seats 0 and 1 tie for the win."""

    def result(self):
        return Result.from_scores([5, 5, 1])


def test_seats_rotate_and_ties_share_the_win(monkeypatch):
    seen = []

    def fake_game(game_id, players, seed, options, levels, decision_ms):
        seen.append((seed, list(levels)))
        decision_ms[:] = [[1.0], [2.0, 4.0], [3.0]]
        return Finished()

    monkeypatch.setattr(arena, "play_bots_game", fake_game)
    summary = run_arena("transamerica", 3, ["a", "b", "b"], 3, 10)
    assert seen == [(10, ["a", "b", "b"]), (11, ["b", "b", "a"]), (12, ["b", "a", "b"])]
    bots = summary["bots"]
    # "a" sits in a winning seat in games 0 and 2: two half wins over three games.
    assert bots["a"]["win_rate"] == pytest.approx(1 / 3, abs=1e-3)
    # "b" has six seat-instances holding two half wins and one whole (both winners in game 1).
    assert bots["b"]["win_rate"] == pytest.approx(1 / 3, abs=1e-3)
    assert bots["a"]["mean_score"] == pytest.approx((5 + 1 + 5) / 3, abs=1e-3)
    assert (bots["a"]["decision_ms_mean"], bots["a"]["decision_ms_max"]) == (2.5, 4.0)  # 1, 3, 2+4
    assert bots["b"]["decision_ms_mean"] == pytest.approx((2 + 4 + 3 + 1 + 2 + 4 + 1 + 3) / 8)


def test_progress_tells_the_win_rates_so_far(monkeypatch, capsys):
    heard = []

    def fake_game(game_id, players, seed, options, levels, decision_ms):
        decision_ms[:] = [[1.0]] * players
        return Finished()

    monkeypatch.setattr(arena, "play_bots_game", fake_game)
    summary = run_arena("transamerica", 3, ["a", "b", "b"], 3, 10,
                        progress=lambda played, rates: heard.append((played, rates)))
    # Seats 0 and 1 tie in every game: "a" sits in one in games 0 and 2, "b" in both in game 1.
    assert [played for played, _ in heard] == [1, 2, 3]
    assert heard[0][1] == pytest.approx({"a": 0.5, "b": 0.25})
    assert heard[1][1] == pytest.approx({"a": 0.25, "b": 0.375})
    assert heard[2][1] == pytest.approx({name: row["win_rate"] for name, row in summary["bots"].items()},
                                        abs=1e-4)
    assert main(["--game", "transamerica", "--players", "2", "--bots", "random,random", "--games", "4",
                 "--progress", "2"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(" games:")[0] for line in lines] == ["2/4", "4/4"]
    assert lines[-1] == "4/4 games: random 0.500"


def test_wilson_interval_of_a_win_rate():
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(30, 100) == pytest.approx((0.2189, 0.3958), abs=1e-4)
    low, high = wilson(2.5, 10)  # fractional successes: a tie's share of a win
    assert low < 0.25 < high


def test_games_in_several_processes_give_the_same_figures():
    """Game g depends only on seed + g and its seats: any number of processes, the same results."""
    args = ("transamerica", 3, ["greedy", "random", "greedy"], 5, 7)
    alone, shared = run_arena(*args, jobs=1), run_arena(*args, jobs=2)
    for summary in (alone, shared):
        for row in summary["bots"].values():
            del row["decision_ms_mean"], row["decision_ms_max"]
    assert alone == shared


def test_mixed_field_is_rotated_per_game():
    one = run_arena("transamerica", 2, ["greedy", "random"], 1, 4)
    swapped = run_arena("transamerica", 2, ["random", "greedy"], 1, 4)
    # Same seed, seats swapped: a different game, yet greedy still beats random.
    assert one["bots"]["greedy"]["win_rate"] == swapped["bots"]["greedy"]["win_rate"] == 1.0


def test_readable_table_and_bad_arguments(capsys):
    main(["--game", "transamerica", "--players", "2", "--bots", "random,random", "--games", "1"])
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "transamerica: 1 games"
    assert "win rate" in out and "95% interval" in out and "random" in out
    with pytest.raises(SystemExit):
        main(["--game", "transamerica", "--players", "3", "--bots", "random,random", "--games", "1"])
    with pytest.raises(SystemExit):
        main(["--game", "transamerica", "--players", "2", "--bots", "random,wizard", "--games", "1"])
    with pytest.raises(SystemExit):
        main(["--game", "transamerica", "--players", "2", "--bots", "random,random", "--jobs", "-1"])
    with pytest.raises(SystemExit):
        main(["--game", "transamerica", "--players", "2", "--bots", "random,random", "--progress", "-1"])


def test_runs_as_a_script():
    done = subprocess.run([sys.executable, str(ARENA), "--game", "transamerica", "--players", "2",
                           "--bots", "random,greedy", "--games", "1", "--json"],
                          capture_output=True, text=True, check=True, timeout=120)
    assert set(json.loads(done.stdout)["bots"]) == {"random", "greedy"}
