"""A game is a registered variant: lookups, what each accepts, and the package stays pure."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.game.commands import COMMANDS, SESSION_COMMANDS, Undo
from app.game.errors import DomainError
from app.game.registry import VARIANTS, owner_of, state_from_json, variant
from app.game.rules import apply_command, initial_state
from app.game.state import GameState
from app.games.forestry.commands import AddScore
from app.games.guardians.commands import SetGuardians, TriggerGameEnd
from scoring.games import GAMES, Game
from scoring.guardians import rules as guardian_rules
from setup.forestry import plan as forestry_setup
from setup.guardians import plan as guardians_setup

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_has_one_variant_found_by_enum_or_name() -> None:
    assert tuple(VARIANTS) == GAMES
    for game in GAMES:
        assert variant(game) is VARIANTS[game] is variant(str(game))
        assert variant(game).game is game and variant(game).codec.game is game
    with pytest.raises(DomainError) as err:
        variant("chess")
    assert err.value.field == "game"


def test_the_variants_carry_what_the_app_branched_on() -> None:
    f, g = variant(Game.FORESTRY), variant(Game.GUARDIANS)
    assert (f.min_players, f.max_players) == (forestry_setup.MIN_PLAYERS,
                                              forestry_setup.MAX_PLAYERS)
    assert (g.min_players, g.max_players) == (guardian_rules.MIN_PLAYERS,
                                              guardian_rules.MAX_PLAYERS)
    assert (f.role, g.role) == ("character", "ranger")
    assert f.forest_spaces == tuple(range(1, 16)) and g.forest_spaces == ()
    assert f.printed and not g.printed
    assert f.players_ok(1) and not g.players_ok(1) and not f.players_ok(5)
    assert isinstance(f.default_options(), f.options_type)
    assert not f.chooses_roles(f.default_options())
    assert g.chooses_roles(guardians_setup.GuardiansOptions(advanced=True))


def test_every_game_command_belongs_to_a_game_and_session_operations_to_none() -> None:
    for kind, cls in COMMANDS.items():
        assert owner_of(cls) is not None, kind
    for cls in SESSION_COMMANDS.values():
        assert owner_of(cls) is None
    assert variant(Game.GUARDIANS).accepts(SetGuardians)
    assert not variant(Game.FORESTRY).accepts(TriggerGameEnd)
    assert variant(Game.FORESTRY).accepts(AddScore(version=1, player=0, delta=1))


def _state(game: Game) -> GameState:
    return initial_state(game, None, ["Mei", "Bo"], 7)


def test_another_games_command_is_refused_naming_both_games() -> None:
    import random

    state = _state(Game.GUARDIANS)
    with pytest.raises(DomainError) as err:
        apply_command(state, AddScore(version=1, player=0, delta=1), random.Random(1))
    assert err.value.code == "refusal-session-command-this" and err.value.field == "kind"
    assert err.value.params["game"].code == "game-forestry"  # type: ignore[union-attr]
    assert err.value.params["game2"].code == "game-forest-guardians"  # type: ignore[union-attr]
    with pytest.raises(DomainError) as err:
        apply_command(state, Undo(version=1), random.Random(1))
    assert err.value.code == "refusal-session-unknown-command"


@pytest.mark.parametrize("game", GAMES)
def test_the_dealer_and_the_codec_of_each_variant(game: Game) -> None:
    v = variant(game)
    state = _state(game)
    plan = v.deal(v.default_options(), ["Mei", "Bo"], 7, {})
    assert plan.to_json() == v.deal(v.default_options(), ["Mei", "Bo"], 7, {}).to_json()
    assert state_from_json(state.to_json()) == state
    parsed = v.codec.parse(state.record())
    sheet = v.score(parsed, None)
    assert [p.name for p in sheet.players] == ["Mei", "Bo"]


def test_the_session_rules_import_no_io() -> None:
    """``app.game`` is pure: importing all of it pulls in no flet, no database, no store."""
    code = ("import sys\n"
            "import app.game.registry, app.game.rules, app.game.chance\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('flet', 'sqlalchemy', 'sqlmodel') or m.startswith(('app.store', 'app.session',"
            " 'app.ui', 'app.table')))\n"
            "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
