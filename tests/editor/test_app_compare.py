"""The Compare page (AppTest): the rule diff, a small simulation with a progress bar, its charts and tables."""

from __future__ import annotations

import json


def test_compare_shows_the_diff_then_simulates_a_few_games(app):
    at = app("compare")
    at.selectbox(key="cmp_a").set_value("shipped:standard")
    at.selectbox(key="cmp_b").set_value("shipped:thirteen-point").run()
    assert not at.exception
    assert any("Balls to win" in m.value and "12 -> 13" in m.value for m in at.markdown)
    assert any("press Simulate" in i.value for i in at.info)
    at.number_input(key="cmp_games").set_value(6)
    at.selectbox(key="cmp_bots").set_value("random")
    at.button(key="cmp_run").click().run()
    assert not at.exception, at.exception
    cmp = at.session_state["cmp_result"]
    assert cmp.games == 6 and [r.name for r in cmp.rulesets] == ["standard", "thirteen-point"]
    assert [s.value for s in at.subheader] == ["6 games of each, random bots, seed 0"]
    charts = at.get("vega_lite_chart")
    assert len(charts) >= 5
    specs = [json.loads(c.proto.spec) for c in charts]
    legends = {v for spec in specs for v in json.dumps(spec).split('"') if v.startswith(("A: ", "B: "))}
    assert {"A: standard", "B: thirteen-point"} <= legends
    [glance, diffs] = at.dataframe
    assert list(glance.value.columns) == ["A: standard", "B: thirteen-point"]
    assert "trump makers win the deal" in glance.value.index
    assert (diffs.value["compared"] == "thirteen-point - standard").all()


def test_the_same_seed_gives_the_same_numbers(app):
    results = []
    for _ in range(2):
        at = app("compare")
        at.number_input(key="cmp_games").set_value(4)
        at.selectbox(key="cmp_bots").set_value("random")
        at.button(key="cmp_run").click().run()
        results.append(at.session_state["cmp_result"].to_json())
    assert results[0] == results[1]
