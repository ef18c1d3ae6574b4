"""A level is one entry of one table (connect4_game.ai.levels.LEVELS): a level
added there is offered by the new-game dialog, accepted by --x/--o, by
--tournament and by the settings file, and has a statistics name of its own."""
from __future__ import annotations

import dataclasses
import json

import pygame
import pytest

from connect4_game.ai import levels
from connect4_game.cli import build_parser
from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.storage.settings import load_settings
from connect4_game.tournament import TournamentConfig, check_entrant
from connect4_game.ui.screens.new_game import level_choices, level_tip
from tests.ui_helpers import DT, InstantWorker, key, make_app

NEW = levels.Level('nightmare', 'Nightmare', 'Never sleeps; sees every trap.',
                   dataclasses.replace(levels.get_level('hard').setting, lookahead=18))


@pytest.fixture
def nightmare(monkeypatch):
    """The table with one level more (stronger than Hard, weaker than Expert)."""
    monkeypatch.setattr(levels, 'LEVELS', levels.LEVELS[:-1] + (NEW,) + levels.LEVELS[-1:])
    return NEW


def test_a_new_level_is_unknown_until_it_is_in_the_table():
    assert not levels.is_level('nightmare')
    with pytest.raises(ValueError, match='level'):
        levels.get_level('nightmare')
    with pytest.raises(SystemExit):
        build_parser().parse_args(['--x', 'nightmare'])
    with pytest.raises(ValueError):
        check_entrant('nightmare')


def test_the_dialog_offers_it_with_its_words(nightmare):
    assert ('nightmare', 'Nightmare') in level_choices()
    assert level_tip('nightmare') == NEW.words
    app = make_app(InstantWorker(), x='human', o='human')
    try:
        app.step([], DT)
        app.step([key(pygame.K_g, 'g')], DT)          # the new-game dialog
        scr = app.screen
        assert 'nightmare' in [value for value, _label in scr.level.options]
    finally:
        app.close()


def test_the_command_line_takes_it(nightmare):
    args = build_parser().parse_args(['--x', 'Nightmare', '--o', 'expert'])
    assert (args.x.kind, args.x.level) == (SeatKind.AI, 'nightmare')
    assert args.x.format() == 'nightmare'
    assert (args.o.kind, args.o.level, args.o.perfect) == (SeatKind.AI, 'expert', True)


def test_the_tournament_takes_it(nightmare):
    args = build_parser().parse_args(['--tournament', 'Nightmare', 'easy'])
    assert args.tournament == ['Nightmare', 'easy']          # as given: the table's names
    players = TournamentConfig(tuple(args.tournament)).players
    assert [(p.kind, p.level) for p in players] == [(SeatKind.AI, 'nightmare'),
                                                    (SeatKind.AI, 'easy')]


def test_the_settings_file_takes_it(nightmare, tmp_path):
    path = tmp_path / 'settings.json'
    path.write_text(json.dumps({'o_kind': 'ai', 'o_level': 'nightmare'}), encoding='utf-8')
    settings, warnings = load_settings(path)
    assert settings.o.level == 'nightmare' and not warnings
    path.write_text(json.dumps({'o': {'kind': 'ai', 'level': 'dream'}}), encoding='utf-8')
    settings, warnings = load_settings(path)
    assert settings.o.level != 'dream' and warnings


def test_it_has_a_statistics_name_of_its_own(nightmare):
    names = {PlayerSpec.for_level(lv.name).statistics_name for lv in levels.LEVELS}
    assert 'Nightmare' in names and len(names) == len(levels.LEVELS)
