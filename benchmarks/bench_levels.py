"""How strong is each named level? Round robin of Easy, Medium, Hard, Expert and Random.

Run with ``python -m benchmarks.bench_levels [--games N] [--quick]``.

Every pair of players among Random (the floor: ``RandomPlayer``, BU CS111
ps9, Problem 3), Easy, Medium, Hard (:func:`connect4_game.ai.levels.make_level_player`)
and Expert (``ExpertPlayer`` with a per-move budget) plays the same seeded
random openings on 6x7 -- two checkers, one of each side, distinct openings,
none already won -- once with each colour, so neither side gains from moving
first. Games against Expert are fewer (``--expert-games``): its moves just
past its 12-ply opening book can take seconds.

Prints, for each level against each opponent, wins-draws-losses and the score
(% of points, a win 1 and a draw 1/2, from the row level's side), how many
plies the games the row level lost lasted on average (a stronger player holds
out longer against Expert), and each player's move time (median and maximum,
milliseconds). Then whether the ordering Random < Easy < Medium < Hard <
Expert holds head to head (score > 50%).

Seeded: the same ``--seed`` gives the same openings and, except for Expert
moves cut short by its time budget, the same games.
"""
from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from typing import Any

from connect4_game.ai.levels import make_level_player
from connect4_game.board import Board
from connect4_game.players import Player, RandomPlayer
from connect4_game.rules import LEVELS

NAMES = ('random',) + LEVELS           # weakest first
TITLES = {name: name.capitalize() for name in NAMES}


def make_player(name: str, checker: str, rng: random.Random, expert_budget: float) -> Player:
    """A player of ``name`` (``'random'`` or a level) for ``checker``."""
    if name == 'random':
        return RandomPlayer(checker)
    return make_level_player(name, checker, rng=rng, expert_time_budget=expert_budget)


def openings(n: int, seed: int, height: int = 6, width: int = 7) -> list[str]:
    """``n`` distinct openings (strings of 0-based column digits): two
    checkers while there are distinct ones left (``width ** 2``), then four.
    None of them is already won."""
    rng = random.Random(seed)
    seen: set[str] = set()
    out: list[str] = []
    plies = 2
    while len(out) < n:
        if plies == 2 and len(seen) >= width * width:
            plies = 4
        moves = ''.join(str(rng.randrange(width)) for _ in range(plies))
        if moves in seen:
            continue
        seen.add(moves)
        b = Board(height, width)
        for ch in moves:
            b.add_checker(b.to_move(), int(ch))
        if not (b.is_win_for('X') or b.is_win_for('O')):
            out.append(moves)
    return out


def play(px: Player, po: Player, opening: str, times: dict, names: tuple[str, str],
         height: int = 6, width: int = 7) -> tuple[str, int]:
    """One game after ``opening``; returns (``'X'``, ``'O'`` or ``'draw'``,
    plies played after the opening). Each move's seconds are appended to
    ``times[name]`` (``names`` = X's and O's)."""
    b = Board(height, width)
    for ch in opening:
        b.add_checker(b.to_move(), int(ch))
    plies = 0
    while True:
        side = b.to_move()
        p, name = (px, names[0]) if side == 'X' else (po, names[1])
        t0 = time.perf_counter()
        col = p.next_move(b)
        times.setdefault(name, []).append(time.perf_counter() - t0)
        b.add_checker(side, col)
        plies += 1
        if b.is_win_for(side):
            return side, plies
        if b.is_full():
            return 'draw', plies


def match(a: str, b: str, opens: list[str], seed: int, expert_budget: float, times: dict) -> dict:
    """``a`` against ``b`` from every opening, once with each colour.
    Returns ``{'w', 'd', 'l'}`` counts from ``a``'s side and ``lost_plies``
    (plies of each game ``a`` lost)."""
    res: dict[str, Any] = {'w': 0, 'd': 0, 'l': 0, 'lost_plies': [], 'won_plies': []}
    for i, opening in enumerate(opens):
        for a_is_x in (True, False):
            game_seed = seed * 1_000_003 + i * 2 + (not a_is_x)
            random.seed(game_seed)            # RandomPlayer and the module-level tiebreaks
            rng = random.Random(game_seed)
            pa = make_player(a, 'X' if a_is_x else 'O', rng, expert_budget)
            pb = make_player(b, 'O' if a_is_x else 'X', rng, expert_budget)
            if a_is_x:
                winner, plies = play(pa, pb, opening, times, (a, b))
            else:
                winner, plies = play(pb, pa, opening, times, (b, a))
            if winner == 'draw':
                res['d'] += 1
            elif (winner == 'X') == a_is_x:
                res['w'] += 1
                res['won_plies'].append(plies)
            else:
                res['l'] += 1
                res['lost_plies'].append(plies)
    return res


def score(r: dict) -> float:
    """Percentage of points (win 1, draw 1/2) in ``r``; 0 for no games."""
    n = r['w'] + r['d'] + r['l']
    return 100.0 * (r['w'] + r['d'] / 2) / n if n else 0.0


def flipped(r: dict) -> dict:
    """The same results from the other side."""
    return {'w': r['l'], 'd': r['d'], 'l': r['w'], 'lost_plies': r['won_plies'],
            'won_plies': r['lost_plies']}


