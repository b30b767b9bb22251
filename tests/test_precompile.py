"""Compiling a package ahead of its import, a module per step: the import then reads the bytecode."""

from __future__ import annotations

import sys
from importlib import import_module
from importlib.machinery import SourceFileLoader
from pathlib import Path

import pytest

from ui.precompile import compiling, preceded


def test_a_package_not_imported_yet_is_compiled_a_module_per_step_and_its_import_reads_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "yard"
    package.mkdir()
    (package / "__init__.py").write_text("from yard.cars import CARS\n")
    (package / "cars.py").write_text("CARS = ('box', 'tank')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # as in the browser: imports write nothing
    steps = compiling("yard")
    assert len(steps) == 2 and not (package / "__pycache__").exists()  # nothing done before its step
    steps[0]()
    assert len(list((package / "__pycache__").iterdir())) == 1
    steps[1]()
    assert compiling("yard") == []  # compiled already: nothing left to do

    def no_compiling(*_args: object) -> None:
        raise AssertionError("compiled at its import")
    monkeypatch.setattr(SourceFileLoader, "source_to_code", no_compiling)
    module = import_module("yard")
    assert module.CARS == ("box", "tank") and Path(module.__cached__).exists()
    assert compiling("yard") == []  # imported: nothing to do
    monkeypatch.delitem(sys.modules, "yard")
    monkeypatch.delitem(sys.modules, "yard.cars")


def test_a_file_that_cannot_be_compiled_is_left_to_its_import(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "sheds"
    package.mkdir()
    (package / "__init__.py").write_text("def broken(:\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for step in compiling("sheds"):
        step()  # no error here: the import says what is wrong
    with pytest.raises(SyntaxError):
        import_module("sheds")


def test_steps_come_first_then_the_others_and_what_they_return() -> None:
    done: list[str] = []

    def decoding():  # type: ignore[no-untyped-def]
        done.append("decode 1")
        yield
        done.append("decode 2")
        return "table"

    steps = preceded([lambda: done.append("compile 1"), lambda: done.append("compile 2")], decoding())
    pauses = 0
    with pytest.raises(StopIteration) as finished:
        while True:
            next(steps)
            pauses += 1
    assert done == ["compile 1", "compile 2", "decode 1", "decode 2"] and pauses == 3
    assert finished.value.value == "table"
