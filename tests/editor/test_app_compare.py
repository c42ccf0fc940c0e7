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
from thunee_dsl.editor import background
from thunee_dsl.editor.background import CANCELLED, DONE, RUNS

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
        if progress is None:  # the estimate's timing games (no progress): not held
            return real(rulesets, games, *args, **options)

        def wait_then_report(done, total):
            gate.wait(60)
            progress(done, total)
        return real(rulesets, games, *args, progress=wait_then_report, **options)

    monkeypatch.setattr(thunee_dsl.simulation, "simulate", simulate)
    return gate


def showing(app, cmp, rule_changes):
    """The Compare page showing ``cmp`` (standard against partner-catch-six) as a finished run leaves it."""
    at = app("compare")
    at.session_state["cmp_result"] = cmp
    at.session_state["cmp_about"] = {"names": ("standard", "partner-catch-six"), "games": cmp.games,
                                     "changes": rule_changes}
    at.run()
    assert not at.exception, at.exception
    return at


def simulate_on_page(at, games: int, bots: str, b: str = "shipped:thirteen-point", jobs: int = 1):
    at.selectbox(key="cmp_a").set_value("shipped:standard")
    at.selectbox(key="cmp_b").set_value(b)
    at.number_input(key="cmp_games").set_value(games)
    at.selectbox(key="cmp_bots").set_value(bots)
    at.number_input(key="cmp_jobs").set_value(jobs).run()  # (the page drawn with them: their estimate made)
    at.button(key="cmp_run").click().run()
    assert not at.exception, at.exception


def test_compare_shows_the_diff_then_the_verdict_and_b_minus_a(app):
    at = app("compare")
    at.selectbox(key="cmp_a").set_value("shipped:standard")
    at.selectbox(key="cmp_b").set_value("shipped:thirteen-point").run()
    assert not at.exception
    assert any("Balls to win" in m.value and "12 \u2192 13" in m.value for m in at.markdown)  # (one arrow style)
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
    assert any(w.startswith("**Thunee partner catch: 8 balls \u2192 6 balls**: this never came into play.")
               and "Thunee caught by partner" in w and w.endswith("choose bold under Bots at every seat; or play "
                                                                  "more games (try 40).") for w in warnings), warnings
    # the verdict itself: the rule's own sentence, a warning while nothing shows what it does
    assert any(w.startswith("**Thunee partner catch: 8 balls \u2192 6 balls**: it never came up in these games")
               for w in warnings), warnings


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
    [progress] = [p.proto.text for p in at.get("progress")]
    # no game done yet: the time left comes from the estimate made before the start (games timed for it)
    assert progress.startswith("Playing 10 games of standard and of thirteen-point: 0 done, ")
    assert progress.endswith(" left") and first.about["estimate"] > 0
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


def test_defaults_use_every_core_and_the_usual_bots(app):
    at = app("compare")
    assert at.number_input(key="cmp_jobs").value == (os.cpu_count() or 1)
    assert at.selectbox(key="cmp_bots").value == "typical"
    assert {"cautious", "typical", "bold"} <= set(at.selectbox(key="cmp_bots").options)


def test_the_mistakes_rate_goes_to_the_simulation(app, monkeypatch):
    real = thunee_dsl.simulation.simulate
    seen = []

    def simulate(rulesets, games, *args, mistakes=0.0, **options):
        seen.append((games, mistakes))
        return real(rulesets, games, *args, mistakes=mistakes, **options)

    monkeypatch.setattr(thunee_dsl.simulation, "simulate", simulate)
    at = app("compare")
    assert not at.number_input(key="cmp_mistakes").disabled
    at.number_input(key="cmp_mistakes").set_value(0.01)
    simulate_on_page(at, 3, "random")
    finish(at)
    assert seen[-1] == (3, 0.01)
    assert at.session_state["cmp_result"].mistakes == 0.01
    assert any("mistakes 0.01 a decision" in c.value for c in at.caption)


def test_the_time_a_run_takes_is_said_before_it_starts(app, monkeypatch):
    monkeypatch.setattr(background, "PACE", background.Pace())
    at = app("compare")
    at.selectbox(key="cmp_bots").set_value("random").run()
    [said] = [c.value for c in at.caption if c.value.startswith("Takes ")]
    assert f"200 games of each with random bots, {min(os.cpu_count() or 1, 200)} process" in said
    [kind] = [k for k in background.PACE._per_game if "random" in k]
    measured = background.PACE.per_game(kind)
    assert said.endswith(f"(a game of both here takes {measured:.2f} s).")
    # a game of both measured at 0.072 s: 5,000 games on 2 processes are 180 s (on 1, 360 s)
    background.PACE._per_game[kind] = 0.072
    at.number_input(key="cmp_games").set_value(5000)
    at.number_input(key="cmp_jobs").set_value(min(2, os.cpu_count() or 1)).run()
    [said] = [c.value for c in at.caption if c.value.startswith("Takes ")]
    expected = "about 3 min" if (os.cpu_count() or 1) >= 2 else "about 6 min"
    assert said.startswith(f"Takes {expected} on this machine: 5000 games of each") and "0.07 s" in said
    # a finished run's own pace replaces the calibration's
    simulate_on_page(at, 6, "random", jobs=1)
    run = finish(at)
    assert background.PACE.per_game(run.about["pace"]) == pytest.approx(run.elapsed / 6)


