"""House rules to add without typing YAML (thunee_dsl.editor.house_rules), and the Editor page's picker."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.editor.checking import check_text
from thunee_dsl.editor.house_rules import CannotAdd, add_rule, house_rules, offered, short_titles
from thunee_dsl.model.diff import diff_rulesets

TEMPLATE = """# A house variant: only what differs from 'standard' goes here.
extends: standard
name: our-table
title: Our table

# For example, play to 13 balls instead of 12:
# game:
#   target: 13
"""


def rule(name: str):
    return next(r for r in house_rules() if r.name == name)


def changes(text: str, base: str = "standard") -> list[str]:
    check = check_text(text)
    assert check.ok, check.problems
    return [c.text for c in diff_rulesets(load_ruleset(base), check.ruleset)]


def test_partner_catch_worth_six_is_added_below_what_was_typed():
    text = add_rule(TEMPLATE, rule("partner-catch-six"))
    assert text.startswith(TEMPLATE)  # every line typed is kept, comments too
    assert "undertakings:\n  thunee:\n    balls: {partner_catch: 6}\n" in text
    # standard.yaml: "partner_catch: 8" under undertakings.thunee.balls (pagat: "Thunee 4 balls / 4 balls / 8 balls")
    assert changes(text) == ["Thunee partner catch: 8 balls -> 6 balls"]


def test_a_rule_on_a_key_the_text_already_has_is_merged_into_it_and_the_rest_kept_as_typed():
    typed = TEMPLATE + "game:\n  target: 13   # our table plays longer\n  corner_house: 12\nundertakings:\n  thunee:\n" \
                       "    caught: when a trick is lost\n"
    text = add_rule(typed, rule("partner-catch-six"))
    assert text.startswith(TEMPLATE + "game:\n  target: 13   # our table plays longer\n")
    assert sorted(changes(text)) == ["Balls to win: 12 -> 13", "Corner house: 11 -> 12",
                                     "Thunee caught: when beaten -> when a trick is lost",
                                     "Thunee partner catch: 8 balls -> 6 balls"]
    again = add_rule(text, rule("partner-catch-four"))  # the same key again: the later number wins
    assert "Thunee partner catch: 8 balls -> 4 balls" in changes(again) and again.count("undertakings:") == 1


def test_a_text_that_is_not_yaml_yet_is_not_touched_and_says_where_to_look():
    with pytest.raises(CannotAdd, match=r"line 3, column") as err:
        add_rule("extends: standard\nname: x\ngame: [13\n", rule("partner-catch-six"))
    assert "fix line 3, column 7 of your text first (this '[' list is never closed" in str(err.value)
    # an empty text (or comments only) becomes the rule's own variant of its base
    assert add_rule("", rule("friendly-table")) == \
        "extends: standard\nname: my-friendly-table\ntitle: Standard Thunee without penalties\n\npenalties: null\n"
    assert changes(add_rule("# ours\n", rule("friendly-table"))) == ["Removes Penalties"]


@pytest.mark.parametrize("example", [r.name for r in house_rules()])
def test_every_house_rule_offered_makes_a_valid_variant_of_its_base(example):
    found = rule(example)
    assert found in offered({found.base})
    text = add_rule(f"extends: {found.base}\nname: ours\ntitle: Ours\n", found)
    assert changes(text, found.base), f"{example} changes nothing"


def test_the_house_rules_offered_are_those_of_the_ruleset_built_on_with_short_names():
    on_standard = offered({"standard"})
    assert {"partner-catch-six", "partner-catch-four", "friendly-table"} <= {r.name for r in on_standard}
    assert all(r.base == "standard" for r in on_standard)
    assert [r.name for r in offered({"six-player"})] == ["trips-partner-catch-six"]
    labels = short_titles(on_standard)
    assert labels["partner-catch-six"] == "Partner catch costs 6 balls"
    assert labels["friendly-table"] == "Without penalties"
    assert short_titles(offered({"six-player"})) == {"trips-partner-catch-six": rule("trips-partner-catch-six").title}


def test_the_editor_page_adds_a_house_rule_with_two_clicks_and_restore_takes_it_out(app):
    at = app("library")
    at.button(key="lib_new").click().run()
    at.switch_page("app_pages/editor.py").run()
    assert not at.exception
    template = at.session_state["editor_text"]
    assert '"Add a house rule"' in template  # the template says where to find them
    picker = at.selectbox(key="ed_rule")
    assert picker.format_func("partner-catch-six") == "Partner catch costs 6 balls"
    picker.set_value("partner-catch-six").run()
    assert any("undertakings:" in c.value for c in at.code)  # what it will add, shown before adding
    assert any(m.value.startswith("**It changes:**") and "Thunee partner catch: 8 balls -> 6 balls" in m.value
               for m in at.markdown)  # ... and what that changes, in words
    at.button(key="ed_rule_add").click().run()
    assert not at.exception
    text = at.session_state["editor_text"]
    assert text.startswith(template) and "partner_catch: 6" in text
    assert any("Added **Standard Thunee, partner catch costs 6 balls**" in s.value for s in at.success)
    assert any("Thunee partner catch: 8 balls -> 6 balls" in m.value for m in at.markdown)
    at.button(key="ed_restore").click().run()
    assert at.session_state["editor_text"] == template


def test_an_emptied_text_says_what_to_do_and_a_house_rule_starts_it_again(app):
    """A new user who deleted everything read only "the file is empty": the page now says how to get
    back (undo) or how to start again, and the house rules are still offered and start a variant."""
    at = app("editor")
    at.toggle(key="ed_plain").set_value(True).run()
    at.text_area(key="ed_area").input("").run()
    assert not at.exception
    assert any("the file is empty" in e.value for e in at.error)
    assert any(i.value.startswith("**Your text is empty.**") and "Ctrl+Z" in i.value for i in at.info)
    at.selectbox(key="ed_rule").set_value("partner-catch-six").run()
    at.button(key="ed_rule_add").click().run()
    assert not at.exception
    assert at.session_state["editor_text"].startswith("extends: standard\nname: my-partner-catch-six\n")
    assert any("Valid" in s.value for s in at.success)


_PIECES = ["extends: standard\n", "name: ours\n", "undertakings:\n", "  thunee:\n", "    balls: {partner_catch: 5}\n",
           "game:\n", "  target: 13\n", "penalties: null\n", "# a comment\n", "\t", "[", "]", "{", ": ", "- x\n",
           "&a ", "*a\n", "undertakings: 5\n", "game: [1, 2]\n", "\n", "'", "\"", "---\n", "key: value\n"]


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(pieces=st.lists(st.sampled_from(_PIECES), max_size=12), which=st.integers(min_value=0, max_value=100))
def test_whatever_was_typed_adding_a_house_rule_gives_a_text_or_says_why(pieces, which):
    """No text a user can type makes "Add it" fail with an internal error: a new text, or CannotAdd."""
    text = "".join(pieces)
    rules = house_rules()
    chosen = rules[which % len(rules)]
    try:
        out = add_rule(text, chosen)
    except CannotAdd as err:
        assert str(err).startswith("fix ")
        return
    assert isinstance(out, str) and out.strip()
    for line in text.splitlines():  # the keys the rule does not set are still there, as typed
        if line.startswith(("extends:", "name:", "key:")):
            assert line in out.splitlines()


def test_adding_a_rule_into_a_block_with_comments_says_they_were_not_kept(app):
    """A rule merged into a key the text already has writes that key again: its comments go. The page says
    so (with Restore to get them back) rather than dropping them silently."""
    at = app("editor")
    at.toggle(key="ed_plain").set_value(True).run()
    typed = "extends: standard\nname: ours\nundertakings:\n  thunee:\n    # our table's own note\n" \
            "    caught: when a trick is lost\n"
    at.text_area(key="ed_area").input(typed).run()
    at.selectbox(key="ed_rule").set_value("partner-catch-six").run()
    at.button(key="ed_rule_add").click().run()
    assert not at.exception
    assert "partner_catch: 6" in at.session_state["editor_text"]
    assert any("1 comment line inside what it changed could not be kept" in w.value for w in at.warning)
    at.button(key="ed_restore").click().run()
    assert at.session_state["editor_text"] == typed
