"""Scoring: ``scoring:`` (``outcomes``, ``each_team``, ``team_values``) and the ``balls:`` tables of the
undertakings and claims; the checks that no ball formula goes below zero, and the most each quantity a
formula reads can be (``quantity_limits``: the bounds those checks read)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lark import Tree

from thunee_dsl.errors import FormulaError, Problem
from thunee_dsl.formula import KEYWORDS, Formula, compile_formula
from thunee_dsl.loading import dotted_path
from thunee_dsl.model.cards import Deck
from thunee_dsl.model.quantities import TEAM_NAMES
from thunee_dsl.model.ruleset import BallTable, Outcome, Ruleset, TeamValue

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def balls(c: Compiler, path: tuple, context: str) -> BallTable:
    b = c.get(*path) or {}
    for key in ("success",):
        if key not in b:
            c.problem(path, f"{dotted_path(path)}: missing '{key}'")
    if "failure" not in b and "caught" not in b:
        c.problem(path, f"{dotted_path(path)}: give 'failure' (or 'caught') balls")
    fail_key = "failure" if "failure" in b else "caught"
    failure = c.formula(path + (fail_key,), context, "number")
    partner = c.formula(path + ("partner_catch",), context, "number") if "partner_catch" in b else failure
    return BallTable(c.formula(path + ("success",), context, "number"), failure, partner)


def outcomes(c: Compiler) -> tuple[Outcome, ...]:
    out = []
    if "outcomes" not in c.data["scoring"] and "each_team" not in c.data["scoring"]:
        c.problem(("scoring",), "scoring needs 'outcomes' (one team scores) or 'each_team' (every team scores)")
    for i, o in enumerate(c.data["scoring"].get("outcomes", ())):
        p = ("scoring", "outcomes", i)
        if "winner" in o and o["winner"] not in ("counting", "makers"):
            c.problem(p + ("winner",), f"an outcome's winner must be 'counting' or 'makers', not '{o['winner']}'")
        when = c.formula(p + ("when",), "outcome", "boolean")  # both read before a missing key stops us
        balls = c.formula(p + ("balls",), "outcome", "number")
        out.append(Outcome(when, o.get("winner"), balls, o.get("says", ""), o.get("source", "")))
    return tuple(out)


def each_team(c: Compiler) -> Formula | None:
    """``scoring.each_team``: the balls every team scores."""
    return c.formula(("scoring", "each_team"), "each team", "number")


# -- team values (``counting.NAME`` in formulas) ----------------------------------------------------------

def team_value_names(c: Compiler) -> tuple[str, ...]:
    """The names of the team values written, those that can be a name in a formula (the others are refused
    by :func:`team_values`)."""
    return tuple(n for n in (c.get("scoring", "team_values") or {}) if _team_value_name_problem(n) is None)


def team_values(c: Compiler) -> tuple[TeamValue, ...]:
    out = []
    for name, tv in (c.get("scoring", "team_values") or {}).items():
        refused = _team_value_name_problem(name)
        if refused:
            c.problems.append(Problem(c.source.key_origin(("scoring", "team_values", name)), refused))
            continue
        f = c.formula(("scoring", "team_values", name, "formula"), "team value", "number")
        if f is not None:
            out.append(TeamValue(name, f, tv.get("description", ""), tv.get("source", "")))
    return tuple(out)


_FORMULA_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _team_value_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a team value (``counting.NAME`` in formulas), or None."""
    if not _FORMULA_WORD.match(name):
        return (f"team value name '{name}' must be a single word of the letters a-z, digits and _ "
                "(not starting with a digit)")
    if name in KEYWORDS:
        return f"team value name '{name}' is a word of the formula language ({', '.join(sorted(KEYWORDS))})"
    if name in TEAM_NAMES:
        return (f"team value name '{name}' is already a quantity of every team (counting.{name}, team.{name} ...): "
                "choose another name")
    return None


