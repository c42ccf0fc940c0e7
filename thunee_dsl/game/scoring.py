"""Scoring a finished deal: penalties, undertakings, claims, then the ruleset's outcomes.

Every number comes from the ruleset's formulas. :func:`decided_steps` is the one place that decides
which rule scores a deal: it returns the *decided steps* (:class:`Step`), each naming the rule by its
path in the ruleset, the team whose balls it opens, the balls, and the formula and values that gave
them. A deal's balls are the sum of its steps (:func:`score_deal`) and its explanation renders the
same steps (:func:`explain`), in words only when it is read: simulations never pay for the text.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from functools import partial
from operator import itemgetter
from typing import Any, Callable, NamedTuple

try:
    import cython
except ImportError:  # Cython is optional: without it the types below are not read (see thunee_dsl._accel)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.slots import DealSlots
from thunee_dsl.game.deal import Deal
from thunee_dsl.game.declarations import after_tricks_words, count_at_deal_end, counted_words, scored_after_tricks
from thunee_dsl.model.quantities import Env
from thunee_dsl.model.ruleset import Caught, OutcomeWinner


class Step(NamedTuple):
    """One decided step of a deal's score.

    ``path`` is the rule that decided, as its path in the ruleset: ``redeal``, ``cancellation``,
    ``concede``, ``penalties``, ``undertakings.NAME.success`` (or ``.failure``, ``.partner_catch``),
    ``claims.NAME.success`` (...), ``scoring.each_team``, ``scoring.outcomes.INDEX``. ``team`` is the
    team whose balls the step opens (None: nobody scores), ``balls`` how many; ``formula`` gave them
    (or judged the deal: a cancellation's ``cancel_if``), reading ``env`` (None: the deal's own);
    ``seat`` is the player whose act the step judges (the caller, the offender, the redealer).
    """

    path: str
    team: int | None
    balls: int
    formula: Any = None
    env: Any = None
    seat: int | None = None


@dataclass(frozen=True)
class DealResult:
    """What a deal scored. ``balls`` is indexed by team."""

    dealer: int
    balls: tuple[int, ...]
    cancelled: bool = False
    trump: str | None = None
    trump_maker: int | None = None
    call: int = 0
    undertaking: str | None = None
    claim: str | None = None
    offence: str | None = None
    bid: int = 0  # the highest bid, where tricks are bid
    conceded: int | None = None  # the team that conceded the deal
    seat_tricks: tuple[int, ...] = ()
    card_points: tuple[int, ...] = ()
    declared: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    # the scoring rules that decided the balls, as ruleset paths: "undertakings.NAME.success" (or .failure,
    # .partner_catch), "claims.NAME.success" (...), "scoring.outcomes.INDEX", "scoring.each_team"
    applied: tuple[str, ...] = ()
    lines: tuple[str, ...] | None = field(default=None, repr=False, compare=False)
    steps: tuple[Step, ...] = field(default=(), repr=False, compare=False)  # the balls are their sum
    deal: Deal | None = field(default=None, repr=False, compare=False)  # the finished deal the steps read

    @property
    def explanation(self) -> tuple[str, ...]:
        """How the balls were reached, line by line (worked out on first use: simulations skip it)."""
        if self.lines is None:
            object.__setattr__(self, "lines", explain(self.deal, self.steps) if self.deal is not None else ())
        return self.lines

    def to_json(self) -> dict:
        out = {
            "dealer": self.dealer, "balls": list(self.balls), "cancelled": self.cancelled,
            "trump": self.trump, "trump_maker": self.trump_maker, "call": self.call,
            "undertaking": self.undertaking, "claim": self.claim,
        }
        if self.offence:
            out["offence"] = self.offence
        if self.conceded is not None:
            out["conceded"] = self.conceded
        if self.bid:
            out["bid"] = self.bid
            out["seat_tricks"] = list(self.seat_tricks)
        if self.card_points:
            out["card_points"] = list(self.card_points)
            out["declared"] = list(self.declared)
            out["tricks"] = list(self.tricks)
        out["explanation"] = list(self.explanation)
        return out


# -- which rule scores the deal (the one decision path) ------------------------------------------


_step = partial(tuple.__new__, Step)  # Step((path, team, balls, formula, env, seat)) without NamedTuple's Python __new__


@cython.locals(deal=DealSlots)
def decided_steps(deal: Deal) -> tuple[Step, ...]:
    """The steps that decide a finished deal's score, in order: a redeal or a cancellation (nobody
    scores), a concession or a penalty (nothing else counts), an undertaking (nothing else counts), a
    claim (replacing the normal result unless its balls are a bonus), then each team's own formula and
    the first outcome of the ruleset's table that holds."""
    steps = _thrown_in(deal)
    if steps is not None:
        return steps
    if deal.undertaking is not None:
        return _undertaking_step(deal),
    steps: tuple[Step, ...] = ()
    if deal.claim is not None:
        steps, env = _claim_steps(deal)
        if env is None:
            return steps
    else:
        env = Env(deal, deal.balls)  # what deal.env() gives, without its keyword packing
    return steps + _counted_steps(deal, env)


