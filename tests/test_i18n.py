"""The catalogs: same keys and placeholders in every language, and every key the code uses exists."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import fields
from pathlib import Path

import pytest

from games import GAME_IDS
from games.bots import LEVELS
from games.freight_train.cards import CAR_TYPES, MIXED
from games.locomotion import board_data as locomotion_board
from games.transamerica.board import COLOURS
from games.trick_of_the_rails.rules import ENDS
from ui.i18n import LANGUAGES, LOCALES, PLACEHOLDER, Translator, catalog, fill, join, pick_language
from ui.saves import Imported
from ui.seats import FRIEND, HUMAN

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "py"

# Calls whose first argument is a translation key.
KEY_CALLS = {"t", "IllegalMove", "BadRecord", "BadLink", "BadSave"}
# Keyword arguments that carry a translation key (`Option(..., label="option.x")`).
KEY_KEYWORDS = {"label", "reason"}
# Namespaces where any plain string literal in the code is taken for a key.
KEY_NAMESPACES = ("error.", "log.", "option.", "game.", "level.", "seat.")
# Keys built at run time from a prefix: the values the suffix may take.
DYNAMIC = {
    "game.": GAME_IDS,
    "blurb.": GAME_IDS,
    "level.": LEVELS,
    "seat.": (HUMAN, FRIEND),  # the lobby's seat kinds besides the bots
    # TransAmerica's drawing: verbs of moves without / with a point, phases.
    "ta.": ("end", "pass"),
    "ta.aria.": ("marker", "end"),
    "ta.describe.phase_": ("marker", "build"),
    "ta.region.": COLOURS,
    "trick.end.": ENDS,  # railway ends in Trick of the Rails' drawing
    # Freight Train's drawing: car types with their article, short codes and names of the categories.
    "freight.a_car.": CAR_TYPES,
    "freight.code.": CAR_TYPES,
    "freight.type.": (*CAR_TYPES, MIXED),
    "freight.sheet.yard_rule.": ("bonus", "penalty", "none"),  # the private yard's rule of the day
    # Locomotion's drawing: gaps around the hub, start lanes, platform colours.
    "loco.gap.": locomotion_board.GAP_NAMES,
    "loco.lane.": ("0", "1", "2"),
    "loco.platform.": locomotion_board.COLOURS,
    # What importing a backup did, one sentence per count.
    "backup.": tuple(f.name for f in fields(Imported) if f.type in (int, "int")),
}
KEY_SHAPE = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+")


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _prefix(node: ast.expr) -> str | None:
    """"level." for `"level." + kind` and `f"level.{kind}"`."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.left, ast.Constant):
        return str(node.left.value)
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return str(node.values[0].value)
    return None


def _key_expressions(node: ast.Call) -> list[ast.expr]:
    """The arguments of a call that hold keys; both branches of `"a.x" if c else "a.y"`."""
    found = [kw.value for kw in node.keywords if kw.arg in KEY_KEYWORDS]
    if _call_name(node) in KEY_CALLS and node.args:
        found.append(node.args[0])
    branches: list[ast.expr] = []
    while found:
        expr = found.pop()
        if isinstance(expr, ast.IfExp):
            found += [expr.body, expr.orelse]
        else:
            branches.append(expr)
    return branches


def used_keys() -> tuple[set[str], set[str], set[str]]:
    """(literal keys, dynamic prefixes, emitted event types) found in py/ sources."""
    keys: set[str] = set()
    prefixes: set[str] = set()
    events: set[str] = set()
    for path in PY.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and node.value.startswith(KEY_NAMESPACES) and KEY_SHAPE.fullmatch(node.value)):
                keys.add(node.value)
            if not isinstance(node, ast.Call):
                continue
            if _call_name(node) == "emit" and node.args and isinstance(node.args[0], ast.Constant):
                events.add(str(node.args[0].value))
            for expr in _key_expressions(node):
                if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
                    if KEY_SHAPE.fullmatch(expr.value):
                        keys.add(expr.value)
                elif (prefix := _prefix(expr)) is not None:
                    prefixes.add(prefix)
    return keys, prefixes, events


