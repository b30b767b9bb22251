"""`ui.markup.escape` writes exactly what the standard library's `html.escape` writes."""

from __future__ import annotations

import html
import random

import pytest

from ui.markup import escape


@pytest.mark.parametrize("quote", [True, False])
def test_escape_is_the_standard_librarys(quote: bool) -> None:
    rng = random.Random(1)
    alphabet = "&<>\"'aé €;#x\n"
    samples = ["", "&amp;", "<b>\"it's\"</b>", *("".join(rng.choices(alphabet, k=rng.randint(1, 30)))
                                                 for _ in range(2000))]
    for text in samples:
        assert escape(text, quote) == html.escape(text, quote)
