"""Compare: two rulesets' rules side by side, and how they play over many simulated games."""

from __future__ import annotations

import json
import os

import altair as alt
import pandas as pd
import streamlit as st

from app_common import catalogue, follow_goto, ruleset_of
from thunee_dsl.editor.comparing import (deal_balls_rows, difference_rows, event_rows, game_length_rows,
                                         headline_rows)
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import bot_names, default_bot, simulate

ss = st.session_state
follow_goto()
MAX_GAMES = 5000


def request() -> None:
    ss.cmp_request = {"a": ss.cmp_a, "b": ss.cmp_b, "games": int(ss.cmp_games), "bots": ss.cmp_bots,
                      "seed": int(ss.cmp_seed), "jobs": int(ss.cmp_jobs)}


COLOURS = ["#2f6db5", "#e8710a", "#2e9e4f", "#a23b72"]


def colour(df: pd.DataFrame) -> alt.Color:
    sides = list(dict.fromkeys(df["ruleset"]))
    return alt.Color("ruleset:N", title=None, sort=sides,
                     scale=alt.Scale(domain=sides, range=COLOURS[:len(sides)]), legend=alt.Legend(orient="top"))


def bars_with_intervals(df: pd.DataFrame, x: str, y: str, low: str, high: str, y_title: str,
                        percent: bool = False, height: int = 300) -> alt.Chart:
    """Bars grouped by ruleset, with 95% interval whiskers."""
    fmt = ".0%" if percent else ".2f"
    base = alt.Chart(df).encode(
        x=alt.X(f"{x}:N", title=None, sort=None, axis=alt.Axis(labelAngle=-35, labelLimit=220, labelOverlap=False)),
        xOffset=alt.XOffset("ruleset:N", sort=list(dict.fromkeys(df["ruleset"]))),
        color=colour(df),
    )
    bars = base.mark_bar(opacity=0.85).encode(
        y=alt.Y(f"{y}:Q", title=y_title, axis=alt.Axis(format=fmt)),
        tooltip=[alt.Tooltip("ruleset:N", title="rules"), alt.Tooltip(f"{x}:N"),
                 alt.Tooltip(f"{y}:Q", format=fmt), alt.Tooltip(f"{low}:Q", format=fmt, title="95% from"),
                 alt.Tooltip(f"{high}:Q", format=fmt, title="95% to")])
    whiskers = base.mark_rule(color="#222", strokeWidth=2).encode(y=f"{low}:Q", y2=f"{high}:Q")
    return (bars + whiskers).properties(height=height)


def intervals(df: pd.DataFrame, x_title: str, percent: bool = False) -> alt.Chart:
    """One row per ruleset: the estimate as a dot on its 95% interval."""
    fmt = ".0%" if percent else ".3~f"
    sides = list(dict.fromkeys(df["ruleset"]))
    base = alt.Chart(df).encode(
        y=alt.Y("ruleset:N", title=None, sort=sides, axis=alt.Axis(labelLimit=200)),
        color=alt.Color("ruleset:N", sort=sides, scale=alt.Scale(domain=sides, range=COLOURS[:len(sides)]),
                        legend=None))
    rule = base.mark_rule(strokeWidth=3).encode(
        x=alt.X("low:Q", title=x_title, axis=alt.Axis(format=fmt), scale=alt.Scale(zero=False)), x2="high:Q")
    dot = base.mark_point(filled=True, size=110, opacity=1).encode(
        x="value:Q", tooltip=[alt.Tooltip("ruleset:N", title="rules"), alt.Tooltip("value:Q", format=fmt),
                              alt.Tooltip("low:Q", format=fmt, title="95% from"),
                              alt.Tooltip("high:Q", format=fmt, title="95% to")])
    return (rule + dot).properties(height=alt.Step(34))


