# The compiled build (build_accel.py): RulesetTables is an extension type over the attributes of slots.pxd.
from thunee_dsl.game.slots cimport TableSlots


cdef class RulesetTables(TableSlots):
    pass
