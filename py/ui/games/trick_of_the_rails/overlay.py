"""Trick of the Rails' overlay: what a share of each company is worth now, and at best (`worth.py`).

Everything it shows is public, so it reads the spectator's view only; the board has nothing more to mark.
"""

from __future__ import annotations

from games.trick_of_the_rails.view import TrickView
from games.trick_of_the_rails.worth import worths
from ui.games.face import Overlay
from ui.i18n import Translate
from ui.markup import escape


def worth_overlay(public: TrickView, t: Translate) -> Overlay:
    """A table: a row per company, a share's worth now and at best, and what "at best" assumes."""
    rows = "".join(f'<tr data-company="{w.company}"><th scope="row">{escape(w.name)}</th>'
                   f'<td class="num">{w.now}</td><td class="num">{w.best}</td></tr>' for w in worths(public))
    head = (f'<th scope="col">{escape(t("trick.overlay.company"))}</th>'
            f'<th scope="col" class="num">{escape(t("trick.overlay.now"))}</th>'
            f'<th scope="col" class="num">{escape(t("trick.overlay.best"))}</th>')
    return Overlay("", f'<table class="trick-worths"><caption>{escape(t("trick.overlay.caption"))}</caption>'
                       f'<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
                       f'<p class="trick-worths-note">{escape(t("trick.overlay.note"))}</p>')
