# The compiled build (build_accel.py): Env an extension type, its attributes (Env.__slots__) C struct fields,
# so the env made for each formula (and the deal's reused one) is filled without generic attribute writes.

cdef class Env:
    cdef public object deal
    cdef public object balls
    cdef public object deal_balls
    cdef public object leader
    cdef public object counting
    cdef public object makers
    cdef public object callers
    cdef public object opponents
    cdef public object dealers
    cdef public object others
    cdef public object team
    cdef public object other
    cdef public object caller
    cdef public object seat
    cdef public object dealer
    cdef public object trump_maker
    cdef public object team_values
