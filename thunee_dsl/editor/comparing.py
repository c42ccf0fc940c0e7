"""A simulation's result (:class:`thunee_dsl.simulation.Comparison`) as rows for tables and charts.

The Compare page draws these rows; nothing here computes a statistic (the simulation layer does), it
only picks and reshapes them: one row per (ruleset, thing measured) with the estimate and its interval.

>>> from thunee_dsl import shipped_ruleset
>>> from thunee_dsl.simulation import simulate
>>> cmp = simulate([shipped_ruleset("standard"), shipped_ruleset("thirteen-point")], games=3, bots="random")
>>> [row["ruleset"] for row in headline_rows(cmp) if row["key"] == "deal.makers_win"]
['A: standard', 'B: thirteen-point']
"""

from __future__ import annotations

from thunee_dsl.simulation import Comparison

#: The few statistics shown first, in this order.
HEADLINE = ("deal.makers_win", "deal.balls", "game.deals", "game.first_dealer_wins", "deal.dealer_wins",
            "game.lead_changes", "deal.cancelled")
#: Announcements whose "how often" and "how often it succeeds" are charted: (key prefix, kind in words).
EVENT_KINDS = (("call.", "call"), ("bid.", "bid"), ("undertaking.", "undertaking"), ("claim.", "claim"))
SUCCESS = ".success"


def side(cmp: Comparison, index: int) -> str:
    """How a ruleset of the comparison is called in tables and legends: ``A: standard``, ``B: ...``."""
    return f"{chr(ord('A') + index)}: {cmp.rulesets[index].name}"


def _row(ruleset: str, stat) -> dict:
    e = stat.estimate
    return {"ruleset": ruleset, "key": stat.key, "label": stat.label, "value": e.value, "low": e.low,
            "high": e.high, "n": e.n}


def headline_rows(cmp: Comparison) -> list[dict]:
    """The headline statistics of every ruleset (makers' win rate, balls per deal, deals per game, ...)."""
    rows = []
    for key in HEADLINE:
        for i, result in enumerate(cmp.rulesets):
            stat = result.statistic(key)
            if stat is not None:
                rows.append(_row(side(cmp, i), stat))
    return rows


def event_rows(cmp: Comparison) -> list[dict]:
    """Per ruleset and announcement (each call rung, undertaking, claim, bid): how often it is made
    (share of deals) and how often it succeeds, each with its interval. Declarations are counted per
    deal (a mean, not a share) and left out; announcements never made are left out too."""
    rows = []
    for i, result in enumerate(cmp.rulesets):
        by_key = {s.key: s for s in result.statistics}
        for key, stat in by_key.items():
            kind = next((k for prefix, k in EVENT_KINDS if key.startswith(prefix)), None)
            if kind is None or key.endswith(SUCCESS) or key in ("call.none", "bid.none"):
                continue
            happens = stat.estimate
            if not happens.value:
                continue
            success = by_key.get(key + SUCCESS)
            s = success.estimate if success is not None else None
            rows.append({
                "ruleset": side(cmp, i), "key": key, "kind": kind, "event": stat.label,
                "happens": happens.value, "happens_low": happens.low, "happens_high": happens.high,
                "made": round(happens.value * happens.n),
                "succeeds": None if s is None else s.value,
                "succeeds_low": None if s is None else s.low, "succeeds_high": None if s is None else s.high,
            })
    return rows


def deal_balls_rows(cmp: Comparison) -> list[dict]:
    """One row per scored deal (not thrown in): the balls opened in it, all teams together."""
    return [{"ruleset": side(cmp, i), "balls": sum(deal.balls)}
            for i, result in enumerate(cmp.rulesets) for game in result.games for deal in game.deals
            if not deal.cancelled]


def game_length_rows(cmp: Comparison) -> list[dict]:
    """One row per game: how many deals it took (thrown-in deals count), and whether it finished."""
    return [{"ruleset": side(cmp, i), "deals": len(game.deals), "finished": game.winner is not None}
            for i, result in enumerate(cmp.rulesets) for game in result.games]


def difference_rows(cmp: Comparison) -> list[dict]:
    """Every paired difference B - A with its interval; ``clear`` when the interval excludes zero."""
    rows = []
    for diff in cmp.differences:
        for stat in diff.statistics:
            e = stat.estimate
            clear = e.low is not None and e.high is not None and (e.low > 0 or e.high < 0)
            rows.append({"compared": f"{diff.b} - {diff.a}", "key": stat.key, "label": stat.label,
                         "difference": e.value, "low": e.low, "high": e.high, "games": e.n, "clear": clear})
    return rows


__all__ = ["HEADLINE", "side", "deal_balls_rows", "difference_rows", "event_rows", "game_length_rows", "headline_rows"]
