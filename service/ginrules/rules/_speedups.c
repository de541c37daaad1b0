/* The solver's compiled fast path (optional): the common cases of reading a hand and of
 * solving it, the same answers as the pure-Python code in solver.py and cards.py, which stays
 * the reference and the fallback.
 *
 * Everything here is a table look-up on tables the Python side builds and hands over once, so
 * this file holds no rule of its own.  A kernel answers only what it can answer exactly from
 * those tables and returns None for everything else (an odd token, a search between sets, a
 * tie to break in canonical order): the Python code then does the work, and raises the
 * errors.  Nothing a client sends can make it fail otherwise: only exact lists or tuples of
 * exact str are read, and a mask must be an exact int below 2**52.
 *
 * Reader(spellings)
 *   spellings  dict: every accepted spelling (exact str) -> card 0..51; those of two
 *              ASCII characters are also put in a 128 x 128 table, read without hashing
 * Kernel(values, runnable, runs, dead, set_melds, arrangement, solution): count, solve and
 * counts (the least deadwood after each discard)
 *   values     8,192 ints: a 13-bit suit mask's deadwood value once its runs are melded
 *   runnable   8,192 ints: a suit mask's cards that lie in a block of three or more
 *   runs       4 x 8,192 tuples: per suit and mask, its runs (Meld objects) in meld order
 *   dead       4 x 8,192 tuples: per suit and mask, its deadwood cards in canonical order
 *   set_melds  208 entries: the set Meld of ``rank << 4 | suits`` (None when not a set)
 *   arrangement, solution: the Arrangement and Solution named tuple types
 * The suits must be linear (ace low, R-2.2): a round-the-corner solver has no kernel.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#define SUIT_MASK 0x1FFFu
#define MASKS 8192
#define SET_CHOICES 208
#define MAX_HAND 52

typedef struct {
    PyObject_HEAD
    PyObject *spellings;           /* a private copy: nobody else can change it */
    int8_t pairs[128][128];        /* the spellings of two ASCII characters: card, else -1 */
} Reader;

typedef struct {
    PyObject_HEAD
    PyObject *runs[4];             /* tuples of MASKS tuples */
    PyObject *dead[4];
    PyObject *set_melds;           /* tuple of SET_CHOICES */
    PyTypeObject *arrangement;
    PyTypeObject *solution;
    int32_t values[MASKS];
    uint16_t runnable[MASKS];
} Kernel;

static int
popcount64(uint64_t x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static int
lowest_bit_index(unsigned x)
{
    int i = 0;
    while (!(x & 1u)) {
        x >>= 1;
        i++;
    }
    return i;
}

/* A mask argument: an exact int in 0 .. 2**52 - 1, else 0 (not for this kernel). */
static int
read_mask(PyObject *arg, uint64_t *mask)
{
    int overflow = 0;
    long long value;
    if (!PyLong_CheckExact(arg))
        return 0;
    value = PyLong_AsLongLongAndOverflow(arg, &overflow);
    if (overflow || value < 0 || (value >> 52) != 0)
        return 0;
    *mask = (uint64_t)value;
    return 1;
}

static PyObject *
tuple_of(PyObject *seq, Py_ssize_t length, const char *name)
{
    PyObject *tuple = PySequence_Tuple(seq);
    if (tuple == NULL)
        return NULL;
    if (PyTuple_GET_SIZE(tuple) != length) {
        PyErr_Format(PyExc_ValueError, "%s: %zd entries expected", name, length);
        Py_DECREF(tuple);
        return NULL;
    }
    return tuple;
}

static int
check_type(PyObject *type, const char *name)
{
    if (!PyType_Check(type) || !PyType_IsSubtype((PyTypeObject *)type, &PyTuple_Type)
        || ((PyTypeObject *)type)->tp_dictoffset != 0) {
        PyErr_Format(PyExc_TypeError, "%s: a tuple type without a __dict__ expected", name);
        return 0;
    }
    return 1;
}

static int
Reader_init(Reader *self, PyObject *args, PyObject *kwds)
{
    PyObject *spellings, *key, *item;
    Py_ssize_t pos = 0;

    if (self->spellings != NULL) {
        PyErr_SetString(PyExc_TypeError, "a Reader is initialised once");
        return -1;
    }
    if (kwds != NULL && PyDict_GET_SIZE(kwds) != 0) {
        PyErr_SetString(PyExc_TypeError, "Reader takes no keyword arguments");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "O!:Reader", &PyDict_Type, &spellings))
        return -1;
    self->spellings = PyDict_Copy(spellings);
    if (self->spellings == NULL)
        return -1;
    memset(self->pairs, -1, sizeof self->pairs);
    while (PyDict_Next(self->spellings, &pos, &key, &item)) {
        long card;
        if (!PyUnicode_CheckExact(key) || !PyLong_CheckExact(item)) {
            PyErr_SetString(PyExc_TypeError, "spellings: str -> int expected");
            goto fail;
        }
        card = PyLong_AsLong(item);
        if (card < 0 || card >= 52) {
            PyErr_SetString(PyExc_ValueError, "spellings: cards are 0..51");
            goto fail;
        }
        if (PyUnicode_IS_COMPACT_ASCII(key)
                && PyUnicode_GET_LENGTH(key) == 2) {
            const Py_UCS1 *chars = PyUnicode_1BYTE_DATA(key);
            self->pairs[chars[0]][chars[1]] = (int8_t)card;
        }
    }
    return 0;
fail:
    Py_CLEAR(self->spellings);
    return -1;
}

