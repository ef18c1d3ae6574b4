/* The assignment's search behind AIPlayer.scores_for (BU CS111 ps9, Problem 4), as
 * connect4_game.ai.search.Engine: win (OR node: can the side to move force a four within d
 * plies?) and lose (AND node: does the opponent answer every reply with a forced four?) on one
 * bitboard type, node for node the Python engine, its two dict tables in insertion order (the
 * older half dropped when a new key finds one full). _ckernel.c includes this file once a type,
 * after _ckernel_solver.h, with the same macros and T(name) (this instance's names) defined. */

typedef struct {
    BB key;
    int32_t value;
} T(Entry);

#define D(name) T(d_##name)
#define D_ENTRY T(Entry)
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
    BB_BOARD b;
    BB claim_rows, claim_bad, colmask[BB_MAXW];   /* colmask: by column, left to right */
    int order_depth, claim_depth;
    uint64_t nodes;
    T(d_Dict) table, table2;             /* win_depth << 8 | nowin_depth; loss << 16 | ... */
} T(Engine);

/* search.py's ``if len(table) >= cap: drop_older_half(table)`` before a new key */
static void T(make_room)(T(d_Dict) *d) {
    if (d->used >= d->limit) T(d_drop_oldest)(d, d->used / 2 > 1 ? d->used / 2 : 1);
}

/* ``table[key] = value`` for a key not there yet: it goes last */
static void T(add)(T(d_Dict) *d, BB key, int32_t value) {
    T(d_append)(d, key)->value = value;
}

static int T(col_of)(const T(Engine) *t, BB r) {
    int c;
    for (c = 0; c < t->b.w; c++) if (r & t->colmask[c]) return c;
    return 0;
}

/* no four can ever be made with ``pot``'s cells */
static int T(no_four)(const T(Engine) *t, BB pot) {
    int s[3] = {t->b.h + 1, t->b.h, t->b.h + 2}, i;
    BB q = pot & (pot >> 1);
    if (q & (q >> 2)) return 0;
    for (i = 0; i < 3; i++) {
        q = pot & (pot >> s[i]);
        if (q & (q >> (2 * s[i]))) return 0;
    }
    return 1;
}

static void T(store)(T(Engine) *t, BB k, int d, int res) {
    T(Entry) *e = T(d_find)(&t->table, k);
    int32_t v;
    if (e == NULL) {
        T(make_room)(&t->table);
        v = 255 << 8;
        if (res) { if (d < v >> 8) T(add)(&t->table, k, (d << 8) | (v & 255)); }
        else if (d > (v & 255)) T(add)(&t->table, k, (v & ~255) | d);
        else T(add)(&t->table, k, v);
        return;
    }
    v = e->value;
    if (res) { if (d < v >> 8) e->value = (d << 8) | (v & 255); }
    else if (d > (v & 255)) e->value = (v & ~255) | d;
}

static void T(refuted)(T(Engine) *t, BB k, int d, BB r) {
    int col = T(col_of)(t, r);
    T(Entry) *e = T(d_find)(&t->table2, k);
    int32_t v;
    if (e == NULL) {
        T(make_room)(&t->table2);
        v = 255 << 16;
    } else {
        v = e->value;
    }
    v = d > ((v >> 8) & 255) ? (v & ~0xFFFF) | (d << 8) | col : (v & ~255) | col;
    if (e) e->value = v;
    else T(add)(&t->table2, k, v);
}

static int T(lose)(T(Engine) *t, BB cur, BB mask, BB replies, int d, BB mw);

