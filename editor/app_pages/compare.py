"""Compare: two rulesets' rules side by side, and what the difference does over many simulated games.

The answer comes first, in words (the verdict), then the rules that differ but never came into play, then
"At a glance" with B - A and its interval. A run goes on in the background (thunee_dsl.editor.background):
leaving the page does not stop it, a rerun does not start a second one, and it can be cancelled.
"""

from __future__ import annotations

import json
import os
import uuid

import pandas as pd
import streamlit as st

from app_common import EDITOR_REF, catalogue, checked, follow_goto, ruleset_of, shelf
from thunee_dsl.editor.background import (CANCELLED, DONE, FAILED, PACE, RUNS, first_look, first_look_seconds,
                                          say_first_look, say_seconds)
from thunee_dsl.editor import compare_choices
from thunee_dsl.editor import pool as worker_pool
from thunee_dsl.editor.comparing import (arrows, changes, deal_balls_rows, event_rows, focus_note, game_length_rows,
                                         glance_rows, happened, headline_rows, interval_rows, reach_rows,
                                         change_said, csv_in_units, opened, said_unit, say_estimate, scarce, unfired, units_of,
                                         verdict)
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import bot_names, default_bot, simulate

ss = st.session_state
follow_goto()


def warm_workers() -> None:
    """The app's worker processes, started in the background when the app starts (app.py; here again in case
    the page runs alone), once per app server, and lent to every run: a run pays no process start-up
    (thunee_dsl.editor.pool)."""
    worker_pool.warm()


warm_workers()
MAX_GAMES = 20000
CORES = max(1, os.cpu_count() or 1)
POOL_START_WAIT = 20.0  # seconds the estimate waits for the app's workers to start (a few on two cores)
CALIBRATION_SEED = 987654321  # the games timed for the estimate (not the user's: any deal is as good)
COLOURS = ["#2f6db5", "#e8710a", "#2e9e4f", "#a23b72"]
CLEAR_COLOUR, UNCLEAR_COLOUR = "#c8102e", "#8a8f98"
TONES = {"clear": st.success, "untested": st.warning, "none": st.info, "same": st.info}
# Seconds between two drawings of a run's progress. Each took chromium ~0.06 s of CPU (half of it the bar's
# sliding animation, now off), and the server ~0.015 s, taken from the games on the same cores: every 2 s
# (not 1 s) a 200-game run (6 s) still moves its bar three times.
TICK = 2.0

if "cmp_owner" not in ss:
    # This browser session's key in the registry of background runs; in the address too, so that
    # reloading the page finds its run again.
    ss.cmp_owner = st.query_params.get("run") or uuid.uuid4().hex
    found = RUNS.current(ss.cmp_owner)
    if found is not None:  # the settings of the run found again, and the rulesets it compared
        compare_choices.found_again(ss, found.about, EDITOR_REF, ss.editor_text)
st.query_params["run"] = ss.cmp_owner


def ruleset_for(ref: str):
    """The compiled ruleset of a choice: the catalogue's, or a text kept with a run found again."""
    text = compare_choices.kept_text(ss, ref)
    if text is None:
        return ruleset_of(ref)
    return checked(text, str(shelf().folder)).ruleset


def start_run() -> None:
    """The Simulate button: start the comparison in the background (nothing if one is going on)."""
    current = RUNS.current(ss.cmp_owner)
    if current is not None and current.running:
        return
    ra, rb = ruleset_for(ss.cmp_a), ruleset_for(ss.cmp_b)
    if ra is None or rb is None:
        ss.cmp_error = "One of the rulesets is not valid: fix it in the Editor first."
        return
    ss.pop("cmp_error", None)
    games, seed, jobs = int(ss.cmp_games), int(ss.cmp_seed), int(ss.cmp_jobs)
    options = {"bots": ss.cmp_bots, "seed": seed, "jobs": jobs, "mistakes": float(ss.cmp_mistakes)}
    about = {"a": ss.cmp_a, "b": ss.cmp_b, "names": (ra.name, rb.name), "games": games, **options,
             "changes": diff_rulesets(ra, rb), "pace": pace_kind(ra, rb), "units": (ra.unit, rb.unit),
             # (the editor's text as compared: a reload, a new session with another text, finds it again)
             "texts": compare_choices.texts_to_keep({"a": ss.cmp_a, "b": ss.cmp_b}, EDITOR_REF, ss.editor_text, ss)}
    about["estimate"] = PACE.estimate(about["pace"], games, min(jobs, games))  # None: nothing timed yet
    RUNS.start(ss.cmp_owner, lambda progress: simulate([ra, rb], games=games, progress=progress, **options),
               total=games, about=about)