def test_the_estimate_times_its_games_only_once_the_workers_have_started(app, monkeypatch):
    """Games timed while the app's worker processes start share the cores with them, and the server's first
    game costs it three times a game's pace (a new app's first estimate said 15 s for a 6 s run): the timing
    games wait for the workers, after a game untimed."""
    from thunee_dsl.editor import pool

    monkeypatch.setattr(background, "PACE", background.Pace())
    order = []
    monkeypatch.setattr(pool.POOL, "wait_started", lambda timeout: order.append(("waited", timeout)) or True)
    real = thunee_dsl.simulation.simulate

    def simulate(rulesets, games, *args, progress=None, **options):
        order.append(("timed", games))
        return real(rulesets, games, *args, progress=progress, **options)

    monkeypatch.setattr(thunee_dsl.simulation, "simulate", simulate)
    at = app("compare")
    at.selectbox(key="cmp_bots").set_value("random").run()
    assert any(c.value.startswith("Takes ") for c in at.caption)
    first_timing = order.index(("timed", 2))
    assert first_timing > 0 and order[first_timing - 1][0] == "waited" and order[first_timing - 1][1] > 0
    assert ("timed", 1) in order[:first_timing]  # a game untimed first: a process's first game costs more


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
    at = showing(app, cmp, rule_changes)
    never = [w.value for w in at.warning if ": this never came into play." in w.value]
    if partner_catches:
        assert never == []
        [answer] = at.success
        # a sentence a line, each rule's change in bold: the rule first, then who wins and what else changed
        assert answer.value == ("**Thunee partner catch: 8 balls \u2192 6 balls**: it came up in 14 deals of these "
                                "games.\n\nNo clear change in who wins.\n\n**Also**: balls per deal: 1.12 \u2192 1.10 "
                                "(about 0.02 fewer, between 0.01 and 0.03).")
    else:
        assert len(never) == 1 and "Thunee caught by partner" in never[0]
        assert not at.success
        assert any(w.value.startswith("**Thunee partner catch: 8 balls \u2192 6 balls**: no deal of these 200 games "
                                      "had Thunee caught by partner") for w in at.warning)


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


def test_a_partner_catch_that_came_up_in_too_few_deals_is_a_warning_that_says_how_many_games_would_show_it(app):
    # (200 games of typical bots have about 0.6 partner catches: 3 in 1,000 games of `standard`)
    from test_editor_comparing import COMMON, PLAIN, constructed
    fired = {**COMMON, "undertakings.thunee.partner_catch": 2}
    cmp, rule_changes = constructed(PLAIN, fired, fired)
    at = showing(app, cmp, rule_changes)
    warnings = [w.value for w in at.warning]
    assert not at.success and not any(": this never came into play." in w for w in warnings)
    [few] = [w for w in warnings if "this came into play in only" in w]
    assert few.startswith("**Thunee partner catch: 8 balls \u2192 6 balls**: this came into play in only 2 deals "
                          "(Thunee caught by partner), too few for these games to show what it changes.")
    assert "(2 deals in 200 games, so 4 take about 400; try 800)" in few
    assert any(w.startswith("**Thunee partner catch: 8 balls \u2192 6 balls**: it came up in 2 deals of these games, "
                            "too few for these games to show what it changes.") for w in warnings)  # the verdict


def test_the_answer_says_how_long_it_took_and_on_what(app):
    at = app("compare")
    simulate_on_page(at, 4, "random", b="shipped:standard", jobs=1)
    run = finish(at)
    timings = at.session_state["cmp_result"].timings
    assert 0 < timings["games"] <= timings["total"] <= run.elapsed
    [took] = [c.value for c in at.caption if c.value.startswith("Worked out here in ")]
    assert took == f"Worked out here in {timings['total']:.1f} s: the games {timings['games']:.1f} s on 1 process."
    assert "timings" not in json.dumps(at.session_state["cmp_result"].to_json())  # (not part of the result)


