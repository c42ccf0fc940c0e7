# Type declarations for the compiled build (build_accel.py): plain_search.py stays the one source. The search's
# position and the deal's tables as C arrays of an extension type (a deck of up to 64 cards as 64-bit masks, up
# to 8 seats: play.plain_rest asks no more), its recursion a C method: the solver's inner loop.

cimport cython

cdef long long FAR
cdef Py_ssize_t CARDS, SEATS, TRICK_ROWS
cdef unsigned long long MIX, MASK
cdef Py_ssize_t PROBES

cdef class PlainSearch:
    cdef public Py_ssize_t nodes
    cdef public Py_ssize_t slots, key_words, code_width
    cdef public long long gen
    cdef unsigned long long[::1] tkeys
    cdef long long[::1] tlo, thi, tbest, tgen
    cdef unsigned long long kw[32]
    cdef public Py_ssize_t seats, size, n_order, points_width, seat_width, in_play
    cdef public long long least_last, most_last, per_trick
    cdef public bint ranked, equivalence, use_table, undercut
    cdef public object trumps
    cdef unsigned long long beats[64]
    cdef unsigned long long led[64]
    cdef unsigned long long hands[8]
    cdef long long worth[64]
    cdef long long last[8]
    cdef Py_ssize_t pcode[64]
    cdef Py_ssize_t order[64]
    cdef Py_ssize_t suit_start[64]
    cdef Py_ssize_t mine[8]
    cdef Py_ssize_t nxt[8]
    cdef Py_ssize_t trick_seat[520]
    cdef Py_ssize_t trick_card[520]
    cdef Py_ssize_t try_card[4096]
    cdef long long try_score[4096]
    cdef Py_ssize_t k, leader, best, winning, tricks_left, depth, best_card
    cdef long long trick_worth, left_worth

    cpdef value(self, deal, alpha, beta)
    cdef long long _worth_of(self, unsigned long long mask)
    cdef long long _search(self, long long alpha, long long beta) except? -1
    cdef unsigned long long _legal(self, Py_ssize_t seat) except? 0
    cdef unsigned long long _alive(self)
    cdef long long _score(self, Py_ssize_t c, Py_ssize_t seat, Py_ssize_t first)
    cdef Py_ssize_t _cards_to_try(self, Py_ssize_t seat, Py_ssize_t first) except -1
    cdef long long _try_cards(self, Py_ssize_t seat, Py_ssize_t n, long long alpha, long long beta) except? -1
    cdef long long _play(self, Py_ssize_t seat, Py_ssize_t c, long long alpha, long long beta) except? -1
    cdef _store(self, long long best_value, long long a0, long long b0)
    cdef _key_words(self)
    cdef Py_ssize_t _slot(self)
    cdef bint _holds(self, Py_ssize_t slot)
    cpdef forget(self)
