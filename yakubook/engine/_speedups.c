/* yakubook.engine._speedups: the C accelerator of two hot paths of the pure-Python engine (issue #27).
 *
 * The pure-Python engine (yakubook/engine/win.py, yakubook/engine/decompose.py) is the reference and what
 * Pyodide runs; this module only does the same work faster on CPython:
 *
 *   win_from_json(cls, obj)   Win.from_json for a plain win: keys among hand, win, melds,
 *                             seat, round, tsumo, riichi, ippatsu, a hand in plain MPSZ
 *                             text, everything valid. Anything else (another key, a wrong
 *                             type, any invalid hand) returns None: the caller then runs
 *                             the Python path, which raises the InputError.
 *   standard_block_sets(c)    decompose.standard_block_sets: every split of concealed counts
 *                             into sets and one pair, in the Python's order, as the very
 *                             Block objects of decompose._BLOCKS.
 *   set_yaku(blocks, ...)     score.set_yaku_py: the set yaku of a standard reading as bits
 *                             (issue #38), None for anything but decompose.Block tuples.
 *   reading_facts(blocks, ...) score.reading_facts_py: set_yaku's bits, the honor sets, the
 *                             fu of the wait and blocks, an open block, in one call (#38).
 *   appraise_standard(win, interp, awards, scoring)
 *                             score.appraise of a standard or seven-pairs reading with
 *                             plain local yaku (its paying key and a builder of its Score),
 *                             read straight from the Win, the Interpretation and the
 *                             Awards; None for anything else (#38).
 *   compile_rows(fields, rows, fallback)
 *                             the check selector as rows (selector_rows.py, #38): a callable
 *                             RowSelector running each row's integer tests on a small stack
 *                             machine and its Python rest when they hold; the fallback (the
 *                             straight-line selector) answers wherever the machine cannot
 *                             follow Python's ints.
 *
 * Both are configured once by the Python modules (init_win, init_blocks) with the objects
 * they must produce, so no Python name is looked up per call. yakubook/engine/_accel.py loads this
 * module (or not: YAKUBOOK_PURE=1, or no compiler at install time).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>

#define NUM_TILES 34
#define MAX_TEXT 64 /* win.py's parse_tiles fast path: longer text takes the checked loop */

/* -- Win.from_json ------------------------------------------------------------------- */

static PyObject *g_state;       /* win._STATE: every field at its default, in field order */
static PyObject *g_object_new;  /* object.__new__ */
static PyObject *g_parse_meld;  /* melds.parse_meld (cached per text) */
static PyObject *g_meld_type;   /* melds.Meld */
static PyObject *g_blocks[3][NUM_TILES]; /* sequence, triplet, pair Block per tile */
static PyObject *g_py_block_sets; /* the Python standard_block_sets, for what C declines */
static int g_win_ready, g_blocks_ready;

/* interned strings: JSON keys, Win fields, meld kinds, riichi kinds */
static PyObject *k_hand, *k_win, *k_melds, *k_seat, *k_round, *k_tsumo, *k_riichi,
    *k_ippatsu, *k_red, *k_seat_wind, *k_round_wind, *k_concealed, *k_win_tile,
    *k_concealed_counts, *k_tile_counts, *k_tile_mask, *k_mask2, *k_mask3, *k_number_total,
    *k_quads, *k_is_closed, *k_suit_count, *k_situational, *k_kind, *k_tiles, *k_dict,
    *k_none;
static const char *RIICHI_KINDS[] = {"none", "riichi", "double", "open", "open_double"};

/* A str the same as an interned one: the pointer first; an interned str that is another
 * object holds other text (interning keeps one object per text), so only a str not
 * interned is compared by value. */
static int same_text(PyObject *text, PyObject *interned) {
    if (text == interned) return 1;
    if (PyUnicode_CHECK_INTERNED(text)) return 0;
    return PyUnicode_Compare(text, interned) == 0;
}

/* Tile of a digit in a suit group, as win.py's _TILE_OF_DIGIT: -1 when not a tile. */
static int tile_of(char digit, char suit) {
    int n = digit - '0';
    if (n < 0 || n > 9) return -1;
    switch (suit) {
    case 'm': return n == 0 ? 4 : n - 1;
    case 'p': return 9 + (n == 0 ? 4 : n - 1);
    case 's': return 18 + (n == 0 ? 4 : n - 1);
    case 'z': return (n >= 1 && n <= 7) ? 26 + n : -1;
    }
    return -1;
}

/* Plain MPSZ text ((?:[0-9]+[mps]|[1-7]+z)+, at most MAX_TEXT characters) into counts;
 * the number of tiles, or -1 for anything else (the Python path handles it). */
static int parse_hand(PyObject *text, int counts[NUM_TILES], int *red) {
    Py_ssize_t len;
    if (!PyUnicode_CheckExact(text) || !PyUnicode_IS_ASCII(text)) return -1;
    const char *s = PyUnicode_AsUTF8AndSize(text, &len);
    if (s == NULL) { PyErr_Clear(); return -1; }
    if (len == 0 || len > MAX_TEXT) return -1;
    int n = 0, zeros = 0;
    Py_ssize_t start = 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9') continue;
        if (c != 'm' && c != 'p' && c != 's' && c != 'z') return -1;
        if (i == start) return -1; /* a letter without digits */
        for (Py_ssize_t j = start; j < i; j++) {
            int t = tile_of(s[j], c);
            if (t < 0) return -1;
            counts[t]++;
            zeros += s[j] == '0';
            n++;
        }
        start = i + 1;
    }
    if (start != len) return -1; /* digits without a letter */
    *red = zeros;
    return n;
}

/* One tile written as digit + letter (win.py's tile_from_str fast path), or -1. */
static int parse_one_tile(PyObject *text) {
    Py_ssize_t len;
    if (!PyUnicode_CheckExact(text) || !PyUnicode_IS_ASCII(text)) return -1;
    const char *s = PyUnicode_AsUTF8AndSize(text, &len);
    if (s == NULL) { PyErr_Clear(); return -1; }
    return len == 2 ? tile_of(s[0], s[1]) : -1;
}

/* E/S/W/N as the wind tile 27..30, or -1 (1z..4z and the rest: the Python path). */
static int parse_wind(PyObject *text) {
    Py_ssize_t len;
    if (!PyUnicode_CheckExact(text) || !PyUnicode_IS_ASCII(text)) return -1;
    const char *s = PyUnicode_AsUTF8AndSize(text, &len);
    if (s == NULL) { PyErr_Clear(); return -1; }
    if (len != 1) return -1;
    switch (s[0]) {
    case 'E': return 27;
    case 'S': return 28;
    case 'W': return 29;
    case 'N': return 30;
    }
    return -1;
}

/* The index of a riichi kind in RIICHI_KINDS, or -1. */
static int riichi_kind(PyObject *value) {
    if (!PyUnicode_CheckExact(value)) return -1;
    for (int i = 0; i < 5; i++)
        if (PyUnicode_CompareWithASCIIString(value, RIICHI_KINDS[i]) == 0) return i;
    return -1;
}

/* Set state[key] = value, stealing the reference to value; -1 on error. */
static int put(PyObject *state, PyObject *key, PyObject *value) {
    if (value == NULL) return -1;
    int rc = PyDict_SetItem(state, key, value);
    Py_DECREF(value);
    return rc;
}

static PyObject *counts_tuple(const int counts[NUM_TILES]) {
    PyObject *t = PyTuple_New(NUM_TILES);
    if (t == NULL) return NULL;
    for (int i = 0; i < NUM_TILES; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(counts[i]));
    return t;
}

#define DECLINE(x) do { result = Py_None; Py_INCREF(Py_None); goto done; } while (0)

static PyObject *win_from_json(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "win_from_json(cls, obj)");
        return NULL;
    }
    PyObject *cls = args[0], *obj = args[1];
    PyObject *result = NULL, *state = NULL, *melds = NULL, *win = NULL;
    /* The caller's dict and melds list can change while parse_meld (Python) runs: a
     * profile hook or another thread may clear or refill them. So the dict is copied
     * first (its values owned by the copy) and the melds list to a tuple: every object
     * below is one this function owns a reference to, whatever the caller does. */
    PyObject *own = NULL, *meld_items = NULL;
    PyObject *hand = NULL, *win_text = NULL, *meld_list = NULL, *seat = NULL, *round = NULL,
             *tsumo = NULL, *riichi = NULL, *ippatsu = NULL;
    if (!g_win_ready || !PyDict_CheckExact(obj)) DECLINE();
    own = PyDict_Copy(obj);
    if (own == NULL) goto done;
    {
        PyObject *key, *value;
        Py_ssize_t pos = 0;
        while (PyDict_Next(own, &pos, &key, &value)) {
            if (!PyUnicode_CheckExact(key)) DECLINE();
            if (same_text(key, k_hand)) hand = value;
            else if (same_text(key, k_win)) win_text = value;
            else if (same_text(key, k_melds)) meld_list = value;
            else if (same_text(key, k_seat)) seat = value;
            else if (same_text(key, k_round)) round = value;
            else if (same_text(key, k_tsumo)) tsumo = value;
            else if (same_text(key, k_riichi)) riichi = value;
            else if (same_text(key, k_ippatsu)) ippatsu = value;
            else DECLINE();
        }
    }
    if (hand == NULL || win_text == NULL) DECLINE();
    int concealed[NUM_TILES] = {0}, counts[NUM_TILES], red = 0;
    int n_concealed = parse_hand(hand, concealed, &red);
    int win_tile = parse_one_tile(win_text);
    if (n_concealed < 0 || win_tile < 0 || !concealed[win_tile]) DECLINE();
    int seat_wind = 27, round_wind = 27;
    if (seat != NULL && (seat_wind = parse_wind(seat)) < 0) DECLINE();
    if (round != NULL && (round_wind = parse_wind(round)) < 0) DECLINE();
    if (tsumo != NULL && !PyBool_Check(tsumo)) DECLINE();
    if (ippatsu != NULL && !PyBool_Check(ippatsu)) DECLINE();
    int kind = 0; /* "none" */
    if (riichi != NULL && (kind = riichi_kind(riichi)) < 0) DECLINE();
    int has_ippatsu = ippatsu == Py_True;
    memcpy(counts, concealed, sizeof counts);

    /* melds: parsed by the Python parse_meld (its errors are the Python path's) */
    Py_ssize_t n_melds = 0;
    int quads = 0, closed = 1;
    if (meld_list != NULL) {
        if (!PyList_CheckExact(meld_list)) DECLINE();
        meld_items = PyList_AsTuple(meld_list);
        if (meld_items == NULL) goto done;
        n_melds = PyTuple_GET_SIZE(meld_items);
        if (n_melds > 4) DECLINE();
    }
    if (n_concealed != 14 - 3 * n_melds) DECLINE();
    melds = PyTuple_New(n_melds);
    if (melds == NULL) goto done;
    for (Py_ssize_t i = 0; i < n_melds; i++) {
        PyObject *text = PyTuple_GET_ITEM(meld_items, i);
        /* win.py's _check_json_shape refuses longer items (parse_meld might not) */
        if (!PyUnicode_CheckExact(text) || PyUnicode_GET_LENGTH(text) > 200) DECLINE();
        PyObject *meld = PyObject_CallOneArg(g_parse_meld, text);
        if (meld == NULL) { PyErr_Clear(); DECLINE(); }
        PyTuple_SET_ITEM(melds, i, meld);
        if (Py_TYPE(meld) != (PyTypeObject *)g_meld_type) DECLINE();
        PyObject *mkind = PyObject_GetAttr(meld, k_kind);
        PyObject *tiles = mkind ? PyObject_GetAttr(meld, k_tiles) : NULL;
        int ok = tiles != NULL && PyUnicode_Check(mkind) && PyTuple_CheckExact(tiles);
        if (ok) {
            for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(tiles); j++) {
                long t = PyLong_AsLong(PyTuple_GET_ITEM(tiles, j));
                if (t < 0 || t >= NUM_TILES) { ok = 0; break; }
                counts[t]++;
            }
            if (PyUnicode_CompareWithASCIIString(mkind, "ankan") != 0) {
                closed = 0;
                if (PyUnicode_CompareWithASCIIString(mkind, "chi") != 0 &&
                    PyUnicode_CompareWithASCIIString(mkind, "pon") != 0)
                    quads++;
            } else {
                quads++;
            }
        }
        Py_XDECREF(mkind);
        Py_XDECREF(tiles);
        if (!ok) { PyErr_Clear(); DECLINE(); }
    }

    /* every derived fact, as win.py's _init computes it */
    unsigned long long mask = 0, mask2 = 0, mask3 = 0;
    long total = 0;
    for (int t = 0; t < NUM_TILES; t++) {
        int n = counts[t];
        if (!n) continue;
        if (n > 4) DECLINE();
        unsigned long long bit = 1ULL << t;
        mask |= bit;
        if (t < 27) total += (long)(t % 9 + 1) * n;
        if (n >= 2) mask2 |= bit;
        if (n >= 3) mask3 |= bit;
    }
    /* win.py's _plain_core: reds within the concealed fives (at most 4); a riichi only
     * on a closed hand; ippatsu only with a riichi. Anything else: the full checks. */
    int fives = concealed[4] + concealed[13] + concealed[22];
    if (red > 4 || red > fives) DECLINE();
    if (kind == 0 ? has_ippatsu : !closed) DECLINE();
    int suit_count = ((mask & 0x1FFULL) != 0) + (((mask >> 9) & 0x1FFULL) != 0) +
                     (((mask >> 18) & 0x1FFULL) != 0);

    PyObject *sorted = PyTuple_New(n_concealed);
    if (sorted == NULL) goto done;
    for (int t = 0, k = 0; t < NUM_TILES; t++)
        for (int c = 0; c < concealed[t]; c++) PyTuple_SET_ITEM(sorted, k++, PyLong_FromLong(t));

    state = PyDict_Copy(g_state);
    if (state == NULL) { Py_DECREF(sorted); goto done; }
    /* the situation first (as state.update(situation)), then the derived facts */
    if (put(state, k_red, PyLong_FromLong(red)) < 0) { Py_DECREF(sorted); goto done; }
    if (seat != NULL && put(state, k_seat_wind, PyLong_FromLong(seat_wind)) < 0) {
        Py_DECREF(sorted); goto done;
    }
    if (round != NULL && put(state, k_round_wind, PyLong_FromLong(round_wind)) < 0) {
        Py_DECREF(sorted); goto done;
    }
    if ((tsumo != NULL && PyDict_SetItem(state, k_tsumo, tsumo) < 0) ||
        (riichi != NULL && PyDict_SetItem(state, k_riichi, riichi) < 0) ||
        (ippatsu != NULL && PyDict_SetItem(state, k_ippatsu, ippatsu) < 0)) {
        Py_DECREF(sorted); goto done;
    }
    if (put(state, k_concealed, sorted) < 0 ||
        put(state, k_win_tile, PyLong_FromLong(win_tile)) < 0 ||
        PyDict_SetItem(state, k_melds, melds) < 0 ||
        put(state, k_concealed_counts, counts_tuple(concealed)) < 0 ||
        put(state, k_tile_counts, counts_tuple(counts)) < 0 ||
        put(state, k_tile_mask, PyLong_FromUnsignedLongLong(mask)) < 0 ||
        put(state, k_mask2, PyLong_FromUnsignedLongLong(mask2)) < 0 ||
        put(state, k_mask3, PyLong_FromUnsignedLongLong(mask3)) < 0 ||
        put(state, k_number_total, PyLong_FromLong(total)) < 0 ||
        put(state, k_quads, PyLong_FromLong(quads)) < 0 ||
        put(state, k_is_closed, PyBool_FromLong(closed)) < 0 ||
        put(state, k_suit_count, PyLong_FromLong(suit_count)) < 0 ||
        put(state, k_situational, PyBool_FromLong(kind != 0 || has_ippatsu)) < 0)
        goto done;
    win = PyObject_CallOneArg(g_object_new, cls);
    if (win == NULL) goto done;
    if (PyObject_GenericSetAttr(win, k_dict, state) < 0) goto done;
    result = win;
    win = NULL;
