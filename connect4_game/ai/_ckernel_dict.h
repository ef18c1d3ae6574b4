/* A Python dict used as a bounded cache, as the Python kernels use theirs: at most `limit`
 * entries in insertion order (a key already there keeps its place), the oldest dropped first,
 * found by open addressing over an index of 1 + an entry's place (0: empty). The three searches'
 * tables are this one table on their own entries: _ckernel.c includes this file once an entry
 * type, with D(name) (this instance's names), D_ENTRY (a struct whose field `key` is the key),
 * D_KEY (the key's type), D_HASH(key) (its 64-bit hash) and D_SAME(a, b) (key equality). */

typedef struct {
    Py_ssize_t limit, used;
    int bits;
    D_ENTRY *entries;                    /* oldest first */
    int32_t *index;                      /* open addressing: 1 + an entry's place, 0 empty */
} D(Dict);

static void D(free)(D(Dict) *d) {
    free(d->entries); free(d->index);
    d->entries = NULL; d->index = NULL; d->used = 0;
}

/* room for `limit` entries, empty; 0, or -1 with nothing allocated (the next search tries
 * again) */
static int D(alloc)(D(Dict) *d, Py_ssize_t limit) {
    d->limit = limit;
    d->used = 0;
    for (d->bits = 1; ((Py_ssize_t)1 << d->bits) < 2 * limit; d->bits++);
    d->entries = malloc((size_t)limit * sizeof *d->entries);
    d->index = calloc((size_t)1 << d->bits, sizeof *d->index);
    if (d->entries && d->index) return 0;
    D(free)(d);
    return -1;
}

static void D(clear)(D(Dict) *d) {
    if (d->index) memset(d->index, 0, sizeof *d->index << d->bits);
    d->used = 0;
}

static uint64_t D(slot)(const D(Dict) *d, D_KEY key) {
    return D_HASH(key) * 0x9E3779B97F4A7C15ULL >> (64 - d->bits);
}

static D_ENTRY *D(find)(const D(Dict) *d, D_KEY key) {
    uint64_t i = D(slot)(d, key), m = ((uint64_t)1 << d->bits) - 1;
    int32_t e;
    while ((e = d->index[i]) != 0) {
        if (D_SAME(d->entries[e - 1].key, key)) return &d->entries[e - 1];
        i = (i + 1) & m;
    }
    return NULL;
}

static void D(index)(D(Dict) *d, Py_ssize_t at) {
    uint64_t i = D(slot)(d, d->entries[at].key), m = ((uint64_t)1 << d->bits) - 1;
    while (d->index[i]) i = (i + 1) & m;
    d->index[i] = (int32_t)(at + 1);
}

/* drop the `n` oldest entries (0 < n <= used) */
static void D(drop_oldest)(D(Dict) *d, Py_ssize_t n) {
    Py_ssize_t i;
    memmove(d->entries, d->entries + n, (size_t)(d->used - n) * sizeof *d->entries);
    d->used -= n;
    memset(d->index, 0, sizeof *d->index << d->bits);
    for (i = 0; i < d->used; i++) D(index)(d, i);
}

/* a new entry last for ``key``, which is not in the table (its key set, the rest for the
 * caller to fill); the caller has made room (used < limit) */
static D_ENTRY *D(append)(D(Dict) *d, D_KEY key) {
    D_ENTRY *e = &d->entries[d->used];
    e->key = key;
    D(index)(d, d->used++);
    return e;
}

/* ``d[key]``'s entry for writing: the one there, or a new one last (D(append)) */
static D_ENTRY *D(entry)(D(Dict) *d, D_KEY key) {
    D_ENTRY *e = D(find)(d, key);
    return e != NULL ? e : D(append)(d, key);
}
