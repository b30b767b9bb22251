"""The move log: lines from language-neutral events, for every game, in both languages."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from games import GAME_IDS, get_game
from games.freight_train.cards import CAR_TYPES, CATEGORIES
from games.locomotion import board_data as loco_board
from games.locomotion.track import CRASH_CAUSES
from games.trick_of_the_rails.rules import ENDS
from random_play import play_random_game
from ui.games import face_for
from ui.i18n import Translator, catalog
from ui.log import SHARED_LOG, LogStyle, log_key, log_line, signed

EN, FR = Translator("en"), Translator("fr")
RAW_KEY = re.compile(r"[a-z_]+\.[a-z_]+")
NAMES = ["Ann", "Bob", "Cy", "Dee"]
PY = Path(__file__).resolve().parent.parent / "py"
NB = "\u00a0"


def event(kind: str, **data: Any) -> dict[str, Any]:
    return {"type": kind, "ply": 3, **data}


def style(game_id: str) -> LogStyle:
    return face_for(game_id).log


def line(game_id: str, t: Translator, kind: str, **data: Any) -> str | None:
    return log_line(event(kind, **data), t, NAMES, style(game_id))


# -- the shared mechanism ---------------------------------------------------------------------------

def test_game_over_agrees_with_the_number_of_winners() -> None:
    one = log_line(event("game_over", winners=[1], scores=[3, 9]), EN, NAMES)
    two = log_line(event("game_over", winners=[0, 1], scores=[9, 9]), FR, NAMES)
    assert one == "Game over: Bob wins. Final scores: Ann: 3, Bob: 9."
    assert two is not None and two.startswith(f"Partie terminée{NB}: Ann et Bob se partagent la victoire.")


def test_missing_names_fall_back_to_seat_numbers() -> None:
    assert log_line(event("passed", player=4), EN, NAMES) == "Player 5 passes."
    assert log_line(event("passed", player=1), FR, []) == "Joueur 2 passe."
    assert log_line(event("passed", player=1), EN, ["", "", ""]) == "Player 2 passes."


def test_quiet_events_and_garbage_give_no_line() -> None:
    assert line("transamerica", EN, "turn_ended", player=0) is None
    for garbage in (None, [], "track_placed", {"ply": 1}, {"type": 3}):
        assert log_line(garbage, EN, NAMES, style("transamerica")) is None


def test_odd_params_never_crash() -> None:
    assert line("transamerica", EN, "track_placed", player="x", edge="99,a,Q", cost=None) == \
        "Player ? lays a track: 99,a,Q."
    assert line("transamerica", EN, "marker_placed", player=0, point={"x": 1}) == \
        "Ann places a start marker at ."
    assert line("locomotion", EN, "loco_pushed", loco=3, owner=0, by="?") == \
        "Player ? pushes one of Ann’s locomotives."


def test_without_a_game_only_the_shared_formatting_applies() -> None:
    assert log_key(event("dice_rolled", chosen=True)) == "log.dice_rolled"
    assert log_key(event("dice_rolled", chosen=True), SHARED_LOG) == "log.dice_rolled"
    assert log_line(event("passed", player=0), EN, NAMES) == "Ann passes."


def test_the_shared_log_knows_no_game() -> None:
    source = (PY / "ui" / "log.py").read_text(encoding="utf-8")
    assert [game_id for game_id in GAME_IDS if game_id in source] == []
    assert all(import_module(f"ui.games.{game_id}.log").LOG is face_for(game_id).log for game_id in GAME_IDS)


def test_only_the_game_at_the_table_is_loaded() -> None:
    script = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from ui.i18n import Translator\n"
        "from ui.games import face_for\n"
        "from ui.log import log_line\n"
        "games = lambda: {m.split('.')[2] for m in sys.modules\n"
        "                 if m.startswith('ui.games.') and m.count('.') > 1}\n"
        "loaded = lambda: sorted(games() - {'face'})\n"
        "before = loaded()\n"
        "log_line({'type': 'passed', 'player': 0}, Translator('en'), ['A'], face_for('locomotion').log)\n"
        "print(before, loaded())\n"
    )
    out = subprocess.run([sys.executable, "-c", script, str(PY)], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["[]", "['locomotion']"]


# -- TransAmerica ---------------------------------------------------------------------------------

def test_marker_on_a_city_reads_as_the_city() -> None:
    assert line("transamerica", EN, "marker_placed", player=1, point=[7, 5]) == \
        "Bob places a start marker at Denver."
    assert line("transamerica", FR, "marker_placed", player=1, point=[7, 5]) == \
        "Bob pose son pion de départ sur Denver."


def test_marker_elsewhere_reads_as_an_intersection() -> None:
    assert line("transamerica", EN, "marker_moved", player=0, point=[8, 5]) == \
        "Ann moves the start marker to intersection 1 east of Denver."


def test_track_shows_both_ends_and_double_track_has_its_own_line() -> None:
    assert line("transamerica", EN, "track_placed", player=2, edge="7,5,E", cost=1) == \
        "Cy lays a track: Denver → 1 east of Denver."
    assert line("transamerica", EN, "track_placed", player=2, edge="8,4,SE", cost=2) == \
        "Cy lays a double track: 1 west of Omaha → 1 south-west of Omaha."
    double = event("track_placed", edge="8,4,SE", cost=2)
    assert log_key(double, style("transamerica")) == "log.track_placed.double"


def test_lists_of_players_and_per_player_values() -> None:
    assert line("transamerica", EN, "networks_merged", players=[0, 2, 3]) == \
        "Networks joined: Ann, Cy and Dee."
    scored = {"round": 2, "complete": [1], "penalties": [3, 0, 7, 1], "missing": [[], [], [], []],
              "cities": [[], [], [], []], "scores": [10, 13, 6, 12], "barrier": 0}
    assert line("transamerica", EN, "round_scored", **scored) == \
        "Round 2 is over. Penalties: Ann: 3, Bob: 0, Cy: 7, Dee: 1."
    assert line("transamerica", FR, "round_scored", **scored) == \
        f"Fin de la manche 2. Pénalités{NB}: Ann{NB}: 3, Bob{NB}: 0, Cy{NB}: 7, Dee{NB}: 1."


# -- Trick of the Rails -----------------------------------------------------------------------------

def test_trick_cards_read_as_printed() -> None:
    game = "trick_of_the_rails"
    assert line(game, EN, "card_played", player=0, card="BO9") == "Ann plays B&O 9."
    assert line(game, FR, "share_taken", player=1, card="ERIE-EX") == \
        "Bob prend la carte Échange ERIE comme action."
    assert line(game, EN, "reserve_replaced", card="NYC7", reserve="R2", slot=12) == \
        "NYC 7 replaces reserve card 2 in the trick line."
    assert line(game, FR, "city_placed", player=2, city="new_york", company="CO", end="left") == \
        "Cy place New York à l’extrémité gauche de la voie ferrée C&O."
    assert line(game, EN, "locomotive_placed", player=3, locomotive="All", company="PRR", automatic=True) == \
        "Locomotive All goes to PRR, the last company without one."


# -- Freight Train ----------------------------------------------------------------------------------

def test_freight_cars_take_their_article_and_new_trains_say_so() -> None:
    game = "freight_train"
    moved = {"player": 2, "car": "ore", "source": "main", "row": 0, "target": "train", "index": 0,
             "train_kind": "mixed", "new": False}
    assert line(game, EN, "car_moved", **moved) == \
        "Cy takes an ore car from the main yard to their mixed train."
    started = {**moved, "car": "tank", "source": "yard", "train_kind": "tank", "new": True}
    assert line(game, EN, "car_moved", **started) == \
        "Cy moves a tank car from their private yard to start their tank train."
    assert line(game, FR, "car_moved", **started) == \
        "Cy déplace un wagon-citerne de son triage privé et commence son train de citernes."
    odd = {**moved, "source": "yard", "target": "yard"}
    assert log_key(event("car_moved", **odd), style(game)) == "log.car_moved"


def test_freight_scoring_names_only_who_scores() -> None:
    game = "freight_train"
    assert line(game, EN, "category_scored", day=1, category="box", lengths=[3, 0, 2, 0],
                cabooses=[False] * 4, points=[3, 0, 1, 0]) == "Points for boxcar trains: Ann: 3, Cy: 1."
    assert line(game, FR, "category_scored", day=1, category="mixed", lengths=[0, 0, 0, 0],
                cabooses=[False] * 4, points=[0, 0, 0, 0]) is None
    assert line(game, EN, "yard_scored", day=2, cars=[4, 6, 0, 1], points=[0, 0, 0, 0]) is None
    assert line(game, EN, "yard_scored", day=3, cars=[4, 0, 0, 1], points=[-4, 0, 0, -1]) == \
        "Private yards: Ann: -4, Bob: 0, Cy: 0, Dee: -1."
    assert line(game, FR, "round_started", day=2, round=3, start_player=1) == \
        f"Jour 2, manche 3{NB}: Bob commence."


# -- Locomotion -------------------------------------------------------------------------------------

def test_locomotion_dice_and_platforms() -> None:
    game = "locomotion"
    assert line(game, EN, "dice_rolled", player=3, colour="red", numbers=[6, 5], chosen=False) == \
        "Dee rolls red, 6 and 5."
    assert line(game, EN, "dice_rolled", player=3, colour="red", numbers=[2, 2], chosen=True) == \
        "Dee rolls 2 and 2."
    slid = {"colour": "blue", "source": 1, "target": 0, "direction": "right", "riders": []}
    assert line(game, FR, "platform_slid", **slid) == \
        "La plateforme bleue glisse vers la droite."
    assert line(game, FR, "tile_returned", player=0, colour="yellow") == \
        "Ann rend une plaquette «\u00a0réparation\u00a0» et choisit la plateforme jaune."


def test_locomotion_pushes_and_crashes_name_the_owners() -> None:
    game = "locomotion"
    assert line(game, EN, "loco_pushed", loco=5, owner=1, by=2) == "Ann pushes one of Bob’s locomotives."
    assert line(game, FR, "loco_pushed", loco=6, owner=1, by=7) == \
        "Bob pousse une de ses propres locomotives."
    assert line(game, EN, "loco_crashed", loco=13, owner=3, cause="off_track", square="x", tile=False) == \
        "Crash! One of Dee’s locomotives runs off the track and goes back to the start."
    assert line(game, FR, "loco_crashed", loco=1, owner=0, cause="gap", square="1.0.3", tile=True) == \
        (f"Accident{NB}! Une locomotive appartenant à Ann tombe dans l’emplacement vide et retourne au départ"
         f"{NB}; Ann prend une plaquette «{NB}réparation{NB}».")
    assert line(game, EN, "loco_entered", player=1, loco=4, lane=0) == \
        "Bob puts a locomotive on the start square of the inner lane."
    assert line(game, EN, "loco_sheltered", loco=2, owner=0, shed=4) == "Ann parks a locomotive in shed 5."


def test_every_value_a_keyed_param_can_take_has_a_key() -> None:
    gaps = range(len(loco_board.GAP_NAMES))
    families = {
        "colour.": loco_board.COLOURS,
        "loco.platform.": loco_board.COLOURS,
        "loco.direction.": {loco_board.slide_direction(a, b) for a in gaps for b in gaps if a != b},
        "loco.lane.": [str(lane) for lane in range(loco_board.LANES)],
        "loco.cause.": CRASH_CAUSES,
        "freight.a_car.": CAR_TYPES,
        "freight.train.": CATEGORIES,
        "trick.end.": ENDS,
    }
    wanted = {prefix + value for prefix, values in families.items() for value in values}
    assert sorted(wanted - set(catalog("en"))) == []


# -- every event of real games ----------------------------------------------------------------------

def _available_games() -> list[str]:
    games = []
    for game_id in GAME_IDS:
        try:
            get_game(game_id)
        except ImportError:
            continue
        games.append(game_id)
    return games


@pytest.mark.parametrize("game_id", _available_games())
def test_every_event_of_random_games_reads_well_in_both_languages(game_id: str) -> None:
    game = get_game(game_id)
    kinds: set[str] = set()
    for seed, players in enumerate(range(game.min_players, game.max_players + 1)):
        # every other game with each yes/no option switched from its default
        options = {o.key: not o.default for o in game.option_schema if o.kind == "bool"} if seed % 2 else None
        state = play_random_game(game_id, players, seed, options)
        names = NAMES[:2]  # the others fall back to "Player n"
        for e in state.events:
            kinds.add(e["type"])
            key = log_key(e, style(game_id))
            assert key in catalog("en"), key
            for t in (EN, FR):
                text = log_line(e, t, names, style(game_id))
                if text is None:
                    assert catalog(t.lang)[key] == "", key
                    continue
                assert "{" not in text and "None" not in text, (key, text)
                assert not RAW_KEY.search(text), (key, text)  # a param named by a missing key
                assert text.strip() == text and text[-1] in ".!", (key, text)
    assert "game_over" in kinds


def test_signed_numbers_carry_a_true_minus() -> None:
    """Screen readers say U+2212 as "minus"; a hyphen-minus is read as a dash or not at all."""
    assert [signed(n) for n in (-7, 0, 12)] == ["\u22127", "+0", "+12"]
