"""Opening book for the standard 6x7 board: every position with 12 checkers.

Source: the ``book_12ply_distances.dat`` database of the MIT-licensed PyPI
package ``bitbully-databases`` (Markus Thill, 2025; 4,200,899 positions,
21,004,495 bytes). We only read its data file; its pure-Python reader was used
as the specification of the format (not the AGPL ``bitbully`` solver).

File format (checked against the package's reader): sorted records of 5 bytes
-- a big-endian *signed* 32-bit key, then a signed byte value. The key is a
Huffman code of the board: columns left to right, in each column the checkers
bottom to top as ``10`` (first player, X) or ``11`` (second player, O), then a
``0`` ending the column, and a final ``0``: 2*12 + 7 + 1 = 32 bits. Only one of
a position and its mirror image is stored, so a probe tries both. The value is
for the first player, who is to move after 12 plies: ``100 - v`` = plies to a
win for ``v > 0``, ``100 + v`` = plies to a loss for ``v < 0``, 0 = draw.
Positions where the side to move wins at once are not stored (the solver never
probes those).

Memory: the keys are kept as one ``bytearray`` seen as int32 through a
``memoryview`` (16.8 MB) and the values as one ``bytes`` (4.2 MB), searched
with :func:`bisect.bisect_left` -- no per-position Python objects. The file is
read on the first probe only (about 0.1 s, read in chunks: no extra copy of the file).
"""
from __future__ import annotations

import os
import sys
from bisect import bisect_left
from collections.abc import Iterator
from typing import cast

__all__ = ["OpeningBook", "default_book", "book_path", "huffman_key"]

_H, _W = 6, 7
_STRIDE = _H + 1


def _column_codes() -> list[tuple[int, int] | None]:
    """Table indexed by ``col_bits | (x_bits << 6)`` (one column of the
    bitboard) -> (code, nbits) of that column including its ``0`` end bit."""
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
    """The bitbully key of a 6x7 position: ``first`` = cells of the first
    player (X), ``mask`` = all occupied cells (bitboard layout of
    :mod:`connect4_game.ai.bitboard`). ``mirror=True`` encodes the mirror image.
    Returns the signed 32-bit int when the code has exactly 32 bits, else the
    plain (unsigned) code."""
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
    """Path of ``book_12ply_distances.dat`` in the installed
    ``bitbully-databases`` package, or None if it is not installed.
    The environment variable ``CONNECT4_BOOK`` overrides it (a path, or
    ``off`` to disable the book)."""
    env = os.environ.get("CONNECT4_BOOK")
    if env:
        return None if env.lower() == "off" else env
    try:
        from importlib.resources import files
        p = files("bitbully_databases").joinpath("assets/book_12ply_distances.dat")
        if p.is_file():
            return str(p)
    except (ImportError, ModuleNotFoundError, OSError, TypeError):
        return None
    return None


class OpeningBook:
    """Exact values of 6x7 positions with 12 checkers, X (first player) to move.

    :param path: the bitbully ``book_12ply_distances.dat`` file, or None to
        use only the small precomputed table of positions with <= 5 checkers.
    Loaded lazily on the first :meth:`probe`; if the file cannot be read or is
    malformed, :meth:`probe` stops using it (``error`` says why) and only the
    small table answers. (:meth:`lookup_key` and ``len()`` raise OSError /
    ValueError in that case.)
    """

    ply = 12
    small_ply = 5

    def __init__(self, path: str | None) -> None:
        self.path = path
        self._keys: memoryview | None = None
        self._vals: bytes = b""
        self.probes = 0
        self.hits = 0
        self.error: str | None = None    # why the file could not be used, if it could not

    def __len__(self) -> int:
        """Number of 12-checker positions in the book file (0 without file)."""
        if self.path is None:
            return 0
        return len(self._load())

    @property
    def loaded(self) -> bool:
        return self._keys is not None

    def _load(self) -> memoryview:
        """The keys, reading the file on the first call.

        :raises OSError, ValueError: the file cannot be read or is malformed,
            or there is no file (``path`` is None)."""
        if self._keys is not None:
            return self._keys
        path = self.path
        if path is None:
            raise ValueError("the book has no file")
        size = os.path.getsize(path)
        if size % 5:
            raise ValueError(f"book file {path!r} has {size} bytes, not a multiple of 5")
        n = size // 5
        raw = bytearray(4 * n)          # the keys as native-order int32
        vals = bytearray(n)
        order = (3, 2, 1, 0) if sys.byteorder == "little" else (0, 1, 2, 3)
        chunk = 5 * (1 << 16)
        done = 0                        # records read so far
        with open(path, "rb") as f:  # in chunks: no second copy of the file in memory
            while done < n:
                data = f.read(chunk)
                if not data or len(data) % 5:
                    raise ValueError(f"book file {path!r} is truncated")
                k = len(data) // 5
                for i, src in enumerate(order):
                    raw[4 * done + i:4 * (done + k):4] = data[src::5]
                vals[done:done + k] = data[4::5]
                done += k
        self._vals = bytes(vals)
        self._keys = keys = memoryview(raw).cast("i")
        return keys

    def lookup_key(self, key: int) -> int | None:
        """Raw stored value (signed byte) for a bitbully key, or None."""
        keys = self._load()
        i = bisect_left(keys, key)
        if i < len(keys) and keys[i] == key:
            v = self._vals[i]
            return v - 256 if v > 127 else v
        return None

    def probe(self, first: int, mask: int) -> int | None:
        """Signed plies to the end for the side to move in a 6x7 position of a
        normal game (X first, sides alternating): ``first`` = X's cells,
        ``mask`` = occupied cells. ``+d``: the side to move wins with the d-th
        checker from now; ``-d``: it loses after d checkers; 0: draw. Covers
        positions with exactly 12 checkers (X to move; bitbully file) and
        positions with at most :attr:`small_ply` checkers (precomputed table);
        None for any other position or one not in the book."""
        n = mask.bit_count()
        if n <= self.small_ply:
            return _small_table().get(small_key(first, mask))
        if n != self.ply or self.path is None:
            return None
        if self._keys is None:
            try:
                self._load()
            except (OSError, ValueError) as e:   # unreadable file: play on without it
                self.error = f"{self.path}: {e}"
                self.path = None
                return None
        self.probes += 1
        v = self.lookup_key(huffman_key(first, mask))
        if v is None:
            v = self.lookup_key(huffman_key(first, mask, mirror=True))
            if v is None:
                return None
        self.hits += 1
        if v > 0:
            return 100 - v
        if v < 0:
            return -(100 + v)
        return 0


_DEFAULT: list[OpeningBook | None] = []


def default_book() -> OpeningBook | None:
    """The shared book (not yet loaded). Without ``bitbully-databases``
    installed it holds only the small table; with ``CONNECT4_BOOK=off`` the
    result is None (no book at all)."""
    if not _DEFAULT:
        env = os.environ.get("CONNECT4_BOOK", "")
        _DEFAULT.append(None if env.lower() == "off" else OpeningBook(book_path()))
    return _DEFAULT[0]


