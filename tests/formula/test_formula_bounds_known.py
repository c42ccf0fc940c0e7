"""Formula.bounds(known): a formula's range with some names given values (the solver's "what can the rest
of this deal still bring"), the others free within their own bounds."""

from __future__ import annotations

from hypothesis import given, strategies as st

from thunee_dsl.formula import Symbol, compile_formula

SYMBOLS = {
    "cards": Symbol("cards", "number", lambda env: env["cards"], "", (0, 304)),
    "call": Symbol("call", "number", lambda env: env["call"], "", (0, 104)),
    "won": Symbol("won", "boolean", lambda env: env["won"]),
    "team": Symbol("team", "team", lambda env: env["team"]),
    "counting": Symbol("counting", "team", lambda env: env["counting"]),
}
COUNT = compile_formula("cards + (if won then 10 else -10) + (if team == counting then call else -call)", SYMBOLS)


def test_the_count_with_the_call_known():
    # the call 30, paid to this team (it counts): the rest is the cards (0..304) and 10 or -10
    assert COUNT.bounds({"call": 30, "team": 0, "counting": 0}) == (20, 344)
    # paid to the others: -30
    assert COUNT.bounds({"call": 30, "team": 0, "counting": 1}) == (-40, 284)
    # the cards known as 0: only the last trick's 10 is free
    assert COUNT.bounds({"call": 30, "team": 0, "counting": 1, "cards": 0}) == (-40, -20)
    # nothing known: the call either way, the teams unknown
    assert COUNT.bounds() == (-114, 418)


def test_a_number_not_known_is_free():
    """A name given none (a number not known yet) keeps its own bounds, never an error."""
    assert COUNT.bounds({"call": None, "team": 0, "counting": 0, "cards": 0}) == COUNT.bounds({"team": 0, "counting": 0, "cards": 0})


@given(cards=st.integers(0, 304), call=st.integers(0, 104), won=st.booleans(), team=st.integers(0, 1),
       counting=st.integers(0, 1), pinned=st.sets(st.sampled_from(sorted(SYMBOLS))))
def test_the_value_lies_within_the_bounds(cards, call, won, team, counting, pinned):
    """Whatever is known, the formula's value on any values agreeing with it lies within its bounds."""
    env = {"cards": cards, "call": call, "won": won, "team": team, "counting": counting}
    least, most = COUNT.bounds({name: env[name] for name in pinned})
    assert least <= COUNT.evaluate(env) <= most
