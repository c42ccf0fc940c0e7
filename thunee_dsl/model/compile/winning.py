"""Winning the game: ``game:`` (``target``, ``corner_house``, ``deuce``/``win_by``, ``raised_target``, the
``unit`` the score counts; ``deals``: a game of that many deals; ``start`` and ``transfer``: stones); the check
that the scores can reach the target, and that a game ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.ruleset import BALLS, GameRules, GameValue, RubberRules, Ruleset, Unit

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


# A game must end: a target that no side could reach in this many deals, at the most a deal can give, is refused
# (the simulation stops an unfinished game after as many: simulation.play.play_game's max_deals)
LONGEST_GAME = 500


def target(c: Compiler, game: dict) -> None:
    """``game.target`` and ``game.corner_house`` (a ball below the target unless written), which the
    formulas' bounds and the game's rules read. A game of a number of deals, or of stones, may have no target:
    then it has no corner house either, and formulas cannot name them."""
    c.target = game.get("target")
    if c.target is None:
        c.corner_house = None
        if "corner_house" in game:
            c.problem(("game", "corner_house"), "corner house is the score one short of the target, and this game "
                      "has none (give game.target, or leave corner_house out)")
        if game.get("deals") is None and not game.get("transfer"):
            c.problem(("game",), "a game must end: give game.target (the score that wins the game), game.deals "
                      "(a game of that many deals) or game.transfer with game.start (stones: a side with none has "
                      "lost)")
        return
    c.corner_house = game.get("corner_house", c.target - 1)
    if c.corner_house >= c.target:
        c.problem(("game", "corner_house"), f"corner house ({c.corner_house}) must be below the target ({c.target})")


def rules(c: Compiler, game: dict) -> GameRules:
    deuce, win_by = game.get("deuce"), game.get("win_by", 1)
    if deuce is not None and c.target is None:
        c.problem(("game", "deuce"), "the deuce is a score both teams reach short of the target, and this game "
                  "has no target (give game.target)")
    elif deuce is not None and deuce >= c.target:
        c.problem(("game", "deuce"), f"the deuce score ({deuce}) must be below the target ({c.target})")
    if deuce is not None and win_by < 2:
        c.problem(("game", "win_by"), "after a deuce a team must lead by at least 2 (game.win_by)")
    raised = game.get("raised_target")
    unit = _unit(game.get("unit"))
    if not (unit.singular and unit.plural):
        c.problem(("game", "unit"), "game.unit names what the score counts (balls, points): it needs a word")
    ending = _ending(c, game, unit)
    if raised is None:
        return GameRules(c.target, c.corner_house, game.get("source", ""), deuce, win_by, unit=unit, **ending)
    if c.target is None:
        c.problem(("game", "raised_target"), "a raised target replaces the target, and this game has none "
                  "(give game.target)")
    verbs = {x.get("verb") for section in ("undertakings", "claims")
             for x in (c.get(section) or {}).values() if isinstance(x, dict)}
    for i, verb in enumerate(raised["after"]):
        if verb not in verbs:
            c.problem(("game", "raised_target", "after", i), f"'{verb}' is not the verb of an undertaking or claim "
                      f"of this ruleset ({', '.join(sorted(v for v in verbs if v))})")
    corner = raised.get("corner_house", raised["target"] - 1)
    return GameRules(c.target, c.corner_house, game.get("source", ""), deuce, win_by,
                     frozenset(raised["after"]), raised["target"], corner, unit, **ending)


def _ending(c: Compiler, game: dict, unit: Unit) -> dict:
    """``game.deals`` (a game of that many deals), ``game.start`` (what each side holds at first) and
    ``game.transfer`` (stones: a deal's score moves from the losers to the winners), checked together."""
    deals, start, transfer = game.get("deals"), game.get("start", 0), bool(game.get("transfer", False))
    teams = c.get("players", "teams")
    if transfer:
        if teams != 2:
            c.problem(("game", "transfer"), f"stones move from the losers to the winners between two sides; "
                      f"this game has {teams} teams")
        if start < 1:
            c.problem(("game", "start") if "start" in game else ("game", "transfer"),
                      f"with game.transfer each side starts with some {unit.plural} (game.start: 1 or more), "
                      f"or it would have lost before the first deal")
        elif c.target is not None and c.target > 2 * start:
            c.problem(("game", "target"), f"the two sides hold {2 * start} {unit.plural} between them (game.start "
                      f"{start} each, moved from one to the other): a target of {c.target} could never be reached")
        if game.get("deuce") is not None:
            c.problem(("game", "deuce"), f"at the deuce the scores go back to zero, and with stones a side with "
                      f"none has lost: the deuce and game.transfer do not go together")
    if c.target is not None and start >= c.target:
        c.problem(("game", "start"), f"each side starts with {start} {unit.plural}: a target of {c.target} "
                  f"would be reached before the first deal")
    return {"deals": deals, "start": start, "transfer": transfer, **_rubber(c, game, teams)}


def _rubber(c: Compiler, game: dict, teams) -> dict:
    """``game.keeps_excess``, ``game.game_value`` (what a game won is worth: the first row whose ``when``
    holds; 1 when none does) and ``game.rubber`` (the best of N games), which need a target: a game of a rubber is won by
    reaching it."""
    rubber, rows = game.get("rubber"), game.get("game_value") or []
    if rows and rubber is None:
        c.problem(("game", "game_value"), "a game's value is counted in a rubber: give game.rubber (best_of: 3)")
    if rubber is not None:
        if c.target is None or game.get("deals") is not None or game.get("transfer"):
            c.problem(("game", "rubber"), "the games of a rubber are each won by reaching the target: give "
                      "game.target, without game.deals or stones")
        if teams != 2:
            c.problem(("game", "rubber"), f"a rubber is played between two sides; this game has {teams} teams")
    values = []
    for i, row in enumerate(rows):
        when = c.formula(("game", "game_value", i, "when"), "game", "boolean")
        if when is not None:
            values.append(GameValue(when, row["value"], " ".join(str(row.get("says", "")).split())))
    made = None
    if rubber is not None:
        made = RubberRules(rubber["best_of"], rubber.get("bonus", 0), bool(rubber.get("losers_games_deducted")),
                           rubber.get("source", ""))
    return {"keeps_excess": bool(game.get("keeps_excess", True)), "game_value": tuple(values), "rubber": made}


def unknown_name_hint(c: Compiler, message: str) -> str:
    """A formula's refusal of ``target`` or ``corner_house`` in a game that has no target says why."""
    if c.target is None and message.startswith(("unknown name 'target'", "unknown name 'corner_house'")):
        return message.split(";")[0] + " (this game has no target: it is won after game.deals deals, or by stones)"
    return message


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
    """The scores can reach the target: some rule of the play gives balls, the target is within reach of the
    most a deal can give (a game must end), and the targets fit together."""
    played = [o.balls for o in ruleset.outcomes if o.when is None or o.when.can_be(True)]
    played += [ruleset.each_team, ruleset.each_player] + [f for item in (*ruleset.undertakings, *ruleset.claims)
                                     for f in (item.balls.success, item.balls.failure, item.balls.partner_catch)]
    most = [f.bounds()[1] for f in played if f is not None]
    game = ruleset.game
    target, unit = game.target, ruleset.unit
    end = f"reach the target of {target}" if target is not None else "win: every game would be a tie"
    if all(m is not None and m <= 0 for m in most):
        if ruleset.outcomes:
            c.problem(("scoring", "outcomes"), f"no outcome ever gives a {unit.singular}, so no team can {end}")
        elif ruleset.each_team is not None:
            c.problem(("scoring", "each_team"), f"scoring.each_team never gives a {unit.singular}, so no team "
                      f"can {end}")
        elif ruleset.each_player is not None:
            c.problem(("scoring", "each_player"), f"scoring.each_player never gives a {unit.singular}, so no "
                      f"player can {end}")
    elif target is not None and game.deals is None and most and None not in most:
        # a game must end: a target beyond what the most generous deals could give in a long game is refused
        best = max(most)
        if target - game.start > best * LONGEST_GAME:
            c.problem(("game", "target"), f"a game must end: a deal gives at most {unit.of(best)}, so a target of "
                      f"{target} takes more than {LONGEST_GAME} deals; give a lower target, or game.deals (a game "
                      f"of that many deals)")
    if target is None:
        return
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
