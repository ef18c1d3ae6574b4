"""Opening book for the standard 6x7 board: every position with 12 checkers,
read from ``bitbully-databases`` (MIT; file format in docs/ai.md: book)."""
from __future__ import annotations

import base64
import mmap
import os
import sys
from bisect import bisect_left
from importlib.resources import files
from typing import cast

__all__ = ["OpeningBook", "default_book", "book_path", "huffman_key"]

_H, _W = 6, 7
_STRIDE = _H + 1


def _column_codes() -> list[tuple[int, int] | None]:
    """``col_bits | (x_bits << 6)`` -> (code, nbits) of a column, its end bit included."""
    table: list[tuple[int, int] | None] = [None] * (1 << 12)   # None: not a column
    for height in range(_H + 1):
        colbits = (1 << height) - 1
        for x_bits in range(1 << height):
            code, nbits = 0, 0
            for r in range(height):
                code = (code << 2) | (2 if (x_bits >> r) & 1 else 3)
                nbits += 2
            table[colbits | (x_bits << 6)] = (code << 1, nbits + 1)
    return table


#: the codes of the columns a position can have (the other entries, None, are never read)
_CODES = cast('list[tuple[int, int]]', _column_codes())


def huffman_key(first: int, mask: int, mirror: bool = False) -> int:
    """The bitbully key of a 6x7 position (``first``: X's cells, ``mask``: all), of its
    mirror image with ``mirror``: signed when the code has 32 bits, else unsigned."""
    code, nbits = 0, 0
    cols = range(_W - 1, -1, -1) if mirror else range(_W)
    codes = _CODES
    for c in cols:
        sh = c * _STRIDE
        cc, nb = codes[((mask >> sh) & 63) | (((first >> sh) & 63) << 6)]
        code = (code << nb) | cc
        nbits += nb
    code <<= 1
    nbits += 1
    if nbits == 32 and code >= 1 << 31:
        code -= 1 << 32
    return code


def book_path() -> str | None:
    """Path of bitbully-databases' ``book_12ply_distances.dat``, or None;
    ``CONNECT4_BOOK`` overrides it (a path, or ``off``)."""
    env = os.environ.get("CONNECT4_BOOK")
    if env:
        return None if env.lower() == "off" else env
    try:
        p = files("bitbully_databases").joinpath("assets/book_12ply_distances.dat")
        return str(p) if p.is_file() else None
    except (ImportError, OSError, TypeError):
        return None


class _RecordKeys:
    """The sorted keys of the book file's 5-byte records (a 4-byte big-endian signed key, then
    the value), read from a memory map one key at a time: what :func:`bisect.bisect_left`
    searches without a copy of the file in memory."""

    def __init__(self, records: mmap.mmap) -> None:
        self.records = records

    def __len__(self) -> int:
        return len(self.records) // 5

    def __getitem__(self, i: int) -> int:
        return int.from_bytes(self.records[5 * i:5 * i + 4], "big", signed=True)


