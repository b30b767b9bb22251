"""Freight Train's captions (`games.freight_train.explain`) against the bots' games.

Every decision of seeded bots-only games is captioned from the deciding seat's view before the move;
the caption must name the move the engine then plays (its `car_moved`, `caboose_attached`... events),
and its numbers must agree with the engine's state after the move, computed here afresh: a train's
place in its category from the players' train lengths, its points from the engine's scoring, the
projected score and margin from the state the move leads to.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from games import get_game
from games.bots import bot_rng, decide, explain, get_bot
from games.freight_train.bots import margin, projected
from games.freight_train.cards import CABOOSE_FACTOR, CAR_TYPES, MAIN_ROW_CARS, MAIN_TAKE, YARD_SCORE
from games.freight_train.explain import STANDING_RANKS
from games.freight_train.scoring import category_table
from games.freight_train.state import FreightTrainState
from random_play import play_random_game
from ui.games.freight_train.face import FACE
from ui.i18n import Translator, catalog
from ui.log import log_key, log_line

GAME = "freight_train"
NAMES = ["Ada", "Basile", "Chloé", "Dev", "Emma"]
EN, FR = Translator("en"), Translator("fr")
# Every key a caption can be read from: each move's kind and its variants.
CAPTION_KEYS = {
    *(f"why.freight.take.{kind}"
      for kind in ("main_train", "main_new", "main_yard", "yard_train", "yard_new")),
    *(f"why.freight.done.{action}" for action in ("main", "private", "arrange")),
    *(f"why.freight.fill.{reason}" for reason in ("forced", "empty", "short", "risky", "choice")),
    "why.freight.put", "why.freight.put.last", "why.freight.arrange", "why.freight.loco",
    "why.freight.caboose", "why.freight.pass",
}
# (players, bot levels, seed, options): strong, greedy and expert seats, 2 to 5 players.
GAMES = [
    (2, ("strong", "greedy"), 3, {"cabooses": True}),
    (3, ("greedy", "expert", "greedy"), 4, {"cabooses": False}),
    (5, ("greedy",) * 5, 5, {"cabooses": True}),
]


class Decision:
    """One bot decision: the seat's view before, the move, the states around it and its events."""

    def __init__(self, state: FreightTrainState, move: str) -> None:
        """Caption `move` and play it on `state`."""
        seat = state.current_player
        assert seat is not None
        self.seat, self.move, self.before = seat, move, state.copy()
        self.view = state.view(seat)
        self.caption = explain(GAME, copy.deepcopy(self.view), move)
        start = len(state.events)
        state.apply(move)
        self.after = state.copy()
        self.events = state.events[start:]

    def event(self, kind: str) -> dict[str, Any]:
        return next(event for event in self.events if event["type"] == kind)


def bot_decisions(players: int, levels: tuple[str, ...], seed: int,
                  options: dict[str, Any]) -> Iterator[Decision]:
    state = get_game(GAME).new_state(players, seed, options)
    while (seat := state.current_player) is not None:
        bot, rng = get_bot(GAME, levels[seat]), bot_rng(seed, seat, len(state.moves))
        yield Decision(state, decide(bot, state.view(seat), state.legal_moves(), rng))


def rare_decisions() -> Iterator[Decision]:
    """Moves bots seldom face: a pass and a refill with nothing else possible (random games)."""
    found: dict[str, FreightTrainState] = {}

    def keep(state: Any, _move: str | None) -> None:
        legal = state.legal_moves() if state.current_player is not None else []
        if legal == ["pass"]:
            found.setdefault("pass", state.copy())
        elif legal and all(move.startswith("fill") for move in legal):
            found.setdefault("forced", state.copy())

    for seed in (2, 4):
        play_random_game(GAME, 2 + seed % 4, seed, {"cabooses": True}, check=keep)
    assert set(found) == {"pass", "forced"}
    yield Decision(found["pass"], "pass")
    yield Decision(found["forced"], found["forced"].legal_moves()[0])