static void
Reader_dealloc(Reader *self)
{
    Py_CLEAR(self->spellings);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
Kernel_init(Kernel *self, PyObject *args, PyObject *kwds)
{
    PyObject *values, *runnable, *runs, *dead, *set_melds, *arrangement, *solution;
    PyObject *tuple = NULL;
    Py_ssize_t i;
    int suit;

    if (self->solution != NULL || self->runs[0] != NULL) {
        PyErr_SetString(PyExc_TypeError, "a Kernel is initialised once");
        return -1;
    }
    if (kwds != NULL && PyDict_GET_SIZE(kwds) != 0) {
        PyErr_SetString(PyExc_TypeError, "Kernel takes no keyword arguments");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "OOOOOOO:Kernel", &values, &runnable, &runs, &dead,
                          &set_melds, &arrangement, &solution))
        return -1;
    if (!check_type(arrangement, "arrangement") || !check_type(solution, "solution"))
        return -1;

    tuple = tuple_of(values, MASKS, "values");
    if (tuple == NULL)
        return -1;
    for (i = 0; i < MASKS; i++) {
        long value = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
        if (value == -1 && PyErr_Occurred())
            goto fail;
        if (value < 0 || value > 100000) {
            PyErr_SetString(PyExc_ValueError, "values: out of range");
            goto fail;
        }
        self->values[i] = (int32_t)value;
    }
    Py_CLEAR(tuple);

    tuple = tuple_of(runnable, MASKS, "runnable");
    if (tuple == NULL)
        return -1;
    for (i = 0; i < MASKS; i++) {
        long bits = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
        if (bits == -1 && PyErr_Occurred())
            goto fail;
        if (bits < 0 || (bits & ~(long)i) != 0) {
            PyErr_SetString(PyExc_ValueError, "runnable: not a part of its mask");
            goto fail;
        }
        self->runnable[i] = (uint16_t)bits;
    }
    Py_CLEAR(tuple);

    for (int which = 0; which < 2; which++) {
        PyObject *per_suit = tuple_of(which ? dead : runs, 4, which ? "dead" : "runs");
        if (per_suit == NULL)
            return -1;
        for (suit = 0; suit < 4; suit++) {
            PyObject *table = tuple_of(PyTuple_GET_ITEM(per_suit, suit), MASKS, "suit table");
            if (table == NULL) {
                Py_DECREF(per_suit);
                return -1;
            }
            for (i = 0; i < MASKS; i++) {
                if (!PyTuple_CheckExact(PyTuple_GET_ITEM(table, i))) {
                    PyErr_SetString(PyExc_TypeError, "suit tables hold tuples");
                    Py_DECREF(table);
                    Py_DECREF(per_suit);
                    return -1;
                }
            }
            if (which)
                self->dead[suit] = table;
            else
                self->runs[suit] = table;
        }
        Py_DECREF(per_suit);
    }

    self->set_melds = tuple_of(set_melds, SET_CHOICES, "set_melds");
    if (self->set_melds == NULL)
        return -1;
    Py_INCREF(arrangement);
    self->arrangement = (PyTypeObject *)arrangement;
    Py_INCREF(solution);
    self->solution = (PyTypeObject *)solution;
    return 0;

fail:
    Py_XDECREF(tuple);
    return -1;
}

