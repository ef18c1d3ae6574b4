/* The compiled search kernels of connect4_game.ai.solver (Kernel) and of the named levels'
 * search, connect4_game.ai.alphabeta (LevelSearch, below). Kernel: the same negamax as the solver's
 * pure-Python kernel (Pascal Pons, "Solving Connect 4: how to build a perfect AI", 2019, parts
 * 3-12), on uint64 bitboards for boards with (h+1)*w <= 64, node for node: the same move order,
 * the same transposition table (slots, index, replacement, value encoding), the same opening-book
 * probe. The search runs without the GIL; one search at a time per Kernel (a lock).
 * Plain C99 with fallbacks for MSVC (no __int128, no GCC builtins needed). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "pythread.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#if defined(_WIN32)
#include <windows.h>
static double now_seconds(void) {
    LARGE_INTEGER f, c;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&c);
    return (double)c.QuadPart / (double)f.QuadPart;
}
#else
#include <time.h>
static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
#endif

#if defined(__GNUC__) || defined(__clang__)
#define POPCOUNT(x) __builtin_popcountll(x)
#define PREFETCH(p) __builtin_prefetch(p)
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h>
#define PREFETCH(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#endif
#ifndef PREFETCH
#define PREFETCH(p) ((void)(p))
#endif
#if !defined(__GNUC__) && !defined(__clang__)
static int POPCOUNT(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif

#define MAXW 32             /* (h+1)*w <= 64 and h >= 1 */
#define LIMITED 1024          /* depths below this are depth-limited searches */
#define TIME_EVERY 4096       /* nodes between two looks at the clock */
#define LIMITED_SLOTS 262139  /* a prime: the table of one depth-limited search */
#define FULL_DEPTH (1 << 20)  /* never reaches LIMITED: the full searches */
#define ETC_EMPTY 12           /* enhanced transposition cut-offs with more empty cells */
#define NO_GUESS (-30000)     /* search(): bisect without a guess */
#define NO_BISECT (-30001)    /* search(): one negamax, no bisection */

typedef struct {
    PyObject_HEAD
    int h, w, cells;
    uint64_t full, bottom, cols[MAXW];   /* cols: column masks, centre first */
    uint64_t size;                       /* slots of the table, a prime */
    int narrow;                          /* keys stored as their low 32 bits (exact by CRT) */
    int entry;                           /* bytes a slot: the key (4 or 8), then the value */
    uint8_t *table;                      /* slots of one key and one value, packed: one miss */
    Py_buffer bkeys, bvals;              /* the 12-ply book: sorted int32 keys, signed bytes */
    int has_book;
    PyThread_type_lock lock;
} Kernel;

typedef struct {
    Kernel *k;
    uint64_t *lk;                        /* the depth-limited search's table, or NULL */
    uint16_t *ld;
    uint8_t *lv;
    int book_ply, root_n, up_off, low_off, low;
    uint64_t root_move, nodes, node_limit;
    double deadline;
    int aborted;
} Search;

static uint64_t wincells(uint64_t p, uint64_t free_, int h) {
    uint64_t r = (p << 1) & (p << 2) & (p << 3), lo, hi, a, b;
    int s[3] = {h + 1, h, h + 2}, i;
    for (i = 0; i < 3; i++) {
        int d = s[i];
        lo = p << d;
        hi = p >> d;
        a = lo & (lo << d);
        b = hi & (hi >> d);
        r |= (a & ((a << d) | hi)) | (b & ((b >> d) | lo));
    }
    return r & free_;
}

/* bitbully's key of a 6x7 position with 12 checkers (``first``: X's cells) */
static int32_t huffman_key(uint64_t first, uint64_t mask, int mirror) {
    uint32_t code = 0;
    int i;
    for (i = 0; i < 7; i++) {
        int c = mirror ? 6 - i : i, sh = c * 7, r;
        uint64_t col = (mask >> sh) & 63, xb = (first >> sh) & 63;
        for (r = 0; r < 6 && ((col >> r) & 1); r++)
            code = (code << 2) | (((xb >> r) & 1) ? 2u : 3u);
        code <<= 1;
    }
    code <<= 1;
    return (int32_t)code;
}

static int book_lookup(Kernel *k, int32_t key, int *out) {
    const int32_t *keys = (const int32_t *)k->bkeys.buf;
    Py_ssize_t lo = 0, hi = k->bkeys.len / 4;
    while (lo < hi) {
        Py_ssize_t mid = lo + (hi - lo) / 2;
        if (keys[mid] < key) lo = mid + 1; else hi = mid;
    }
    if (lo < k->bkeys.len / 4 && keys[lo] == key) {
        *out = (int)(int8_t)((const uint8_t *)k->bvals.buf)[lo];
        return 1;
    }
    return 0;
}

