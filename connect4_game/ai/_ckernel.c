/* The compiled search kernels of connect4_game.ai.solver (Kernel, the search in
 * _ckernel_solver.h) and of the named levels' search, connect4_game.ai.alphabeta (LevelSearch,
 * in _ckernel_levels.h), each node for node the same as its pure-Python kernel. Both headers are
 * included once on uint64 bitboards, for boards with (h+1)*w <= 64, and once on unsigned
 * __int128 ones for boards of up to 128 bits where the compiler has that type (gcc, clang); a
 * 64-bit board keeps the uint64 code, 3-4 times faster. The searches run without the GIL; one
 * search at a time per object (a lock). Plain C99 with fallbacks for MSVC (no __int128: 64-bit
 * boards only; no GCC builtins needed). */
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

#define LIMITED 1024          /* depths below this are depth-limited searches */
#define TIME_EVERY 4096       /* nodes between two looks at the clock */
#define LIMITED_SLOTS 262139  /* a prime: the table of one depth-limited search (64 bits) */
#define FULL_DEPTH (1 << 20)  /* never reaches LIMITED: the full searches */
#define ETC_EMPTY 12           /* enhanced transposition cut-offs with more empty cells */
#define NO_GUESS (-30000)     /* search(): bisect without a guess */
#define NO_BISECT (-30001)    /* search(): one negamax, no bisection */

#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 uint128;
#define KERNEL_BITS 128
#define WIDE(obj, on64, on128) ((obj)->wide ? (on128) : (on64))
#else
#define KERNEL_BITS 64
#define WIDE(obj, on64, on128) (on64)
#endif

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

/* a Python int of at most T's bits as a T; 0 and an exception set if it is not one */
#define DEFINE_FROM_PY(name, T)                                                        \
static int name(PyObject *x, T *out) {                                                 \
    PyObject *high, *bits = PyLong_FromLong(64);                                       \
    int bad;                                                                           \
    if (bits == NULL) return 0;                                                        \
    *out = PyLong_AsUnsignedLongLongMask(x);                                           \
    high = PyErr_Occurred() ? NULL : PyNumber_Rshift(x, bits);                         \
    Py_DECREF(bits);                                                                   \
    if (high == NULL) return 0;                                                        \
    if (sizeof(T) > 8) {                                                               \
        *out |= (T)PyLong_AsUnsignedLongLong(high) << 32 << 32;                        \
        bad = PyErr_Occurred() != NULL;                                                \
    } else {                                                                           \
        bad = PyObject_IsTrue(high) != 0;                                              \
        if (bad && !PyErr_Occurred())                                                  \
            PyErr_SetString(PyExc_OverflowError, "more than 64 bits");                 \
    }                                                                                  \
    Py_DECREF(high);                                                                   \
    return !bad;                                                                       \
}

/* a board's masks on one bitboard type: cols, the column masks in the search's order */
#define DEFINE_BOARD(name, T, maxw) \
    typedef struct { int h, w, cells; T full, bottom, cols[maxw]; } name;

DEFINE_WINCELLS(wincells, uint64_t)
DEFINE_FROM_PY(from_py64, uint64_t)
DEFINE_BOARD(Board64, uint64_t, 32)

static PyObject *to_py64(uint64_t x) {
    return PyLong_FromUnsignedLongLong(x);
}

#if KERNEL_BITS == 128
DEFINE_WINCELLS(wincells128, uint128)
DEFINE_FROM_PY(from_py128, uint128)
DEFINE_BOARD(Board128, uint128, 64)
#define POPCOUNT128(x) (POPCOUNT((uint64_t)(x)) + POPCOUNT((uint64_t)((x) >> 64)))

static PyObject *to_py128(uint128 x) {
    PyObject *hi = PyLong_FromUnsignedLongLong((uint64_t)(x >> 64)), *lo, *bits, *sh, *r = NULL;
    if (hi == NULL) return NULL;
    lo = PyLong_FromUnsignedLongLong((uint64_t)x);
    bits = PyLong_FromLong(64);
    sh = lo && bits ? PyNumber_Lshift(hi, bits) : NULL;
    if (sh) r = PyNumber_Or(sh, lo);
    Py_XDECREF(sh); Py_XDECREF(bits); Py_XDECREF(lo); Py_DECREF(hi);
    return r;
}

/* the solver's Python dict table on boards over 64 bits (solver.py: _dict_tt): at most limit
 * keys in insertion order; when it is full the oldest go, down to limit // 2, before the next
 * key is put (one still there keeps its place); a key is a position and the depth of a
 * depth-limited search (0 in a full search's table) */
typedef struct {
    uint128 pos;
    int32_t depth;
} SolverKey;

