"""The table's turn flow, without a browser: whose secrets show, hand-over, undo until confirmed."""

from __future__ import annotations

import pytest

from games import get_game
from games.core import IllegalMove
from ui.lobby import LobbyChoice, parse_lobby
from ui.replay import Scrubber
from ui.table import Table


def t(key: str, /, **params: object) -> str:
    return key + (repr(sorted(params.items())) if params else "")


def place_markers(table: Table) -> None:
    while table.state.view(None)["phase"] == "marker":
        table.play(table.state.legal_moves()[0])


def first_track(table: Table) -> str:
    return next(m for m in table.state.legal_moves() if m.startswith("track "))


def test_one_human_always_sees_their_own_seat() -> None:
    table = Table.new("transamerica", ["greedy", "human", "random"], seed=3, options={})
    assert table.viewer() == 1
    assert not table.needs_handover(None)
    assert table.human_legal() == []  # seat 0, a bot, starts


def test_bots_only_table_is_a_spectator() -> None:
    table = Table.new("transamerica", ["greedy", "random"], seed=3, options={})
    assert table.viewer() is None
    assert table.state.view(table.viewer())["cities"] == [None, None]


def test_hot_seat_needs_hand_over_unless_cards_are_visible() -> None:
    table = Table.new("transamerica", ["human", "human"], seed=3, options={})
    assert table.needs_handover(None)
    assert not table.needs_handover(0)
    table.play(table.state.legal_moves()[0])
    assert table.needs_handover(0), "seat 1 must confirm before seat 0's cards leave the screen"
    visible = Table.new("transamerica", ["human", "human"], seed=3, options={"visible_cards": True})
    assert not visible.needs_handover(None)


def test_undo_takes_back_this_turns_track_but_never_a_confirmed_turn() -> None:
    table = Table.new("transamerica", ["human", "human"], seed=5, options={})
    place_markers(table)
    assert not table.can_undo(), "a marker placement ends the turn"
    before = table.state.record()["moves"]
    table.play(first_track(table))
    assert table.can_undo()
    table.undo()
    assert table.state.record()["moves"] == before
    table.play(first_track(table))
    table.play("end")
    assert not table.can_undo()
    table.undo()
    assert table.state.moves[-1] == "end"


def test_undo_never_crosses_a_round_end() -> None:
    table = Table.new("transamerica", ["human", "human"], seed=5, options={})
    while table.state.view(None)["round"] == 1:
        legal = table.state.legal_moves()
        table.play(next((m for m in legal if m.startswith("track ")), legal[0]))
    assert table.state.moves and not table.can_undo()


def test_illegal_move_changes_nothing() -> None:
    table = Table.new("transamerica", ["human", "human"], seed=5, options={})
    with pytest.raises(IllegalMove):
        table.play("track 0,0,E")
    assert table.state.moves == []


def test_fork_continues_from_the_chosen_move() -> None:
    table = Table.new("transamerica", ["human", "greedy"], seed=8, options={})
    place_markers(table)
    table.play(first_track(table))
    fork = table.fork(1)
    assert fork.state.moves == table.state.moves[:1]
    assert fork.seats == table.seats and fork.undo_floor == 1


def test_scrubber_reaches_every_ply_in_both_directions() -> None:
    table = Table.new("transamerica", ["random", "random", "random"], seed=2, options={})
    for _ in range(120):
        table.play(table.state.legal_moves()[-1])
    record = table.state.record()
    scrubber = Scrubber(table.game, record)
    for ply in (120, 0, 57, 58, 3, 120, 26, 25, 24):
        state = scrubber.seek(ply)
        assert state.moves == record["moves"][:ply]
        assert state.view(None) == table.game.replay(record, ply).view(None)