static void
Kernel_dealloc(Kernel *self)
{
    for (int suit = 0; suit < 4; suit++) {
        Py_CLEAR(self->runs[suit]);
        Py_CLEAR(self->dead[suit]);
    }
    Py_CLEAR(self->set_melds);
    Py_CLEAR(self->arrangement);
    Py_CLEAR(self->solution);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
ready(Kernel *self)
{
    if (self->solution == NULL) {
        PyErr_SetString(PyExc_TypeError, "the Kernel is not initialised");
        return 0;
    }
    return 1;
}

/* mask(tokens): the 52-bit mask of a hand given as an exact list or tuple of exact str, each an
 * accepted spelling and no card twice; None for anything else (the Python reader then explains
 * what is wrong, R-1.4). */
static PyObject *
Reader_mask(Reader *self, PyObject *tokens)
{
    PyObject **items;
    Py_ssize_t n, i;
    uint64_t mask = 0;

    if (self->spellings == NULL) {
        PyErr_SetString(PyExc_TypeError, "the Reader is not initialised");
        return NULL;
    }
    if (PyList_CheckExact(tokens)) {
        n = PyList_GET_SIZE(tokens);
        items = ((PyListObject *)tokens)->ob_item;
    }
    else if (PyTuple_CheckExact(tokens)) {
        n = PyTuple_GET_SIZE(tokens);
        items = ((PyTupleObject *)tokens)->ob_item;
    }
    else
        Py_RETURN_NONE;
    if (n > MAX_HAND)
        Py_RETURN_NONE;
    /* Looking up exact str keys in an exact dict runs no Python code, so the list cannot
     * change while it is read. */
    for (i = 0; i < n; i++) {
        PyObject *card, *token = items[i];
        uint64_t bit;
        if (!PyUnicode_CheckExact(token))
            Py_RETURN_NONE;
        if (PyUnicode_IS_COMPACT_ASCII(token)
                && PyUnicode_GET_LENGTH(token) == 2) {
            /* Two ASCII characters, the common spelling: the table holds every such
             * spelling of the dict, so a miss is an unknown token. */
            const Py_UCS1 *chars = PyUnicode_1BYTE_DATA(token);
            int8_t index = self->pairs[chars[0]][chars[1]];
            if (index < 0)
                Py_RETURN_NONE;
            bit = (uint64_t)1 << index;
            if (mask & bit)
                Py_RETURN_NONE;
            mask |= bit;
            continue;
        }
        card = PyDict_GetItemWithError(self->spellings, token);
        if (card == NULL) {
            if (PyErr_Occurred())
                return NULL;
            Py_RETURN_NONE;
        }
        bit = (uint64_t)1 << PyLong_AsLong(card);
        if (mask & bit)
            Py_RETURN_NONE;
        mask |= bit;
    }
    return PyLong_FromUnsignedLongLong(mask);
}

/* The four 13-bit suit masks of a hand mask, spades first; returns the ranks held three or
 * four times: three of four suits always include both of one pair (S H or D C) and one of the
 * other (see _HALF in solver.py). */
static unsigned
split(uint64_t mask, unsigned masks[4])
{
    masks[0] = (unsigned)(mask & SUIT_MASK);
    masks[1] = (unsigned)(mask >> 13 & SUIT_MASK);
    masks[2] = (unsigned)(mask >> 26 & SUIT_MASK);
    masks[3] = (unsigned)(mask >> 39);
    return ((masks[0] & masks[1]) | (masks[2] & masks[3])) & (masks[0] | masks[1])
           & (masks[2] | masks[3]);
}

/* What taking the cards of one rank (``bit``) out of each suit saves, per suit, and in all: a
 * card's deadwood value less what it leaves (negative when it breaks a run), 0 when not held.
 * With one rank held three or four times, a set's saving is the sum of its cards' gains. */
static long
gains(const Kernel *self, const unsigned masks[4], unsigned bit, long gain[4])
{
    const int32_t *v = self->values;
    long saved = 0;
    for (int suit = 0; suit < 4; suit++) {
        gain[suit] = v[masks[suit]] - v[masks[suit] & ~bit];
        saved += gain[suit];
    }
    return saved;
}

/* The least deadwood of a hand with no rank held three or four times, or one such rank (the
 * set of its held cards saves the sum of their gains, a set of three of four held may save
 * more; see min_deadwood in solver.py).  -1 for more than one such rank. */
static long
least_deadwood(const Kernel *self, uint64_t mask)
{
    const int32_t *v = self->values;
    unsigned masks[4];
    unsigned triples = split(mask, masks);
    long total = (long)v[masks[0]] + v[masks[1]] + v[masks[2]] + v[masks[3]];
    long gain[4], saved;
    if (!triples)
        return total;
    if (triples & (triples - 1))
        return -1;
    saved = gains(self, masks, triples, gain);
    if (masks[0] & masks[1] & masks[2] & masks[3] & triples) {
        long least = gain[0];
        for (int suit = 1; suit < 4; suit++) {
            if (gain[suit] < least)
                least = gain[suit];
        }
        if (least < 0)
            saved -= least;
    }
    return saved > 0 ? total - saved : total;
}

/* count(mask): min_deadwood(mask) when at most one rank is held three or four times, else
 * None. */
static PyObject *
Kernel_count(Kernel *self, PyObject *arg)
{
    uint64_t mask;
    long count;
    if (!ready(self))
        return NULL;
    if (!read_mask(arg, &mask))
        Py_RETURN_NONE;
    count = least_deadwood(self, mask);
    if (count < 0)
        Py_RETURN_NONE;
    return PyLong_FromLong(count);
}

/* A new tuple of the four suits' entries of a per-suit table, in suit order, with ``extra``
 * (if not NULL) put at index ``at``. */
static PyObject *
joined(PyObject *const *tables, const unsigned *masks, PyObject *extra, Py_ssize_t at)
{
    PyObject *parts[4];
    Py_ssize_t size = extra != NULL, k = 0;
    PyObject *result;
    for (int suit = 0; suit < 4; suit++) {
        parts[suit] = PyTuple_GET_ITEM(tables[suit], masks[suit]);
        size += PyTuple_GET_SIZE(parts[suit]);
    }
    if (extra != NULL && at > size - 1)
        at = size - 1;  /* never a hole, even if the tables disagreed with each other */
    result = PyTuple_New(size);
    if (result == NULL)
        return NULL;
    for (int suit = 0; suit < 4; suit++) {
        Py_ssize_t n = PyTuple_GET_SIZE(parts[suit]);
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *item;
            if (k == at && extra != NULL) {
                Py_INCREF(extra);
                PyTuple_SET_ITEM(result, k++, extra);
            }
            item = PyTuple_GET_ITEM(parts[suit], i);
            Py_INCREF(item);
            PyTuple_SET_ITEM(result, k++, item);
        }
    }
    if (k == at && extra != NULL) {
        Py_INCREF(extra);
        PyTuple_SET_ITEM(result, k++, extra);
    }
    return result;
}

