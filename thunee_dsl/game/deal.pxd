# The compiled build (build_accel.py): Deal is an extension type over the typed attributes of slots.pxd, so
# its own methods read them as C struct fields; the open window's polling state and the formula env too.
# The apply path is C calls: GameState.apply -> apply_if_legal (cpdef) -> the play's play_card (play.pxd).
from thunee_dsl.game.slots cimport DealSlots
from thunee_dsl.game.windows cimport Window
from thunee_dsl.game.play cimport play_card
from thunee_dsl.model.quantities cimport Env


cdef class Deal(DealSlots):
    cpdef apply_if_legal(self, action)