def cancel_run() -> None:
    run = RUNS.current(ss.cmp_owner)
    if run is not None:
        run.cancel()


def absorb(run) -> None:
    """Keep the last finished run's comparison in the session (it outlives the registry's copy), and its
    pace for the next estimate."""
    if run is not None and ss.get("cmp_absorbed") != run.id:
        ss.cmp_absorbed = run.id
        ss.cmp_result, ss.cmp_about = run.result, run.about
        if run.state == DONE and "pace" in run.about:
            PACE.learn(run.about["pace"], run, run.about["jobs"])


def pace_kind(ra, rb) -> tuple:
    """What a game's cost depends on: the rulesets, the bots, whether they make mistakes."""
    return (ss.cmp_a, ss.cmp_b, ra.name, rb.name, ss.cmp_bots, float(ss.cmp_mistakes) > 0)


def estimate(ra, rb) -> str:
    """Before Simulate: how long the chosen games will take here, from a measured game (two games of each
    ruleset played once for these settings, or the last run's own pace)."""
    kind = pace_kind(ra, rb)

    def calibrate(games: int) -> None:  # (the games only: no focused replays)
        worker_pool.POOL.wait_started(POOL_START_WAIT)  # (not timed while the app's workers take the cores)
        simulate([ra, rb], games=games, bots=ss.cmp_bots, seed=CALIBRATION_SEED, mistakes=float(ss.cmp_mistakes),
                 focus=False)

    try:
        with st.spinner("Timing a couple of games..."):
            # (a game first, untimed: the server's first games cost it three times as much, once)
            per_game = PACE.per_game(kind, calibrate, warm_up=1)
    except Exception as error:  # noqa: BLE001 - the settings' own problem is said when Simulate runs them
        return f"No time estimate: {error}"
    workers = max(1, min(int(ss.cmp_jobs), int(ss.cmp_games)))
    seconds = PACE.estimate(kind, int(ss.cmp_games), workers)
    return (f"Takes {say_seconds(seconds)} on this machine: {int(ss.cmp_games)} games of each with "
            f"{ss.cmp_bots} bots, {workers} process{'es' if workers > 1 else ''} (a game of both here takes "
            f"{per_game:.2f} s).")


# -- charts -----------------------------------------------------------------------------------------
# Vega-Lite specs written as dicts (st.vega_lite_chart; each chart's rows go as a named dataset, sent as Arrow).
# Built with Altair, the nine charts of an answer cost the server ~0.18 s of CPU at every drawing of the page
# (the objects, then their validation against the Vega-Lite schema), against ~0.01 s for these dicts.


def _nominal(field: str, **more) -> dict:
    return {"field": field, "type": "nominal", **more}


def _quantitative(field: str, **more) -> dict:
    return {"field": field, "type": "quantitative", **more}


def colour(df: pd.DataFrame) -> dict:
    sides = list(dict.fromkeys(df["ruleset"]))
    return _nominal("ruleset", title=None, sort=sides, scale={"domain": sides, "range": COLOURS[:len(sides)]},
                    legend=dict(compare_choices.LEGEND))


def _sides(df: pd.DataFrame) -> dict:
    """Bars of a group side by side, one per ruleset, A first."""
    return _nominal("ruleset", sort=list(dict.fromkeys(df["ruleset"])))