/* Engine.win: ``ow_known`` 0 where the caller passed -1 */
static int T(win)(T(Engine) *t, BB cur, BB mask, int d, BB mw, BB ow, int ow_known) {
    const BB_BOARD *b = &t->b;
    BB poss, free_, opp, forced, moves, k, kb, ms[BB_MAXW], rs[BB_MAXW], ws[BB_MAXW];
    int sc[BB_MAXW], cnt = 0, i, j, d1;
    T(Entry) *e;
    t->nodes++;
    poss = (mask + b->bottom) & b->full;
    if (mw & poss) return 1;
    if (d < 5) {
        if (d < 3) return 0;
    } else if (!(d & 1)) {
        d -= 1;                           /* cur's fours fall on odd plies only */
    }
    free_ = b->full ^ mask;
    if (T(no_four)(t, cur | free_)) return 0;
    if (!(poss & t->claim_bad) && d >= t->claim_depth
            && T(no_four)(t, cur | (free_ & t->claim_rows)))
        return 0;                         /* claimeven (Allis) */
    opp = cur ^ mask;
    if (!ow_known) ow = BB_WINCELLS(opp, free_, b->h);
    forced = ow & poss;
    if (forced) {
        if (forced & (forced - 1)) return 0;
        moves = forced & ~(ow >> 1);
    } else {
        moves = poss & ~(ow >> 1);
    }
    if (!moves) return 0;
    k = cur + mask;
    if ((e = T(d_find)(&t->table, k)) != NULL) {
        if (e->value >> 8 <= d) return 1;
        if ((e->value & 255) >= d) return 0;
    }
    kb = opp + mask;
    for (i = 0; i < b->w; i++) {
        BB m = moves & b->cols[i], mw2, poss2, tt, rep;
        if (!m) continue;
        if (d >= 5) {
            T(Entry) *e2 = T(d_find)(&t->table2, kb + m);
            if (e2 != NULL && e2->value >> 16 < d) { T(store)(t, k, d, 1); return 1; }
        }
        mw2 = BB_WINCELLS(cur | m, free_ ^ m, b->h);
        poss2 = (mask + m + b->bottom) & b->full;
        tt = mw2 & poss2;
        if (tt) {
            if (tt & (tt - 1)) { T(store)(t, k, d, 1); return 1; }     /* double threat */
            rep = tt & ~(mw2 >> 1);
            if (!rep) { T(store)(t, k, d, 1); return 1; }             /* block, four above */
        } else {
            rep = poss2 & ~(mw2 >> 1);
            if (!rep) {
                if (poss2) { T(store)(t, k, d, 1); return 1; }        /* every reply loses */
                continue;                                             /* board full: draw */
            }
        }
        sc[cnt] = BB_POPCOUNT(mw2); ms[cnt] = m; rs[cnt] = rep; ws[cnt] = mw2;
        cnt++;
    }
    if (d >= 5) {
        for (i = 1; i < cnt; i++) {       /* most threats first, a stable sort */
            int s0 = sc[i];
            BB m0 = ms[i], r0 = rs[i], w0 = ws[i];
            for (j = i; j > 0 && sc[j - 1] < s0; j--) {
                sc[j] = sc[j - 1]; ms[j] = ms[j - 1]; rs[j] = rs[j - 1]; ws[j] = ws[j - 1];
            }
            sc[j] = s0; ms[j] = m0; rs[j] = r0; ws[j] = w0;
        }
        d1 = d - 1;
        for (i = 0; i < cnt; i++)
            if (T(lose)(t, opp, mask | ms[i], rs[i], d1, ws[i])) { T(store)(t, k, d, 1); return 1; }
    }
    T(store)(t, k, d, 0);
    return 0;
}

/* Engine.lose */
static int T(lose)(T(Engine) *t, BB cur, BB mask, BB replies, int d, BB mw) {
    const BB_BOARD *b = &t->b;
    BB k, att, kb, rr, first = 0;
    int d1, i, j, cnt = 0;
    T(Entry) *e;
    t->nodes++;
    if (d & 1) d -= 1;                   /* the opponent's fours fall on even plies */
    if (d < 4) return 0;
    k = cur + mask;
    if ((e = T(d_find)(&t->table2, k)) != NULL) {
        if (e->value >> 16 <= d) return 1;
        if (((e->value >> 8) & 255) >= d) return 0;
        first = replies & t->colmask[e->value & 255];
    }
    att = cur ^ mask;
    d1 = d - 1;
    kb = att + mask;
    for (rr = replies; rr; ) {          /* a reply already refuted? */
        BB r = rr & (~rr + 1);
        T(Entry) *e2 = T(d_find)(&t->table, kb + r);
        if (e2 != NULL && (e2->value & 255) >= d1) { T(refuted)(t, k, d, r); return 0; }
        rr ^= r;
    }
    if (first) {
        if (!T(win)(t, att, mask | first, d1, mw & ~first, 0, 0)) {
            T(refuted)(t, k, d, first);
            return 0;
        }
        replies ^= first;
    }
    if (replies & (replies - 1)) {
        BB free_ = b->full ^ mask;
        if (d >= t->order_depth) {       /* strongest reply first: most own winning cells */
            BB rl[BB_MAXW], ol[BB_MAXW];
            int sc[BB_MAXW];
            for (i = 0; i < b->w; i++) {
                BB r = replies & b->cols[i], ow;
                int s0;
                if (!r) continue;
                ow = BB_WINCELLS(cur | r, free_ ^ r, b->h);
                s0 = BB_POPCOUNT(ow);
                for (j = cnt; j > 0 && sc[j - 1] < s0; j--) {
                    sc[j] = sc[j - 1]; rl[j] = rl[j - 1]; ol[j] = ol[j - 1];
                }
                sc[j] = s0; rl[j] = r; ol[j] = ow;
                cnt++;
            }
            for (i = 0; i < cnt; i++)
                if (!T(win)(t, att, mask | rl[i], d1, mw & ~rl[i], ol[i], 1)) {
                    T(refuted)(t, k, d, rl[i]);
                    return 0;
                }
        } else {
            for (i = 0; i < b->w; i++) {
                BB r = replies & b->cols[i];
                if (r && !T(win)(t, att, mask | r, d1, mw & ~r, 0, 0)) {
                    T(refuted)(t, k, d, r);
                    return 0;
                }
            }
        }
    } else if (replies && !T(win)(t, att, mask | replies, d1, mw & ~replies, 0, 0)) {
        T(refuted)(t, k, d, replies);
        return 0;
    }
    e = T(d_find)(&t->table2, k);
    if (e == NULL) {
        T(make_room)(&t->table2);
        if (d < 255) T(add)(&t->table2, k, (d << 16) | ((255 << 16) & 0xFFFF));
    } else if (d < e->value >> 16) {
        e->value = (d << 16) | (e->value & 0xFFFF);
    }
    return 1;
}