done:
    Py_XDECREF(win);
    Py_XDECREF(state);
    Py_XDECREF(melds);
    Py_XDECREF(meld_items);
    Py_XDECREF(own);
    return result;
}

static PyObject *init_win(PyObject *self, PyObject *args) {
    PyObject *state, *parse_meld, *meld_type, *builtins, *object_type;
    if (!PyArg_ParseTuple(args, "O!OO", &PyDict_Type, &state, &parse_meld, &meld_type))
        return NULL;
    object_type = (PyObject *)&PyBaseObject_Type;
    builtins = PyObject_GetAttrString(object_type, "__new__");
    if (builtins == NULL) return NULL;
    Py_XSETREF(g_object_new, builtins);
    Py_INCREF(state);
    Py_XSETREF(g_state, state);
    Py_INCREF(parse_meld);
    Py_XSETREF(g_parse_meld, parse_meld);
    Py_INCREF(meld_type);
    Py_XSETREF(g_meld_type, meld_type);
    g_win_ready = 1;
    Py_RETURN_NONE;
}

/* -- standard decomposition ------------------------------------------------------------ */

enum { SEQ = 0, TRIP = 1, PAIR = 2 };
#define MAX_BLOCKS 5  /* four sets and the pair */
#define MAX_SPLITS 64 /* per suit; more (never seen: at most 14 tiles) goes to Python */

typedef struct {
    int n;
    unsigned char kind[MAX_BLOCKS], tile[MAX_BLOCKS];
} Split;

typedef struct {
    Split cur;
    Split *out;
    int n_out, overflow, need_pair, base;
} Search;

/* Depth-first over the suit's tiles 0..8, deciding at each the triplet and pair starting
 * there in the order none, pair, triplet, both (decompose._search_order: the Python lists
 * a suit's splits in that order); what is left of the tile starts sequences. */
static void search(Search *s, int r[11], int i, int used_pair) {
    if (i == 9) {
        if (used_pair != s->need_pair) return;
        if (s->n_out == MAX_SPLITS) { s->overflow = 1; return; }
        s->out[s->n_out++] = s->cur;
        return;
    }
    for (int choice = 0; choice < 4; choice++) {
        int pair = choice & 1, trip = choice >> 1;
        if (pair && (!s->need_pair || used_pair)) continue;
        int take = 2 * pair + 3 * trip;
        if (r[i] < take) continue;
        int seqs = r[i] - take;
        if (seqs && (i > 6 || r[i + 1] < seqs || r[i + 2] < seqs)) continue;
        int blocks = seqs + trip + pair;
        if (s->cur.n + blocks > MAX_BLOCKS) continue;
        int mark = s->cur.n;
        /* block order within a tile: sequences, the triplet, the pair (decompose._RANK) */
        for (int k = 0; k < seqs; k++) {
            s->cur.kind[s->cur.n] = SEQ;
            s->cur.tile[s->cur.n++] = (unsigned char)(s->base + i);
        }
        if (trip) { s->cur.kind[s->cur.n] = TRIP; s->cur.tile[s->cur.n++] = (unsigned char)(s->base + i); }
        if (pair) { s->cur.kind[s->cur.n] = PAIR; s->cur.tile[s->cur.n++] = (unsigned char)(s->base + i); }
        int saved = r[i];
        r[i] = 0;
        r[i + 1] -= seqs;
        r[i + 2] -= seqs;
        search(s, r, i + 1, used_pair | pair);
        r[i] = saved;
        r[i + 1] += seqs;
        r[i + 2] += seqs;
        s->cur.n = mark;
    }
}

static PyObject *fall_back(PyObject *counts) {
    return PyObject_CallOneArg(g_py_block_sets, counts);
}

static PyObject *standard_block_sets(PyObject *self, PyObject *counts) {
    if (!g_blocks_ready) {
        PyErr_SetString(PyExc_RuntimeError, "init_blocks was not called");
        return NULL;
    }
    int c[NUM_TILES], sum = 0;
    if (!PyTuple_CheckExact(counts) || PyTuple_GET_SIZE(counts) != NUM_TILES)
        return fall_back(counts);
    for (int t = 0; t < NUM_TILES; t++) {
        PyObject *item = PyTuple_GET_ITEM(counts, t);
        if (!PyLong_CheckExact(item)) return fall_back(counts);
        long n = PyLong_AsLong(item);
        if (n < 0 || n > 4) { PyErr_Clear(); return fall_back(counts); }
        c[t] = (int)n;
        sum += c[t];
    }
    if (sum > 14) return fall_back(counts);
    if (sum % 3 != 2) return PyTuple_New(0);
    /* honors make no sequence: their blocks are forced */
    Split honors = {0};
    int pairs = 0;
    for (int t = 27; t < NUM_TILES; t++) {
        if (c[t] == 1 || c[t] == 4) return PyTuple_New(0);
        if (c[t] == 2 || c[t] == 3) {
            honors.kind[honors.n] = c[t] == 2 ? PAIR : TRIP;
            honors.tile[honors.n++] = (unsigned char)t;
            pairs += c[t] == 2;
        }
    }
    if (pairs > 1) return PyTuple_New(0);
    Split splits[3][MAX_SPLITS];
    int n_splits[3] = {0, 0, 0}, suits[3], n_suits = 0;
    for (int s = 0; s < 3; s++) {
        int r[11] = {0}, total = 0;
        for (int i = 0; i < 9; i++) total += r[i] = c[9 * s + i];
        if (!total) continue;
        if (total % 3 == 1) return PyTuple_New(0);
        Search search_state = {.out = splits[s], .need_pair = total % 3 == 2, .base = 9 * s};
        if (search_state.need_pair && pairs) return PyTuple_New(0);
        search(&search_state, r, 0, 0);
        if (search_state.overflow) return fall_back(counts);
        if (!search_state.n_out) return PyTuple_New(0);
        pairs += search_state.need_pair;
        n_splits[s] = search_state.n_out;
        suits[n_suits++] = s;
    }
    if (pairs != 1) return PyTuple_New(0);
    /* the product over the suits, the first suit varying slowest (itertools.product) */
    int combos = 1;
    for (int k = 0; k < n_suits; k++) combos *= n_splits[suits[k]];
    PyObject *out = PyTuple_New(combos);
    if (out == NULL) return NULL;
    for (int combo = 0; combo < combos; combo++) {
        int pick[3], rest = combo, size = honors.n;
        for (int k = n_suits - 1; k >= 0; k--) {
            pick[k] = rest % n_splits[suits[k]];
            rest /= n_splits[suits[k]];
            size += splits[suits[k]][pick[k]].n;
        }
        PyObject *blocks = PyTuple_New(size);
        if (blocks == NULL) { Py_DECREF(out); return NULL; }
        int at = 0;
        for (int k = 0; k <= n_suits; k++) {
            const Split *part = k < n_suits ? &splits[suits[k]][pick[k]] : &honors;
            for (int b = 0; b < part->n; b++) {
                PyObject *block = g_blocks[part->kind[b]][part->tile[b]];
                Py_INCREF(block);
                PyTuple_SET_ITEM(blocks, at++, block);
            }
        }
        PyTuple_SET_ITEM(out, combo, blocks);
    }
    return out;
}

/* Whether one suit's counts r[0..8] split into sets, and a pair when need_pair: the
 * lowest tile left starts a block, and only three can hold it (the pair, its triplet,
 * the sequence it starts). */
static int suit_splits(int r[11], int need_pair) {
    int i = 0;
    while (i < 9 && !r[i]) i++;
    if (i == 9) return !need_pair;
    if (need_pair && r[i] >= 2) {
        r[i] -= 2;
        int ok = suit_splits(r, 0);
        r[i] += 2;
        if (ok) return 1;
    }
    if (r[i] >= 3) {
        r[i] -= 3;
        int ok = suit_splits(r, need_pair);
        r[i] += 3;
        if (ok) return 1;
    }
    if (i <= 6 && r[i + 1] && r[i + 2]) {
        r[i]--; r[i + 1]--; r[i + 2]--;
        int ok = suit_splits(r, need_pair);
        r[i]++; r[i + 1]++; r[i + 2]++;
        if (ok) return 1;
    }
    return 0;
}

/* Whether counts of 3n + 2 tiles split into sets and exactly one pair. */
static int standard_complete(const int c[NUM_TILES]) {
    int pairs = 0;
    for (int t = 27; t < NUM_TILES; t++) {
        if (c[t] == 1 || c[t] == 4) return 0;
        pairs += c[t] == 2;
    }
    for (int s = 0; s < 3; s++) {
        int r[11] = {0}, total = 0;
        for (int i = 0; i < 9; i++) total += r[i] = c[9 * s + i];
        if (total % 3 == 1) return 0;
        int need_pair = total % 3 == 2;
        pairs += need_pair;
        if (pairs > 1) return 0;
        if (total && !suit_splits(r, need_pair)) return 0;
    }
    return pairs == 1;
}

static PyObject *g_py_waits; /* the Python standard_waits, for what C declines */

/* decompose.standard_waits: the tiles (held fewer than four times) that make concealed
 * counts of 3n + 1 tiles a standard hand, ascending. */
static PyObject *standard_waits(PyObject *self, PyObject *counts) {
    int c[NUM_TILES], sum = 0;
    if (g_py_waits == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "init_blocks was not called");
        return NULL;
    }
    if (!PyTuple_CheckExact(counts) || PyTuple_GET_SIZE(counts) != NUM_TILES)
        return PyObject_CallOneArg(g_py_waits, counts);
    for (int t = 0; t < NUM_TILES; t++) {
        PyObject *item = PyTuple_GET_ITEM(counts, t);
        if (!PyLong_CheckExact(item)) return PyObject_CallOneArg(g_py_waits, counts);
        long n = PyLong_AsLong(item);
        if (n < 0 || n > 4) { PyErr_Clear(); return PyObject_CallOneArg(g_py_waits, counts); }
        c[t] = (int)n;
        sum += c[t];
    }
    /* the Python's split table holds at most four sets per suit: thirteen tiles at most */
    if (sum > 13) return PyObject_CallOneArg(g_py_waits, counts);
    PyObject *out = PyList_New(0);
    if (out == NULL || sum % 3 != 1) return out;
    for (int t = 0; t < NUM_TILES; t++) {
        if (c[t] >= 4) continue;
        c[t]++;
        int complete = standard_complete(c);
        c[t]--;
        if (!complete) continue;
        PyObject *tile = PyLong_FromLong(t);
        if (tile == NULL || PyList_Append(out, tile) < 0) {
            Py_XDECREF(tile);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(tile);
    }
    return out;
}

static PyObject *init_blocks(PyObject *self, PyObject *args) {
    PyObject *table, *fallback;
    static const char *kinds[3] = {"sequence", "triplet", "pair"};
    PyObject *waits_fallback;
    if (!PyArg_ParseTuple(args, "O!OO", &PyDict_Type, &table, &fallback, &waits_fallback))
        return NULL;
    for (int k = 0; k < 3; k++) {
        for (int t = 0; t < NUM_TILES; t++) {
            PyObject *key = Py_BuildValue("(si)", kinds[k], t);
            if (key == NULL) return NULL;
            PyObject *block = PyDict_GetItemWithError(table, key);
            Py_DECREF(key);
            if (block == NULL) {
                if (!PyErr_Occurred())
                    PyErr_Format(PyExc_KeyError, "no block (%s, %d)", kinds[k], t);
                return NULL;
            }
            Py_INCREF(block);
            Py_XSETREF(g_blocks[k][t], block);
        }
    }
    Py_INCREF(fallback);
    Py_XSETREF(g_py_block_sets, fallback);
    Py_INCREF(waits_fallback);
    Py_XSETREF(g_py_waits, waits_fallback);
    g_blocks_ready = 1;
    Py_RETURN_NONE;
}

/* -- the standard readings of a closed hand ------------------------------------------------ */

static PyObject *g_interpretation; /* decompose.Interpretation (a named tuple) */
static PyObject *k_standard, *k_sequence, *k_triplet, *k_pair, *k_kanchan, *k_penchan,
    *k_ryanmen, *k_tanki, *k_shanpon;

/* A Block's kind as SEQ, TRIP or PAIR (-1 for anything else) and its tile. */
static int block_kind(PyObject *block, int *tile) {
    if (!PyTuple_Check(block) || PyTuple_GET_SIZE(block) < 2) return -1;
    PyObject *kind = PyTuple_GET_ITEM(block, 0), *t = PyTuple_GET_ITEM(block, 1);
    if (!PyLong_CheckExact(t) || !PyUnicode_Check(kind)) return -1;
    long value = PyLong_AsLong(t);
    if (value < 0 || value >= NUM_TILES) { PyErr_Clear(); return -1; }
    *tile = (int)value;
    if (same_text(kind, k_sequence)) return SEQ;
    if (same_text(kind, k_triplet)) return TRIP;
    if (same_text(kind, k_pair)) return PAIR;
    return -1;
}

static PyObject *new_interpretation(PyObject *blocks, int win_block, PyObject *wait,
                                    int concealed, int ron_opened) {
    PyTypeObject *type = (PyTypeObject *)g_interpretation;
    PyObject *out = type->tp_alloc(type, 6);
    if (out == NULL) return NULL;
    PyObject *items[6] = {k_standard, blocks, PyLong_FromLong(win_block), wait,
                          PyLong_FromLong(concealed), PyLong_FromLong(ron_opened)};
    if (items[2] == NULL || items[4] == NULL || items[5] == NULL) {
        Py_XDECREF(items[2]); Py_XDECREF(items[4]); Py_XDECREF(items[5]);
        Py_DECREF(out);
        return NULL;
    }
    Py_INCREF(k_standard); Py_INCREF(blocks); Py_INCREF(wait);
    for (int i = 0; i < 6; i++) PyTuple_SET_ITEM(out, i, items[i]);
    return out;
}

/* The readings of one set of concealed blocks (decompose._standard without melds). */
static int readings_of(PyObject *blocks, int win_tile, int tsumo, PyObject *out) {
    Py_ssize_t n = PyTuple_GET_SIZE(blocks);
    int kinds[MAX_BLOCKS + 9], tiles[MAX_BLOCKS + 9];
    if (n > MAX_BLOCKS + 9) return 1; /* never: decline */
    for (Py_ssize_t i = 0; i < n; i++) {
        kinds[i] = block_kind(PyTuple_GET_ITEM(blocks, i), &tiles[i]);
        if (kinds[i] < 0) return 1; /* not a plain concealed block: decline */
    }
    int ron_opened = -1;
    if (!tsumo) {
        int in_sequence = 0;
        for (Py_ssize_t i = 0; i < n; i++)
            if (kinds[i] == SEQ && tiles[i] <= win_tile && win_tile <= tiles[i] + 2) {
                in_sequence = 1;
                break;
            }
        if (!in_sequence)
            for (Py_ssize_t i = 0; i < n; i++)
                if (kinds[i] == TRIP && tiles[i] == win_tile) ron_opened = (int)i;
    }
    int concealed = -(ron_opened >= 0);
    for (Py_ssize_t i = 0; i < n; i++) concealed += kinds[i] == TRIP;
    for (Py_ssize_t i = 0; i < n; i++) {
        int k = kinds[i], t = tiles[i];
        if (k == SEQ ? !(t <= win_tile && win_tile <= t + 2) : t != win_tile) continue;
        int seen = 0; /* identical blocks give identical readings */
        for (Py_ssize_t j = 0; j < i && !seen; j++) {
            if (kinds[j] != k || tiles[j] != t) continue;
            seen = k == SEQ ? (t <= win_tile && win_tile <= t + 2) : 1;
        }
        if (seen) continue;
        PyObject *wait;
        if (k == PAIR) wait = k_tanki;
        else if (k == TRIP) wait = k_shanpon;
        else if (win_tile == t + 1) wait = k_kanchan;
        else if ((t % 9 == 0 && win_tile == t + 2) || (t % 9 == 6 && win_tile == t)) wait = k_penchan;
        else wait = k_ryanmen;
        PyObject *reading = new_interpretation(blocks, (int)i, wait, concealed, ron_opened);
        if (reading == NULL) return -1;
        int failed = PyList_Append(out, reading);
        Py_DECREF(reading);
        if (failed) return -1;
    }
    return 0;
}

