"""Text made safe inside HTML: `html.escape`'s rule, without importing the `html` package, whose
`__init__` loads `html.entities` (two thousand character references, about 50 ms of Pyodide's start)
for its `unescape`, which the app never needs."""

from __future__ import annotations

_REPLACEMENTS = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
_QUOTES = (('"', "&quot;"), ("'", "&#x27;"))


def escape(text: str, quote: bool = True) -> str:
    """`text` with &, < and > (and, when `quote`, both quotes) written as character references."""
    for char, reference in _REPLACEMENTS + (_QUOTES if quote else ()):
        text = text.replace(char, reference)
    return text