def _thrown_in(deal: Deal) -> tuple[Step, ...] | None:
    """The steps of a deal that was not played out (a redeal, a cancellation, a concession, a penalty:
    nothing else counts), or None."""
    r = deal.r
    if deal.redealt:
        return _step(("redeal", None, 0, None, None, deal.redealer)),
    if deal.cancelled:
        return _step(("cancellation", None, 0, r.cancellation.cancel_if, None, None)),
    if deal.conceded_by is not None:
        return tuple(_step(("concede", team, r.concede_balls, None, None, None))
                     for team in range(r.teams) if team != deal.conceded_by)
    if deal.offence is not None:
        offence, seat = deal.offence
        offender = deal.team_of[seat]
        return tuple(_step(("penalties", team, r.penalties.balls_of(offence), None, None, seat))
                     for team in range(r.teams) if team != offender)
    return None


def _undertaking_step(deal: Deal) -> Step:
    """The step of the undertaking called: a success, a failure or a partner's catch."""
    team_of = deal.team_of
    caller = deal.undertaker
    callers = team_of[caller]
    opponents = deal.t.other_team[callers]  # (two sides: compiling refuses these rules with more)
    env = Env(deal, deal.balls, callers=callers, opponents=opponents, caller=caller)
    u = deal.undertaking
    if u.caught is Caught.NEVER:  # played out: judged now (default: every trick)
        won = u.succeeds_if.evaluate(env) if u.succeeds_if is not None else deal.team_tricks[callers] == deal.n_tricks
        how = "success" if won else "failure"
    elif deal.caught_by is None:
        how = "success"
    elif team_of[deal.caught_by] == callers:
        how = "partner_catch"
    else:
        how = "failure"
    return _judged("undertakings", deal.undertaking, how, callers, opponents, env, caller)


def _claim_steps(deal: Deal) -> tuple[tuple[Step, ...], Env | None]:
    """The step of the claim made, and the deal's environment for the normal result where the claim's
    balls are a bonus on it (else None: the claim's result replaces it)."""
    c = deal.claim
    team_of = deal.team_of
    caller = deal.claimer
    callers = team_of[caller]
    opponents = deal.t.other_team[callers]  # (two sides: compiling refuses these rules with more)
    cenv = Env(deal, deal.balls, callers=callers, opponents=opponents, caller=caller, seat=caller)
    last = deal.last_trick_winner
    if c.succeeds_if.evaluate(cenv):
        how = "success"
    elif last is not None and last != caller and team_of[last] == callers:
        how = "partner_catch"
    else:
        how = "failure"
    steps = _judged("claims", c, how, callers, opponents, cenv, caller),
    if not c.adds:
        return steps, None
    env = Env(deal, deal.balls)
    env.team_values = cenv.team_values  # team values are worked out once for the deal
    return steps, env


