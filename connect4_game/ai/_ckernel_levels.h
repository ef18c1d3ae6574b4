/* The named levels' search (connect4_game.ai.alphabeta) on one bitboard type. _ckernel.c
 * includes this file once a type, with BB (the type), BB_MAXW (the widest board), BB_POPCOUNT,
 * BB_WINCELLS, BB_FROM_PY (that type's popcount, winning cells and conversion) and L(name) (this
 * instance's names) defined.
 *
 * Depth-limited negamax with alpha-beta, the static evaluation of connect4_game.ai.evaluate
 * (its masks and weights given by the Python side) and a transposition table that behaves as
 * the Python one, a dict of at most max_entries keys in insertion order whose older half is
 * dropped when it is full (_ckernel_dict.h): the same entries, the same first moves, the same
 * node counts. */

typedef struct {
    BB key, move;
    int64_t value;
    int32_t depth, kind;
} L(Entry);

#define D(name) L(tt_##name)
#define D_ENTRY L(Entry)
#define D_KEY BB
#define D_HASH BB_HASH
#define D_SAME(a, b) ((a) == (b))
#include "_ckernel_dict.h"
#undef D
#undef D_ENTRY
#undef D_KEY
#undef D_HASH
#undef D_SAME

typedef struct {
    int h, w, cells, nlayers;
    BB full, bottom, cols[BB_MAXW];      /* cols: column masks in the search's order */
    BB even_good, odd_good, layer[AB_LAYERS];
    int64_t step[AB_LAYERS], weight[4]; /* a good threat, another, a stacked pair, zugzwang */
    L(tt_Dict) tt;                      /* the transposition table, allocated at the first search */
} L(Table);

/* the table and the masks of an h x w board from the Python side (see LevelSearch), the table
 * unallocated; 0 with an exception */
static int L(setup)(L(Table) *t, int h, int w, Py_ssize_t max_entries, PyObject *cols,
                    PyObject *even_good, PyObject *odd_good, PyObject *layers,
                    const int64_t *weight) {
    int i;
    L(tt_free)(&t->tt);
    t->tt.limit = max_entries;
    for (i = 0; i < 4; i++) t->weight[i] = weight[i];
    for (i = 0; i < w; i++)
        if (!BB_FROM_PY(PyTuple_GET_ITEM(cols, i), &t->cols[i])) return 0;
    t->nlayers = (int)PyTuple_GET_SIZE(layers);
    for (i = 0; i < t->nlayers; i++) {
        PyObject *m;
        long long step;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(layers, i), "OL", &m, &step)
                || !BB_FROM_PY(m, &t->layer[i]))
            return 0;
        t->step[i] = step;
    }
    if (!BB_FROM_PY(even_good, &t->even_good) || !BB_FROM_PY(odd_good, &t->odd_good)) return 0;
    t->h = h; t->w = w; t->cells = h * w;
    t->bottom = 0;
    for (i = 0; i < w; i++) t->bottom |= (BB)1 << (i * (h + 1));
    t->full = t->bottom * ((((BB)1) << h) - 1);
    return 1;
}

/* alphabeta's ``if len(table) >= max_entries: drop_older_half(table)``, then ``table[key] = e``:
 * a key still there keeps its place */
static void L(store)(L(Table) *t, BB key, int depth, int kind, int64_t value, BB move) {
    L(Entry) *e;
    if (t->tt.used >= t->tt.limit)
        L(tt_drop_oldest)(&t->tt, t->tt.used / 2 > 1 ? t->tt.used / 2 : 1);
    e = L(tt_entry)(&t->tt, key);
    e->move = move; e->value = value; e->depth = depth; e->kind = kind;
}

/* evaluate.Evaluator.evaluate: points for ``cur`` to move */
static int64_t L(evaluate)(const L(Table) *t, BB cur, BB mask, BB mw, BB ow) {
    BB opp = cur ^ mask, mine = t->odd_good, theirs = t->even_good;
    int64_t s, mg, og;
    int i;
    if ((t->cells - BB_POPCOUNT(mask)) & 1) { mine = t->even_good; theirs = t->odd_good; }
    mg = BB_POPCOUNT(mw & mine);
    og = BB_POPCOUNT(ow & theirs);
    s = t->weight[0] * (mg - og)
        + t->weight[1] * ((BB_POPCOUNT(mw) - mg) - (BB_POPCOUNT(ow) - og))
        + t->weight[2] * (BB_POPCOUNT(mw & (mw >> 1)) - BB_POPCOUNT(ow & (ow >> 1)));
    if (mg && !og) s += t->weight[3];
    else if (og && !mg) s -= t->weight[3];
    for (i = 0; i < t->nlayers; i++)
        s += t->step[i] * (BB_POPCOUNT(cur & t->layer[i]) - BB_POPCOUNT(opp & t->layer[i]));
    return s;
}

/* alphabeta's order(): ``first``, then the other cells of ``moves``, most threats first
 * (a stable sort), in the search's column order */
static int L(order)(const L(Table) *t, BB cur, BB free_, BB moves, BB first, BB *out) {
    int sc[BB_MAXW], n = 0, i, j, start = (first & moves) ? 1 : 0;
    if (start) out[0] = first;
    for (i = 0; i < t->w; i++) {
        BB m = moves & t->cols[i];
        if (m && m != first) {
            int score = BB_POPCOUNT(BB_WINCELLS(cur | m, free_ ^ m, t->h));
            for (j = n; j > 0 && sc[j - 1] < score; j--) {
                sc[j] = sc[j - 1]; out[start + j] = out[start + j - 1];
            }
            sc[j] = score; out[start + j] = m;
            n++;
        }
    }
    return start + n;
}

