"""What the Compare page says about focused replays (simulation.focus): the note under the rule's warning and
the verdict's sentence, from a comparison built by hand (the figures of standard against partner-catch-six at
the page's defaults: 8 partner catches in 1,400 replays of 101 Thunees called, 3,579 deals)."""

from __future__ import annotations

import dataclasses

from test_app_compare import showing
from test_editor_comparing import COMMON, PLAIN, constructed

from thunee_dsl import load_ruleset
from thunee_dsl.editor.comparing import focus_note, reach_rows, scarce, unfired, verdict
from thunee_dsl.simulation.focus import Focused, parent_of
from thunee_dsl.simulation.stats import mean_interval

PATH = "undertakings.thunee.balls.partner_catch"
CHANGE = "Thunee partner catch: 8 balls -> 6 balls"


def focused(changed: int = 8, replays: int = 1400, stopped: str = "enough") -> Focused:
    parent, _ = parent_of(PATH, load_ruleset("standard"))
    return Focused(CHANGE, PATH, parent, None, deals=3579, decided=0, parents=101, replays=replays, fired=changed,
                   changed=changed, own=mean_interval([0] * replays),
                   others=mean_interval([-2] * changed + [0] * (replays - changed)),
                   own_changed=0.0 if changed else None, others_changed=-2.0 if changed else None,
                   own_each=(0,) if changed else (), others_each=(-2,) if changed else (), stopped=stopped,
                   budget_seconds=1.5, a="standard", b="partner-catch-six")


def comparison(f: Focused | None, partner_catches: int = 0):
    cmp, rule_changes = constructed(PLAIN, {**COMMON, "undertakings.thunee.partner_catch": partner_catches},
                                    {**COMMON, "undertakings.thunee.partner_catch": partner_catches})
    return dataclasses.replace(cmp, focused=[f] if f is not None else []), rule_changes


def test_a_clear_focused_difference_is_said_under_the_rule_and_in_the_verdict():
    cmp, rule_changes = comparison(focused())
    [rule] = unfired(cmp)
    note = focus_note(cmp, rule.path)
    assert note.clear
    # -2 x 8 / 1400 = -0.0114; its t interval over 1400 replays -0.0193 to -0.0035; per deal x 101 / 3579
    assert note.text == (
        "**A clear difference where it can happen** (Thunee partner catch: 8 balls -> 6 balls): Under B the "
        "caller's opponents open 2 balls less each time. Per Thunee called: -0.011 balls to the caller's "
        "opponents (95%: -0.019 to -0.0035); per deal (a Thunee called in 101 of 3,579 deals): -0.0003 (95%: "
        "-0.0005 to -0.0001).\n\nIt decided 0 of the 3,579 deals of A's games. In 1,400 replays of the 101 deals "
        "with a Thunee called in the games (the cards the caller had not seen dealt again), the rule came into "
        "play 8 times and changed the balls 8 times.")
    assert reach_rows(cmp) == [{"rule change": CHANGE, "comes into play through": "Thunee caught by partner",
                                "deals in A: standard": 0, "deals in B: partner-catch-six": 0,
                                "changed the balls in focused replays": "8 of 1,400"}]
    v = verdict(cmp, rule_changes)
    assert v.tone == "clear"
    # the headline says what the replays found first, then why the games alone could not show it
    assert v.text == (
        "Thunee partner catch: 8 balls -> 6 balls: when it happens, the caller's opponents open 2 balls less. In "
        "1,400 replays of the 101 deals with a Thunee called (the other cards dealt again) it happened 8 times: "
        "-0.011 balls per Thunee called (-0.019 to -0.0035), -0.0003 per deal. The 200 games alone cannot show it "
        "(it never came into play in them): no clear change in game length; no clear change in who wins.")
    assert "cannot tell what the change does" not in v.text


def test_a_clear_focused_difference_that_came_up_in_a_few_games_says_how_few():
    cmp, rule_changes = comparison(focused(), partner_catches=2)
    v = verdict(cmp, rule_changes)
    assert v.tone == "clear" and v.text.startswith("Thunee partner catch: 8 balls -> 6 balls: when it happens, ")
    assert "The 200 games alone cannot show it (it came into play in only 2 deals of them): " in v.text


def test_too_few_changes_are_said_as_chance_and_leave_the_verdict_alone():
    cmp, rule_changes = comparison(focused(changed=2, replays=400, stopped="time"), partner_catches=2)
    [rule] = scarce(cmp)
    note = focus_note(cmp, rule.path)
    assert not note.clear and note.text.startswith("**Replayed where it can happen**")
    assert "That could still be chance. (Stopped by the time budget, 1.5 s.)" in note.text
    v = verdict(cmp, rule_changes)
    assert v.tone == "untested" and "Replaying" not in v.text


def test_nothing_to_replay_is_said_plainly_and_no_replays_no_note():
    nothing = focused(changed=0, replays=0)
    nothing = dataclasses.replace(nothing, parents=0, own=None, others=None,
                                  reason="no deal of the 200 games of A had a Thunee called")
    cmp, _ = comparison(nothing)
    assert focus_note(cmp, PATH).text == (
        "**Replayed where it can happen** (Thunee partner catch: 8 balls -> 6 balls). Focused replays could not "
        "make it come into play: no deal of the 200 games of A had a Thunee called.")
    cmp, _ = comparison(None)
    assert focus_note(cmp, PATH) is None


def test_the_page_shows_the_note_under_the_warning(app):
    cmp, rule_changes = comparison(focused())
    at = showing(app, cmp, rule_changes)
    notes = [s.value for s in at.success]
    assert any(n.startswith("**A clear difference where it can happen**") for n in notes), notes
    assert any(n.startswith("**Thunee partner catch: 8 balls -> 6 balls: when it happens") for n in notes)  # the verdict
    assert any(": this never came into play." in w.value for w in at.warning)