def _counted_steps(deal: Deal, env: Env) -> tuple[Step, ...]:
    """Each team's own formula, each player's, then the first outcome of the ruleset's table that holds."""
    r = deal.r
    teams = r.teams
    steps: tuple[Step, ...] = ()
    formula = r.each_team
    if formula is not None:
        for team in range(teams):
            tenv = env.bind_team(team, teams)
            steps += _step(("scoring.each_team", team, formula.evaluate(tenv), formula, tenv, None)),
    formula = r.each_player
    if formula is not None:  # each player scores for their side (a side of one: for themselves)
        for seat in range(r.seats):
            team = deal.team_of[seat]
            penv = env.bind_team(team, teams)
            penv.seat = seat
            steps += _step(("scoring.each_player", team, formula.evaluate(penv), formula, penv, seat)),
    outcomes = r.engine_cache.get("scoring.outcomes")
    if outcomes is None:
        outcomes = _outcomes(r)
    for path, holds, counting, formula in outcomes:
        if holds(env):
            team = deal.counting if counting else deal.makers
            return steps + (_step((path, team, formula.evaluate(env), formula, env, None)),)
    return steps


def _judged(kind: str, called, how: str, callers: int, opponents: int, env: Env, caller: int) -> Step:
    """The step of an undertaking or a claim (``kind``) judged ``how`` (success, failure, partner_catch):
    its ball table's formula for that, giving the balls to the caller's team on success, else to the
    opponents."""
    formula = getattr(called.balls, how)
    return _step((f"{kind}.{called.name}.{how}", callers if how == "success" else opponents, formula.evaluate(env),
                  formula, env, caller))


def _outcomes(r) -> tuple[tuple[str, Callable, bool, Any], ...]:
    """The ruleset's outcomes table as decided_steps reads it: (path, when holds, for the counting team
    (else the makers), balls), made once per ruleset."""
    return r.cached("scoring.outcomes", lambda r: tuple(
        (f"scoring.outcomes.{index}", outcome.when.evaluate, outcome.winner is OutcomeWinner.COUNTING, outcome.balls)
        for index, outcome in enumerate(r.outcomes)))


# -- the result: the steps summed -----------------------------------------------------------------


_THROWN_IN = frozenset({"redeal", "cancellation"})
_ALONE = frozenset({"concede", "penalties"})  # nothing else counts, and no scoring rule of the data applies
# DealResult(**values) sets each field with object.__setattr__ (it is frozen), which costs about as much as
# deciding the deal's score: score_deal writes the instance's dict instead, only the fields it has to; a
# field left out reads its default from the class, where dataclasses put it. The same as DealResult(...)
# while no field has a default factory and nothing else (a __post_init__, slots) has to run.
if any(f.default_factory is not MISSING for f in fields(DealResult)) or hasattr(DealResult, "__post_init__") \
        or hasattr(DealResult, "__slots__"):
    raise TypeError("score_deal fills DealResult's __dict__: give it no default factory, __post_init__ or slots")
_new_result = object.__new__
_path = itemgetter(0)  # Step.path


@cython.locals(deal=DealSlots)
def score_deal(deal: Deal) -> DealResult:
    """Score a deal that is over (``deal.over``): its decided steps, their balls summed by team; the
    explanation is written from the same steps when first read."""
    r = deal.r
    if r.from_trick or r.from_dealt:
        count_at_deal_end(deal)  # the last trick's combinations, the hands as dealt (before any formula reads them)
    steps = decided_steps(deal)
    trump, u, c = deal.trump, deal.undertaking, deal.claim
    result = _new_result(DealResult)
    state = result.__dict__
    # item by item (a dict display or update(**fields) costs more), defaults left to the class
    state["dealer"] = deal.dealer
    state["trump"] = None if trump is None else r.deck.suits[trump]
    state["trump_maker"] = deal.trump_maker
    state["call"] = deal.call
    if u is not None:
        state["undertaking"] = u.verb
    if c is not None:
        state["claim"] = c.verb
    state["bid"] = deal.high_bid
    state["seat_tricks"] = tuple(deal.seat_tricks)
    state["steps"] = steps
    state["deal"] = deal
    first = steps[0][0] if steps else ""  # the first step's path
    if first in _THROWN_IN:  # nobody scores
        state["balls"] = (0,) * r.teams
        state["cancelled"] = True
        return result
    balls = [0] * r.teams
    for step in steps:
        balls[step[1]] += step[2]  # step.team, step.balls (indexing skips the names' descriptors)
    if r.from_dealt and deal.counted and first not in _ALONE:  # honours after the tricks, unless the game was won
        later = tuple(_step((path, team, value, None, None, None))
                      for path, team, value in scored_after_tricks(deal, balls))
        if later:
            steps += later
            state["steps"] = steps
            for step in later:
                balls[step[1]] += step[2]
    if min(balls) < 0:
        _below_zero(deal, steps)
    state["balls"] = tuple(balls)
    state["card_points"] = tuple(deal.team_cards)
    state["declared"] = tuple(deal.team_declared)
    state["tricks"] = tuple(deal.team_tricks)
    if first in _ALONE:
        if first == "concede":
            state["conceded"] = deal.conceded_by
        else:
            state["offence"] = deal.offence[0]
    elif steps:
        # each rule once, in the order it decided ("scoring.each_team" is a step for every team, in a row,
        # "scoring.each_player" for every player);
        # the usual one rule, or a bonus claim and one outcome, without building a dict
        last = steps[-1][0]
        if last == first:
            state["applied"] = (first,)
        elif len(steps) == 2:
            state["applied"] = (first, last)
        else:
            state["applied"] = tuple(dict.fromkeys(map(_path, steps)))
    return result


