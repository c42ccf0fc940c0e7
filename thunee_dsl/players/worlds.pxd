# Type declarations for the compiled build (build_accel.py): worlds.py stays the one source. The playout's
# Tracker as an extension type, so its methods reach their own attributes directly (observe and hands run
# at every card of every playout). Counts and seats are C integers (a seat < 8, a deal's tricks and cards
# few); cards' masks and everything that may be None stay Python objects.

# (PlayCtx, an extension type of tactics.pxd, is not cimported: a module's compiled binary is rebuilt when
# its own .py or .pxd changes, not when a .pxd it cimports does)

cdef class Tracker:
    cdef public object k, card_of, orders, trump, beats, undertaker, makers, ctx
    cdef public list played, trick
    cdef public dict _masks
    cdef public object _held, _held_masks
    cdef public Py_ssize_t n, tricks_done, plays, _held_at
    cdef public bint first_lead_sets
