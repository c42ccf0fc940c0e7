# Type declarations for the compiled build (build_accel.py): worlds.py stays the one source. The playout's
# Tracker as an extension type, so its methods reach their own attributes directly (observe and hands run
# at every card of every playout). Counts and seats are C integers (a seat < 8, a deal's tricks and cards
# few); cards' masks and everything that may be None stay Python objects.
# The seat's Knowledge, the card sense's PlayCtx and the world's GameState and Deal are cimported: the
# functions typed with @cython.locals read their fields as C fields (a cimported .pxd is part of this
# module's source for build_accel.py: a change to it rebuilds this binary too).

from thunee_dsl.game.deal cimport Deal
from thunee_dsl.game.state cimport GameState
from thunee_dsl.players.knowledge cimport Knowledge
from thunee_dsl.players.tactics cimport PlayCtx


cimport cython


cdef class Tracker:
    cdef public Knowledge k
    cdef public object card_of, orders, trump, beats, undertaker, makers
    cdef public PlayCtx ctx
    cdef public list played, trick
    cdef public dict _masks
    cdef public object _held, _held_masks
    cdef public Py_ssize_t n, in_trick, tricks_done, plays, _held_at
    cdef public bint first_lead_sets

    @cython.locals(other=Tracker)
    cpdef copy(self)
