"""The explanation and the result can never disagree: random games of every shipped ruleset and house overlay.

A deal's result is the list of its decided steps (``DealResult.steps``): the balls are their sum and the
explanation renders the same steps. Checked here for every deal of random games:

* the steps add up to the result's balls, team by team;
* the explanation is the steps in words (after the team values the scoring read);
* read as a card player reads it, the explanation gives each team the balls the result does: every
  "team T (seats ...) opens N balls" or "team T (seats ...) scores N" is summed, independently of the
  steps, and each step's own lines name the step's team (with that team's seats) and its balls;
* a formula that gave balls, evaluated again on the values the step kept, still gives them (the words,
  made later, read the same values the balls came from).

The last tests break a step, or the words, on purpose and see the check fail: "the explanation names
the wrong team and one ball too many" is caught.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState, scoring
from thunee_dsl.game.scoring import DealResult, explain, step_lines
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.model.ruleset import ScoredWhen

from offences import offences_available

HOUSE = sorted((Path(__file__).resolve().parents[2] / "examples" / "house").glob("*.yaml"))
NAMES = sorted(shipped_rulesets()) + [str(path) for path in HOUSE]
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BALLS_IN_WORDS = re.compile(r"\bteam (\d+) \(seats ([\d, ]+)\) (?:opens (\d+) balls?\b|scores (-?\d+)\b)")
# every player a side of one (issue 25 item 7a): "seat S scores N", the side being the seat's
SEAT_SCORES = re.compile(r"^seat (\d+) scores (-?\d+)\b")


def test_every_house_overlay_is_included():
    assert len(HOUSE) >= 10 and "standard" in NAMES


# -- the check ----------------------------------------------------------------------------------------


def balls_in_words(deal, lines) -> list[tuple[int, int]]:
    """(team, balls) for every place ``lines`` give a team balls, read from the words alone; the seats
    named in brackets must be that team's."""
    found = []
    for line in lines:
        for team, seats, opens, scores in BALLS_IN_WORDS.findall(line):
            team = int(team)
            assert [int(s) for s in seats.split(", ")] == [s for s in range(deal.r.seats) if deal.team_of[s] == team], \
                f"{line!r} names the seats of another team"
            found.append((team, int(opens or scores)))
        if deal.r.sides_of_one:
            found += [(deal.team_of[int(seat)], int(n)) for seat, n in SEAT_SCORES.findall(line)]
    return found


def check_result(result: DealResult) -> None:
    """The result's steps, balls and explanation agree (raises AssertionError where they do not)."""
    deal = result.deal
    teams = deal.r.teams
    summed = [0] * teams
    for step in result.steps:
        if step.team is not None:
            summed[step.team] += step.balls
    assert tuple(summed) == result.balls, f"the steps add up to {summed}, the result says {result.balls}"
    lines = result.explanation
    rendered = [line for step in result.steps for line in step_lines(deal, step)]
    assert list(lines[len(lines) - len(rendered):]) == rendered, "the explanation is not the steps in words"
    in_words = [0] * teams
    for team, balls in balls_in_words(deal, lines):
        in_words[team] += balls
    assert tuple(in_words) == result.balls, f"the explanation gives {in_words}, the result {result.balls}: {lines}"
    for step in result.steps:
        said = balls_in_words(deal, step_lines(deal, step))
        if step.team is None:
            assert said == [] and step.balls == 0
        elif step.balls == 0 and step.path.startswith("declarations."):  # honours after a game won by tricks
            assert said == [] and "does not score them" in " ".join(step_lines(deal, step))
        else:
            assert said == [(step.team, step.balls)], f"{step.path}: the words say {said}, the step {step.team, step.balls}"
        if step.team is not None and step.formula is not None:
            assert step.formula.evaluate(step.env or deal.env()) == step.balls, f"{step.path} reads other values now"
    # the fast path's fields are the steps' too (with the declarations scored after the tricks: honours)
    after = {f"declarations.{d.name}" for d in deal.r.declarations if d.scored is ScoredWhen.AFTER_TRICKS}
    assert result.applied == tuple(dict.fromkeys(
        step.path for step in result.steps if step.path.startswith(("undertakings.", "claims.", "scoring."))
        or step.path in after))
    assert result.cancelled == (bool(result.steps) and result.steps[0].path in ("redeal", "cancellation"))


# -- random games ---------------------------------------------------------------------------------


