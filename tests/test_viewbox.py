"""The board's box takes its map's shape, read from the map's viewBox without an XML parser."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from games import GAME_IDS
from ui.games import face_for
from ui.i18n import Translator
from ui.viewbox import aspect


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_aspect_is_the_maps_viewbox(game_id: str) -> None:
    svg = face_for(game_id).draw_map(Translator("en"))
    _x, _y, width, height = map(float, ElementTree.fromstring(svg).get("viewBox", "").split())
    assert aspect(svg) == pytest.approx(width / height)


def test_a_document_without_a_viewbox_is_refused() -> None:
    with pytest.raises(ValueError):
        aspect('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
