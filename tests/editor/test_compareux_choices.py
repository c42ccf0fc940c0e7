"""The Compare page as a newcomer meets it (AppTest): the rules offered on a first visit are ones they can read
(not "The editor's text (my-standard)", a text never seen), the editor's text once they used the Editor, their
own choice kept; two rulesets with the same rules answered at once, from the rules' diff, with no games."""

from __future__ import annotations

import pytest

import thunee_dsl.simulation
from thunee_dsl.editor import compare_choices
from thunee_dsl.editor.background import RUNS


def no_games(monkeypatch) -> list:
    """Every simulation the page asks for (the estimate's timing games, a run) is recorded and refused."""
    asked = []

    def simulate(rulesets, *args, **options):
        asked.append([r.name for r in rulesets])
        raise AssertionError("no games should be played")

    monkeypatch.setattr(thunee_dsl.simulation, "simulate", simulate)
    return asked



def test_a_first_visit_compares_standard_with_a_shipped_variant_and_shows_its_difference(app):
    at = app("compare")
    assert (at.selectbox(key="cmp_a").value, at.selectbox(key="cmp_b").value) == ("shipped:standard",
                                                                                 "shipped:thirteen-point")
    assert any("Balls to win" in m.value and "12 \u2192 13" in m.value for m in at.markdown)  # a difference to see
    assert not any("same rules" in i.value for i in at.info)
    assert any("press Simulate" in i.value for i in at.info)


def test_once_the_editor_was_used_b_is_its_text_and_a_choice_of_b_stays(app):
    at = app("editor")
    at.toggle(key="ed_plain").set_value(True).run()  # AppTest types into the plain box, not the code editor
    at.text_area(key="ed_area").input("extends: standard\nname: our-rules\ngame: {target: 13}\n").run()
    at.switch_page("app_pages/compare.py").run()
    assert not at.exception, at.exception
    assert at.selectbox(key="cmp_b").value == "editor:"
    assert any("our-rules compared with standard" in e.label for e in at.expander)
    at.selectbox(key="cmp_b").set_value("shipped:royals").run()
    for page in ("app_pages/editor.py", "app_pages/compare.py"):  # away and back: the choice stays
        at.switch_page(page).run()
        assert not at.exception, at.exception
    assert at.selectbox(key="cmp_b").value == "shipped:royals"


def test_a_visit_before_using_the_editor_does_not_hold_b_back_from_the_editors_text(app):
    at = app("compare")
    assert at.selectbox(key="cmp_b").value == "shipped:thirteen-point"
    at.switch_page("app_pages/editor.py").run()
    at.toggle(key="ed_plain").set_value(True).run()
    at.text_area(key="ed_area").input("extends: standard\nname: our-rules\ngame: {target: 13}\n").run()
    at.switch_page("app_pages/compare.py").run()
    assert not at.exception, at.exception
    assert at.selectbox(key="cmp_b").value == "editor:"


@pytest.mark.parametrize("b, said", [
    ("shipped:standard", "**Rules A and B are both standard**: every deal comes out the same under both, so there "
                         "is nothing to simulate."),
    ("editor:", "**my-standard plays the same rules as standard**: every deal comes out the same"),
])
def test_the_same_rules_are_said_at_once_without_playing_a_game(app, monkeypatch, b, said):
    asked = no_games(monkeypatch)
    at = app("compare")
    asked.clear()  # (the first visit timed the default pair's games)
    if b == "editor:":  # the editor's untouched starter: standard under another name
        at.session_state["editor_version"] = 1
        at.run()
    at.selectbox(key="cmp_b").set_value(b).run()
    assert not at.exception, at.exception
    [note] = [i.value for i in at.info if "nothing to simulate" in i.value]
    assert note.startswith(said) and note.endswith("Choose a variant under Rules B to see what it changes.")
    assert not any("press Simulate" in i.value for i in at.info)
    assert not any("on this machine" in c.value for c in at.caption)  # no estimate: it would time games
    assert asked == [] and RUNS.current(at.session_state["cmp_owner"]) is None
    at.selectbox(key="cmp_b").set_value("shipped:thirteen-point").run()  # rules that differ: games, as before
    assert not any("nothing to simulate" in i.value for i in at.info)


def test_the_choices_in_words_without_the_page():
    refs = ["editor:", "shipped:royals", "shipped:standard", "shipped:thirteen-point"]
    assert compare_choices.default_rules(refs, "editor:", False) == ("shipped:standard", "shipped:thirteen-point")
    assert compare_choices.default_rules(refs, "editor:", True) == ("shipped:standard", "editor:")
    assert compare_choices.default_rules(refs[:3], "editor:", False) == ("shipped:standard", "shipped:royals")
    assert compare_choices.editor_was_used({"editor_version": 0, "editor_text": "x", "editor_fresh": "x"}) is False
    assert compare_choices.editor_was_used({"editor_version": 0, "editor_text": "y", "editor_fresh": "x"}) is True
    assert compare_choices.same_rules_note("standard", "thirteen-point", ["a change"], False) is None
    assert compare_choices.same_rules_note("standard", "house", [], False).startswith(
        "**house plays the same rules as standard**: ")