typedef struct {
    SolverKey key;
    int32_t value;
} DictEntry;

#define D(name) dict_##name
#define D_ENTRY DictEntry
#define D_KEY SolverKey
#define D_HASH(k) ((uint64_t)(k).pos ^ (uint64_t)((k).pos >> 64) ^ (uint64_t)(k).depth)
#define D_SAME(a, b) ((a).pos == (b).pos && (a).depth == (b).depth)
#include "_ckernel_dict.h"
#undef D
#undef D_ENTRY
#undef D_KEY
#undef D_HASH
#undef D_SAME
typedef dict_Dict Dict;

static void dict_put(Dict *d, uint128 pos, int depth, int value) {
    if (d->used >= d->limit) dict_drop_oldest(d, d->used - d->limit / 2);
    dict_entry(d, (SolverKey){pos, depth})->value = value;
}
#endif

typedef struct {
    PyObject_HEAD
    int wide;                            /* the board needs more than 64 bits */
    Board64 b64;
#if KERNEL_BITS == 128
    Board128 b128;
    Dict dict;                           /* the full searches' table on the wide boards */
#endif
    uint64_t size;                       /* slots of the table, a prime */
    int narrow;                          /* keys stored as their low 32 bits (exact by CRT) */
    int entry;                           /* bytes a slot: the key (4 or 8), then the value */
    uint8_t *table;                      /* slots of one key and one value, packed: one miss */
    Py_buffer bkeys, bvals;              /* the 12-ply book: sorted int32 keys, signed bytes */
    int has_book;
    PyThread_type_lock lock;
} Kernel;

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
    if (d > 0) *score = (k->b64.cells + 2 - 12 - d) / 2;
    else if (d < 0) *score = -((k->b64.cells + 2 - 12 + d) / 2);
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

/* ---- the searches on uint64 bitboards ---- */
#define BB uint64_t
#define BB_HASH(k) ((uint64_t)(k))
#define BB_WIDE 0
#define BB_MAXW 32
#define BB_POPCOUNT(x) POPCOUNT(x)
#define BB_WINCELLS wincells
#define BB_FROM_PY from_py64
#define BB_TO_PY to_py64
#define BB_BOARD Board64
#define S(name) solver_##name##_64
#define L(name) ab_##name##_64
#define T(name) threat_##name##_64
#include "_ckernel_solver.h"
#include "_ckernel_levels.h"
#include "_ckernel_threats.h"
#undef BB
#undef BB_HASH
#undef BB_WIDE
#undef BB_MAXW
#undef BB_POPCOUNT
#undef BB_WINCELLS
#undef BB_FROM_PY
#undef BB_TO_PY
#undef BB_BOARD
#undef S
#undef L
#undef T

#if KERNEL_BITS == 128   /* ---- the searches on 128-bit bitboards ---- */
#define BB uint128
#define BB_HASH(k) ((uint64_t)(k) ^ (uint64_t)((k) >> 64))
#define BB_WIDE 1
#define BB_MAXW 64
#define BB_POPCOUNT(x) POPCOUNT128(x)
#define BB_WINCELLS wincells128
#define BB_FROM_PY from_py128
#define BB_TO_PY to_py128
#define BB_BOARD Board128
#define S(name) solver_##name##_128
#define L(name) ab_##name##_128
#define T(name) threat_##name##_128
#include "_ckernel_solver.h"
#include "_ckernel_levels.h"
#include "_ckernel_threats.h"
#endif

/* ---- the solver's Kernel ---- */
static void free_table(Kernel *k) {
    free(k->table);
    k->table = NULL;
#if KERNEL_BITS == 128
    dict_free(&k->dict);
#endif
}

static int Kernel_init(Kernel *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"height", "width", "slots", NULL};
    int h, w;
    unsigned long long slots;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiK", names, &h, &w, &slots)) return -1;
    if (self->lock) {   /* a second __init__: the next search allocates the new size */
        PyThread_acquire_lock(self->lock, WAIT_LOCK);
        free_table(self);
        PyThread_release_lock(self->lock);
    }
    if (h < 1 || w < 1 || (h + 1) * w > KERNEL_BITS || slots < 2
            || ((h + 1) * w > 64 && slots > (1 << 29))) {
        PyErr_SetString(PyExc_ValueError, "the compiled kernel needs (height+1)*width <= "
                        "KERNEL_BITS and slots >= 2 (at most 2**29 over 64 bits)");
        return -1;
    }
    self->wide = (h + 1) * w > 64;
    self->size = slots;
#if KERNEL_BITS == 128
    if (self->wide) {   /* slots: the dict tables' limit, allocated at the first search */
        solver_set_board_128(&self->b128, h, w);
        self->dict.limit = (Py_ssize_t)slots;
    }
