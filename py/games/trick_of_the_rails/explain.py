"""Why a Trick of the Rails bot plays a move: a caption from the bots' own measure (`bots.py`).

The bots judge a position by the value of each company's shares (`portfolio_values`: the share
value if the game ended now, or, for a company still without a locomotive, its mean over the
locomotives to come); a caption reports that value for what the move changes:
* a card played: whether it can still win the trick (and what the trick brings its winner), or, if it
  cannot, the share it becomes (a share trick) or the station it adds to its railway (a city or
  locomotive trick);
* a locomotive, a city or a played card placed: a share of that company before and after.

Only the seat's view is read (its own hand, voids shown, cards on the table), so a caption never says
more than that seat saw. `explain` is cheap: no search, one state built from the view.
"""

from __future__ import annotations

from typing import Any

from games.bots import Caption, seat_of
from games.core import Move, Steps
from games.trick_of_the_rails.bots import portfolio_values, unseen_cards
from games.trick_of_the_rails.cards import CARD_COMPANY, CARD_NUMBER, CITIES, SEGMENT_VALUE, SHARE_COMPANY
from games.trick_of_the_rails.line import TRICK_KIND
from games.trick_of_the_rails.rules import TrickState, leading
from games.trick_of_the_rails.view import TrickView


def explaining(view: TrickView, move: Move) -> Steps[Caption]:
    """Why the seat whose view this is plays `move`, one of its legal moves."""
    yield None  # one step: this game's captions are quick
    verb, _, arg = move.partition(" ")
    state = _state(view)
    if verb == "play":
        return _play(view, state, arg)
    if verb == "loco":
        return _locomotive(view, state, arg)
    if verb == "city":
        company, end = arg.split(" ")
        city = view["line"][view["slot"]]["token"]
        return {"type": "trick.city", "city": city, **_placed(view, state, city, company, end)}
    card = str(view["to_add"][0][1])
    return {"type": "trick.add", "card": card, **_placed(view, state, card, CARD_COMPANY[card], arg)}


def _state(view: TrickView) -> TrickState:
    """The position as the bots rebuild it; the other hands stay empty: no caption reads them."""
    seat = seat_of(view)
    return TrickState.from_view(view, [list(view["hand"] or ()) if p == seat else []
                                       for p in range(view["players"])])


def share(state: TrickState, company: str) -> dict[str, Any]:
    """A share of `company` as the bots value it: `now` when it has a locomotive (the engine's share
    value), else the mean over the locomotives to come."""
    return {"company": company, "worth": round(portfolio_values(state)[company]),
            "now": state.locomotives[company] is not None}


def prize(state: TrickState, target: str, kind: str) -> dict[str, Any]:
    """What winning the current trick brings: its line card as a share, a city, or locomotives."""
    if kind == "share":
        return {"kind": kind, "card": target, "share": share(state, SHARE_COMPANY[target])}
    if kind == "city":
        return {"kind": kind, "city": target, "station": CITIES[target][1]}
    return {"kind": kind, "locomotives": target.split("+")}


def higher_out(view: TrickView, card: str) -> int:
    """Cards of the led company above `card` that a player still to play in this trick may hold (0
    when every one of them has shown a void in that company)."""
    company, number, seat = CARD_COMPANY[card], CARD_NUMBER[card], seat_of(view)
    later = [(seat + k) % view["players"] for k in range(1, view["players"] - len(view["trick"]))]
    if all(company in view["voids"][p] for p in later):
        return 0
    return sum(CARD_COMPANY[c] == company and CARD_NUMBER[c] > number for c in unseen_cards(view))


def _play(view: TrickView, state: TrickState, card: str) -> Caption:
    slot = view["line"][view["slot"]]
    kind = TRICK_KIND[slot["kind"]]
    company, seat = CARD_COMPANY[card], seat_of(view)
    led = view["led"] or company
    base: Caption = {"player": seat, "card": card}
    plays = [(int(p), str(c)) for p, c in view["trick"]]
    if leading([*plays, (seat, card)], led)[0] != seat:
        if kind == "share":
            return {"type": "trick.keep", **base, "share": share(state, company)}
        return {"type": "trick.feed", **base, "company": company, "station": SEGMENT_VALUE[card]}
    won = prize(state, slot["token"], kind)
    if len(view["trick"]) == view["players"] - 1:
        return {"type": "trick.wins", **base, "prize": won}
    higher, lead = higher_out(view, card), not view["trick"]
    if higher == 0:
        return {"type": "trick.sure", **base, "prize": won, "lead": lead}
    return {"type": "trick.open", **base, "prize": won, "lead": lead, "company": led, "higher": higher}


def _locomotive(view: TrickView, state: TrickState, company: str) -> Caption:
    seat, locomotive = seat_of(view), view["locomotives_to_place"][0]
    after = state.copy()
    after.locomotives[company] = locomotive
    return {"type": "trick.loco", "player": seat, "loco": locomotive, "company": company,
            "worth": share(after, company)["worth"], "held": view["share_counts"][seat][company]}


def _placed(view: TrickView, state: TrickState, segment: str, company: str, end: str) -> Caption:
    """A city or a played card put at one end of `company`'s railway: a share of it before and after."""
    seat = seat_of(view)
    after = state.copy()
    railway = after.railways[company]
    after.railways[company] = [segment, *railway] if end == "left" else [*railway, segment]
    return {"player": seat, "company": company, "end": end,
            "before": share(state, company)["worth"], "after": share(after, company)["worth"],
            "now": state.locomotives[company] is not None, "held": view["share_counts"][seat][company]}
