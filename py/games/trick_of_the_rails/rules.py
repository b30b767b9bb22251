"""The Trick of the Rails state: deal, tricks, placements and scoring (see the package docstring)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import MalformedMove, Move, Result, Rng, State
from games.trick_of_the_rails.cards import (
    CARD_COMPANY,
    CARD_NUMBER,
    COMPANIES,
    COMPANY_NAMES,
    HAND_ORDER,
    HAND_SIZES,
    LOCOMOTIVES,
    RAILWAY_CARDS,
    SEGMENT_VALUE,
    SHARE_COMPANY,
    START,
)
from games.trick_of_the_rails.line import SLOT_KIND, TRICK_KIND, build_line
from games.trick_of_the_rails.railway import Appraisal, appraise
from games.trick_of_the_rails.view import RailwayView, TrickRecord, TrickView

ENDS = ("left", "right")  # the start card begins at the left; "right" is the far end

PLAY_MOVES: dict[str, Move] = {card: f"play {card}" for card in RAILWAY_CARDS}
LOCO_MOVES: dict[str, Move] = {co: f"loco {co}" for co in COMPANIES}
CITY_MOVES: tuple[Move, ...] = tuple(f"city {co} {end}" for co in COMPANIES for end in ENDS)
ADD_MOVES: tuple[Move, ...] = tuple(f"add {end}" for end in ENDS)
ALL_MOVES: frozenset[Move] = frozenset([*PLAY_MOVES.values(), *LOCO_MOVES.values(), *CITY_MOVES, *ADD_MOVES])


def leading(plays: Sequence[tuple[int, str]], led: str) -> tuple[int, str]:
    """The play that takes a trick so far: the highest card of the led company."""
    return max((play for play in plays if CARD_COMPANY[play[1]] == led),
               key=lambda play: CARD_NUMBER[play[1]])


class TrickState(State):
    game_id = "trick_of_the_rails"
    # Every choice is final, like a card on the table: no move can be taken back.
    turn_boundaries = frozenset({"card_played", "city_placed", "locomotive_placed", "card_added"})
    rules_version = 1

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        n = num_players
        hand_size = HAND_SIZES[n]
        deck = list(RAILWAY_CARDS)
        Rng.derive(seed, "deal").shuffle(deck)
        self.hands: list[list[str]] = [sorted(deck[p * hand_size:(p + 1) * hand_size],
                                              key=HAND_ORDER.__getitem__) for p in range(n)]
        self.railways: dict[str, list[str]] = {co: [START] for co in COMPANIES}
        for card in deck[n * hand_size:]:
            self.railways[CARD_COMPANY[card]].append(card)
        self.locomotives: dict[str, str | None] = dict.fromkeys(COMPANIES)
        self.line: list[str] = build_line(n, Rng.derive(seed, "line"), self.options["mixed_line"])
        self.slot = 0  # index in the line of the current trick's target
        self.shares: list[list[str]] = [[] for _ in range(n)]
        self.removed: list[str] = []  # railway cards out of the game (winners' cards with no reserve left)
        self.voids: list[set[str]] = [set() for _ in range(n)]
        self.history: list[TrickRecord] = []  # finished tricks
        self.leader = Rng.derive(seed, "leader").below(n)
        self.led: str | None = None
        self.trick: list[tuple[int, str]] = []  # (player, card) in play order
        self.winner: int | None = None  # of the trick being resolved
        self.locos_to_place: list[str] = []
        self.to_add: list[tuple[int, str]] = []  # (player, card) still to add to a railway, in order
        self.phase = "play"
        self.emit("game_started", leader=self.leader, hand_size=hand_size, line=list(self.line))

    @classmethod
    def from_view(cls, view: TrickView, hands: list[list[str]]) -> TrickState:
        """The state a view describes, with `hands` filled in (bots guess the hidden ones).

        It plays on exactly like the real game would with those hands; it has no record or events
        of the past, as no chance is left after the deal.
        """
        state = object.__new__(cls)
        State.__init__(state, view["players"], 0, view["options"])
        state.hands = [sorted(hand, key=HAND_ORDER.__getitem__) for hand in hands]
        state.railways = {r["company"]: list(r["segments"]) for r in view["railways"]}
        state.locomotives = {r["company"]: r["locomotive"] for r in view["railways"]}
        state.line = [slot["token"] for slot in view["line"]]
        state.slot = view["slot"]
        state.shares = [list(shares) for shares in view["shares"]]
        state.removed = list(view["removed"])
        state.voids = [set(voids) for voids in view["voids"]]
        state.history = [{**entry, "plays": [list(play) for play in entry["plays"]]}
                         for entry in view["history"]]
        state.leader = view["leader"]
        state.led = view["led"]
        state.trick = [(int(p), str(card)) for p, card in view["trick"]]
        state.winner = view["winner"]
        state.locos_to_place = list(view["locomotives_to_place"])
        state.to_add = [(int(p), str(card)) for p, card in view["to_add"]]
        state.phase = view["phase"]
        return state

    def copy(self) -> TrickState:
        """A cheap independent copy for bots' searches (no deepcopy)."""
        other = self._shallow_copy()
        other.hands = [list(hand) for hand in self.hands]
        other.railways = {co: list(segments) for co, segments in self.railways.items()}
        other.locomotives = dict(self.locomotives)
        other.line = list(self.line)
        other.shares = [list(shares) for shares in self.shares]
        other.removed = list(self.removed)
        other.voids = [set(voids) for voids in self.voids]
        other.history = list(self.history)
        other.trick = list(self.trick)
        other.locos_to_place = list(self.locos_to_place)
        other.to_add = list(self.to_add)
        return other

    # -- turn order -------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        return self.mover

    @property
    def mover(self) -> int:
        """The player to move in a live game: the next to play, the next to add a card, or the
        winner placing a city or locomotive."""
        phase = self.phase
        if phase == "play":
            return (self.leader + len(self.trick)) % self.num_players
        if phase == "add":
            return self.to_add[0][0]
        return self.resolver

    @property
    def resolver(self) -> int:
        """The winner of the trick being resolved (there is one while its placements are made)."""
        if self.winner is None:
            raise ValueError("no trick is being resolved")
        return self.winner

    def is_over(self) -> bool:
        return self.phase == "over"

    def playable(self, player: int) -> list[str]:
        """The cards `player` may play to the current trick: the led company if they hold it."""
        hand = self.hands[player]
        if self.led is None:
            return list(hand)
        led = self.led
        return [card for card in hand if CARD_COMPANY[card] == led] or list(hand)

    def _legal(self) -> list[Move]:
        phase = self.phase
        if phase == "play":
            return [PLAY_MOVES[card] for card in self.playable(self.mover)]
        if phase == "locomotive":
            return [LOCO_MOVES[co] for co in COMPANIES if self.locomotives[co] is None]
        if phase == "city":
            return list(CITY_MOVES)
        return list(ADD_MOVES)

    def _parse(self, move: object) -> Move:
        if not isinstance(move, str) or move not in ALL_MOVES:
            raise MalformedMove(move)
        return move

    # -- moves --------------------------------------------------------------------------------------
    def _do(self, move: Move) -> None:
        verb, _, arg = move.partition(" ")
        player = self.mover
        if verb == "play":
            self._play(player, arg)
        elif verb == "loco":
            self._place_locomotive(arg, automatic=False)
            self._advance()
        elif verb == "city":
            company, end = arg.split(" ")
            city = self.line[self.slot]
            self._extend(company, city, end)
            self.emit("city_placed", player=player, city=city, company=company, end=end)
            self._start_adding()
            self._advance()
        else:
            self._add(arg, automatic=False)
            self._advance()

    def _play(self, player: int, card: str) -> None:
        self.hands[player].remove(card)
        company = CARD_COMPANY[card]
        if self.led is None:
            self.led = company
        elif company != self.led:
            self.voids[player].add(self.led)
        self.trick.append((player, card))
        self.emit("card_played", player=player, card=card)
        if len(self.trick) == self.num_players:
            self._finish_trick()

    def _finish_trick(self) -> None:
        assert self.led is not None  # a full trick was led
        winner, card = leading(self.trick, self.led)
        target = self.line[self.slot]
        kind = TRICK_KIND[SLOT_KIND[target]]
        self.winner = winner
        self.history.append({"slot": self.slot, "target": target, "trick_kind": kind,
                             "plays": [[p, c] for p, c in self.trick], "winner": winner})
        self.emit("trick_won", player=winner, card=card, slot=self.slot, target=target, trick_kind=kind)
        if kind == "share":
            self._take_shares(winner, card, target)
            self._next_trick()
        elif kind == "city":
            self.phase = "city"
        else:
            self.locos_to_place = target.split("+")
            self.phase = "locomotive"
            self._advance()

    def _take_shares(self, winner: int, card: str, target: str) -> None:
        """Ruling 6: the winner takes the line card, the others keep what they played, and the winner's
        card goes to the leftmost reserve (or out of the game)."""
        self.shares[winner].append(target)
        self.emit("share_taken", player=winner, card=target)
        played = dict(self.trick)
        for player in self._clockwise_from(winner)[1:]:
            self.shares[player].append(played[player])
            self.emit("share_taken", player=player, card=played[player])
        reserve = next((i for i, token in enumerate(self.line) if SLOT_KIND[token] == "reserve"), None)
        if reserve is None:
            self.removed.append(card)
            self.emit("card_removed", card=card)
        else:
            self.emit("reserve_replaced", card=card, reserve=self.line[reserve], slot=reserve)
            self.line[reserve] = card

    def _clockwise_from(self, player: int) -> list[int]:
        n = self.num_players
        return [(player + i) % n for i in range(n)]

    def _place_locomotive(self, company: str, automatic: bool) -> None:
        locomotive = self.locos_to_place.pop(0)
        self.locomotives[company] = locomotive
        self.emit("locomotive_placed", player=self.winner, locomotive=locomotive, company=company,
                  automatic=automatic)
        if not self.locos_to_place:
            self._start_adding()

    def _start_adding(self) -> None:
        played = dict(self.trick)
        self.to_add = [(player, played[player]) for player in self._clockwise_from(self.resolver)]
        self.phase = "add"

    def _add(self, end: str, automatic: bool) -> None:
        player, card = self.to_add.pop(0)
        company = CARD_COMPANY[card]
        self._extend(company, card, end)
        self.emit("card_added", player=player, card=card, company=company, end=end, automatic=automatic)

    def _extend(self, company: str, segment: str, end: str) -> None:
        if end == "left":
            self.railways[company].insert(0, segment)
        else:
            self.railways[company].append(segment)

    def _advance(self) -> None:
        """Carry out the steps that leave no choice: a locomotive with one company left to go to
        (ruling 4), cards added with the "end only" option; then start the next trick."""
        while True:
            if self.phase == "locomotive":
                free = [co for co in COMPANIES if self.locomotives[co] is None]
                if len(free) > 1:
                    return
                self._place_locomotive(free[0], automatic=True)
            elif self.phase == "add":
                if not self.to_add:
                    self._next_trick()
                    return
                if not self.options["end_only"]:
                    return
                self._add("right", automatic=True)
            else:
                return

    def _next_trick(self) -> None:
        self.leader = self.resolver
        self.winner = None
        self.led = None
        self.trick = []
        self.slot += 1
        if self.slot < len(self.line):
            self.phase = "play"
            return
        self.phase = "over"
        scores = self.scores()
        self.emit("game_over", scores=scores, winners=[p for p, s in enumerate(scores) if s == max(scores)])

    # -- scoring ------------------------------------------------------------------------------------
    def appraisals(self) -> dict[str, Appraisal]:
        """Every company's scoring run and share value, as if the game ended now."""
        return {co: appraise(self.railways[co], self.locomotives[co]) for co in COMPANIES}

    def share_counts(self, player: int) -> dict[str, int]:
        counts = dict.fromkeys(COMPANIES, 0)
        for card in self.shares[player]:
            counts[SHARE_COMPANY[card]] += 1
        return counts

    def scores(self) -> list[int]:
        values = {co: a.share_value for co, a in self.appraisals().items()}
        return [sum(values[SHARE_COMPANY[card]] for card in shares) for shares in self.shares]

    def result(self) -> Result:
        appraisals = self.appraisals()
        breakdown: list[dict[str, Any]] = []
        for player in range(self.num_players):
            counts = self.share_counts(player)
            points = {co: counts[co] * appraisals[co].share_value for co in COMPANIES}
            breakdown.append({"shares": counts,
                              "share_values": {co: a.share_value for co, a in appraisals.items()},
                              "points": points, "total": sum(points.values())})
        return Result.from_scores([entry["total"] for entry in breakdown], breakdown=breakdown)

    # -- view ---------------------------------------------------------------------------------------
    def view(self, player: int | None) -> TrickView:
        appraisals = self.appraisals()
        played = {p for p, _ in self.trick}
        return {
            **self.view_header(player),
            "phase": self.phase,
            "hand": None if player is None else list(self.hands[player]),
            "playable": (self.playable(player)
                         if player is not None and self.phase == "play" and player not in played else []),
            "hand_sizes": [len(hand) for hand in self.hands],
            "line": [{"token": token, "kind": SLOT_KIND[token]} for token in self.line],
            "slot": self.slot,
            "tricks": len(self.line),
            "leader": self.leader,
            "led": self.led,
            "trick": [[p, card] for p, card in self.trick],
            "winner": self.winner,
            "locomotives_to_place": list(self.locos_to_place),
            "to_add": [[p, card] for p, card in self.to_add],
            "railways": [self._railway_view(co, appraisals[co]) for co in COMPANIES],
            "shares": [list(shares) for shares in self.shares],
            "share_counts": [self.share_counts(p) for p in range(self.num_players)],
            "worth": [sum(appraisals[SHARE_COMPANY[card]].share_value for card in shares)
                      for shares in self.shares],
            "voids": [[co for co in COMPANIES if co in voids] for voids in self.voids],
            "removed": list(self.removed),
            "history": [{**entry, "plays": [list(play) for play in entry["plays"]]}
                        for entry in self.history],
        }

    def _railway_view(self, company: str, appraisal: Appraisal) -> RailwayView:
        segments = self.railways[company]
        locomotive = self.locomotives[company]
        distance, cost = LOCOMOTIVES[locomotive] if locomotive else (None, None)
        return {"company": company, "name": COMPANY_NAMES[company], "segments": list(segments),
                "values": [SEGMENT_VALUE[s] for s in segments], "locomotive": locomotive,
                "distance": distance, "cost": cost, "run": [appraisal.run_start, appraisal.run_stop],
                "profit": appraisal.profit, "share_value": appraisal.share_value}
