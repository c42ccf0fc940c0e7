# The compiled build (build_accel.py): the deal's type, for GameState.apply's reads of it.
from thunee_dsl.game.deal cimport Deal