def test_scrubber_back_at_the_end_plays_no_move_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The longest game's jump from its start to its end held the page: the end, where the link
    opened, is shown again as it was kept, and it is never played on."""
    from games.bots import play_bots_game
    from games.core import State

    record = play_bots_game("freight_train", 5, 3, None, ["greedy"] * 5).record()
    game = get_game("freight_train")
    scrubber = Scrubber(game, record)
    end = scrubber.seek(len(record["moves"])).view(None)
    scrubber.seek(0)
    played: list[object] = []
    apply = State.apply
    monkeypatch.setattr(State, "apply", lambda state, move: (played.append(move), apply(state, move))[1])
    assert scrubber.seek(len(record["moves"])).view(None) == end and played == []
    scrubber.seek(2)
    assert played == record["moves"][:2]  # back is replayed from the start
    assert scrubber.seek(len(record["moves"])).view(None) == end and len(played) == 2


def test_lobby_parses_seats_options_and_seed() -> None:
    choice = parse_lobby("transamerica", [("human", " Ann "), ("strong", "")], {"visible_cards": True},
                         "42", t)
    assert isinstance(choice, LobbyChoice)
    assert choice.seats == ["human", "strong"] and choice.seed == 42
    assert choice.names == ["Ann", "seat.default_name[('n', 2)]"]
    assert choice.options == {"visible_cards": True, "blocking_markers": False}


@pytest.mark.parametrize(("seats", "seed", "error"), [
    ([("human", "")], "", "error.players_invalid"),
    ([("human", ""), ("wizard", "")], "", "error.seat_invalid"),
    ([("human", ""), ("human", "")], "12x", "error.seed_invalid"),
    ([("human", ""), ("human", "")], str(1 << 60), "error.seed_invalid"),
])
def test_lobby_reports_what_is_wrong(seats: list[tuple[str, str]], seed: str, error: str) -> None:
    message = parse_lobby("transamerica", seats, {}, seed, t)
    assert isinstance(message, str) and message.startswith(error)


def test_a_rematch_is_the_same_table_with_a_new_deal() -> None:
    table = Table.new("transamerica", ["human", "strong", "random"], seed=8, options={"visible_cards": True},
                      names=["Ann", "Bob", "Cy"])
    place_markers(table)
    again = table.rematch(seed=9)
    assert again.game.id == "transamerica" and again.seats == table.seats and again.names == table.names
    assert again.state.options == table.state.options and again.state.seed == 9
    assert again.state.moves == [] and again.state.view(None) != Table.new(
        "transamerica", table.seats, seed=8, options={"visible_cards": True}).state.view(None)  # a new deal
    again.names.append("Dee")
    assert table.names == ["Ann", "Bob", "Cy"]  # the tables share nothing


def test_a_friend_by_link_makes_a_game_by_link_with_one_seat_here() -> None:
    choice = parse_lobby("transamerica", [("friend", "Bo"), ("human", "Ann"), ("greedy", "")], {}, "", t)
    assert isinstance(choice, LobbyChoice)
    assert (choice.seats, choice.me, choice.by_link) == (["human", "human", "greedy"], 1, True)
    plain = parse_lobby("transamerica", [("human", "Ann"), ("human", "Bo")], {}, "", t)
    assert isinstance(plain, LobbyChoice) and (plain.me, plain.by_link) == (None, False)
    for seats in ([("friend", ""), ("human", ""), ("human", "")], [("friend", ""), ("greedy", "")]):
        assert parse_lobby("transamerica", seats, {}, "", t) == t("error.link_one_human")


def test_scrubber_goes_back_and_forth_through_a_game_by_link() -> None:
    from games.bots import play_bots_game
    from games.core import seeded_salts

    record = play_bots_game("locomotion", 3, 4, None, ["greedy"] * 3, salt_source=seeded_salts(2)).record()
    game = get_game("locomotion")
    scrubber = Scrubber(game, record)
    for ply in (len(record["moves"]), 0, 17, 18, 3, len(record["moves"]), 30):
        state = scrubber.seek(ply)
        assert state.moves == record["moves"][:ply]
        assert state.view(None) == game.replay(record, ply).view(None)