/* decompose's standard readings of a closed hand: a list of Interpretation, or None for
 * the Python to work out (anything but a 34-tuple of 0..4 counts, a win tile in range
 * and a bool). */
static PyObject *standard_interpretations(PyObject *self, PyObject *const *args,
                                          Py_ssize_t nargs) {
    if (g_interpretation == NULL || !g_blocks_ready) {
        PyErr_SetString(PyExc_RuntimeError, "init_interpretations was not called");
        return NULL;
    }
    if (nargs != 3 || !PyLong_CheckExact(args[1]) || !PyBool_Check(args[2])) Py_RETURN_NONE;
    long win_tile = PyLong_AsLong(args[1]);
    if (win_tile < 0 || win_tile >= NUM_TILES) { PyErr_Clear(); Py_RETURN_NONE; }
    int tsumo = args[2] == Py_True;
    PyObject *sets = standard_block_sets(self, args[0]);
    if (sets == NULL) return NULL;
    if (!PyTuple_CheckExact(sets)) { Py_DECREF(sets); Py_RETURN_NONE; }
    PyObject *out = PyList_New(0);
    if (out == NULL) { Py_DECREF(sets); return NULL; }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(sets); i++) {
        PyObject *blocks = PyTuple_GET_ITEM(sets, i);
        int status = PyTuple_CheckExact(blocks) ? readings_of(blocks, (int)win_tile, tsumo, out) : 1;
        if (status) {
            Py_DECREF(sets);
            Py_DECREF(out);
            if (status < 0) return NULL;
            Py_RETURN_NONE;
        }
    }
    Py_DECREF(sets);
    return out;
}

static long small_int(PyObject *value, long limit); /* below, with the score's helpers */

/* decompose.interpretations' built-in readings of a closed hand (_builtin without melds)
 * when the hand can be neither seven pairs nor thirteen orphans (fewer than seven pairs,
 * counting a 4 as two when allow_four; not 21 empty counts): its standard readings as a
 * tuple, the Python's own order. None for the Python to work out: those hands, counts
 * other than a 34-tuple of ints 0..4, a non-bool allow_four, and whatever
 * standard_interpretations declines. */
static PyObject *closed_interpretations(PyObject *self, PyObject *const *args,
                                        Py_ssize_t nargs) {
    if (nargs != 4 || !PyTuple_CheckExact(args[0]) || PyTuple_GET_SIZE(args[0]) != NUM_TILES ||
        !PyBool_Check(args[3]))
        Py_RETURN_NONE;
    int twos = 0, fours = 0, zeros = 0;
    for (int t = 0; t < NUM_TILES; t++) {
        long n = small_int(PyTuple_GET_ITEM(args[0], t), 5);
        if (n < 0) Py_RETURN_NONE;
        twos += n == 2;
        fours += n == 4;
        zeros += n == 0;
    }
    int allow_four = args[3] == Py_True;
    if (twos + 2 * allow_four * fours >= 7 || zeros == 21) Py_RETURN_NONE;
    PyObject *found = standard_interpretations(self, args, 3);
    if (found == NULL || found == Py_None) return found;
    PyObject *out = PyList_AsTuple(found);
    Py_DECREF(found);
    return out;
}

static PyObject *init_interpretations(PyObject *self, PyObject *cls) {
    if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "Interpretation must be a named tuple class");
        return NULL;
    }
    Py_INCREF(cls);
    Py_XSETREF(g_interpretation, cls);
    Py_RETURN_NONE;
}

/* -- BACK FOUR's pairs --------------------------------------------------------------------- */

static PyObject *g_py_back_four; /* shapes.back_four_pairs_py, for what C declines */

/* Whether the counts r[0..8] (one suit) split wholly into four-tile groups: four identical
 * tiles, or a run of four consecutive numbers. The lowest tile left starts a group, and
 * only two groups can hold it: its four, or the run it starts. */
static int splits_in_fours(int r[9]) {
    int i = 0;
    while (i < 9 && !r[i]) i++;
    if (i == 9) return 1;
    if (r[i] >= 4) {
        r[i] -= 4;
        int ok = splits_in_fours(r);
        r[i] += 4;
        if (ok) return 1;
    }
    if (i <= 5 && r[i + 1] && r[i + 2] && r[i + 3]) {
        for (int k = 0; k < 4; k++) r[i + k]--;
        int ok = splits_in_fours(r);
        for (int k = 0; k < 4; k++) r[i + k]++;
        if (ok) return 1;
    }
    return 0;
}

static PyObject *fall_back_four(PyObject *counts) {
    return PyObject_CallOneArg(g_py_back_four, counts);
}

/* shapes.back_four_pairs: the tiles that can be the pair when fourteen concealed tiles
 * split into a pair and three four-tile groups (groups stay within a suit; honors make
 * only fours), in tile order; () when there is no such split. */
static PyObject *back_four_pairs(PyObject *self, PyObject *counts) {
    int c[NUM_TILES], sum = 0;
    if (g_py_back_four == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "init_back_four was not called");
        return NULL;
    }
    if (!PyTuple_CheckExact(counts) || PyTuple_GET_SIZE(counts) != NUM_TILES)
        return fall_back_four(counts);
    for (int t = 0; t < NUM_TILES; t++) {
        PyObject *item = PyTuple_GET_ITEM(counts, t);
        if (!PyLong_CheckExact(item)) return fall_back_four(counts);
        long n = PyLong_AsLong(item);
        if (n < 0 || n > 4) { PyErr_Clear(); return fall_back_four(counts); }
        c[t] = (int)n;
        sum += c[t];
    }
    /* the Python's table holds at most three groups: what is left of fourteen tiles */
    if (sum != 14) return fall_back_four(counts);
    int honor_pair = -1;
    for (int t = 27; t < NUM_TILES; t++) {
        if (c[t] == 1 || c[t] == 3) return PyTuple_New(0);
        if (c[t] == 2) {
            if (honor_pair >= 0) return PyTuple_New(0);
            honor_pair = t;
        }
    }
    int pair_suit = -1;
    for (int s = 0; s < 3; s++) {
        int total = 0;
        for (int i = 0; i < 9; i++) total += c[9 * s + i];
        if (total % 4 == 0) continue;
        if (total % 4 != 2 || pair_suit >= 0 || honor_pair >= 0) return PyTuple_New(0);
        pair_suit = s;
    }
    if (pair_suit < 0 && honor_pair < 0) return PyTuple_New(0);
    for (int s = 0; s < 3; s++) {
        if (s != pair_suit && !splits_in_fours(&c[9 * s])) return PyTuple_New(0);
    }
    if (pair_suit < 0) return Py_BuildValue("(i)", honor_pair);
    int *r = &c[9 * pair_suit], pairs[9], n_pairs = 0;
    for (int i = 0; i < 9; i++) {
        if (r[i] < 2) continue;
        r[i] -= 2;
        if (splits_in_fours(r)) pairs[n_pairs++] = 9 * pair_suit + i;
        r[i] += 2;
    }
    PyObject *out = PyTuple_New(n_pairs);
    if (out == NULL) return NULL;
    for (int k = 0; k < n_pairs; k++) {
        PyObject *tile = PyLong_FromLong(pairs[k]);
        if (tile == NULL) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, k, tile);
    }
    return out;
}

static PyObject *init_back_four(PyObject *self, PyObject *fallback) {
    Py_INCREF(fallback);
    Py_XSETREF(g_py_back_four, fallback);
    Py_RETURN_NONE;
}

/* -- the set yaku of a standard reading (score.py) ------------------------------------------- */

static PyObject *k_quad;

/* score.set_yaku_py's bits, in STANDARD_YAKU's order of the yaku they stand for. */
enum {
    Y_PINFU = 1 << 0, Y_IIPEIKOU = 1 << 1, Y_RYANPEIKOU = 1 << 2, Y_ITTSUU = 1 << 3,
    Y_DOUJUN = 1 << 4, Y_DOUKOU = 1 << 5, Y_TOITOI = 1 << 6, Y_SANANKOU = 1 << 7,
    Y_SANKANTSU = 1 << 8, Y_CHANTA = 1 << 9, Y_JUNCHAN = 1 << 10, Y_SHOUSANGEN = 1 << 11,
    Y_SUUANKOU = 1 << 12, Y_SUUANKOU_TANKI = 1 << 13, Y_DAISANGEN = 1 << 14,
    Y_SHOUSUUSHII = 1 << 15, Y_DAISUUSHII = 1 << 16, Y_SUUKANTSU = 1 << 17,
};

/* A small non-negative int argument, or -1. */
static long small_int(PyObject *value, long limit) {
    if (!PyLong_CheckExact(value)) return -1;
    long v = PyLong_AsLong(value);
    if (v < 0 || v >= limit) { PyErr_Clear(); return -1; }
    return v;
}

/* set_yaku(blocks, wait, concealed_triplets, closed, seat_wind, round_wind): the bits of
 * score.set_yaku_py, or None for the Python to work out (anything but a tuple of up to
 * eight decompose.Block of a known kind and a tile in range, and arguments of the right
 * types). Reads only the tuples it is given: no Python code runs meanwhile. */
static PyObject *set_yaku(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6 || !PyTuple_CheckExact(args[0]) || !PyUnicode_Check(args[1])
        || !PyBool_Check(args[3]))
        Py_RETURN_NONE;
    PyObject *blocks = args[0], *wait = args[1];
    long concealed = small_int(args[2], 5), seat = small_int(args[4], NUM_TILES),
         round_wind = small_int(args[5], NUM_TILES);
    if (concealed < 0 || seat < 0 || round_wind < 0) Py_RETURN_NONE;
    int closed = args[3] == Py_True;
    Py_ssize_t n = PyTuple_GET_SIZE(blocks);
    if (n > 8 || !g_blocks_ready) Py_RETURN_NONE;
    PyTypeObject *block_type = Py_TYPE(g_blocks[0][0]); /* decompose.Block */
    int starts[8], n_starts = 0, triplets[8], n_triplets = 0, quads = 0;
    int dragon_sets = 0, dragon_pairs = 0, wind_sets = 0, wind_pairs = 0;
    int outside = 1, honors = 0, pinfu_blocks = 1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *block = PyTuple_GET_ITEM(blocks, i);
        if (Py_TYPE(block) != block_type || PyTuple_GET_SIZE(block) < 2) Py_RETURN_NONE;
        PyObject *kind = PyTuple_GET_ITEM(block, 0);
        long t = small_int(PyTuple_GET_ITEM(block, 1), NUM_TILES);
        if (t < 0 || !PyUnicode_Check(kind)) Py_RETURN_NONE;
        if (same_text(kind, k_sequence)) {
            if (t >= 27) Py_RETURN_NONE;
            starts[n_starts++] = (int)t;
            if (t % 9 != 0 && t % 9 != 6) outside = 0;
            continue;
        }
        if (same_text(kind, k_pair)) {
            if (t >= 31) { dragon_pairs++; pinfu_blocks = 0; }
            else if (t >= 27) {
                wind_pairs++;
                if (t == seat || t == round_wind) pinfu_blocks = 0;
            }
        } else {
            int quad = same_text(kind, k_quad);
            if (!quad && !same_text(kind, k_triplet)) {
                if (PyErr_Occurred()) return NULL;
                Py_RETURN_NONE; /* no such block in a standard reading: the Python decides */
            }
            triplets[n_triplets++] = (int)t;
            pinfu_blocks = 0;
            quads += quad;
            if (t >= 31) dragon_sets++;
            else if (t >= 27) wind_sets++;
        }
        if (t >= 27) honors = 1;
        else if (t % 9 != 0 && t % 9 != 8) outside = 0;
    }
    if (PyErr_Occurred()) return NULL;
    long bits = 0;
    if (pinfu_blocks && closed && PyUnicode_CompareWithASCIIString(wait, "ryanmen") == 0)
        bits |= Y_PINFU;
    int start_count[27] = {0}, triplet_at[NUM_TILES] = {0};
    for (int i = 0; i < n_starts; i++) start_count[starts[i]]++;
    for (int i = 0; i < n_triplets; i++) triplet_at[triplets[i]] = 1;
    if (closed) {
        int peikou = 0;
        for (int t = 0; t < 27; t++) peikou += start_count[t] / 2;
        if (peikou == 1) bits |= Y_IIPEIKOU;
        else if (peikou >= 2) bits |= Y_RYANPEIKOU;
    }
    for (int b = 0; b < 27; b += 9)
        if (start_count[b] && start_count[b + 3] && start_count[b + 6]) bits |= Y_ITTSUU;
    for (int k = 0; k < 7; k++)
        if (start_count[k] && start_count[k + 9] && start_count[k + 18]) bits |= Y_DOUJUN;
    for (int k = 0; k < 9; k++)
        if (triplet_at[k] && triplet_at[k + 9] && triplet_at[k + 18]) bits |= Y_DOUKOU;
    if (n_triplets == 4) bits |= Y_TOITOI;
    if (concealed == 3) bits |= Y_SANANKOU;
    if (quads == 3) bits |= Y_SANKANTSU;
    if (n_starts && outside) bits |= honors ? Y_CHANTA : Y_JUNCHAN;
    if (dragon_sets == 2 && dragon_pairs == 1) bits |= Y_SHOUSANGEN;
    if (concealed == 4) {
        bits |= Y_SUUANKOU;
        if (PyUnicode_CompareWithASCIIString(wait, "tanki") == 0) bits |= Y_SUUANKOU_TANKI;
    }
    if (dragon_sets == 3) bits |= Y_DAISANGEN;
    if (wind_sets == 3 && wind_pairs == 1) bits |= Y_SHOUSUUSHII;
    if (wind_sets == 4) bits |= Y_DAISUUSHII;
    if (quads == 4) bits |= Y_SUUKANTSU;
    return PyLong_FromLong(bits);
}

/* -- what scoring reads of a standard reading (score.py) ---------------------------------- */


/* reading_facts(blocks, wait, win_block, concealed_triplets, closed, tsumo, seat_wind,
 * round_wind): score.reading_facts_py's (set-yaku bits, honor sets, set fu, an open block),
 * or None for the Python to work out: whatever set_yaku declines, a win_block or tsumo of
 * another type, a Block without a bool `open`. set_yaku checks the blocks (a tuple of up to
 * eight decompose.Block of a known kind and a tile in range) and runs no Python code; this
 * reads the same tuples after it, and nothing runs in between. */
static PyObject *reading_facts(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 8 || !PyBool_Check(args[5])) Py_RETURN_NONE;
    long win_block = small_int(args[2], 8);
    if (win_block < 0) Py_RETURN_NONE;
    PyObject *set_args[6] = {args[0], args[1], args[3], args[4], args[6], args[7]};
    PyObject *bits = set_yaku(self, set_args, 6);
    if (bits == NULL || bits == Py_None) return bits;
    PyObject *blocks = args[0], *wait = args[1];
    int tsumo = args[5] == Py_True;
    long seat = PyLong_AsLong(args[6]), round_wind = PyLong_AsLong(args[7]); /* checked */
    int fu = same_text(wait, k_kanchan) || same_text(wait, k_penchan) || same_text(wait, k_tanki)
                 ? 2 : 0;
    long honor_sets = 0;
    int open_block = 0;
    Py_ssize_t n = PyTuple_GET_SIZE(blocks);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *block = PyTuple_GET_ITEM(blocks, i);
        if (PyTuple_GET_SIZE(block) < 3 || !PyBool_Check(PyTuple_GET_ITEM(block, 2))) {
            Py_DECREF(bits);
            Py_RETURN_NONE;
        }
        int is_open = PyTuple_GET_ITEM(block, 2) == Py_True;
        PyObject *kind = PyTuple_GET_ITEM(block, 0);
        long t = PyLong_AsLong(PyTuple_GET_ITEM(block, 1)); /* set_yaku checked: 0..33 */
        open_block |= is_open;
        if (same_text(kind, k_sequence)) continue;
        if (same_text(kind, k_pair)) {
            fu += 2 * ((t >= 31) + (t == seat) + (t == round_wind));
            continue;
        }
        int quad = same_text(kind, k_quad); /* else a triplet: set_yaku knows no other kind */
        int concealed = !is_open && (tsumo || i != win_block);
        int value = 2 * (1 + concealed);
        if (quad) value *= 4;
        if (t >= 27 || t % 9 == 0 || t % 9 == 8) value *= 2;
        fu += value;
        if (t >= 27) honor_sets = honor_sets * 8 + (t - 26);
    }
    if (PyErr_Occurred()) {
        Py_DECREF(bits);
        return NULL;
    }
    return Py_BuildValue("(NliO)", bits, honor_sets, fu, open_block ? Py_True : Py_False);
}