/* the Pons score of a 12-checker 6x7 position from the book, or 0 when it is not there */
static int book_probe(Kernel *k, uint64_t cur, uint64_t mask, int *score) {
    int v, d;
    if (!book_lookup(k, huffman_key(cur, mask, 0), &v)
            && !book_lookup(k, huffman_key(cur, mask, 1), &v))
        return 0;
    d = v > 0 ? 100 - v : (v < 0 ? -(100 + v) : 0);   /* signed plies to the end */
    if (d > 0) *score = (k->cells + 2 - 12 - d) / 2;
    else if (d < 0) *score = -((k->cells + 2 - 12 + d) / 2);
    else *score = 0;
    return 1;
}

static uint64_t stored_key(const Kernel *k, const uint8_t *e) {
    if (k->narrow) {
        uint32_t x;
        memcpy(&x, e, 4);
        return x;
    } else {
        uint64_t x;
        memcpy(&x, e, 8);
        return x;
    }
}

static int negamax(Search *s, uint64_t cur, uint64_t mask, int n, int alpha, int beta, int depth,
                   uint64_t ow) {
    Kernel *k = s->k;
    const uint64_t FULL = k->full;
    const int CELLS = k->cells;
    uint64_t poss, forced, key, opp, slot = 0;
    uint64_t ms[MAXW], ws[MAXW];
    int sc[MAXW], cnt = 0, i, j, v = 0, found = 0, lo, hi, sv;
    if (++s->nodes >= s->node_limit) { s->aborted = 1; return 0; }
    if ((s->nodes & (TIME_EVERY - 1)) == 0 && now_seconds() >= s->deadline) {
        s->aborted = 1;
        return 0;
    }
    poss = (mask + k->bottom) & FULL;
    forced = poss & ow;
    if (forced) {
        if (forced & (forced - 1)) return -((CELLS - n) / 2);
        poss = forced;
    }
    poss &= ~(ow >> 1);
    if (!poss) return -((CELLS - n) / 2);
    if (n >= CELLS - 2) return 0;
    if (depth <= 0) return 0;
    lo = -((CELLS - 2 - n) / 2);
    if (alpha < lo) { alpha = lo; if (alpha >= beta) return alpha; }
    hi = (CELLS - 1 - n) / 2;
    if (beta > hi) { beta = hi; if (alpha >= beta) return beta; }
    key = cur + mask;
    if (depth < LIMITED) {
        slot = (key * LIMITED + (uint64_t)depth) % LIMITED_SLOTS;
        if (s->lk[slot] == key && s->ld[slot] == depth && s->lv[slot]) {
            v = s->lv[slot];
            found = 1;
        }
    } else {
        const uint8_t *e;
        slot = key % k->size;
        e = k->table + slot * k->entry;
        if (e[k->entry - 1] && stored_key(k, e) == (k->narrow ? key & 0xFFFFFFFFu : key)) {
            v = e[k->entry - 1];
            found = 1;
        }
    }
    if (found) {
        if (v >= s->low) {
            v -= s->low_off;
            if (alpha < v) { alpha = v; if (alpha >= beta) return alpha; }
        } else {
            v -= s->up_off;
            if (beta > v) { beta = v; if (alpha >= beta) return beta; }
        }
    } else if (n == s->book_ply && k->has_book && book_probe(k, cur, mask, &v)) {
        return v;
    }
    opp = cur ^ mask;
    for (i = 0; i < k->w && depth >= LIMITED; i++) {   /* the children's slots are fetched */
        uint64_t m = poss & k->cols[i];                   /* while this node sorts its moves */
        if (m) PREFETCH(k->table + ((opp + (mask | m)) % k->size) * k->entry);
    }
    for (i = 0; i < k->w; i++) {
        uint64_t m = poss & k->cols[i];
        if (m) {
            uint64_t wc = wincells(cur | m, FULL ^ (mask | m), k->h);
            int score = POPCOUNT(wc);
            for (j = cnt; j > 0 && sc[j - 1] < score; j--) {  /* stable, most threats first */
                sc[j] = sc[j - 1]; ms[j] = ms[j - 1]; ws[j] = ws[j - 1];
            }
            sc[j] = score; ms[j] = m; ws[j] = wc;
            cnt++;
        }
    }
    if (depth >= LIMITED && cnt > 1 && CELLS - n > ETC_EMPTY) {
        for (i = 0; i < cnt; i++) {   /* a child's upper bound in the table may cut already */
            uint64_t ck = opp + (mask | ms[i]);
            const uint8_t *e = k->table + (ck % k->size) * k->entry;
            int cv = e[k->entry - 1];
            if (cv && cv < s->low && s->up_off - cv >= beta
                    && stored_key(k, e) == (k->narrow ? ck & 0xFFFFFFFFu : ck)) {
                alpha = s->up_off - cv;
                v = alpha + s->low_off;
                if (n == s->root_n) s->root_move = ms[i];
                goto store;
            }
        }
    }
    for (i = 0; i < cnt; i++) {
        uint64_t m = ms[i];
        sv = -negamax(s, opp, mask | m, n + 1, -beta, -alpha, depth - 1, ws[i]);
        if (s->aborted) return 0;
        if (sv >= beta) {
            v = sv + s->low_off;
            if (n == s->root_n) s->root_move = m;
            alpha = sv;
            goto store;
        }
        if (sv > alpha) alpha = sv;
    }
    v = alpha + s->up_off;
store:
    if (depth < LIMITED) {
        s->lk[slot] = key; s->ld[slot] = (uint16_t)depth; s->lv[slot] = (uint8_t)v;
    } else {
        uint8_t *e = k->table + slot * k->entry;
        if (k->narrow) { uint32_t x = (uint32_t)key; memcpy(e, &x, 4); } else memcpy(e, &key, 8);
        e[k->entry - 1] = (uint8_t)v;
    }
    return alpha;
}