def team_value_getter(team_values: tuple[TeamValue, ...], teams: int):
    """Team values are computed on demand and cached in the env (a deal is scored once)."""
    formulas = {tv.name: tv.formula for tv in team_values}

    def compute(env, team, name):
        key = (team, name)
        cache = env.team_values
        if key not in cache:
            cache[key] = formulas[name].evaluate(env.bind_team(team, teams))
        return cache[key]

    return compute


# -- a game that makes no trumps has no trump makers -----------------------------------------------------

_MAKERS_ROLES = frozenset({"makers", "counting", "trump_maker"})


def check_no_makers(c: Compiler, ruleset: Ruleset) -> None:
    """In a game that makes no trumps, nobody is the trump maker unless an undertaking is called: the formulas
    read in a deal without one (each team's, the outcomes, the team values, the claims) cannot name the trump
    makers or the counting team, and an outcome cannot be won by them (the deal would have no team to give it)."""
    if ruleset.trumps is not None:
        return
    said = "this ruleset makes no trumps, so a deal has no trump makers and no counting team (only an " \
           "undertaking's callers)"
    if ruleset.outcomes:  # (an outcome gives its balls to the counting team or the trump makers)
        c.problems.append(Problem(c.source.key_origin(("scoring", "outcomes")), "scoring.outcomes gives each "
                                  f"outcome to the counting team or the trump makers, and {said}: score the deal "
                                  "with scoring.each_team instead (outcomes: null)"))
    formulas = [(("scoring", "each_team"), ruleset.each_team)]
    formulas += [(("scoring", "team_values", tv.name, "formula"), tv.formula) for tv in ruleset.team_values]
    for claim in ruleset.claims:
        formulas += [(("claims", claim.name, key), getattr(claim, key))
                     for key in ("allowed_if", "forbidden_if", "succeeds_if")]
        formulas += [(("claims", claim.name, "balls", key), getattr(claim.balls, key))
                     for key in ("success", "failure", "partner_catch")]
    for path, formula in formulas:
        named = sorted(n for n in (formula.names if formula is not None else ()) if n.split(".")[0] in _MAKERS_ROLES)
        if named:
            c.problem(path, f"{dotted_path(path)} names {named[0]}, and {said}: name a team by what it did "
                      "(team, callers, opponents) instead")


# -- balls are never below zero (what validates must play, issue 12) ---------------------------------------

def check_ball_formulas(c: Compiler, ruleset: Ruleset) -> None:
    """Every ball formula written: the undertakings' and claims' tables, the outcomes, ``each_team``."""
    for section, items in (("undertakings", ruleset.undertakings), ("claims", ruleset.claims)):
        for item in items:
            written = c.get(section, item.name, "balls") or {}
            by_key = {"success": item.balls.success, "failure": item.balls.failure,
                      "caught": item.balls.failure, "partner_catch": item.balls.partner_catch}
            for key in written:
                if key in by_key:
                    check_balls(c, (section, item.name, "balls", key), by_key[key])
    for i, outcome in enumerate(ruleset.outcomes):
        check_balls(c, ("scoring", "outcomes", i, "balls"), outcome.balls)
    check_balls(c, ("scoring", "each_team"), ruleset.each_team)


def check_balls(c: Compiler, path: tuple, formula: Formula | None) -> None:
    """A ball value the formula can make negative: a negative number as its result, or a least value
    below 0 by the bounds of what it reads (a count is 0 to its most, a call one of the amounts ...)."""
    for value in _constant_results(formula):
        if value < 0:
            c.problem(path, f"{dotted_path(path)}: balls cannot be negative ({value}); "
                      f"balls are only ever opened, so give them to the other team instead")
            return
    if formula is None:
        return
    least, _ = formula.bounds()
    if least is not None and least >= 0:
        return
    low = "with no least value" if least is None else f"as low as {least}"
    c.problem(path, f"{dotted_path(path)}: balls cannot be negative, and this formula can go below 0 ({low}, "
              f"by what it reads: {ranges(formula)}); write max(0, {' '.join(formula.text.split())}) if "
              f"nothing is meant below 0")


