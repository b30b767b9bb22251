"""What every game's caption tests check alike: each caption has its text in both catalogs and reads
whole, naming the player who decides."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.bots import Caption
from ui.i18n import LANGUAGES, Translator, catalog
from ui.log import LogStyle, log_key, log_line


def rendered_keys(captions: Iterable[tuple[Caption, int]], style: LogStyle, names: Sequence[str]) -> set[str]:
    """The catalog keys of `captions` (each with its deciding seat), after checking that each reads
    whole in every language and names that seat's player."""
    keys = set()
    for caption, seat in captions:
        key = log_key(caption, style, "why.")
        for lang in LANGUAGES:
            assert key in catalog(lang), (lang, key)
            line = log_line(caption, Translator(lang), names, style, prefix="why.")
            assert line and "{" not in line and "}" not in line, line
            assert names[seat] in line, line
        keys.add(key)
    return keys