/* An instance of a named tuple type with these items (stolen references, NULL-safe). */
static PyObject *
record(PyTypeObject *type, PyObject **items, Py_ssize_t n)
{
    PyObject *result;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (items[i] == NULL)
            goto fail;
    }
    result = type->tp_alloc(type, n);
    if (result == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < n; i++)
        PyTuple_SET_ITEM(result, i, items[i]);
    return result;
fail:
    for (Py_ssize_t i = 0; i < n; i++)
        Py_XDECREF(items[i]);
    return NULL;
}

/* solve(mask): the Solution of a hand of up to ten cards when its canonical arrangement
 * follows from the tables alone: no rank held three or four times, or one rank held three
 * times whose set saves deadwood or costs it.  None otherwise (more cards, a rank
 * held four times, two such ranks, a tie between the set and none), which the search
 * answers. */
static PyObject *
Kernel_solve(Kernel *self, PyObject *arg)
{
    uint64_t mask;
    unsigned masks[4], triples;
    PyObject *one = NULL, *items[4];
    Py_ssize_t at = 0;
    PyObject *arrangement;

    if (!ready(self))
        return NULL;
    if (!read_mask(arg, &mask) || popcount64(mask) > 10)
        Py_RETURN_NONE;
    triples = split(mask, masks);
    if (triples) {
        long gain[4], saved;
        unsigned suits = 0;
        int rank, first;
        if (triples & (triples - 1) || masks[0] & masks[1] & masks[2] & masks[3] & triples)
            Py_RETURN_NONE;
        saved = gains(self, masks, triples, gain);
        for (int suit = 0; suit < 4; suit++) {
            if (masks[suit] & triples)
                suits |= 1u << suit;
        }
        if (saved == 0)
            Py_RETURN_NONE;
        if (saved > 0) {
            unsigned kept, starts;
            rank = lowest_bit_index(triples);
            first = lowest_bit_index(suits);
            one = PyTuple_GET_ITEM(self->set_melds, rank << 4 | suits);
            if (one == Py_None)
                Py_RETURN_NONE;
            for (int suit = 0; suit < 4; suit++)
                masks[suit] &= ~triples;
            /* Melds are in order of their first cards: the runs of the suits before the
             * set's first card, then that suit's runs starting below its rank. */
            for (int suit = 0; suit < first; suit++)
                at += PyTuple_GET_SIZE(PyTuple_GET_ITEM(self->runs[suit], masks[suit]));
            kept = self->runnable[masks[first]];
            starts = kept & ~(kept << 1) & ((1u << rank) - 1);
            at += popcount64(starts);
        }
    }
    items[0] = joined(self->runs, masks, one, at);
    items[1] = joined(self->dead, masks, NULL, 0);
    items[2] = PyLong_FromLong((long)self->values[masks[0]] + self->values[masks[1]]
                               + self->values[masks[2]] + self->values[masks[3]]);
    arrangement = record(self->arrangement, items, 3);
    if (arrangement == NULL)
        return NULL;
    Py_INCREF(arg);
    items[0] = arg;
    items[1] = arrangement;
    Py_INCREF(Py_None);
    items[2] = Py_None;
    Py_INCREF(Py_None);
    items[3] = Py_None;
    return record(self->solution, items, 4);
}

