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
SAID = "Thunee partner catch: 8 balls \u2192 6 balls"  # (one arrow style on the page)


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
    # -2 x 8 / 1400 = -0.0114 a Thunee called, about 1.1 in 100; its t interval over 1400 replays -0.0193 to
    # -0.0035: half-width 0.8 in 100, so one decimal: between 0.4 and 1.9
    assert note.text == (
        f"**A clear difference where it can happen** ({SAID}): Replayed 1,400 times from the 101 deals of these "
        "games with a Thunee called (the cards the caller had not seen dealt again), it changed the balls 8 times: "
        "the caller's opponents opened 2 balls fewer each time. That is about 1.1 balls fewer to the caller's "
        "opponents in 100 Thunees called (between 0.4 and 1.9).")
    assert reach_rows(cmp) == [{"rule change": SAID, "comes into play through": "Thunee caught by partner",
                                "deals in A: standard": 0, "deals in B: partner-catch-six": 0,
                                "changed the balls in focused replays": "8 of 1,400"}]
    v = verdict(cmp, rule_changes)
    assert v.tone == "clear"
    # the rule's sentence says what it does each time, that the games never had it, and what the replays found
    assert v.sentences == (
        f"{SAID}: when it happens, the caller's opponents open 2 balls fewer. It never came up in these games; "
        "replayed 1,400 times from the 101 deals with a Thunee called (the other cards dealt again), it changed the "
        "balls 8 times: about 1.1 balls fewer to the caller's opponents in 100 Thunees called (between 0.4 and 1.9).",
        "No clear change in who wins.")
    assert any("Per Thunee called: -0.011 balls to the caller's opponents (95%: -0.019 to -0.0035)" in line
               for line in v.details)  # the exact figures, one click away


def test_a_clear_focused_difference_that_came_up_in_a_few_games_says_how_few():
    cmp, rule_changes = comparison(focused(), partner_catches=2)
    v = verdict(cmp, rule_changes)
    assert v.tone == "clear" and v.text.startswith(f"{SAID}: when it happens, ")
    assert "opponents open 2 balls fewer. It came up in 2 deals of these games; replayed 1,400 times" in v.text


def test_too_few_changes_are_said_as_chance_in_the_note_and_in_the_verdict():
    cmp, rule_changes = comparison(focused(changed=2, replays=400, stopped="time"), partner_catches=2)
    [rule] = scarce(cmp)
    note = focus_note(cmp, rule.path)
    assert not note.clear and note.text.startswith("**Replayed where it can happen**")
    # -2 x 2 / 400 = -0.01 a Thunee called: about 1 in 100, an interval either side of zero
    assert note.text.endswith("about 1 ball fewer to the caller's opponents in 100 Thunees called (between 2.4 "
                              "fewer and 0.4 more). That could still be chance. (The replays stopped at their time "
                              "budget.)")
    v = verdict(cmp, rule_changes)
    assert v.tone == "none" and "(between 2.4 fewer and 0.4 more). That could still be chance." in v.sentences[0]


def test_nothing_to_replay_is_said_plainly_and_no_replays_no_note():
    nothing = focused(changed=0, replays=0)
    nothing = dataclasses.replace(nothing, parents=0, own=None, others=None,
                                  reason="no deal of the 200 games of A had a Thunee called")
    cmp, _ = comparison(nothing)
    assert focus_note(cmp, PATH).text == (
        f"**Replayed where it can happen** ({SAID}). Focused replays could not "
        "make it come into play: no deal of the 200 games of A had a Thunee called.")
    cmp, _ = comparison(None)
    assert focus_note(cmp, PATH) is None
    # nothing comes before the rule (a penalty): no note, its warning says what would make it come into play
    cmp, _ = comparison(dataclasses.replace(nothing, parent=None, reason="an offence follows no announcement"))
    assert focus_note(cmp, PATH) is None


def test_the_page_shows_the_note_under_the_warning(app):
    cmp, rule_changes = comparison(focused())
    at = showing(app, cmp, rule_changes)
    notes = [s.value for s in at.success]
    assert any(n.startswith("**A clear difference where it can happen**") for n in notes), notes
    assert any(n.startswith(f"**{SAID}**: when it happens") for n in notes)  # the verdict
    assert any(": this never came into play." in w.value for w in at.warning)