def html_keys() -> set[str]:
    """Keys the static page translates (`data-i18n`, `data-i18n-title`, `data-i18n-aria`)."""
    page = ROOT / "index.html"
    if not page.exists():
        return set()
    return set(re.findall(r'data-i18n(?:-title|-aria)?="([^"]+)"', page.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def scan() -> tuple[set[str], set[str], set[str]]:
    return used_keys()


def test_catalogs_are_flat_string_maps() -> None:
    for lang in LANGUAGES:
        data = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
        assert isinstance(data, dict) and data
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in data.items())
        assert all(KEY_SHAPE.fullmatch(k) for k in data), [k for k in data if not KEY_SHAPE.fullmatch(k)]


def test_languages_have_the_same_keys() -> None:
    en, fr = set(catalog("en")), set(catalog("fr"))
    assert sorted(en - fr) == []
    assert sorted(fr - en) == []


def test_placeholders_match_per_key() -> None:
    en, fr = catalog("en"), catalog("fr")
    mismatched = [key for key in en if set(PLACEHOLDER.findall(en[key])) != set(PLACEHOLDER.findall(fr[key]))]
    assert mismatched == []


def test_french_typography_is_consistent() -> None:
    """Non-breaking space before `:` `?` `!` (and none ordinary), typographic apostrophes in French."""
    for key, text in catalog("fr").items():
        assert not re.search(r" [:?!;]", text), (key, text)
        assert not re.search(r"[^\u00a0\u202f\s{][:?!;]", text), (key, text)
        assert "'" not in text, (key, text)
    for key, text in catalog("en").items():
        assert "\u00a0:" not in text and "  " not in text, (key, text)


def test_every_literal_key_in_the_code_exists(scan: tuple[set[str], set[str], set[str]]) -> None:
    keys, _prefixes, _events = scan
    assert len(keys) > 20  # the scanner does find keys
    assert sorted(keys - set(catalog("en"))) == []


def test_every_dynamic_key_family_exists(scan: tuple[set[str], set[str], set[str]]) -> None:
    _keys, prefixes, _events = scan
    known = {**DYNAMIC, "log.": ()}
    assert sorted(prefixes - set(known)) == [], "teach DYNAMIC the values of this key family"
    en = catalog("en")
    wanted = {prefix + suffix for prefix in prefixes for suffix in known[prefix]}
    assert sorted(wanted - set(en)) == []


def test_every_emitted_event_has_a_log_line(scan: tuple[set[str], set[str], set[str]]) -> None:
    _keys, _prefixes, events = scan
    assert sorted(f"log.{kind}" for kind in events if f"log.{kind}" not in catalog("en")) == []


def test_every_key_of_the_page_exists() -> None:
    assert sorted(html_keys() - set(catalog("en"))) == []


def test_option_labels_and_game_titles_exist() -> None:
    from games import get_game

    en = catalog("en")
    for game_id in GAME_IDS:
        assert f"game.{game_id}" in en
        try:
            game = get_game(game_id)
        except ImportError:  # engine not written yet
            continue
        assert game.title in en
        assert all(option.label in en for option in game.option_schema)


def test_translator_fills_placeholders_and_falls_back() -> None:
    en, fr = Translator("en"), Translator("fr")
    expected = catalog("en")["error.players_invalid"].format(min=2, max=6)
    assert en("error.players_invalid", min=2, max=6) == expected
    assert "2" in fr.t("error.players_invalid", min=2, max=6)
    assert fr("no.such_key") == "no.such_key"
    assert Translator("xx").lang == "en"
    assert fill("{a} and {b}", {"a": 1}) == "1 and {b}"  # a missing param stays visible
    assert "g12" in en("error.save_corrupt", key="g12")  # a placeholder may be named like the argument


def test_missing_french_text_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    fr = Translator("fr")
    monkeypatch.setattr(fr, "_texts", {})
    assert fr("game.locomotion") == catalog("en")["game.locomotion"]


def test_french_titles() -> None:
    fr = Translator("fr")
    assert fr("game.locomotion") == "Les P’tites Locos"
    assert fr("game.transamerica") == "TransAmerica"


def test_join_lists_per_language() -> None:
    en, fr = Translator("en"), Translator("fr")
    assert join([], en) == ""
    assert join(["Ann"], en) == "Ann"
    assert join(["Ann", "Bob"], en) == "Ann and Bob"
    assert join(["Ann", "Bob", "Cy"], en) == "Ann, Bob and Cy"
    assert join(["Ann", "Bob", "Cy"], fr) == "Ann, Bob et Cy"


@pytest.mark.parametrize(("languages", "expected"), [
    (["fr-FR", "en-US"], "fr"),
    (["en-GB", "fr"], "en"),
    (["de-DE", "FR-ca", "en"], "fr"),
    (["de", "es"], "en"),
    ([], "en"),
    (None, "en"),
    ([None, 3, "fr_BE"], "fr"),
    (["  fr  "], "fr"),
])
def test_pick_language(languages: list[object] | None, expected: str) -> None:
    assert pick_language(languages) == expected


def keyed_calls() -> list[tuple[str, str, set[str], bool]]:
    """(where, key, keyword names, passes **params on) of every call that names a key literally."""
    found = []
    for path in PY.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Call) or _call_name(node) not in KEY_CALLS or not node.args:
                continue
            for expr in _key_expressions(node):
                if (isinstance(expr, ast.Constant) and isinstance(expr.value, str)
                        and KEY_SHAPE.fullmatch(expr.value)):
                    names = {kw.arg for kw in node.keywords if kw.arg is not None}
                    splat = any(kw.arg is None for kw in node.keywords)
                    found.append((f"{path.relative_to(ROOT)}:{node.lineno}", expr.value, names, splat))
    return found


def test_every_call_gives_its_message_all_its_parameters() -> None:
    """A message shown with a placeholder left raw ("Move {ply} of ...") is a parameter forgotten
    where the key is named: every literal call gives each placeholder of its text."""
    en = catalog("en")
    calls = keyed_calls()
    assert len(calls) > 100  # the scanner does find the calls
    missing = [(where, key, sorted(set(PLACEHOLDER.findall(en[key])) - names))
               for where, key, names, splat in calls
               if key in en and not splat and set(PLACEHOLDER.findall(en[key])) - names]
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_renders_whole_with_its_parameters(lang: str) -> None:
    """Each text of each language, its placeholders filled, has no brace left (a misspelt `{ply` or a
    placeholder the other language lacks would show)."""
    t = Translator(lang)
    for key, text in catalog(lang).items():
        params = {name: f"<{name}>" for name in PLACEHOLDER.findall(text)}
        shown = t(key, **params)
        assert "{" not in shown and "}" not in shown, (lang, key, shown)
        assert all(value in shown for value in params.values()), (lang, key)
