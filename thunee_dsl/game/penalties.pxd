# The compiled build (build_accel.py): the deal's type, for the functions that declare their ``deal``
# argument with @cython.locals (read as C struct fields).
from thunee_dsl.game.slots cimport DealSlots, TableSlots