def bars_with_intervals(df: pd.DataFrame, x: str, y: str, low: str, high: str, y_title: str,
                        height: int = 300, whole_range: bool = False) -> dict:
    """Shares as bars grouped by ruleset, with 95% interval whiskers; the axis starts at 0% (0 to 100%
    with ``whole_range``), so equal shares look equal."""
    shared = {"x": _nominal(x, title=None, sort=None, axis={"labelAngle": -35, "labelLimit": 220,
                                                             "labelOverlap": False}),
              "xOffset": _sides(df), "color": colour(df)}
    bars = {"mark": {"type": "bar", "opacity": 0.85}, "encoding": {
        **shared,
        "y": _quantitative(y, title=y_title, axis={"format": ".0%"},
                           scale={"domain": [0, 1]} if whole_range else {"zero": True}),
        "tooltip": [_nominal("ruleset", title="rules"), _nominal(x), _quantitative(y, format=".1%"),
                    _quantitative(low, format=".1%", title="95% from"),
                    _quantitative(high, format=".1%", title="95% to")]}}
    whiskers = {"mark": {"type": "rule", "color": "#222", "strokeWidth": 2},
                "encoding": {**shared, "y": _quantitative(low), "y2": {"field": high}}}
    return {"datasets": {"rows": df}, "data": {"name": "rows"}, "layer": [bars, whiskers], "height": height}


def difference_chart(rows: list[dict], title: str, span: float, legend: bool = True) -> dict:
    """Differences B - A as dots on their 95% intervals around a zero line. The axis always holds zero and
    at least ``span`` either side of it, so a difference too small to matter looks small."""
    df = pd.DataFrame(rows)
    low = min(-span, float(df["low"].min()))
    high = max(span, float(df["high"].max()))
    df = df.assign(seen=["clear" if c else "could be chance" for c in df["clear"]])
    y = _nominal("label", title=None, sort=None, axis={"labelLimit": 260})
    colour_ = _nominal("seen", title=None, scale={"domain": ["clear", "could be chance"],
                                                  "range": [CLEAR_COLOUR, UNCLEAR_COLOUR]},
                       legend=dict(compare_choices.LEGEND) if legend else None)
    zero = {"data": {"name": "zero"}, "mark": {"type": "rule", "color": "#222", "strokeDash": [4, 3]},
            "encoding": {"x": _quantitative("zero")}}
    interval = {"data": {"name": "rows"}, "mark": {"type": "rule", "strokeWidth": 3}, "encoding": {
        "color": colour_, "y": y, "x": _quantitative("low", title=title, scale={"domain": [low, high], "nice": False}),
        "x2": {"field": "high"}}}
    dot = {"data": {"name": "rows"}, "mark": {"type": "point", "filled": True, "opacity": 1, "size": 110},
           "encoding": {"color": colour_, "y": y, "x": _quantitative("value"),
                        "tooltip": [_nominal("label", title="what"), _nominal("words", title="B - A")]}}
    return {"datasets": {"rows": df, "zero": pd.DataFrame({"zero": [0.0]})}, "layer": [zero, interval, dot],
            "height": {"step": 34}}


def histogram(df: pd.DataFrame, field: str, x_title: str) -> dict:
    """Share of deals (or games) per value, side by side per ruleset. Counted here, not in the browser: the
    chart carries a row per value, not one per deal (thousands), so the answer is drawn sooner."""
    counts = df.groupby(["ruleset", field], sort=False).size().reset_index(name="count")
    counts["share"] = counts["count"] / counts.groupby("ruleset")["count"].transform("sum")
    return {"datasets": {"rows": counts}, "data": {"name": "rows"}, "mark": {"type": "bar", "opacity": 0.85},
            "encoding": {
                "x": {"field": field, "type": "ordinal", "title": x_title, "axis": {"labelAngle": 0}},
                "xOffset": _sides(df),
                "y": _quantitative("share", title="share", axis={"format": ".0%"}),
                "color": colour(df),
                "tooltip": [_nominal("ruleset", title="rules"), {"field": field, "type": "ordinal"},
                            _quantitative("share", format=".1%"), _quantitative("count")]},
            "height": 260}


def wide_or_narrow(name: str, table, narrow=None) -> None:
    """``table`` as a grid, and on a phone as a table whose cells wrap (compare_choices.NARROW_SCREEN_STYLE):
    ``narrow``, fewer columns, if given."""
    st.container(key=f"{name}_wide").dataframe(table, hide_index=True, width="stretch")
    narrow = table if narrow is None else narrow
    narrow = narrow.hide(axis="index") if hasattr(narrow, "hide") else narrow.style.hide(axis="index")
    st.container(key=f"{name}_narrow").table(narrow)


