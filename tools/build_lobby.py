"""Write the new-game form's fragments into index.html, so that the lobby works as plain HTML before
Python is ready: the games, the player counts, every seat and every game's options, in English with
their catalog keys (the boot script translates them), between `<!-- lobby:<part> -->` markers.

They are the fragments Python draws (`ui.lobby`), so the page does not change when Python takes over;
`tests/test_lobby_form.py` fails when index.html is not up to date. Usage: `python3 tools/build_lobby.py`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "py"))

from ui.games import playable_games  # noqa: E402
from ui.i18n import Translator  # noqa: E402
from ui.lobby import games_html, lobby_options_html, lobby_seats_html, player_count_html  # noqa: E402

INDEX = REPO / "index.html"
PLAYERS = 4  # the form's first player count: every game allows it


def fragments() -> dict[str, str]:
    games, t = playable_games(), Translator("en")
    first = games[0]
    return {"games": games_html(games, first, t), "players": player_count_html(games, first, PLAYERS),
            "seats": lobby_seats_html(games, PLAYERS, t), "options": lobby_options_html(games, first, t)}


def with_fragments(page: str) -> str:
    """`page` with each marked part replaced by its fragment."""
    for part, html in fragments().items():
        marked = re.compile(rf"(<!-- lobby:{part} -->).*?(<!-- /lobby:{part} -->)", re.S)
        if not marked.search(page):
            raise SystemExit(f"index.html has no <!-- lobby:{part} --> marker")
        page = marked.sub(lambda found, html=html: found.group(1) + html + found.group(2), page)
    return page


def main() -> None:
    page = INDEX.read_text(encoding="utf-8")
    INDEX.write_text(with_fragments(page), encoding="utf-8")


if __name__ == "__main__":
    main()
