"""Scoring a finished deal: penalties, undertakings, claims, then the ruleset's outcomes.

Every number comes from the ruleset's formulas; this module only decides which formula
applies and writes down, line by line, how the result was reached.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Callable

from thunee_dsl.game.deal import Deal


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
    explainer: Callable[[], tuple[str, ...]] | None = field(default=None, repr=False, compare=False)

    @property
    def explanation(self) -> tuple[str, ...]:
        """How the balls were reached, line by line (worked out on first use: simulations skip it)."""
        if self.lines is None:
            object.__setattr__(self, "lines", self.explainer() if self.explainer else ())
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


_DEFAULTS = {f.name: f.default for f in fields(DealResult) if f.default is not MISSING}
# DealResult(**values) field by field (a frozen dataclass sets each with object.__setattr__) costs more than
# the rest of scoring a deal; _result fills the instance's dict at once, defaults first, when nothing else
# (a default factory, a __post_init__) has to run.
_PLAIN = all(f.default_factory is MISSING for f in fields(DealResult)) and not hasattr(DealResult, "__post_init__") \
    and not hasattr(DealResult, "__slots__")


def _result(**values) -> DealResult:
    """``DealResult(**values)``, made faster (see _PLAIN)."""
    if not _PLAIN:
        return DealResult(**values)
    result = object.__new__(DealResult)
    state = result.__dict__
    state.update(_DEFAULTS)
    state.update(values)
    return result


def _team(deal: Deal, team: int) -> str:
    seats = [s for s in range(deal.r.seats) if deal.team_of[s] == team]
    return f"team {team} (seats {', '.join(map(str, seats))})"


def _balls_line(who: str, n: int) -> str:
    return f"{who} opens {n} ball{'s' if n != 1 else ''}"


def score_deal(deal: Deal) -> DealResult:
    """Score a deal that is over (``deal.over``); the explanation is written when first read."""
    if not _PLAIN:
        result = _score(deal, explain=False)
        object.__setattr__(result, "explainer", lambda: _score(deal, explain=True).lines)
        return result
    result = _quick(deal)
    result.__dict__["explainer"] = lambda: _score(deal, explain=True).lines
    return result


def _quick(deal: Deal) -> DealResult:
    """``_score(deal, explain=False)``, step for step, writing the result's dict directly (no keyword
    dicts, no lines). Its fields are those _score gives, in the same order."""
    r = deal.r
    result = _new_result(DealResult)
    st = result.__dict__
    st.update(_DEFAULTS)
    st["balls"] = ()
    st["dealer"] = deal.dealer
    trump = deal.trump
    st["trump"] = None if trump is None else r.deck.suits[trump]
    st["trump_maker"] = deal.trump_maker
    st["call"] = deal.call
    u = deal.undertaking
    st["undertaking"] = u.verb if u else None
    c = deal.claim
    st["claim"] = c.verb if c else None
    st["bid"] = deal.high_bid
    st["seat_tricks"] = tuple(deal.seat_tricks)
    teams = r.teams
    balls = [0] * teams
    if deal.redealt or deal.cancelled:
        st["balls"] = tuple(balls)
        st["cancelled"] = True
        return result
    st["card_points"] = tuple(deal.team_cards)
    st["declared"] = tuple(deal.team_declared)
    st["tricks"] = tuple(deal.team_tricks)
    if deal.conceded_by is not None:
        for t in range(teams):
            if t != deal.conceded_by:
                balls[t] += r.concede_balls
        st["balls"] = tuple(balls)
        st["conceded"] = deal.conceded_by
        return result
    if deal.offence is not None:
        offence, seat = deal.offence
        offender = deal.team_of[seat]
        for t in range(teams):
            if t != offender:
                balls[t] += r.penalties.balls_of(offence)
        st["balls"] = tuple(balls)
        st["offence"] = offence
        return result
    applied = []
    if u is not None:
        caller = deal.undertaker
        callers = deal.team_of[caller]
        opponents = (callers + 1) % teams
        env = deal.env(caller=caller, callers=callers, opponents=opponents)
        if deal.caught_by is None:
            balls[callers] += u.balls.success.evaluate(env)
            applied.append(f"undertakings.{u.name}.success")
        elif deal.team_of[deal.caught_by] == callers:
            balls[opponents] += u.balls.partner_catch.evaluate(env)
            applied.append(f"undertakings.{u.name}.partner_catch")
        else:
            balls[opponents] += u.balls.failure.evaluate(env)
            applied.append(f"undertakings.{u.name}.failure")
        st["balls"] = tuple(balls)
        st["applied"] = tuple(applied)
        return result
    env = deal.env()
    if c is not None:
        caller = deal.claimer
        callers = deal.team_of[caller]
        opponents = (callers + 1) % teams
        cenv = deal.env(caller=caller, seat=caller, callers=callers, opponents=opponents)
        cenv.team_values = env.team_values
        if c.succeeds_if.evaluate(cenv):
            balls[callers] += c.balls.success.evaluate(cenv)
            applied.append(f"claims.{c.name}.success")
        elif deal.last_trick_winner is not None and deal.last_trick_winner != caller and \
                deal.team_of[deal.last_trick_winner] == callers:
            balls[opponents] += c.balls.partner_catch.evaluate(cenv)
            applied.append(f"claims.{c.name}.partner_catch")
        else:
            balls[opponents] += c.balls.failure.evaluate(cenv)
            applied.append(f"claims.{c.name}.failure")
        if not c.adds:
            st["balls"] = tuple(balls)
            st["applied"] = tuple(applied)
            return result
    if r.each_team is not None:
        applied.append("scoring.each_team")
        for team in range(teams):
            balls[team] += r.each_team.evaluate(env.bind_team(team, teams))
    for index, outcome in enumerate(r.outcomes):
        if outcome.when.evaluate(env):
            applied.append(f"scoring.outcomes.{index}")
            team = deal.counting if outcome.winner == "counting" else deal.makers
            balls[team] += outcome.balls.evaluate(env)
            break
    st["balls"] = tuple(balls)
    st["applied"] = tuple(applied)
    return result


_new_result = object.__new__


def _score(deal: Deal, explain: bool) -> DealResult:
    r = deal.r
    balls = [0] * r.teams
    lines: list[str] = []
    applied: list[str] = []
    base = dict(dealer=deal.dealer,
                trump=None if deal.trump is None else r.deck.suits[deal.trump],
                trump_maker=deal.trump_maker, call=deal.call,
                undertaking=deal.undertaking.verb if deal.undertaking else None,
                claim=deal.claim.verb if deal.claim else None, bid=deal.high_bid, seat_tricks=tuple(deal.seat_tricks))
    if deal.redealt:
        if explain:
            lines.append(f"seat {deal.redealer} throws the cards in and claims a redeal: no score, the same dealer deals again")
        return _result(balls=tuple(balls), cancelled=True, lines=tuple(lines) if explain else None, **base)
    if deal.cancelled:
        if explain:
            lines.append(f"cancelled: {r.cancellation.cancel_if.explain(deal.env())}; the deal is thrown in and "
                         f"{'the same dealer deals again' if r.cancellation.same_dealer else 'the deal passes on'}")
        return _result(balls=tuple(balls), cancelled=True, lines=tuple(lines) if explain else None, **base)

    played = dict(card_points=tuple(deal.team_cards), declared=tuple(deal.team_declared), tricks=tuple(deal.team_tricks))
    if deal.conceded_by is not None:
        for t in range(r.teams):
            if t != deal.conceded_by:
                balls[t] += r.concede_balls
                if explain:
                    lines.append(f"{_team(deal, deal.conceded_by)} concedes: {_balls_line(_team(deal, t), r.concede_balls)}")
        return _result(balls=tuple(balls), lines=tuple(lines) if explain else None, conceded=deal.conceded_by,
                          **base, **played)
    if deal.offence is not None:
        offence, seat = deal.offence
        offender = deal.team_of[seat]
        for t in range(r.teams):
            if t != offender:
                balls[t] += r.penalties.balls_of(offence)
                if explain:
                    lines.append(f"penalty for {offence} by seat {seat}: {_balls_line(_team(deal, t), r.penalties.balls_of(offence))}; "
                                 "no other score for the deal")
        return _result(balls=tuple(balls), offence=offence, lines=tuple(lines) if explain else None, **base, **played)

    if deal.undertaking is not None:
        u, caller = deal.undertaking, deal.undertaker
        callers = deal.team_of[caller]
        opponents = (callers + 1) % r.teams
        env = deal.env(caller=caller, callers=callers, opponents=opponents)
        if deal.caught_by is None:
            n = u.balls.success.evaluate(env)
            balls[callers] += n
            applied.append(f"undertakings.{u.name}.success")
            if explain:
                lines.append(f"{u.title} by seat {caller} wins every trick: {_balls_line(_team(deal, callers), n)}")
        elif deal.team_of[deal.caught_by] == callers:
            n = u.balls.partner_catch.evaluate(env)
            balls[opponents] += n
            applied.append(f"undertakings.{u.name}.partner_catch")
            if explain:
                lines.append(f"{u.title} by seat {caller} caught by partner (seat {deal.caught_by}): "
                             f"{_balls_line(_team(deal, opponents), n)}")
        else:
            n = u.balls.failure.evaluate(env)
            balls[opponents] += n
            applied.append(f"undertakings.{u.name}.failure")
            if explain:
                lines.append(f"{u.title} by seat {caller} caught by seat {deal.caught_by}: "
                             f"{_balls_line(_team(deal, opponents), n)}")
        return _result(balls=tuple(balls), lines=tuple(lines) if explain else None, **base, **played,
                          applied=tuple(applied))

    env = deal.env()
    for tv in r.team_values if explain else ():
        for team in range(r.teams):
            role = "counting" if team == deal.counting else "makers"
            if explain:
                lines.append(f"{role} {_team(deal, team)} {tv.name}: {tv.formula.explain(env.bind_team(team, r.teams))}")

    if deal.claim is not None:
        c, caller = deal.claim, deal.claimer
        callers = deal.team_of[caller]
        opponents = (callers + 1) % r.teams
        cenv = deal.env(caller=caller, seat=caller, callers=callers, opponents=opponents)
        cenv.team_values = env.team_values
        ok = c.succeeds_if.evaluate(cenv)
        if explain:
            lines.append(f"{c.title} by seat {caller}: {c.succeeds_if.explain(cenv)}")
        if ok:
            n = c.balls.success.evaluate(cenv)
            balls[callers] += n
            applied.append(f"claims.{c.name}.success")
            if explain:
                how = "" if c.balls.success.text.strip().isdigit() else f" ({c.balls.success.explain(cenv)})"
                lines.append(f"{c.title} succeeds: {_balls_line(_team(deal, callers), n)}{how}")
        elif deal.last_trick_winner is not None and deal.last_trick_winner != caller and \
                deal.team_of[deal.last_trick_winner] == callers:
            n = c.balls.partner_catch.evaluate(cenv)
            balls[opponents] += n
            applied.append(f"claims.{c.name}.partner_catch")
            if explain:
                lines.append(f"{c.title} fails, partner catch: {_balls_line(_team(deal, opponents), n)}")
        else:
            n = c.balls.failure.evaluate(cenv)
            balls[opponents] += n
            applied.append(f"claims.{c.name}.failure")
            if explain:
                lines.append(f"{c.title} fails: {_balls_line(_team(deal, opponents), n)}")
        if not c.adds:
            return _result(balls=tuple(balls), lines=tuple(lines) if explain else None, **base, **played,
                              applied=tuple(applied))
        if explain:
            lines.append(f"the {c.title} balls are a bonus on the normal result:")

    if r.each_team is not None:
        applied.append("scoring.each_team")
        for team in range(r.teams):
            tenv = env.bind_team(team, r.teams)
            n = r.each_team.evaluate(tenv)
            balls[team] += n
            if explain:
                lines.append(f"{_team(deal, team)} scores {n}: {r.each_team.explain(tenv)}")
    for index, outcome in enumerate(r.outcomes):
        if outcome.when.evaluate(env):
            applied.append(f"scoring.outcomes.{index}")
            team = deal.counting if outcome.winner == "counting" else deal.makers
            n = outcome.balls.evaluate(env)
            balls[team] += n
            says = f": {outcome.says}" if outcome.says else ""
            if outcome.when.text.strip() != "true":
                if explain:
                    lines.append(f"{outcome.when.explain(env)}{says}")
            elif says:
                if explain:
                    lines.append(outcome.says)
            how = "" if not explain or outcome.balls.text.strip().isdigit() else f" ({outcome.balls.explain(env)})"
            if explain:
                lines.append(f"{'counting' if outcome.winner == 'counting' else 'trump makers'} "
                             f"{_balls_line(_team(deal, team), n)}{how}")
            break
    return _result(balls=tuple(balls), lines=tuple(lines) if explain else None, **base, **played,
                      applied=tuple(applied))
