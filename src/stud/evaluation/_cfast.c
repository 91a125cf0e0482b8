/*
 * Per-call hand evaluation from Python: the engine's high_value, low8_value,
 * razz_value and high_low8_value.
 *
 * Why C and not numba for this path: a call from Python into a numba kernel costs
 * several hundred nanoseconds of argument unboxing before any work, more than the
 * evaluation itself, and a list of Card objects cannot be passed at all. Here one
 * METH_O call reads the cards straight from the sequence (the 52 cards of
 * stud.cards.DECK are recognised by identity, any other Card by its rank and suit)
 * and evaluates with the same tables as the numba kernels. The tables are built in
 * Python (stud.evaluation.tables) and handed over once by install(), so there is a
 * single source for them; layouts are documented in stud.compiled.evaluation.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define NO_LOW 0x7FFFFFFF
#define SUIT_BIAS (UINT64_C(0x3333) << 32)
#define FLUSH_BITS (UINT64_C(0x8888) << 32)
#define RANK_KEY_MASK UINT64_C(0xFFFFFFFF)
#define BUCKET_BITS 13
#define SLOT_BITS 17

/* The tables: borrowed from buffers kept alive in `views`. */
enum { T_CARD_KEYS, T_DISPLACEMENT, T_RANK_HIGH, T_RANK_LOW8, T_RANK_RAZZ, T_FLUSH_HIGH, T_COUNT };
static Py_buffer views[T_COUNT];
static int installed = 0;
static const uint64_t *card_keys;
static const uint32_t *displacement;
static const int32_t *rank_high, *rank_low8, *rank_razz, *flush_high;
static uint64_t hash_mul;

/* The 52 canonical cards, found by identity in a small open-addressing table. */
#define CACHE_SIZE 256
static PyObject *deck_ref = NULL;
static PyTypeObject *card_type = NULL; /* stud.cards.Card, the type of the deck's cards */
static PyObject *cache_card[CACHE_SIZE];
static uint8_t cache_code[CACHE_SIZE];
static PyObject *str_rank, *str_suit;

static inline size_t cache_index(PyObject *card) {
    return (size_t)((((uintptr_t)card >> 4) * UINT64_C(0x9E3779B97F4A7C15)) >> 56);
}

/* The code of one card, or -1 with an exception set. */
static int card_code(PyObject *card) {
    size_t i = cache_index(card);
    while (cache_card[i] != NULL) {
        if (cache_card[i] == card) return cache_code[i];
        i = (i + 1) & (CACHE_SIZE - 1);
    }
    if (!PyObject_TypeCheck(card, card_type)) goto not_a_card;
    PyObject *rank = PyObject_GetAttr(card, str_rank);
    if (rank == NULL) goto not_a_card;
    PyObject *suit = PyObject_GetAttr(card, str_suit);
    if (suit == NULL) {
        Py_DECREF(rank);
        goto not_a_card;
    }
    long r = PyLong_Check(rank) ? PyLong_AsLong(rank) : -1;
    long s = PyLong_Check(suit) ? PyLong_AsLong(suit) : -1;
    Py_DECREF(rank);
    Py_DECREF(suit);
    if (r < 2 || r > 14 || s < 0 || s > 3) {
        PyErr_Clear();
        goto not_a_card;
    }
    return (int)((r - 2) * 4 + s);
not_a_card:
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "a hand holds Card objects, not %.100s", Py_TYPE(card)->tp_name);
    return -1;
}

/* One hand's codes, read and checked as the reference evaluators check them. */
typedef struct {
    uint8_t codes[7];
    int n;
    uint64_t key;
} Hand;

static int size_error(Py_ssize_t n) {
    PyErr_Format(PyExc_ValueError, "a hand has 5 to 7 cards, not %zd", n);
    return -1;
}

static int duplicate_error(void) {
    PyErr_SetString(PyExc_ValueError, "a hand cannot hold the same card twice");
    return -1;
}

/* The first call asks stud.evaluation.fast to build (or load) and install the
 * tables, so importing stud costs nothing until a hand is evaluated. */
static int install_tables(void) {
    PyObject *fast = PyImport_ImportModule("stud.evaluation.fast");
    if (fast == NULL) return -1;
    PyObject *done = PyObject_CallMethod(fast, "install", NULL);
    Py_DECREF(fast);
    if (done == NULL) return -1;
    Py_DECREF(done);
    if (!installed) {
        PyErr_SetString(PyExc_RuntimeError, "stud.evaluation.fast.install() installed no tables");
        return -1;
    }
    return 0;
}

static int read_cards(PyObject *cards, Hand *hand) {
    if (!installed && install_tables() < 0) return -1;
    PyObject *seq = PySequence_Fast(cards, "a hand is a sequence of cards");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 5 || n > 7) {
        Py_DECREF(seq);
        return size_error(n);
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    uint64_t seen = 0, key = SUIT_BIAS;
    for (Py_ssize_t j = 0; j < n; j++) {
        int code = card_code(items[j]);
        if (code < 0) {
            Py_DECREF(seq);
            return -1;
        }
        uint64_t bit = UINT64_C(1) << code;
        if (seen & bit) {
            Py_DECREF(seq);
            return duplicate_error();
        }
        seen |= bit;
        hand->codes[j] = (uint8_t)code;
        key += card_keys[code];
    }
    Py_DECREF(seq);
    hand->n = (int)n;
    hand->key = key;
    return 0;
}

