"""The wire format of a network game: newline-delimited JSON over TCP, UTF-8, each
message one strictly checked object of at most :data:`MAX_LINE_BYTES` bytes (the
messages and their fields: docs/network.md, "The wire format"); and the values players
type for it: addresses (``'192.168.1.5:24744'``, ``'[fe80::1]:24744'``, a name), codes."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable
from typing import TypedDict

from connect4_game.core.board import MAX_COLS, MAX_ROWS, MIN_COLS, MIN_ROWS
from connect4_game.core.checks import check_int, shown
from connect4_game.core.messages import clip
from connect4_game.core.side import CHECKERS, Side

__all__ = ['PROTOCOL_VERSION', 'MAX_LINE_BYTES', 'MAX_NAME', 'MAX_CHAT', 'MAX_TEXT', 'MAX_PLIES',
           'FATAL_ERRORS', 'ProtocolError', 'LineBuffer', 'Message', 'decode', 'encode',
           'validate', 'check_code', 'check_text', 'check_moves', 'new_code',
           'DEFAULT_PORT', 'parse_address', 'addr_text', 'check_port']

PROTOCOL_VERSION = 2           # bumped whenever a message changes; others are refused
DEFAULT_PORT = 24744           # the TCP port a host listens on unless told otherwise
MAX_LINE_BYTES = 4096          # the longest line a peer may send, newline included
MAX_NAME = 32                  # characters of a player's name
MAX_CHAT = 200                 # characters of a chat line
MAX_TEXT = 200                 # characters of an error's text
MAX_PLIES = MAX_ROWS * MAX_COLS

FATAL_ERRORS = frozenset({
    'version', 'bad_code', 'locked_out', 'busy', 'bad_message', 'too_long',
    'timeout', 'diverged', 'game_mismatch', 'foreign_moves',
})   # the sender closes after these; the others refuse one move

_ERROR_CODE = re.compile(r'[a-z_]{1,32}\Z')
_CODE = re.compile(r'[0-9]{4}\Z')


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``code`` is the error code to
    answer with (``'bad_message'``, ``'too_long'``...), ``str(err)`` a short line."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


class Message(TypedDict, total=False):
    """A message as checked values: ``type`` and the fields its type has; a side is a
    :class:`~connect4_game.core.side.Side`, ``moves`` 0-based columns."""
    type: str
    version: int
    code: str
    name: str
    moves: list[int]
    rows: int
    cols: int
    host_side: Side
    names: dict[Side, str]
    text: str
    ply: int
    column: int
    accept: bool
    help: bool
    port: int


# Field validators: each returns the value or raises ProtocolError.
def _int(lo: int, hi: int) -> Callable[[str, object], int]:
    def check(key: str, value: object) -> int:
        try:
            return check_int(value, lo, hi, repr(key))
        except ValueError as exc:
            raise ProtocolError('bad_message', str(exc)) from None
    return check


def _bool(key: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError('bad_message', f'{key!r} must be true or false, not {shown(value)}')
    return value


def check_text(key: str, value: object, limit: int, allow_empty: bool = True) -> str:
    """``value`` if printable text of at most ``limit`` characters (not empty unless
    ``allow_empty``): a name, a chat line. :raises ProtocolError: otherwise."""
    if not isinstance(value, str):
        raise ProtocolError('bad_message', f'{key!r} must be a string, not {shown(value)}')
    if len(value) > limit or (not allow_empty and not value):
        raise ProtocolError('bad_message', f'{key!r} must be 1 to {limit} characters long')
    if not value.isprintable():
        raise ProtocolError('bad_message', f'{key!r} must be printable text')
    return value


def _text(limit: int, allow_empty: bool = True) -> Callable[[str, object], str]:
    return lambda key, value: check_text(key, value, limit, allow_empty)


def _side(key: str, value: object) -> Side:
    if not isinstance(value, str) or value not in CHECKERS:
        raise ProtocolError('bad_message', f"{key!r} must be 'X' or 'O', not {shown(value)}")
    return Side(value)


def _match(pattern: re.Pattern[str], what: str) -> Callable[[str, object], str]:
    def check(key: str, value: object) -> str:
        if not isinstance(value, str) or not pattern.match(value):
            raise ProtocolError('bad_message', f'{key!r} must be {what}')
        return value
    return check


def check_moves(key: str, value: object) -> list[int]:
    """``value`` if a list of at most :data:`MAX_PLIES` columns from 0 to ``MAX_COLS - 1``.
    :raises ProtocolError: ``'bad_message'`` otherwise."""
    if not isinstance(value, list) or len(value) > MAX_PLIES:
        raise ProtocolError('bad_message', f'{key!r} must be a list of at most {MAX_PLIES} columns')
    column = _int(0, MAX_COLS - 1)
    return [column('column', v) for v in value]


def _names(key: str, value: object) -> dict[Side, str]:
    if not isinstance(value, dict) or set(value) != set(CHECKERS):
        raise ProtocolError('bad_message', f"{key!r} must map exactly 'X' and 'O' to names")
    name = _text(MAX_NAME)
    return {side: name(key, value[side.value]) for side in Side}


_PLY = _int(1, MAX_PLIES)
_SCHEMAS: dict[str, tuple[dict[str, Callable[[str, object], object]],
                         dict[str, Callable[[str, object], object]]]] = {
    # the type: (required fields, optional fields)
    'hello': ({'version': _int(0, 2**31), 'code': _match(_CODE, '4 digits'),
               'name': _text(MAX_NAME), 'moves': check_moves}, {'help': _bool}),
    'welcome': ({'version': _int(0, 2**31), 'rows': _int(MIN_ROWS, MAX_ROWS),
                 'cols': _int(MIN_COLS, MAX_COLS), 'host_side': _side, 'moves': check_moves,
                 'names': _names}, {'help': _bool}),
    'error': ({'code': _match(_ERROR_CODE, 'a short lower-case word'),
               'text': _text(MAX_TEXT)}, {'ply': _PLY}),
    'move': ({'ply': _PLY, 'column': _int(0, MAX_COLS - 1)}, {}),
    'undo_request': ({'ply': _int(0, MAX_PLIES)}, {}),
    'undo_reply': ({'ply': _int(0, MAX_PLIES), 'accept': _bool}, {}),
    'chat': ({'text': _text(MAX_CHAT, allow_empty=False)}, {}),
    'ping': ({}, {}),
    'pong': ({}, {}),
    'bye': ({}, {}),
    # over UDP, to find games on the local network (connect4_game.net.discovery)
    'discover': ({'version': _int(0, 2**31)}, {}),
    'game': ({'version': _int(0, 2**31), 'name': _text(MAX_NAME), 'port': _int(1, 65535),
              'rows': _int(MIN_ROWS, MAX_ROWS), 'cols': _int(MIN_COLS, MAX_COLS),
              'host_side': _side, 'help': _bool}, {}),
}


def validate(obj: object) -> Message:
    """The message ``obj`` as checked values (a side becomes a ``Side``) if it is a known
    ``type`` with exactly its keys, every field of the right type and in range.
    :raises ProtocolError: with code ``'bad_message'`` otherwise."""
    if not isinstance(obj, dict):
        raise ProtocolError('bad_message', 'a message must be a JSON object')
    kind = obj.get('type')
    if not isinstance(kind, str) or kind not in _SCHEMAS:
        raise ProtocolError('bad_message', f'unknown message type {shown(kind)}')
    required, optional = _SCHEMAS[kind]
    for key in obj:
        if key != 'type' and key not in required and key not in optional:
            raise ProtocolError('bad_message', f'unexpected key {shown(key)} in {kind!r}')
    checked: dict[str, object] = {'type': kind}
    for key, check in required.items():
        if key not in obj:
            raise ProtocolError('bad_message', f'{kind!r} needs {key!r}')
        checked[key] = check(key, obj[key])
    for key, check in optional.items():
        if key in obj:
            checked[key] = check(key, obj[key])
    return checked  # type: ignore[return-value]  # each field checked against its schema


def _no_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise ValueError('duplicate key')
    return obj


def _no_constants(name: str) -> object:
    raise ValueError(f'{name} is not allowed')


def decode(line: bytes) -> Message:
    """The message in one line (bytes, with or without its ending newline).
    :raises ProtocolError: ``'too_long'`` over :data:`MAX_LINE_BYTES` bytes, else
        ``'bad_message'`` for anything but UTF-8 JSON that :func:`validate` accepts.
    """
    if len(line) > MAX_LINE_BYTES:
        raise ProtocolError('too_long', f'a line is longer than {MAX_LINE_BYTES} bytes')
    try:
        text = bytes(line).decode('utf-8')
    except UnicodeDecodeError:
        raise ProtocolError('bad_message', 'a line is not UTF-8 text') from None
    try:
        obj = json.loads(text, object_pairs_hook=_no_duplicate_keys,
                         parse_constant=_no_constants)
    except (ValueError, RecursionError):
        raise ProtocolError('bad_message', 'a line is not valid JSON') from None
    return validate(obj)


def encode(message: Message) -> bytes:
    """One line of UTF-8 JSON, newline included, for a message that :func:`validate` accepts.
    :raises ProtocolError: for a malformed message or a line over :data:`MAX_LINE_BYTES`."""
    validate(message)
    data = json.dumps(message, separators=(',', ':'), ensure_ascii=False).encode('utf-8') + b'\n'
    if len(data) > MAX_LINE_BYTES:
        raise ProtocolError('too_long', f'a line is longer than {MAX_LINE_BYTES} bytes')
    return data


class LineBuffer:
    """Splits received bytes into lines of at most ``limit`` bytes, holding
    at most one partial line."""

    def __init__(self, limit: int = MAX_LINE_BYTES) -> None:
        self.limit = limit
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        """The complete lines (without their newlines) that ``data`` finishes.
        :raises ProtocolError: ``'too_long'`` once a line, newline included, exceeds ``limit``."""
        self._buf += data
        *lines, rest = self._buf.split(b'\n')
        self._buf = bytearray(rest)
        if len(rest) >= self.limit or any(len(line) >= self.limit for line in lines):
            raise ProtocolError('too_long', f'a line is longer than {self.limit} bytes')
        return [bytes(line) for line in lines]


def new_code() -> str:
    """A random 4-digit join code, ``'0000'`` to ``'9999'`` (from :mod:`secrets`)."""
    return f'{secrets.randbelow(10000):04d}'


def check_code(code: object) -> str:
    """``code`` if it is a string of 4 ASCII digits. :raises ValueError: otherwise."""
    if not isinstance(code, str) or not _CODE.match(code):
        raise ValueError(f'the code must be 4 digits, not {shown(code)}')
    return code


def check_port(value: object, lo: int = 1) -> int:
    """``value`` if a TCP port number from ``lo`` to 65535. :raises ValueError: otherwise."""
    return check_int(value, lo, 65535, 'the port')


def addr_text(addr: object) -> str:
    """``'ip:port'`` (``'[ip6]:port'``) for a socket address tuple; anything
    else clipped to a short text."""
    if not isinstance(addr, tuple) or len(addr) < 2:
        return clip(addr)
    host, port = addr[0], addr[1]
    return f'[{host}]:{port}' if ':' in str(host) else f'{host}:{port}'


def parse_address(text: str) -> tuple[str, int]:
    """``(host, port)`` from what a player typed: ``'192.168.1.5'``, ``'name.local:24744'``,
    ``'[fe80::1]:24744'`` or ``'fe80::1'`` (the port: :data:`DEFAULT_PORT`).
    :raises ValueError: for an empty address or a port that is not 1-65535."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError('type the address of the computer that hosts the game')
    text = text.strip()
    host, port_text = text, ''
    if text.startswith('['):
        host, bracket, rest = text[1:].partition(']')
        if not bracket:
            raise ValueError(f'no closing ] in {clip(text)!r}')
        if rest and not rest.startswith(':'):
            raise ValueError(f'expected :port after ] in {clip(text)!r}')
        port_text = rest[1:]
    elif text.count(':') == 1:
        host, port_text = text.split(':')
    if not host:
        raise ValueError('type the address of the computer that hosts the game')
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdecimal():
        raise ValueError(f'the port must be a number, not {clip(port_text)!r}')
    return host, check_port(int(port_text))
