# The compiled build (build_accel.py): the deal's type, for the functions that declare their ``deal``
# argument with @cython.locals (a view reads some thirty of the deal's fields: C struct fields, not
# attribute look-ups, at every decision of every game).
from thunee_dsl.game.slots cimport DealSlots, TableSlots
