"""The Compare page (AppTest): the rule diff, a run in the background (progress, cancel, leaving the page), the
verdict in words, warnings for changed rules that never came into play, "At a glance" with B - A, honest charts."""

from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

import pytest

import thunee_dsl.simulation
from thunee_dsl.editor.background import CANCELLED, DONE, RUNS
from thunee_dsl.players import BOTS

ROOT = Path(__file__).resolve().parents[2]


def finish(at, timeout: float = 120):
    """Wait for the session's background run to end, then draw the page again."""
    run = RUNS.current(at.session_state["cmp_owner"])
    assert run is not None, "no run was started"
    assert run.wait(timeout), "the run did not finish"
    at.run()
    assert not at.exception, at.exception
    return run


@pytest.fixture
def held(monkeypatch) -> threading.Event:
    """The page's simulations wait at each progress report until the test sets the event it gets."""
    real, gate = thunee_dsl.simulation.simulate, threading.Event()

    def simulate(rulesets, games, *args, progress=None, **options):
        def wait_then_report(done, total):
            gate.wait(60)
            progress(done, total)
        return real(rulesets, games, *args, progress=wait_then_report, **options)

    monkeypatch.setattr(thunee_dsl.simulation, "simulate", simulate)
    return gate


def simulate_on_page(at, games: int, bots: str, b: str = "shipped:thirteen-point", jobs: int = 1):
    at.selectbox(key="cmp_a").set_value("shipped:standard")
    at.selectbox(key="cmp_b").set_value(b)
    at.number_input(key="cmp_games").set_value(games)
    at.selectbox(key="cmp_bots").set_value(bots)
    at.number_input(key="cmp_jobs").set_value(jobs)
    at.button(key="cmp_run").click().run()
    assert not at.exception, at.exception


def test_compare_shows_the_diff_then_the_verdict_and_b_minus_a(app):
    at = app("compare")
    at.selectbox(key="cmp_a").set_value("shipped:standard")
    at.selectbox(key="cmp_b").set_value("shipped:thirteen-point").run()
    assert not at.exception
    assert any("Balls to win" in m.value and "12 -> 13" in m.value for m in at.markdown)
    assert any("press Simulate" in i.value for i in at.info)
    simulate_on_page(at, 6, "random")
    run = finish(at)
    assert run.state == DONE
    cmp = at.session_state["cmp_result"]
    assert cmp.games == 6 and [r.name for r in cmp.rulesets] == ["standard", "thirteen-point"]
    assert [s.value for s in at.subheader] == ["thirteen-point (B) compared with standard (A)"]
    # the verdict comes first, in words: game length and who wins
    [answer] = [e for e in [*at.success, *at.info, *at.warning] if "balance" in str(e.icon)]
    assert "game length" in answer.value.lower() or "games are" in answer.value.lower()
    glance = next(d.value for d in at.dataframe if "B - A (95% interval)" in d.value.columns)
    assert list(glance.columns) == ["", "A: standard", "B: thirteen-point", "B - A (95% interval)", "clear?"]
    assert "trump makers win the deal" in list(glance[""])
    assert set(glance["clear?"]) <= {"clear", "could be chance"}
    charts = [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]
    assert len(charts) >= 5
    legends = {v for spec in charts for v in json.dumps(spec).split('"') if v.startswith(("A: ", "B: "))}
    assert {"A: standard", "B: thirteen-point"} <= legends


def difference_domains(at) -> list[list[float]]:
    """The x domains of the B - A charts (the ones with a dashed zero line)."""
    out = []
    for c in at.get("vega_lite_chart"):
        text = c.proto.spec
        if '"zero"' in text:
            spec = json.loads(text)
            out += [layer["encoding"]["x"]["scale"]["domain"] for layer in spec["layer"]
                    if "scale" in layer.get("encoding", {}).get("x", {})]
    return out