@pytest.fixture(scope="module")
def decisions() -> list[Decision]:
    found = [d for game in GAMES for d in bot_decisions(*game)]
    return found + list(rare_decisions())


# -- what the caption must say -------------------------------------------------------------------------

def expected_rank(lengths: list[int], seat: int) -> tuple[str, list[int]]:
    """The seat's place by the rules (ruling 8), worked out here from the lengths alone."""
    mine = lengths[seat]
    if mine == 0:
        return "none", []
    longest = max(lengths)
    if mine == longest:
        tied = [p for p, n in enumerate(lengths) if n == longest and p != seat]
        return ("tied", tied) if tied else ("first", [])
    lone_first = lengths.count(longest) == 1
    next_best = max(n for n in lengths if n < longest)
    if lone_first and mine == next_best and lengths.count(mine) == 1:
        return "second", []
    return "none", []


def category_after(decision: Decision, category: str) -> Mapping[str, Any]:
    """A category's lengths, cabooses and points once the move is played: from the day's scoring
    events when the move ended the day (the trains are gone then), else the engine's scoring now."""
    scored = [e for e in decision.events if e["type"] == "category_scored" and e["category"] == category]
    if scored:
        return scored[0]
    return next(e for e in category_table(decision.after.players) if e["category"] == category)


def check_standing(decision: Decision, category: str) -> None:
    standing, seat = decision.caption["standing"], decision.seat
    entry = category_after(decision, category)
    assert (standing["rank"], standing["tied"]) == expected_rank(entry["lengths"], seat)
    assert standing["points"] == entry["points"][seat]
    factor = CABOOSE_FACTOR if entry["cabooses"][seat] else 1
    by_rank = {"first": 3 * factor, "second": 1 * factor, "none": 0}
    if standing["rank"] in by_rank:
        assert standing["points"] == by_rank[standing["rank"]]


