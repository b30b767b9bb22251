"""The address, the preferences and the Continue list, without a browser."""

from __future__ import annotations

import pytest

from ui.i18n import Translator
from ui.lobby import date_locale, deleted_html, saved_games_html
from ui.navigation import LOBBY, OVER_LOBBY, Route, back_to_lobby, link_text, parse_fragment
from ui.preferences import Preferences
from ui.saves import MemoryStorage, SaveStore

EN, FR = Translator("en"), Translator("fr")


@pytest.mark.parametrize(("fragment", "route"), [
    ("", LOBBY),
    ("#", LOBBY),
    ("#lobby", LOBBY),
    ("#game=g18c3a", Route("game", "g18c3a")),
    ("game=g18c3a", Route("game", "g18c3a")),
    ("#play=AbC-d_9", Route("link", "AbC-d_9")),
    ("#play=", Route("link", "")),  # a link cut short is still one: the player is told so
    ("#game=", Route("game", "")),
])
def test_the_address_names_a_screen(fragment: str, route: Route) -> None:
    assert parse_fragment(fragment) == route
    assert parse_fragment(route.fragment) == route  # what the app writes, it reads back


def test_a_pasted_link_is_read_whole_or_alone() -> None:
    assert link_text("https://example.org/rail/#play=AbC") == "AbC"
    assert link_text("AbC") == "AbC"


@pytest.mark.parametrize("pasted", [
    "https://example.org/rail/#play=AbC-d_9.", "AbC-d_9)", "AbC-d_9!?", " AbC-d_9 \n", "AbC-\nd_9",
    "AbC-%0Ad_9%20", "AbC-d_9%2E", "<https://example.org/#play=AbC-d_9>", "AbC-d_9\u00a0»",
])
def test_what_chat_apps_add_around_a_link_is_left_out(pasted: str) -> None:
    assert link_text(pasted) == "AbC-d_9"
    assert parse_fragment("#play=" + pasted.split("#play=")[-1]) == Route("link", "AbC-d_9")


def test_leaving_steps_back_only_over_the_lobby() -> None:
    assert back_to_lobby(OVER_LOBBY)
    assert not back_to_lobby("")  # opened at the game's address: the lobby is a new entry


def test_preferences_use_only_values_this_version_knows() -> None:
    prefs = Preferences.read({"lang": "fr", "speed": "fast", "display": "projector", "autoplay": True,
                              "explain": True, "overlays": True}, [])
    assert prefs == Preferences("fr", "fast", "projector", True, True, True) and prefs.projector
    tampered = Preferences.read({"lang": "xx", "speed": 3, "display": "cinema", "autoplay": "yes",
                                 "explain": 1, "overlays": "on"}, ["fr-CA"])
    assert tampered == Preferences("fr", "normal", "normal", False)
    assert Preferences.read({}, ["de"]) == Preferences("en")
    # Values of the wrong type, which a membership test alone would choke on (a dict is unhashable).
    odd = Preferences.read({"lang": {"x": 1}, "speed": ["fast"], "display": {}, "autoplay": None}, ["de"])
    assert odd == Preferences("en")
    assert Preferences.read({"lang": "de"}, ["de-DE"]).lang == "en"  # no rules page in German
    assert Preferences.read(prefs.stored(), []) == prefs  # what is stored reads back


def test_a_changed_preference_is_validated_and_the_others_stay() -> None:
    prefs = Preferences("fr", "fast")
    assert prefs.changed("display", "projector") == Preferences("fr", "fast", "projector")
    assert prefs.changed("display", "cinema") == prefs
    assert prefs.changed("autoplay", True).autoplay
    assert prefs.changed("lang", "xx").lang == "fr"


def listing_of(*games: tuple[str, list[str], list[str], int]) -> SaveStore:
    from games.bots import play_bots_game

    store = SaveStore(MemoryStorage())
    for save_id, seats, names, updated in games:
        state = play_bots_game("locomotion", len(seats), 3, None, ["random"] * len(seats))
        record = {**state.record(), "moves": state.record()["moves"][:7]}
        store.save(save_id, record, seats, names, over=False, updated=updated)
    return store


def test_the_continue_list_names_the_players_and_dates_the_last_move() -> None:
    store = listing_of(("g1", ["human", "greedy"], ["Ann", ""], 2000), ("g2", ["human", "random"], [], 1000))
    html = saved_games_html(store.list_games(), EN, lambda ms: f"day {ms}")
    assert "Ann and Player 2" in html and "Player 1 and Player 2" in html  # names, never seat numbers
    assert "Last move day 2000" in html and EN("lobby.moves", n=7) in html
    assert html.index('data-save="g1"') < html.index('data-save="g2"')  # newest first
    assert 'aria-label="Delete Locomotion (day 2000)"' in html
    french = saved_games_html(store.list_games(), FR, lambda ms: "12 mars")
    assert "Ann et Joueur 2" in french and "Supprimer la partie de" in french


def test_a_game_being_deleted_leaves_the_list_at_once() -> None:
    store = listing_of(("g1", ["human", "greedy"], [], 2000))
    assert 'data-save="g1"' not in saved_games_html(store.list_games(), EN, str, hidden=["g1"])
    assert EN("lobby.no_saves") in saved_games_html(store.list_games(), EN, str, hidden=["g1"])
    assert "data-undo-delete" in deleted_html(EN) and FR("action.undo") in deleted_html(FR)


@pytest.mark.parametrize(("lang", "browser", "locale"), [
    ("en", ["en-GB", "fr"], "en-GB"), ("fr", ["en-GB", "fr-CA"], "fr-CA"), ("fr", ["en-GB"], "fr"),
    ("en", [], "en")])
def test_dates_follow_the_browsers_locale_in_the_apps_language(lang: str, browser: list[str],
                                                                locale: str) -> None:
    assert date_locale(lang, browser) == locale