def test_the_axes_hold_zero_and_do_not_zoom_in_on_equal_values(app):
    at = app("compare")
    simulate_on_page(at, 6, "random", b="shipped:standard")  # the same rules: every difference is exactly 0
    finish(at)
    domains = difference_domains(at)
    assert domains, "no chart of the differences"
    for low, high in domains:
        assert low < 0 < high  # zero on the axis, with room either side
    assert domains[0] == [-5.0, 5.0]  # shares, all equal: 5 points either side of zero
    specs = [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]
    who_wins = [s for s in specs if s.get("layer", [{}])[0].get("encoding", {}).get("y", {}).get("title") == "share"
                and s["layer"][0]["mark"]["type"] == "bar"]
    assert who_wins and who_wins[0]["layer"][0]["encoding"]["y"]["scale"] == {"domain": [0, 1]}  # 0 to 100%
    assert any("They play the same rules" in e.value for e in at.info)


def test_a_partner_catch_that_never_happened_is_a_warning(app, home):
    (home / "rulesets").mkdir(parents=True)
    shutil.copy(ROOT / "examples" / "partner-catch-six.yaml", home / "rulesets" / "partner-catch-six.yaml")
    at = app("compare")
    simulate_on_page(at, 4, "heuristic", b="mine:partner-catch-six")
    finish(at)
    cmp = at.session_state["cmp_result"]
    assert all(c.deals == 0 for c in cmp.rulesets[1].coverage if c.rule == "undertakings.thunee.partner_catch")
    warnings = [w.value for w in at.warning]
    assert any(w.startswith("**Thunee partner catch: 8 balls -> 6 balls**: this never came into play.")
               and "Thunee caught by partner" in w and "more games" in w for w in warnings), warnings
    assert any("cannot tell what the change does" in w for w in warnings)  # the verdict itself


def test_a_run_goes_on_while_the_user_is_elsewhere_and_a_rerun_starts_no_second_one(app, held):
    gate = held
    at = app("compare")
    simulate_on_page(at, 10, "random")
    first = RUNS.current(at.session_state["cmp_owner"])
    at.switch_page("app_pages/library.py").run()
    assert not at.exception
    at.switch_page("app_pages/compare.py").run()
    assert not at.exception
    assert RUNS.current(at.session_state["cmp_owner"]) is first and first.running
    assert at.selectbox(key="cmp_b").value == "shipped:thirteen-point"  # the settings came back too
    assert (at.number_input(key="cmp_games").value, at.selectbox(key="cmp_bots").value) == (10, "random")
    assert at.button(key="cmp_run").disabled  # Simulate cannot start another
    assert any("You can leave this page" in c.value for c in at.caption)
    assert any(p.proto.text.startswith("Playing 10 games of standard and of thirteen-point: 0 done")
               for p in at.get("progress"))
    at.run()  # a rerun (the progress ticking, a widget changed) starts nothing new
    assert RUNS.current(at.session_state["cmp_owner"]) is first
    gate.set()
    finish(at)
    assert first.state == DONE and at.session_state["cmp_result"].games == 10


def test_cancel_stops_the_run(app):
    at = app("compare")
    simulate_on_page(at, 5000, "random")
    run = RUNS.current(at.session_state["cmp_owner"])
    assert run.running
    at.button(key="cmp_cancel").click().run()
    assert run.state == CANCELLED
    assert run.wait(60)
    at.run()
    assert any(i.value.startswith("Cancelled after") for i in at.info)
    assert "cmp_result" not in at.session_state
    assert not at.button(key="cmp_run").disabled


def test_defaults_use_every_core_and_the_usual_bots(app, monkeypatch):
    monkeypatch.setitem(BOTS, "typical", BOTS["heuristic"])
    at = app("compare")
    assert at.number_input(key="cmp_jobs").value == (os.cpu_count() or 1)
    assert at.selectbox(key="cmp_bots").value == "typical"
    assert "typical" in at.selectbox(key="cmp_bots").options
    monkeypatch.delitem(BOTS, "typical")
    at = app("compare")
    assert at.selectbox(key="cmp_bots").value == "heuristic"