def run(games: int = 20, expert_games: int | None = None, expert_budget: float = 2.5,
        seed: int = 1, out=sys.stdout) -> dict:
    """Play the round robin and print the table.

    :param games: openings per pairing (each played with both colours).
    :param expert_games: openings per pairing with Expert (default ``games // 4``, at least 1).
    :param expert_budget: Expert's seconds per move (> 0).
    :param seed: seeds the openings and the players' random choices.
    :returns: ``{'results': {(a, b): counts}, 'times': {name: [seconds]},
        'ordered': bool, 'seconds': float}``; counts as in :func:`match`.
    """
    if expert_games is None:
        expert_games = max(1, games // 4)
    t_start = time.perf_counter()
    opens = openings(max(games, expert_games), seed)
    times: dict[str, list[float]] = {}
    results: dict[tuple[str, str], dict] = {}
    for a, b in itertools.combinations(NAMES, 2):
        n = expert_games if 'expert' in (a, b) else games
        t0 = time.perf_counter()
        r = match(a, b, opens[:n], seed, expert_budget, times)
        results[(a, b)] = r
        results[(b, a)] = flipped(r)
        print(f'  {TITLES[a]} vs {TITLES[b]}: {r["w"]}-{r["d"]}-{r["l"]} '
              f'({time.perf_counter() - t0:.1f} s)', file=out, flush=True)

    print(file=out)
    print(f'Levels on 6x7: {games} openings per pairing ({expert_games} against Expert), '
          f'each with both colours; Expert {expert_budget:g} s per move; seed {seed}.', file=out)
    print('Cells: wins-draws-losses of the row player, score % (win 1, draw 1/2).', file=out)
    print(file=out)
    head = ['level'] + [f'vs {TITLES[b]}' for b in NAMES] + ['plies lost vs Expert', 'move ms (median / max)']
    rows = [head]
    for a in NAMES:
        row = [TITLES[a]]
        for b in NAMES:
            if a == b:
                row.append('-')
            else:
                r = results[(a, b)]
                row.append(f'{r["w"]}-{r["d"]}-{r["l"]} {score(r):.0f}%')
        lost = results[(a, 'expert')]['lost_plies'] if a != 'expert' else []
        row.append(f'{statistics.mean(lost):.1f}' if lost else '-')
        t = times.get(a, [])
        row.append(f'{1000 * statistics.median(t):.1f} / {1000 * max(t):.0f}' if t else '-')
        rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]

    def line(cells):
        return '| ' + ' | '.join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + ' |'
    print(line(rows[0]), file=out)
    print('|' + '|'.join('-' * (w + 2) for w in widths) + '|', file=out)
    for row in rows[1:]:
        print(line(row), file=out)
    print(file=out)
    checks = [(NAMES[i + 1], NAMES[i], score(results[(NAMES[i + 1], NAMES[i])]))
              for i in range(len(NAMES) - 1)]
    ordered = all(s > 50 for _, _, s in checks)
    print('Ordering head to head: ' + ', '.join(f'{TITLES[a]} > {TITLES[b]} ({s:.0f}%)'
                                                for a, b, s in checks)
          + (' -- OK' if ordered else ' -- NOT ORDERED'), file=out)
    seconds = time.perf_counter() - t_start
    print(f'Total {seconds:.0f} s.', file=out, flush=True)
    return {'results': results, 'times': times, 'ordered': ordered, 'seconds': seconds}


def parse_args(argv=None) -> argparse.Namespace:
    """The command line; ``--quick`` plays 2 openings per pairing (1 against
    Expert, 1 s per move) unless ``--games`` / ``--expert-games`` /
    ``--expert-budget`` say otherwise."""
    ap = argparse.ArgumentParser(prog='python -m benchmarks.bench_levels',
                                 description='Strength of the difficulty levels, head to head.')
    ap.add_argument('--games', type=int, default=None,
                    help='openings per pairing, each with both colours (default 20; 2 with --quick)')
    ap.add_argument('--expert-games', type=int, default=None,
                    help='openings per pairing with Expert (default games/4, at least 1)')
    ap.add_argument('--expert-budget', type=float, default=None,
                    help='Expert seconds per move (default 2.5; 1 with --quick)')
    ap.add_argument('--seed', type=int, default=1, help='seed of the openings and players (default 1)')
    ap.add_argument('--quick', action='store_true', help='a short run (a smoke test)')
    a = ap.parse_args(argv)
    if a.games is None:
        a.games = 2 if a.quick else 20
    if a.expert_budget is None:
        a.expert_budget = 1.0 if a.quick else 2.5
    if a.games < 1 or (a.expert_games is not None and a.expert_games < 1):
        ap.error('--games and --expert-games must be >= 1')
    if not a.expert_budget > 0:
        ap.error('--expert-budget must be > 0 seconds')
    return a


def main(argv=None, out=sys.stdout) -> int:
    """Parse ``argv`` and run. Returns 0 if every level beats the one below
    it head to head (always 0 with ``--quick``: two openings decide nothing),
    else 1."""
    a = parse_args(argv)
    expert_games = a.expert_games if a.expert_games is not None else (1 if a.quick else None)
    res = run(a.games, expert_games, a.expert_budget, a.seed, out)
    return 0 if res['ordered'] or a.quick else 1


if __name__ == '__main__':  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
