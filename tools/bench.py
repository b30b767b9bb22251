"""`make bench`: the speed figures of docs/benchmarks.md, measured in one run on this machine.

* boot to interactive, cold (fresh profile) and warm (browser relaunched on the same profile), as a
  ratio to the bare PyScript page `bench/bare.html` on the same vendored Pyodide;
* bytes transferred on a cold load, the app beyond the bare page;
* click to repainted board on TransAmerica (place a track, take it back), median and 95th percentile;
* bot decision time per game and level in the browser's Pyodide;
* the longest task while a bots-only table plays each game to its end in the page (the page freezes
  if one exceeds 100 ms);
* random full games per second and link length of complete 4-player games, under CPython.

The report is printed and written between the `bench:foundation` markers of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests" / "browser")]

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from games.bots import play_bots_game  # noqa: E402
from support import CHROMIUM, FLAGS, FREEZE_MS, READY, Site, start_game, watch_long_tasks  # noqa: E402
from ui.links import encode_link  # noqa: E402

DOC = ROOT / "docs" / "benchmarks.md"
BEGIN, END = "<!-- bench:foundation -->", "<!-- /bench:foundation -->"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def load_once(playwright: Any, profile: Path, url: str, ready_js: str,
              count_bytes: bool) -> tuple[float, int]:
    """One page load in a browser on `profile`: ms from navigation start to ready, bytes received."""
    ctx = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=FLAGS, headless=True, service_workers="block")
    try:
        page = ctx.new_page()
        received = [0]
        if count_bytes:
            cdp = ctx.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.on("Network.loadingFinished",
                   lambda e: received.__setitem__(0, received[0] + e["encodedDataLength"]))
        page.goto(url)
        page.wait_for_function(ready_js, timeout=120_000)
        ready = page.evaluate(ready_js)
        return float(ready), received[0]
    finally:
        ctx.close()


def boot_figures(playwright: Any, site: Site, runs: int) -> dict[str, Any]:
    pages = {"bare": (site.url + "bench/bare.html", "window.pyReadyAt"),
             "app": (site.url, "window.railTableReadyAt")}
    times: dict[str, dict[str, list[float]]] = {name: {"cold": [], "warm": []} for name in pages}
    cold_bytes: dict[str, list[int]] = {name: [] for name in pages}
    for _ in range(runs):
        for name, (url, ready_js) in pages.items():  # interleaved, so drift hits both alike
            with tempfile.TemporaryDirectory() as profile:
                ms, received = load_once(playwright, Path(profile), url, ready_js, count_bytes=True)
                times[name]["cold"].append(ms)
                cold_bytes[name].append(received)
                ms, _ = load_once(playwright, Path(profile), url, ready_js, count_bytes=False)
                times[name]["warm"].append(ms)
    result: dict[str, Any] = {"runs": runs}
    for kind in ("cold", "warm"):
        bare, app = statistics.median(times["bare"][kind]), statistics.median(times["app"][kind])
        result[kind] = {"bare_ms": round(bare), "app_ms": round(app), "ratio": round(app / bare, 3)}
    result["bytes"] = {name: int(statistics.median(values)) for name, values in cold_bytes.items()}
    return result


CLICK_JS = """async (selector) => {
    const target = document.querySelector(selector);
    const start = performance.now();
    target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    await new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
    return performance.now() - start;
}"""


def click_figures(page: Page, clicks: int) -> dict[str, float]:
    """Place a track and take it back, again and again: every click redraws the position layer."""
    start_game(page, ["human", "greedy"], seed=17)
    page.wait_for_selector('#board-position [data-move^="marker "]')
    page.locator('#board-position [data-move^="marker "]').nth(40).click()
    page.wait_for_selector('#board-position [data-move^="track "]', timeout=30_000)
    samples = []
    for _ in range(clicks):
        samples.append(page.evaluate(CLICK_JS, '#board-position [data-move^="track "]'))
        samples.append(page.evaluate(CLICK_JS, "#actions [data-undo]"))
    return {"clicks": len(samples), "median_ms": round(statistics.median(samples), 1),
            "p95_ms": round(percentile(samples, 0.95), 1)}


BOT_GAMES = ("transamerica", "trick_of_the_rails", "freight_train", "locomotion")


def bot_figures(page: Page, games: int) -> dict[str, dict[str, float]]:
    """Every decision of seeded 3-player bots-only games of each game, timed inside Pyodide."""
    per_level: dict[str, list[float]] = {}
    levels = ["strong", "greedy", "random"]
    for game in BOT_GAMES:
        for seed in range(games):
            spec = {"game": game, "players": 3, "seed": 500 + seed, "options": {}, "levels": levels}
            answer = json.loads(page.evaluate("(spec) => window.railTableBotsGame(spec)", json.dumps(spec)))
            for seat, samples in enumerate(answer["decision_ms"]):
                per_level.setdefault(f"{game} {levels[seat]}", []).extend(samples)
    return {name: {"decisions": len(samples), "mean_ms": round(statistics.mean(samples), 1),
                   "p95_ms": round(percentile(samples, 0.95), 1), "max_ms": round(max(samples), 1)}
            for name, samples in per_level.items()}


def freeze_figures(page: Page, site: Site) -> dict[str, dict[str, int]]:
    """Tasks over 50 ms (the browser's long tasks) while strong, greedy and random bots play a game
    at the table, drawing every move."""
    figures = {}
    for game in BOT_GAMES:
        page.goto(site.url)
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        start_game(page, ["strong", "greedy", "random"], seed=31, game=game)
        watch_long_tasks(page)
        page.wait_for_selector("html[data-game-over]", state="attached", timeout=600_000)
        tasks = [task["ms"] for task in page.evaluate("window.longTasks")]
        figures[game] = {"plies": int(page.locator("#table").get_attribute("data-ply")),
                         "long_tasks": len(tasks), "longest_ms": max(tasks, default=0)}
    return figures


def cpython_figures(games: int) -> dict[str, Any]:
    start = time.perf_counter()
    for seed in range(games):
        play_bots_game("transamerica", 4, seed, {}, ["random"] * 4)
    per_second = games / (time.perf_counter() - start)
    lengths = []
    for seed in range(10):
        state = play_bots_game("transamerica", 4, 900 + seed, {}, ["strong", "greedy", "greedy", "random"])
        lengths.append(len(encode_link(state.record(), ["strong", "greedy", "greedy", "random"])))
    return {"random_games_per_s": round(per_second, 2), "link_chars_max": max(lengths),
            "link_chars_median": int(statistics.median(lengths))}


def report(figures: dict[str, Any]) -> str:
    boot, click, bots, cpy = figures["boot"], figures["click"], figures["bots"], figures["cpython"]
    rows = ["| figure | measured | baseline / goal |", "|---|---|---|"]
    for kind in ("cold", "warm"):
        rows.append(f"| boot to interactive, {kind} (median of {boot['runs']}) | {boot[kind]['app_ms']} ms, "
                    f"**ratio {boot[kind]['ratio']}** | bare PyScript page {boot[kind]['bare_ms']} ms; "
                    "goal ratio <= 1.15 |")
    extra = boot["bytes"]["app"] - boot["bytes"]["bare"]
    rows += [
        f"| bytes on a cold load | {boot['bytes']['app']:,} B, **{extra:,} B beyond the bare page** | "
        f"bare page {boot['bytes']['bare']:,} B |",
        f"| click to repainted board ({click['clicks']} clicks) | median **{click['median_ms']} ms**, "
        f"p95 {click['p95_ms']} ms | goal median <= 30 ms |",
    ]
    for game, stats in figures["freeze"].items():
        longest = f"longest **{stats['longest_ms']} ms**" if stats["long_tasks"] else "**none**"
        rows.append(f"| tasks over 50 ms while bots play {game} at the table ({stats['plies']} moves "
                    f"drawn) | {stats['long_tasks']}, {longest} | no task over {FREEZE_MS} ms |")
    for level, stats in bots.items():
        rows.append(f"| bot decision in the browser, {level} ({stats['decisions']} decisions) | mean "
                    f"{stats['mean_ms']} ms, p95 {stats['p95_ms']} ms, **max {stats['max_ms']} ms** | "
                    "goal <= 1000 ms |")
    rows += [
        f"| random 4-player games per second, CPython | **{cpy['random_games_per_s']}** | - |",
        f"| link length, complete 4-player game (10 bots-only games) | median {cpy['link_chars_median']}, "
        f"**max {cpy['link_chars_max']} chars** | goal <= 2048 |",
    ]
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="boot measurements per page and kind")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--bot-games", type=int, default=2)
    parser.add_argument("--games", type=int, default=30, help="random CPython games to time")
    args = parser.parse_args()
    site = Site(ROOT)
    site.start()
    try:
        with sync_playwright() as playwright:
            figures: dict[str, Any] = {"boot": boot_figures(playwright, site, args.runs)}
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 860})
            page = ctx.new_page()
            page.goto(site.url)
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            figures["bots"] = bot_figures(page, args.bot_games)
            figures["click"] = click_figures(page, args.clicks)
            figures["freeze"] = freeze_figures(page, site)
            browser.close()
    finally:
        site.stop()
    figures["cpython"] = cpython_figures(args.games)
    table = report(figures)
    print(json.dumps(figures, indent=1))
    print(table)
    text = DOC.read_text() if DOC.exists() else f"# Benchmarks\n\n{BEGIN}\n{END}\n"
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    stamp = time.strftime("%Y-%m-%d")
    DOC.write_text(f"{head}{BEGIN}\nMeasured {stamp} by `make bench` on this project's 2-core machine "
                   f"(headless Debian Chromium, localhost, no compression).\n\n{table}\n{END}{tail}")


if __name__ == "__main__":
    main()