@pytest.mark.parametrize("accepts", [True])  # the simulation now always takes mistakes=
def test_mistakes_are_passed_only_to_a_simulation_that_takes_them(app, monkeypatch, accepts):
    real = thunee_dsl.simulation.simulate
    seen = {}
    if accepts:
        def simulate(rulesets, games, bots="heuristic", seed=0, jobs=1, scheduler=None, progress=None, *,
                     max_deals=500, mistakes=0.0):
            seen["mistakes"] = mistakes
            return real(rulesets, games, bots, seed, jobs, scheduler, progress, max_deals=max_deals)
        monkeypatch.setattr(thunee_dsl.simulation, "simulate", simulate)
    at = app("compare")
    assert at.number_input(key="cmp_mistakes").disabled is (not accepts)
    if accepts:
        at.number_input(key="cmp_mistakes").set_value(0.01)
    simulate_on_page(at, 3, "random")
    finish(at)
    assert seen == ({"mistakes": 0.01} if accepts else {})


def test_the_same_seed_gives_the_same_numbers(app):
    results = []
    for _ in range(2):
        at = app("compare")
        simulate_on_page(at, 4, "random")
        finish(at)
        results.append(at.session_state["cmp_result"].to_json())
    assert results[0] == results[1]


@pytest.mark.parametrize("partner_catches", [0, 14])
def test_partner_catch_six_shows_the_warning_when_it_never_fired_and_the_difference_when_it_did(app,
                                                                                                  partner_catches):
    from test_editor_comparing import COMMON, PLAIN, constructed, diff, mean
    fired = {**COMMON, "undertakings.thunee.partner_catch": partner_catches}
    figures = dict(PLAIN, **{"deal.balls": ("balls per deal", mean(1.12, 1.09, 1.15), mean(1.10, 1.07, 1.13),
                                            diff(-0.02, -0.03, -0.01) if partner_catches else diff(0.0, 0.0, 0.0))})
    cmp, rule_changes = constructed(figures, fired, fired)
    at = app("compare")
    at.session_state["cmp_result"] = cmp  # as a finished run leaves it
    at.session_state["cmp_about"] = {"names": ("standard", "partner-catch-six"), "games": cmp.games,
                                     "changes": rule_changes}
    at.run()
    assert not at.exception, at.exception
    never = [w.value for w in at.warning if ": this never came into play." in w.value]
    if partner_catches:
        assert never == []
        [answer] = at.success
        assert answer.value == ("**No clear change in game length; no clear change in who wins; balls per deal down: "
                                "1.12 \u2192 1.10 (\u22120.02, \u22120.03 to \u22120.01).**")
    else:
        assert len(never) == 1 and "Thunee caught by partner" in never[0]
        assert not at.success
        assert any(w.value.startswith("**These 200 games cannot tell what the change does") for w in at.warning)


def test_reloading_the_page_finds_the_run_again(app, held):
    gate = held
    at = app("compare")
    simulate_on_page(at, 5, "random")
    owner = at.session_state["cmp_owner"]
    assert at.query_params["run"] in (owner, [owner])
    again = app("compare")  # a new session, as after a reload ...
    assert again.session_state["cmp_owner"] != owner
    reloaded = app("library")
    reloaded.query_params["run"] = owner  # ... of the page's address
    reloaded.switch_page("app_pages/compare.py").run()
    assert reloaded.session_state["cmp_owner"] == owner
    assert reloaded.selectbox(key="cmp_b").value == "shipped:thirteen-point"  # the run's settings, too
    assert (reloaded.number_input(key="cmp_games").value, reloaded.selectbox(key="cmp_bots").value) == (5, "random")
    assert any("You can leave this page" in c.value for c in reloaded.caption)
    gate.set()
    finish(reloaded)
    assert reloaded.session_state["cmp_result"].games == 5