/* ---- the Python side's calls on this type (ThreatSearch, _ckernel.c) ---- */

/* the engine of an h x w board, its two tables of ``cap`` keys allocated; 0, or -1 */
static int T(setup)(T(Engine) *t, int h, int w, Py_ssize_t cap, int order_depth,
                    int claim_depth) {
    int c, r;
    S(set_board)(&t->b, h, w);
    t->order_depth = order_depth; t->claim_depth = claim_depth;
    t->claim_rows = 0;
    for (r = h % 2; r < h; r += 2) t->claim_rows |= t->b.bottom << r;
    t->claim_bad = t->b.full & ~t->claim_rows;
    for (c = 0; c < w; c++) t->colmask[c] = ((((BB)1) << h) - 1) << (c * (h + 1));
    t->nodes = 0;
    if (T(d_alloc)(&t->table, cap) == 0 && T(d_alloc)(&t->table2, cap) == 0) return 0;
    T(d_free)(&t->table); T(d_free)(&t->table2);
    return -1;
}

static void T(release)(T(Engine) *t) {
    T(d_free)(&t->table); T(d_free)(&t->table2);
}

static void T(clear)(T(Engine) *t) {
    T(d_clear)(&t->table); T(d_clear)(&t->table2);
}

/* an int argument that may be -1 (``known`` 0) or a bitboard */
static int T(maybe)(PyObject *x, BB *out, int *known) {
    int overflow = 0;
    if (PyLong_Check(x) && PyLong_AsLongAndOverflow(x, &overflow) == -1 && !overflow
            && !PyErr_Occurred()) {
        *known = 0;
        return 1;
    }
    PyErr_Clear();
    return BB_FROM_PY(x, out);
}

/* Engine.win(cur, mask, d, mw, ow) and Engine.lose(cur, mask, replies, d, mw) */
static PyObject *T(py_call)(T(Engine) *t, PyThread_type_lock lock, PyObject *args, int lose) {
    PyObject *o[4];
    BB a[4] = {0, 0, 0, 0};
    int d, r, known = 1;
    if (lose ? !PyArg_ParseTuple(args, "OOOiO", &o[0], &o[1], &o[2], &d, &o[3])
             : !PyArg_ParseTuple(args, "OOiOO", &o[0], &o[1], &d, &o[2], &o[3]))
        return NULL;
    if (!BB_FROM_PY(o[0], &a[0]) || !BB_FROM_PY(o[1], &a[1]) || !BB_FROM_PY(o[2], &a[2])
            || !(lose ? BB_FROM_PY(o[3], &a[3]) : T(maybe)(o[3], &a[3], &known)))
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(lock, WAIT_LOCK);
    r = lose ? T(lose)(t, a[0], a[1], a[2], d, a[3]) : T(win)(t, a[0], a[1], d, a[2], a[3], known);
    PyThread_release_lock(lock);
    Py_END_ALLOW_THREADS
    return PyBool_FromLong(r);
}

/* Engine.table2's value of a key, or None */
static PyObject *T(py_get2)(T(Engine) *t, PyObject *key) {
    BB k;
    const T(Entry) *e;
    if (!BB_FROM_PY(key, &k)) return NULL;
    e = T(d_find)(&t->table2, k);
    return e ? PyLong_FromLong(e->value) : Py_NewRef(Py_None);
}
