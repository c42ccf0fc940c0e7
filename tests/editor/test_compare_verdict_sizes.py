"""Issue 24, item 1, on real simulations: `standard` against a variant with partner catch 6, game to 13 and no
penalties, at the Compare page's defaults (typical bots, seed 0) with 200 and with 2,000 games. Before, the
200-game verdict led with the partner catch (from focused replays) and the 2,000-game one forgot it (it came up
in 10 and 12 deals: enough to skip the replays, far too few to move any figure of the games) and led with "call
20 less often: 0.099% -> 0.093%"; neither said that games are longer because of the 13-ball target. Now both
say every rule that differs, in the same order, the same way (the larger run is now 1,000 games, in the same
regime: LARGER). (Slow on pure Python: a 1,000-game run is some minutes of CPU; the browser test runs a small
one.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.editor.comparing import verdict
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import simulate
from thunee_dsl.simulation.coverage import FEWEST_TO_SHOW
from thunee_dsl.simulation.focus import FOCUS_BELOW

pytestmark = pytest.mark.slow

OUR_TABLE = str(Path(__file__).parent / "compare_our_table.yaml")
CATCH = "Thunee partner catch: 8 balls \u2192 6 balls"
PATH = "undertakings.thunee.balls.partner_catch"


#: The larger run: the issue's was 2,000 games, where the partner catch came up in 10 and 12 deals: enough to skip
#: the replays before, too few to move any figure. What it proves is that regime, the rule's deals at least
#: FEWEST_TO_SHOW and under FOCUS_BELOW (asserted below: a run that left it fails); at seed 0, 1,000 games are in it
#: (the catch came up in 6 deals), in half the time.
LARGER = 1000


@pytest.fixture(scope="module", params=[200, LARGER], ids=["200 games", f"{LARGER} games"])
def compared(request):
    a, b = load_ruleset("standard"), load_ruleset(OUR_TABLE)
    cmp = simulate([a, b], games=request.param, jobs=2)  # (the page's defaults: typical bots, seed 0)
    return cmp, verdict(cmp, diff_rulesets(a, b))


def test_every_rule_that_differs_is_said_in_the_order_of_what_it_changes(compared):
    cmp, v = compared
    target, catch, penalties, *rest = v.sentences
    # the target's sentence says the games' length (200 games: +1.70, between 1.52 and 1.89 deals)
    assert target.startswith("Playing to 13 balls instead of 12: games are about ") and "deals longer" in target
    # the partner catch, whatever the run's size: what it does each time, then what its replays found
    assert catch.startswith(f"{CATCH}: when it happens, the caller's opponents open 2 balls fewer. ")
    assert "deals with a Thunee called (the other cards dealt again)" in catch
    # (2,000 games: "about 1.0 ball fewer to the caller's opponents in 100 Thunees called (between 0.2 and 1.8)")
    assert re.search(r"about [0-9.]+ balls? fewer to the caller's opponents in 100 Thunees called \(between ", catch)
    assert penalties.startswith("No penalties: no deal of these ")
    assert rest[0] in ("No clear change in who wins.",) or "more often" in rest[0] or "less often" in rest[0]
    assert "->" not in v.text and "percentage point" not in v.text and "95%" not in v.text
    assert v.tone == "clear"


def test_the_partner_catch_is_replayed_at_either_size(compared):
    cmp, _ = compared
    [rule] = [r for r in cmp.rules_compared if r.path == PATH]
    assert rule.most < FOCUS_BELOW
    if cmp.games == LARGER:  # the case: enough deals to skip the replays before, too few to show
        assert rule.most >= FEWEST_TO_SHOW
    found = cmp.focused_on(PATH)
    assert found is not None and found.changed and found.clear
    assert found.own_each == (0,) and found.others_each == (-2,)  # 6 balls instead of 8, every time