/* For discard_counts: every choice of sets from the ranks in ``triples`` (none from a rank, or
 * any three or four of its held cards), then runs in what is left (the tables).  A card in a
 * chosen set is not kept by this choice; every other card's count is the choice's deadwood with
 * that card's suit entry recomputed without it.  Each choice is an arrangement of the cards
 * kept, and every arrangement's sets are one of the choices, so the least over the choices is
 * each discard's least deadwood. */
static void
least_after_discards(const Kernel *self, const unsigned masks[4], unsigned triples,
                     long least[MAX_HAND])
{
    const int32_t *v = self->values;
    if (triples) {
        unsigned bit = triples & (0u - triples), rest = triples & ~bit;
        unsigned held = 0, kept[4];
        for (int suit = 0; suit < 4; suit++) {
            if (masks[suit] & bit)
                held |= 1u << suit;
        }
        least_after_discards(self, masks, rest, least);  /* no set of this rank */
        for (unsigned suits = held; suits; suits = (suits - 1) & held) {
            if (popcount64(suits) < 3)
                continue;
            for (int suit = 0; suit < 4; suit++)
                kept[suit] = suits >> suit & 1u ? masks[suit] & ~bit : masks[suit];
            least_after_discards(self, kept, rest, least);
        }
        return;
    }
    long total = (long)v[masks[0]] + v[masks[1]] + v[masks[2]] + v[masks[3]];
    for (int suit = 0; suit < 4; suit++) {
        unsigned held = masks[suit];
        long rest = total - v[held];
        for (unsigned bits = held; bits; bits &= bits - 1) {
            unsigned low = bits & (0u - bits);
            long count = rest + v[held & ~low];
            int card = suit * 13 + lowest_bit_index(low);
            if (count < least[card])
                least[card] = count;
        }
    }
}

/* counts(mask): discard_counts(mask), the least deadwood after discarding each card of the hand
 * (up to eleven cards), in canonical order (see _discard_table in solver.py).  None for more
 * cards. */