/* -- a standard reading's worth (score.appraise) ------------------------------------------ */

/* What appraise_standard reads and builds, given once by score.py (init_score). */
static PyObject *g_win_cls, *g_award_cls, *g_score_cls, *g_payment_cls, *g_shape_counted,
    *g_seven_pairs_counted, *g_seven_pairs_kinds, *g_same_as_standard, *g_shape_users,
    *g_is_plain, *g_partial;
static unsigned long long m_honor, m_terminal, m_yaochuu, m_green, m_suit[3];
static int g_score_ready;

/* Interned strings of the appraisal: the keys it reads, the names and texts it writes. */
enum {
    S_DORA, S_URA, S_FIRST, S_HAITEI, S_HOUTEI, S_RINSHAN, S_CHANKAN, S_MIN_HAN, S_HONBA,
    S_STICKS, S_FLOWERS, S_IS_PLAIN, S_ID, S_NAME, S_VALUE, S_LOST, S_HAN, S_MULTIPLE, S_FU,
    S_FU_HAN, S_YAKUMAN, S_KIRIAGE, S_KAZOE, S_MULTIPLE_YAKUMAN, S_DOUBLE_YAKUMAN, S_AKA_DORA,
    S_KUITAN, S_FLOWER_DORA, S_LIMIT, S_BASE, S_PAYMENT, S_COUNTED, S_INTERPRETATION,
    S_NOT_COUNTED, S_REASON, S_RON, S_DEALER, S_EACH, S_TOTAL, S_TENHOU, S_CHIIHOU,
    S_DOUBLE_RIICHI, S_MENZEN_TSUMO, S_AKA_DORA_NAME, S_NO_YAKU, S_KAZOE_YAKUMAN,
    S_KAZOE_SANBAIMAN, S_SANBAIMAN, S_BAIMAN, S_HANEMAN, S_MANGAN, S_MANGAN_KIRIAGE, S_EMPTY,
    S_DROPS, S_ONE_YAKUMAN, S_DOUBLE, S_OPEN, S_OPEN_DOUBLE, S_LOST_TEXT, S_ADDITIVE,
    S_ADOPTED, N_TEXTS
};
static const char *const TEXTS[N_TEXTS] = {
    "dora", "ura", "first_go_around", "haitei", "houtei", "rinshan", "chankan", "min_han",
    "honba", "riichi_sticks", "flowers", "_is_plain", "id", "name", "value", "lost", "han",
    "multiple", "fu", "fu_han", "yakuman", "kiriage", "kazoe", "multiple_yakuman",
    "double_yakuman", "aka_dora", "kuitan", "flower_dora", "limit", "base", "payment",
    "counted", "interpretation", "not_counted", "reason", "ron", "dealer", "each", "total",
    "tenhou", "chiihou", "double riichi", "menzen tsumo", "aka dora", "no yaku",
    "kazoe yakuman", "kazoe sanbaiman", "sanbaiman", "baiman", "haneman", "mangan",
    "mangan (kiriage)", "", "a yakuman drops the han yaku", "1x yakuman", "double",
    "open", "open_double", "its number is lost in the source; a ruleset can supply it",
    "additive", "adopted",
};
static PyObject *S[N_TEXTS];

/* A dict's item: 1 with *out borrowed, 0 when absent (decline), -1 on an error. */
static int item(PyObject *d, PyObject *key, PyObject **out) {
    *out = PyDict_GetItemWithError(d, key);
    if (*out == NULL) return PyErr_Occurred() ? -1 : 0;
    return 1;
}

/* A bool item: 1 with *out 0 or 1, 0 to decline (absent, not a bool), -1 on an error. */
static int bool_item(PyObject *d, PyObject *key, int *out) {
    PyObject *v;
    int got = item(d, key, &v);
    if (got <= 0) return got;
    if (v != Py_True && v != Py_False) return 0;
    *out = v == Py_True;
    return 1;
}

/* An int item (exactly an int, within +-10^6): 1, 0 to decline, -1 on an error. */
static int int_item(PyObject *d, PyObject *key, long *out) {
    PyObject *v;
    int got = item(d, key, &v);
    if (got <= 0) return got;
    if (!PyLong_CheckExact(v)) return 0;
    int overflow;
    long x = PyLong_AsLongAndOverflow(v, &overflow);
    if (overflow || x < -1000000 || x > 1000000) return 0;
    *out = x;
    return 1;
}

/* The table's scoring rules appraise_standard reads, kept for the last Scoring asked. */
typedef struct {
    int kiriage, kazoe /* 0 yakuman, 1 multiple, 2 sanbaiman */, multiple_yakuman, aka_dora,
        flower_dora;
    PyObject *kuitan, *double_yakuman; /* Py_True or Py_False */
} Table;
static PyObject *g_last_scoring; /* held, so its id is not reused while it is kept */
static Table g_table;

/* 1 with the attribute, a bool, in *out (borrowed), 0 to decline, -1 on an error. */
static int bool_attr(PyObject *obj, PyObject *name, PyObject **out) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -1;
    int ok = v == Py_True || v == Py_False;
    Py_DECREF(v); /* True and False outlive it */
    *out = v;
    return ok;
}

static int read_table(PyObject *scoring, Table *t) {
    if (scoring == g_last_scoring) { *t = g_table; return 1; }
    PyObject *kiriage, *multiple, *flower;
    int ok;
    if ((ok = bool_attr(scoring, S[S_KIRIAGE], &kiriage)) <= 0 ||
        (ok = bool_attr(scoring, S[S_MULTIPLE_YAKUMAN], &multiple)) <= 0 ||
        (ok = bool_attr(scoring, S[S_FLOWER_DORA], &flower)) <= 0 ||
        (ok = bool_attr(scoring, S[S_KUITAN], &t->kuitan)) <= 0 ||
        (ok = bool_attr(scoring, S[S_DOUBLE_YAKUMAN], &t->double_yakuman)) <= 0)
        return ok;
    t->kiriage = kiriage == Py_True;
    t->multiple_yakuman = multiple == Py_True;
    t->flower_dora = flower == Py_True;
    PyObject *kazoe = PyObject_GetAttr(scoring, S[S_KAZOE]);
    if (kazoe == NULL) return -1;
    ok = PyUnicode_CheckExact(kazoe);
    if (ok) /* base_points: "yakuman", "multiple", anything else is sanbaiman */
        t->kazoe = same_text(kazoe, S[S_YAKUMAN]) ? 0 : same_text(kazoe, S[S_MULTIPLE]) ? 1 : 2;
    Py_DECREF(kazoe);
    if (!ok) return 0;
    PyObject *aka = PyObject_GetAttr(scoring, S[S_AKA_DORA]);
    if (aka == NULL) return -1;
    int overflow = 0;
    long value = PyLong_CheckExact(aka) ? PyLong_AsLongAndOverflow(aka, &overflow) : -1;
    Py_DECREF(aka);
    if (overflow || value < 0 || value > 1000) return 0;
    t->aka_dora = (int)value;
    Py_INCREF(scoring);
    Py_XSETREF(g_last_scoring, scoring);
    g_table = *t;
    return 1;
}

/* Score's and Payment's fields in the dataclasses' order, each at None: the dicts
 * new_filled copies (a copy of a dict of the same keys costs less than building one). */
static PyObject *g_score_fields, *g_payment_fields, *g_no_args;
enum { N_SCORE_FIELDS = 11, N_PAYMENT_FIELDS = 6 };
static const int SCORE_KEYS[N_SCORE_FIELDS] = {-1 /* k_win */, S_HAN, S_FU, S_YAKUMAN,
    S_LIMIT, S_BASE, S_PAYMENT, S_COUNTED, S_INTERPRETATION, S_NOT_COUNTED, S_REASON};
static const int PAYMENT_KEYS[N_PAYMENT_FIELDS] = {S_RON, S_DEALER, S_EACH, S_HONBA,
    S_STICKS, S_TOTAL};

static PyObject *field_name(int index) { return index < 0 ? k_win : S[index]; }

/* A new object of a frozen dataclass (object.__new__) with its fields set in one step as
 * score.py's _new_score and _new_payment set them: a copy of `fields` holding `values`,
 * in field order, as its __dict__. Steals every value (a NULL one: fails). */
static PyObject *new_filled(PyObject *cls, PyObject *fields, const int *keys,
                            PyObject **values, int n) {
    PyObject *dict = NULL, *made = NULL;
    for (int i = 0; i < n; i++)
        if (values[i] == NULL) goto fail;
    dict = PyDict_Copy(fields);
    if (dict == NULL) goto fail;
    for (int i = 0; i < n; i++) {
        int failed = PyDict_SetItem(dict, field_name(keys[i]), values[i]);
        Py_CLEAR(values[i]);
        if (failed) goto fail;
    }
    made = PyBaseObject_Type.tp_new((PyTypeObject *)cls, g_no_args, NULL);
    if (made == NULL || PyObject_GenericSetAttr(made, k_dict, dict) < 0) goto fail;
    Py_DECREF(dict);
    return made;
fail:
    for (int i = 0; i < n; i++) Py_XDECREF(values[i]);
    Py_XDECREF(dict);
    Py_XDECREF(made);
    return NULL;
}

static long up100(long points) { return (points + 99) / 100 * 100; }

/* score.payment (rule 7): ron, dealer, each, honba, riichi_sticks and total, the
 * Payment's fields in order. */
static void payment_parts(int tsumo, int dealer, long base, long honba, long sticks,
                          long parts[N_PAYMENT_FIELDS]) {
    long ron = 0, from_dealer = 0, each = 0, total;
    if (!tsumo) {
        ron = up100(base * (dealer ? 6 : 4)) + 300 * honba;
        total = ron + 1000 * sticks;
    } else if (dealer) {
        each = up100(2 * base) + 100 * honba;
        total = 3 * each + 1000 * sticks;
    } else {
        from_dealer = up100(2 * base) + 100 * honba;
        each = up100(base) + 100 * honba;
        total = from_dealer + 2 * each + 1000 * sticks;
    }
    long out[N_PAYMENT_FIELDS] = {ron, from_dealer, each, 300 * honba, 1000 * sticks, total};
    memcpy(parts, out, sizeof out);
}

/* What appraise_standard packs for score_of: the Score's fields but the payment, in
 * order, then the Payment's. */
enum { N_PACKED = N_SCORE_FIELDS - 1 + N_PAYMENT_FIELDS, PAYMENT_FIELD = 6 };

/* score_of(packed): the Score appraise_standard counted (its builder: the Score and its
 * Payment are made only for the reading a caller keeps). */
static PyObject *score_of(PyObject *self, PyObject *packed) {
    if (!PyTuple_CheckExact(packed) || PyTuple_GET_SIZE(packed) != N_PACKED) {
        PyErr_SetString(PyExc_TypeError, "score_of takes what appraise_standard packed");
        return NULL;
    }
    PyObject *values[N_SCORE_FIELDS], *parts[N_PAYMENT_FIELDS];
    for (int i = 0; i < N_PAYMENT_FIELDS; i++) {
        parts[i] = PyTuple_GET_ITEM(packed, N_SCORE_FIELDS - 1 + i);
        Py_INCREF(parts[i]);
    }
    values[PAYMENT_FIELD] =
        new_filled(g_payment_cls, g_payment_fields, PAYMENT_KEYS, parts, N_PAYMENT_FIELDS);
    for (int i = 0, k = 0; i < N_SCORE_FIELDS; i++) {
        if (i == PAYMENT_FIELD) continue;
        values[i] = PyTuple_GET_ITEM(packed, k++);
        Py_INCREF(values[i]);
    }
    return new_filled(g_score_cls, g_score_fields, SCORE_KEYS, values, N_SCORE_FIELDS);
}

static PyMethodDef score_of_def = {"score_of", score_of, METH_O,
                                   "score_of(packed): the Score appraise_standard counted"};
static PyObject *g_score_of; /* a function object of score_of_def */

/* Appends (name, text) to a list; steals `text` (NULL: fails). A NULL list (a paying key
 * only: appraise_standard's key_only) takes nothing. */
static int add_entry(PyObject *list, PyObject *name, PyObject *text) {
    if (text == NULL) return -1;
    if (list == NULL) {
        Py_DECREF(text);
        return 0;
    }
    PyObject *entry = PyTuple_Pack(2, name, text);
    Py_DECREF(text);
    if (entry == NULL) return -1;
    int failed = PyList_Append(list, entry);
    Py_DECREF(entry);
    return failed;
}

/* f"{han} han", a new reference: those of 0 to 31 han made once. */
static PyObject *g_han_texts[32];
static PyObject *han_text(long han) {
    if (han < 0 || han >= 32) return PyUnicode_FromFormat("%ld han", han);
    if (g_han_texts[han] == NULL) {
        g_han_texts[han] = PyUnicode_FromFormat("%ld han", han);
        if (g_han_texts[han] == NULL) return NULL;
    }
    Py_INCREF(g_han_texts[han]);
    return g_han_texts[han];
}

/* Adds one of score.py's kept counts (a Counted: han, yakuman, their entries):
 * 1, 0 to decline (not of that form), -1 on an error. */
static int add_counted(PyObject *counted, long *han, long *yakuman, PyObject *han_list,
                       PyObject *yakuman_list) {
    if (!PyTuple_CheckExact(counted) || PyTuple_GET_SIZE(counted) != 4) return 0;
    PyObject *h = PyTuple_GET_ITEM(counted, 0), *y = PyTuple_GET_ITEM(counted, 1);
    PyObject *c = PyTuple_GET_ITEM(counted, 2), *yc = PyTuple_GET_ITEM(counted, 3);
    if (!PyLong_CheckExact(h) || !PyLong_CheckExact(y) || !PyTuple_CheckExact(c) ||
        !PyTuple_CheckExact(yc))
        return 0;
    int o1 = 0, o2 = 0;
    long hv = PyLong_AsLongAndOverflow(h, &o1), yv = PyLong_AsLongAndOverflow(y, &o2);
    if (o1 || o2 || hv < -1000000 || hv > 1000000 || yv < -1000000 || yv > 1000000) return 0;
    *han += hv;
    *yakuman += yv;
    if (han_list == NULL) return 1; /* a paying key only */
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(c); i++)
        if (PyList_Append(han_list, PyTuple_GET_ITEM(c, i)) < 0) return -1;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(yc); i++)
        if (PyList_Append(yakuman_list, PyTuple_GET_ITEM(yc, i)) < 0) return -1;
    return 1;
}

/* score._colour_yaku: the tile-colour yaku of a Win as a 9-tuple of bools (a new
 * reference), Py_None (borrowed) to decline, NULL on an error. */