# -- the explanation: the same steps in words ---------------------------------------------------


def explain(deal: Deal, steps: tuple[Step, ...] | list[Step]) -> tuple[str, ...]:
    """The deal's explanation, line by line: the team values the scoring read (when the deal was
    counted), then each step's own lines (:func:`step_lines`)."""
    lines: list[str] = counted_words(deal) if deal.counted else []  # (roem, honours: what the cards scored)
    if not steps or steps[0].path.startswith(("claims.", "scoring.")):
        r = deal.r
        env = deal.env()
        for tv in r.team_values:
            for team in range(r.teams):
                # (with more than two sides only the trump makers have a role; nobody is "counting")
                role = "counting " if team == deal.counting else "makers " if r.teams == 2 or team == deal.makers else ""
                lines.append(f"{role}{_team(deal, team)} {tv.name}: {tv.formula.explain(env.bind_team(team, r.teams))}")
    for step in steps:
        lines.extend(step_lines(deal, step))
    return tuple(lines)


def step_lines(deal: Deal, step: Step) -> list[str]:
    """One decided step in words: the rule, who it judged and the balls it opened, to whom."""
    kind, _, rest = step.path.partition(".")
    return _WORDS[kind](deal, step, rest)


def _team(deal: Deal, team: int) -> str:
    """"team 1 (seats 1, 3)"; a side of one is its player: "seat 3"."""
    if deal.r.sides_of_one:
        return f"seat {team}"  # (a side of one's number is its seat's)
    seats = [s for s in range(deal.r.seats) if deal.team_of[s] == team]
    return f"team {team} (seats {', '.join(map(str, seats))})"


def _opens(deal: Deal, step: Step) -> str:
    """"team 1 (seats 1, 3) opens 2 balls": the step's team and balls."""
    unit = deal.r.unit  # the ruleset's unit of score: "opens 2 balls", "scores 2 points"
    return f"{_team(deal, step.team)} {unit.verb}s {unit.of(step.balls)}"


def _how(step: Step) -> str:
    """The step's formula with its values, unless it is a plain number."""
    formula = step.formula
    return "" if formula.text.strip().isdigit() else f" ({formula.explain(step.env)})"


def _redeal_words(deal: Deal, step: Step, rest: str) -> list[str]:
    if step.seat is None:  # nobody made trumps (or bid): every round was passed
        trumps = deal.r.trumps
        again = "the turn to deal passes on" if trumps is not None and trumps.all_pass == "throw in, next dealer" \
            else "the same dealer deals again"
        return [f"everyone passed: the cards are thrown in, no score, and {again}"]
    return [f"seat {step.seat} throws the cards in and claims a redeal: no score, the same dealer deals again"]


def _cancellation_words(deal: Deal, step: Step, rest: str) -> list[str]:
    again = "the same dealer deals again" if deal.r.cancellation.same_dealer else "the deal passes on"
    return [f"cancelled: {step.formula.explain(step.env or deal.env())}; the deal is thrown in and {again}"]


def _concede_words(deal: Deal, step: Step, rest: str) -> list[str]:
    return [f"{_team(deal, deal.conceded_by)} concedes: {_opens(deal, step)}"]


