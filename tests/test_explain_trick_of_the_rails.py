"""Trick of the Rails' captions (`games.trick_of_the_rails.explain`) against the bots' decisions in
seeded bots-only games: each names the move played, its numbers are the engine's (a share's worth
now) or the bots' estimate recomputed here from the locomotives to come, and it reads no hidden hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest

from captions import rendered_keys
from games.bots import Caption, bot_rng, decide, explain, get_bot
from games.core import Move
from games.trick_of_the_rails import GAME as TRICK
from games.trick_of_the_rails.cards import (
    CARD_COMPANY,
    CARD_NUMBER,
    CITIES,
    LOCOMOTIVES,
    SEGMENT_VALUE,
    SHARE_COMPANY,
)
from games.trick_of_the_rails.line import SLOT_KIND, TRICK_KIND
from games.trick_of_the_rails.railway import appraise
from games.trick_of_the_rails.rules import TrickState
from games.trick_of_the_rails.view import TrickView
from ui.games.trick_of_the_rails.log import LOG
from ui.i18n import Translator, catalog
from ui.log import log_line

GAME = "trick_of_the_rails"
NAMES = ("Ada", "Basile", "Chloé", "Dev", "Emma")
# (players, seed, options, levels): 3 to 5 players, both options, every bot level.
GAMES: tuple[tuple[int, int, dict[str, Any], tuple[str, ...]], ...] = (
    (5, 7, {}, ("strong", "greedy", "expert", "greedy", "greedy")),
    (4, 7, {"mixed_line": True}, ("greedy", "strong", "greedy", "greedy")),
    (3, 7, {}, ("greedy", "greedy", "greedy")),
    (3, 8, {"end_only": True}, ("greedy", "greedy", "strong")),
)


class Decision(NamedTuple):
    before: TrickState  # the whole state before the move (for independent checks only)
    view: TrickView  # the deciding seat's view before the move
    move: Move
    caption: Caption
    after: TrickState
    winner: int  # who won the trick the move was made in


def _play(players: int, seed: int, options: dict[str, Any], levels: tuple[str, ...]) -> list[Decision]:
    state = TRICK.new_state(players, seed, options)
    made: list[tuple[TrickState, TrickView, Move, Caption, TrickState, int]] = []
    while (seat := state.current_player) is not None:
        view, legal = state.view(seat), state.legal_moves()
        move = decide(get_bot(GAME, levels[seat]), view, legal, bot_rng(seed, seat, len(state.moves)))
        before = state.copy()
        state.apply(move)
        made.append((before, view, move, explain(GAME, view, move), state.copy(), before.slot))
    winners = [entry["winner"] for entry in state.history]
    return [Decision(b, v, m, c, a, winners[slot]) for b, v, m, c, a, slot in made]


@pytest.fixture(scope="module")
def decisions() -> list[Decision]:
    return [d for game in GAMES for d in _play(*game)]


def _by_type(decisions: list[Decision], kind: str) -> Iterator[Decision]:
    found = [d for d in decisions if d.caption["type"] == kind]
    assert found, f"no {kind} caption in the games"
    yield from found


def _share_worth(state: TrickState, company: str) -> tuple[int, bool]:
    """A share as the bots value it, recomputed: the engine's value with a locomotive, else the mean
    over the locomotives not placed yet."""
    locomotive = state.locomotives[company]
    if locomotive is not None:
        return state.appraisals()[company].share_value, True
    coming = [c for c in LOCOMOTIVES if c not in set(state.locomotives.values())]
    values = [appraise(state.railways[company], c).share_value for c in coming]
    return round(sum(values) / len(values)), False


def _check_share(shown: dict[str, Any], state: TrickState, company: str) -> None:
    assert shown["company"] == company
    assert (shown["worth"], shown["now"]) == _share_worth(state, company)


def test_every_caption_renders_in_both_languages(decisions: list[Decision]) -> None:
    keys = rendered_keys(((d.caption, d.view["seat"] or 0) for d in decisions), LOG, NAMES)
    # Every caption text of the game is reached by some decision.
    assert keys == {key for key in catalog("en") if key.startswith("why.trick.")}


def test_each_caption_names_the_move_played(decisions: list[Decision]) -> None:
    for d in decisions:
        verb, _, arg = d.move.partition(" ")
        caption, view = d.caption, d.view
        assert caption["player"] == view["seat"]
        if verb == "play":
            assert caption["card"] == arg
        elif verb == "loco":
            assert caption["type"] == "trick.loco"
            assert (caption["company"], caption["loco"]) == (arg, view["locomotives_to_place"][0])
        elif verb == "city":
            assert caption["type"] == "trick.city"
            assert f"{caption['company']} {caption['end']}" == arg
            assert caption["city"] == view["line"][view["slot"]]["token"]
        else:
            assert caption["type"] == "trick.add"
            assert (caption["card"], caption["end"]) == (view["to_add"][0][1], arg)
            assert caption["company"] == CARD_COMPANY[caption["card"]]


def test_a_card_that_wins_says_so(decisions: list[Decision]) -> None:
    for kind in ("trick.wins", "trick.sure"):
        for d in _by_type(decisions, kind):
            assert d.winner == d.view["seat"]
    for d in _by_type(decisions, "trick.wins"):
        assert len(d.after.trick) in (0, d.after.num_players)  # the move closed the trick
        assert d.after.history[-1]["winner"] == d.view["seat"]


def test_a_card_that_cannot_win_becomes_a_share_or_a_station(decisions: list[Decision]) -> None:
    for d in _by_type(decisions, "trick.keep"):
        assert d.winner != d.view["seat"]
        card = d.caption["card"]
        _check_share(d.caption["share"], d.before, CARD_COMPANY[card])
        if d.after.slot > d.before.slot:  # the trick is over: the card is a share of its player
            assert card in d.after.shares[d.view["seat"] or 0]
    for d in _by_type(decisions, "trick.feed"):
        assert d.winner != d.view["seat"]
        card = d.caption["card"]
        assert TRICK_KIND[SLOT_KIND[d.before.line[d.before.slot]]] != "share"
        assert (d.caption["company"], d.caption["station"]) == (CARD_COMPANY[card], SEGMENT_VALUE[card])


def test_an_open_card_counts_the_higher_cards_in_the_other_hands(decisions: list[Decision]) -> None:
    for d in _by_type(decisions, "trick.open"):
        seat, card = d.view["seat"] or 0, d.caption["card"]
        led = d.before.led or CARD_COMPANY[card]
        assert d.caption["company"] == led and d.caption["lead"] == (d.before.led is None)
        higher = [c for p, hand in enumerate(d.before.hands) if p != seat for c in hand
                  if CARD_COMPANY[c] == led and CARD_NUMBER[c] > CARD_NUMBER[card]]
        assert d.caption["higher"] == len(higher) > 0
        # Someone still to play may hold one: not every later player has shown a void in the led company.
        n = d.before.num_players
        later = [(seat + k) % n for k in range(1, n - len(d.before.trick))]
        assert any(led not in d.before.voids[p] for p in later)


def test_prizes_are_the_line_card_and_its_worth(decisions: list[Decision]) -> None:
    for d in decisions:
        if d.caption["type"] not in ("trick.wins", "trick.sure", "trick.open"):
            continue
        target = d.before.line[d.before.slot]
        prize = d.caption["prize"]
        assert prize["kind"] == TRICK_KIND[SLOT_KIND[target]]
        if prize["kind"] == "share":
            assert prize["card"] == target
            _check_share(prize["share"], d.before, SHARE_COMPANY[target])
        elif prize["kind"] == "city":
            assert (prize["city"], prize["station"]) == (target, CITIES[target][1])
        else:
            assert "+".join(prize["locomotives"]) == target
    taken = [d for d in _by_type(decisions, "trick.wins") if d.caption["prize"]["kind"] == "share"]
    assert taken and all(d.caption["prize"]["card"] in d.after.shares[d.view["seat"] or 0] for d in taken)


def test_placements_report_the_share_before_and_after(decisions: list[Decision]) -> None:
    for d in _by_type(decisions, "trick.loco"):
        company, seat = d.caption["company"], d.view["seat"] or 0
        assert d.caption["worth"] == appraise(d.before.railways[company], d.caption["loco"]).share_value
        if not d.before.options["end_only"]:  # no card was added with it: the engine's value after
            assert d.caption["worth"] == d.after.appraisals()[company].share_value
        assert d.caption["held"] == d.before.share_counts(seat)[company]
    for kind in ("trick.city", "trick.add"):
        for d in _by_type(decisions, kind):
            company, seat = d.caption["company"], d.view["seat"] or 0
            before = _share_worth(d.before, company)
            assert (d.caption["before"], d.caption["now"]) == before
            placed = d.before.copy()
            segment = d.caption["city"] if kind == "trick.city" else d.caption["card"]
            railway = placed.railways[company]
            placed.railways[company] = ([segment, *railway] if d.caption["end"] == "left"
                                        else [*railway, segment])
            assert d.caption["after"] == _share_worth(placed, company)[0]
            if d.caption["now"] and not d.before.options["end_only"]:  # nothing else moved: the engine's
                assert d.caption["after"] == d.after.appraisals()[company].share_value
            assert d.caption["held"] == d.before.share_counts(seat)[company]


def _cards_in(value: object) -> Iterator[str]:
    if isinstance(value, str):
        if value in SHARE_COMPANY or value in CITIES:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _cards_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from _cards_in(item)


def test_a_caption_reads_no_other_hand(decisions: list[Decision]) -> None:
    dealt_otherwise = 0
    for number, d in enumerate(decisions):
        seat = d.view["seat"] or 0
        hidden = {c for p, hand in enumerate(d.before.hands) if p != seat for c in hand}
        assert not hidden & set(_cards_in(d.caption))
        if number % 3:
            continue
        # The other seats' cards dealt otherwise (same hand sizes): the same view, the same caption.
        dealt = d.before.copy()
        others = [p for p in range(dealt.num_players) if p != seat]
        pool = sorted(hidden, reverse=True)
        for p in others:
            size = len(dealt.hands[p])
            dealt.hands[p], pool = sorted(pool[:size]), pool[size:]
        dealt_otherwise += any(dealt.hands[p] != d.before.hands[p] for p in others)
        view = dealt.view(seat)
        assert view == d.view
        assert explain(GAME, view, d.move) == d.caption
    assert dealt_otherwise > 20


def test_the_issue_s_example_reads_as_asked() -> None:
    """A share trick won by the last card: the share taken and its worth now, in words."""
    state = TRICK.new_state(4, 7, {})
    state.railways["NYC"] = ["start", "NYC6", "NYC8", "NYC3"]  # 10 + 40 + 20 + 30 = 100
    state.locomotives["NYC"] = "4"  # 100 - 50: a share is worth 50 now
    state.line[state.slot] = "NYC-EX"
    seat = state.current_player
    assert seat is not None
    state.hands[seat] = ["NYC9", *[c for c in state.hands[seat] if CARD_COMPANY[c] != "NYC"]]
    state.leader = (seat + 1) % 4
    state.led = "NYC"
    state.trick = [((seat + k) % 4, card) for k, card in ((1, "NYC1"), (2, "NYC2"), (3, "NYC4"))]
    view = state.view(seat)
    caption = explain(GAME, view, "play NYC9")
    assert log_line(caption, Translator("en"), NAMES, LOG, prefix="why.") == (
        f"{NAMES[seat]} wins with NYC 9 and takes the NYC exchange card, a share of NYC worth 50 now.")
    assert log_line(caption, Translator("fr"), NAMES, LOG, prefix="why.") == (
        f"{NAMES[seat]} remporte le pli avec NYC 9 et prend la carte Échange NYC, "
        "une action NYC qui vaut 50 maintenant.")
