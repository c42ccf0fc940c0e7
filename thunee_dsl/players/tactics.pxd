# Type declarations for the compiled build (build_accel.py): tactics.py stays the one source. The card
# sense's PlayCtx as an extension type, read directly by the functions typed with @cython.locals(ctx=PlayCtx)
# (each card of every playout). Seats and counts are C integers (a seat < 8, cards in a hand few); cards'
# masks, tables and whatever may be None stay Python objects.

cdef class PlayCtx:
    cdef public object t, team_of, legal, hand, trick, trump, beats, threats, outstanding, known_void
    cdef public object undertaker, makers
    cdef public Py_ssize_t seat, seats, tricks_left
    cdef public bint exact, first_lead_sets_trump, counting_leads_points, makers_draw_trumps