static PyObject *colour_yaku(unsigned long long mask, int has_melds, PyObject *concealed,
                             PyObject *counts, long win_tile) {
    static const int CHUUREN_BASE[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    unsigned long long honors = mask & m_honor, suited = mask & ~m_honor;
    int one_suit = suited != 0 && ((suited & ~m_suit[0]) == 0 || (suited & ~m_suit[1]) == 0 ||
                                   (suited & ~m_suit[2]) == 0);
    int chini = !honors && one_suit, chuu = 0, junsei = 0;
    if (chini && !has_melds) { /* standard.chuuren and chuuren_junsei */
        if (!PyTuple_CheckExact(concealed) || PyTuple_GET_SIZE(concealed) < 1 ||
            !PyTuple_CheckExact(counts) || PyTuple_GET_SIZE(counts) != NUM_TILES)
            return Py_None;
        long first = small_int(PyTuple_GET_ITEM(concealed, 0), 27);
        if (first < 0) return Py_None;
        long base = first - first % 9, extra_sum = 0, extra_min = 99;
        for (int i = 0; i < 9; i++) {
            long n = small_int(PyTuple_GET_ITEM(counts, base + i), 5);
            if (n < 0) return Py_None;
            long extra = n - CHUUREN_BASE[i];
            extra_sum += extra;
            if (extra < extra_min) extra_min = extra;
        }
        chuu = extra_min == 0 && extra_sum == 1;
        if (chuu) {
            long n = small_int(PyTuple_GET_ITEM(counts, win_tile), 5);
            if (n < 0) return Py_None;
            junsei = n - 1 == CHUUREN_BASE[win_tile % 9];
        }
    }
    int holds[9] = {
        (mask & m_yaochuu) == 0,                                             /* tanyao */
        (mask & ~m_yaochuu) == 0 && honors != 0 && (mask & m_terminal) != 0, /* honroutou */
        honors != 0 && one_suit,                                             /* honiisou */
        chini,                                                               /* chiniisou */
        suited == 0,                                                         /* tsuuiisou */
        (mask & ~m_green) == 0,                                              /* ryuuiisou */
        (mask & ~m_terminal) == 0,                                           /* chinroutou */
        chuu,
        chuu && junsei,
    };
    PyObject *out = PyTuple_New(9);
    if (out == NULL) return NULL;
    for (int i = 0; i < 9; i++) {
        PyObject *b = holds[i] ? Py_True : Py_False;
        Py_INCREF(b);
        PyTuple_SET_ITEM(out, i, b);
    }
    return out;
}

/* A catalog value's own type (whose truth runs no Python code). */
static int plain_value(PyObject *v) {
    return v == Py_None || PyBool_Check(v) || PyLong_CheckExact(v) || PyUnicode_CheckExact(v) ||
           PyList_CheckExact(v) || PyDict_CheckExact(v);
}

#define DECLINE_TO(value) do { status = (value); goto done; } while (0)
/* got: 1 go on, 0 decline, -1 error */
#define CHECK(call) do { int got_ = (call); if (got_ <= 0) DECLINE_TO(got_); } while (0)

/* appraise_standard(win, interp, awards, scoring): score.appraise of a standard or
 * seven-pairs reading (its paying key, and a builder of its Score: score_of, which makes
 * it only when asked) for the plain case, or None for the Python to work out: anything
 * but a Win, an Interpretation of those kinds (not a registered local shape's: rule 0)
 * and a list of Awards each plain (score._is_plain) whose value states no fu and is no
 * limit (han, fu_han, yakuman and adopted values are counted, a lost one or one of
 * another kind listed as not counted, as _add_local does); a hand with dora or ura
 * indicators, or more red fives than the table's set when the dora are counted; a
 * reading whose count score.py has not kept yet (_SHAPE_COUNTED, _SEVEN_PAIRS_COUNTED:
 * the Python counts it the first time); a field of another type than the Python's. */
static PyObject *appraise_standard(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!g_score_ready || !g_win_ready || g_interpretation == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "init_score was not called");
        return NULL;
    }
    if (nargs != 4 && nargs != 5) Py_RETURN_NONE;
    PyObject *win = args[0], *interp = args[1], *awards = args[2], *scoring = args[3];
    /* key_only: the paying key alone (score.appraise_key), none of the Score's entries */
    int key_only = nargs == 5 && args[4] == Py_True;
    if ((PyObject *)Py_TYPE(win) != g_win_cls || (PyObject *)Py_TYPE(interp) != g_interpretation ||
        PyTuple_GET_SIZE(interp) != 6 || !PyList_CheckExact(awards))
        Py_RETURN_NONE;
    PyObject *kind = PyTuple_GET_ITEM(interp, 0);
    if (!PyUnicode_CheckExact(kind)) Py_RETURN_NONE; /* its hash and == run no Python */
    int standard = same_text(kind, k_standard), seven_pairs = 0;
    if (!standard) {
        seven_pairs = PySet_Contains(g_seven_pairs_kinds, kind);
        if (seven_pairs < 0) return NULL;
        if (!seven_pairs) Py_RETURN_NONE;
    }
    int status = 0;
    PyObject *d = NULL, *facts = NULL, *colour = NULL, *key = NULL, *han_list = NULL,
             *yakuman_list = NULL, *result = NULL,
             *award_dict = NULL, *label = NULL, *counted = NULL, *not_counted = NULL,
             *limit = NULL, *reason = NULL, *not_counted_list = NULL, *melds = NULL,
             *award = NULL;
    int found = PyDict_Contains(g_shape_users, kind); /* a local shape: rule 0, the Python */
    if (found) DECLINE_TO(found < 0 ? -1 : 0);
    Table table;
    CHECK(read_table(scoring, &table));
    d = PyObject_GenericGetDict(win, NULL);
    if (d == NULL) DECLINE_TO(-1);
    if (!PyDict_CheckExact(d)) DECLINE_TO(0);

    /* the hand */
    PyObject *closed_obj, *tsumo_obj, *seat_obj, *round_obj, *concealed, *counts, *mask_obj,
        *riichi, *dora, *ura, *win_tile_obj;
    CHECK(item(d, k_is_closed, &closed_obj));
    CHECK(item(d, k_tsumo, &tsumo_obj));
    CHECK(item(d, k_seat_wind, &seat_obj));
    CHECK(item(d, k_round_wind, &round_obj));
    CHECK(item(d, k_melds, &melds));
    Py_INCREF(melds); /* read again after the Python _is_plain may have run */
    CHECK(item(d, k_concealed, &concealed));
    CHECK(item(d, k_concealed_counts, &counts));
    CHECK(item(d, k_tile_mask, &mask_obj));
    CHECK(item(d, k_riichi, &riichi));
    CHECK(item(d, S[S_DORA], &dora));
    CHECK(item(d, S[S_URA], &ura));
    CHECK(item(d, k_win_tile, &win_tile_obj));
    if (!PyBool_Check(closed_obj) || !PyBool_Check(tsumo_obj) || !PyTuple_CheckExact(melds) ||
        !PyLong_CheckExact(mask_obj) || !PyUnicode_CheckExact(riichi) ||
        !PyUnicode_CheckExact(dora) || !PyUnicode_CheckExact(ura))
        DECLINE_TO(0);
    int closed = closed_obj == Py_True, tsumo = tsumo_obj == Py_True;
    long seat = small_int(seat_obj, NUM_TILES), round_wind = small_int(round_obj, NUM_TILES);
    long win_tile = small_int(win_tile_obj, NUM_TILES);
    if (seat < 27 || seat > 30 || round_wind < 27 || round_wind > 30 || win_tile < 0)
        DECLINE_TO(0);
    unsigned long long mask = PyLong_AsUnsignedLongLong(mask_obj);
    if (PyErr_Occurred()) { PyErr_Clear(); DECLINE_TO(0); }
    int riichi_han, double_riichi = 0; /* standard.RIICHI_HAN */
    if (same_text(riichi, k_none)) riichi_han = 0;
    else if (same_text(riichi, k_riichi) || same_text(riichi, S[S_OPEN])) riichi_han = 1;
    else if (same_text(riichi, S[S_DOUBLE]) || same_text(riichi, S[S_OPEN_DOUBLE]))
        riichi_han = 2, double_riichi = 1;
    else DECLINE_TO(0);
    /* indicators: the Python reads and counts them (score._dora) */
    if (PyUnicode_GET_LENGTH(dora) || (riichi_han && PyUnicode_GET_LENGTH(ura))) DECLINE_TO(0);
    int situational;
    CHECK(bool_item(d, k_situational, &situational));

    colour = colour_yaku(mask, PyTuple_GET_SIZE(melds) > 0, concealed, counts, win_tile);
    if (colour == NULL) DECLINE_TO(-1);
    if (colour == Py_None) { colour = NULL; DECLINE_TO(0); }
    long fu, raw_fu;
    PyObject *shape;
    if (standard) {
        /* the reading: score._standard_facts and _rounded_fu */
        PyObject *fact_args[8] = {PyTuple_GET_ITEM(interp, 1), PyTuple_GET_ITEM(interp, 3),
                                  PyTuple_GET_ITEM(interp, 2), PyTuple_GET_ITEM(interp, 4),
                                  closed_obj, tsumo_obj, seat_obj, round_obj};
        facts = reading_facts(self, fact_args, 8);
        if (facts == NULL) DECLINE_TO(-1);
        if (facts == Py_None) DECLINE_TO(0);
        long set_fu = PyLong_AsLong(PyTuple_GET_ITEM(facts, 2)); /* reading_facts made it */
        int open_reading = !closed || PyTuple_GET_ITEM(facts, 3) == Py_True;
        raw_fu = set_fu;
        if (tsumo && raw_fu) raw_fu += 2;
        if (open_reading && raw_fu == 0) raw_fu = 2; /* an open hand of no fu is 30 fu */
        raw_fu += open_reading || tsumo ? 20 : 30;
        fu = (raw_fu + 9) / 10 * 10;
        /* its own standard yaku: score._shape_counted's count, kept by score.py */
        key = PyTuple_Pack(8, PyTuple_GET_ITEM(facts, 0), PyTuple_GET_ITEM(facts, 1), colour,
                           closed_obj, seat_obj, round_obj, table.kuitan, table.double_yakuman);
        if (key == NULL) DECLINE_TO(-1);
        CHECK(item(g_shape_counted, key, &shape));
    } else {
        /* seven pairs (score.fu_of: 25 fu) of pairs only: _seven_pairs_counted's count */
        PyObject *blocks = PyTuple_GET_ITEM(interp, 1);
        if (!PyTuple_CheckExact(blocks) || !g_blocks_ready) DECLINE_TO(0);
        PyTypeObject *block_type = Py_TYPE(g_blocks[0][0]); /* decompose.Block */
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(blocks); i++) {
            PyObject *block = PyTuple_GET_ITEM(blocks, i);
            if (Py_TYPE(block) != block_type || PyTuple_GET_SIZE(block) < 1) DECLINE_TO(0);
            PyObject *block_kind = PyTuple_GET_ITEM(block, 0);
            if (!PyUnicode_Check(block_kind) || !same_text(block_kind, k_pair)) DECLINE_TO(0);
        }
        fu = raw_fu = 25;
        key = PyTuple_Pack(4, colour, closed_obj, table.kuitan, table.double_yakuman);
        if (key == NULL) DECLINE_TO(-1);
        CHECK(item(g_seven_pairs_counted, key, &shape));
    }
    long han = 0, yakuman = 0;
    if (!key_only) { /* with key_only the lists stay NULL: add_entry takes nothing */
        han_list = PyList_New(0);
        yakuman_list = PyList_New(0);
        not_counted_list = PyList_New(0);
        if (han_list == NULL || yakuman_list == NULL || not_counted_list == NULL)
            DECLINE_TO(-1);
    }
    Py_INCREF(shape); /* held while the lists take its entries */
    int added = add_counted(shape, &han, &yakuman, han_list, yakuman_list);
    Py_DECREF(shape);
    CHECK(added);

    /* the situation: score._situation_items, counted as _situation_counted counts them */
    int dealer = seat == 27;
    if (situational) {
        int first, ippatsu;
        CHECK(bool_item(d, S[S_FIRST], &first));
        CHECK(bool_item(d, k_ippatsu, &ippatsu));
        if (first && tsumo && PyTuple_GET_SIZE(melds) == 0) {
            yakuman += 1;
            Py_INCREF(S[S_ONE_YAKUMAN]);
            if (add_entry(yakuman_list, S[dealer ? S_TENHOU : S_CHIIHOU], S[S_ONE_YAKUMAN]))
                DECLINE_TO(-1);
        }
        if (riichi_han) {
            han += riichi_han;
            if (add_entry(han_list, double_riichi ? S[S_DOUBLE_RIICHI] : k_riichi,
                          han_text(riichi_han)))
                DECLINE_TO(-1);
        }
        if (ippatsu) {
            han += 1;
            if (add_entry(han_list, k_ippatsu, han_text(1))) DECLINE_TO(-1);
        }
    }
    if (tsumo && closed) {
        han += 1;
        if (add_entry(han_list, S[S_MENZEN_TSUMO], han_text(1))) DECLINE_TO(-1);
    }
    if (situational) {
        static const int LAST[4] = {S_HAITEI, S_HOUTEI, S_RINSHAN, S_CHANKAN};
        for (int i = 0; i < 4; i++) {
            int holds;
            CHECK(bool_item(d, S[LAST[i]], &holds));
            if (holds) {
                han += 1;
                if (add_entry(han_list, S[LAST[i]], han_text(1))) DECLINE_TO(-1);
            }
        }
    }

    /* the local yaku: score._plain_tally's _add_local of a plain han or yakuman value */
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(awards); i++) {
        Py_XSETREF(award, PyList_GET_ITEM(awards, i));
        Py_INCREF(award); /* held: the Python _is_plain may run */
        PyObject *a = award;
        if ((PyObject *)Py_TYPE(a) != g_award_cls) DECLINE_TO(0);
        Py_XSETREF(award_dict, PyObject_GenericGetDict(a, NULL));
        if (award_dict == NULL) DECLINE_TO(-1);
        if (!PyDict_CheckExact(award_dict)) DECLINE_TO(0);
        PyObject *plain = PyDict_GetItemWithError(award_dict, S[S_IS_PLAIN]);
        if (plain == NULL) {
            if (PyErr_Occurred()) DECLINE_TO(-1);
            plain = PyObject_CallOneArg(g_is_plain, a); /* the Python keeps it on the Award */
            if (plain == NULL) DECLINE_TO(-1);
            Py_DECREF(plain); /* True or False */
        }
        if (plain != Py_True) DECLINE_TO(0);
        PyObject *id, *name, *value, *vkind, *v;
        CHECK(item(award_dict, S[S_ID], &id));
        CHECK(item(award_dict, S[S_NAME], &name));
        CHECK(item(award_dict, S[S_VALUE], &value));
        if (!PyUnicode_CheckExact(id) || !PyUnicode_CheckExact(name) || !PyDict_CheckExact(value))
            DECLINE_TO(0);
        found = PyDict_Contains(value, S[S_FU]); /* a stated fu: score._stated_fu */
        if (found) DECLINE_TO(found < 0 ? -1 : 0);
        if (!key_only) {
            Py_XSETREF(label, PyUnicode_FromFormat("%U %U", id, name));
            if (label == NULL) DECLINE_TO(-1);
        }
        PyObject *standard_name = PyDict_GetItemWithError(g_same_as_standard, id);
        if (standard_name != NULL) { /* the standard yaku itself, counted once */
            if (!PyUnicode_CheckExact(standard_name)) DECLINE_TO(0);
            if (add_entry(not_counted_list, label,
                          PyUnicode_FromFormat("the standard %U, counted once", standard_name)))
                DECLINE_TO(-1);
            continue;
        }
        if (PyErr_Occurred()) DECLINE_TO(-1);
        PyObject *lost = PyDict_GetItemWithError(value, S[S_LOST]);
        if (lost != NULL) {
            if (!plain_value(lost)) DECLINE_TO(0);
            found = PyObject_IsTrue(lost);
            if (found < 0) DECLINE_TO(-1);
            if (found) {
                Py_INCREF(S[S_LOST_TEXT]);
                if (add_entry(not_counted_list, label, S[S_LOST_TEXT])) DECLINE_TO(-1);
                continue;
            }
        } else if (PyErr_Occurred()) DECLINE_TO(-1);
        CHECK(item(value, k_kind, &vkind));
        if (!PyUnicode_CheckExact(vkind)) DECLINE_TO(0);
        int is_yakuman = same_text(vkind, S[S_YAKUMAN]);
        if (!is_yakuman && !same_text(vkind, S[S_HAN]) && !same_text(vkind, S[S_FU_HAN])) {
            /* an adopted value with han counts them; a limit (or additive: not plain) is
             * the Python's; any other kind carries no han */
            if (same_text(vkind, S[S_LIMIT]) || same_text(vkind, S[S_ADDITIVE])) DECLINE_TO(0);
            v = NULL;
            if (same_text(vkind, S[S_ADOPTED])) {
                v = PyDict_GetItemWithError(value, S[S_HAN]);
                if (v == NULL && PyErr_Occurred()) DECLINE_TO(-1);
                if (v != NULL) {
                    if (!plain_value(v)) DECLINE_TO(0);
                    found = PyObject_IsTrue(v);
                    if (found < 0) DECLINE_TO(-1);
                    if (!found) v = NULL;
                }
            }
            if (v == NULL) {
                if (add_entry(not_counted_list, label,
                              PyUnicode_FromFormat("a %U value carries no han", vkind)))
                    DECLINE_TO(-1);
                continue;
            }
        } else {
            CHECK(item(value, S[is_yakuman ? S_MULTIPLE : S_HAN], &v));
            if (v == Py_None && !is_yakuman) continue; /* `if value["han"]:` */
        }
        if (!PyLong_CheckExact(v)) DECLINE_TO(0);
        int overflow;
        long n = PyLong_AsLongAndOverflow(v, &overflow);
        if (overflow || n < -1000 || n > 1000) DECLINE_TO(0);
        if (!is_yakuman && n == 0) continue;
        if (is_yakuman) {
            yakuman += n;
            if (add_entry(yakuman_list, label, PyUnicode_FromFormat("%ldx yakuman", n)))
                DECLINE_TO(-1);
        } else {
            han += n;
            if (add_entry(han_list, label, han_text(n))) DECLINE_TO(-1);
        }
    }

    long honba, sticks, min_han, base, total, parts[N_PAYMENT_FIELDS];
    CHECK(int_item(d, S[S_HONBA], &honba));
    CHECK(int_item(d, S[S_STICKS], &sticks));
    CHECK(int_item(d, S[S_MIN_HAN], &min_han));
    if (honba < 0 || sticks < 0) DECLINE_TO(0);
    int wins = 1, real_yakuman = 0;
    long han_shown = han, yakuman_shown = 0;
    if (yakuman) { /* rule 3: one yakuman or more drops every han yaku and the dora */
        long n = table.multiple_yakuman ? yakuman : 1;
        if (n > 6) n = 6;
        base = 8000 * n;
        real_yakuman = 1;
        han_shown = 0;
        yakuman_shown = n;
        payment_parts(tsumo, dealer, base, honba, sticks, parts);
        if (key_only) goto key;
        if (n == 1) { Py_INCREF(S[S_YAKUMAN]); limit = S[S_YAKUMAN]; }
        else limit = PyUnicode_FromFormat("%ldx yakuman", n);
        counted = PyList_AsTuple(yakuman_list);
        Py_ssize_t kept = PyList_GET_SIZE(not_counted_list);
        not_counted = PyTuple_New(kept + PyList_GET_SIZE(han_list));
        if (limit == NULL || counted == NULL || not_counted == NULL) DECLINE_TO(-1);
        for (Py_ssize_t i = 0; i < kept; i++) {
            PyObject *entry = PyList_GET_ITEM(not_counted_list, i);
            Py_INCREF(entry);
            PyTuple_SET_ITEM(not_counted, i, entry);
        }
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(han_list); i++) {
            PyObject *entry = PyTuple_Pack(2, PyTuple_GET_ITEM(PyList_GET_ITEM(han_list, i), 0),
                                           S[S_DROPS]);
            if (entry == NULL) DECLINE_TO(-1);
            PyTuple_SET_ITEM(not_counted, kept + i, entry);
        }
        Py_INCREF(S[S_EMPTY]);
        reason = S[S_EMPTY];
    } else if (han < min_han) { /* too few han of yaku to win (no limit yaku here) */
        wins = 0;
        base = total = 0;
        memset(parts, 0, sizeof parts); /* Payment(): every field 0 */
        if (key_only) goto key;
        Py_INCREF(S[S_EMPTY]);
        limit = S[S_EMPTY];
        counted = PyList_AsTuple(han_list);
        not_counted = PyList_AsTuple(not_counted_list);
        if (han == 0) { Py_INCREF(S[S_NO_YAKU]); reason = S[S_NO_YAKU]; }
        else reason = PyUnicode_FromFormat("%ld han of yaku, the table needs %ld", han, min_han);
    } else { /* a win: the dora (score._dora: no indicators here), then the limit */
        long red, flowers, dora_han = 0;
        CHECK(int_item(d, k_red, &red));
        CHECK(int_item(d, S[S_FLOWERS], &flowers));
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(melds); i++) {
            PyObject *meld = PyTuple_GET_ITEM(melds, i);
            if ((PyObject *)Py_TYPE(meld) != g_meld_type) DECLINE_TO(0);
            PyObject *m = PyObject_GetAttr(meld, k_red); /* a slot: no Python runs */
            if (m == NULL) DECLINE_TO(-1);
            int overflow = 0;
            long r = PyLong_CheckExact(m) ? PyLong_AsLongAndOverflow(m, &overflow) : -1;
            Py_DECREF(m);
            if (overflow || r < 0 || r > 4) DECLINE_TO(0);
            red += r;
        }
        if (table.aka_dora) {
            if (red > table.aka_dora) DECLINE_TO(0); /* the Python raises the InputError */
            dora_han += red;
            if (red && add_entry(han_list, S[S_AKA_DORA_NAME], han_text(red))) DECLINE_TO(-1);
        }
        if (table.flower_dora) {
            dora_han += flowers;
            if (flowers && add_entry(han_list, S[S_FLOWERS], han_text(flowers))) DECLINE_TO(-1);
        }
        han += dora_han;
        han_shown = han;
        if (han < 0) DECLINE_TO(0);
        int limit_text; /* score.base_points */
        if (han >= 13) {
            if (table.kazoe == 0) base = 8000, limit_text = S_KAZOE_YAKUMAN;
            else if (table.kazoe == 1) {
                long n = han / 13 < 6 ? han / 13 : 6;
                base = 8000 * n;
                limit_text = S_KAZOE_YAKUMAN;
                if (n > 1 && !key_only) limit = PyUnicode_FromFormat("%ldx kazoe yakuman", n);
            } else base = 6000, limit_text = S_KAZOE_SANBAIMAN;
        } else if (han >= 11) base = 6000, limit_text = S_SANBAIMAN;
        else if (han >= 8) base = 4000, limit_text = S_BAIMAN;
        else if (han >= 6) base = 3000, limit_text = S_HANEMAN;
        else if (han >= 5) base = 2000, limit_text = S_MANGAN;
        else {
            base = fu << (han + 2);
            limit_text = S_EMPTY;
            if (table.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60)))
                base = 2000, limit_text = S_MANGAN_KIRIAGE;
            else if (base > 2000) base = 2000, limit_text = S_MANGAN;
        }
        payment_parts(tsumo, dealer, base, honba, sticks, parts);
        if (key_only) goto key;
        if (limit == NULL) { Py_INCREF(S[limit_text]); limit = S[limit_text]; }
        counted = PyList_AsTuple(han_list);
        not_counted = PyList_AsTuple(not_counted_list);
        Py_INCREF(S[S_EMPTY]);
        reason = S[S_EMPTY];
    }
    if (limit == NULL || counted == NULL || not_counted == NULL || reason == NULL)
        DECLINE_TO(-1);
    total = parts[N_PAYMENT_FIELDS - 1];
    /* the Score's fields (_new_score's, in order) but its Payment, then the Payment's */
    PyObject *packed = Py_BuildValue("(OlllOlOOOOllllll)", wins ? Py_True : Py_False,
                                     han_shown, fu, yakuman_shown, limit, base, counted, interp,
                                     not_counted, reason, parts[0], parts[1], parts[2],
                                     parts[3], parts[4], parts[5]);
    if (packed == NULL) DECLINE_TO(-1);
    PyObject *build = PyObject_CallFunctionObjArgs(g_partial, g_score_of, packed, NULL);
    Py_DECREF(packed);
    if (build == NULL) DECLINE_TO(-1);
    /* rule 8's key: wins, total paid, a real yakuman, han, fu, fu before rounding */
    result = Py_BuildValue("((OlOlll)N)", wins ? Py_True : Py_False, total,
                           real_yakuman ? Py_True : Py_False, wins ? han_shown : han, fu,
                           raw_fu, build);
    status = result != NULL ? 1 : -1;
    goto done;