# --------------------------------------------------------------------------
# Positions with few checkers: solving them needs a search down to the
# 12-ply book that takes seconds in pure Python, so their exact values are
# precomputed once with our solver + the book (``python
# tools/build_small_table.py 5``) and stored below.

def _enumerate(max_ply: int) -> Iterator[tuple[int, int]]:
    """Yield (first, mask) of every 6x7 position with <= ``max_ply`` checkers
    reachable without a four, X first, one of each mirror pair."""
    from connect4_game.ai.bitboard import has_four
    seen = set()
    frontier = [(0, 0)]          # (cur = side to move, mask)
    for n in range(max_ply + 1):
        nxt = []
        for cur, mask in frontier:
            first = cur if n % 2 == 0 else cur ^ mask
            k = small_key(first, mask)
            if k in seen:
                continue
            seen.add(k)
            yield first, mask
            if n == max_ply:
                continue
            for c in range(_W):
                if mask & (1 << (c * _STRIDE + _H - 1)):
                    continue
                m = (mask + (1 << (c * _STRIDE))) & (((1 << _H) - 1) << (c * _STRIDE))
                if has_four(cur | m, _H):
                    continue
                nxt.append((cur ^ mask, mask | m))
        frontier = nxt


def small_key(first: int, mask: int) -> int:
    """Mirror-canonical key of a position with few checkers:
    ``(n << 24) | min(huffman code, mirrored huffman code)``."""
    n = mask.bit_count()
    a = huffman_key(first, mask) & 0xFFFFFF
    b = huffman_key(first, mask, mirror=True) & 0xFFFFFF
    return (n << 24) | min(a, b)


_SMALL: dict[int, int] = {}


def _small_table() -> dict[int, int]:
    """{small_key: signed plies} decoded once from ``_SMALL_DATA``: records of
    4 bytes big-endian key + 1 signed byte, base64."""
    if not _SMALL and _SMALL_DATA:
        import base64
        raw = base64.b64decode(_SMALL_DATA)
        for i in range(0, len(raw), 5):
            v = raw[i + 4]
            _SMALL[int.from_bytes(raw[i:i + 4], "big")] = v - 256 if v > 127 else v
    return _SMALL


def encode_small(table: dict[int, int]) -> str:
    """Inverse of the decoding in :func:`_small_table` (sorted records, base64)."""
    import base64
    raw = bytearray()
    for k in sorted(table):
        raw += k.to_bytes(4, "big") + (table[k] & 0xFF).to_bytes(1, "big")
    return base64.b64encode(bytes(raw)).decode("ascii")


