/* The solver's search (connect4_game.ai.solver) on one bitboard type. _ckernel.c includes this
 * file once a type, with BB (the type), BB_WIDE (1 for the 128-bit one), BB_MAXW, BB_POPCOUNT,
 * BB_WINCELLS, BB_FROM_PY, BB_TO_PY, BB_BOARD (the masks' struct) and S(name) (this instance's
 * names) defined.
 *
 * The same negamax as the solver's pure-Python kernel (Pascal Pons, "Solving Connect 4: how to
 * build a perfect AI", 2019, parts 3-12), node for node: the same move order, the same tables
 * and the same opening-book probe. On 64-bit boards the tables are the Python kernel's array of
 * slots (key mod a prime, always replaced) and a table of slots for each depth-limited search;
 * on larger boards both are the Python kernel's dicts (Dict, _ckernel.c). */

typedef struct {
    Kernel *k;
    const BB_BOARD *b;
#if BB_WIDE
    Dict limited;                        /* the depth-limited search's table */
#else
    uint64_t *lk;                        /* the depth-limited search's table, or NULL */
    uint16_t *ld;
    uint8_t *lv;
#endif
    int book_ply, root_n, up_off, low_off, low;
    BB root_move;
    uint64_t nodes, node_limit;
    double deadline;
    int aborted;
} S(Search);

/* the masks of an h x w board, its columns centre first, then left before right */
static void S(set_board)(BB_BOARD *b, int h, int w) {
    int c, i, order[BB_MAXW];
    b->h = h; b->w = w; b->cells = h * w;
    b->bottom = 0;
    for (c = 0; c < w; c++) b->bottom |= (BB)1 << (c * (h + 1));
    b->full = b->bottom * ((((BB)1) << h) - 1);
    for (c = 0; c < w; c++) order[c] = c;
    for (c = 1; c < w; c++) {
        int x = order[c], kx = abs(2 * x - (w - 1));
        for (i = c; i > 0 && abs(2 * order[i - 1] - (w - 1)) > kx; i--) order[i] = order[i - 1];
        order[i] = x;
    }
    for (c = 0; c < w; c++) b->cols[c] = ((((BB)1) << h) - 1) << (order[c] * (h + 1));
}