key: /* key_only: the key alone */
    total = parts[N_PAYMENT_FIELDS - 1];
    result = Py_BuildValue("(OlOlll)", wins ? Py_True : Py_False, total,
                           real_yakuman ? Py_True : Py_False, wins ? han_shown : han, fu, raw_fu);
    status = result != NULL ? 1 : -1;
done:
    Py_XDECREF(d);
    Py_XDECREF(facts);
    Py_XDECREF(colour);
    Py_XDECREF(key);
    Py_XDECREF(han_list);
    Py_XDECREF(yakuman_list);
    Py_XDECREF(award_dict);
    Py_XDECREF(label);
    Py_XDECREF(counted);
    Py_XDECREF(not_counted);
    Py_XDECREF(limit);
    Py_XDECREF(reason);
    Py_XDECREF(not_counted_list);
    Py_XDECREF(melds);
    Py_XDECREF(award);
    if (status < 0) {
        Py_XDECREF(result);
        return NULL;
    }
    if (status == 0) {
        Py_XDECREF(result);
        Py_RETURN_NONE;
    }
    return result;
}

/* init_score(Win, Award, Score, Payment, shape_counted, seven_pairs_counted,
 * seven_pairs_kinds, same_as_standard, shape_users, is_plain, partial, masks):
 * what appraise_standard reads and builds. */
static PyObject *init_score(PyObject *self, PyObject *args) {
    PyObject *objs[11], *masks;
    if (!PyArg_ParseTuple(args, "OOOOO!O!O!O!O!OOO!", &objs[0], &objs[1], &objs[2], &objs[3],
                          &PyDict_Type, &objs[4], &PyDict_Type, &objs[5], &PyFrozenSet_Type,
                          &objs[6], &PyDict_Type, &objs[7], &PyDict_Type, &objs[8], &objs[9],
                          &objs[10], &PyTuple_Type, &masks))
        return NULL;
    unsigned long long values[7];
    if (PyTuple_GET_SIZE(masks) != 7) {
        PyErr_SetString(PyExc_TypeError, "masks: honor, terminal, yaochuu, green, 3 suits");
        return NULL;
    }
    for (int i = 0; i < 7; i++) {
        values[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(masks, i));
        if (PyErr_Occurred()) return NULL;
    }
    PyObject **slots[11] = {&g_win_cls, &g_award_cls, &g_score_cls, &g_payment_cls,
                            &g_shape_counted, &g_seven_pairs_counted, &g_seven_pairs_kinds,
                            &g_same_as_standard, &g_shape_users, &g_is_plain, &g_partial};
    for (int i = 0; i < 11; i++) {
        Py_INCREF(objs[i]);
        Py_XSETREF(*slots[i], objs[i]);
    }
    m_honor = values[0], m_terminal = values[1], m_yaochuu = values[2], m_green = values[3];
    m_suit[0] = values[4], m_suit[1] = values[5], m_suit[2] = values[6];
    Py_CLEAR(g_last_scoring);
    if (g_no_args == NULL && (g_no_args = PyTuple_New(0)) == NULL) return NULL;
    if (g_score_of == NULL && (g_score_of = PyCFunction_NewEx(&score_of_def, NULL, NULL)) == NULL)
        return NULL;
    if (g_score_fields == NULL) {
        PyObject *score_fields = PyDict_New(), *payment_fields = PyDict_New();
        if (score_fields == NULL || payment_fields == NULL) goto fail;
        for (int i = 0; i < N_SCORE_FIELDS; i++)
            if (PyDict_SetItem(score_fields, field_name(SCORE_KEYS[i]), Py_None) < 0) goto fail;
        for (int i = 0; i < N_PAYMENT_FIELDS; i++)
            if (PyDict_SetItem(payment_fields, S[PAYMENT_KEYS[i]], Py_None) < 0) goto fail;
        g_score_fields = score_fields;
        g_payment_fields = payment_fields;
        goto ready;
    fail:
        Py_XDECREF(score_fields);
        Py_XDECREF(payment_fields);
        return NULL;
    }
ready:
    g_score_ready = 1;
    Py_RETURN_NONE;
}

/* -- the check selector's rows (yakubook/engine/selector_rows.py) ----------------------- */

/* A ruleset's selector as rows, compiled once per ruleset (compile_rows) into a callable
 * RowSelector: per hand, each row's code runs on a small stack machine of 64-bit integers
 * (selector_rows.run_code, step for step), then its Python rest when the code holds.
 * Wherever the machine cannot follow Python's ints exactly (a value past 64 bits, an index
 * out of range, a field not of its annotated type) the hand is declined: the fallback (the
 * straight-line selector, the reference) is called and its answer returned. Fields are
 * read from the win's dict once per hand, when first reached. */
enum {
    RC_FIELD, RC_CONST, RC_AND, RC_OR, RC_XOR, RC_LSHIFT, RC_RSHIFT, RC_ADD, RC_SUB, RC_MOD,
    RC_INVERT, RC_NEG, RC_BIT_COUNT, RC_NOT, RC_TRUTH, RC_EQ, RC_NE, RC_LT, RC_LE, RC_GT,
    RC_GE, RC_JUMP_IF_FALSE, RC_JUMP_IF_TRUE, RC_IN_CONSTS, RC_INDEX, RC_BIT_LENGTH,
    /* the binary opcodes' forms taking their right operand as a constant, in the same
     * order (RC_AND_C - RC_AND_C + ... : see base_of) */
    RC_AND_C, RC_OR_C, RC_XOR_C, RC_LSHIFT_C, RC_RSHIFT_C, RC_ADD_C, RC_SUB_C, RC_MOD_C,
    RC_EQ_C, RC_NE_C, RC_LT_C, RC_LE_C, RC_GT_C, RC_GE_C,
    /* fused steps (selector_rows.OPCODES): a field's truth or negation, field & c,
     * field >> c, and top &= field >> c */
    RC_FIELD_TRUTH, RC_FIELD_NOT, RC_FIELD_AND, RC_FIELD_RSHIFT, RC_AND_FIELD_RSHIFT,
    RC_OPCODES
};

/* The stack opcode of a _C form. */
static long long base_of(long long op) {
    return op <= RC_MOD_C ? RC_AND + (op - RC_AND_C) : RC_EQ + (op - RC_EQ_C);
}
enum { FR_INT, FR_LEN, FR_ITEM, FR_IS_NONE, FR_EQ, FR_IN, FR_HAS, FR_TUPLE };
static const char *FIELD_READS[] = {"int", "len", "item", "is_none", "eq", "in", "has",
                                    "tuple"};

typedef struct {
    Py_ssize_t skip;       /* rows passed over when it fails */
    Py_ssize_t first, end; /* its code: code[first:end] */
    PyObject *rest;        /* borrowed from keep; NULL: none */
    PyObject *checks;      /* borrowed from keep: a tuple */
} Row;

#define MAX_ROW_FIELDS 64 /* a run's fields read so far are bits of one word */
#define MAX_STACK 64

typedef struct {
    PyObject *name;     /* borrowed from keep: a str */
    int kind;
    PyObject *argument; /* borrowed from keep: eq/in/has's object; NULL otherwise */
    Py_ssize_t index;   /* item's */
} FieldSpec;

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *keep;     /* (fields, rows): owns what the specs and rows borrow */
    PyObject *fallback; /* called with the win where the machine declines it */
    Py_ssize_t nfields, nrows;
    FieldSpec fields[MAX_ROW_FIELDS];
    Row *rows;
    long long *code;
} RowSelector;

static int bad_rows(const char *what) {
    PyErr_Format(PyExc_ValueError, "compile_rows: %s", what);
    return -1;
}

