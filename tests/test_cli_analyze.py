"""``--analyze MOVES [MOVES ...] [--json]``: every column's perfect-play result for each
position, one JSON object a line in order, bitbully's values where it is installed, our
solver's with ``CONNECT4_BITBULLY=off``; a bad position is one line and exit status 2."""

import json

import pytest

from connect4_game.ai import perfect
from connect4_game.cli import main

AFTER_45 = [('win', 39, 1), ('win', 37, 2), ('loss', 38, -2), ('draw', None, 0),
            ('draw', None, 0), ('loss', 36, -3), ('loss', 36, -3)]


@pytest.fixture(params=['auto', 'off'])
def backend(request, monkeypatch):
    """bitbully where installed (else ours), and ours by ``CONNECT4_BITBULLY=off``."""
    if request.param == 'off':
        monkeypatch.setenv('CONNECT4_BITBULLY', 'off')
    perfect.reset_backends()
    yield 'bitbully' if request.param == 'auto' and perfect.bitbully_available() else 'solver'
    monkeypatch.delenv('CONNECT4_BITBULLY', raising=False)
    perfect.reset_backends()


def test_json_gives_one_object_per_position_in_order(backend, capsys):
    assert main(['--analyze', '45', '', '165713352355467777', '--json']) == 0
    lines = capsys.readouterr().out.splitlines()
    objs = [json.loads(line) for line in lines]
    assert [o['moves'] for o in objs] == ['45', '', '165713352355467777']
    first = objs[0]
    assert set(first) == {'moves', 'columns', 'seconds', 'nodes', 'backend'}
    assert first['backend'] == backend and first['seconds'] >= 0
    assert isinstance(first['nodes'], int) and objs[2]['nodes'] > 0    # the last one needs a search
    assert [c['column'] for c in first['columns']] == list(range(1, 8))
    assert [(c['result'], c['plies'], c['score']) for c in first['columns']] == AFTER_45
    assert all(c['exact'] is True for o in objs for c in o['columns'])
    assert [c['result'] for c in objs[1]['columns']][3] == 'win'     # the empty board: 4 wins


def test_json_agrees_with_bitbully_on_a_hard_position(capsys, monkeypatch):
    if not perfect.bitbully_available():
        pytest.skip('bitbully (optional, AGPL) is not installed')
    pos = '165713352355467777'                      # Pons Test_L2_R2
    assert main(['--analyze', pos, '--json']) == 0
    theirs = json.loads(capsys.readouterr().out)
    monkeypatch.setenv('CONNECT4_BITBULLY', 'off')
    perfect.reset_backends()
    assert main(['--analyze', pos, '--json']) == 0
    ours = json.loads(capsys.readouterr().out)
    perfect.reset_backends()
    assert (theirs['backend'], ours['backend']) == ('bitbully', 'solver')
    assert ours['nodes'] > 0 and theirs['nodes'] > 0
    assert ours['columns'] == theirs['columns']
    assert [c['score'] for c in ours['columns']] == [0, 3, 0, -3, -4, -3, -4]


def test_a_full_column_and_another_board_size(capsys):
    assert main(['--rows', '4', '--cols', '5', '--analyze', '1111', '--json']) == 0
    (obj,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(obj['columns']) == 5
    assert obj['columns'][0] == {'column': 1, 'result': 'full', 'plies': None, 'score': None,
                                 'exact': False}


def test_the_table_names_the_backend_and_marks_the_best_column(capsys, monkeypatch):
    monkeypatch.setenv('CONNECT4_BITBULLY', 'off')
    perfect.reset_backends()
    assert main(['--analyze', '45']) == 0
    perfect.reset_backends()
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith('45: X to move · built-in solver · ')
    assert out[1:] == ['   1  win in 39', '   2  win in 37  best', '   3  loss in 38',
                       '   4  draw', '   5  draw', '   6  loss in 36', '   7  loss in 36']


@pytest.mark.parametrize('argv, needle', [
    (['--analyze', '45', '48'], "--analyze '48': move 2: '8' (character 2) is off the board"),
    (['--analyze', '1212121'], "--analyze '1212121': X has already won"),
    (['--analyze', '1111111'], "column 1 is full"),
])
def test_a_bad_position_is_one_line_and_status_2(capsys, argv, needle):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == '' and needle in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize('argv, needle', [
    (['--analyze', '45', '--text'], 'nothing in an analysis (--analyze)'),
    (['--analyze', '45', '--review', '45'], 'nothing in a review'),
    (['--game', 'oska', '--analyze', '45'], 'leave out --game oska'),
])
def test_options_that_do_nothing_with_analyze_are_refused(capsys, argv, needle):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2 and needle in capsys.readouterr().err