static int S(negamax)(S(Search) *s, BB cur, BB mask, int n, int alpha, int beta, int depth,
                      BB ow) {
    Kernel *k = s->k;
    const BB_BOARD *b = s->b;
    const BB FULL = b->full;
    const int CELLS = b->cells;
    BB poss, forced, key, opp;
    BB ms[BB_MAXW], ws[BB_MAXW];
    int sc[BB_MAXW], cnt = 0, i, j, v = 0, found = 0, lo, hi, sv;
#if BB_WIDE
    Dict *table;
    const DictEntry *e;
#else
    uint64_t slot = 0;
#endif
    if (++s->nodes >= s->node_limit) { s->aborted = 1; return 0; }
    if ((s->nodes & (TIME_EVERY - 1)) == 0 && now_seconds() >= s->deadline) {
        s->aborted = 1;
        return 0;
    }
    poss = (mask + b->bottom) & FULL;
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
#if BB_WIDE
    table = depth < LIMITED ? &s->limited : &k->dict;
    if ((e = dict_find(table, (SolverKey){key, depth < LIMITED ? depth : 0})) != NULL) {
        v = e->value;
        found = 1;
    }
#else
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
#endif
    if (found) {
        if (v >= s->low) {
            v -= s->low_off;
            if (alpha < v) { alpha = v; if (alpha >= beta) return alpha; }
        } else {
            v -= s->up_off;
            if (beta > v) { beta = v; if (alpha >= beta) return beta; }
        }
    }
#if !BB_WIDE
    else if (n == s->book_ply && k->has_book && book_probe(k, cur, mask, &v)) {
        return v;
    }
#endif
    opp = cur ^ mask;
#if !BB_WIDE
    for (i = 0; i < b->w && depth >= LIMITED; i++) {   /* the children's slots are fetched */
        BB m = poss & b->cols[i];                         /* while this node sorts its moves */
        if (m) PREFETCH(k->table + ((opp + (mask | m)) % k->size) * k->entry);
    }
#endif
    for (i = 0; i < b->w; i++) {
        BB m = poss & b->cols[i];
        if (m) {
            BB wc = BB_WINCELLS(cur | m, FULL ^ (mask | m), b->h);
            int score = BB_POPCOUNT(wc);
            for (j = cnt; j > 0 && sc[j - 1] < score; j--) {  /* stable, most threats first */
                sc[j] = sc[j - 1]; ms[j] = ms[j - 1]; ws[j] = ws[j - 1];
            }
            sc[j] = score; ms[j] = m; ws[j] = wc;
            cnt++;
        }
    }
    if (depth >= LIMITED && cnt > 1 && CELLS - n > ETC_EMPTY) {
        for (i = 0; i < cnt; i++) {   /* a child's upper bound in the table may cut already */
            BB ck = opp + (mask | ms[i]);
#if BB_WIDE
            const DictEntry *ce = dict_find(&k->dict, (SolverKey){ck, 0});
            int cv = ce ? ce->value : 0;
            if (cv && cv < s->low && s->up_off - cv >= beta) {
#else
            const uint8_t *ce = k->table + (ck % k->size) * k->entry;
            int cv = ce[k->entry - 1];
            if (cv && cv < s->low && s->up_off - cv >= beta
                    && stored_key(k, ce) == (k->narrow ? ck & 0xFFFFFFFFu : ck)) {
#endif
                alpha = s->up_off - cv;
                v = alpha + s->low_off;
                if (n == s->root_n) s->root_move = ms[i];
                goto store;
            }
        }
    }
    for (i = 0; i < cnt; i++) {
        BB m = ms[i];
        sv = -S(negamax)(s, opp, mask | m, n + 1, -beta, -alpha, depth - 1, ws[i]);
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
#if BB_WIDE
    dict_put(table, key, depth < LIMITED ? depth : 0, v);
#else
    if (depth < LIMITED) {
        s->lk[slot] = key; s->ld[slot] = (uint16_t)depth; s->lv[slot] = (uint8_t)v;
    } else {
        uint8_t *e = k->table + slot * k->entry;
        if (k->narrow) { uint32_t x = (uint32_t)key; memcpy(e, &x, 4); } else memcpy(e, &key, 8);
        e[k->entry - 1] = (uint8_t)v;
    }
#endif
    return alpha;
}

/* the solver's null-window bisection of the score (Pons part 7) within lo..hi, the guess (if
 * inside) tested first; the move that reached the final lo (0 if none); bounds so far if cut */
static BB S(bisect)(S(Search) *s, BB cur, BB mask, int n, int *lo, int *hi, int guess, BB ow) {
    BB move = 0;
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
        r = S(negamax)(s, cur, mask, n, med, med + 1, FULL_DEPTH, ow);
        if (s->aborted) break;
        if (r <= med) *hi = r;
        else { *lo = r; move = s->root_move; }
    }
    return move;
}

/* a search's state, the GIL released and the kernel's lock taken; 0, or -1 without memory */
static int S(begin)(Kernel *self, const BB_BOARD *b, S(Search) *s, int limited, int book_ply,
                    int root_n, unsigned long long node_limit, double seconds) {
    int B = b->cells / 2 + 2;
    memset(s, 0, sizeof *s);
    s->k = self;
    s->b = b;
    s->up_off = B; s->low = 2 * B; s->low_off = 3 * B;
    s->book_ply = book_ply; s->root_n = root_n; s->node_limit = node_limit;
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    s->deadline = now_seconds() + seconds;
#if BB_WIDE
    if (limited) return dict_alloc(&s->limited, self->dict.limit);
    return self->dict.entries == NULL ? dict_alloc(&self->dict, self->dict.limit) : 0;
#else
    if (limited) {
        s->lk = calloc(LIMITED_SLOTS, sizeof *s->lk);
        s->ld = calloc(LIMITED_SLOTS, sizeof *s->ld);
        s->lv = calloc(LIMITED_SLOTS, 1);
        return !s->lk || !s->ld || !s->lv ? -1 : 0;
    }
    if (self->table == NULL) self->table = calloc(self->size, self->entry);
    return self->table == NULL ? -1 : 0;
#endif
}

static void S(end)(Kernel *self, S(Search) *s) {
#if BB_WIDE
    dict_free(&s->limited);
#else
    free(s->lk); free(s->ld); free(s->lv);
#endif
    PyThread_release_lock(self->lock);
}

/* Kernel.search on this type's boards (see Kernel_methods) */
static PyObject *S(search)(Kernel *self, const BB_BOARD *b, PyObject *args) {
    unsigned long long node_limit;
    int alpha, beta, depth, book_ply, root_n, guess, nomem;
    double seconds;
    PyObject *pcur, *pmask, *pmove;
    S(Search) s;
    BB cur, mask, move = 0;
    if (!PyArg_ParseTuple(args, "OOiiiiiiKd", &pcur, &pmask, &alpha, &beta, &depth, &root_n,
                          &guess, &book_ply, &node_limit, &seconds)
            || !BB_FROM_PY(pcur, &cur) || !BB_FROM_PY(pmask, &mask))
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    nomem = S(begin)(self, b, &s, depth < LIMITED, book_ply, root_n, node_limit, seconds);
    if (!nomem) {
        BB ow = BB_WINCELLS(cur ^ mask, b->full ^ mask, b->h);
        if (guess == NO_BISECT) {
            alpha = beta = S(negamax)(&s, cur, mask, BB_POPCOUNT(mask), alpha, beta, depth, ow);
            move = s.root_move;
        } else {
            move = S(bisect)(&s, cur, mask, BB_POPCOUNT(mask), &alpha, &beta, guess, ow);
        }
    }
    S(end)(self, &s);
    Py_END_ALLOW_THREADS
    if (nomem) return PyErr_NoMemory();
    if ((pmove = BB_TO_PY(move)) == NULL) return NULL;
    return Py_BuildValue("iiiNK", s.aborted, alpha, beta, pmove, (unsigned long long)s.nodes);
}

/* the Pons score of every column (NO_GUESS: full) of a position of ``value`` whose children
 * have more checkers than the few-checker table: as the solver's Python loop, each child's
 * end of game, book entry or bisection with ``-value`` as its bound and first guess */
static void S(columns_of)(S(Search) *s, BB cur, BB mask, int value, int *out) {
    const BB_BOARD *b = s->b;
    int n = BB_POPCOUNT(mask) + 1, c;
    BB wins = BB_WINCELLS(cur, b->full ^ mask, b->h), poss = (mask + b->bottom) & b->full;
    for (c = 0; c < b->w && !s->aborted; c++) {
        BB cell = poss & ((((BB)1) << b->h) - 1) << (c * (b->h + 1));
        BB child = cur ^ mask, cmask = mask | cell, ow;
        int lo = -((b->cells - n) / 2), hi = (b->cells - 1 - n) / 2, v;
        if (!cell) { out[c] = NO_GUESS; continue; }
        if (cell & wins) { out[c] = (b->cells + 2 - n) / 2; continue; }
        ow = BB_WINCELLS(cur | cell, b->full ^ cmask, b->h);   /* the mover's, after the move */
        if (n >= b->cells) v = 0;
        else if (BB_WINCELLS(child, b->full ^ cmask, b->h) & (cmask + b->bottom) & b->full)
            v = (b->cells + 1 - n) / 2;                         /* the reply wins at once */
#if !BB_WIDE
        else if (n == s->book_ply && s->k->has_book && book_probe(s->k, child, cmask, &v)) ;
#endif
        else {
            if (lo < -value) lo = -value;
            S(bisect)(s, child, cmask, n, &lo, &hi, -value, ow);
            v = lo;
        }
        out[c] = -v;
    }
}

/* Kernel.columns on this type's boards (see Kernel_methods) */
static PyObject *S(columns)(Kernel *self, const BB_BOARD *b, PyObject *args) {
    unsigned long long node_limit;
    int value, book_ply, nomem, out[BB_MAXW], c;
    double seconds;
    S(Search) s;
    PyObject *scores, *pcur, *pmask;
    BB cur, mask;
    if (!PyArg_ParseTuple(args, "OOiiKd", &pcur, &pmask, &value, &book_ply, &node_limit,
                          &seconds)
            || !BB_FROM_PY(pcur, &cur) || !BB_FROM_PY(pmask, &mask))
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    nomem = S(begin)(self, b, &s, 0, book_ply, -1, node_limit, seconds);
    if (!nomem) S(columns_of)(&s, cur, mask, value, out);
    S(end)(self, &s);
    Py_END_ALLOW_THREADS
    if (nomem) return PyErr_NoMemory();
    if ((scores = PyTuple_New(b->w)) == NULL) return NULL;
    for (c = 0; c < b->w; c++) {
        PyObject *v = out[c] == NO_GUESS ? Py_NewRef(Py_None) : PyLong_FromLong(out[c]);
        if (v == NULL) { Py_DECREF(scores); return NULL; }
        PyTuple_SET_ITEM(scores, c, v);
    }
    return Py_BuildValue("iNK", s.aborted, scores, (unsigned long long)s.nodes);
}
