"""What a caller of the search pool uses: the main-thread side of
:class:`~connect4_game.search.worker.SearchWorker`. Never imports pygame."""

from __future__ import annotations

from typing import Protocol

from connect4_game.search.jobs import Result, SearchRequest

__all__ = ['SearchPool']


class SearchPool(Protocol):
    """The search pool as its callers see it: one request in flight at a
    time; asking for another takes its place (the one running is stopped)."""

    def submit(self, request: SearchRequest) -> None:
        """Ask for ``request`` in place of the request in flight, if any."""

    def cancel(self) -> None:
        """Drop the request in flight."""

    def poll(self) -> list[Result]:
        """The results reported since the last call (never blocks)."""

    def in_flight(self) -> SearchRequest | None:
        """The request queued or running, else the one whose last result
        waits for :meth:`poll`, or None."""
