"""Write the golden fixtures of `test_golden.py`, once, by hand; the tests never run this.

    cd /work/main && PYTHONPATH=py .venv/bin/python tests/golden/make_fixtures.py [game_id ...]

Each fixture is one seeded bots-only game (a mix of levels incl. "strong", a mid player count, one
non-default option) with its record, result, event digest, share link and saved localStorage
entries. Existing fixtures are left alone unless `--overwrite` is given, and that is only for a
deliberate, documented format or rules version change (a new `rules_version`, `LINK_VERSION`,
`RECORD_FORMAT` or save `ENTRY_VERSION`): never to make a failing golden test pass, since a failure
means games, links or saves already out in the world would break.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from test_golden import FIXTURES, DictStorage, events_digest

from games import GAME_IDS
from games.bots import play_bots_game
from ui.links import encode_link
from ui.saves import SaveStore

SEED = 2024
UPDATED = 1_700_000_000_000  # the save's clock, ms since the epoch
NAMES = ["Ann", "Bob", "Zoé", "Dee"]  # a non-ASCII name: saves keep it as is
SAVE_IDS = {"over": "golden-over", "playing": "golden-playing"}

# game id -> (players, options, bot levels); seat 0 becomes "human" in the link and the saves.
SPECS: dict[str, tuple[int, dict[str, Any], list[str]]] = {
    "transamerica": (4, {"blocking_markers": True}, ["strong", "greedy", "random", "strong"]),
    "trick_of_the_rails": (4, {"mixed_line": True}, ["strong", "greedy", "random", "strong"]),
    "freight_train": (3, {"cabooses": True}, ["strong", "greedy", "random"]),
    "locomotion": (3, {"repair_tiles": True}, ["strong", "greedy", "random"]),
}


def make_fixture(game_id: str) -> dict[str, Any]:
    players, options, levels = SPECS[game_id]
    state = play_bots_game(game_id, players, SEED, options, levels)
    record = state.record()
    seats = ["human", *levels[1:]]
    storage = DictStorage()
    store = SaveStore(storage)
    names = NAMES[:players]
    store.save(SAVE_IDS["over"], record, seats, names, over=True, updated=UPDATED)
    half = {**record, "moves": record["moves"][:len(record["moves"]) // 2]}
    store.save(SAVE_IDS["playing"], half, seats, names, over=False, updated=UPDATED - 60_000)
    return {
        "about": "Golden fixture written once by make_fixtures.py: never regenerate it to make a test "
                 "pass (see test_golden.py).",
        "game": game_id,
        "levels": levels,
        "seats": seats,
        "record": record,
        "result": state.result().to_dict(),
        "event_count": len(state.events),
        "events_digest": events_digest(state.events),
        "link": encode_link(record, seats),
        "save_ids": SAVE_IDS,
        "save": storage.items,
    }


def main(argv: list[str]) -> None:
    overwrite = "--overwrite" in argv
    chosen = [arg for arg in argv if arg != "--overwrite"] or list(GAME_IDS)
    FIXTURES.mkdir(exist_ok=True)
    for game_id in chosen:
        path = FIXTURES / f"{game_id}.json"
        if path.exists() and not overwrite:
            print(f"{path.name}: kept (exists; --overwrite only for a deliberate format change)")
            continue
        text = json.dumps(make_fixture(game_id), indent=1, ensure_ascii=False) + "\n"
        path.write_text(text, encoding="utf-8")
        print(f"{path.name}: written, {len(text.encode('utf-8'))} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