# Generated by ``python tools/build_small_table.py 5`` (2 parts merged
# with encode_small): exact values of all 2,863 mirror-distinct positions with
# <= 5 checkers, derived by our solver from the bitbully 12-ply book.
_SMALL_DATA = (
    "AAAAACkBAAAIJwEAABApAQAAIAABAABA2AIAACwnAgAATCUCAABYAAIAAGjaAgAAjCUCAACYJQIAALAAAgAAyNgCAADQ2AIA"
    "AQwhAgABGCUCAAEwJQIAAWAnAgABiNoCAAGQAAIAAaAAAgACDCMCAAIYAAIAAjAAAgADCCcCAAMQJQIABAwjAgAEGCUCAAYI"
    "2AIACAwlAwAAuCUDAAEsAAMAATgAAwABTNwDAAFoIwMAAXAlAwABqCUDAAHIJQMAAiwAAwACOAADAAJMAAMAAlglAwACaCMD"
    "AAJwAAMAAowAAwACmCcDAALIIQMAAtAAAwAC4CcDAAMoIwMAA0gjAwADUCcDAAOIJwMAA5AnAwAELNoDAAQ4AAMABEwlAwAE"
    "WCcDAARoJQMABHDcAwAEjNwDAASYJQMABLAAAwAEyCMDAATQIwMABOAAAwAFDOADAAUYAAMABTAAAwAFiCMDAAWQIwMABaAl"
    "AwAFwNoDAAYoHwMABkgfAwAGUAADAAaIHwMABpAhAwAGoAADAAcIJQMABxAAAwAHIAADAAgsJwMACDgnAwAITNwDAAhYAAMA"
    "CGglAwAIcAADAAiMAAMACJgAAwAIsCMDAAjIIwMACNAlAwAI4AADAAkM3gMACRgAAwAJMCUDAAmIHwMACZAjAwAJoCMDAAoM"
    "3gMAChgAAwAKMAADAAsIIwMACxAlAwAMKB8DAAxIIQMADFAlAwAMiCcDAAyQJwMADQjaAwANENwDAA4IJQMADhAnAwAQLNoD"
    "ABA4JwMAEEwlAwAQWCcDABBoJQMAEHAAAwAQjAADABCY3AMAEMglAwAQ0CUDABEM3gMAERjcAwARiCEDABGQHwMAEgwAAwAS"
    "GAADABMIJQMAFAzeAwAUGNwDABYIJQMAGCgjAwAYSCMDABiIJQMAGQglAwAaCCUDABwIJwMAICwnAwAgOCUDACBMJwMAIGgl"
    "AwAgjCUDACDIIQMAIQzcAwAhiCEDACIMJwMAJAwnAwAoDCUEAALsJQQABLwhBAAE7AAEAAU8IQQABWwjBAAFrAAEAAW4AAQA"
    "BcwABAAF2NoEAAXo3AQABqzcBAAGuNoEAAcsIwQAB2jcBAAHqNoEAAi8IQQACOwfBAAJPAAEAAlsAAQACXgDBAAJrAAEAAm4"
    "IwQACcwfBAAJ2AAEAAno2gQACjwfBAAKbB8EAAp4IQQACswABAAK2NoEAAssAAQACzgABAALTAAEAAtYAwQAC2jeBAALcCME"
    "AAuMIwQAC5gjBAALsAAEAAvI3gQAC9ADBAAMrAAEAAy42gQADSwABAANOAAEAA1MIQQADVjaBAANaNoEAA1w3AQADagABAAN"
    "yCEEAA4sIQQADkwfBAAOWCEEAA5oIQQADsjaBAAO0NoEAA8o3AQAD0jeBAAPUCMEABC8HwQAEOwfBAARPB8EABFsIQQAEXgD"
    "BAARrCEEABG4IQQAEcwhBAAR2B0EABHo2gQAEjwDBAASbCMEABJ42gQAEswDBAAS2AAEABLwAwQAEywlBAATOCMEABNMIwQA"
    "E1jaBAATaCEEABNwIQQAE4wfBAATmB0EABOwAAQAE8jcBAAT0AAEABQ8EQQAFGwZBAAUeBkEABTMHQQAFNgdBAAU8B0EABWM"
    "HwQAFZgABAAVsAAEABYsJQQAFjglBAAWTNwEABZYAwQAFmjcBAAWcCMEABaMAwQAFpjcBAAWsAMEABbI3gQAFtDeBAAW4CEE"
    "ABcMHwQAFxgfBAAXMCEEABdgJQQAF4jeBAAXkAMEABegAwQAGKzcBAAYuNwEABksAAQAGTglBAAZTCMEABlYAAQAGWjeBAAZ"
    "cAAEABmo3AQAGcgfBAAaLAAEABo4AAQAGkwjBAAaWNwEABpo2gQAGnAjBAAajCEEABqYIwQAGrAABAAayOAEABrQAAQAGuDa"
    "BAAbKN4EABtI2gQAG1AjBAAbiAAEABuQIQQAHCwhBAAcTB8EABxYHwQAHGgfBAAcjB0EAByYGwQAHLAdBAAcyCUEABzQHQQA"
    "HYjcBAAdkAAEAB2gAAQAHijiBAAeSOIEAB5QIwQAHojiBAAekOAEAB6gIQQAILwhBAAg7CEEACE8HwQAIWwjBAAheCUEACGs"
    "IwQAIbglBAAhzCEEACHYHwQAIegABAAiPAMEACJsHwQAIngABAAizAMEACLYJQQAIvADBAAjLCMEACM4AAQAI0whBAAjWAAE"
    "ACNoIQQAI3AhBAAjjB8EACOYIQQAI7AABAAjyN4EACPQ3AQAJDwDBAAkbAMEACR4AwQAJMwfBAAk2B8EACTwAAQAJYwDBAAl"
    "mAMEACWw3AQAJizaBAAmONoEACZMIwQAJlgABAAmaAAEACZwIQQAJowABAAmmAAEACaw3gQAJsgABAAm0CEEACbgIwQAJwwd"
    "BAAnGB0EACcwHQQAJ4jiBAAnkN4EACeg3gQAKDwRBAAobB8EACh4HQQAKMwfBAAo2B8EACjwIQQAKYwhBAApmCEEACmwIwQA"
    "KwwbBAArGAAEACswAAQALCzaBAAsOCMEACxMIwQALFgABAAsaAAEACxwAAQALIwDBAAsmAAEACywAwQALMjcBAAs0NoEACzg"
    "IwQALQwDBAAtGAMEAC0wAAQALYjcBAAtkAAEAC4MHwQALhghBAAuMCMEAC8I3gQALxDcBAAwrCMEADC4IwQAMSwhBAAxOAAE"
    "ADFMIQQAMVjcBAAxaCMEADFw2gQAMajaBAAxyCMEADIsIwQAMjgABAAyTAAEADJY2gQAMmjaBAAycCEEADKMHwQAMpgfBAAy"
    "yAAEADLQAAQAMyjeBAAzSAAEADNQHwQAM4glBAAzkB8EADQsHwQANDgABAA0TCEEADRYIwQANGgjBAA0cCEEADSMIwQANJgj"
    "BAA0yCUEADTQHwQANOAfBAA1DB0EADUYHQQANTAdBAA1iCMEADWQIwQANijiBAA2SOAEADZQIQQANogABAA2kAAEADcIAAQA"
    "NxAhBAA4LB8EADhMIQQAOFgjBAA4aCMEADiMHwQAOJghBAA4yCMEADjQHwQAOQwfBAA5GCMEADmI3AQAOZDaBAA7CNwEADsQ"
    "2gQAPCjgBAA8SCMEADxQIwQAPIgABAA8kAAEAD0IIwQAPRAjBABAvCEEAEDsIQQAQTwjBABBbAAEAEF4AAQAQawjBABBuCEE"
    "AEHMIQQAQdgjBABB6AAEAEI8IQQAQmwhBABCeCMEAELMAAQAQtgjBABDLCUEAEM4IwQAQ0wlBABDWNoEAENoAAQAQ3AhBABD"
    "jB8EAEOYIwQAQ8jcBABD0NwEAEQ8AwQARGwDBABEeAMEAETMHwQARNgfBABFjAMEAEWYAwQARiwjBABGOCMEAEZMIwQARlgA"
    "BABGaCMEAEZwAAQARowjBABGmCEEAEbIJQQARtAhBABHDB8EAEcYIwQAR4jgBABHkOIEAEg8AwQASGwDBABIeAMEAEjMIwQA"
    "SNgjBABJjAAEAEmYAAQASwwDBABLGAMEAEwsIwQATDgABABMTNwEAExY2gQATGjcBABMcCMEAEyMIwQATJgfBABMyCMEAEzQ"
    "IwQATQwhBABNGCMEAE2IAAQATgwfBABOGB8EAE8I3AQAUDwfBABQbB8EAFB4HwQAUMwhBABQ2CEEAFGMHwQAUZghBABTDCEE"
    "AFMYIwQAVgwhBABWGCMEAFgsJQQAWDjaBABYTAAEAFhY2gQAWGgABABYcCEEAFiMAAQAWJgjBABYyNwEAFkMAwQAWRgDBABZ"
    "iNwEAFoMAwQAWhgDBABbCNwEAFwMIQQAXBgfBABeCNoEAGCsJQQAYLglBABhLCEEAGE4IwQAYUwhBABhaNwEAGGoAAQAYcgj"
    "BABiLCMEAGI4AAQAYkwjBABiaNwEAGJwIwQAYowfBABimCEEAGLI3AQAYygABABjSNwEAGOIIwQAZCwfBABkOCEEAGRMHwQA"
    "ZGgfBABkcB8EAGSMIwQAZJgABABkyAAEAGUMGwQAZRgdBABliNwEAGYo3gQAZkjeBABmiAAEAGcI3AQAaCwlBABoOCMEAGhM"
    "IQQAaGjcBABocCMEAGiMHwQAaJgABABoyCUEAGkMIQQAaYjcBABqDB8EAGsI3AQAbCgABABsSCMEAGyIIwQAbQghBABuCCME"
    "AHAsIQQAcEwhBABwaCMEAHCMIQQAcMgjBABxDB8EAHGIAAQAcgwhBABzCCEEAHYI2gQAeCjeBAB4SNwEAHiI2gQAeQgjBAB6"
    "CNwEAIC8IwQAgOwjBACBPCUEAIFsAAQAgazaBACBuCMEAIHMIQQAgejcBACCPCMEAIJsIwQAgszcBACDLAAEAIM4IwQAg0wl"
    "BACDaAAEAIOMIQQAg8jgBACEPB8EAIRsIQQAhMwfBACFjCMEAIYsAAQAhjjcBACGTCMEAIZo2gQAhowABACGyOAEAIcMIQQA"
    "h4jeBACIPB8EAIhsIQQAiMwjBACJjNoEAIsMAAQAjCwjBACMOAAEAIxM2gQAjGjcBACMjCMEAIzI4AQAjQwjBACODCMEAJA8"
    "IQQAkGwhBACQzB8EAJGMAAQAkwwlBACWDNoEAJgsAAQAmDjaBACYTAAEAJho3AQAmIwABACZDCEEAJoMAAQAnAwhBACgPCME"
    "AKBsIwQAoMwjBAChjNwEAKMMIwQApgwABACsDCMEALAsJQQAsDgABACwTCMEALCMIwQAsQwfBACyDB8EALQMIQQAuAwjBADB"
    "OCMEAMFMHwQAwjgjBADCTCMEAMKMHwQAxDgjBADETB8EAMSMAwQAxQwTBADIOCMEAMhMHwQAyIwDBADQOCUEANBMAAUAC7gj"
    "BQAS7CMFABL4AAUAE7gABQAUvN4FABTsIwUAFPjcBQAVPOAFABW4IQUAFczcBQAWuCMFABboIwUAFywABQAXOCUFABdMAAUA"
    "F2gjBQAXcCMFABeoHwUAF8ghBQAauCEFABroIQUAHKwjBQAcuCUFAB0s3gUAHaghBQAdyCMFAB6oJQUAHyglBQAi7AAFACL4"
    "AAUAI7gjBQAkvCUFACTsAAUAJPgABQAlPAAFACVsIwUAJawjBQAluCUFACXMIwUAJdgjBQAl6B8FACXwAAUAJqwjBQAmuCEF"
    "ACboAAUAJywABQAnONwFACdM4AUAJ2ghBQAncAAFACeoIQUAJ8ghBQAovOAFACjs4AUAKPjgBQApPAAFAClsIwUAKXghBQAp"
    "rAAFACm4AAUAKcziBQAp2CUFACnoJQUAKfAABQAqPOIFACps4gUAKnjgBQArOAAFACtMIwUAK2ghBQArcCEFACuMAAUAK5gl"
    "BQAsuCEFACzoIwUALSwjBQAtOCEFAC1MIQUALWghBQAtcAAFAC2oHQUALcghBQAt0CMFAC4sAAUALjglBQAuTAAFAC5YJQUA"
    "LmghBQAucN4FAC6M3gUALpjeBQAuyCEFAC7QIQUALuAhBQAvKBsFAC9IHQUAL1AfBQAviB0FAC+QAAUAMrghBQAy6CEFADSs"
    "IQUANLghBQA06AAFADUsJQUANTgABQA1TOAFADVoIQUANXAlBQA1qCEFADXIIQUANdAhBQA2qAAFADcoJQUAN0jgBQA4rAAF"
    "ADi4JQUAOSwABQA5OCMFADlM4AUAOVglBQA5aCUFADlwIwUAOagABQA5yCMFADos4AUAOkziBQA6WOAFADpo4AUAOyghBQA7"
    "SCEFADtQIQUAO4glBQA7kCUFADyoIwUAPSgfBQA9SCEFAD1Q3gUAPigjBQA+SCEFAD5QJQUAQuzcBQBC+OAFAEO4AAUARLzg"
    "BQBE7AAFAET43AUARTzgBQBFbCMFAEWsAAUARbglBQBFzCMFAEXYJQUARegjBQBF8N4FAEasIwUARrglBQBG6N4FAEcs3gUA"
    "RzjeBQBHTOAFAEdoIwUAR3DcBQBHqCUFAEfIIQUASLzeBQBI7OIFAEj44AUASTwABQBJbCUFAEl4/gUASawABQBJuAAFAEnM"
    "3gUASdgjBQBJ6CEFAEnwIwUASjziBQBKbNwFAEp4JQUASswABQBK2CMFAEssAAUASzgABQBLTAAFAEtY/gUAS2ghBQBLcAAF"
    "AEuM3gUAS5gABQBLsAAFAEvIIQUAS9D+BQBL4N4FAEysIwUATLgjBQBM6N4FAE0sIQUATTgABQBNTN4FAE1YIwUATWgfBQBN"
    "cCEFAE2oAAUATcjgBQBN0OAFAE4sAAUATjgABQBOTAAFAE5YIwUATmjeBQBOcAAFAE6M4gUATpjkBQBOyCEFAE7QIwUATuAA"
    "BQBPKCEFAE9IHwUAT1AhBQBPiCEFAE+QIwUAULziBQBQ7OIFAFD44gUAUTziBQBRbOAFAFF43gUAUazgBQBRuAAFAFHMAAUA"
    "UdjkBQBR6CMFAFHw5AUAUjzsBQBSbAAFAFJ4IwUAUszkBQBS2CEFAFLwIQUAUywABQBTOAAFAFNM3gUAU1glBQBTaCMFAFNw"
    "IwUAU4wABQBTmOIFAFOwAAUAU8gjBQBT0AAFAFPgAAUAVDzwBQBUbOgFAFR46AUAVMzkBQBU2OQFAFTw5AUAVjgfBQBWTB8F"
    "AFZoHwUAVnAfBQBWjAAFAFaYHQUAVsgfBQBW0B8FAFbgHwUAVwziBQBXGAAFAFcwAAUAWLgjBQBY6CMFAFksIQUAWTgdBQBZ"
    "TCEFAFloHwUAWXAhBQBZqB0FAFnIIQUAWdDeBQBaLAAFAFo4IwUAWkwjBQBaWP4FAFpoIQUAWnAjBQBajN4FAFqYIQUAWsgh"
    "BQBa0P4FAFrg3gUAWygdBQBbSB0FAFtQIQUAW4gfBQBbkB0FAFugJQUAXCzcBQBcONwFAFxMIwUAXFjgBQBcaCMFAFxw3gUA"
    "XIzgBQBcmCMFAFyw3gUAXMghBQBc0CEFAFzg4AUAXQzgBQBdGOIFAF0w4AUAXYgjBQBdkCMFAF2gIwUAXcDcBQBeKBsFAF5I"
    "HQUAXlAbBQBeiCEFAF6Q/gUAXqAdBQBfCB0FAF8QIQUAXyAjBQBiuB0FAGLoGwUAZKwfBQBkuB0FAGToHwUAZSwlBQBlONwF"
    "AGVM3gUAZWgdBQBlcCEFAGWoHQUAZcgdBQBl0BsFAGaoIQUAZyghBQBnSN4FAGisHwUAaLgdBQBo6B8FAGksHwUAaTgfBQBp"
    "TN4FAGlYHwUAaWgdBQBpcB0FAGmoIwUAacghBQBp0N4FAGosJQUAajgABQBqTCMFAGpYHwUAamglBQBqcCUFAGqM4AUAapje"
    "BQBqyB0FAGrQHwUAauAhBQBrKB0FAGtIHQUAa1AfBQBriB8FAGuQHQUAa6AbBQBsqCEFAG0oHQUAbUgjBQBtUN4FAG4oAwUA"
    "bkghBQBuUCMFAG6IAwUAbpDgBQBwrCMFAHC4IwUAcSwABQBxONwFAHFM3gUAcVgABQBxaCEFAHFwAAUAcagjBQBxyOIFAHIs"
    "AAUAcjgjBQByTAAFAHJYIwUAcmgjBQBycCMFAHKMAAUAcpjeBQBysAAFAHLIHQUActAABQBy4CUFAHMoAwUAc0glBQBzUN4F"
    "AHOIAwUAc5AABQB0LOAFAHRM4gUAdFjiBQB0aOIFAHSM5AUAdJjmBQB0sOQFAHTIAwUAdNDkBQB2KB8FAHZIHwUAdlAfBQB2"
    "iB0FAHaQHwUAdqAfBQB3CCMFAHcQAAUAdyAABQB4qB0FAHkoGwUAeUgbBQB5UN4FAHooHQUAekgdBQB6UB0FAHqIHQUAepAb"
    "BQB6oOAFAHwoGwUAfEgdBQB8UN4FAHyIHQUAfJAfBQB8oCEFAILsIwUAgvglBQCDuCMFAIS8JQUAhOwABQCE+AAFAIU83gUA"
    "hWzeBQCFrCMFAIW4AAUAhcwABQCF2CUFAIXoIQUAhfDcBQCGrCMFAIa4IwUAhugABQCHLN4FAIc43AUAh0zgBQCHaCMFAIdw"
    "3AUAh6ghBQCHyCUFAIi8JQUAiOwABQCI+AAFAIk8AAUAiWwABQCJeB8FAImsIwUAibgABQCJzN4FAInYAAUAieghBQCJ8AAF"
    "AIo84gUAimziBQCKeCMFAIrMAAUAitgjBQCLLB8FAIs4IwUAi0wABQCLWB8FAItoIQUAi3AlBQCLjN4FAIuY3AUAi7AlBQCL"
    "yB0FAIvQHQUAi+AlBQCMrCEFAIy4IQUAjOghBQCNLCEFAI04AAUAjUzeBQCNWCMFAI1oIQUAjXAhBQCNqAAFAI3IJQUAjdDe"
    "BQCOLAAFAI44IwUAjkzgBQCOWCUFAI5o3gUAjnAABQCOjOIFAI6Y4AUAjsgjBQCO0CMFAI7gAAUAjygfBQCPSCEFAI9QIQUA"
    "j4ghBQCPkCMFAJC84AUAkOzgBQCQ+OIFAJE84gUAkWzeBQCReCUFAJGs3gUAkbgABQCRzOAFAJHY4gUAkegjBQCR8OAFAJI8"
    "/gUAkmwABQCSeCMFAJLM/gUAktgjBQCS8P4FAJMsIQUAkzgjBQCTTCMFAJNYHwUAk2glBQCTcN4FAJOM4gUAk5jeBQCTsCMF"
    "AJPIHQUAk9AfBQCT4B0FAJQ88AUAlGzoBQCUeOgFAJTMAAUAlNgABQCU8AAFAJWMAAUAlZgjBQCVsB8FAJYsIQUAljgjBQCW"
    "TCMFAJZYHwUAlmghBQCWcAAFAJaM/gUAlpghBQCWsP4FAJbIHQUAltAdBQCW4CMFAJcM4gUAlxjgBQCXMCEFAJeIHQUAl5Ad"
    "BQCXoP4FAJisHQUAmLgbBQCY6B0FAJksHwUAmTglBQCZTN4FAJlYHQUAmWgbBQCZcB0FAJmoIQUAmcglBQCZ0OAFAJosHwUA"
    "mjgfBQCaTCEFAJpYHwUAmmghBQCacAAFAJqMAAUAmpgjBQCasCEFAJrIGwUAmtAdBQCa4CEFAJsoIQUAm0gjBQCbUN4FAJuI"
    "AAUAm5DcBQCboN4FAJwsJQUAnDgjBQCcTAAFAJxYAAUAnGgABQCccCMFAJyMAAUAnJgjBQCcsB0FAJzIAAUAnNDgBQCc4AAF"
    "AJ0M5AUAnRjkBQCdMOQFAJ2IHwUAnZAfBQCdoBsFAJ4oGwUAnkgbBQCeUB0FAJ6IGwUAnpAdBQCeoB0FAJ8IGwUAnxAhBQCf"
    "ICEFAKC8IwUAoOwlBQCg+N4FAKE84AUAoWwABQCheCMFAKGsJQUAobgABQChzAAFAKHYIwUAoeglBQCh8NwFAKI84gUAomzg"
    "BQCieAAFAKLM4AUAotgABQCi8B8FAKMs3gUAozglBQCjTOAFAKNYAAUAo2jgBQCjcOAFAKOM4AUAo5jgBQCjsAAFAKPIIQUA"
    "o9AhBQCj4N4FAKQ88AUApGziBQCkeOQFAKTM4gUApNjiBQCk8B8FAKWM4AUApZjeBQClsB8FAKYsIwUApjgjBQCmTAAFAKZY"
    "IwUApmgjBQCmcNwFAKaMAAUAppgABQCmsCEFAKbIAAUAptDeBQCm4NwFAKcMIwUApxgjBQCnMCMFAKeIHQUAp5AdBQCoPPAF"
    "AKhs4AUAqHjkBQCozOIFAKjY4gUAqPDgBQCpjOAFAKmY4AUAqbDeBQCsOCMFAKxMAAUArGgfBQCscCEFAKyMAAUArJgABQCs"
    "yCEFAKzQIQUArOAABQCtDOYFAK0YIwUArTAfBQCtiB8FAK2QHwUArgwABQCuGCUFAK4wIQUAsLgfBQCw6CEFALEsIwUAsTgA"
    "BQCxTN4FALFoIQUAsXAjBQCxqCEFALHIIwUAsdAABQCyLB8FALI4AAUAskwjBQCyWCEFALJoIQUAsnAjBQCyjOAFALKYIwUA"
    "ssgdBQCy0B0FALLgIwUAsygfBQCzSCEFALNQIwUAs4gjBQCzkCUFALOg3gUAtCwlBQC0ON4FALRM3gUAtFgABQC0aCMFALRw"
    "AAUAtIz+BQC0mCMFALSw/gUAtMgfBQC00CEFALTgAAUAtQziBQC1GOIFALUwAAUAtYgfBQC1kCEFALYoGwUAtkgbBQC2UCMF"
    "ALaIGwUAtpAdBQC3CCMFALcQAAUAuCwjBQC4OCUFALhM3gUAuFglBQC4aAAFALhwAAUAuIzeBQC4mAAFALjIIQUAuNAhBQC4"
    "4N4FALkM4gUAuRjgBQC5MAAFALmIGwUAuZAdBQC6DOAFALoY3gUAujDcBQC7CCEFALsQIwUAvCgfBQC8SCEFALxQHwUAvIgf"
    "BQC8kB8FAL0IHwUAvRAjBQC+CCEFAL4QHQUAwrgdBQDC6B0FAMSsHwUAxLgdBQDE6CEFAMUs3gUAxTghBQDFTOAFAMVoHwUA"
    "xXAhBQDFqB8FAMXIHwUAxdAhBQDGqCUFAMcoIQUAx0gABQDIrCMFAMi4IwUAyOglBQDJLAAFAMk4IQUAyUwABQDJWCMFAMlo"
    "IwUAyXAjBQDJqCEFAMnIIQUAydAABQDKLNwFAMo4AAUAykwjBQDKWCMFAMpoIwUAynDgBQDKjOIFAMqY4gUAysgjBQDK0CMF"
    "AMsoHwUAy0glBQDLUCMFAMuIIwUAy5AABQDMqB8FAM0oIQUAzUgjBQDNUN4FAM4oAwUAzkgjBQDOUNwFAM6IAwUAzpDiBQDQ"
    "rN4FANC43gUA0OgjBQDRLOAFANE4IQUA0UzgBQDRWCEFANFo3gUA0XAlBQDRqCUFANHI3gUA0dDeBQDSLNwFANI4IwUA0kwj"
    "BQDSWCUFANJoIwUA0nAlBQDSjAAFANKYIwUA0sgABQDS0AAFANMoHwUA00gABQDTUOAFANOI3AUA05DiBQDToOIFANQs3gUA"
    "1DglBQDUTAAFANRYJQUA1GglBQDUcOAFANSMAAUA1JgjBQDUyAAFANTQ3AUA1OAABQDVDOQFANUY5AUA1TDkBQDViB8FANWQ"
    "HwUA1igdBQDWSNwFANZQIQUA1ogjBQDWkCMFANcI3gUA1xDeBQDYqBsFANkoAwUA2UgDBQDZUN4FANooHQUA2kgfBQDaUAAF"
    "ANqIAAUA2pAjBQDcKAMFANxIAwUA3FADBQDciCMFANyQAAUA3QgDBQDdEAMFAOCsIwUA4LghBQDhLCEFAOE4AAUA4UwABQDh"
    "WCEFAOFoIQUA4XAjBQDhqCUFAOHIIwUA4izeBQDiOAAFAOJMJQUA4lgjBQDiaCUFAOJw4AUA4ozeBQDimOAFAOLIAAUA4tAl"
    "BQDjKAMFAONIIwUA41DiBQDjiAMFAOOQ4gUA5CziBQDkOAAFAORMAAUA5FgABQDkaCMFAORw3AUA5IzeBQDkmN4FAOTIAAUA"
    "5NDgBQDk4OIFAOUMJQUA5RgjBQDliCMFAOWQJQUA5igDBQDmSAMFAOZQAwUA5ogjBQDmkCMFAOcIAwUA5xADBQDoLOAFAOhM"
    "4AUA6FjeBQDoaN4FAOiM4gUA6JjeBQDoyAMFAOjQ4gUA6QziBQDpGAAFAOmIAwUA6ZADBQDsKB8FAOxIHwUA7FAjBQDsiCMF"
    "AOyQIwUA7QgjBQDtECUFAO4IIQUA7hAlBQDwqB8FAPEoGQUA8UgZBQDxUN4FAPIoHQUA8kgfBQDyUCMFAPKIJQUA8pAjBQD0"
    "KB8FAPRI3gUA9FDeBQD0iCMFAPSQIwUA9QgABQD1ECUFAPgoHQUA+EgfBQD4UN4FAPiIAAUA+JAABQD5CN4FAPkQ3gUBAuwA"
    "BQEC+N4FAQO4JQUBBLwlBQEE7CMFAQT4IwUBBTzcBQEFbCMFAQWsAAUBBbgjBQEFzCUFAQXYIwUBBeghBQEF8CMFAQasIwUB"
    "BrghBQEG6CMFAQcs3AUBBzjeBQEHTN4FAQdoIQUBB3AhBQEHqB8FAQfIIQUBCLwlBQEI7AAFAQj4AAUBCTwABQEJbCMFAQl4"
    "IQUBCawjBQEJuN4FAQnM3gUBCdglBQEJ6CEFAQnwAAUBCjzgBQEKbOAFAQp4IwUBCswjBQEK2CMFAQssIwUBCzghBQELTCMF"
    "AQtYIwUBC2gfBQELcCMFAQuMAAUBC5jeBQELyB0FAQvQIwUBDKwjBQEMuCEFAQzoIQUBDSwhBQENOCUFAQ1MAAUBDVgjBQEN"
    "aCEFAQ1wIQUBDaghBQENyCUFAQ3QAwUBDiwABQEOOCMFAQ5MAAUBDlgjBQEOaAAFAQ5wAwUBDoziBQEOmAMFAQ7IIwUBDtAj"
    "BQEPKB0FAQ9IIQUBD1AhBQEPiCMFAQ+QIwUBELzgBQEQ7OAFARD44AUBETwABQERbAAFARF4AAUBEazeBQERuOAFARHM4AUB"
    "EdjeBQER6CMFARHw3AUBEjzgBQESbN4FARJ4IwUBEswABQES2CMFARMs3AUBEzjeBQETTCMFARNYHwUBE2gABQETcOAFAROM"
    "4gUBE5jeBQETyCEFARPQHQUBFDziBQEUbOQFARR45AUBFMziBQEU2OIFARWM3AUBFZgABQEWLAAFARY4IQUBFkwhBQEWWB8F"
    "ARZoIQUBFnAABQEWjNwFARaYIwUBFsgdBQEW0B0FARcM4AUBFxjgBQEXiB0FAReQHQUBGKwfBQEYuB0FARjoIQUBGSwdBQEZ"
    "OB8FARlMIQUBGVgdBQEZaB0FARlwHQUBGagdBQEZyCEFARnQAwUBGiwfBQEaOB8FARpMHwUBGlgdBQEaaB8FARpwAAUBGoze"
    "BQEamCMFARrIHQUBGtAbBQEbKB8FARtIHQUBG1AABQEbiCUFARuQIwUBHCwABQEcONwFARxM3gUBHFgABQEcaN4FARxwAwUB"
    "HIwABQEcmNwFARzI3AUBHNDgBQEdDOIFAR0YAwUBHYgfBQEdkB8FAR4oGwUBHkgdBQEeUB0FAR6IHQUBHpAbBQEfCB8FAR8Q"
    "HQUBILwABQEg7AAFASD4IwUBITwABQEhbAAFASF4IQUBIawABQEhuAAFASHM3gUBIdjeBQEh6AAFASHw3gUBIjwABQEibN4F"
    "ASJ4AAUBIswjBQEi2CMFASMsAAUBIzgjBQEjTNwFASNYJQUBI2gABQEjcAAFASOM3AUBI5jcBQEjyB8FASPQIQUBJDz+BQEk"
    "bP4FASR4/gUBJMzeBQEk2N4FASWM/gUBJZj+BQEmLB8FASY4HQUBJkwfBQEmWB0FASZoHwUBJnAjBQEmjCMFASaYIwUBJsgh"
    "BQEm0CMFAScMAAUBJxgABQEniBsFASg85gUBKGwABQEoeN4FASjMAAUBKNjcBQEpjCEFASmYIwUBKwwhBQErGCMFASwsIwUB"
    "LDgjBQEsTAAFASxYIwUBLGgABQEscCMFASyM3AUBLJgjBQEsyB8FASzQIQUBLQz+BQEtGP4FAS2IGwUBLgzeBQEuGN4FAS8I"
    "IQUBMKwjBQEwuCEFATDoIQUBMSzeBQExOCEFATFMIwUBMVghBQExaCUFATFwIwUBMaghBQExyCEFATHQIQUBMiwABQEyOCEF"
    "ATJMIQUBMlgjBQEyaCEFATJwJQUBMowjBQEymOIFATLIIQUBMygfBQEzSCMFATNQIwUBM4gABQEzkN4FATQsAAUBNDghBQE0"
    "TCEFATRYIQUBNGghBQE0cAAFATSMAAUBNJgjBQE0yAAFATTQIwUBNQzcBQE1GAAFATWIHQUBNigbBQE2SB0FATZQ4AUBNogj"
    "BQE3CAAFATgsJQUBODgABQE4TCMFAThYIwUBOGgjBQE4cCUFATiM3gUBOJgABQE4yN4FATkMAAUBORgjBQE5iCEFAToM4gUB"
    "OhjiBQE7CB8FATwoHwUBPEgjBQE8UCEFATyIIQUBPQgdBQE+CCMFAUC8AAUBQOzeBQFA+N4FAUE83gUBQWwjBQFBeCMFAUGs"
    "3gUBQbjeBQFBzN4FAUHYIwUBQeghBQFB8CEFAUI8AAUBQmzeBQFCeN4FAULMAAUBQtgABQFDLCMFAUM43AUBQ0wABQFDWCEF"
    "AUNoJQUBQ3ADBQFDjCUFAUOYAwUBQ8ghBQFEPOIFAURs4gUBRHjiBQFEzOAFAUTY4AUBRYzgBQFFmN4FAUYs3gUBRjjeBQFG"
    "TN4FAUZYHwUBRmghBQFGcAMFAUaMAAUBRpjgBQFGyAAFAUcM4gUBRxgDBQFHiB0FAUg84AUBSGwjBQFIeOIFAUjM3gUBSNje"
    "BQFJjCMFAUmYIQUBSwzeBQFLGN4FAUwsIwUBTDgABQFMTCMFAUxYIwUBTGghBQFMcN4FAUyMAAUBTJgABQFMyCMFAU0M4AUB"
    "TRjeBQFNiCMFAU4MIwUBThglBQFPCCEFAVA84AUBUGzgBQFQeN4FAVDM4AUBUNjgBQFRjOIFAVGY4AUBUwzeBQFTGN4FAVg4"
    "AAUBWEwjBQFYaCMFAVhwIwUBWIwABQFYmAAFAVjIIQUBWQzgBQFZGN4FAVmIHwUBWgzeBQFaGAAFAVsIIwUBXAwABQFcGCMF"
    "AWC4IwUBYOgjBQFhLCUFAWE4IwUBYUwjBQFhaCEFAWFwIwUBYagjBQFhyCMFAWHQIQUBYiwABQFiOCMFAWJMJQUBYlgjBQFi"
    "aCMFAWJwIwUBYowABQFimAAFAWLIIwUBYyghBQFjSCEFAWOIIwUBZCzcBQFkOCUFAWRMAAUBZFglBQFkaCUFAWRw4AUBZIwA"
    "BQFkmCUFAWTIIQUBZQzkBQFlGOIFAWWIHwUBZigfBQFmSB0FAWaIHQUBZwgjBQFoLCMFAWg4IwUBaEwABQFoaAAFAWhwIwUB"
    "aIwABQFomCMFAWjIIQUBaQz+BQFpGP4FAWmIGwUBagzgBQFqGN4FAWsIIQUBbCghBQFsSCMFAWyIIwUBbQgfBQFuCCMFAXAs"
    "AAUBcDgjBQFwTCMFAXBoIwUBcHAhBQFwjAAFAXCY3gUBcMghBQFxDOAFAXEY4gUBcYgdBQFyDCUFAXIYAAUBcwghBQF0DNwF"
    "AXQYIQUBdggjBQF4KB8FAXhIIQUBeIghBQF5CCUFAXoIHwUBfAgjBQGCuCEFAYLoHwUBhKwfBQGEuB8FAYToIQUBhSzeBQGF"
    "ONwFAYVM4AUBhWghBQGFqB0FAYXIHwUBhqgABQGHKCEFAYdIJQUBiKwjBQGIuCMFAYjoIwUBiSwABQGJOCUFAYlM3gUBiWgj"
    "BQGJqCEFAYnIIQUBidAlBQGKLAAFAYo4AAUBikwABQGKaCMFAYpwIQUBioziBQGKmOAFAYrIIQUBiygfBQGLSCMFAYuIIwUB"
    "jKgjBQGNKCEFAY1IIQUBjigABQGOSCMFAY6I3gUBkKzcBQGQuNwFAZDoAAUBkSzgBQGROCUFAZFM4AUBkWgjBQGRqAAFAZHI"
    "3gUBkdDeBQGSLN4FAZI4JQUBkkzeBQGSaCEFAZJwIwUBkozeBQGSmCMFAZLIIwUBkyghBQGTSCEFAZOIAAUBlCziBQGUOAAF"
    "AZRM4gUBlGjiBQGUcOIFAZSM3gUBlJgjBQGUyCMFAZUM5gUBlRjkBQGViB8FAZYoIQUBlkghBQGWiCEFAZcIIwUBmKgdBQGZ"
    "KAMFAZlIAwUBmigfBQGaSB0FAZqIIwUBnCgDBQGcSAMFAZyIIwUBnQgDBQGgrCMFAaC4IwUBoOgjBQGhLNwFAaE43gUBoUzg"
    "BQGhaCMFAaGoIQUBocgjBQGh0AAFAaIsAAUBojglBQGiTN4FAaJoIQUBonAjBQGijOIFAaKYAAUBosgfBQGjKCMFAaNIIQUB"
    "o4jcBQGkLCMFAaQ4JQUBpEzcBQGkaCEFAaRwAAUBpIwABQGkmCEFAaTIIQUBpQwABQGliB0FAaYoIQUBpkghBQGmiCEFAacI"
    "IwUBqCwjBQGoOAAFAahM3AUBqGgjBQGocAAFAaiM4gUBqMgjBQGpDOAFAamIIwUBqgziBQGrCCEFAawoIQUBrEghBQGsiCEF"
    "Aa0IHwUBrggjBQGwqAAFAbEoAwUBsUgDBQGyKCMFAbJIIQUBsojeBQG0KAAFAbRI3gUBtIjeBQG1CAAFAbgoAwUBuEgDBQG4"
    "iAAFAbkI3gUBuggDBQHArCEFAcC4IwUBwSwjBQHBOAAFAcFM3gUBwWgfBQHBqCMFAcHI3gUBwizeBQHCOAAFAcJMAAUBwmgh"
    "BQHCcN4FAcKM4AUBwsghBQHDKAAFAcNIIQUBw4jeBQHELOAFAcQ44AUBxEzgBQHEaN4FAcRw3gUBxIzeBQHEyAAFAcUM4gUB"
    "xYghBQHGKAMFAcZIAwUBxogABQHHCAMFAcgs3AUByDgABQHITOAFAchoIwUByIwABQHIyCEFAckM3gUByYgjBQHKDAAFAcsI"
    "IQUBzCgDBQHMSAMFAcyI3AUBzQjgBQHOCAMFAdAs3gUB0EzeBQHQaAAFAdCM3gUB0MgABQHRDOAFAdGIAwUB0gzeBQHTCAMF"
    "AdgoHwUB2EgfBQHYiCUFAdkIIwUB2ggjBQHcCCEFAeCoIQUB4SgdBQHhSB0FAeIoIQUB4kgjBQHiiCMFAeQoIQUB5EgjBQHk"
    "iCUFAeUI3gUB6CgfBQHoSCMFAeiIIQUB6QgfBQHqCCEFAfAoIQUB8EghBQHwiCMFAfEIIQUB8gghBQIC7CMFAgL4AAUCA7gj"
    "BQIEvCUFAgTsAAUCBPglBQIFPNwFAgVsIwUCBawjBQIFuCUFAgXMJQUCBegfBQIGrCMFAga4IQUCBugjBQIHLCUFAgc4IwUC"
    "B0zeBQIHaCEFAgeoHwUCB8ghBQIIvCMFAgjsIwUCCPgjBQIJPAAFAglsIQUCCawhBQIJuCMFAgnM3AUCCeghBQIKPN4FAgps"
    "JQUCCswjBQILLCEFAgs4IQUCC0whBQILaB8FAguMIwUCC8gdBQIMrCEFAgy4HwUCDOgfBQINLCEFAg04IwUCDUwABQINaB8F"
    "Ag2oIQUCDcglBQIOLAAFAg44IQUCDkwjBQIOaAAFAg6M4AUCDsghBQIPKBkFAg9IHwUCD4gdBQIQvN4FAhDs3gUCEPjcBQIR"
    "PAAFAhFsJQUCEawjBQIRuN4FAhHM4AUCEegjBQISPN4FAhJsIwUCEswjBQITLAAFAhM43gUCE0wjBQITaAAFAhOM4AUCE8gf"
    "BQIUPAAFAhRs4AUCFMzgBQIVjB8FAhYsIwUCFjgfBQIWTCMFAhZoHwUCFowhBQIWyB8FAhcM3gUCF4gdBQIYrB8FAhi4HQUC"
    "GOgfBQIZLCEFAhk4IQUCGUzeBQIZaB0FAhmoIQUCGcglBQIaLBsFAho4IQUCGkwdBQIaaCEFAhqMAAUCGsgbBQIbKAMFAhtI"
    "HQUCG4gDBQIcLAAFAhw4IwUCHEwABQIcaCMFAhyMJQUCHMgDBQIdDOAFAh2IHwUCHigRBQIeSBsFAh6IGwUCHwghBQIgvCMF"
    "AiDsIwUCIPgjBQIhPNwFAiFsAAUCIawjBQIhuCEFAiHM3AUCIeghBQIiPAAFAiJsJQUCIswjBQIjLCMFAiM4IwUCI0wABQIj"
    "aAAFAiOMJQUCI8gfBQIkPOIFAiRs4AUCJMzeBQIljAAFAiYsHQUCJjgbBQImTCEFAiZoIQUCJowhBQImyB8FAicMIwUCKDzg"
    "BQIobCUFAijM3gUCKYwlBQIrDCUFAiwsIQUCLDghBQIsTCMFAixoHwUCLIwjBQIsyCEFAi0MAAUCLgwABQIwrCMFAjC4HQUC"
    "MOghBQIxLN4FAjE4IQUCMUwjBQIxaCMFAjGoIQUCMcghBQIyLCMFAjI4IQUCMkwhBQIyaCEFAjKM3gUCMygDBQIzSB8FAjOI"
    "AwUCNCzeBQI0OB8FAjRMIwUCNGgjBQI0jCEFAjTIHwUCNQwlBQI2KAMFAjZIHQUCOCwABQI4OAAFAjhMJQUCOGgjBQI4jNwF"
    "AjkMJQUCOgzeBQI8KBkFAjxIHQUCQLwlBQJA7CUFAkD4IwUCQTwjBQJBbCMFAkGsIQUCQbghBQJBzCMFAkHoHwUCQjwABQJC"
    "bN4FAkLMIwUCQywlBQJDOB8FAkNM3AUCQ2ghBQJDjCMFAkQ84AUCRGzgBQJEzOIFAkWMIQUCRiwdBQJGOB8FAkZMHQUCRmgd"
    "BQJGjB8FAkcMIwUCSDwlBQJIbCMFAkjMIwUCSYwdBQJLDCMFAkwsIQUCTDghBQJMTCEFAkxoIQUCTIwhBQJNDCEFAk4M3AUC"
    "UDzgBQJQbN4FAlDMAAUCUYwABQJTDCEFAlYMIQUCWCwhBQJYOCEFAlhMIwUCWGghBQJYjCMFAlkMJQUCWgwhBQJcDCUFAmCs"
    "IQUCYLgjBQJg6CEFAmEsIwUCYTgjBQJhTAAFAmGoIwUCYcgjBQJiLCMFAmI4IwUCYkwABQJiaCEFAmKMAAUCYyghBQJkLAAF"
    "AmQ4JQUCZEwjBQJkaCMFAmSMAAUCZQzeBQJmKB8FAmgsIQUCaDgjBQJoTAAFAmiMJQUCaQwABQJqDAAFAmwoIQUCcCwjBQJw"
    "OCUFAnBMIwUCcIwlBQJxDOAFAnIMJQUCdAzeBQJ4KB8FAoC8IwUCgOwjBQKA+CMFAoE8AAUCgWwjBQKBrCEFAoG4IQUCgcwh"
    "BQKCPCMFAoJsIwUCgswjBQKDLB8FAoM4HQUCg0wjBQKDjAAFAoQ83gUChGzeBQKEzN4FAoWMIwUChiwfBQKGOB0FAoZMIQUC"
    "howfBQKHDCMFAog8IwUCiGwhBQKIzCEFAomMHwUCiwwfBQKMLB8FAow4IQUCjEwjBQKMjAAFAo0M3gUCjgwABQKQPAAFApBs"
    "IQUCkMwdBQKRjB0FApMMAAUClgwjBQKYLCMFApg4IwUCmEwjBQKYjCMFApkMAAUCmgwABQKcDCUFAqA83gUCoGwABQKgzN4F"
    "AqGMIQUCowwABQKmDAAFArA4IwUCsEwABQKwjAAFArEM3gUCsgwjBQK0DCMFArgMIwUCwLglBQLA6CMFAsEsAAUCwTgABQLB"
    "TN4FAsIsAAUCwjgjBQLCTCUFAsKM3gUCxCzcBQLEOAAFAsRM3AUCxIzeBQLFDOIFAsg4JQUCyEzeBQLIjAAFAskM4gUCygzg"
    "BQLQOAAFAtBMIwUC0IwABQLRDOAFAtIMAAUC1AzgBQLgOCMFAuBMAAUC4IwjBQLhDN4FAuIMIwUC5AwjBQLoDCMFAwToAAUD"
    "BTjcBQMFTOAFAwjoAAUDCTgABQMJTN4FAwo4AAUDCkwABQMKjOIFAxDo3gUDETjeBQMRTOIFAxI43gUDEkzeBQMSjOIFAxQ4"
    "AAUDFEzeBQMUjO4FAxUM7gUDIOgABQMhON4FAyFM4AUDIjgABQMiTN4FAyKM4gUDJDjeBQMkTOAFAySM/gUDKDgABQMoTOIF"
    "A0DoAAUDQTgjBQNBTAAFA0I4AAUDQkwABQNEOAAFA0RMIQUDSDgABQNQONwFA4E4IwUDgjgjBQOEOAA="
)