def check_take(d: Decision) -> None:
    moved = d.event("car_moved")
    caption = d.caption
    assert (caption["car"], caption["source"]) == (moved["car"], moved["source"])
    assert caption["row"] == moved["row"]
    assert caption["step"] == d.after.taken
    player = d.after.players[d.seat]
    if moved["target"] == "yard":
        assert caption["target"] == "yard" and caption["yard_row"] == moved["index"]
        rate, per = YARD_SCORE[d.after.day]
        assert caption["cars"] == player.yard_cars()
        assert caption["yard_points"] == rate * (player.yard_cars() // per)
        return
    assert caption["target"] == ("new" if moved["new"] else "train")
    assert (caption["train"], caption["train_kind"]) == (moved["index"], moved["train_kind"])
    assert caption["length"] == len(player.trains[moved["index"]].cars)
    check_standing(d, moved["train_kind"])


def check_caption(d: Decision) -> None:
    caption, move, view = d.caption, d.move, d.view
    assert caption["player"] == d.seat
    kind = caption["type"]
    if move[0] in "my" and ">" in move:
        assert kind == "freight.take"
        check_take(d)
    elif move == "done":
        assert kind == "freight.done" and caption["action"] == d.before.phase
        assert caption["taken"] == d.before.taken
        assert caption["score"] == projected(d.after)[d.seat]
        assert caption["margin"] == margin(d.after, d.seat)
    elif move.startswith("fill"):
        assert kind == "freight.fill" and caption["row"] == int(move[5:]) == d.event("row_filled")["row"]
        left = sum(map(len, view["main_yard"]))
        assert caption["left"] == left and caption["new"] == min(MAIN_ROW_CARS, len(d.before.deck.cars))
        forced = all(m.startswith("fill") for m in d.before.legal_moves())
        assert (caption["reason"] == "forced") == forced
        assert forced or (caption["reason"] == "empty") == (left == 0)
        assert forced or (caption["reason"] == "short") == (0 < left < MAIN_TAKE)
        window = d.before.deck.end_card_window()
        risky = window is not None and window["min_before"] < caption["new"]
        assert caption["reason"] != "choice" or not risky
        assert caption["reason"] != "risky" or risky
    elif move.startswith("caboose"):
        attached = d.event("caboose_attached")
        assert kind == "freight.caboose"
        assert (caption["train"], caption["train_kind"]) == (attached["train"], attached["train_kind"])
        check_standing(d, attached["train_kind"])
    elif move in ("loco", "pass", "arrange"):
        assert kind == f"freight.{move}"
        if move == "loco":
            player = d.after.players[d.seat]
            assert caption["locos"] == player.locos
            assert caption["free"] == player.locos - len(player.trains)
        if move == "arrange":
            assert caption["cars"] == len(d.after.pool)
    else:
        car, row = move.split(">")
        assert kind == "freight.put" and (caption["car"], caption["yard_row"]) == (car, int(row[1:]))
        assert caption["left"] == len(d.after.pool)


# -- the tests -------------------------------------------------------------------------------------------

def test_every_caption_names_the_move_played_and_the_engines_numbers(decisions: list[Decision]) -> None:
    for decision in decisions:
        check_caption(decision)


def test_every_caption_reads_in_english_and_french(decisions: list[Decision]) -> None:
    en, fr = catalog("en"), catalog("fr")
    keys: Counter[str] = Counter()
    for decision in decisions:
        key = log_key(decision.caption, FACE.log, "why.")
        assert key in en and key in fr, key
        keys[key] += 1
        names = NAMES[:decision.view["players"]]
        for translator in (EN, FR):
            text = log_line(decision.caption, translator, names, FACE.log, prefix="why.")
            assert text and "{" not in text and "⟦" not in text and "why." not in text, text
            assert names[decision.seat] in text
        if decision.move[0] in "my" and ">" in decision.move:
            english = log_line(decision.caption, EN, names, FACE.log, prefix="why.") or ""
            assert EN(f"freight.a_car.{decision.caption['car']}") in english
    assert set(keys) == CAPTION_KEYS, set(keys) ^ CAPTION_KEYS


def test_french_captions_keep_the_games_glossary() -> None:
    """The rules page's words (tests/drawing/test_freight_train_sheets.py holds the glossary), never
    the printed rule's synonyms."""
    synonyms = ("entrepôt", "rangée", "train mélangé", "butoir", "manche", "fin de journée")
    texts = {key: text for key, text in catalog("fr").items() if key.startswith("why.freight.")}
    assert texts
    assert not [key for key, text in texts.items() if any(word in text.lower() for word in synonyms)]
    assert all("triage principal" in texts[f"why.freight.fill.{reason}"] for reason in ("forced", "choice"))
    assert all("triage privé" in texts[f"why.freight.take.{kind}"] for kind in ("main_yard", "yard_train"))


def test_every_place_of_a_train_is_captioned(decisions: list[Decision]) -> None:
    ranks = Counter(d.caption["standing"]["rank"] for d in decisions if "standing" in d.caption)
    assert set(ranks) == set(STANDING_RANKS)
    texts = {rank: EN(f"why.freight.standing.{rank}", points=0, players="") for rank in STANDING_RANKS}
    assert len(set(texts.values())) == len(STANDING_RANKS)


def test_a_caption_reads_only_the_view(decisions: list[Decision]) -> None:
    """The deck's order is every seat's secret: a view with the deck shuffled otherwise is the same
    view, and a refill's caption tells nothing of the cars it will reveal."""
    for decision in decisions[::7]:
        other = decision.before.copy()
        other.deck.cars.reverse()
        assert other.view(decision.seat) == decision.view
        assert explain(GAME, other.view(decision.seat), decision.move) == decision.caption
        if decision.move.startswith("fill"):
            assert not set(map(str, decision.caption.values())) & set(CAR_TYPES)
