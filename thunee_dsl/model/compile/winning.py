"""Winning the game: ``game:`` (``target``, ``corner_house``, ``deuce``/``win_by``, ``raised_target``, the
``unit`` the score counts); the check that the scores can reach the target."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.ruleset import BALLS, GameRules, Ruleset, Unit

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def target(c: Compiler, game: dict) -> None:
    """``game.target`` and ``game.corner_house`` (a ball below the target unless written), which the
    formulas' bounds and the game's rules read."""
    c.target = game["target"]
    c.corner_house = game.get("corner_house", c.target - 1)
    if c.corner_house >= c.target:
        c.problem(("game", "corner_house"), f"corner house ({c.corner_house}) must be below the target ({c.target})")


def rules(c: Compiler, game: dict) -> GameRules:
    deuce, win_by = game.get("deuce"), game.get("win_by", 1)
    if deuce is not None and deuce >= c.target:
        c.problem(("game", "deuce"), f"the deuce score ({deuce}) must be below the target ({c.target})")
    if deuce is not None and win_by < 2:
        c.problem(("game", "win_by"), "after a deuce a team must lead by at least 2 (game.win_by)")
    raised = game.get("raised_target")
    unit = _unit(game.get("unit"))
    if not (unit.singular and unit.plural):
        c.problem(("game", "unit"), "game.unit names what the score counts (balls, points): it needs a word")
    if raised is None:
        return GameRules(c.target, c.corner_house, game.get("source", ""), deuce, win_by, unit=unit)
    verbs = {x.get("verb") for section in ("undertakings", "claims")
             for x in (c.get(section) or {}).values() if isinstance(x, dict)}
    for i, verb in enumerate(raised["after"]):
        if verb not in verbs:
            c.problem(("game", "raised_target", "after", i), f"'{verb}' is not the verb of an undertaking or claim "
                      f"of this ruleset ({', '.join(sorted(v for v in verbs if v))})")
    corner = raised.get("corner_house", raised["target"] - 1)
    return GameRules(c.target, c.corner_house, game.get("source", ""), deuce, win_by,
                     frozenset(raised["after"]), raised["target"], corner, unit)


def _unit(written) -> Unit:
    """``game.unit``: a plural word ("points": one "point") or ``{singular, plural}``; balls when not written."""
    if written is None:
        return BALLS
    if isinstance(written, dict):
        return Unit(" ".join(str(written["singular"]).split()), " ".join(str(written["plural"]).split()))
    plural = " ".join(str(written).split())
    if plural.endswith(("ches", "shes", "sses", "xes")):
        return Unit(plural[:-2], plural)
    return Unit(plural[:-1] if plural.endswith("s") and not plural.endswith("ss") else plural, plural)


def check_target(c: Compiler, ruleset: Ruleset) -> None:
    """The scores can reach the target: some rule of the play gives balls, and the targets fit together."""
    played = [o.balls for o in ruleset.outcomes if o.when is None or o.when.can_be(True)]
    played += [ruleset.each_team] + [f for item in (*ruleset.undertakings, *ruleset.claims)
                                     for f in (item.balls.success, item.balls.failure, item.balls.partner_catch)]
    most = [f.bounds()[1] for f in played if f is not None]
    target = ruleset.game.target
    if all(m is not None and m <= 0 for m in most):
        if ruleset.outcomes:
            c.problem(("scoring", "outcomes"), f"no outcome ever gives a ball, so no team can reach the "
                      f"target of {target}")
        elif ruleset.each_team is not None:
            c.problem(("scoring", "each_team"), f"scoring.each_team never gives a ball, so no team can "
                      f"reach the target of {target}")
    game = ruleset.game
    if game.win_by > game.target:
        c.problem(("game", "win_by"), f"game.win_by ({game.win_by}) is more than the target "
                  f"({game.target}): after a deuce no team could get that far ahead")
    if game.raised_target is not None:
        if game.raised_target <= game.target:
            c.problem(("game", "raised_target", "target"), f"the raised target ({game.raised_target}) "
                      f"must be above the target ({game.target})")
        if game.raised_corner_house is not None and game.raised_corner_house >= game.raised_target:
            c.problem(("game", "raised_target", "corner_house"), f"corner house "
                      f"({game.raised_corner_house}) must be below the raised target ({game.raised_target})")