def _constant_results(formula: Formula | None) -> list[int]:
    """The values a number formula can give that are written as constants: the whole formula when it
    names nothing, else each branch of its ``if``s (and arguments of ``min``) that names nothing."""
    if formula is None or formula.type != "number":
        return []
    if not formula.names:
        return [formula.evaluate(None)]
    out, stack = [], [formula._tree]
    while stack:
        node = stack.pop()
        if not isinstance(node, Tree):
            continue
        if node.data == "if_expr":
            stack.extend(node.children[1:])
        elif node.data == "paren":
            stack.extend(node.children)
        elif node.data == "call" and str(node.children[0]) == "min":
            stack.extend(node.children[1:])
        elif not any(t.data == "name" for t in node.iter_subtrees()) and not node.meta.empty:
            try:
                out.append(compile_formula(formula.text[node.meta.start_pos:node.meta.end_pos], {},
                                           "number").evaluate(None))
            except FormulaError:  # a part that does not stand alone (cannot happen for a number branch)
                pass
    return out


def ranges(formula: Formula) -> str:
    """The bounds of the numbers a formula reads, in words: "callers.tricks 0 to 6, counting.declared at least 0"."""
    out = []
    for name in sorted(formula.names):
        symbol = formula._symbols[name]
        if symbol.type == "number":
            lo, hi = symbol.bounds or (None, None)
            said = "unbounded" if lo is None and hi is None else f"at most {hi}" if lo is None else \
                f"at least {lo}" if hi is None else f"{lo} to {hi}"
            out.append(f"{name} {said}")
    return ", ".join(out) or "numbers only"


def quantity_limits(data: dict, tricks: int, target: int | None, deck: Deck | None) -> dict[str, int]:
    """The most each kind of quantity can be in a deal of a ruleset (``limits`` of quantities.symbol_table),
    from its merged data as written, its tricks per deal, target and deck: the bounds by which a ball formula
    is seen never to go below zero."""
    limits: dict[str, int] = {"target": target}
    if deck is not None:
        limits["points"] = deck.total_points  # (the most, with trump points: deck.trumps)
        limits["suits"] = len(deck.suits)
    calling = data.get("calling")
    amounts = calling.get("amounts") if isinstance(calling, dict) else None
    if calling is None:
        limits["call"] = 0
    elif isinstance(amounts, list) and amounts and all(isinstance(a, int) for a in amounts):
        limits["call"] = max(amounts)  # (a simultaneous call too stops at the top of the ladder)
    bidding = data.get("bidding")
    highest = bidding.get("highest", tricks) if isinstance(bidding, dict) else 0
    again = bidding.get("again") if isinstance(bidding, dict) else None
    if isinstance(again, dict) and isinstance(again.get("highest"), int) and isinstance(highest, int):
        highest = max(highest, again["highest"])  # (a later bidding may go higher)
    if isinstance(highest, int):
        limits["bid"] = max(highest, 0)
    players = data.get("players") if isinstance(data.get("players"), dict) else {}
    seats, teams = players.get("seats"), players.get("teams")
    if isinstance(seats, int) and isinstance(teams, int) and teams > 0:
        limits["team_cards"] = tricks * -(-seats // teams)
        if isinstance(bidding, dict):  # (a team's contract is its highest bid, else as below)
            limits["team_seats"] = -(-seats // teams)
            if "bid" in limits and bidding.get("contract") == "each player":
                limits["contract"] = limits["bid"] * limits["team_seats"]  # a team's bids added up
    game = data.get("game") if isinstance(data.get("game"), dict) else {}
    raised = game.get("raised_target") if isinstance(game.get("raised_target"), dict) else {}
    if isinstance(raised.get("target"), int) and target is not None:
        limits["target"] = max(target, raised["target"])
    return limits