class OpeningBook:
    """Exact values of 6x7 positions with 12 checkers (X to move) from ``path``, and
    with <= 5 from a small table (``path`` None: only those). A probe reads the file
    through a memory map (the pages it touches, not 21 MB); :meth:`table` reads it whole
    for the compiled kernel. A broken file is dropped by :meth:`probe` (``error`` says
    why); :meth:`lookup_key` raises OSError or ValueError then."""

    ply = 12
    small_ply = 5

    def __init__(self, path: str | None) -> None:
        self.path = path
        self._keys: memoryview | None = None
        self._vals: bytes = b""
        self._map: _RecordKeys | None = None
        self.error: str | None = None    # why the file could not be used, if it could not

    @property
    def loaded(self) -> bool:
        """Whether :meth:`table` read the whole file into memory."""
        return self._keys is not None

    def _size(self) -> int:
        """Records in the file.
        :raises OSError, ValueError: no file (``path`` None), or a size not a multiple of 5."""
        path = self.path
        if path is None:
            raise ValueError("the book has no file")
        size = os.path.getsize(path)
        if size % 5:
            raise ValueError(f"book file {path!r} has {size} bytes, not a multiple of 5")
        return size // 5

    def _records(self) -> _RecordKeys:
        """The file's keys through a read-only memory map, opened on the first call.
        :raises OSError, ValueError: as :meth:`_size`, or the file cannot be mapped."""
        if self._map is None:
            self._size()                # an empty file cannot be mapped: ValueError too
            with open(cast(str, self.path), "rb") as f:
                self._map = _RecordKeys(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ))
        return self._map

    def _load(self) -> memoryview:
        """The keys as native int32 (and the values), reading the file on the first call.
        :raises OSError, ValueError: as :meth:`_size`, or the file is truncated."""
        if self._keys is not None:
            return self._keys
        n = self._size()
        raw = bytearray(4 * n)          # the keys as native-order int32
        vals = bytearray(n)
        order = (3, 2, 1, 0) if sys.byteorder == "little" else (0, 1, 2, 3)
        chunk = 5 * (1 << 16)
        done = 0                        # records read so far
        with open(cast(str, self.path), "rb") as f:  # in chunks: no second copy of the file
            while done < n:
                data = f.read(chunk)
                if not data or len(data) % 5:
                    raise ValueError(f"book file {self.path!r} is truncated")
                k = len(data) // 5
                for i, src in enumerate(order):
                    raw[4 * done + i:4 * (done + k):4] = data[src::5]
                vals[done:done + k] = data[4::5]
                done += k
        self._vals = bytes(vals)
        self._keys = keys = memoryview(raw).cast("i")
        return keys

    def _drop(self, e: Exception) -> None:
        """The file cannot be used: say why in ``error`` and play on without it."""
        self.error = f"{self.path}: {e}"
        self.path = None

    def table(self) -> tuple[memoryview, bytes] | None:
        """The 12-checker positions' sorted bitbully keys (native int32) and values (signed
        bytes), read on the first call; None without a usable file (``error`` says why)."""
        if self._keys is None and self.path is None:
            return None
        try:
            return self._load(), self._vals
        except (OSError, ValueError) as e:   # unreadable file: play on without it
            self._drop(e)
            return None

    def lookup_key(self, key: int) -> int | None:
        """Raw stored value (signed byte) for a bitbully key, or None.
        :raises OSError, ValueError: as :meth:`_records`."""
        recs = self._records()
        i = bisect_left(recs, key)
        if i == len(recs) or recs[i] != key:
            return None
        v = recs.records[5 * i + 4]
        return v - 256 if v > 127 else v

    def probe(self, first: int, mask: int) -> int | None:
        """Signed plies to the end for the side to move in a normal game's 6x7
        position (``first``: X's cells): ``+d`` a win with the d-th checker from now,
        ``-d`` a loss, 0 a draw; None if not in the book."""
        n = mask.bit_count()
        if n <= self.small_ply:
            return _small_table().get(small_key(first, mask))
        if n != self.ply or self.path is None:
            return None
        try:
            v = self.lookup_key(huffman_key(first, mask))
            if v is None:
                v = self.lookup_key(huffman_key(first, mask, mirror=True))
        except (OSError, ValueError) as e:   # unreadable file: play on without it
            self._drop(e)
            return None
        if not v:
            return v            # None (not in the book) or 0 (a draw)
        return 100 - v if v > 0 else -(100 + v)


_DEFAULT: list[OpeningBook | None] = []


def default_book() -> OpeningBook | None:
    """The shared book (not yet loaded); None with ``CONNECT4_BOOK=off``."""
    if not _DEFAULT:
        env = os.environ.get("CONNECT4_BOOK", "")
        _DEFAULT.append(None if env.lower() == "off" else OpeningBook(book_path()))
    return _DEFAULT[0]


#: the exact values of the 2,863 mirror-distinct positions with <= 5 checkers
#: (``python tools/build_small_table.py 5``): records of a 4-byte big-endian
#: key and a signed byte (signed plies to the end), base64
SMALL_TABLE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "small_table.b64")


def small_key(first: int, mask: int) -> int:
    """Mirror-canonical key of a position with few checkers (24-bit codes)."""
    n = mask.bit_count()
    a = huffman_key(first, mask) & 0xFFFFFF
    b = huffman_key(first, mask, mirror=True) & 0xFFFFFF
    return (n << 24) | min(a, b)


_SMALL: dict[int, int] = {}


def _small_table() -> dict[int, int]:
    """``{small_key: signed plies}`` of :data:`SMALL_TABLE_FILE` ({} without it)."""
    if not _SMALL and os.path.isfile(SMALL_TABLE_FILE):
        with open(SMALL_TABLE_FILE, encoding="ascii") as f:
            raw = base64.b64decode("".join(f.read().split()))
        for i in range(0, len(raw), 5):
            v = raw[i + 4]
            _SMALL[int.from_bytes(raw[i:i + 4], "big")] = v - 256 if v > 127 else v
    return _SMALL