@st.fragment
def table_when_opened(label: str, name: str, make) -> None:
    """An expander whose table (``make()``: the DataFrame, and the phone's if it differs) is made and drawn only
    once it is opened; opening it draws nothing else again (a fragment). Drawn at the end of every run, closed,
    it cost the server and chromium time before the answer was complete."""
    with st.expander(label, key=f"{name}_open", on_change="rerun") as box:
        if box.open:
            wide_or_narrow(name, *make())


# -- the page ---------------------------------------------------------------------------------------

st.title("Compare")
st.caption("Two rulesets: what the rules say differently, and what that does over many games dealt the same "
           "cards under both.")

choices = catalogue() | compare_choices.kept_choices(ss)
valid_refs = [r for r in choices if ruleset_for(r) is not None]
# standard against a shipped variant; the editor's text once the person used the Editor (not its starter)
default_a, default_b = compare_choices.default_rules(valid_refs, EDITOR_REF, compare_choices.editor_was_used(ss))
compare_choices.follow_default_b(ss, default_b)
bots = bot_names()
SETTINGS = {  # widget key -> (default, the values it may take: None for any)
    "cmp_a": (default_a, valid_refs),
    "cmp_b": (default_b, valid_refs),
    "cmp_games": (200, None), "cmp_bots": (default_bot(), bots), "cmp_mistakes": (0.0, None), "cmp_seed": (0, None),
    "cmp_jobs": (CORES, None),
}
first_visit = "cmp_games" not in ss and "kept_cmp_games" not in ss
for key, (default, allowed) in SETTINGS.items():
    # A widget's value is dropped when its page is left: keep a copy, and give it back on coming back.
    if key not in ss or (allowed is not None and ss[key] not in allowed):
        kept = ss.get(f"kept_{key}", default)
        ss[key] = kept if allowed is None or kept in allowed else default
c1, c2 = st.columns(2)
c1.selectbox("Rules A", valid_refs, format_func=lambda r: choices[r], key="cmp_a")
c2.selectbox("Rules B", valid_refs, format_func=lambda r: choices[r], key="cmp_b",
             on_change=compare_choices.picked_b, args=(ss,))
a, b = ruleset_for(ss.cmp_a), ruleset_for(ss.cmp_b)
if first_visit and ss.cmp_a != ss.cmp_b and first_look_seconds():  # answers within seconds (background.py)
    estimate(a, b)  # (times a couple of games: the pace it is sized by)
    ss.cmp_games = ss.cmp_first_look = first_look(pace_kind(a, b), int(ss.cmp_games), int(ss.cmp_jobs))

run = RUNS.current(ss.cmp_owner)
absorb(RUNS.finished(ss.cmp_owner))
with st.expander(f"What the rules say differently ({b.name} compared with {a.name})",
                 expanded="cmp_result" not in ss):
    rule_changes = diff_rulesets(a, b)
    if not rule_changes:
        st.write("They play the same rules.")
    else:
        st.markdown("\n".join(f"- {arrows(c.text)}" for c in rule_changes))

going = run is not None and run.running
with st.container(border=True):
    s1, s2, s3, s4, s5, s6 = st.columns([1, 1.1, 1, 0.8, 0.8, 1], vertical_alignment="bottom")
    s1.number_input("Games of each", min_value=1, max_value=MAX_GAMES, step=50, key="cmp_games",
                    help="More games show smaller differences (and take longer).")
    s2.selectbox("Bots at every seat", bots, key="cmp_bots",
                 help="How the computer players play: " + ", ".join(bots) + ". Bolder bots take more risks, "
                 "so risky rules (an undertaking lost, a failed claim) come up more often.")
    s3.number_input("Mistakes", min_value=0.0, max_value=0.2, step=0.005, format="%.3f", key="cmp_mistakes",
                    help="How often a bot breaks a rule (a revoke, a card out of turn, a false declaration...), "
                    "per decision: penalty rules only come into play with mistakes.")
    s4.number_input("Seed", min_value=0, max_value=10**9, step=1, key="cmp_seed",
                    help="The same seed deals the same cards: the same numbers again.")
    s5.number_input("Processes", min_value=1, max_value=CORES, step=1, key="cmp_jobs",
                    help=f"Games played side by side (this machine has {CORES} cores); the numbers are the same.")
    s6.button("Simulate", type="primary", on_click=start_run, key="cmp_run", width="stretch", disabled=going)
