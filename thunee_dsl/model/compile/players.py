"""The players part of a ruleset (``players:``): how many sides there are, and what a game of more than two sides cannot have.

``players.teams`` is 2 (two teams of partners sitting alternately) or the number of seats (every player a side of
one, scoring for themselves: Oh Hell). With more than two sides, nothing is "the other side": the names that say
so in formulas (``other``, ``counting``, ``opponents``, ``others``) are not given (a formula naming one is refused
with a caret, and :func:`unknown_name_hint` says why), and neither are the rules whose score goes to the
opponents (an undertaking's or a claim's failure) or to the counting team (an outcome's ``winner: counting``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.quantities import TWO_SIDED_ROLES

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def sides(c: Compiler, seats: int, teams: int) -> int:
    """``players.teams``: seats split into equal teams, two of them or one a player. The number of sides the
    formulas are checked against: 2 where ``teams`` is refused (one problem, not one for every formula)."""
    if seats % teams:
        c.problem(("players", "teams"), f"{seats} seats cannot form {teams} equal teams")
    elif teams not in (2, seats):  # two teams of partners, or every player for themselves
        c.problem(("players", "teams"), f"players.teams: {teams} teams of {seats // teams} players are not played; "
                  f"give 2 (two teams of partners) or {seats} (every player a side of one)")
    else:
        return teams
    return 2


def unknown_name_hint(c: Compiler, message: str) -> str:
    """A formula's refusal of a name that means "the other side" in a game of more than two sides says why."""
    teams = c.sides
    if teams <= 2:
        return message
    for role in TWO_SIDED_ROLES:
        if message.startswith((f"unknown name '{role}'", f"unknown name '{role}.")):
            return (message.split(";")[0] + f" (this game has {teams} sides, every player for themselves: "
                    f"'{role}' names the one opposing side, and there is none)")
    return message


def check_two_sided_rules(c: Compiler) -> None:
    """Rules that give a score to "the opponents" or "the counting team" need exactly two sides."""
    teams = c.sides
    if teams <= 2:
        return
    why = f"this game has {teams} sides, every player for themselves, so there are no opponents to score"
    for kind in ("undertakings", "claims"):
        for name, value in (c.get(kind) or {}).items():
            if isinstance(value, dict):
                c.problem((kind, name), f"{kind}.{name}: its failure scores for the opponents; {why}")
    for index, outcome in enumerate(c.get("scoring", "outcomes") or ()):
        if isinstance(outcome, dict) and outcome.get("winner") == "counting":
            c.problem(("scoring", "outcomes", index, "winner"),
                      f"scoring.outcomes[{index}].winner: 'counting' is the trump makers' opponents; {why} "
                      f"(give 'makers', or score each side with scoring.each_team)")