def histogram(df: pd.DataFrame, field: str, x_title: str) -> alt.Chart:
    """Share of deals (or games) per value, side by side per ruleset."""
    return alt.Chart(df).transform_aggregate(
        count="count()", groupby=["ruleset", field]
    ).transform_joinaggregate(
        total="sum(count)", groupby=["ruleset"]
    ).transform_calculate(
        share="datum.count / datum.total"
    ).mark_bar(opacity=0.85).encode(
        x=alt.X(f"{field}:O", title=x_title, axis=alt.Axis(labelAngle=0)),
        xOffset=alt.XOffset("ruleset:N", sort=list(dict.fromkeys(df["ruleset"]))),
        y=alt.Y("share:Q", title="share", axis=alt.Axis(format=".0%")),
        color=colour(df),
        tooltip=[alt.Tooltip("ruleset:N", title="rules"), f"{field}:O", alt.Tooltip("share:Q", format=".1%"),
                 "count:Q"],
    ).properties(height=260)


def estimate_text(key: str, v, lo, hi) -> str:
    if v is None or pd.isna(v):
        return "no data"
    if key in PERCENT_KEYS:
        return f"{v:.1%}" + ("" if lo is None or pd.isna(lo) else f" ({lo:.1%} to {hi:.1%})")
    return f"{v:.2f}" + ("" if lo is None or pd.isna(lo) else f" ({lo:.2f} to {hi:.2f})")


PERCENT_KEYS = {"deal.makers_win", "game.first_dealer_wins", "deal.dealer_wins", "deal.cancelled"}


st.title("Compare")
st.caption("Two rulesets: what the rules say differently, and how that plays out over many games dealt "
           "the same cards under both.")

choices = catalogue()
refs = list(choices)
valid_refs = [r for r in refs if ruleset_of(r) is not None]
default_b = "editor:" if "editor:" in valid_refs else "shipped:thirteen-point"
c1, c2 = st.columns(2)
c1.selectbox("Rules A", valid_refs, index=valid_refs.index("shipped:standard"), format_func=lambda r: choices[r],
             key="cmp_a")
c2.selectbox("Rules B", valid_refs, index=valid_refs.index(default_b) if default_b in valid_refs else 0,
             format_func=lambda r: choices[r], key="cmp_b")
a, b = ruleset_of(ss.cmp_a), ruleset_of(ss.cmp_b)

with st.expander(f"What the rules say differently ({b.name} compared with {a.name})", expanded=True):
    changes = diff_rulesets(a, b)
    if not changes:
        st.write("They play the same rules.")
    else:
        st.markdown("\n".join(f"- {c.text}" for c in changes))

bots = bot_names()
with st.container(border=True):
    s1, s2, s3, s4, s5 = st.columns([1, 1.2, 1, 1, 1], vertical_alignment="bottom")
    s1.number_input("Games of each", min_value=1, max_value=MAX_GAMES, value=200, step=50, key="cmp_games")
    s2.selectbox("Bots at every seat", bots, index=bots.index(default_bot()) if default_bot() in bots else 0,
                 key="cmp_bots")
    s3.number_input("Seed", min_value=0, max_value=10**9, value=0, step=1, key="cmp_seed")
    s4.number_input("Processes", min_value=1, max_value=max(1, os.cpu_count() or 1), value=1, step=1,
                    key="cmp_jobs", help="Worker processes: more is faster, the numbers are the same")
    s5.button("Simulate", type="primary", on_click=request, key="cmp_run", width="stretch")

req = ss.pop("cmp_request", None)
if req is not None:
    ra, rb = ruleset_of(req["a"]), ruleset_of(req["b"])
    bar = st.progress(0.0, text="Dealing...")

    def progress(done: int, total: int) -> None:
        bar.progress(min(1.0, done / max(total, 1)), text=f"{done} of {total} games played")

    try:
        result = simulate([ra, rb], games=req["games"], bots=req["bots"], seed=req["seed"], jobs=req["jobs"],
                          progress=progress)
    except ValueError as err:
        bar.empty()
        st.error(f"Cannot simulate: {err}")
    else:
        bar.empty()
        ss.cmp_result = result

