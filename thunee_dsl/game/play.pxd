# The compiled build (build_accel.py): the deal's type, for the functions that declare their ``deal``
# argument with @cython.locals (read as C struct fields).
from thunee_dsl.game.slots cimport DealSlots, TableSlots
from thunee_dsl.game.windows cimport await_turn, await_turn_with

# the play's hot functions as C functions (play.py: module functions the class names too); seats, cards and
# the windows asked are C integers (at most 8 seats, 128 cards)
cpdef await_play(DealSlots deal, Py_ssize_t seat, Py_ssize_t asked=*)
cpdef legal_cards(DealSlots deal, Py_ssize_t seat, Py_ssize_t why=*)
cpdef play_card(DealSlots deal, Py_ssize_t seat, Py_ssize_t card)
cpdef finish_trick(DealSlots deal)