for key in SETTINGS:
    ss[f"kept_{key}"] = ss[key]
same_rules = compare_choices.same_rules_note(a.name, b.name, rule_changes, ss.cmp_a == ss.cmp_b)
if same_rules:  # known from the rules' diff: no games (nor the estimate's timing games) needed to say it
    st.info(same_rules, icon=":material/balance:")
elif not going:  # timing games while a run is using the cores would only slow both
    st.caption(estimate(a, b))
    if ss.get("cmp_first_look") == int(ss.cmp_games) < SETTINGS["cmp_games"][0]:  # (the user's own count: no word)
        st.caption(say_first_look(ss.cmp_games, SETTINGS["cmp_games"][0]))
if ss.get("cmp_error"):
    st.error(ss.cmp_error)


def took_said(timings: dict | None) -> str:
    """How long the run took here, and on what (``Comparison.timings``): the games, the focused replays."""
    if not timings or "total" not in timings:
        return ""
    workers = len(timings.get("games_cpu_by_worker", {})) or 1
    text = (f"Worked out here in {timings['total']:.1f} s: the games {timings.get('games', 0):.1f} s on {workers} "
            f"process{'es' if workers > 1 else ''}")
    if timings.get("focus_cpu"):
        text += f", the focused replays {timings.get('focus', 0):.1f} s"
    return text + "."


def show_focus(cmp, path: str) -> None:
    """Under a rule's warning: what replaying the deals where it can happen found (Comparison.focused)."""
    note = focus_note(cmp, path, ss.cmp_about.get("units"))
    if note is not None:
        (st.success if note.clear else st.info)(note.text, icon=":material/replay:")


def show_run() -> None:
    """The run's progress and its time left (Cancel is drawn below, once); when it ends, the whole page is
    drawn again."""
    run = RUNS.current(ss.cmp_owner)
    if run is None:
        return
    near = run.seconds_left
    if run.running and (run.done >= run.total or (near is not None and near < 2 * TICK)):
        run.wait(TICK - 0.2)  # the end is near: draw the answer as soon as it is there, not at the next tick
    if run.running:
        left = run.seconds_left
        about = run.about
        if left is None and about.get("estimate") is not None:  # no game done yet: the estimate made before
            left = max(0.0, about["estimate"] - run.elapsed)
        when = "working out how long it takes..." if left is None else f"{say_seconds(left)} left"
        if run.done >= run.total:  # the games are in: the focused replays (simulation.focus) go on
            st.progress(1.0, text=f"All {about['games']} games played: replaying the deals in which the changed "
                                  "rule can come into play, to see what it does...")
        else:
            st.progress(min(1.0, run.done / max(1, run.total)),
                        text=f"Playing {about['games']} games of {about['names'][0]} and of {about['names'][1]}: "
                             f"{run.done} done, {when}")
        return
    if ss.get("cmp_shown_end") != run.id:
        ss.cmp_shown_end = run.id
        st.rerun()  # draw the results (or the end of the run) on the whole page
    if run.state == CANCELLED:
        st.info(f"Cancelled after {run.done} of {run.total} games."
                + (" Below: the last comparison that finished." if "cmp_result" in ss else ""))
    elif run.state == FAILED:
        st.error(f"Cannot simulate: {run.error}")


if going:
    st.html(compare_choices.STILL_PROGRESS_STYLE)
st.fragment(show_run, run_every=TICK if going else None)()
if going:  # (outside the progress's fragment: drawn once, not at every tick)
    st.caption("You can leave this page: the games go on, and their answer is here when you come back."
               + (" Below: the last comparison that finished." if "cmp_result" in ss else ""))
    st.button("Cancel", on_click=cancel_run, key="cmp_cancel", icon=":material/stop_circle:")