#endif
    if (!self->wide) solver_set_board_64(&self->b64, h, w);
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
    if (keys.len % 4 || keys.len / 4 != vals.len || self->wide || self->b64.h != 6
            || self->b64.w != 7) {
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
    if (self->lock == NULL) Py_RETURN_NONE;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    if (self->table)   /* zeroed in place, as Pons' reset: no page faults on the next search */
        memset(self->table, 0, self->size * self->entry);
#if KERNEL_BITS == 128
    dict_clear(&self->dict);
#endif
    PyThread_release_lock(self->lock);
    Py_END_ALLOW_THREADS
    Py_RETURN_NONE;
}

static PyObject *Kernel_search(Kernel *self, PyObject *args) {
    if (self->lock == NULL) return PyErr_Format(PyExc_ValueError, "Kernel not initialised");
    return WIDE(self, solver_search_64(self, &self->b64, args),
                solver_search_128(self, &self->b128, args));
}

static PyObject *Kernel_columns(Kernel *self, PyObject *args) {
    if (self->lock == NULL) return PyErr_Format(PyExc_ValueError, "Kernel not initialised");
    return WIDE(self, solver_columns_64(self, &self->b64, args),
                solver_columns_128(self, &self->b128, args));
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
    .tp_doc = "Kernel(height, width, slots): the solver's negamax; slots: the table's (a prime) on"
              " boards of 64 bits, the dict tables' limit on larger ones (up to KERNEL_BITS).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
};

