"""Translations: flat JSON catalogs (`locales/<lang>.json`) and the `t(key, **params)` lookup.

The catalogs stay flat `{"key": "text"}` because the page's boot script reads the same files to
translate the static HTML before Python is ready. Placeholders are `{name}`; a key missing in a
language falls back to English, then to the key itself, so a gap shows up as a readable key rather
than a crash.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
LOCALES = Path(__file__).resolve().parent / "locales"

PLACEHOLDER = re.compile(r"\{(\w+)\}")

# What drawing and log code receive: any `t(key, **params) -> str` (tests pass stubs).
Translate = Callable[..., str]


@cache
def catalog(lang: str) -> dict[str, str]:
    """The catalog of a supported language, read once."""
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language: {lang!r}")
    with open(LOCALES / f"{lang}.json", encoding="utf-8") as file:
        texts = json.load(file)
    if not isinstance(texts, dict) or not all(isinstance(text, str) for text in texts.values()):
        raise ValueError(f"locales/{lang}.json is not a flat catalog of texts")
    return texts


def fill(text: str, params: dict[str, Any]) -> str:
    """Substitute `{name}` placeholders; an unknown placeholder stays visible instead of raising."""
    return PLACEHOLDER.sub(lambda m: str(params[m[1]]) if m[1] in params else m[0], text)


class Translator:
    """`t(key, **params)` in one language; the instance itself is callable as `t`."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self._texts = catalog(self.lang)
        self._fallback = catalog(DEFAULT_LANGUAGE)

    def t(self, key: str, /, **params: Any) -> str:
        # `key` is positional-only so a placeholder may be called {key} too.
        text = self._texts.get(key)
        if text is None:
            text = self._fallback.get(key, key)
        return fill(text, params)

    __call__ = t


def join(items: Sequence[str], t: Translate) -> str:
    """"A", "A and B", "A, B and C" in the language of `t`."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = t("list.separator").join(items[:-1])
    return t("list.pair", a=head, b=items[-1])


def pick_language(browser_languages: Sequence[object] | None) -> str:
    """The first supported language in the browser's preference list (`navigator.languages`)."""
    for tag in browser_languages or ():
        if isinstance(tag, str):
            primary = tag.strip().split("-")[0].split("_")[0].lower()
            if primary in LANGUAGES:
                return primary
    return DEFAULT_LANGUAGE
