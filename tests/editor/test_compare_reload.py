"""Compare after a reload (issue 24, item 2): the page finds its run again by the address, and Rules A and B stay
the rulesets that run compared, also when B was the editor's text (a reload is a new session, whose editor
holds the new session's template: B became "plays the same rules as standard ... nothing to simulate")."""

from __future__ import annotations

from pathlib import Path

from test_app_compare import finish, held, simulate_on_page  # noqa: F401 (held: a fixture)

from thunee_dsl.editor import compare_choices
from thunee_dsl.editor.compare_choices import COMPARED, KEPT_TEXTS, found_again, kept_choices, kept_text, texts_to_keep

OUR_TABLE = (Path(__file__).parent / "compare_our_table.yaml").read_text(encoding="utf-8")
TEMPLATE = "extends: standard\nname: my-standard\n"


def test_a_run_keeps_the_editors_text_it_compared_and_only_that():
    refs = {"a": "shipped:standard", "b": "editor:"}
    assert texts_to_keep(refs, "editor:", OUR_TABLE) == {"b": OUR_TABLE}
    assert texts_to_keep({"a": "shipped:standard", "b": "mine:our-table"}, "editor:", OUR_TABLE) == {}


def test_found_again_in_a_session_whose_editor_holds_another_text_b_is_the_text_compared():
    ss: dict = {}
    about = {"a": "shipped:standard", "b": "editor:", "names": ("standard", "our-table"), "games": 200,
             "bots": "typical", "seed": 0, "jobs": 2, "mistakes": 0.0, "texts": {"b": OUR_TABLE}}
    found_again(ss, about, "editor:", TEMPLATE)
    assert (ss["kept_cmp_a"], ss["kept_cmp_b"], ss["kept_cmp_games"]) == ("shipped:standard", COMPARED + "b", 200)
    assert kept_text(ss, COMPARED + "b") == OUR_TABLE and kept_text(ss, "shipped:standard") is None
    assert kept_choices(ss) == {COMPARED + "b": "our-table (the text you compared)"}
    # a run started again from it keeps the same text
    assert texts_to_keep({"a": "shipped:standard", "b": COMPARED + "b"}, "editor:", TEMPLATE, ss) == {"b": OUR_TABLE}
    # the same text in the editor (a rerun of the same session): the editor's text, nothing kept aside
    same: dict = {}
    found_again(same, about, "editor:", OUR_TABLE)
    assert same["kept_cmp_b"] == "editor:" and KEPT_TEXTS not in same
    # a kept choice counts as picked: B no longer follows the default
    compare_choices.follow_default_b(ss, "shipped:thirteen-point")
    assert ss[compare_choices.PICKED] and ss["kept_cmp_b"] == COMPARED + "b"


def test_a_reload_keeps_rules_b_when_it_was_the_editors_text(app, held):  # noqa: F811
    gate = held
    at = app("compare")
    at.session_state["editor_text"] = OUR_TABLE  # (as typed in the Editor)
    at.run()
    simulate_on_page(at, 3, "random", b="editor:")
    owner = at.session_state["cmp_owner"]
    reloaded = app("library")  # a new session: its editor holds the new session's template
    assert reloaded.session_state["editor_text"] != OUR_TABLE
    reloaded.query_params["run"] = owner
    reloaded.switch_page("app_pages/compare.py").run()
    assert not reloaded.exception, reloaded.exception
    box = reloaded.selectbox(key="cmp_b")
    assert box.value == COMPARED + "b"
    assert "our-table (the text you compared)" in box.options
    assert reloaded.selectbox(key="cmp_a").value == "shipped:standard"
    assert not any("same rules" in i.value for i in reloaded.info)
    assert any("Balls to win" in m.value for m in reloaded.markdown)  # the rules' diff: still our table's
    gate.set()
    finish(reloaded)
    cmp = reloaded.session_state["cmp_result"]
    assert [r.name for r in cmp.rulesets] == ["standard", "our-table"]
    assert not any("same rules" in i.value for i in reloaded.info)
    assert reloaded.selectbox(key="cmp_b").value == COMPARED + "b"