static int read_mask(PyObject *arg, Hand *hand) {
    if (!installed && install_tables() < 0) return -1;
    if (!PyLong_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "a card mask is an int, not %.100s", Py_TYPE(arg)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(arg, &overflow);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (overflow || value < 0 || (value >> 52) != 0) {
        PyErr_SetString(PyExc_ValueError, "a card mask has bits 0..51 only");
        return -1;
    }
    uint64_t mask = (uint64_t)value, key = SUIT_BIAS;
    int n = __builtin_popcountll(mask);
    if (n < 5 || n > 7) return size_error(n);
    for (int j = 0; j < n; j++) {
        int code = __builtin_ctzll(mask);
        mask &= mask - 1;
        hand->codes[j] = (uint8_t)code;
        key += card_keys[code];
    }
    hand->n = n;
    hand->key = key;
    return 0;
}

static inline uint32_t slot_of(uint64_t key) {
    uint64_t product = (key & RANK_KEY_MASK) * hash_mul;
    uint32_t position = (uint32_t)(product >> (64 - BUCKET_BITS - SLOT_BITS)) & ((1u << SLOT_BITS) - 1);
    return position ^ displacement[product >> (64 - BUCKET_BITS)];
}

static inline int32_t high_of(const Hand *hand, uint32_t slot) {
    uint64_t flushes = hand->key & FLUSH_BITS;
    if (!flushes) return rank_high[slot];
    int suit = (__builtin_ctzll(flushes) - 35) / 4;
    unsigned ranks = 0;
    for (int j = 0; j < hand->n; j++) {
        if ((hand->codes[j] & 3) == suit) ranks |= 1u << (hand->codes[j] >> 2);
    }
    return flush_high[ranks];
}

static PyObject *low_object(int32_t low) {
    if (low == NO_LOW) Py_RETURN_NONE;
    return PyLong_FromLong(low);
}

static PyObject *high_low_tuple(const Hand *hand) {
    uint32_t slot = slot_of(hand->key);
    PyObject *high = PyLong_FromLong(high_of(hand, slot));
    if (high == NULL) return NULL;
    PyObject *low = low_object(rank_low8[slot]);
    if (low == NULL) {
        Py_DECREF(high);
        return NULL;
    }
    PyObject *pair = PyTuple_New(2);
    if (pair == NULL) {
        Py_DECREF(high);
        Py_DECREF(low);
        return NULL;
    }
    PyTuple_SET_ITEM(pair, 0, high);
    PyTuple_SET_ITEM(pair, 1, low);
    return pair;
}

#define EVALUATORS(NAME, READ)                                                     \
    static PyObject *NAME##high(PyObject *self, PyObject *arg) {                   \
        Hand hand;                                                                 \
        if (READ(arg, &hand) < 0) return NULL;                                     \
        return PyLong_FromLong(high_of(&hand, slot_of(hand.key)));                 \
    }                                                                              \
    static PyObject *NAME##low8(PyObject *self, PyObject *arg) {                   \
        Hand hand;                                                                 \
        if (READ(arg, &hand) < 0) return NULL;                                     \
        return low_object(rank_low8[slot_of(hand.key)]);                           \
    }                                                                              \
    static PyObject *NAME##razz(PyObject *self, PyObject *arg) {                   \
        Hand hand;                                                                 \
        if (READ(arg, &hand) < 0) return NULL;                                     \
        return PyLong_FromLong(rank_razz[slot_of(hand.key)]);                      \
    }                                                                              \
    static PyObject *NAME##high_low8(PyObject *self, PyObject *arg) {              \
        Hand hand;                                                                 \
        if (READ(arg, &hand) < 0) return NULL;                                     \
        return high_low_tuple(&hand);                                              \
    }

EVALUATORS(cards_, read_cards)
EVALUATORS(mask_, read_mask)

/* install(card_keys, hash_mul, displacement, rank_high, rank_low8, rank_razz,
 *         flush_high, deck) */