def _penalty_words(deal: Deal, step: Step, rest: str) -> list[str]:
    return [f"penalty for {deal.offence[0]} by seat {step.seat}: {_opens(deal, step)}; no other score for the deal"]


def _undertaking_words(deal: Deal, step: Step, rest: str) -> list[str]:
    how = rest.rpartition(".")[2]
    called = f"{deal.undertaking.title} by seat {step.seat}"
    if deal.undertaking.caught is Caught.NEVER:  # played out: the tricks taken decided it
        taken = deal.team_tricks[deal.team_of[step.seat]]
        judged = "succeeds" if how == "success" else "fails"
        return [f"{called} {judged}, {taken} trick{'s' if taken != 1 else ''} of {deal.n_tricks} taken: "
                f"{_opens(deal, step)}"]
    if how == "success":
        return [f"{called} wins every trick: {_opens(deal, step)}"]
    if how == "partner_catch":
        return [f"{called} caught by partner (seat {deal.caught_by}): {_opens(deal, step)}"]
    return [f"{called} caught by seat {deal.caught_by}: {_opens(deal, step)}"]


def _claim_words(deal: Deal, step: Step, rest: str) -> list[str]:
    how = rest.rpartition(".")[2]
    c = deal.claim
    lines = [f"{c.title} by seat {step.seat}: {c.succeeds_if.explain(step.env)}"]
    if how == "success":
        lines.append(f"{c.title} succeeds: {_opens(deal, step)}{_how(step)}")
    elif how == "partner_catch":
        lines.append(f"{c.title} fails, partner catch: {_opens(deal, step)}")
    else:
        lines.append(f"{c.title} fails: {_opens(deal, step)}")
    if c.adds:
        lines.append(f"the {c.title} balls are a bonus on the normal result:")
    return lines


def _scoring_words(deal: Deal, step: Step, rest: str) -> list[str]:
    if rest == "each_team":
        return [f"{_team(deal, step.team)} scores {step.balls}: {step.formula.explain(step.env)}"]
    if rest == "each_player":
        side = "" if deal.r.sides_of_one else f" for {_team(deal, step.team)}"
        return [f"seat {step.seat} scores {step.balls}{side}: {step.formula.explain(step.env)}"]
    outcome = deal.r.outcomes[int(rest.rpartition(".")[2])]
    lines = []
    if outcome.when.text.strip() != "true":
        lines.append(f"{outcome.when.explain(step.env)}{f': {outcome.says}' if outcome.says else ''}")
    elif outcome.says:
        lines.append(outcome.says)
    winner = "counting" if outcome.winner is OutcomeWinner.COUNTING else "trump makers"
    lines.append(f"{winner} {_opens(deal, step)}{_how(step)}")
    return lines


def _below_zero(deal: Deal, steps: tuple[Step, ...]) -> None:
    """Validation refuses every ball formula that can go below 0 (model/compile/scoring.py, check_balls); should one
    still give less, the deal stops at the rule's place in the file rather than scoring it silently."""
    from thunee_dsl.errors import Problem, RulesetError
    step = next(s for s in steps if s.balls < 0)
    kind, _, rest = step.path.partition(".")
    if kind == "scoring":
        path = ("scoring", rest) if rest in ("each_team", "each_player") else \
            ("scoring", "outcomes", int(rest.rpartition(".")[2]), "balls")
    else:
        name, _, how = rest.rpartition(".")
        path = (kind, name, "balls", how)
    explained = step.formula.explain(step.env) if step.formula is not None else str(step.balls)
    raise RulesetError([Problem(deal.r.data.origin(path),
                                f"{step.path}: balls cannot be negative, and this deal gives {explained}")])


def _declaration_words(deal: Deal, step: Step, rest: str) -> list[str]:
    return [after_tricks_words(deal, step.team, rest, step.balls)]


_WORDS = {
    "declarations": _declaration_words,
    "redeal": _redeal_words, "cancellation": _cancellation_words, "concede": _concede_words,
    "penalties": _penalty_words, "undertakings": _undertaking_words, "claims": _claim_words,
    "scoring": _scoring_words,
}
