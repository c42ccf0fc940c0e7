# The compiled build (build_accel.py): the deal's type, for GameState.apply's reads of it; GameState an
# extension type whose attributes read at every action are C fields (state.py's STATE_FIELDS, the same names),
# the rest in its __dict__ (any attribute may be set on a game, as on an ordinary object).
from thunee_dsl.game.deal cimport Deal


cdef class GameState:
    cdef dict __dict__
    cdef object __weakref__
    cdef public object deal
    cdef public object history
    cdef public object _record
    cdef public object is_over
