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

/* the cells of ``free_`` completing a four for ``p`` (height ``h``), for a bitboard type T */
#define DEFINE_WINCELLS(name, T)                                                       \
static T name(T p, T free_, int h) {                                                   \
    T r = (p << 1) & (p << 2) & (p << 3), lo, hi, a, b;                                \
    int s[3] = {h + 1, h, h + 2}, i;                                                   \
    for (i = 0; i < 3; i++) {                                                          \
        int d = s[i];                                                                  \
        lo = p << d;                                                                   \
        hi = p >> d;                                                                   \
        a = lo & (lo << d);                                                            \
        b = hi & (hi >> d);                                                            \
        r |= (a & ((a << d) | hi)) | (b & ((b >> d) | lo));                            \
    }                                                                                  \
    return r & free_;                                                                  \
}
DEFINE_WINCELLS(wincells, uint64_t)

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
 * in _ckernel_levels.h: once on uint64 bitboards and, where the compiler has a 128-bit integer
 * (gcc, clang), once on those for the boards of 65 to 128 bits (a 64-bit board keeps the uint64
 * one, 3-4 times faster); with MSVC the larger boards stay in the Python kernel. */
#define AB_WIN 100000000LL              /* alphabeta.WIN */
#define AB_INF (2 * AB_WIN)
#define AB_MATE (AB_WIN - 10000)
#define AB_LAYERS 32
enum { AB_EXACT, AB_LOWER, AB_UPPER };

typedef struct {
    uint64_t nodes, node_budget;
    double deadline;
    int cut;                            /* 0, 1: the node budget, 2: the clock */
} ABRun;

#define LBB uint64_t
#define LMAXW 32
#define LPOPCOUNT(x) POPCOUNT(x)
#define lwincells wincells
#define L(name) ab_##name##_64
#include "_ckernel_levels.h"
#undef LBB
#undef LMAXW
#undef LPOPCOUNT
#undef lwincells
#undef L
#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 uint128;
DEFINE_WINCELLS(wincells128, uint128)
#define LBB uint128
#define LMAXW 64
#define LPOPCOUNT(x) (POPCOUNT((uint64_t)(x)) + POPCOUNT((uint64_t)((x) >> 64)))
#define lwincells wincells128
#define L(name) ab_##name##_128
#include "_ckernel_levels.h"
#define LEVEL_BITS 128
#define WIDE(obj, on64, on128) ((obj)->wide ? (on128) : (on64))
#else
#define LEVEL_BITS 64
#define WIDE(obj, on64, on128) (on64)
#endif

typedef struct {
    PyObject_HEAD
    int wide;                           /* the board needs more than 64 bits */
    ab_Table_64 t64;
#if LEVEL_BITS == 128
    ab_Table_128 t128;
#endif
    PyThread_type_lock lock;
} Levels;

static int Levels_init(Levels *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"height", "width", "max_entries", "cols", "even_good", "odd_good",
                            "layers", "weights", NULL};
    int h, w, ok;
    Py_ssize_t max_entries;
    PyObject *cols, *layers, *even_good, *odd_good;
    int64_t weight[4];
    long long wg, wo, ws, wz;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iinO!OOO!(LLLL)", names, &h, &w, &max_entries,
                                     &PyTuple_Type, &cols, &even_good, &odd_good, &PyTuple_Type,
                                     &layers, &wg, &wo, &ws, &wz))
        return -1;
    if (h < 1 || w < 1 || (h + 1) * w > LEVEL_BITS || max_entries < 1 || max_entries > (1 << 29)
            || PyTuple_GET_SIZE(cols) != w || PyTuple_GET_SIZE(layers) > AB_LAYERS) {
        PyErr_SetString(PyExc_ValueError, "the compiled levels' search needs (height+1)*width <= "
                        "LEVEL_BITS, 1 <= max_entries <= 2**29, width column masks, at most 32 "
                        "layers");
        return -1;
    }
    if (self->lock == NULL && (self->lock = PyThread_allocate_lock()) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    weight[0] = wg; weight[1] = wo; weight[2] = ws; weight[3] = wz;
    PyThread_acquire_lock(self->lock, WAIT_LOCK);   /* a second __init__: a search may run */
    ab_release_64(&self->t64);
#if LEVEL_BITS == 128
    ab_release_128(&self->t128);
#endif
    self->wide = (h + 1) * w > 64;
    ok = WIDE(self, ab_setup_64(&self->t64, h, w, max_entries, cols, even_good, odd_good, layers,
                                weight),
              ab_setup_128(&self->t128, h, w, max_entries, cols, even_good, odd_good, layers,
                           weight));
    PyThread_release_lock(self->lock);
    return ok ? 0 : -1;
}

static void Levels_dealloc(Levels *self) {
    ab_release_64(&self->t64);
#if LEVEL_BITS == 128
    ab_release_128(&self->t128);
#endif
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Levels_clear(Levels *self, PyObject *unused) {
    (void)unused;
    if (self->lock == NULL) Py_RETURN_NONE;
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    WIDE(self, ab_clear_64(&self->t64), ab_clear_128(&self->t128));
    PyThread_release_lock(self->lock);
    Py_RETURN_NONE;
}

static Py_ssize_t Levels_len(Levels *self) {
    return WIDE(self, self->t64.used, self->t128.used);
}

/* alphabeta's _root, see ab_root_64 */
static PyObject *Levels_root(Levels *self, PyObject *args) {
    unsigned long long nodes, node_budget;
    long long margin;
    int depth, c, err, has[64] = {0}, w = WIDE(self, self->t64.w, self->t128.w);
    double seconds;
    PyObject *cells, *scores, *cur, *mask;
    int64_t out[64];
    ABRun s;
    if (!PyArg_ParseTuple(args, "OOO!iLKKd", &cur, &mask, &PyTuple_Type, &cells, &depth,
                          &margin, &nodes, &node_budget, &seconds))
        return NULL;
    if (self->lock == NULL || PyTuple_GET_SIZE(cells) > w || depth < 1 || margin < 0) {
        PyErr_SetString(PyExc_ValueError, "at most width root cells, depth >= 1, margin >= 0");
        return NULL;
    }
    s.nodes = nodes; s.node_budget = node_budget; s.cut = 0;
    err = WIDE(self, ab_root_64(&self->t64, self->lock, &s, seconds, cur, mask, cells, depth,
                                margin, out, has),
               ab_root_128(&self->t128, self->lock, &s, seconds, cur, mask, cells, depth, margin,
                           out, has));
    if (err) return NULL;
    if ((scores = PyTuple_New(w)) == NULL) return NULL;
    for (c = 0; c < w; c++) {
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
    if (PyModule_AddIntConstant(m, "LEVEL_BITS", LEVEL_BITS) < 0
            || PyModule_AddObject(m, "LevelSearch", (PyObject *)&LevelsType) < 0) {
        Py_DECREF(&LevelsType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
