"""The wire format and the move list, without any socket: strict checking of
every message, bounded lines, the game refereeing every move, and the rule
for the move lists two sides bring to a (re)connection."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from connect4_game.core.board import Board
from connect4_game.core.game import Game, MoveRefused, reconcile
from connect4_game.net import protocol as P
from connect4_game.net.connection import reconcile_with_peer


def line(obj) -> bytes:
    return json.dumps(obj).encode()


GOOD = [
    {'type': 'hello', 'version': 2, 'code': '0421', 'name': 'Ann', 'moves': [3, 3, 2]},
    {'type': 'welcome', 'version': 2, 'rows': 6, 'cols': 7, 'host_side': 'O', 'moves': [],
     'names': {'X': 'Bob', 'O': 'Ann'}},
    {'type': 'error', 'code': 'bad_code', 'text': 'wrong code'},
    {'type': 'error', 'code': 'illegal_move', 'text': 'full', 'ply': 3},
    {'type': 'move', 'ply': 1, 'column': 0},
    {'type': 'undo_request', 'ply': 0},
    {'type': 'undo_reply', 'ply': 4, 'accept': False},
    {'type': 'chat', 'text': 'good game ♥'},
    {'type': 'ping'}, {'type': 'pong'}, {'type': 'bye'},
]


@pytest.mark.parametrize('msg', GOOD, ids=lambda m: m['type'])
def test_every_message_round_trips(msg):
    data = P.encode(msg)
    assert data.endswith(b'\n') and data.count(b'\n') == 1
    assert P.decode(data) == msg


BAD = {
    'not an object': [1, 2],
    'no type': {'ply': 1, 'column': 0},
    'unknown type': {'type': 'exec', 'code': 'import os'},
    'type not a string': {'type': ['move']},
    'extra key': {'type': 'move', 'ply': 1, 'column': 0, 'eval': 'x'},
    'missing key': {'type': 'move', 'ply': 1},
    'bool ply': {'type': 'move', 'ply': True, 'column': 0},
    'float column': {'type': 'move', 'ply': 1, 'column': 1.0},
    'string column': {'type': 'move', 'ply': 1, 'column': '1'},
    'ply 0': {'type': 'move', 'ply': 0, 'column': 1},
    'negative column': {'type': 'move', 'ply': 1, 'column': -1},
    'column past any board': {'type': 'move', 'ply': 1, 'column': 14},
    'ply past any board': {'type': 'move', 'ply': 169, 'column': 0},
    'huge int': {'type': 'move', 'ply': 10 ** 30, 'column': 0},
    'accept not bool': {'type': 'undo_reply', 'ply': 1, 'accept': 1},
    'code of 3 digits': {'type': 'hello', 'version': 2, 'code': '123', 'name': '', 'moves': []},
    'code not digits': {'type': 'hello', 'version': 2, 'code': '12a4', 'name': '', 'moves': []},
    'code as number': {'type': 'hello', 'version': 2, 'code': 1234, 'name': '', 'moves': []},
    'name with newline': {'type': 'hello', 'version': 2, 'code': '1234', 'name': 'a\nb',
                          'moves': []},
    'name too long': {'type': 'hello', 'version': 2, 'code': '1234', 'name': 'n' * 33,
                      'moves': []},
    'moves not a list': {'type': 'hello', 'version': 2, 'code': '1234', 'name': '',
                         'moves': '3332'},
    'moves with a string': {'type': 'hello', 'version': 2, 'code': '1234', 'name': '',
                            'moves': [3, '3']},
    'rows too small': {'type': 'welcome', 'version': 2, 'rows': 3, 'cols': 7, 'host_side': 'X',
                       'moves': [], 'names': {'X': '', 'O': ''}},
    'bad side': {'type': 'welcome', 'version': 2, 'rows': 6, 'cols': 7, 'host_side': 'Z',
                 'moves': [], 'names': {'X': '', 'O': ''}},
    'names missing O': {'type': 'welcome', 'version': 2, 'rows': 6, 'cols': 7,
                        'host_side': 'X', 'moves': [], 'names': {'X': ''}},
    'empty chat': {'type': 'chat', 'text': ''},
    'chat escape codes': {'type': 'chat', 'text': '\x1b[2J'},
    'error code with spaces': {'type': 'error', 'code': 'rm -rf', 'text': 'x'},
}


@pytest.mark.parametrize('name', sorted(BAD))
def test_malformed_messages_are_refused(name):
    with pytest.raises(P.ProtocolError) as err:
        P.decode(line(BAD[name]))
    assert err.value.code == 'bad_message'
    assert len(str(err.value)) < 120          # never echoes a huge value back
    with pytest.raises(P.ProtocolError):
        P.encode(BAD[name]) if isinstance(BAD[name], dict) else P.validate(BAD[name])


@pytest.mark.parametrize('raw', [
    b'', b'   ', b'not json', b'{"type": "ping"', b'{"type": "ping"} {"type": "ping"}',
    b'\xff\xfe{"type": "ping"}', b'{"type": NaN}', b'{"type": "move", "ply": Infinity, "column": 0}',
    b'{"type": "ping", "type": "bye"}', b'[' * 3000 + b']' * 3000,
    b'{"a":' * 1000 + b'1' + b'}' * 1000,
])
def test_text_that_is_not_one_json_message_is_refused(raw):
    with pytest.raises(P.ProtocolError) as err:
        P.decode(raw)
    assert err.value.code in ('bad_message', 'too_long')


def test_a_line_over_the_limit_is_too_long_even_if_valid():
    padded = b'{"type": "ping"' + b' ' * P.MAX_LINE_BYTES + b'}'
    with pytest.raises(P.ProtocolError) as err:
        P.decode(padded)
    assert err.value.code == 'too_long'


def test_line_buffer_splits_and_bounds_lines():
    lb = P.LineBuffer(limit=16)
    assert lb.feed(b'ab') == []
    assert lb.feed(b'c\nde\n\nf') == [b'abc', b'de', b'']
    with pytest.raises(P.ProtocolError) as err:
        lb.feed(b'x' * 15)                   # 16 bytes without a newline
    assert err.value.code == 'too_long'
    lb = P.LineBuffer(limit=16)
    with pytest.raises(P.ProtocolError):
        lb.feed(b'y' * 20 + b'\n')           # complete but too long
    lb = P.LineBuffer(limit=16)
    assert lb.feed(b'z' * 15 + b'\n') == [b'z' * 15]   # exactly the limit with its newline


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_never_escape_as_anything_but_protocol_errors(data):
    lb = P.LineBuffer(limit=256)
    try:
        for chunk in lb.feed(data):
            try:
                msg = P.decode(chunk)
            except P.ProtocolError:
                continue
            assert P.validate(dict(msg)) == msg
    except P.ProtocolError as err:
        assert err.code == 'too_long'


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=10),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(['type', 'ply', 'column', 'code', 'moves',
                                                       'accept', 'text', 'x']), inner,
                                      max_size=4),
                    max_leaves=12))
def test_any_json_value_is_a_valid_message_or_a_protocol_error(obj):
    try:
        msg = P.validate(obj)
    except P.ProtocolError as err:
        assert err.code == 'bad_message'
    else:
        assert P.decode(P.encode(msg)) == msg


def test_codes():
    for _ in range(50):
        code = P.new_code()
        assert len(code) == 4 and code.isdigit() and P.check_code(code) == code
    for bad in ('123', '12345', 'abcd', 1234, None, '١٢٣٤'):   # Arabic-Indic digits too
        with pytest.raises(ValueError):
            P.check_code(bad)


# -- the move list ----------------------------------------------------------------------

def test_the_game_follows_the_engine_and_refuses_with_codes():
    r = Game(6, 7)
    assert r.offer(1, 3, 'X') is not None
    assert r.offer(1, 3, 'O') is None                      # a duplicate changes nothing
    with pytest.raises(MoveRefused) as err:
        r.offer(1, 4)
    assert err.value.code == 'conflict'
    with pytest.raises(MoveRefused) as err:
        r.offer(2, 3, 'X')
    assert err.value.code == 'not_your_turn'
    with pytest.raises(MoveRefused) as err:
        r.offer(4, 3)
    assert err.value.code == 'wrong_ply'
    with pytest.raises(MoveRefused) as err:
        r.offer(2, 7)
    assert err.value.code == 'illegal_move'
    for ply in range(2, 7):
        r.offer(ply, 3)
    with pytest.raises(MoveRefused) as err:                 # column 3 is full
        r.offer(7, 3)
    assert err.value.code == 'illegal_move'
    expected = Board(6, 7)
    expected.add_checkers('333333')
    assert r.board == expected and r.moves == [3] * 6 and r.outcome is None


def test_the_game_knows_the_end_and_refuses_moves_after_it():
    r = Game(6, 7, [0, 1, 0, 1, 0, 1, 0])
    assert r.outcome is not None and r.outcome.result() == 'X'
    with pytest.raises(MoveRefused) as err:
        r.offer(8, 2)
    assert err.value.code == 'game_over'
    r.truncate(6)
    assert r.outcome is None and r.moves == [0, 1, 0, 1, 0, 1]
    assert r.board.num_checkers('X') == 3
    r.truncate(0)
    assert r.board == Board(6, 7)
    with pytest.raises(ValueError):
        r.truncate(1)
    tie = Game(4, 4, [0, 2, 0, 3, 1, 1, 0, 2, 1, 2, 3, 0, 3, 3, 2, 1])
    assert tie.outcome is not None and tie.outcome.result() == 'tie'


def test_the_game_refuses_an_illegal_game_and_replace_keeps_it_as_it_was():
    with pytest.raises(MoveRefused):
        Game(6, 7, [0] * 7)
    r = Game(6, 7, [2, 2])
    with pytest.raises(MoveRefused):
        r.replace([2, 2, 9])
    assert r.moves == [2, 2] and r.board.num_checkers() == 2
    with pytest.raises(ValueError):
        Game(0, 7)          # no such board


def test_reconcile_only_extends():
    assert reconcile([], [1, 2]) == [1, 2]
    assert reconcile([1, 2, 3], [1, 2]) == [1, 2, 3]
    assert reconcile([1, 2], [1, 2]) == [1, 2]
    assert reconcile([1, 2], [1, 3]) is None
    assert reconcile([1, 2, 3], [2]) is None


# -- what a (re)connecting peer may bring ------------------------------------------------

@pytest.mark.parametrize('ours, theirs, agreed', [
    ([], [], []),
    ([3, 3], [3, 3], [3, 3]),
    ([3], [3, 4], [3, 4]),                     # the peer's (O's) own next move, made while apart
])
def test_the_peer_may_add_only_its_own_next_move(ours, theirs, agreed):
    game = Game(6, 7, ours)
    assert reconcile_with_peer(game, theirs, 'O') == []
    assert game.moves == agreed


def test_this_sides_move_the_peer_missed_is_returned_to_send():
    game = Game(6, 7, [3, 4, 5])                       # ply 3 is X's: this side plays X
    assert reconcile_with_peer(game, [3, 4], 'O') == [(3, 5)]
    assert game.moves == [3, 4, 5]


@pytest.mark.parametrize('ours, theirs, code', [
    ([], [6, 0, 6, 0, 5, 0, 5, 0], 'foreign_moves'),  # a whole game, X's moves in X's name
    ([], [3], 'foreign_moves'),                       # ply 1 is X's, the peer plays O
    ([3], [3, 4, 5], 'foreign_moves'),                # O's move, then one of X's
    ([3, 4, 5, 6], [3, 4], 'foreign_moves'),          # the peer lacks two moves
    ([3, 4], [3], 'foreign_moves'),                   # the peer lacks its own move
    ([], [3, 4], 'foreign_moves'),
    ([3], [4], 'diverged'),
    ([3, 4], [3, 5, 5], 'diverged'),
])
def test_moves_in_this_sides_name_are_refused(ours, theirs, code):
    game = Game(6, 7, ours)
    with pytest.raises(P.ProtocolError) as err:
        reconcile_with_peer(game, theirs, 'O')
    assert err.value.code == code and str(err.value)
    assert game.moves == ours                          # left as it was


def test_an_illegal_move_of_the_peer_is_a_game_mismatch():
    game = Game(6, 7, [0, 0, 0, 0, 0, 0])                # column 0 is full; X (the peer) next
    with pytest.raises(P.ProtocolError) as err:
        reconcile_with_peer(game, [0] * 7, 'X')
    assert err.value.code == 'game_mismatch'
    assert game.moves == [0] * 6


@pytest.mark.parametrize('text, expected', [
    ('192.168.1.5', ('192.168.1.5', 24744)),
    (' 192.168.1.5:4000 ', ('192.168.1.5', 4000)),
    ('box.local:1', ('box.local', 1)),
    ('[fe80::1]:5000', ('fe80::1', 5000)),
    ('fe80::1', ('fe80::1', 24744)),
    ('[::1]', ('::1', 24744)),
])
def test_parse_address(text, expected):
    assert P.parse_address(text) == expected


@pytest.mark.parametrize('text', ['', '  ', 'host:0', 'host:70000', 'host:abc', ':5000',
                                  '[::1', '[::1]x'])
def test_parse_address_refuses(text):
    with pytest.raises(ValueError):
        P.parse_address(text)


def test_a_port_of_digit_signs_that_are_no_number_is_refused_in_words():
    with pytest.raises(ValueError, match='the port must be a number'):
        P.parse_address('host:\u00b2')         # the superscript two


def test_the_network_code_never_imports_pygame():
    import subprocess
    import sys

    from tests.net.net_helpers import ROOT
    code = ('import sys, connect4_game.net, connect4_game.net.connection, connect4_game.net.console; '
            'print(sorted(m for m in sys.modules if m.split(".")[0] == "pygame"))')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         cwd=str(ROOT), env={'PYTHONPATH': str(ROOT), 'PATH': ''}, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == '[]'
