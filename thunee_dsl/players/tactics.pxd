# Type declarations for the compiled build (build_accel.py): tactics.py stays the one source. The card
# sense's PlayCtx and a ruleset's Tables as extension types, read directly by the functions typed with
# @cython.locals(ctx=PlayCtx) (each card of every playout): a Tables' fields are C fields, its strength and
# stronger C calls. The card sense's helpers without a closure (no lambda or generator inside) are cpdef:
# called from this module, they are C calls. Seats and counts are C integers (a seat < 8, cards in a hand
# few); cards' masks, tables and whatever may be None stay Python objects.

cdef class Tables:
    cdef public object r, deck, size, n_suits, n_ranks, suit_of, rank_of, points, suit_masks, full, total_points
    cdef public object card_of, names, cut_threshold, row, _by_trump
    cdef public dict _strength, _stronger, _best_suit, _call_strength, _seats, _suit_scores, _tricks

    cpdef for_trump(self, trump)
    cpdef strength(self, beats)
    cpdef stronger(self, beats)


cdef class PlayCtx:
    cdef public Tables t
    cdef public object team_of, legal, hand, trick, trump, beats, threats, outstanding, known_void
    cdef public object undertaker, makers, wants, partner_led
    cdef public Py_ssize_t seat, seats, tricks_left
    cdef public bint exact, first_lead_sets_trump, counting_leads_points, makers_draw_trumps

    cpdef row(self)


cpdef cards_of(mask)
cpdef seats_after(PlayCtx ctx)
cpdef choose_play(PlayCtx ctx)
cpdef _later_seats(PlayCtx ctx)
cpdef _could_be_void(PlayCtx ctx, s, suit)
cpdef _can_beat(PlayCtx ctx, s, best, led)
cpdef _safe(PlayCtx ctx, best, led, seats)
cpdef _is_master(PlayCtx ctx, c, stronger)
cpdef _may_cut(PlayCtx ctx, suit, opps, tmask)
cpdef _opponents(PlayCtx ctx, seats)
cpdef _cheapest(PlayCtx ctx, cs, strength)
cpdef _throw_low(PlayCtx ctx, cs, strength)