cmp = ss.get("cmp_result")
if cmp is None:
    if not going and not same_rules:
        st.info("Choose how many games and press Simulate.")
    st.stop()
about = ss.cmp_about

# -- the answer -------------------------------------------------------------------------------------
bots_said = cmp.bots if isinstance(cmp.bots, str) else ", ".join(cmp.bots)
mistakes = about.get("mistakes")
st.subheader(f"{about['names'][1]} (B) compared with {about['names'][0]} (A)")
st.caption(f"{cmp.games} games of each, {bots_said} bots"
           + (f", mistakes {mistakes:g} a decision" if mistakes else "") + f", seed {cmp.seed}. Game by game, "
           "both rulesets get the same cards; a difference is clear when its 95% interval leaves out zero.")
took = took_said(getattr(cmp, "timings", None))
if took:
    st.caption(took)
names = [r.name for r in cmp.rulesets]
if len(set(names)) < len(names):
    st.warning("Both rulesets have the same name: give the variant its own `name:` to tell them apart.")

units = units_of(cmp, about.get("units"))  # each ruleset's unit of score (game.unit), said in its own
answer = verdict(cmp, about["changes"], units=units)
# a sentence a line: one for each rule that differs (its change in bold, to find it at a glance), then who wins
# and what else changed
TONES[answer.tone]("\n\n".join(compare_choices.bold_head(s) for s in answer.sentences) or f"**{answer.text}**",
                   icon=":material/balance:")
if answer.details:
    with st.expander("The exact figures behind these words", key="cmp_exact"):
        st.markdown("\n".join(f"- {line}" for line in answer.details))

for r in unfired(cmp):
    # the change named as the verdict names it just above ("No penalties", not "Removes Penalties")
    st.warning(f"**{change_said(about['changes'], r.path, r.change, units)}**: this never came into play. In {cmp.games} games of each ruleset no deal "
               f"had {happened(r.labels)}, so these games cannot show what it changes. {r.advice}",
               icon=":material/visibility_off:")
    show_focus(cmp, r.path)
for r in scarce(cmp):
    st.warning(r.text, icon=":material/visibility:")
    show_focus(cmp, r.path)
if going:
    # The last answer's tables and charts wait for the run's end: drawing them again when Simulate is pressed
    # took the server and the browser about a second of CPU from the games (bench_simulation.py --page --timeline).
    st.caption("Its tables and charts come back when this run is over, with the new answer.")
    st.stop()

st.html(compare_choices.NARROW_SCREEN_STYLE)  # (on a phone, the tables that wrap: see wide_or_narrow)
if reach_rows(cmp, units):
    table_when_opened("How often each changed rule came into play", "cmp_reach",
                      lambda: [pd.DataFrame(reach_rows(cmp, units)).astype(str)])

glance = pd.DataFrame(glance_rows(cmp))
table = pd.DataFrame({
    "": glance["label"], f"A: {names[0]}": glance["A"], f"B: {names[1]}": glance["B"],
    "B - A (95% interval)": glance["B - A"],
    "clear?": ["clear" if c else "could be chance" for c in glance["clear"]],
})
st.markdown("**At a glance**: each ruleset's figure with its 95% interval, and the difference game by game")


def bold_if_clear(row) -> list[str]:
    return ["font-weight: bold; color: " + CLEAR_COLOUR if glance["clear"][row.name] else "" for _ in row]


wide_or_narrow("cmp_glance", table.style.apply(bold_if_clear, axis=1))

charted = interval_rows(cmp, list(glance["key"]))
shares = [r for r in charted if r["percent"]]
means = [r for r in charted if not r["percent"]]
st.markdown("**B - A with its 95% interval**: a dot right of the dashed zero line means more under B")
left, right = st.columns(2, gap="large")
if shares:
    left.vega_lite_chart(spec=difference_chart(shares, "difference in percentage points", span=5.0), width="stretch")