static void free_table(Kernel *k) {
    free(k->table);
    k->table = NULL;
}

static int Kernel_init(Kernel *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"height", "width", "slots", NULL};
    int h, w, c, i;
    unsigned long long slots;
    int order[MAXW];
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiK", names, &h, &w, &slots)) return -1;
    if (self->lock) {   /* a second __init__: the next search allocates the new size */
        PyThread_acquire_lock(self->lock, WAIT_LOCK);
        free_table(self);
        PyThread_release_lock(self->lock);
    }
    if (h < 1 || w < 1 || (h + 1) * w > 64 || slots < 2) {
        PyErr_SetString(PyExc_ValueError,
                        "the compiled kernel needs (height+1)*width <= 64 and slots >= 2");
        return -1;
    }
    self->h = h; self->w = w; self->cells = h * w; self->size = slots;
    self->bottom = 0;
    for (c = 0; c < w; c++) self->bottom |= (uint64_t)1 << (c * (h + 1));
    self->full = self->bottom * ((((uint64_t)1) << h) - 1);
    for (c = 0; c < w; c++) order[c] = c;
    for (c = 1; c < w; c++) {   /* centre first, then left before right: the solver's order */
        int x = order[c], kx = abs(2 * x - (w - 1));
        for (i = c; i > 0 && abs(2 * order[i - 1] - (w - 1)) > kx; i--) order[i] = order[i - 1];
        order[i] = x;
    }
    for (c = 0; c < w; c++) self->cols[c] = ((((uint64_t)1) << h) - 1) << (order[c] * (h + 1));
    /* keys < 2**((h+1)*w): their low 32 bits and the slot (key mod an odd prime >=
     * 2**(bits-32)) fix them */
    self->narrow = (slots % 2 == 1)
        && ((h + 1) * w <= 32 || (double)slots >= ldexp(1.0, (h + 1) * w - 32));
    self->entry = self->narrow ? 5 : 9;
    if (self->lock == NULL && (self->lock = PyThread_allocate_lock()) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Kernel_dealloc(Kernel *self) {
    free_table(self);
    if (self->has_book) { PyBuffer_Release(&self->bkeys); PyBuffer_Release(&self->bvals); }
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Kernel_set_book(Kernel *self, PyObject *args) {
    Py_buffer keys, vals;
    if (!PyArg_ParseTuple(args, "y*y*", &keys, &vals)) return NULL;
    if (keys.len % 4 || keys.len / 4 != vals.len || self->h != 6 || self->w != 7) {
        PyBuffer_Release(&keys); PyBuffer_Release(&vals);
        PyErr_SetString(PyExc_ValueError, "the book needs 6x7 and one value per 4-byte key");
        return NULL;
    }
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    if (self->has_book) { PyBuffer_Release(&self->bkeys); PyBuffer_Release(&self->bvals); }
    self->bkeys = keys; self->bvals = vals; self->has_book = 1;
    PyThread_release_lock(self->lock);
    Py_RETURN_NONE;
}

static PyObject *Kernel_clear(Kernel *self, PyObject *unused) {
    (void)unused;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    if (self->table)   /* zeroed in place, as Pons' reset: no page faults on the next search */
        memset(self->table, 0, self->size * self->entry);
    PyThread_release_lock(self->lock);
    Py_END_ALLOW_THREADS
    Py_RETURN_NONE;
}

/* the solver's null-window bisection of the score (Pons part 7) within lo..hi, the guess (if
 * inside) tested first; the move that reached the final lo (0 if none); bounds so far if cut */
static uint64_t bisect(Search *s, uint64_t cur, uint64_t mask, int n, int *lo, int *hi, int guess,
                       uint64_t ow) {
    uint64_t move = 0;
    while (*lo < *hi) {
        int med, r;
        if (guess != NO_GUESS && *lo <= guess && guess < *hi) {
            med = guess;
        } else {
            med = *lo + (*hi - *lo) / 2;
            if (med <= 0 && *lo / 2 < med) med = *lo / 2;          /* towards 0, as Pons */
            else if (med >= 0 && *hi / 2 > med) med = *hi / 2;
        }
        guess = NO_GUESS;
        s->root_move = 0;
        r = negamax(s, cur, mask, n, med, med + 1, FULL_DEPTH, ow);
        if (s->aborted) break;
        if (r <= med) *hi = r;
        else { *lo = r; move = s->root_move; }
    }
    return move;
}

/* a search's state, the GIL released and the kernel's lock taken; 0, or -1 without memory */
static int begin(Kernel *self, Search *s, int limited, int book_ply, int root_n,
                 unsigned long long node_limit, double seconds) {
    int B = self->cells / 2 + 2;
    memset(s, 0, sizeof *s);
    s->k = self;
    s->up_off = B; s->low = 2 * B; s->low_off = 3 * B;
    s->book_ply = book_ply; s->root_n = root_n; s->node_limit = node_limit;
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    s->deadline = now_seconds() + seconds;
    if (limited) {
        s->lk = calloc(LIMITED_SLOTS, sizeof *s->lk);
        s->ld = calloc(LIMITED_SLOTS, sizeof *s->ld);
        s->lv = calloc(LIMITED_SLOTS, 1);
        return !s->lk || !s->ld || !s->lv ? -1 : 0;
    }
    if (self->table == NULL) self->table = calloc(self->size, self->entry);
    return self->table == NULL ? -1 : 0;
}

static void end(Kernel *self, Search *s) {
    free(s->lk); free(s->ld); free(s->lv);
    PyThread_release_lock(self->lock);
}

static PyObject *Kernel_search(Kernel *self, PyObject *args) {
    unsigned long long cur, mask, node_limit;
    int alpha, beta, depth, book_ply, root_n, guess, nomem;
    double seconds;
    Search s;
    uint64_t move = 0;
    if (!PyArg_ParseTuple(args, "KKiiiiiiKd", &cur, &mask, &alpha, &beta, &depth, &root_n, &guess,
                          &book_ply, &node_limit, &seconds))
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    nomem = begin(self, &s, depth < LIMITED, book_ply, root_n, node_limit, seconds);
    if (!nomem) {
        uint64_t ow = wincells(cur ^ mask, self->full ^ mask, self->h);
        if (guess == NO_BISECT) {
            alpha = beta = negamax(&s, cur, mask, POPCOUNT(mask), alpha, beta, depth, ow);
            move = s.root_move;
        } else {
            move = bisect(&s, cur, mask, POPCOUNT(mask), &alpha, &beta, guess, ow);
        }
    }
    end(self, &s);
    Py_END_ALLOW_THREADS
    if (nomem) return PyErr_NoMemory();
    return Py_BuildValue("iiiKK", s.aborted, alpha, beta, (unsigned long long)move,
                         (unsigned long long)s.nodes);
}

/* the Pons score of every column (NO_GUESS: full) of a position of ``value`` whose children
 * have more checkers than the few-checker table: as the solver's Python loop, each child's
 * end of game, book entry or bisection with ``-value`` as its bound and first guess */
static void columns(Search *s, uint64_t cur, uint64_t mask, int value, int *out) {
    Kernel *k = s->k;
    int n = POPCOUNT(mask) + 1, c;
    uint64_t wins = wincells(cur, k->full ^ mask, k->h), poss = (mask + k->bottom) & k->full;
    for (c = 0; c < k->w && !s->aborted; c++) {
        uint64_t cell = poss & ((((uint64_t)1) << k->h) - 1) << (c * (k->h + 1));
        uint64_t child = cur ^ mask, cmask = mask | cell, ow;
        int lo = -((k->cells - n) / 2), hi = (k->cells - 1 - n) / 2, v;
        if (!cell) { out[c] = NO_GUESS; continue; }
        if (cell & wins) { out[c] = (k->cells + 2 - n) / 2; continue; }
        ow = wincells(cur | cell, k->full ^ cmask, k->h);      /* the mover's, after the move */
        if (n >= k->cells) v = 0;
        else if (wincells(child, k->full ^ cmask, k->h) & (cmask + k->bottom) & k->full)
            v = (k->cells + 1 - n) / 2;                         /* the reply wins at once */
        else if (!(n == s->book_ply && k->has_book && book_probe(k, child, cmask, &v))) {
            if (lo < -value) lo = -value;
            bisect(s, child, cmask, n, &lo, &hi, -value, ow);
            v = lo;
        }
        out[c] = -v;
    }
}

static PyObject *Kernel_columns(Kernel *self, PyObject *args) {
    unsigned long long cur, mask, node_limit;
    int value, book_ply, nomem, out[MAXW], c;
    double seconds;
    Search s;
    PyObject *scores;
    if (!PyArg_ParseTuple(args, "KKiiKd", &cur, &mask, &value, &book_ply, &node_limit, &seconds))
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    nomem = begin(self, &s, 0, book_ply, -1, node_limit, seconds);
    if (!nomem) columns(&s, cur, mask, value, out);
    end(self, &s);
    Py_END_ALLOW_THREADS
    if (nomem) return PyErr_NoMemory();
    if ((scores = PyTuple_New(self->w)) == NULL) return NULL;
    for (c = 0; c < self->w; c++) {
        PyObject *v = out[c] == NO_GUESS ? Py_NewRef(Py_None) : PyLong_FromLong(out[c]);
        if (v == NULL) { Py_DECREF(scores); return NULL; }
        PyTuple_SET_ITEM(scores, c, v);
    }
    return Py_BuildValue("iNK", s.aborted, scores, (unsigned long long)s.nodes);
}

static PyMethodDef Kernel_methods[] = {
    {"search", (PyCFunction)Kernel_search, METH_VARARGS,
     "search(cur, mask, alpha, beta, depth, root_n, guess, book_ply, node_limit, seconds)"
     " -> (aborted, lo, hi, move, nodes): guess NO_BISECT: one negamax (lo = hi = its score),"
     " else the bisection of lo=alpha..hi=beta"},
    {"columns", (PyCFunction)Kernel_columns, METH_VARARGS,
     "columns(cur, mask, value, book_ply, node_limit, seconds) -> (aborted, scores, nodes)"},
    {"set_book", (PyCFunction)Kernel_set_book, METH_VARARGS, "set_book(keys, values)"},
    {"clear", (PyCFunction)Kernel_clear, METH_NOARGS,
     "Forget the transposition table (kept allocated, zeroed)."},
    {NULL, NULL, 0, NULL}
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "connect4_game.ai._ckernel.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Kernel(height, width, slots): the solver's negamax on uint64 bitboards.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
};

/* ---- The named levels' search: connect4_game.ai.alphabeta's negamax, node for node ----
 * Depth-limited negamax with alpha-beta, the static evaluation of connect4_game.ai.evaluate
 * (its masks and weights given by the Python side) and a transposition table that behaves as
 * the Python one, a dict of at most max_entries keys in insertion order whose older half is
 * dropped when it is full: the same entries, the same first moves, the same node counts. */
#define AB_WIN 100000000LL              /* alphabeta.WIN */
#define AB_INF (2 * AB_WIN)
#define AB_MATE (AB_WIN - 10000)
#define AB_LAYERS 32
enum { AB_EXACT, AB_LOWER, AB_UPPER };

typedef struct {
    uint64_t key, move;
    int64_t value;
    int32_t depth, kind;
} ABEntry;

typedef struct {
    PyObject_HEAD
    int h, w, cells, nlayers;
    uint64_t full, bottom, cols[MAXW];  /* cols: column masks in the search's order */
    uint64_t even_good, odd_good, layer[AB_LAYERS];
    int64_t step[AB_LAYERS], w_good, w_other, w_stacked, w_zugzwang;
    Py_ssize_t max_entries, used;
    ABEntry *entries;                   /* the table's entries, oldest first */
    int32_t *index;                     /* open addressing: 1 + an entry's place, 0 empty */
    int index_bits;
    PyThread_type_lock lock;
} Levels;

typedef struct {
    Levels *k;
    uint64_t nodes, node_budget;
    double deadline;
    int cut;                            /* 0, 1: the node budget, 2: the clock */
} ABSearch;

static uint64_t ab_slot(const Levels *k, uint64_t key) {
    return (key * 0x9E3779B97F4A7C15ULL) >> (64 - k->index_bits);
}

static ABEntry *ab_find(Levels *k, uint64_t key) {
    uint64_t i = ab_slot(k, key), m = ((uint64_t)1 << k->index_bits) - 1;
    int32_t e;
    while ((e = k->index[i]) != 0) {
        if (k->entries[e - 1].key == key) return &k->entries[e - 1];
        i = (i + 1) & m;
    }
    return NULL;
}

static void ab_index(Levels *k, Py_ssize_t at) {
    uint64_t i = ab_slot(k, k->entries[at].key), m = ((uint64_t)1 << k->index_bits) - 1;
    while (k->index[i]) i = (i + 1) & m;
    k->index[i] = (int32_t)(at + 1);
}

/* alphabeta's ``if len(table) >= max_entries: drop_older_half(table)``, then ``table[key] = e``:
 * a key still there keeps its place */
static void ab_store(Levels *k, uint64_t key, int depth, int kind, int64_t value, uint64_t move) {
    ABEntry *e;
    if (k->used >= k->max_entries) {
        Py_ssize_t drop = k->used / 2 > 1 ? k->used / 2 : 1, i;
        memmove(k->entries, k->entries + drop, (size_t)(k->used - drop) * sizeof *k->entries);
        k->used -= drop;
        memset(k->index, 0, sizeof *k->index << k->index_bits);
        for (i = 0; i < k->used; i++) ab_index(k, i);
    }
    e = ab_find(k, key);
    if (e == NULL) {
        e = &k->entries[k->used];
        e->key = key;
        ab_index(k, k->used++);
    }
    e->move = move; e->value = value; e->depth = depth; e->kind = kind;
}

/* evaluate.Evaluator.evaluate: points for ``cur`` to move */
static int64_t ab_evaluate(const Levels *k, uint64_t cur, uint64_t mask, uint64_t mw,
                           uint64_t ow) {
    uint64_t opp = cur ^ mask, mine = k->odd_good, theirs = k->even_good;
    int64_t s, mg, og;
    int i;
    if ((k->cells - POPCOUNT(mask)) & 1) { mine = k->even_good; theirs = k->odd_good; }
    mg = POPCOUNT(mw & mine);
    og = POPCOUNT(ow & theirs);
    s = k->w_good * (mg - og)
        + k->w_other * ((POPCOUNT(mw) - mg) - (POPCOUNT(ow) - og))
        + k->w_stacked * (POPCOUNT(mw & (mw >> 1)) - POPCOUNT(ow & (ow >> 1)));
    if (mg && !og) s += k->w_zugzwang;
    else if (og && !mg) s -= k->w_zugzwang;
    for (i = 0; i < k->nlayers; i++)
        s += k->step[i] * (POPCOUNT(cur & k->layer[i]) - POPCOUNT(opp & k->layer[i]));
    return s;
}

/* alphabeta's order(): ``first``, then the other cells of ``moves``, most threats first
 * (a stable sort), in the search's column order */
static int ab_order(const Levels *k, uint64_t cur, uint64_t free_, uint64_t moves, uint64_t first,
                    uint64_t *out) {
    int sc[MAXW], n = 0, i, j, start = (first & moves) ? 1 : 0;
    if (start) out[0] = first;
    for (i = 0; i < k->w; i++) {
        uint64_t m = moves & k->cols[i];
        if (m && m != first) {
            int score = POPCOUNT(wincells(cur | m, free_ ^ m, k->h));
            for (j = n; j > 0 && sc[j - 1] < score; j--) {
                sc[j] = sc[j - 1]; out[start + j] = out[start + j - 1];
            }
            sc[j] = score; out[start + j] = m;
            n++;
        }
    }
    return start + n;
}

static int64_t ab_negamax(ABSearch *s, uint64_t cur, uint64_t mask, int depth, int64_t alpha,
                          int64_t beta, int ply) {
    Levels *k = s->k;
    uint64_t free_, poss, mw, ow, forced, moves, key, opp, first = 0, best_move = 0, cells[MAXW];
    int n = 0, i, child_depth, kind;
    int64_t v, best = -AB_INF, alpha0 = alpha, stored;
    ABEntry *e;
    if (++s->nodes >= s->node_budget) { s->cut = 1; return 0; }
    if ((s->nodes & (TIME_EVERY - 1)) == 0 && now_seconds() >= s->deadline) {
        s->cut = 2;
        return 0;
    }
    free_ = k->full ^ mask;
    poss = (mask + k->bottom) & k->full;
    if (!poss) return 0;
    mw = wincells(cur, free_, k->h);
    if (mw & poss) return AB_WIN - ply - 1;
    ow = wincells(cur ^ mask, free_, k->h);
    forced = ow & poss;
    if (forced) {
        if (forced & (forced - 1)) return -(AB_WIN - ply - 2);
        moves = forced;
    } else {
        moves = poss & ~(ow >> 1);
        if (!moves) return -(AB_WIN - ply - 2);
    }
    if (depth <= 0) return ab_evaluate(k, cur, mask, mw, ow);
    key = cur + mask;
    if ((e = ab_find(k, key)) != NULL) {
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
        if (depth > 1) n = ab_order(k, cur, free_, moves, first, cells);
        else for (i = 0; i < k->w; i++) if (moves & k->cols[i]) cells[n++] = moves & k->cols[i];
        child_depth = depth - 1;
    } else {
        cells[n++] = moves;
        child_depth = depth;                      /* the forced-move extension */
    }
    for (i = 0; i < n; i++) {
        v = -ab_negamax(s, opp, mask | cells[i], child_depth, -beta, -alpha, ply + 1);
        if (s->cut) return 0;
        if (v > best) {
            best = v; best_move = cells[i];
            if (v > alpha) { alpha = v; if (alpha >= beta) break; }
        }
    }
    kind = best <= alpha0 ? AB_UPPER : best >= beta ? AB_LOWER : AB_EXACT;
    stored = best > AB_MATE ? best + ply : best < -AB_MATE ? best - ply : best;
    ab_store(k, key, depth, kind, stored, best_move);
    return best;
}

static int Levels_init(Levels *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"height", "width", "max_entries", "cols", "even_good", "odd_good",
                            "layers", "weights", NULL};
    int h, w, i, bits = 1;
    Py_ssize_t max_entries;
    unsigned long long even_good, odd_good;
    PyObject *cols, *layers;
    long long wg, wo, ws, wz;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iinOKKO(LLLL)", names, &h, &w, &max_entries,
                                     &cols, &even_good, &odd_good, &layers, &wg, &wo, &ws, &wz))
        return -1;
    if (self->lock) {   /* a second __init__: the next search allocates the new size */
        PyThread_acquire_lock(self->lock, WAIT_LOCK);
        free(self->entries); free(self->index);
        self->entries = NULL; self->index = NULL; self->used = 0;
        PyThread_release_lock(self->lock);
    }
    if (h < 1 || w < 1 || (h + 1) * w > 64 || max_entries < 1 || max_entries > (1 << 29)
            || !PyTuple_Check(cols) || PyTuple_GET_SIZE(cols) != w || !PyTuple_Check(layers)
            || PyTuple_GET_SIZE(layers) > AB_LAYERS) {
        PyErr_SetString(PyExc_ValueError, "the compiled levels' search needs (height+1)*width <= "
                        "64, 1 <= max_entries <= 2**29, width column masks, at most 32 layers");
        return -1;
    }
    for (i = 0; i < w; i++) {
        self->cols[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(cols, i));
        if (PyErr_Occurred()) return -1;
    }
    self->nlayers = (int)PyTuple_GET_SIZE(layers);
    for (i = 0; i < self->nlayers; i++) {
        unsigned long long m;
        long long step;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(layers, i), "KL", &m, &step)) return -1;
        self->layer[i] = m; self->step[i] = step;
    }
    self->h = h; self->w = w; self->cells = h * w;
    self->bottom = 0;
    for (i = 0; i < w; i++) self->bottom |= (uint64_t)1 << (i * (h + 1));
    self->full = self->bottom * ((((uint64_t)1) << h) - 1);
    self->even_good = even_good; self->odd_good = odd_good;
    self->w_good = wg; self->w_other = wo; self->w_stacked = ws; self->w_zugzwang = wz;
    self->max_entries = max_entries;
    while (((Py_ssize_t)1 << bits) < 2 * max_entries) bits++;
    self->index_bits = bits;
    if (self->lock == NULL && (self->lock = PyThread_allocate_lock()) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Levels_dealloc(Levels *self) {
    free(self->entries); free(self->index);
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Levels_clear(Levels *self, PyObject *unused) {
    (void)unused;
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    if (self->index) memset(self->index, 0, sizeof *self->index << self->index_bits);
    self->used = 0;
    PyThread_release_lock(self->lock);
    Py_RETURN_NONE;
}

static Py_ssize_t Levels_len(Levels *self) {
    return self->used;
}

/* alphabeta's _root: one iteration over the root cells, each searched below a floor of the
 * best so far less ``margin`` */
static PyObject *Levels_root(Levels *self, PyObject *args) {
    unsigned long long cur, mask, nodes, node_budget;
    long long margin;
    int depth, n, i, c, nomem = 0, has[MAXW] = {0};
    double seconds;
    PyObject *cells, *scores;
    uint64_t ms[MAXW];
    int64_t out[MAXW];
    ABSearch s;
    if (!PyArg_ParseTuple(args, "KKO!iLKKd", &cur, &mask, &PyTuple_Type, &cells, &depth, &margin,
                          &nodes, &node_budget, &seconds))
        return NULL;
    n = (int)PyTuple_GET_SIZE(cells);
    if (n > self->w || depth < 1 || margin < 0) {
        PyErr_SetString(PyExc_ValueError, "at most width root cells, depth >= 1, margin >= 0");
        return NULL;
    }
    for (i = 0; i < n; i++) {
        ms[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(cells, i));
        if (PyErr_Occurred()) return NULL;
    }
    s.k = self; s.nodes = nodes; s.node_budget = node_budget; s.cut = 0;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    s.deadline = now_seconds() + seconds;
    if (self->entries == NULL) {
        self->entries = malloc((size_t)self->max_entries * sizeof *self->entries);
        self->index = calloc((size_t)1 << self->index_bits, sizeof *self->index);
        if (self->entries == NULL || self->index == NULL) {
            free(self->entries); free(self->index);
            self->entries = NULL; self->index = NULL;
            nomem = 1;
        }
    }
    if (!nomem) {
        uint64_t opp = cur ^ mask, mw = wincells(cur, self->full ^ mask, self->h);
        int64_t best = -AB_INF, v, floor_;
        for (i = 0; i < n; i++) {
            if (mw & ms[i]) {
                v = AB_WIN - 1;
            } else {
                floor_ = best > -AB_INF ? best - margin - 1 : -AB_INF;
                v = -ab_negamax(&s, opp, mask | ms[i], depth - 1, -AB_INF, -floor_, 1);
                if (s.cut) break;
            }
            for (c = 0; c < self->w; c++)
                if (ms[i] >> (c * (self->h + 1)) & ((((uint64_t)1) << self->h) - 1)) {
                    out[c] = v; has[c] = 1;
                }
            if (v > best) best = v;
        }
    }
    PyThread_release_lock(self->lock);
    Py_END_ALLOW_THREADS
    if (nomem) return PyErr_NoMemory();
    if ((scores = PyTuple_New(self->w)) == NULL) return NULL;
    for (c = 0; c < self->w; c++) {
        PyObject *v = has[c] ? PyLong_FromLongLong(out[c]) : Py_NewRef(Py_None);
        if (v == NULL) { Py_DECREF(scores); return NULL; }
        PyTuple_SET_ITEM(scores, c, v);
    }
    return Py_BuildValue("iNK", s.cut, scores, (unsigned long long)s.nodes);
}

static PyMethodDef Levels_methods[] = {
    {"root", (PyCFunction)Levels_root, METH_VARARGS,
     "root(cur, mask, cells, depth, margin, nodes, node_budget, seconds) -> (cut, scores, nodes):"
     " one iteration; cut 0, 1 (the node budget) or 2 (the clock)"},
    {"clear", (PyCFunction)Levels_clear, METH_NOARGS, "Forget the transposition table."},
    {NULL, NULL, 0, NULL}
};

static PySequenceMethods Levels_sequence = { .sq_length = (lenfunc)Levels_len };

static PyTypeObject LevelsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "connect4_game.ai._ckernel.LevelSearch",
    .tp_basicsize = sizeof(Levels),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "LevelSearch(height, width, max_entries, cols, even_good, odd_good, layers, weights):"
              " the named levels' negamax on uint64 bitboards; len(): the table's entries.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Levels_init,
    .tp_dealloc = (destructor)Levels_dealloc,
    .tp_methods = Levels_methods,
    .tp_as_sequence = &Levels_sequence,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_ckernel", "The compiled search kernels.", -1, NULL, NULL, NULL,
    NULL, NULL
};

PyMODINIT_FUNC PyInit__ckernel(void) {
    PyObject *m;
    if (PyType_Ready(&KernelType) < 0 || PyType_Ready(&LevelsType) < 0) return NULL;
    m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&KernelType);
    if (PyModule_AddIntConstant(m, "NO_GUESS", NO_GUESS) < 0
            || PyModule_AddIntConstant(m, "NO_BISECT", NO_BISECT) < 0
            || PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&LevelsType);
    if (PyModule_AddObject(m, "LevelSearch", (PyObject *)&LevelsType) < 0) {
        Py_DECREF(&LevelsType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
