"""`make bench`: the speed figures of docs/benchmarks.md, measured in one run on this machine.

* boot to interactive, cold (fresh profile: a first visit, which downloads the snapshot of Python's
  start where the link is fast, as here) and warm (browser relaunched on the same profile: a return
  visit, which restores the snapshot the first kept), as a ratio to the bare PyScript page
  `bench/bare.html` on the same vendored Pyodide;
* bytes transferred on a cold load up to ready, the app beyond the bare page;
* the files a first visit's service worker downloads, as a host serving dist/ with its precompressed
  copies would send them (Brotli, gzip): computed from the worker's list and tools/dist.py's rules,
  with no browser (`--only dist` runs it alone);
* click to repainted board on TransAmerica (place a track, take it back), median and 95th percentile,
  on a laptop-sized page and on a 360x740 touch page with the CPU slowed 4x (`--only phone` alone);
* bot decision time for every game, table size and level, in CPython's CPU time and in the browser's
  Pyodide (tools/bench_bots.py; `--only bots` runs it alone, about 10 minutes);
* the longest task while a bots-only table plays each game to its end in the page (the page freezes
  if one exceeds 100 ms);
* under CPython (`--only cpython` runs these alone, in a minute, with no browser): random full games
  per second and link length of complete 4-player games; the CPU time of encoding and decoding a
  link, of a 6-terminal Steiner solve, of each game's strong bot per decision (and its longest
  stretch of work without yielding), of drawing a position of each game, and of Locomotion's
  animation frames. These are the speeds unit tests used to assert; the tests now count work;
* links (`--only links`): the length of complete games' links of every game and table size, as
  shared and as sent in a game by link, and the longest task while the longest link opens and is
  scrubbed;
* issue 14's return (tools/bench_return.py): a reload in the middle of a TransAmerica game served by the
  service worker, ms to the board and to playable (`--only reload`); and a slow phone (CPU slowed 4x,
  DevTools' "Slow 4G" latency and bandwidth, 360x740 touch), cold and return visits, ms to the lobby's
  Start, to a game's board and to playable, and its reload mid-game (`--only slowphone`, 7 minutes:
  a cold visit downloads the runtime twice at 180 kB/s); `--only boot` runs the boot ratio alone.

The report is printed; a full run also writes it between the `bench:foundation` markers of
docs/benchmarks.md (a partial run, `--only`, prints its rows only).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests"), str(ROOT / "tests" / "browser"), str(ROOT / "tools")]

from bench_bots import level_figures, level_rows  # noqa: E402
from bench_return import reload_figures, reload_rows, slowphone_figures, slowphone_rows  # noqa: E402
from bench_stats import percentile  # noqa: E402
from build_sw import SW_NAME, content_version, render_sw, site_files  # noqa: E402
from dist import compressed_copies  # noqa: E402

from games import GAME_IDS, get_game  # noqa: E402
from games.bots import bot_rng, get_bot, play_bots_game  # noqa: E402
from games.core import Rng, State, finish, seeded_salts  # noqa: E402
from games.transamerica import steiner  # noqa: E402
from games.transamerica.board import BOARD, COLOURS  # noqa: E402
from random_play import mid_game_built, play_random_game  # noqa: E402
from ui.games import face_for  # noqa: E402
from ui.i18n import Translator  # noqa: E402
from ui.links import decode_link, encode_link  # noqa: E402

if TYPE_CHECKING:  # the browser parts import Playwright (and the browser tests' support) on use
    from playwright.sync_api import Page

    from support import Site

DOC = ROOT / "docs" / "benchmarks.md"
BEGIN, END = "<!-- bench:foundation -->", "<!-- /bench:foundation -->"


def load_once(playwright: Any, profile: Path, url: str, ready_js: str, settled_js: str,
              count_bytes: bool) -> tuple[float, int, str]:
    """One page load in a browser on `profile`: ms from navigation start to ready, bytes received by
    then, and how Python started (the app's `data-python-start`). The browser closes once `settled_js`
    holds as well."""
    from support import CHROMIUM, FLAGS
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
        ready, by_then = page.evaluate(ready_js), received[0]
        start = page.evaluate("document.documentElement.getAttribute('data-python-start') || ''")
        page.wait_for_function(settled_js, timeout=120_000)
        return float(ready), by_then, start
    finally:
        ctx.close()


# The app's page has kept its snapshot of Python's start for the next visit (static/js/boot.js), as a
# player's page does while they play (a cold load starts afresh, so it always keeps one).
KEPT_JS = "document.documentElement.hasAttribute('data-snapshot-kept')"


def boot_figures(playwright: Any, site: Site, runs: int) -> dict[str, Any]:
    """A cold load (a first visit) starts Python afresh; before the browser closes, the app's page
    keeps its snapshot, which the warm load (a return visit) restores."""
    pages = {"bare": (site.url + "bench/bare.html", "window.pyReadyAt", "true"),
             "app": (site.url, "window.railTableReadyAt", KEPT_JS)}
    times: dict[str, dict[str, list[float]]] = {name: {"cold": [], "warm": []} for name in pages}
    cold_bytes: dict[str, list[int]] = {name: [] for name in pages}
    starts: dict[str, set[str]] = {"cold": set(), "warm": set()}
    for _ in range(runs):
        for name, (url, ready_js, settled_js) in pages.items():  # interleaved: drift hits both alike
            with tempfile.TemporaryDirectory() as profile:
                ms, received, start = load_once(playwright, Path(profile), url, ready_js, settled_js,
                                                count_bytes=True)
                times[name]["cold"].append(ms)
                cold_bytes[name].append(received)
                starts["cold"].add(start)
                ms, _, start = load_once(playwright, Path(profile), url, ready_js, "true", count_bytes=False)
                times[name]["warm"].append(ms)
                starts["warm"].add(start)
    result: dict[str, Any] = {"runs": runs}
    for kind in ("cold", "warm"):
        bare, app = statistics.median(times["bare"][kind]), statistics.median(times["app"][kind])
        result[kind] = {"bare_ms": round(bare), "app_ms": round(app), "ratio": round(app / bare, 3),
                        "python_start": ", ".join(sorted(starts[kind] - {""}))}
    result["bytes"] = {name: int(statistics.median(values)) for name, values in cold_bytes.items()}
    return result


def dist_figures() -> dict[str, int]:
    """Bytes of the worker's precache list and of its own script, raw and as a host would send them
    from dist/: each file replaced by its .br (or .gz) copy where tools/dist.py writes one."""
    files = site_files(ROOT)
    contents = {name: (ROOT / name).read_bytes() for name in files}
    contents[SW_NAME] = render_sw(content_version(ROOT, files), files).encode()  # dist/'s own sw.js
    sizes = {"files": len(contents), "raw": 0, "br": 0, "gz": 0}
    for name, data in contents.items():
        copies = compressed_copies(name, data)
        sizes["raw"] += len(data)
        for encoding in ("br", "gz"):
            sizes[encoding] += len(copies.get(f".{encoding}", data))
    return sizes


CLICK_JS = """async (selector) => {
    const target = document.querySelector(selector);
    const start = performance.now();
    target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    await new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
    return performance.now() - start;
}"""


def click_figures(page: Page, clicks: int) -> dict[str, float]:
    """Place a track and take it back, again and again: every click redraws the position layer."""
    from support import start_game
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


PHONE = {"width": 360, "height": 740}
PHONE_CPU_SLOWDOWN = 4  # Chromium's CPU throttling: a mid-range phone


def phone_click_figures(browser: Any, site: Site, clicks: int) -> dict[str, float]:
    """The same clicks on a 360x740 touch screen with the CPU slowed down, as on a phone."""
    from support import READY
    ctx = browser.new_context(service_workers="block", viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
    figures = click_figures(page, clicks)
    ctx.close()
    return figures


BOT_GAMES = ("transamerica", "trick_of_the_rails", "freight_train", "locomotion")


def freeze_figures(page: Page, site: Site) -> dict[str, dict[str, int]]:
    """Tasks over 50 ms (the browser's long tasks) while strong, greedy and random bots play a game
    at the table, drawing every move."""
    from support import READY, start_game, watch_long_tasks
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


def long_link_figures(browser: Any, site: Site) -> dict[str, Any]:
    """The longest link (a complete 5-player Freight Train game, named, played by link) opened in a
    running app whose Freight Train code is not loaded yet, then scrubbed to the start, the end and the
    middle: the longest task of each, as the browser reports tasks over 50 ms."""
    from support import READY, watch_long_tasks
    state = play_bots_game("freight_train", 5, 3, None, ["greedy"] * 5, salt_source=seeded_salts(3))
    link = encode_link(state.record(), ["human"] * 5, ["Ann", "Bo", "Cy", "Di", "Ed"])
    plies = len(state.moves)
    ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 860})
    page = ctx.new_page()
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    page.wait_for_timeout(2000)  # the lobby's warm-up is over

    def longest(action: Callable[[], None]) -> int:
        watch_long_tasks(page)
        action()
        page.wait_for_timeout(400)
        return max((task["ms"] for task in page.evaluate("window.longTasks")), default=0)

    def open_link() -> None:
        page.evaluate(f"() => {{ location.hash = '#play={link}'; }}")
        page.wait_for_selector('#log[aria-busy="false"]', state="attached", timeout=60_000)

    figures = {"chars": len(link), "moves": plies, "open_ms": longest(open_link),
               "first_ms": longest(lambda: page.click('[data-replay="first"]')),
               "last_ms": longest(lambda: page.click('[data-replay="last"]')),
               "middle_ms": longest(lambda: page.locator("#replay-range").fill(str(plies // 2)))}
    ctx.close()
    return figures


def link_length_figures(games: int) -> list[dict[str, Any]]:
    """Link lengths of complete games of every game at its fewest, four and most players: as shared
    (no names) and as sent in a game by link (names, fresh chance's salts), greedy and random bots."""
    rows = []
    for game_id in GAME_IDS:
        game = get_game(game_id)
        for players in sorted({game.min_players, min(4, game.max_players), game.max_players}):
            for level in ("greedy", "random"):
                plain, by_link = [], []
                for seed in range(games):
                    levels = [level] * players
                    record = play_bots_game(game_id, players, seed, None, levels).record()
                    plain.append(len(encode_link(record, ["human"] * players)))
                    record = play_bots_game(game_id, players, seed, None, levels,
                                            salt_source=seeded_salts(seed)).record()
                    names = [f"Player {seat + 1}" for seat in range(players)]
                    by_link.append(len(encode_link(record, ["human"] * players, names, by_link=True)))
                rows.append({"game": game_id, "players": players, "bots": level, "games": games,
                             "plain_median": int(statistics.median(plain)), "plain_max": max(plain),
                             "by_link_median": int(statistics.median(by_link)), "by_link_max": max(by_link)})
    return rows


def link_rows(figures: dict[str, Any]) -> list[str]:
    from support import FREEZE_MS
    rows = []
    if "long_link" in figures:
        long = figures["long_link"]
        rows.append(f"| longest task opening the longest link ({long['moves']}-move 5-player Freight Train "
                    f"game by link, {long['chars']} chars), then scrubbing to the start / end / middle | "
                    f"**{long['open_ms']} ms**; {long['first_ms']} / {long['last_ms']} / "
                    f"{long['middle_ms']} ms (0: no task over 50 ms) | no task over {FREEZE_MS} ms |")
    for row in figures.get("link_lengths", []):
        rows.append(f"| link length, complete {row['players']}-player {row['game']}, {row['bots']} bots "
                    f"({row['games']} games): as shared / by link with names | median "
                    f"{row['plain_median']} / {row['by_link_median']}, "
                    f"**max {row['plain_max']} / {row['by_link_max']} chars** | "
                    "goal <= 2048 (4-player TransAmerica) |")
    return rows


def cpu_ms(action: Callable[[], object]) -> float:
    """The CPU time of one call, in ms: steady however busy the machine is."""
    start = time.process_time()
    action()
    return (time.process_time() - start) * 1000.0


def spread(samples: list[float]) -> dict[str, float]:
    return {"count": len(samples), "median_ms": round(statistics.median(samples), 2),
            "mean_ms": round(statistics.mean(samples), 2), "p95_ms": round(percentile(samples, 0.95), 2),
            "max_ms": round(max(samples), 2)}


def link_figures(repeats: int) -> dict[str, Any]:
    """Encoding and decoding the link of a complete 4-player TransAmerica game (each replays it)."""
    state = play_bots_game("transamerica", 4, 3, {"blocking_markers": True}, ["greedy"] * 4)
    record, seats = state.record(), ["human"] * 4
    text = encode_link(record, seats)
    return {"moves": len(record["moves"]),
            "encode": spread([cpu_ms(lambda: encode_link(record, seats)) for _ in range(repeats)]),
            "decode": spread([cpu_ms(lambda: decode_link(text)) for _ in range(repeats)])}


def steiner_figures(solves: int) -> dict[str, Any]:
    """A first solve (nothing remembered) for a city of each region and a random point, on an empty
    board and with 40 tracks built."""
    rng = Rng(9)
    by_colour = {colour: [c for c in BOARD.cities if c.colour == colour] for colour in COLOURS}
    figures = {}
    for count in (0, 40):
        times = []
        for _ in range(solves):
            built = mid_game_built(rng, count)
            terminals = [BOARD.point_index[rng.choice(cs).point] for cs in by_colour.values()]
            terminals.append(rng.below(len(BOARD.points)))
            steiner.connection_cost([], built)  # contraction is cached per built set, as in real use
            steiner._SOLVED.clear()
            times.append(cpu_ms(lambda: steiner.connection_cost(terminals, built)))  # noqa: B023
        figures[f"{count} tracks built"] = spread(times)
    return figures


def strong_bot_figures(games: int) -> dict[str, dict[str, Any]]:
    """Each decision of the strong bot in seeded 3-player games against greedy and random (the
    browser's bot figures play the same games), in CPU time, with its longest stretch of work
    between two yields (the real `Pacer` deciding when to yield)."""
    figures = {}
    levels = ["strong", "greedy", "random"]
    mark = stretch = 0.0

    def pause() -> None:
        """At a yield: the longest stretch of work since the decision began, so far."""
        nonlocal mark, stretch
        now = time.process_time()
        stretch, mark = max(stretch, now - mark), now

    for game_id in GAME_IDS:
        decisions: list[float] = []
        longest = 0.0  # the strong seat's longest stretch of work between two yields
        for seed in range(500, 500 + games):
            bots = [get_bot(game_id, level) for level in levels]
            state = get_game(game_id).new_state(len(levels), seed, {})
            while (seat := state.current_player) is not None:
                thinking = bots[seat].think(state.view(seat), state.legal_moves(),
                                            bot_rng(seed, seat, len(state.moves)))
                start = mark = time.process_time()
                stretch = 0.0
                move = finish(thinking, pause)
                end = time.process_time()
                if seat == 0:
                    decisions.append((end - start) * 1000.0)
                    longest = max(longest, stretch, end - mark)
                state.apply(move)
        figures[game_id] = dict(spread(decisions), longest_stretch_ms=round(longest * 1000.0, 2))
    return figures


def positions(game_id: str, players: int, seed: int, options: dict[str, Any],
              every: int) -> list[tuple[dict[str, Any], list[str]]]:
    """(view of the seat to move, its legal moves) after every `every`-th move of a random game."""
    shots = []

    def keep(state: State, _move: str | None) -> None:
        seat = state.current_player
        if seat is not None and len(state.moves) % every == 0:
            shots.append((state.view(seat), state.legal_moves()))

    play_random_game(game_id, players, seed, options, check=keep)
    return shots


# The random games whose positions the drawing figures draw, and the bound the unit tests used to
# assert on the mean (CPython, CPU).
DRAWN = {"transamerica": (6, 11, {}, 1, 25), "trick_of_the_rails": (3, 9, {}, 1, 20),
         "freight_train": (5, 9, {"cabooses": True}, 6, 20), "locomotion": (4, 9, {}, 1, 10)}


def drawing_figures() -> dict[str, Any]:
    """Drawing the position layer (English), every position of a random game per game; the same
    late TransAmerica position redrawn, as on every click; Locomotion's animation frames."""
    t = Translator("en")
    figures: dict[str, Any] = {}
    for game_id in GAME_IDS:
        players, seed, options, every, goal = DRAWN[game_id]
        face = face_for(game_id)
        face.draw_map(t)
        shots = positions(game_id, players, seed, options, every)
        face.draw_position(*shots[0], t)  # the first drawing fills the caches, as the first move does
        times = [cpu_ms(lambda: face.draw_position(view, legal, t)) for view, legal in shots]  # noqa: B023
        figures[game_id] = dict(spread(times), players=players, goal_ms=goal)
    face = face_for("transamerica")
    late = max((shot for shot in positions("transamerica", 6, 11, {}, 1)
                if shot[0]["phase"] == "build" and not shot[0]["turn"]["placed"]),
               key=lambda shot: len(shot[0]["tracks"]))
    face.draw_position(*late, t)
    figures["redraw"] = dict(spread([cpu_ms(lambda: face.draw_position(*late, t)) for _ in range(30)]),
                             tracks=len(late[0]["tracks"]), moves=len(late[1]))
    figures["frames"] = frame_figures(t)
    return figures


def frame_figures(t: Translator) -> dict[str, Any]:
    """CPU time per animation frame over the first 80 moves of two random Locomotion games."""
    face = face_for("locomotion")
    steps: list[tuple[Any, Any, Any]] = []
    last: list[Any] = []

    def keep(state: State, move: str | None) -> None:
        after = state.view(None)
        if move is not None:
            steps.append((last[0], after, state.events[last[1]:]))
        last[:] = [after, len(state.events)]

    for players, seed in ((2, 7), (3, 4)):
        last.clear()
        play_random_game("locomotion", players, seed, {"repair_tiles": True}, check=keep)
    count = 0
    start = time.process_time()
    for before, after, events in steps[:80]:
        count += len(face.frames(before, after, events, t))
    return {"frames": count, "mean_ms": round((time.process_time() - start) * 1000.0 / count, 2)}


def cpython_figures(games: int, bot_games: int) -> dict[str, Any]:
    start = time.perf_counter()
    for seed in range(games):
        play_bots_game("transamerica", 4, seed, {}, ["random"] * 4)
    per_second = games / (time.perf_counter() - start)
    lengths = []
    for seed in range(10):
        state = play_bots_game("transamerica", 4, 900 + seed, {}, ["strong", "greedy", "greedy", "random"])
        lengths.append(len(encode_link(state.record(), ["strong", "greedy", "greedy", "random"])))
    return {"random_games_per_s": round(per_second, 2), "link_chars_max": max(lengths),
            "link_chars_median": int(statistics.median(lengths)), "link_cpu": link_figures(10),
            "steiner": steiner_figures(40), "strong_bots": strong_bot_figures(bot_games),
            "drawing": drawing_figures()}


# What the strong bot's decisions stay under in CPython CPU time (the browser's Pyodide is about 2.5x
# slower, and its goal is 1 s), and its longest stretch without yielding: the old unit-test bounds.
STRONG_GOALS = {"transamerica": (300, 40), "trick_of_the_rails": (600, 30), "freight_train": (600, 40),
                "locomotion": (300, 40)}


def browser_rows(figures: dict[str, Any]) -> list[str]:
    from support import FREEZE_MS

    click = figures["click"]
    rows = boot_rows(figures["boot"])
    rows += [
        dist_row(figures["dist"]),
        f"| click to repainted board ({click['clicks']} clicks) | median **{click['median_ms']} ms**, "
        f"p95 {click['p95_ms']} ms | goal median <= 30 ms |",
    ]
    if "phone_click" in figures:
        rows.append(phone_row(figures["phone_click"]))
    for game, stats in figures["freeze"].items():
        longest = f"longest **{stats['longest_ms']} ms**" if stats["long_tasks"] else "**none**"
        rows.append(f"| tasks over 50 ms while bots play {game} at the table ({stats['plies']} moves "
                    f"drawn) | {stats['long_tasks']}, {longest} | no task over {FREEZE_MS} ms |")
    return rows


def dist_row(sizes: dict[str, int]) -> str:
    return (f"| first visit's precache ({sizes['files']} files), Brotli / gzip as a host serving dist/ "
            f"would send it | **{sizes['br']:,} B** / {sizes['gz']:,} B | uncompressed {sizes['raw']:,} B |")


def phone_row(phone: dict[str, float]) -> str:
    return (f"| click to repainted board at 360x740, CPU slowed {PHONE_CPU_SLOWDOWN}x ({phone['clicks']} "
            f"clicks) | median **{phone['median_ms']} ms**, p95 {phone['p95_ms']} ms | "
            "goal median <= 50 ms |")


def cpython_rows(cpy: dict[str, Any]) -> list[str]:
    rows = [
        f"| random 4-player games per second, CPython | **{cpy['random_games_per_s']}** | - |",
        f"| link length, complete 4-player game (10 bots-only games) | median {cpy['link_chars_median']}, "
        f"**max {cpy['link_chars_max']} chars** | goal <= 2048 |",
    ]
    link = cpy["link_cpu"]
    rows.append(f"| link encode / decode, {link['moves']}-move 4-player game, CPython CPU (median of "
                f"{link['encode']['count']}) | encode **{link['encode']['median_ms']} ms**, decode "
                f"**{link['decode']['median_ms']} ms** | goal <= 1000 ms each |")
    for board, stats in cpy["steiner"].items():
        rows.append(f"| Steiner solve, 6 terminals, {board}, CPython CPU ({stats['count']} first solves) | "
                    f"**median {stats['median_ms']} ms**, max {stats['max_ms']} ms | goal median <= 20 ms |")
    for game, stats in cpy["strong_bots"].items():
        decision, stretch = STRONG_GOALS[game]
        rows.append(f"| strong bot decision, {game}, CPython CPU ({stats['count']} decisions) | median "
                    f"{stats['median_ms']} ms, p95 {stats['p95_ms']} ms, **max {stats['max_ms']} ms**; "
                    f"longest stretch without yielding {stats['longest_stretch_ms']} ms | goal max <= "
                    f"{decision} ms, stretch <= {stretch} ms |")
    drawing = cpy["drawing"]
    for game in GAME_IDS:
        stats = drawing[game]
        rows.append(f"| drawing a position, {game}, CPython CPU ({stats['count']} positions of a "
                    f"{stats['players']}-player random game) | **median {stats['median_ms']} ms**, mean "
                    f"{stats['mean_ms']} ms, max {stats['max_ms']} ms | goal mean <= {stats['goal_ms']} ms |")
    redraw, frames = drawing["redraw"], drawing["frames"]
    rows += [
        f"| redrawing a late TransAmerica position ({redraw['tracks']} tracks, {redraw['moves']} moves), "
        f"CPython CPU (median of {redraw['count']}) | **{redraw['median_ms']} ms** | goal <= 25 ms, "
        "aim 5 ms |",
        f"| Locomotion animation frame, CPython CPU ({frames['frames']} frames) | "
        f"**mean {frames['mean_ms']} ms** | goal <= 8 ms |",
    ]
    return rows


def boot_rows(boot: dict[str, Any]) -> list[str]:
    rows = [f"| boot to interactive, {kind} (median of {boot['runs']}; Python's start: "
            f"{boot[kind]['python_start']}) | {boot[kind]['app_ms']} ms, **ratio {boot[kind]['ratio']}** | "
            f"bare PyScript page {boot[kind]['bare_ms']} ms; goal ratio <= 1.05 (issue 14) |"
            for kind in ("cold", "warm")]
    extra = boot["bytes"]["app"] - boot["bytes"]["bare"]
    return [*rows, f"| bytes on a cold load | {boot['bytes']['app']:,} B, **{extra:,} B beyond the bare "
            f"page** | bare page {boot['bytes']['bare']:,} B |"]


def report(figures: dict[str, Any]) -> str:
    rows = ["| figure | measured | baseline / goal |", "|---|---|---|"]
    if "click" in figures:
        rows += browser_rows(figures)
    elif "boot" in figures:
        rows += boot_rows(figures["boot"])
    elif "phone_click" in figures:
        rows.append(phone_row(figures["phone_click"]))
    elif "dist" in figures:
        rows.append(dist_row(figures["dist"]))
    if "reload" in figures:
        rows += reload_rows(figures["reload"], "")
    if "slowphone" in figures:
        rows += slowphone_rows(figures["slowphone"])
    if "cpython" in figures:
        rows += cpython_rows(figures["cpython"])
    rows += link_rows(figures)
    if "levels" in figures:
        rows += level_rows(figures["levels"])
    return "\n".join(rows)


def browser_figures(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from support import CHROMIUM, FLAGS, READY, Site

    site = Site(ROOT)
    site.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            if args.only == "phone":
                return {"phone_click": phone_click_figures(browser, site, args.clicks)}
            if args.only == "links":
                return {"long_link": long_link_figures(browser, site)}
            if args.only == "reload":
                return {"reload": reload_figures(playwright, site, args.reloads)}
            if args.only == "slowphone":
                return {"slowphone": slowphone_figures(playwright, ROOT, args.reloads)}
            if args.only == "bots":
                page = browser.new_page()
                page.goto(site.url)
                page.wait_for_selector(READY, state="attached", timeout=120_000)
                return {"levels": level_figures(page)}
            figures: dict[str, Any] = {"boot": boot_figures(playwright, site, args.runs)}
            if args.only == "boot":
                return figures
            figures["reload"] = reload_figures(playwright, site, args.reloads)
            figures["slowphone"] = slowphone_figures(playwright, ROOT, args.reloads)
            ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 860})
            page = ctx.new_page()
            page.goto(site.url)
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            figures["levels"] = level_figures(page)
            figures["click"] = click_figures(page, args.clicks)
            figures["freeze"] = freeze_figures(page, site)
            figures["phone_click"] = phone_click_figures(browser, site, args.clicks)
            figures["long_link"] = long_link_figures(browser, site)
            browser.close()
    finally:
        site.stop()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("browser", "cpython", "phone", "links", "dist", "boot", "reload",
                                           "slowphone", "bots"),
                        help="run one part and print its rows (docs/benchmarks.md is left as it is)")
    parser.add_argument("--runs", type=int, default=5, help="boot measurements per page and kind")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--reloads", type=int, default=5, help="reloads mid-game timed, per profile")
    parser.add_argument("--bot-games", type=int, default=2,
                        help="bots-only games per game in which strong's longest stretch of work is timed")
    parser.add_argument("--games", type=int, default=30, help="random CPython games to time")
    args = parser.parse_args()
    figures: dict[str, Any] = {}
    if args.only not in ("cpython", "dist"):
        figures.update(browser_figures(args))
    if args.only in (None, "browser", "dist"):
        figures["dist"] = dist_figures()
    if args.only in (None, "cpython"):
        figures["cpython"] = cpython_figures(args.games, args.bot_games)
    if args.only in (None, "links"):
        figures["link_lengths"] = link_length_figures(10)
    table = report(figures)
    print(json.dumps(figures, indent=1))
    print(table)
    if args.only:
        return
    text = DOC.read_text() if DOC.exists() else f"# Benchmarks\n\n{BEGIN}\n{END}\n"
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    stamp = time.strftime("%Y-%m-%d")
    DOC.write_text(f"{head}{BEGIN}\nMeasured {stamp} by `make bench` on this project's 2-core machine "
                   f"(headless Debian Chromium, localhost, no compression).\n\n{table}\n{END}{tail}")


if __name__ == "__main__":
    main()