static PyObject *install(PyObject *self, PyObject *args) {
    static const struct {
        Py_ssize_t itemsize;
        Py_ssize_t length;
        const char *name;
    } expected[T_COUNT] = {
        {8, 256, "card_keys"},
        {4, 1 << BUCKET_BITS, "displacement"},
        {4, 1 << SLOT_BITS, "rank_high"},
        {4, 1 << SLOT_BITS, "rank_low8"},
        {4, 1 << SLOT_BITS, "rank_razz"},
        {4, 1 << 13, "flush_high"},
    };
    PyObject *arrays[T_COUNT], *mul, *deck;
    if (!PyArg_ParseTuple(args, "OOOOOOOO!:install", &arrays[T_CARD_KEYS], &mul,
                          &arrays[T_DISPLACEMENT], &arrays[T_RANK_HIGH], &arrays[T_RANK_LOW8],
                          &arrays[T_RANK_RAZZ], &arrays[T_FLUSH_HIGH], &PyTuple_Type, &deck))
        return NULL;
    PyObject *mul_int = PyNumber_Index(mul);
    if (mul_int == NULL) return NULL;
    uint64_t new_mul = PyLong_AsUnsignedLongLong(mul_int);
    Py_DECREF(mul_int);
    if (new_mul == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    if (PyTuple_GET_SIZE(deck) != 52) {
        PyErr_SetString(PyExc_ValueError, "install: the deck has 52 cards");
        return NULL;
    }
    Py_buffer fresh[T_COUNT];
    for (int t = 0; t < T_COUNT; t++) {
        if (PyObject_GetBuffer(arrays[t], &fresh[t], PyBUF_C_CONTIGUOUS) < 0) {
            for (int u = 0; u < t; u++) PyBuffer_Release(&fresh[u]);
            return NULL;
        }
        if (fresh[t].itemsize != expected[t].itemsize ||
            fresh[t].len != expected[t].itemsize * expected[t].length) {
            for (int u = 0; u <= t; u++) PyBuffer_Release(&fresh[u]);
            PyErr_Format(PyExc_ValueError, "install: %s has the wrong size", expected[t].name);
            return NULL;
        }
    }
    /* Read the deck before changing anything, so a bad deck leaves the old state. */
    int codes[52];
    for (int c = 0; c < 52; c++) {
        PyObject *card = PyTuple_GET_ITEM(deck, c);
        PyObject *rank = PyObject_GetAttr(card, str_rank);
        PyObject *suit = rank ? PyObject_GetAttr(card, str_suit) : NULL;
        long r = suit ? PyLong_AsLong(rank) : -1;
        long s = suit ? PyLong_AsLong(suit) : -1;
        Py_XDECREF(rank);
        Py_XDECREF(suit);
        if (r < 2 || r > 14 || s < 0 || s > 3) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "install: the deck holds 52 Card objects");
            for (int t = 0; t < T_COUNT; t++) PyBuffer_Release(&fresh[t]);
            return NULL;
        }
        codes[c] = (int)((r - 2) * 4 + s);
    }
    if (installed)
        for (int t = 0; t < T_COUNT; t++) PyBuffer_Release(&views[t]);
    for (int t = 0; t < T_COUNT; t++) views[t] = fresh[t];
    card_keys = views[T_CARD_KEYS].buf;
    displacement = views[T_DISPLACEMENT].buf;
    rank_high = views[T_RANK_HIGH].buf;
    rank_low8 = views[T_RANK_LOW8].buf;
    rank_razz = views[T_RANK_RAZZ].buf;
    flush_high = views[T_FLUSH_HIGH].buf;
    hash_mul = new_mul;
    memset(cache_card, 0, sizeof cache_card);
    for (int c = 0; c < 52; c++) {
        PyObject *card = PyTuple_GET_ITEM(deck, c);
        size_t i = cache_index(card);
        while (cache_card[i] != NULL && cache_card[i] != card) i = (i + 1) & (CACHE_SIZE - 1);
        cache_card[i] = card;
        cache_code[i] = (uint8_t)codes[c];
    }
    Py_INCREF(deck);
    Py_XSETREF(deck_ref, deck);
    PyTypeObject *type = Py_TYPE(PyTuple_GET_ITEM(deck, 0));
    Py_INCREF(type);
    Py_XSETREF(card_type, type);
    installed = 1;
    Py_RETURN_NONE;
}

#define DOC_CARDS " of 5 to 7 distinct Card objects (a list or tuple is fastest)."
#define DOC_MASK " of a card mask: an int with bit Card.code set for each of 5 to 7 cards."

static PyMethodDef methods[] = {
    {"install", install, METH_VARARGS, "Hand over the tables (from stud.evaluation.tables)."},
    {"high", cards_high, METH_O, "The high value" DOC_CARDS},
    {"low8", cards_low8, METH_O, "The eight-or-better low, or None," DOC_CARDS},
    {"razz", cards_razz, METH_O, "The razz (A-5) low" DOC_CARDS},
    {"high_low8", cards_high_low8, METH_O, "(high value, eight-or-better low or None)" DOC_CARDS},
    {"high_mask", mask_high, METH_O, "The high value" DOC_MASK},
    {"low8_mask", mask_low8, METH_O, "The eight-or-better low, or None," DOC_MASK},
    {"razz_mask", mask_razz, METH_O, "The razz (A-5) low" DOC_MASK},
    {"high_low8_mask", mask_high_low8, METH_O, "(high, low or None)" DOC_MASK},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "stud.evaluation._cfast",
    .m_doc = "Per-call hand evaluators in C over the tables of stud.evaluation.tables.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__cfast(void) {
    str_rank = PyUnicode_InternFromString("rank");
    str_suit = PyUnicode_InternFromString("suit");
    if (str_rank == NULL || str_suit == NULL) return NULL;
    return PyModule_Create(&module);
}