static PyObject *
Kernel_counts(Kernel *self, PyObject *arg)
{
    uint64_t mask;
    unsigned masks[4], triples;
    long least[MAX_HAND];
    Py_ssize_t k = 0;
    PyObject *result;

    if (!ready(self))
        return NULL;
    if (!read_mask(arg, &mask) || popcount64(mask) > 11)
        Py_RETURN_NONE;
    triples = split(mask, masks);
    for (int card = 0; card < MAX_HAND; card++)
        least[card] = LONG_MAX;
    least_after_discards(self, masks, triples, least);
    result = PyTuple_New(popcount64(mask));
    if (result == NULL)
        return NULL;
    for (int card = 0; card < MAX_HAND; card++) {
        PyObject *count;
        if (!(mask >> card & 1u))
            continue;
        count = PyLong_FromLong(least[card]);
        if (count == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, k++, count);
    }
    return result;
}

/* draws(hand, cards): for each card of ``cards``, lowest first, the least deadwood of the hand
 * with that card in and its best discard out (the least of counts(hand | card)): the advice's
 * look at every card the next draw could bring.  None unless the hand holds at most ten cards
 * and none of ``cards``. */
static PyObject *
Kernel_draws(Kernel *self, PyObject *args)
{
    PyObject *hand_arg, *cards_arg, *result;
    uint64_t hand, cards;
    unsigned masks[4], triples;
    long least[MAX_HAND];
    Py_ssize_t k = 0;

    if (!PyArg_ParseTuple(args, "OO", &hand_arg, &cards_arg))
        return NULL;
    if (!ready(self))
        return NULL;
    if (!read_mask(hand_arg, &hand) || !read_mask(cards_arg, &cards)
            || popcount64(hand) > 10 || (hand & cards))
        Py_RETURN_NONE;
    result = PyTuple_New(popcount64(cards));
    if (result == NULL)
        return NULL;
    for (int card = 0; card < MAX_HAND; card++) {
        uint64_t mask;
        long best = LONG_MAX;
        PyObject *count;
        if (!(cards >> card & 1u))
            continue;
        mask = hand | (uint64_t)1 << card;
        triples = split(mask, masks);
        for (int held = 0; held < MAX_HAND; held++)
            least[held] = LONG_MAX;
        least_after_discards(self, masks, triples, least);
        for (int held = 0; held < MAX_HAND; held++) {
            if (mask >> held & 1u && least[held] < best)
                best = least[held];
        }
        count = PyLong_FromLong(best);
        if (count == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, k++, count);
    }
    return result;
}

static PyMethodDef Reader_methods[] = {
    {"mask", (PyCFunction)Reader_mask, METH_O,
     "mask(tokens): the hand mask of an exact list or tuple of card spellings, or None."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ReaderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ginrules.rules._speedups.Reader",
    .tp_basicsize = sizeof(Reader),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Card spellings, read by compiled code (see cards.py).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Reader_init,
    .tp_dealloc = (destructor)Reader_dealloc,
    .tp_methods = Reader_methods,
};

static PyMethodDef Kernel_methods[] = {
    {"count", (PyCFunction)Kernel_count, METH_O,
     "count(mask): the least deadwood when at most one rank is held 3+ times, or None."},
    {"solve", (PyCFunction)Kernel_solve, METH_O,
     "solve(mask): the Solution of a hand the tables settle alone, or None."},
    {"counts", (PyCFunction)Kernel_counts, METH_O,
     "counts(mask): the least deadwood after each discard of up to eleven cards, or None."},
    {"draws", (PyCFunction)Kernel_draws, METH_VARARGS,
     "draws(hand, cards): the least deadwood after each card drawn and the best discard, or None."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ginrules.rules._speedups.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The solver's tables, read by compiled code (see solver.py).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
};

static struct PyModuleDef speedups_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "ginrules.rules._speedups",
    .m_doc = "The solver's optional compiled fast path; solver.py is the reference.",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    PyObject *module = PyModule_Create(&speedups_module);
    if (module == NULL)
        return NULL;
    /* PyModule_AddType readies each type and adds it under its short name. */
    if (PyModule_AddType(module, &KernelType) < 0 || PyModule_AddType(module, &ReaderType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