/* ---- the levels' LevelSearch ---- */
typedef struct {
    PyObject_HEAD
    int wide;                           /* the board needs more than 64 bits */
    ab_Table_64 t64;
#if KERNEL_BITS == 128
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
    if (h < 1 || w < 1 || (h + 1) * w > KERNEL_BITS || max_entries < 1 || max_entries > (1 << 29)
            || PyTuple_GET_SIZE(cols) != w || PyTuple_GET_SIZE(layers) > AB_LAYERS) {
        PyErr_SetString(PyExc_ValueError, "the compiled levels' search needs (height+1)*width <= "
                        "KERNEL_BITS, 1 <= max_entries <= 2**29, width column masks, at most 32 "
                        "layers");
        return -1;
    }
    if (self->lock == NULL && (self->lock = PyThread_allocate_lock()) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    weight[0] = wg; weight[1] = wo; weight[2] = ws; weight[3] = wz;
    PyThread_acquire_lock(self->lock, WAIT_LOCK);   /* a second __init__: a search may run */
    ab_tt_free_64(&self->t64.tt);
#if KERNEL_BITS == 128
    ab_tt_free_128(&self->t128.tt);
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
    ab_tt_free_64(&self->t64.tt);
#if KERNEL_BITS == 128
    ab_tt_free_128(&self->t128.tt);
#endif
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Levels_clear(Levels *self, PyObject *unused) {
    (void)unused;
    if (self->lock == NULL) Py_RETURN_NONE;
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    WIDE(self, ab_tt_clear_64(&self->t64.tt), ab_tt_clear_128(&self->t128.tt));
    PyThread_release_lock(self->lock);
    Py_RETURN_NONE;
}

static Py_ssize_t Levels_len(Levels *self) {
    return WIDE(self, self->t64.tt.used, self->t128.tt.used);
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

/* ---- the assignment's search: ThreatSearch ---- */
typedef struct {
    PyObject_HEAD
    int wide;                            /* the board needs more than 64 bits */
    threat_Engine_64 t64;
#if KERNEL_BITS == 128
    threat_Engine_128 t128;
#endif
    PyThread_type_lock lock;
} Threats;

static void Threats_release(Threats *self) {
    threat_release_64(&self->t64);
#if KERNEL_BITS == 128
    threat_release_128(&self->t128);
#endif
}

static int Threats_init(Threats *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"height", "width", "max_entries", "order_depth", "claim_depth", NULL};
    int h, w, od, cd, fail;
    Py_ssize_t cap;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iinii", names, &h, &w, &cap, &od, &cd))
        return -1;
    if (h < 1 || w < 1 || (h + 1) * w > KERNEL_BITS || cap < 1 || cap > (1 << 29)) {
        PyErr_SetString(PyExc_ValueError, "the compiled assignment's search needs "
                        "(height+1)*width <= KERNEL_BITS and 1 <= max_entries <= 2**29");
        return -1;
    }
    if (self->lock == NULL && (self->lock = PyThread_allocate_lock()) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    Threats_release(self);
    self->wide = (h + 1) * w > 64;
    fail = WIDE(self, threat_setup_64(&self->t64, h, w, cap, od, cd),
                threat_setup_128(&self->t128, h, w, cap, od, cd));
    PyThread_release_lock(self->lock);
    if (fail) { PyErr_NoMemory(); return -1; }
    return 0;
}

static void Threats_dealloc(Threats *self) {
    Threats_release(self);
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Threats_ready(Threats *self) {
    if (self->lock != NULL && WIDE(self, self->t64.table.entries != NULL,
                                   self->t128.table.entries != NULL))
        return 1;
    PyErr_SetString(PyExc_ValueError, "ThreatSearch not initialised");
    return 0;
}

static PyObject *Threats_win(Threats *self, PyObject *args) {
    if (!Threats_ready(self)) return NULL;
    return WIDE(self, threat_py_call_64(&self->t64, self->lock, args, 0),
                threat_py_call_128(&self->t128, self->lock, args, 0));
}

static PyObject *Threats_lose(Threats *self, PyObject *args) {
    if (!Threats_ready(self)) return NULL;
    return WIDE(self, threat_py_call_64(&self->t64, self->lock, args, 1),
                threat_py_call_128(&self->t128, self->lock, args, 1));
}

static PyObject *Threats_get2(Threats *self, PyObject *key) {
    PyObject *r;
    if (!Threats_ready(self)) return NULL;
    PyThread_acquire_lock(self->lock, WAIT_LOCK);      /* not while another thread searches */
    r = WIDE(self, threat_py_get2_64(&self->t64, key), threat_py_get2_128(&self->t128, key));
    PyThread_release_lock(self->lock);
    return r;
}

static PyObject *Threats_take_nodes(Threats *self, PyObject *unused) {
    uint64_t n;
    (void)unused;
    if (!Threats_ready(self)) return NULL;
    n = WIDE(self, self->t64.nodes, self->t128.nodes);
    self->t64.nodes = 0;
#if KERNEL_BITS == 128
    self->t128.nodes = 0;
#endif
    return PyLong_FromUnsignedLongLong(n);
}

static PyObject *Threats_clear(Threats *self, PyObject *unused) {
    (void)unused;
    if (self->lock == NULL) Py_RETURN_NONE;
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    WIDE(self, threat_clear_64(&self->t64), threat_clear_128(&self->t128));
    PyThread_release_lock(self->lock);
    Py_RETURN_NONE;
}

static Py_ssize_t Threats_len(Threats *self) {
    return WIDE(self, self->t64.table.used + self->t64.table2.used,
                self->t128.table.used + self->t128.table2.used);
}

static PyMethodDef Threats_methods[] = {
    {"win", (PyCFunction)Threats_win, METH_VARARGS,
     "win(cur, mask, d, mw, ow) -> bool: search.Engine.win (ow -1: not known)"},
    {"lose", (PyCFunction)Threats_lose, METH_VARARGS,
     "lose(cur, mask, replies, d, mw) -> bool: search.Engine.lose"},
    {"get2", (PyCFunction)Threats_get2, METH_O, "get2(key) -> int | None: the second table's"},
    {"take_nodes", (PyCFunction)Threats_take_nodes, METH_NOARGS,
     "take_nodes() -> int: nodes since the last call"},
    {"clear", (PyCFunction)Threats_clear, METH_NOARGS, "Empty both tables."},
    {NULL, NULL, 0, NULL}
};

static PySequenceMethods Threats_sequence = { .sq_length = (lenfunc)Threats_len };

static PyTypeObject ThreatsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "connect4_game.ai._ckernel.ThreatSearch",
    .tp_basicsize = sizeof(Threats),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "ThreatSearch(height, width, max_entries, order_depth, claim_depth): the "
              "assignment's search (search.Engine); len(): the two tables' entries.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Threats_init,
    .tp_dealloc = (destructor)Threats_dealloc,
    .tp_methods = Threats_methods,
    .tp_as_sequence = &Threats_sequence,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_ckernel", "The compiled search kernels.", -1, NULL, NULL, NULL,
    NULL, NULL
};

PyMODINIT_FUNC PyInit__ckernel(void) {
    PyObject *m;
    if (PyType_Ready(&KernelType) < 0 || PyType_Ready(&LevelsType) < 0
            || PyType_Ready(&ThreatsType) < 0)
        return NULL;
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
    if (PyModule_AddIntConstant(m, "KERNEL_BITS", KERNEL_BITS) < 0
            || PyModule_AddObject(m, "LevelSearch", (PyObject *)&LevelsType) < 0) {
        Py_DECREF(&LevelsType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&ThreatsType);
    if (PyModule_AddObject(m, "ThreatSearch", (PyObject *)&ThreatsType) < 0) {
        Py_DECREF(&ThreatsType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