cmp = ss.get("cmp_result")
if cmp is None:
    st.info("Choose how many games and press Simulate.")
    st.stop()

st.subheader(f"{cmp.games} games of each, {cmp.bots if isinstance(cmp.bots, str) else ', '.join(cmp.bots)} bots, "
             f"seed {cmp.seed}")
names = [r.name for r in cmp.rulesets]
if len(set(names)) < len(names):
    st.warning("Both rulesets have the same name: give the variant its own `name:` to tell them apart.")

head = pd.DataFrame(headline_rows(cmp))
table = head.assign(estimate=[estimate_text(k, v, lo, hi) for k, v, lo, hi in
                              zip(head["key"], head["value"], head["low"], head["high"])])
pivot = table.pivot(index="label", columns="ruleset", values="estimate").reindex(
    index=list(dict.fromkeys(table["label"])), columns=list(dict.fromkeys(table["ruleset"])))
st.markdown("**At a glance** (95% confidence intervals in brackets)")
st.dataframe(pivot, width="stretch")

left, right = st.columns(2, gap="large")
with left:
    st.markdown("**Balls per deal**")
    balls = pd.DataFrame(deal_balls_rows(cmp))
    if not balls.empty:
        st.altair_chart(histogram(balls, "balls", "balls opened in a deal (all teams)"), width="stretch", height=320)
    st.altair_chart(intervals(head[head["key"] == "deal.balls"], "average balls per deal, 95% interval"),
                    width="stretch")
with right:
    st.markdown("**Game length**")
    lengths = pd.DataFrame(game_length_rows(cmp))
    st.altair_chart(histogram(lengths, "deals", "deals in a game"), width="stretch", height=320)
    st.altair_chart(intervals(head[head["key"] == "game.deals"], "average deals per game, 95% interval"),
                    width="stretch")

st.markdown("**Who wins**: the trump makers' team, the dealer's team (per deal), the first dealer's team (per game)")
rates = head[head["key"].isin(["deal.makers_win", "deal.dealer_wins", "game.first_dealer_wins"])]
st.altair_chart(bars_with_intervals(rates, "label", "value", "low", "high", "share", percent=True, height=240),
                width="stretch", height=380)

events = pd.DataFrame(event_rows(cmp))
if not events.empty:
    st.markdown("**Calls and undertakings**: how often each is made (share of deals), and how often it succeeds")
    st.caption("Made: the share of deals in which it was said.")
    st.altair_chart(bars_with_intervals(events, "event", "happens", "happens_low", "happens_high", "share of deals",
                                        percent=True), width="stretch", height=420)
    succ = events.dropna(subset=["succeeds"])
    if not succ.empty:
        st.caption("Succeeds: of the deals in which it was said, the share its side won.")
        st.altair_chart(bars_with_intervals(succ, "event", "succeeds", "succeeds_low", "succeeds_high",
                                            "success rate", percent=True), width="stretch", height=420)

diffs = pd.DataFrame(difference_rows(cmp))
if not diffs.empty:
    with st.expander("Every difference B - A, game by game (paired), with 95% intervals"):
        clear = diffs[diffs["clear"]]
        if clear.empty:
            st.write("No difference is clear at this number of games: try more games.")
        else:
            st.markdown("Clear differences (the interval leaves out zero): "
                        + "; ".join(f"**{r.label}** {r.difference:+.3f}" for r in clear.itertuples()))
        st.dataframe(diffs.drop(columns=["key"]), hide_index=True, width="stretch")

d1, d2 = st.columns(2)
d1.download_button("Download the results (JSON)", json.dumps(cmp.to_json(), indent=1), file_name="comparison.json",
                   mime="application/json", key="cmp_json", on_click="ignore")
d2.download_button("Download the results (CSV)", cmp.to_csv(), file_name="comparison.csv", mime="text/csv",
                   key="cmp_csv", on_click="ignore")