static int64_t L(negamax)(L(Table) *t, ABRun *s, BB cur, BB mask, int depth, int64_t alpha,
                          int64_t beta, int ply) {
    BB free_, poss, mw, ow, forced, moves, key, opp, first = 0, best_move = 0, cells[BB_MAXW];
    int n = 0, i, child_depth, kind;
    int64_t v, best = -AB_INF, alpha0 = alpha, stored;
    L(Entry) *e;
    if (++s->nodes >= s->node_budget) { s->cut = 1; return 0; }
    if ((s->nodes & (TIME_EVERY - 1)) == 0 && now_seconds() >= s->deadline) {
        s->cut = 2;
        return 0;
    }
    free_ = t->full ^ mask;
    poss = (mask + t->bottom) & t->full;
    if (!poss) return 0;
    mw = BB_WINCELLS(cur, free_, t->h);
    if (mw & poss) return AB_WIN - ply - 1;
    ow = BB_WINCELLS(cur ^ mask, free_, t->h);
    forced = ow & poss;
    if (forced) {
        if (forced & (forced - 1)) return -(AB_WIN - ply - 2);
        moves = forced;
    } else {
        moves = poss & ~(ow >> 1);
        if (!moves) return -(AB_WIN - ply - 2);
    }
    if (depth <= 0) return L(evaluate)(t, cur, mask, mw, ow);
    key = cur + mask;
    if ((e = L(tt_find)(&t->tt, key)) != NULL) {
        first = e->move;
        if (e->depth >= depth) {
            v = e->value > AB_MATE ? e->value - ply : e->value < -AB_MATE ? e->value + ply
                                                                          : e->value;
            if (e->kind == AB_EXACT) return v;
            if (e->kind == AB_LOWER) { if (v >= beta) return v; }
            else if (v <= alpha) return v;
        }
    }
    opp = cur ^ mask;
    if (moves & (moves - 1)) {
        if (depth > 1) n = L(order)(t, cur, free_, moves, first, cells);
        else for (i = 0; i < t->w; i++) if (moves & t->cols[i]) cells[n++] = moves & t->cols[i];
        child_depth = depth - 1;
    } else {
        cells[n++] = moves;
        child_depth = depth;                      /* the forced-move extension */
    }
    for (i = 0; i < n; i++) {
        v = -L(negamax)(t, s, opp, mask | cells[i], child_depth, -beta, -alpha, ply + 1);
        if (s->cut) return 0;
        if (v > best) {
            best = v; best_move = cells[i];
            if (v > alpha) { alpha = v; if (alpha >= beta) break; }
        }
    }
    kind = best <= alpha0 ? AB_UPPER : best >= beta ? AB_LOWER : AB_EXACT;
    stored = best > AB_MATE ? best + ply : best < -AB_MATE ? best - ply : best;
    L(store)(t, key, depth, kind, stored, best_move);
    return best;
}

/* alphabeta's _root: one iteration over the root ``cells`` of ``(pcur, pmask)``, each searched
 * below a floor of the best so far less ``margin``; the scores by column in ``out`` (``has``:
 * searched). The search without the GIL, under ``lock``, the table allocated on the first call;
 * 0, or -1 with an exception set. */
static int L(root)(L(Table) *t, PyThread_type_lock lock, ABRun *s, double seconds, PyObject *pcur,
                   PyObject *pmask, PyObject *cells, int depth, int64_t margin, int64_t *out,
                   int *has) {
    BB cur, mask, ms[BB_MAXW];
    int i, c, n = (int)PyTuple_GET_SIZE(cells), nomem = 0;
    if (!BB_FROM_PY(pcur, &cur) || !BB_FROM_PY(pmask, &mask)) return -1;
    for (i = 0; i < n; i++)
        if (!BB_FROM_PY(PyTuple_GET_ITEM(cells, i), &ms[i])) return -1;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(lock, WAIT_LOCK);
    s->deadline = now_seconds() + seconds;
    if (t->tt.entries == NULL && L(tt_alloc)(&t->tt, t->tt.limit) != 0) nomem = 1;
    if (!nomem) {
        BB opp = cur ^ mask, mw = BB_WINCELLS(cur, t->full ^ mask, t->h);
        int64_t best = -AB_INF, v, floor_;
        for (i = 0; i < n; i++) {
            if (mw & ms[i]) {
                v = AB_WIN - 1;
            } else {
                floor_ = best > -AB_INF ? best - margin - 1 : -AB_INF;
                v = -L(negamax)(t, s, opp, mask | ms[i], depth - 1, -AB_INF, -floor_, 1);
                if (s->cut) break;
            }
            for (c = 0; c < t->w; c++)
                if (ms[i] >> (c * (t->h + 1)) & ((((BB)1) << t->h) - 1)) {
                    out[c] = v; has[c] = 1;
                }
            if (v > best) best = v;
        }
    }
    PyThread_release_lock(lock);
    Py_END_ALLOW_THREADS
    if (nomem) PyErr_NoMemory();
    return nomem ? -1 : 0;
}
