"""The layering that lets everything but three glue modules run and be tested under CPython."""

from __future__ import annotations

import ast
from pathlib import Path

PY = Path(__file__).resolve().parent.parent / "py"
BROWSER_MODULES = {"js", "pyscript", "pyodide"}
# The modules that use ui.browser: the page's wiring, the lobby, the table, presenting, class games.
GLUE = {"ui/app.py", "ui/lobby_screen.py", "ui/table_page.py", "ui/present_screen.py",
        "ui/classroom_screen.py"}


def imports(path: Path) -> set[str]:
    """Every module a file imports, at any depth of the file (function-level imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def modules(folder: str) -> dict[str, set[str]]:
    return {str(path.relative_to(PY)): imports(path) for path in sorted((PY / folder).rglob("*.py"))}


def top(name: str) -> str:
    return name.split(".")[0]


def test_engines_import_neither_the_ui_nor_the_browser() -> None:
    offending = {path: sorted(name for name in names if top(name) in BROWSER_MODULES | {"ui"})
                 for path, names in modules("games").items()}
    assert {path: names for path, names in offending.items() if names} == {}


def test_only_ui_browser_touches_the_browser() -> None:
    offending = {path for path, names in modules("ui").items()
                 if any(top(name) in BROWSER_MODULES for name in names)}
    assert offending == {"ui/browser.py"}


def test_only_the_glue_uses_ui_browser() -> None:
    users = {path for path, names in modules("ui").items() if "ui.browser" in names}
    assert users == GLUE


def test_each_game_has_its_rules_in_one_package_and_its_table_in_another() -> None:
    from games import GAME_IDS

    for game_id in GAME_IDS:
        assert (PY / "games" / game_id / "__init__.py").is_file()
        assert {p.name for p in (PY / "ui" / "games" / game_id).glob("*.py")} >= {
            "__init__.py", "face.py", "draw.py", "log.py"}


def module_imports(path: Path) -> set[str]:
    """The modules a file imports when it is imported (its body's imports, not its functions')."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def source(module: str) -> Path | None:
    """This project's file of `module`, or None for another package's."""
    path = PY.joinpath(*module.split("."))
    return next((p for p in (path.with_suffix(".py"), path / "__init__.py") if p.exists()), None)


# Libraries the page imports only when it needs them: at the module level of nothing it starts with.
LATER = {"svgwrite", "segno"}


def test_the_page_starts_without_the_drawing_libraries() -> None:
    """svgwrite takes a quarter of a second to import in the browser, and QR codes (segno) are drawn
    only when a link is shared: the page starts (py/main.py and what it imports) without either, loads
    svgwrite while the player is in the lobby and segno inside the function that draws a code."""
    seen, todo = set(), ["main"]
    while todo:
        path = source(todo.pop())
        if path is None or path in seen:
            continue
        seen.add(path)
        found = module_imports(path)
        early = LATER & {top(name) for name in found}
        assert not early, f"{path.relative_to(PY)} imports {', '.join(sorted(early))}"
        todo.extend(found)
    assert len(seen) > 10  # the walk reached the app's modules
