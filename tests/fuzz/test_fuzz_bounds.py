"""The bounds validation reads are sure: in deals played by random bots, every number a formula may read lies
within its symbol's bounds (quantities.symbol_table with compile.quantity_limits), for every shipped ruleset and
house overlay, in every place a formula may stand. A bound too tight here would let a ball formula that goes
below zero through validation (the guard in game/scoring.py would then stop the deal)."""

from __future__ import annotations

import pytest

from checks import OVERLAYS, REPO, SHIPPED
from thunee_dsl import load_ruleset
from thunee_dsl.editor.formulas import PLACES, env_for, sample_deal, symbols_for
from thunee_dsl.model.compile import quantity_limits
from thunee_dsl.model.quantities import symbol_table


# (and the test rulesets of new rules: issue 25's bids of 0, each player's contract, bids of card points ...)
TESTED = sorted((REPO / "tests" / "game" / "rulesets").glob("*.yaml"))


@pytest.mark.parametrize("source", SHIPPED + OVERLAYS + TESTED, ids=lambda p: p.stem)
def test_every_quantity_stays_within_its_bounds_in_played_deals(source):
    ruleset = load_ruleset(str(source))
    limits = quantity_limits(ruleset.data.data, ruleset.tricks_per_deal, ruleset.game.target, ruleset.deck)
    assert {"points", "suits", "call", "target"} <= set(limits)
    value_bounds = {tv.name: tv.formula.bounds() for tv in ruleset.team_values}
    names = tuple(value_bounds)
    checked = 0
    for seed in (0, 7, 19):
        sample = sample_deal(ruleset, seed)
        for place in PLACES:
            bounded = symbol_table(place, tricks=ruleset.tricks_per_deal, team_values=names,
                                   team_value_getter=lambda env, team, name: 0, limits=limits,
                                   team_value_bounds=value_bounds)
            env = env_for(sample, place)
            for name, symbol in symbols_for(ruleset, place).items():
                lo, hi = bounded[name].bounds or (None, None)
                if symbol.type != "number" or (lo is None and hi is None):
                    continue
                try:
                    value = symbol.get(env)
                except (TypeError, IndexError, KeyError):  # a role nobody has in this deal (no trump maker, ...)
                    continue
                assert (lo is None or lo <= value) and (hi is None or value <= hi), \
                    f"{source.stem} seed {sample.seed} {place}: {name} = {value}, bounds {lo} to {hi}"
                checked += 1
    assert checked > 100
