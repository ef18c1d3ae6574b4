"""Who plays a game stays who the player chose: the ``E`` key is a true
toggle (Expert, and back to exactly the level each computer side had), and a
saved or autosaved game comes back with the players it was saved with."""

import io
import json

import pytest

from connect4_game.play.session import GameSession
from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.storage.savegame import SavedGame, autosave, load_autosave

HUMAN = PlayerSpec('human')
X_WINS_NEXT = [0, 1, 0, 1, 0, 1]          # X (to move) wins in column 0


def recorded_session(players, moves=()):
    results = []
    s = GameSession(players, moves=moves, out=io.StringIO(),
                    record=lambda x, o, result: results.append((x, o, result)))
    return s, results


@pytest.mark.parametrize('level', ['easy', 'medium', 'hard'])
def test_expert_pressed_twice_gives_back_the_level_and_one_pairing(level):
    chosen = PlayerSpec.for_level(level, PlayerSpec('ai', 4, 'LEFT'))
    s, results = recorded_session({'X': HUMAN, 'O': chosen}, X_WINS_NEXT)
    names = s.stats_names()
    s.toggle_expert()
    assert s.expert_mode and s.players['O'].perfect
    assert s.stats_names() == ('Human', 'Expert')
    s.toggle_expert()
    assert not s.expert_mode and s.players['O'] == chosen      # level, lookahead, tiebreak
    assert s.stats_names() == names == ('Human', level.capitalize())
    assert s.human_drop(0) and s.game.over
    s.update(0.1)
    assert results == [('Human', level.capitalize(), 'X')]


def test_expert_off_keeps_a_side_that_changed_meanwhile():
    s, _ = recorded_session({'X': PlayerSpec.for_level('medium'), 'O': HUMAN})
    s.toggle_expert()
    s.take_over('X', 'it stopped.')             # the person here now plays X
    s.toggle_expert()
    assert s.players['X'].kind is SeatKind.HUMAN and not s.expert_mode


def test_a_side_chosen_as_expert_becomes_the_lookahead_ai_when_expert_goes_off():
    s, _ = recorded_session({'X': HUMAN, 'O': PlayerSpec('ai', 5, 'RIGHT', level='expert')})
    assert s.expert_mode
    s.toggle_expert()
    assert s.players['O'] == PlayerSpec('ai', 5, 'RIGHT')


def test_demo_off_gives_back_the_players_but_a_failed_one():
    hard = PlayerSpec.for_level('hard')
    s, _ = recorded_session({'X': HUMAN, 'O': hard})
    s.set_demo(True)
    assert s.players['X'] == hard and s.local_players() == {'X': HUMAN, 'O': hard}
    s.take_over('O', 'it stopped.')             # the person here now plays O, after too
    s.set_demo(False)
    assert s.players == {'X': HUMAN, 'O': s.players['O']} and s.seats['O'].person
    assert s.before is None


def round_trip(saved):
    return SavedGame.from_json(json.loads(json.dumps(saved.to_json())))


def test_a_restored_game_keeps_its_players_not_the_current_settings():
    hard = PlayerSpec.for_level('hard')
    s, _ = recorded_session({'X': HUMAN, 'O': hard}, [3, 3, 4])
    saved = round_trip(s.saved_game())
    assert saved.players == {'X': s.players['X'], 'O': hard}
    easy, _ = recorded_session({'X': HUMAN, 'O': PlayerSpec.for_level('easy')})
    easy.restore(saved)
    assert easy.players['O'] == hard and easy.players['X'].kind is SeatKind.HUMAN
    assert easy.game.moves == [3, 3, 4] and easy.stats_names() == ('Human', 'Hard')


def test_the_autosave_keeps_the_players(tmp_path):
    advanced = PlayerSpec('ai', 3, 'LEFT')
    s, _ = recorded_session({'X': advanced, 'O': HUMAN}, [2])
    autosave(s.saved_game(), tmp_path / 'autosave.json')
    saved, warning = load_autosave(tmp_path / 'autosave.json')
    assert warning is None and saved.players_over({'X': HUMAN, 'O': HUMAN}) == \
        {'X': advanced, 'O': s.players['O']}


def test_an_older_file_without_players_keeps_the_current_players():
    saved = SavedGame.from_json({'rows': 6, 'cols': 7, 'moves': '4', 'x': 'Human', 'o': 'Hard'})
    assert saved.players is None
    easy = PlayerSpec.for_level('easy')
    s, _ = recorded_session({'X': HUMAN, 'O': easy})
    s.restore(saved)
    assert s.players['O'] == easy and s.game.moves == [4]        # add_checkers: 0-based


def test_a_plugin_or_a_friend_is_never_stored():
    s, _ = recorded_session({'X': PlayerSpec('plugin', plugin='bots.py:Clever'), 'O': HUMAN})
    saved = round_trip(s.saved_game())
    assert set(saved.players) == {'O'}
    assert saved.players_over({'X': HUMAN, 'O': HUMAN})['X'] == HUMAN


@pytest.mark.parametrize('players', [
    {'X': {'kind': 'plugin', 'plugin': 'evil.py:Bot'}},
    {'X': {'kind': 'remote'}},
    {'Z': {'kind': 'human'}},
    {'X': {'kind': 'ai', 'lookahead': True}},
    {'X': {'kind': 'ai', 'lookahead': 'deep'}},
    {'X': {'kind': 'ai', 'level': 'godlike'}},
    ['human'],
])
def test_players_a_saved_game_cannot_hold_are_refused(players):
    with pytest.raises(ValueError):
        SavedGame.from_json({'rows': 6, 'cols': 7, 'moves': '4', 'players': players})


def test_an_older_saved_game_with_expert_as_a_kind_still_loads():
    saved = SavedGame.from_json({'rows': 6, 'cols': 7, 'moves': '4', 'players': {
        'O': {'kind': 'expert', 'lookahead': 3, 'tiebreak': 'RIGHT'}}})
    assert saved.players == {'O': PlayerSpec('ai', 3, 'RIGHT', level='expert')}
    assert saved.to_json()['players']['O']['level'] == 'expert'


@pytest.mark.parametrize(('lang', 'shown'), [('en', '0.25 s'), ('de', '0,25 s')])
def test_the_pace_is_told_as_the_language_writes_numbers(lang, shown):
    from connect4_game import i18n
    i18n.set_language(lang)
    try:
        s, _results = recorded_session({'X': PlayerSpec('random'), 'O': PlayerSpec('random')})
        s.pace = 0.5
        s.change_pace(-0.25)
        assert any(shown in n.text for n in s.notices), [n.text for n in s.notices]
    finally:
        i18n.set_language('en')
