# The compiled build (build_accel.py): Deal is an extension type over the typed attributes of slots.pxd, so
# its own methods read them as C struct fields.
from thunee_dsl.game.slots cimport DealSlots


cdef class Deal(DealSlots):
    pass
