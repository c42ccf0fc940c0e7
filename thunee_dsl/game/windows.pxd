# The compiled build (build_accel.py): the deal's type, for the functions that declare their ``deal``
# argument with @cython.locals (read as C struct fields); Window an extension type (its kinds are Python
# subclasses), its polling state C fields: the polled seat's place and the passes since the last word are
# counts below the number of seats.
from thunee_dsl.game.slots cimport DealSlots, TableSlots


cdef class Window:
    cdef public object order
    cdef public Py_ssize_t pos
    cdef public Py_ssize_t silent
    cdef public object options

# what the deal waits for, set by the rules through these (C calls from the play's hot path)
cpdef await_turn(DealSlots deal, turn)
cpdef await_turn_with(DealSlots deal, turn, legal)
