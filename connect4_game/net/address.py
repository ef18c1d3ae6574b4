"""Addresses as players type and read them: ``'192.168.1.5:24744'``,
``'[fe80::1]:24744'``, a host name."""

from __future__ import annotations

from connect4_game.core.checks import check_int
from connect4_game.core.messages import clip

__all__ = ['DEFAULT_PORT', 'parse_address', 'addr_text', 'check_port']

DEFAULT_PORT = 24744
"""The TCP port a host listens on unless told otherwise."""


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


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``(host, port)`` from what a player typed: ``'192.168.1.5'``,
    ``'192.168.1.5:24744'``, ``'name.local:24744'``, ``'[fe80::1]:24744'`` or
    ``'fe80::1'``; the port defaults to ``default_port``.
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
        return host, default_port
    if not port_text.isdigit():
        raise ValueError(f'the port must be a number, not {clip(port_text)!r}')
    return host, check_port(int(port_text))
