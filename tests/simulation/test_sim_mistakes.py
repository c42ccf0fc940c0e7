"""Mistakes on request, the default bot and the coverage of the rules that differ between rulesets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import make_bot
from thunee_dsl.players.mistakes import Mistakes, slips
from thunee_dsl.simulation import simulate
from thunee_dsl.simulation.coverage import counters_of

ROOT = Path(__file__).resolve().parents[2]
FRIENDLY = str(ROOT / "examples" / "house" / "friendly-table.yaml")
KHANAAK_SIMPLE = str(ROOT / "examples" / "house" / "khanaak-simple.yaml")
PARTNER_SIX = str(ROOT / "examples" / "partner-catch-six.yaml")


@pytest.fixture(scope="module")
def standard():
    return load_ruleset("standard")


@pytest.fixture(scope="module")
def friendly():
    return load_ruleset(FRIENDLY)


@pytest.fixture(scope="module")
def with_mistakes(standard, friendly):
    return simulate([standard, friendly], games=12, bots="random", seed=3, mistakes=0.05)


def dumps(comparison) -> str:
    return json.dumps(comparison.to_json(), sort_keys=True)


def test_slips_are_never_legal_and_come_from_the_seats_own_cards(standard):
    game = GameState(standard, seed=2)
    bots = [make_bot("random", standard, seed=s) for s in range(4)]
    seen_kinds = set()
    while not game.is_over and len(game.deals) < 4:
        legal = game.legal_actions()
        playing = legal[0].verb == "play"
        for seat in range(4):
            view = game.view(seat)
            for a in slips(standard, view, playing):
                assert a.seat == seat and a not in view.legal
                if a.verb == "play":
                    assert a.arg in view.hand
                offence = game.offence_of(a)
                if offence is not None:
                    seen_kinds.add(offence)
        game.apply(bots[game.to_act].choose(game.view(game.to_act)))
    assert {"revoke", "out of turn"} <= seen_kinds


def test_mistakes_are_reproducible_and_penalised_only_where_the_rules_say(with_mistakes, standard, friendly):
    a, b = with_mistakes.rulesets
    fired_a = {c.rule: c.deals for c in a.coverage}
    assert sum(n for rule, n in fired_a.items() if rule.startswith("penalties.")) > 0
    assert a.statistic("deal.penalty").estimate.value > 0
    assert b.statistic("deal.penalty").estimate.value == 0  # no penalties at a friendly table: taken back
    again = simulate([standard, friendly], games=12, bots="random", seed=3, mistakes=0.05, jobs=2)
    assert dumps(again) == dumps(with_mistakes)
    assert with_mistakes.to_json()["mistakes"] == 0.05
    assert "mistakes: 0.05 per decision" in with_mistakes.to_text()


def test_no_mistakes_by_default(standard):
    cmp = simulate([standard], games=6, bots="random", seed=3)
    assert cmp.mistakes == 0 and cmp.rulesets[0].statistic("deal.penalty").estimate.value == 0


def test_the_rate_is_per_decision():
    # with rate 1 a mistake is tried at every decision; with rate 0 never (no random draw either)
    class Game:  # the part of GameState a Mistakes reads, with nothing to do wrong
        ruleset = type("R", (), {"seats": 0})()

        def legal_actions(self):
            return []

    m = Mistakes(0.0, seed=1)
    state = m.rng.getstate()
    assert m.offence(Game()) is None and m.rng.getstate() == state
    m = Mistakes(1.0, seed=1)
    assert m.offence(Game()) is None and m.rng.getstate() != state


def test_the_default_bot_is_typical(standard):
    cmp = simulate([standard], games=2, seed=1)
    assert cmp.bots == "typical" and cmp.rulesets[0].bots == ("typical",) * 4


# -- the rules that differ --------------------------------------------------------------------


def test_changes_are_matched_to_the_counters_that_decide_them(standard):
    keys = [c.rule for c in simulate([standard], games=1, bots="random", seed=0).rulesets[0].coverage]
    assert counters_of(("undertakings", "thunee", "balls", "partner_catch"), keys) == \
        ("undertakings.thunee.partner_catch",)
    assert counters_of(("claims", "khanaak", "succeeds_if"), keys) == ("claims.khanaak",)
    assert set(counters_of(("penalties",), keys)) == {f"penalties.{o}" for o in standard.penalties.offences}
    assert counters_of(("game", "target"), keys) == ()  # felt in every deal
    assert counters_of(("calling", "simultaneous_extra"), keys) == ("calling.simultaneous_extra",)


def test_rules_that_never_decided_a_deal_say_what_would_make_them_fire(standard, friendly):
    six = load_ruleset(PARTNER_SIX)
    cmp = simulate([standard, six], games=3, bots="random", seed=0)
    [rule] = cmp.rules_compared
    assert rule.path == "undertakings.thunee.balls.partner_catch"
    assert rule.deals == tuple(next(c.deals for c in r.coverage if c.rule == "undertakings.thunee.partner_catch")
                               for r in cmp.rulesets)
    if rule.deals == (0, 0):
        [(change, deals, advice)] = cmp.coverage_warnings()
        assert change == "Thunee partner catch: 8 balls -> 6 balls" and deals == (0, 0)
        assert "more games" in advice and "try 30" in advice
    # penalties without mistakes: the advice is to ask for mistakes
    quiet = simulate([standard, friendly], games=2, bots="typical", seed=0)
    [(change, deals, advice)] = quiet.coverage_warnings()
    assert change == "Removes Penalties" and deals == (0, None)
    assert "--mistakes 0.01" in advice
    text = quiet.to_text()
    assert "Removes Penalties: A 0, B - deals" in text and "! never decided a deal" in text


def test_a_rule_that_fired_has_no_warning(standard, with_mistakes):
    [rule] = with_mistakes.rules_compared
    assert rule.deals[0] > 0 and rule.advice is None and with_mistakes.coverage_warnings() == []
    assert with_mistakes.to_json()["rules_compared"][0]["fired"] is True


def test_khanaak_reading_is_counted_by_the_khanaaks_claimed(standard):
    simple = load_ruleset(KHANAAK_SIMPLE)
    cmp = simulate([standard, simple], games=3, bots="random", seed=1)
    [rule] = cmp.rules_compared
    assert rule.counters == ("claims.khanaak",)
    assert rule.deals == tuple(next(c.deals for c in r.coverage if c.rule == "claims.khanaak") for r in cmp.rulesets)


def test_typical_bots_give_the_same_numbers_whatever_the_jobs(standard):
    # the styles draw deals from a random source seeded by the bot's seed and its view alone
    one = simulate([standard], games=3, bots="typical", seed=11, mistakes=0.01)
    two = simulate([standard], games=3, bots="typical", seed=11, mistakes=0.01, jobs=2)
    assert dumps(one) == dumps(two)


def test_advice_in_words():
    from thunee_dsl.simulation.coverage import advice

    # penalties without mistakes: only mistakes can make them fire, however many games
    assert advice(["penalties.revoke"], 1000, "typical", 0.0) == \
        "never decided a deal: bots make no mistakes unless asked: add mistakes (--mistakes 0.01)"
    assert advice(["penalties.revoke"], 5, "typical", 0.01) == \
        "never decided a deal: raise the mistakes rate; or play more games (try 50)"
    # the rule of three: none in 300 games puts the rate below 3 in 300
    assert advice(["undertakings.thunee.partner_catch"], 300, "typical", 0.0) == (
        "never decided a deal: bolder players take that risk more often: try --bots bold; or play more games "
        "(none of 300 had it, so it comes up in fewer than 3 games in 300, at 95% confidence; try 3000)")
    assert "bold" not in advice(["undertakings.thunee.partner_catch"], 300, "bold", 0.0)
    assert "bold" not in advice(["game.deuce"], 300, "typical", 0.0)


def test_advice_when_a_rule_decided_too_few_deals_to_show():
    from thunee_dsl.simulation.coverage import FEWEST_TO_SHOW, scarce_remedy

    # k equal changes in N games: mean k d / N, standard error d sqrt(k) / N: clear only when sqrt(k) > 1.96
    assert FEWEST_TO_SHOW == 4 and 3 ** 0.5 < 1.96 < 4 ** 0.5
    # 1 deal in 300 games: 4 take 1200 games; twice that: 2400
    assert scarce_remedy(["game.deuce"], 1, 300, "typical") == (
        "a difference it makes can show only once it has decided at least 4 deals; play more games "
        "(1 deal in 300 games, so 4 take about 1200; try 2400)")
    # 3 in 1000: 4000 / 3 = 1334 (rounded up); twice, to hundreds: 2700
    assert "so 4 take about 1334; try 2700)" in scarce_remedy(["undertakings.thunee.partner_catch"], 3, 1000, "bold")
    assert scarce_remedy(["undertakings.thunee.partner_catch"], 3, 1000, "typical").endswith("try --bots bold")


def test_a_claim_on_a_miscount_is_a_mistake_the_claims_own_rules_judge(standard):
    # bots that remember every card never make a claim that fails; a table that loses count does, and only
    # then do the rules of a failed Double or Khanaak come into play
    from thunee_dsl.players.mistakes import MISCOUNT

    game = GameState(standard, seed=4)
    bots = [make_bot("typical", standard, seed=40 + s) for s in range(4)]
    while True:
        view = game.view(game.to_act)
        action = bots[game.to_act].choose(view)
        claims = [a for a in view.legal if standard.claim_by_verb(a.verb)]
        if claims and action.verb == "pass":
            break  # a claim window where the bot keeps quiet: a claim here would fail
        game.apply(action)
    picked = {}
    for seed in range(40):
        m = Mistakes(1.0, seed=seed)
        a = m.offence(game)
        if a in claims:
            picked[a.verb] = a
            assert game.offence_of(a) is None  # legal: not an offence, judged by the claim's rules
    assert picked, "no seed chose a claim on a miscount"
    assert MISCOUNT == "claim on a miscount"
    a = next(iter(picked.values()))
    deal = game.deals[-1]
    game.apply(a)
    while deal.result is None:
        game.apply(bots[game.to_act].choose(game.view(game.to_act)))
    applied = deal.result.applied
    assert any(p.startswith(f"claims.{standard.claim_by_verb(a.verb).name}.") and not p.endswith(".success")
               for p in applied), applied