def test_once_the_games_are_in_the_progress_says_the_replays_go_on(app, monkeypatch):
    real, gate = thunee_dsl.simulation.simulate, threading.Event()

    def simulate(rulesets, games, *args, progress=None, **options):
        progress(games, games)  # every game played; the focused replays would go on now
        gate.wait(60)
        return real(rulesets, games, *args, progress=progress, **options)

    monkeypatch.setattr(thunee_dsl.simulation, "simulate", simulate)
    at = app("compare")
    simulate_on_page(at, 3, "random")
    at.run()
    [progress] = [p.proto.text for p in at.get("progress")]
    assert progress == ("All 3 games played: replaying the deals in which the changed rule can come into play, "
                        "to see what it does...")
    gate.set()
    finish(at)


def _chart_rows(at, title: str) -> list[dict]:
    """The rows a chart of the page sends to the browser (its datasets, decoded from Arrow)."""
    import pyarrow as pa

    [chart] = [e for e in at.main if getattr(e, "type", "") == "vega_lite_chart" and title in e.proto.spec]
    rows = []
    for dataset in chart.proto.datasets:
        rows += pa.ipc.open_stream(dataset.data.data).read_all().to_pylist()
    return rows


def test_the_histograms_send_a_count_per_value_not_a_row_per_deal(app):
    from thunee_dsl import load_ruleset
    from thunee_dsl.editor.comparing import deal_balls_rows, game_length_rows
    from thunee_dsl.model.diff import diff_rulesets

    a, b = load_ruleset("standard"), load_ruleset("thirteen-point")
    cmp = thunee_dsl.simulation.simulate([a, b], games=6, bots="random", seed=4)
    at = showing(app, cmp, diff_rulesets(a, b))
    for title, rows, field in (("balls opened in a deal", deal_balls_rows(cmp), "balls"),
                               ("deals in a game", game_length_rows(cmp), "deals")):
        sent = _chart_rows(at, title)
        counted = {}
        for row in rows:
            counted[row["ruleset"], row[field]] = counted.get((row["ruleset"], row[field]), 0) + 1
        assert {(r["ruleset"], r[field]): r["count"] for r in sent} == counted  # one row per value, counted
        for side in {r["ruleset"] for r in sent}:
            total = sum(n for (s, _), n in counted.items() if s == side)
            shares = [r for r in sent if r["ruleset"] == side]
            assert all(r["share"] == pytest.approx(r["count"] / total) for r in shares)


def test_while_a_new_run_goes_on_the_last_answer_says_its_verdict_and_keeps_its_charts_for_the_end(app, held):
    """Pressing Simulate draws the whole page again: drawing the last answer's tables and charts then took the
    server and chromium about a second of CPU from the games (benchmarks/bench_simulation.py --page --timeline)."""
    gate = held
    gate.set()
    at = app("compare")
    simulate_on_page(at, 4, "random")
    first = finish(at)
    def verdict_said():
        return [m.value for kind in (at.success, at.info, at.warning) for m in kind if m.value.startswith("**")]

    verdict = verdict_said()
    assert verdict and at.dataframe and at.get("vega_lite_chart")  # the whole answer

    gate.clear()  # the next run waits at its first progress report
    at.number_input(key="cmp_seed").set_value(1)
    at.button(key="cmp_run").click().run()
    assert not at.exception, at.exception
    second = RUNS.current(at.session_state["cmp_owner"])
    assert second is not first and second.running
    assert verdict_said() == verdict
    assert any(c.value.startswith("Its tables and charts come back when this run is over") for c in at.caption)
    assert not at.dataframe and not at.get("vega_lite_chart") and not at.table
    assert not [b for b in at.get("download_button")]

    gate.set()
    finish(at)
    assert at.session_state["cmp_result"].seed == 1
    assert at.dataframe and at.get("vega_lite_chart")
    assert not any(c.value.startswith("Its tables and charts come back") for c in at.caption)


def test_the_expanders_tables_are_made_when_opened_and_on_a_phone_also_as_tables_that_wrap(app, held):
    gate = held
    gate.set()
    at = app("compare")
    simulate_on_page(at, 4, "random")
    finish(at)

    def columns():
        return [list(d.value.columns) for d in at.dataframe]

    [glance] = columns()  # closed, the expanders hold nothing yet: "At a glance" is the only grid
    assert "B - A (95% interval)" in glance
    labels = [e.label for e in at.expander]
    assert "How often each changed rule came into play" in labels
    assert "Every difference B - A, game by game (paired), with 95% intervals" in labels
    at.session_state["cmp_every_open"] = True  # (what opening it in the browser sets)
    at.session_state["cmp_reach_open"] = True
    at.run()
    assert not at.exception, at.exception
    every = next(d.value for d in at.dataframe if "games" in d.value.columns)
    assert len(every) > 10 and "B: thirteen-point" in every.columns
    assert len(at.dataframe) == 3
    # each grid has its phone twin, a table whose cells wrap (only one of the two shows, by the screen's width)
    for name in ("cmp_glance", "cmp_reach", "cmp_every"):
        assert at.get_by_key(f"{name}_narrow") is not None and at.get_by_key(f"{name}_wide") is not None
    assert len(at.table) == 3
