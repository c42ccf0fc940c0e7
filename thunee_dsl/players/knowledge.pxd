# Type declarations for the compiled build (build_accel.py): knowledge.py stays the one source. A seat's
# Knowledge as an extension type, so its own methods and _advance/_copy_facts read and copy its facts as C
# fields (about 300 are made a game, most moved on from the seat's last one by copying every fact).
# The fields are exactly knowledge.FACTS, in its groups (tests/players/test_knowledge_typed.py).
# Seats and counts are C integers (a seat < 8, a deal's tricks and batches few); cards' masks and
# whatever may be None stay Python objects.

cdef class Knowledge:
    cdef public object ruleset, t, rules, view, memo
    cdef public Py_ssize_t seat, seats
    cdef public object team_of, phases, cum, hand_before_trumps, declaration_verbs
    cdef public object hand, trump, trump_card, undertaking, undertaker, beats, shown_from
    cdef public object _done, _played_done, _played_by_done, current_trick, played, played_by, played_mask
    cdef public Py_ssize_t tricks_done
    cdef public object face_down, table, laid, turned, phase
    cdef public Py_ssize_t batches_dealt, phase_index
    cdef public object unseen_count, pickup_trick
    cdef public object void, _void_reading, _void_done
    cdef public object forced, excluded, early, last_card_seat, hidden_declarations
    cdef public object entries, _trump_entries, _decl_entries
    cdef public Py_ssize_t _plays
    cdef public Py_ssize_t future_count, leftover
    cdef public object held_count, pool, hidden_plays, closed_lacking
    cdef public bint carried_over, advanced

    cpdef _unknown(self, view)
    cpdef _read_trick(self, lacking, trick, first, row, reads, leads_win=*, blind=*, shut=*, seen=*)