static int read_specs(RowSelector *p, PyObject *fields) {
    p->nfields = PyTuple_GET_SIZE(fields);
    if (p->nfields > MAX_ROW_FIELDS) return bad_rows("too many fields");
    for (Py_ssize_t f = 0; f < p->nfields; f++) {
        PyObject *spec = PyTuple_GET_ITEM(fields, f);
        if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) < 2 || PyTuple_GET_SIZE(spec) > 3 ||
            !PyUnicode_Check(PyTuple_GET_ITEM(spec, 0)) ||
            !PyUnicode_Check(PyTuple_GET_ITEM(spec, 1)))
            return bad_rows("a field is (name, kind) or (name, kind, argument)");
        FieldSpec *out = &p->fields[f];
        out->name = PyTuple_GET_ITEM(spec, 0);
        out->kind = -1;
        for (int k = 0; k < (int)(sizeof FIELD_READS / sizeof *FIELD_READS); k++)
            if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(spec, 1), FIELD_READS[k]) == 0)
                out->kind = k;
        int wants = out->kind == FR_ITEM || out->kind == FR_EQ || out->kind == FR_IN ||
                    out->kind == FR_HAS;
        if (out->kind < 0 || wants != (PyTuple_GET_SIZE(spec) == 3))
            return bad_rows("a field's kind is unknown or its argument missing");
        if (wants) {
            out->argument = PyTuple_GET_ITEM(spec, 2);
            if (out->kind == FR_ITEM) {
                out->index = PyLong_AsSsize_t(out->argument);
                if (out->index == -1 && PyErr_Occurred()) return -1;
            }
        }
    }
    return 0;
}

/* The code's operands checked once here, so the machine need not: fields in range and
 * of the kind the opcode reads, jumps forward within the row, the stack within MAX_STACK
 * and never popped empty, and one depth wherever paths meet (a jump taken keeps its
 * operand, one not taken pops it: the code between must push one value, as _joined
 * writes it). */
static int check_code(const RowSelector *p, Py_ssize_t first, Py_ssize_t end) {
    int status = 0, depth = 0;
    /* the depth a taken jump arrives with, by position (end included); -1: none */
    int *arrives = PyMem_Malloc((size_t)(end - first + 1) * sizeof(int));
    if (arrives == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t k = 0; k <= end - first; k++) arrives[k] = -1;
    for (Py_ssize_t pc = first; pc < end && status == 0;) {
        if (arrives[pc - first] >= 0 && arrives[pc - first] != depth) {
            status = bad_rows("paths meet at different stack depths");
            break;
        }
        arrives[pc - first] = -1; /* met: what is left after the loop lands mid-operand */
        long long op = p->code[pc++];
        if (op < 0 || op >= RC_OPCODES) {
            status = bad_rows("an unknown opcode");
            break;
        }
        int constant_form = op >= RC_AND_C && op <= RC_GE_C;
        /* the opcodes whose first operand is a field read as a value (not a tuple) */
        int reads = op == RC_FIELD || (op >= RC_FIELD_TRUTH && op <= RC_AND_FIELD_RSHIFT);
        int pushes = op == RC_FIELD || op == RC_CONST ||
                     (op >= RC_FIELD_TRUTH && op <= RC_FIELD_RSHIFT);
        Py_ssize_t operands = (op == RC_FIELD || op == RC_CONST || op == RC_JUMP_IF_FALSE ||
                               op == RC_JUMP_IF_TRUE || op == RC_INDEX || constant_form ||
                               op == RC_FIELD_TRUTH || op == RC_FIELD_NOT) ? 1 : 0;
        if (op == RC_FIELD_AND || op == RC_FIELD_RSHIFT || op == RC_AND_FIELD_RSHIFT)
            operands = 2;
        if (op == RC_IN_CONSTS) {
            if (pc >= end || p->code[pc] < 0 || p->code[pc] > end - pc - 1) {
                status = bad_rows("IN_CONSTS runs past its row");
                break;
            }
            operands = 1 + (Py_ssize_t)p->code[pc];
        }
        if (pc + operands > end) status = bad_rows("an operand runs past its row");
        else if ((reads || op == RC_INDEX) &&
                 (p->code[pc] < 0 || p->code[pc] >= p->nfields))
            status = bad_rows("a field out of range");
        else if (op == RC_INDEX && p->fields[p->code[pc]].kind != FR_TUPLE)
            status = bad_rows("INDEX reads a field not read as a tuple");
        else if (reads && p->fields[p->code[pc]].kind == FR_TUPLE)
            status = bad_rows("a field read as a tuple taken as a value");
        else if ((op == RC_JUMP_IF_FALSE || op == RC_JUMP_IF_TRUE) &&
                 (p->code[pc] < 0 || p->code[pc] > end - pc - 1))
            status = bad_rows("a jump out of its row");
        if (status != 0) break;
        int binary_op = (op >= RC_AND && op <= RC_MOD) || (op >= RC_EQ && op <= RC_GE);
        int needs = pushes ? 0 : binary_op ? 2 : 1;
        if (depth < needs) {
            status = bad_rows("the code pops an empty stack");
            break;
        }
        if (op == RC_JUMP_IF_FALSE || op == RC_JUMP_IF_TRUE) {
            Py_ssize_t target = pc + 1 + p->code[pc] - first;
            if (arrives[target] >= 0 && arrives[target] != depth) {
                status = bad_rows("paths meet at different stack depths");
                break;
            }
            arrives[target] = depth;
        }
        if (pushes) depth++;
        else if (binary_op || op == RC_JUMP_IF_FALSE || op == RC_JUMP_IF_TRUE) depth--;
        if (depth >= MAX_STACK) status = bad_rows("the code's stack is too deep");
        pc += operands;
    }
    if (status == 0 && arrives[end - first] >= 0 && arrives[end - first] != depth)
        status = bad_rows("paths meet at different stack depths");
    for (Py_ssize_t k = 0; status == 0 && k < end - first; k++)
        if (arrives[k] >= 0) status = bad_rows("a jump lands inside an instruction");
    if (status == 0 && end > first && depth != 1)
        status = bad_rows("the code leaves no single value");
    PyMem_Free(arrives);
    return status;
}

static int read_rows(RowSelector *p, PyObject *rows) {
    p->nrows = PyTuple_GET_SIZE(rows);
    Py_ssize_t ncode = 0;
    for (Py_ssize_t r = 0; r < p->nrows; r++) {
        PyObject *row = PyTuple_GET_ITEM(rows, r);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 4 ||
            !PyTuple_Check(PyTuple_GET_ITEM(row, 1)) || !PyTuple_Check(PyTuple_GET_ITEM(row, 3)))
            return bad_rows("a row is (skip, code, rest, checks), code and checks tuples");
        ncode += PyTuple_GET_SIZE(PyTuple_GET_ITEM(row, 1));
    }
    p->rows = PyMem_Calloc(p->nrows ? p->nrows : 1, sizeof(Row));
    p->code = PyMem_Calloc(ncode ? ncode : 1, sizeof(long long));
    if (p->rows == NULL || p->code == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t r = 0; r < p->nrows; r++) {
        PyObject *row = PyTuple_GET_ITEM(rows, r);
        Row *out = &p->rows[r];
        out->skip = PyLong_AsSsize_t(PyTuple_GET_ITEM(row, 0));
        if (out->skip == -1 && PyErr_Occurred()) return -1;
        if (out->skip < 0 || out->skip > p->nrows - r - 1)
            return bad_rows("a row's skip passes the end");
        PyObject *rest = PyTuple_GET_ITEM(row, 2);
        if (rest != Py_None && !PyCallable_Check(rest)) return bad_rows("a rest is not callable");
        out->rest = rest == Py_None ? NULL : rest;
        out->checks = PyTuple_GET_ITEM(row, 3);
        PyObject *code = PyTuple_GET_ITEM(row, 1);
        out->first = at;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(code); k++) {
            p->code[at++] = PyLong_AsLongLong(PyTuple_GET_ITEM(code, k));
            if (p->code[at - 1] == -1 && PyErr_Occurred()) return -1;
        }
        out->end = at;
        if (check_code(p, out->first, out->end) < 0) return -1;
    }
    return 0;
}

/* One hand's run: the win's dict and the fields read so far. */
typedef struct {
    const RowSelector *p;
    PyObject *dict;                   /* owned */
    unsigned long long have;          /* bit f: field f read */
    long long values[MAX_ROW_FIELDS];
    PyObject *tuples[MAX_ROW_FIELDS]; /* owned: "tuple" fields (a rest may replace the
                                       * dict's entry, dropping its reference) */
} RowRun;

#define RUN_DECLINE 1 /* a status: the machine cannot follow Python here */

static int int64_of(PyObject *v, long long *out) {
    /* exactly int or bool: a subclass could answer & or == otherwise */
    if (!PyLong_CheckExact(v) && !PyBool_Check(v)) return RUN_DECLINE;
    int overflow;
    *out = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (overflow) return RUN_DECLINE;
    if (*out == -1 && PyErr_Occurred()) return -1;
    return 0;
}

/* Field f's value into run->values[f] (or run->tuples[f]); 0, RUN_DECLINE or -1. The
 * value is held while it is read (a str comparison or set lookup can run Python code). */
static int read_field(RowRun *run, Py_ssize_t f) {
    const FieldSpec *spec = &run->p->fields[f];
    PyObject *v = PyDict_GetItemWithError(run->dict, spec->name);
    if (v == NULL) return PyErr_Occurred() ? -1 : RUN_DECLINE;
    Py_INCREF(v);
    long long *out = &run->values[f];
    int status = 0, answer;
    switch (spec->kind) {
    case FR_INT:
        status = int64_of(v, out);
        break;
    case FR_IS_NONE:
        *out = v == Py_None;
        break;
    case FR_TUPLE:
        if (!PyTuple_CheckExact(v)) {
            status = RUN_DECLINE;
            break;
        }
        run->tuples[f] = v; /* the reference moves there: end_run drops it */
        run->have |= 1ULL << f;
        return 0;
    case FR_LEN: /* len() of an exact tuple or str: its size, or its code points */
        if (PyTuple_CheckExact(v)) *out = PyTuple_GET_SIZE(v);
        else if (PyUnicode_CheckExact(v)) *out = PyUnicode_GET_LENGTH(v);
        else status = RUN_DECLINE;
        break;
    case FR_ITEM: {
        Py_ssize_t i = spec->index, n = PyTuple_CheckExact(v) ? PyTuple_GET_SIZE(v) : 0;
        if (!PyTuple_CheckExact(v) || i < -n || i >= n) status = RUN_DECLINE;
        else status = int64_of(PyTuple_GET_ITEM(v, i < 0 ? i + n : i), out);
        break;
    }
    case FR_EQ:
        if (!PyUnicode_CheckExact(v)) {
            status = RUN_DECLINE;
            break;
        }
        answer = PyObject_RichCompareBool(v, spec->argument, Py_EQ);
        if (answer < 0) status = -1;
        else *out = answer;
        break;
    case FR_IN: /* the field's own object looked up: Python's ``v in argument`` */
        if (!PyUnicode_CheckExact(v) && !PyLong_CheckExact(v) && !PyBool_Check(v)) {
            status = RUN_DECLINE;
            break;
        }
        answer = PySequence_Contains(spec->argument, v);
        if (answer < 0) status = -1;
        else *out = answer;
        break;
    default: /* FR_HAS: the field's own ``in`` (a set's hash lookup, a tuple's == scan) */
        if (PyFrozenSet_CheckExact(v) || PySet_CheckExact(v)) answer = PySet_Contains(v, spec->argument);
        else if (PyTuple_CheckExact(v)) answer = PySequence_Contains(v, spec->argument);
        else {
            status = RUN_DECLINE;
            break;
        }
        if (answer < 0) status = -1;
        else *out = answer;
    }
    Py_DECREF(v);
    if (status == 0) run->have |= 1ULL << f;
    return status;
}

/* Drops what a run holds. */
static void end_run(RowRun *run) {
    for (Py_ssize_t f = 0; f < run->p->nfields; f++)
        if ((run->have >> f & 1) && run->p->fields[f].kind == FR_TUPLE) Py_DECREF(run->tuples[f]);
    Py_DECREF(run->dict);
}

static unsigned long long magnitude(long long v) {
    return v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
}

/* a OP b for the binary opcodes, as Python's ints; RUN_DECLINE past 64 bits. */
static int binary(long long op, long long a, long long b, long long *out) {
    switch (op) {
    case RC_AND: *out = a & b; return 0;
    case RC_OR: *out = a | b; return 0;
    case RC_XOR: *out = a ^ b; return 0;
    case RC_LSHIFT:
        if (b < 0) return RUN_DECLINE; /* Python raises: the straight-line selector does too */
        if (a == 0) { *out = 0; return 0; }
        if (b >= 63) return RUN_DECLINE;
        if (a > (LLONG_MAX >> b) || a < (LLONG_MIN >> b)) return RUN_DECLINE;
        *out = (long long)((unsigned long long)a << b);
        return 0;
    case RC_RSHIFT:
        if (b < 0) return RUN_DECLINE;
        *out = b >= 64 ? (a < 0 ? -1 : 0) : a >> b; /* Python's floor shift */
        return 0;
    case RC_ADD: return __builtin_add_overflow(a, b, out) ? RUN_DECLINE : 0;
    case RC_SUB: return __builtin_sub_overflow(a, b, out) ? RUN_DECLINE : 0;
    case RC_MOD:
        if (b == 0) return RUN_DECLINE;
        if (b == -1) { *out = 0; return 0; } /* LLONG_MIN % -1 traps in C */
        *out = a % b;
        if (*out != 0 && ((*out < 0) != (b < 0))) *out += b; /* Python's floor modulo */
        return 0;
    case RC_EQ: *out = a == b; return 0;
    case RC_NE: *out = a != b; return 0;
    case RC_LT: *out = a < b; return 0;
    case RC_LE: *out = a <= b; return 0;
    case RC_GT: *out = a > b; return 0;
    default: *out = a >= b; return 0; /* RC_GE */
    }
}

/* Dispatch: with GCC or Clang each opcode's step ends in its own indirect jump to the
 * next (labels as values: "threaded code"), which the CPU predicts per opcode where one
 * shared switch jump is predicted worse (the dispatch is most of the machine's time);
 * elsewhere a plain switch. The opcodes were checked by check_code, so the table is
 * indexed only in range. */
#if defined(__GNUC__) && !defined(RC_SWITCH) /* -DRC_SWITCH: the switch, to test it */
#define RC_THREADED 1
#define RC_STEP(name) op_##name:
#define RC_NEXT()                   \
    do {                            \
        if (pc >= end) goto done;   \
        op = code[pc++];            \
        goto *steps[op];            \
    } while (0)
#else
#define RC_STEP(name) case RC_##name:
#define RC_NEXT() break
#endif

#define READ(f) \
    if (!(run->have >> (f) & 1) && (status = read_field(run, (f))) != 0) return status