def play(ruleset, seed: int, policy: str) -> GameState:
    """A whole game: ``uniform`` random legal actions, or ``offender`` (windows mostly passed, and now and
    then an offence the ruleset penalises)."""
    rng = random.Random(seed)
    game = GameState(ruleset, seed=seed, dealer=seed % ruleset.seats)
    for _ in range(5000):
        if game.is_over:
            break
        legal = game.legal_actions()
        if policy == "offender" and rng.random() < 0.02:
            offences = offences_available(game)
            if offences:
                game.apply(rng.choice(offences))
                continue
        if policy == "offender" and legal[-1].verb == "pass" and rng.random() < 0.9:
            game.apply(legal[-1])
        else:
            game.apply(rng.choice(legal))
    return game


@pytest.fixture(scope="module", params=NAMES, ids=lambda name: Path(name).stem)
def ruleset(request):
    return load_ruleset(request.param)


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), policy=st.sampled_from(("uniform", "offender")))
def test_explained_steps_add_up_to_the_result(ruleset, seed, policy):
    game = play(ruleset, seed, policy)
    assert game.results
    for result in game.results:
        check_result(result)


def test_every_kind_of_step_is_checked():
    """Over fixed seeds, the check above meets every kind of step the rulesets have (so that a kind
    that silently stopped being produced, or checked, fails here)."""
    wanted = {"cancellation", "redeal", "concede", "penalties", "undertakings.success", "undertakings.failure",
              "undertakings.partner_catch", "claims.success", "claims.failure", "claims.partner_catch",
              "scoring.outcomes", "scoring.each_team"}
    seen = set()
    rulesets = [load_ruleset(name) for name in NAMES]
    for seed in range(30):
        for r in rulesets:
            for result in play(r, seed, ("uniform", "offender")[seed % 2]).results:
                check_result(result)
                seen.update(step.path.rsplit(".", 1)[0] if step.path.startswith("scoring.outcomes") else
                            re.sub(r"\..*\.", ".", step.path) for step in result.steps)
        if wanted <= seen:
            break
    assert wanted <= seen, wanted - seen


# -- the check fails when a step or its words are wrong -------------------------------------------------


def a_result(path_prefix: str) -> DealResult:
    """The first result of seeded standard games whose first step's path starts with ``path_prefix``."""
    r = load_ruleset("standard")
    for seed in range(200):
        for result in play(r, seed, ("uniform", "offender")[seed % 2]).results:
            if result.steps and result.steps[0].path.startswith(path_prefix) and result.steps[0].balls:
                return result
    raise AssertionError(f"no deal decided by {path_prefix} in 200 games")


@pytest.mark.parametrize("prefix", ["undertakings.thunee.failure", "scoring.outcomes", "claims.double"])
def test_a_step_for_the_wrong_team_with_one_ball_too_many_is_caught(prefix):
    result = a_result(prefix)
    check_result(result)
    step = result.steps[0]
    wrong = step._replace(team=1 - step.team, balls=step.balls + 1)
    broken = replace(result, steps=(wrong,) + result.steps[1:], lines=None)
    with pytest.raises(AssertionError, match="the steps add up to"):
        check_result(broken)


@pytest.mark.parametrize("prefix", ["undertakings.thunee.failure", "scoring.outcomes", "claims.khanaak"])
def test_words_that_name_the_wrong_team_and_one_ball_too_many_are_caught(prefix, monkeypatch):
    """The balls stay right, only the explanation is wrong: the check reads the words and fails."""
    result = a_result(prefix)
    kind = prefix.split(".")[0]
    right = scoring._WORDS[kind]

    def wrong_words(deal, step, rest):
        return right(deal, step._replace(team=1 - step.team, balls=step.balls + 1), rest)

    monkeypatch.setitem(scoring._WORDS, kind, wrong_words)
    broken = replace(result, lines=None)
    assert broken.balls == result.balls and broken.steps == result.steps
    with pytest.raises(AssertionError, match="the explanation gives"):
        check_result(broken)


def test_the_explanation_is_rendered_from_the_steps_it_is_given():
    result = a_result("scoring.outcomes")
    step = result.steps[0]
    other = step._replace(team=1 - step.team)
    assert explain(result.deal, (other,))[-1] != explain(result.deal, (step,))[-1]
    assert explain(result.deal, result.steps) == result.explanation