for i, row in enumerate(means):  # each in its own unit: at least a tenth of A's figure either side of zero
    a_value = cmp.rulesets[0].statistic(row["key"]).estimate.value or 1.0
    right.vega_lite_chart(spec=difference_chart([row], row["label"], span=0.1 * abs(a_value),
                                                legend=not shares and i == 0), width="stretch")

# -- the details ------------------------------------------------------------------------------------
head = pd.DataFrame(headline_rows(cmp))
left, right = st.columns(2, gap="large")
with left:
    score = said_unit(units)
    st.markdown(f"**{score.plural[:1].upper() + score.plural[1:]} per deal**")
    balls = pd.DataFrame(deal_balls_rows(cmp))
    if not balls.empty:
        st.vega_lite_chart(spec=histogram(balls, "balls", f"{score.plural} {opened(score)} in a deal (all teams)"), width="stretch",
                           height=320)
with right:
    st.markdown("**Game length**")
    lengths = pd.DataFrame(game_length_rows(cmp))
    if not lengths.empty:
        st.vega_lite_chart(spec=histogram(lengths, "deals", "deals in a game"), width="stretch", height=320)

st.markdown("**Who wins**: the trump makers' team, the dealer's team (per deal), the first dealer's team (per game)")
rates = head[head["key"].isin(["deal.makers_win", "deal.dealer_wins", "game.first_dealer_wins"])]
if not rates.empty:
    st.vega_lite_chart(spec=bars_with_intervals(rates, "label", "value", "low", "high", "share", height=240,
                                                whole_range=True), width="stretch", height=380)

events = pd.DataFrame(event_rows(cmp))
if not events.empty:
    # named after what the games have (Euchre has no calls: its going alone is an undertaking; Oh Hell bids)
    said = {"call": "calls", "bid": "bids", "undertaking": "undertakings", "claim": "claims"}
    made = [said[k] for k in said if k in set(events["kind"])]  # (not ``names``: the page's A and B names)
    heading = f"{', '.join(made[:-1])} and {made[-1]}" if len(made) > 1 else made[0]
    st.markdown(f"**{heading.capitalize()}**: how often each is made (share of deals), and how often it succeeds")
    st.caption("Made: the share of deals in which it was said.")
    st.vega_lite_chart(spec=bars_with_intervals(events, "event", "happens", "happens_low", "happens_high",
                                                "share of deals"), width="stretch", height=420)
    succ = events.dropna(subset=["succeeds"])
    if not succ.empty:
        st.caption("Succeeds: of the deals in which it was said, the share its side won.")
        st.vega_lite_chart(spec=bars_with_intervals(succ, "event", "succeeds", "succeeds_low", "succeeds_high",
                                                    "success rate", whole_range=True), width="stretch", height=420)


def every_difference() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The table of every difference; on a phone without the games' count and with "clear" said in B - A (six
    columns ran off a phone's screen)."""
    measured = [c for c in changes(cmp) if c.diff.value is not None]  # never measured under either: nothing to say
    sides = {f"A: {names[0]}": [say_estimate(c.a) for c in measured],
             f"B: {names[1]}": [say_estimate(c.b) for c in measured]}
    labels = [c.label for c in measured]
    wide = pd.DataFrame({"": labels, **sides, "B - A (95% interval)": [c.words for c in measured],
                         "clear?": ["clear" if c.clear else "" for c in measured],
                         "games": [c.diff.n for c in measured]})
    narrow = pd.DataFrame({"": labels, **sides,
                           "B - A (95% interval)": [c.words + (": clear" if c.clear else "") for c in measured]})
    return wide, narrow


if any(c.diff.value is not None for c in changes(cmp)):
    table_when_opened("Every difference B - A, game by game (paired), with 95% intervals", "cmp_every",
                      every_difference)

d1, d2 = st.columns(2)
# (made when clicked, not at every drawing of the page: the JSON of 200 games is half a megabyte)
d1.download_button("Download the results (JSON)", lambda result=cmp: json.dumps(result.to_json(), indent=1),
                   file_name="comparison.json", mime="application/json", key="cmp_json", on_click="ignore")
d2.download_button("Download the results (CSV)", lambda: csv_in_units(cmp, units), file_name="comparison.csv", mime="text/csv",
                   key="cmp_csv", on_click="ignore")