/* The value code[first:end] leaves into *out: 0, RUN_DECLINE or -1. */
static int run_code(RowRun *run, Py_ssize_t first, Py_ssize_t end, long long *out) {
    const long long *code = run->p->code;
    long long stack[MAX_STACK];
    int top = 0, status;
    Py_ssize_t pc = first, f;
    long long op, shifted;
#ifdef RC_THREADED
    static void *const steps[RC_OPCODES] = {
        &&op_FIELD, &&op_CONST, &&op_AND, &&op_OR, &&op_XOR, &&op_LSHIFT, &&op_RSHIFT,
        &&op_ADD, &&op_SUB, &&op_MOD, &&op_INVERT, &&op_NEG, &&op_BIT_COUNT, &&op_NOT,
        &&op_TRUTH, &&op_EQ, &&op_NE, &&op_LT, &&op_LE, &&op_GT, &&op_GE,
        &&op_JUMP_IF_FALSE, &&op_JUMP_IF_TRUE, &&op_IN_CONSTS, &&op_INDEX, &&op_BIT_LENGTH,
        &&op_AND_C, &&op_OR_C, &&op_XOR_C, &&op_LSHIFT_C, &&op_RSHIFT_C, &&op_ADD_C,
        &&op_SUB_C, &&op_MOD_C, &&op_EQ_C, &&op_NE_C, &&op_LT_C, &&op_LE_C, &&op_GT_C,
        &&op_GE_C, &&op_FIELD_TRUTH, &&op_FIELD_NOT, &&op_FIELD_AND, &&op_FIELD_RSHIFT,
        &&op_AND_FIELD_RSHIFT,
    };
    RC_NEXT();
#else
    while (pc < end) {
        op = code[pc++];
        switch (op) {
#endif
    RC_STEP(FIELD)
        f = code[pc++];
        READ(f);
        stack[top++] = run->values[f];
        RC_NEXT();
    RC_STEP(CONST)
        stack[top++] = code[pc++];
        RC_NEXT();
    RC_STEP(FIELD_TRUTH)
        f = code[pc++];
        READ(f);
        stack[top++] = run->values[f] != 0;
        RC_NEXT();
    RC_STEP(FIELD_NOT)
        f = code[pc++];
        READ(f);
        stack[top++] = run->values[f] == 0;
        RC_NEXT();
    RC_STEP(FIELD_AND)
        f = code[pc++];
        READ(f);
        stack[top++] = run->values[f] & code[pc++];
        RC_NEXT();
    RC_STEP(FIELD_RSHIFT)
        f = code[pc++];
        READ(f);
        if ((status = binary(RC_RSHIFT, run->values[f], code[pc++], &shifted)) != 0)
            return status;
        stack[top++] = shifted;
        RC_NEXT();
    RC_STEP(AND_FIELD_RSHIFT)
        f = code[pc++];
        READ(f);
        if ((status = binary(RC_RSHIFT, run->values[f], code[pc++], &shifted)) != 0)
            return status;
        stack[top - 1] &= shifted;
        RC_NEXT();
    RC_STEP(JUMP_IF_FALSE)
        if (stack[top - 1] == 0) pc += 1 + code[pc]; /* the 0 stays: the and's value */
        else { top--; pc++; }
        RC_NEXT();
    RC_STEP(JUMP_IF_TRUE)
        if (stack[top - 1] != 0) pc += 1 + code[pc];
        else { top--; pc++; }
        RC_NEXT();
    RC_STEP(IN_CONSTS) {
        long long n = code[pc++], v = stack[top - 1], found = 0;
        for (long long k = 0; k < n; k++) found |= code[pc + k] == v;
        stack[top - 1] = found;
        pc += n;
        RC_NEXT();
    }
    RC_STEP(INDEX) {
        f = code[pc++];
        READ(f);
        PyObject *items = run->tuples[f];
        long long i = stack[top - 1], n = PyTuple_GET_SIZE(items);
        if (i < -n || i >= n) return RUN_DECLINE;
        status = int64_of(PyTuple_GET_ITEM(items, i < 0 ? i + n : i), &stack[top - 1]);
        if (status != 0) return status;
        RC_NEXT();
    }
    RC_STEP(INVERT)
        stack[top - 1] = ~stack[top - 1];
        RC_NEXT();
    RC_STEP(NEG)
        if (stack[top - 1] == LLONG_MIN) return RUN_DECLINE;
        stack[top - 1] = -stack[top - 1];
        RC_NEXT();
    RC_STEP(BIT_COUNT)
        stack[top - 1] = __builtin_popcountll(magnitude(stack[top - 1]));
        RC_NEXT();
    RC_STEP(BIT_LENGTH) {
        unsigned long long m = magnitude(stack[top - 1]);
        stack[top - 1] = m ? 64 - __builtin_clzll(m) : 0;
        RC_NEXT();
    }
    RC_STEP(NOT)
        stack[top - 1] = stack[top - 1] == 0;
        RC_NEXT();
    RC_STEP(TRUTH)
        stack[top - 1] = stack[top - 1] != 0;
        RC_NEXT();
    /* the common constant forms inline, the others through binary() */
    RC_STEP(AND_C)
        stack[top - 1] &= code[pc++];
        RC_NEXT();
    RC_STEP(OR_C)
        stack[top - 1] |= code[pc++];
        RC_NEXT();
    RC_STEP(EQ_C)
        stack[top - 1] = stack[top - 1] == code[pc++];
        RC_NEXT();
    RC_STEP(NE_C)
        stack[top - 1] = stack[top - 1] != code[pc++];
        RC_NEXT();
    RC_STEP(LT_C)
        stack[top - 1] = stack[top - 1] < code[pc++];
        RC_NEXT();
    RC_STEP(LE_C)
        stack[top - 1] = stack[top - 1] <= code[pc++];
        RC_NEXT();
    RC_STEP(GT_C)
        stack[top - 1] = stack[top - 1] > code[pc++];
        RC_NEXT();
    RC_STEP(GE_C)
        stack[top - 1] = stack[top - 1] >= code[pc++];
        RC_NEXT();
    RC_STEP(XOR_C)
    RC_STEP(LSHIFT_C)
    RC_STEP(RSHIFT_C)
    RC_STEP(ADD_C)
    RC_STEP(SUB_C)
    RC_STEP(MOD_C)
        if ((status = binary(base_of(op), stack[top - 1], code[pc++], &stack[top - 1])) != 0)
            return status;
        RC_NEXT();
    RC_STEP(AND)
    RC_STEP(OR)
    RC_STEP(XOR)
    RC_STEP(LSHIFT)
    RC_STEP(RSHIFT)
    RC_STEP(ADD)
    RC_STEP(SUB)
    RC_STEP(MOD)
    RC_STEP(EQ)
    RC_STEP(NE)
    RC_STEP(LT)
    RC_STEP(LE)
    RC_STEP(GT)
    RC_STEP(GE)
        if ((status = binary(op, stack[top - 2], stack[top - 1], &stack[top - 2])) != 0)
            return status;
        top--;
        RC_NEXT();
#ifdef RC_THREADED
done:
#else
        default: /* not reached: check_code refused any other opcode */
            return RUN_DECLINE;
        }
    }
#endif
    *out = top ? stack[top - 1] : 1;
    return 0;
}

#undef READ
#undef RC_STEP
#undef RC_NEXT

/* The live list for the win (selector_rows.select_rows_py in C): a new list, NULL with
 * an exception set, or Py_None (borrowed, not to be dropped) where the machine declines. */
static PyObject *run_rows(RowSelector *p, PyObject *win) {
    RowRun run;
    run.p = p;
    run.have = 0;
    run.dict = PyObject_GenericGetDict(win, NULL);
    if (run.dict == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError) &&
            !PyErr_ExceptionMatches(PyExc_TypeError))
            return NULL;
        PyErr_Clear(); /* no instance dict: not a Win the machine can read */
        return Py_None;
    }
    if (!PyDict_Check(run.dict)) {
        Py_DECREF(run.dict);
        return Py_None;
    }
    PyObject *live = PyList_New(0);
    if (live == NULL) {
        end_run(&run);
        return NULL;
    }
    for (Py_ssize_t r = 0; r < p->nrows; r++) {
        const Row *row = &p->rows[r];
        long long holds = 1;
        if (row->end > row->first) {
            int status = run_code(&run, row->first, row->end, &holds);
            if (status < 0) goto fail;
            if (status == RUN_DECLINE) {
                Py_DECREF(live);
                end_run(&run);
                return Py_None;
            }
        }
        if (holds && row->rest != NULL) {
            PyObject *answer = PyObject_CallOneArg(row->rest, win);
            if (answer == NULL) goto fail;
            int truth = PyObject_IsTrue(answer);
            Py_DECREF(answer);
            if (truth < 0) goto fail;
            holds = truth;
        }
        if (!holds) {
            r += row->skip;
            continue;
        }
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(row->checks); k++)
            if (PyList_Append(live, PyTuple_GET_ITEM(row->checks, k)) < 0) goto fail;
    }
    end_run(&run);
    return live;
fail:
    Py_DECREF(live);
    end_run(&run);
    return NULL;
}

static PyObject *row_selector_call(PyObject *self, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames) {
    if (PyVectorcall_NARGS(nargsf) != 1 || (kwnames != NULL && PyTuple_GET_SIZE(kwnames))) {
        PyErr_SetString(PyExc_TypeError, "a row selector takes one argument, the win");
        return NULL;
    }
    PyObject *win = args[0];
    Py_INCREF(self); /* a rest could drop the last other reference to this selector */
    Py_INCREF(win);
    PyObject *live = run_rows((RowSelector *)self, win);
    if (live == Py_None) /* declined: the reference answers */
        live = PyObject_CallOneArg(((RowSelector *)self)->fallback, win);
    Py_DECREF(win);
    Py_DECREF(self);
    return live;
}

static void free_rows(RowSelector *p) {
    PyMem_Free(p->rows);
    PyMem_Free(p->code);
    p->rows = NULL;
    p->code = NULL;
    p->nrows = p->nfields = 0;
}

static int row_selector_traverse(PyObject *self, visitproc visit, void *arg) {
    Py_VISIT(((RowSelector *)self)->keep);
    Py_VISIT(((RowSelector *)self)->fallback);
    return 0;
}

static int row_selector_clear(PyObject *self) {
    RowSelector *p = (RowSelector *)self;
    free_rows(p); /* the rows borrow from keep: gone with it */
    Py_CLEAR(p->keep);
    Py_CLEAR(p->fallback);
    return 0;
}

static void row_selector_dealloc(PyObject *self) {
    PyObject_GC_UnTrack(self);
    row_selector_clear(self);
    PyObject_GC_Del(self);
}

static PyTypeObject RowSelectorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "yakubook.engine._speedups.RowSelector",
    .tp_basicsize = sizeof(RowSelector),
    .tp_dealloc = row_selector_dealloc,
    .tp_vectorcall_offset = offsetof(RowSelector, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "A selector's rows compiled for the stack machine (compile_rows): called with "
              "a win, its live list.",
    .tp_traverse = row_selector_traverse,
    .tp_clear = row_selector_clear,
};

/* compile_rows(fields, rows, fallback): selector_rows.Program's tuples as a RowSelector. */
static PyObject *compile_rows(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyTuple_Check(args[0]) || !PyTuple_Check(args[1]) ||
        !PyCallable_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError,
                        "compile_rows(fields: tuple, rows: tuple, fallback: callable)");
        return NULL;
    }
    RowSelector *p = PyObject_GC_New(RowSelector, &RowSelectorType);
    if (p == NULL) return NULL;
    p->vectorcall = row_selector_call;
    p->nfields = p->nrows = 0;
    p->rows = NULL;
    p->code = NULL;
    p->fallback = Py_NewRef(args[2]);
    p->keep = PyTuple_Pack(2, args[0], args[1]);
    if (p->keep == NULL || read_specs(p, args[0]) < 0 || read_rows(p, args[1]) < 0) {
        Py_DECREF(p); /* untracked: dealloc's untrack is harmless */
        return NULL;
    }
    PyObject_GC_Track(p);
    return (PyObject *)p;
}

/* -- module ---------------------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"init_win", init_win, METH_VARARGS,
     "init_win(state, parse_meld, Meld): configure win_from_json"},
    {"win_from_json", (PyCFunction)(void (*)(void))win_from_json, METH_FASTCALL,
     "win_from_json(cls, obj): a plain Win, or None for the Python path"},
    {"init_blocks", init_blocks, METH_VARARGS,
     "init_blocks(blocks, fallback, waits_fallback): configure standard_block_sets and "
     "standard_waits"},
    {"standard_waits", standard_waits, METH_O,
     "standard_waits(counts): decompose.standard_waits in C"},
    {"standard_block_sets", standard_block_sets, METH_O,
     "standard_block_sets(counts): decompose.standard_block_sets in C"},
    {"init_interpretations", init_interpretations, METH_O,
     "init_interpretations(Interpretation): configure standard_interpretations"},
    {"standard_interpretations", (PyCFunction)(void (*)(void))standard_interpretations,
     METH_FASTCALL,
     "standard_interpretations(counts, win_tile, tsumo): a closed hand's standard readings"},
    {"closed_interpretations", (PyCFunction)(void (*)(void))closed_interpretations,
     METH_FASTCALL,
     "closed_interpretations(counts, win_tile, tsumo, allow_four): a closed hand's "
     "built-in readings when it has no seven-pairs or thirteen-orphans candidate, or None"},
    {"init_back_four", init_back_four, METH_O,
     "init_back_four(fallback): configure back_four_pairs"},
    {"back_four_pairs", back_four_pairs, METH_O,
     "back_four_pairs(counts): shapes.back_four_pairs in C"},
    {"set_yaku", (PyCFunction)(void (*)(void))set_yaku, METH_FASTCALL,
     "set_yaku(blocks, wait, concealed_triplets, closed, seat_wind, round_wind): "
     "score.set_yaku_py in C"},
    {"reading_facts", (PyCFunction)(void (*)(void))reading_facts, METH_FASTCALL,
     "reading_facts(blocks, wait, win_block, concealed_triplets, closed, tsumo, seat_wind, "
     "round_wind): score.reading_facts_py in C"},
    {"init_score", init_score, METH_VARARGS,
     "init_score(Win, Award, Score, Payment, shape_counted, seven_pairs_counted, "
     "seven_pairs_kinds, same_as_standard, shape_users, is_plain, partial, masks): "
     "configure appraise_standard"},
    {"appraise_standard", (PyCFunction)(void (*)(void))appraise_standard, METH_FASTCALL,
     "appraise_standard(win, interp, awards, scoring): score.appraise of a plain standard "
     "reading in C, or None"},
    {"compile_rows", (PyCFunction)(void (*)(void))compile_rows, METH_FASTCALL,
     "compile_rows(fields, rows, fallback): a selector_rows program as a callable "
     "RowSelector (the fallback answers the hands it declines)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "yakubook.engine._speedups",
    "The C accelerator of the yaku engine's hot paths (the Python is the reference).", -1,
    methods,
};

#define INTERN(var, text) \
    if ((var = PyUnicode_InternFromString(text)) == NULL) return NULL

PyMODINIT_FUNC PyInit__speedups(void) {
    INTERN(k_hand, "hand");
    INTERN(k_win, "win");
    INTERN(k_melds, "melds");
    INTERN(k_seat, "seat");
    INTERN(k_round, "round");
    INTERN(k_tsumo, "tsumo");
    INTERN(k_riichi, "riichi");
    INTERN(k_ippatsu, "ippatsu");
    INTERN(k_red, "red");
    INTERN(k_seat_wind, "seat_wind");
    INTERN(k_round_wind, "round_wind");
    INTERN(k_concealed, "concealed");
    INTERN(k_win_tile, "win_tile");
    INTERN(k_concealed_counts, "concealed_counts");
    INTERN(k_tile_counts, "tile_counts");
    INTERN(k_tile_mask, "tile_mask");
    INTERN(k_mask2, "mask2");
    INTERN(k_mask3, "mask3");
    INTERN(k_number_total, "number_total");
    INTERN(k_quads, "quads");
    INTERN(k_is_closed, "is_closed");
    INTERN(k_suit_count, "suit_count");
    INTERN(k_situational, "situational");
    INTERN(k_kind, "kind");
    INTERN(k_tiles, "tiles");
    INTERN(k_dict, "__dict__");
    INTERN(k_none, "none");
    INTERN(k_standard, "standard");
    INTERN(k_sequence, "sequence");
    INTERN(k_triplet, "triplet");
    INTERN(k_pair, "pair");
    INTERN(k_kanchan, "kanchan");
    INTERN(k_penchan, "penchan");
    INTERN(k_ryanmen, "ryanmen");
    INTERN(k_tanki, "tanki");
    INTERN(k_shanpon, "shanpon");
    INTERN(k_quad, "quad");
    for (int i = 0; i < N_TEXTS; i++)
        if ((S[i] = PyUnicode_InternFromString(TEXTS[i])) == NULL) return NULL;
    if (PyType_Ready(&RowSelectorType) < 0) return NULL;
    return PyModule_Create(&module);
}
