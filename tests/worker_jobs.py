"""Test helpers for the search pool (:mod:`connect4_game.search.worker`).

* :func:`long_request` -- a real request that searches for ``seconds``
  without reporting progress on the way: a long search to cancel or kill.
* :class:`FakePool` -- the pool's main-thread API (``submit``, ``cancel``,
  ``poll``, ``in_flight``, ``busy``, ``close``) without processes: each
  request is answered at the next :meth:`FakePool.poll` by
  :func:`~connect4_game.search.jobs.compute` in this process, or by the
  result a test put in :attr:`FakePool.answers`.
"""

from connect4_game.search.jobs import JobKind, Result, ResultStatus, SearchRequest, compute

BIG_EMPTY = ('         ',) * 8
"""An empty 8x9 board: perfect play cannot solve it, so it searches its whole budget."""


def long_request(seconds=600.0, tag=0):
    """Expert's own move on an empty 8x9 board with a budget of ``seconds``:
    a search that runs that long and reports no progress."""
    return SearchRequest(JobKind.EXPERT, BIG_EMPTY, 'X', own_move=True, time_budget=seconds,
                         tag=tag)


class FakePool:
    """The search pool without processes (see the module docstring).

    :param kinds: the job kinds it answers (default: every kind); a request
        of another kind stays in flight until it is replaced or cancelled
        (a search that never ends).

    Like the real pool it holds one request at a time (a new one takes the
    place of the one in flight) and answers at the earliest in the frame
    after the one that asked (the poll right after a submit returns nothing).

    Attributes: ``submitted`` (every request asked, in order), ``cancels``
    (how often :meth:`cancel` was called), ``answers`` (results a test puts
    there to report instead of computing, for the request they name).
    """

    def __init__(self, kinds=None):
        self.kinds = None if kinds is None else frozenset(kinds)
        self.submitted = []
        self.cancels = 0
        self.answers = []
        self.current = None
        self._fresh = False

    def submit(self, request):
        self.submitted.append(request)
        self.current, self._fresh = request, True

    def cancel(self):
        self.cancels += 1
        self.current = None

    def in_flight(self):
        return self.current

    def busy(self):
        return self.current is not None

    def poll(self):
        if self._fresh:
            self._fresh = False
            return []
        out = [r for r in self.answers if r.request == self.current]
        self.answers = [r for r in self.answers if r.request != self.current]
        if not out and self.current is not None \
                and (self.kinds is None or self.current.kind in self.kinds):
            out = [Result(self.current, ResultStatus.OK, compute(self.current))]
        if any(r.status != ResultStatus.PROGRESS for r in out):
            self.current = None
        return out

    def close(self, wait=0.5):
        self.current = None
