"""A random game exported with ``to_transcript()`` and replayed (YAML and JSON) scores the same.

Also: a transcript cut after any complete deal replays to the partial score with no winner (unless
that deal decided the game), a deal listed after the deciding deal is an error, and a deal whose
last action is missing is an error.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl import shipped_ruleset
from thunee_dsl.errors import TranscriptError
from thunee_dsl.game import Action, GameState
from thunee_dsl.game.transcript import replay_text

from offences import offences_available

POLICIES = ("uniform", "mostly_pass", "offender")
MAX_ACTIONS = 20_000
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: The deals of a game the 40 examples were set for (a Thunee game from a random score: a few); a game of a fixed
#: number of deals, always played whole (Oh Hell's 19, Klaverjas's 16), gets as many examples as make about as
#: many deals (each still a whole game: every hand size of its schedule, the last deal deciding), 10 at least.
DEALS_OF_A_GAME = 6


def in_deals(test):
    """``test(name, data)`` run on hypothesis's examples, counted in deals (DEALS_OF_A_GAME) rather than games."""
    def run(name):
        ruleset = shipped_ruleset(name)
        fixed = ruleset.game.deals
        examples = SETTINGS.max_examples if fixed is None else max(10, SETTINGS.max_examples * DEALS_OF_A_GAME // fixed)

        @settings(SETTINGS, max_examples=examples)
        @given(data=st.data())
        def examples_of(data):
            test(name, data)

        examples_of()
    run.__name__, run.__doc__ = test.__name__, test.__doc__
    return run


def random_game(ruleset, seed: int, policy: str, dealer: int = 0, score=None) -> GameState:
    game = GameState(ruleset, seed=seed, dealer=dealer, score=score)
    rng = random.Random(seed * 31 + POLICIES.index(policy))
    n = 0
    while not game.is_over:
        assert n < MAX_ACTIONS
        legal = game.legal_actions()
        action = None
        if policy == "offender" and rng.random() < 0.03:
            offences = offences_available(game)
            action = rng.choice(offences) if offences else None
        if action is None:
            if policy != "uniform" and legal[-1].verb == "pass" and rng.random() < 0.9:
                action = legal[-1]
            else:
                action = rng.choice(legal)
        game.apply(action)
        n += 1
    return game


@st.composite
def games(draw, ruleset):
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    policy = draw(st.sampled_from(POLICIES))
    dealer = draw(st.integers(min_value=0, max_value=ruleset.seats - 1))
    if ruleset.game.transfer:  # stones: the sides' shares of the same total, none yet without (304)
        total = ruleset.game.start * ruleset.teams
        first = draw(st.integers(min_value=1, max_value=total - 1))
        score = [first, total - first]
    else:
        top = ruleset.game.target if ruleset.game.target is not None else 200  # (a game of a number of deals)
        score = draw(st.lists(st.integers(min_value=0, max_value=top - 1),
                              min_size=ruleset.teams, max_size=ruleset.teams))
    return random_game(ruleset, seed, policy, dealer, score)


def non_pass(actions) -> list[Action]:
    return [a for a in actions if a.verb != "pass"]


def assert_same_game(report, game: GameState, n_deals: int | None = None) -> None:
    results = game.results if n_deals is None else game.results[:n_deals]
    records = game.deals if n_deals is None else game.deals[:n_deals]
    assert len(report.deals) == len(results)
    assert [d.balls for d in report.deals] == [d.balls for d in results]
    assert [d.cancelled for d in report.deals] == [d.cancelled for d in results]
    assert [d.dealer for d in report.deals] == [rec.dealer for rec in records]
    assert list(report.deals) == list(results)  # every field: trump, maker, call, claims, points...
    replayed = report.game
    assert [(rec.dealer, rec.hands) for rec in replayed.deals] == [(rec.dealer, rec.hands) for rec in records]
    assert [non_pass(rec.actions) for rec in replayed.deals] == [non_pass(rec.actions) for rec in records]


def test_transcript_of_a_fixed_game_is_plain_data(ruleset):
    game = random_game(ruleset, 3, "mostly_pass")
    t = game.to_transcript()
    assert t["ruleset"] == ruleset.name and t["dealer"] == 0 and t["score"] == [ruleset.game.start] * ruleset.teams
    assert len(t["deals"]) == len(game.deals) > 0
    assert yaml.safe_load(yaml.safe_dump(t)) == t
    for deal in t["deals"]:
        assert sorted(deal["hands"]) == list(range(ruleset.seats))
        # declined announcements are left out; only a bid, or a turn in a round of making trumps, can be a pass
        if ruleset.bidding is None and not (ruleset.trumps is not None and ruleset.trumps.rounds):
            assert all(not a.endswith(" pass") for a in deal["actions"])


@in_deals
def test_replay_of_exported_transcript_scores_the_same(name, data):
    ruleset = shipped_ruleset(name)
    game = data.draw(games(ruleset))
    transcript = game.to_transcript()
    texts = {"yaml": yaml.safe_dump(transcript, sort_keys=False), "json": json.dumps(transcript)}
    for fmt, text in texts.items():
        report = replay_text(text, filename=f"game.{fmt}")
        assert_same_game(report, game)
        assert report.score == tuple(game.score)
        assert report.winner == game.winner and (game.winner is not None or bool(game.tied))  # (a tie: no winner)
        assert report.ruleset == ruleset.name
        out = json.loads(json.dumps(report.to_json()))
        assert out["score"] == game.score and out["winner"] == game.winner
        assert [d["balls"] for d in out["deals"]] == [list(r.balls) for r in game.results]
        assert [d["cancelled"] for d in out["deals"]] == [r.cancelled for r in game.results]
        assert isinstance(report.to_text(), str) and report.to_text()


@in_deals
def test_truncated_transcript_replays_to_the_partial_score(name, data):
    ruleset = shipped_ruleset(name)
    game = data.draw(games(ruleset))
    transcript = game.to_transcript()
    n = len(transcript["deals"])
    k = data.draw(st.integers(min_value=1, max_value=n), label="deals kept")
    cut = dict(transcript, deals=transcript["deals"][:k])
    report = replay_text(yaml.safe_dump(cut, sort_keys=False))
    assert_same_game(report, game, k)
    assert list(report.score) == list(game.deals[k - 1].score_after)
    if k < n:
        assert report.winner is None, "the game cannot be won before its last deal"
        # the replay can go on from there: the next deal is dealt by the same dealer as in the game,
        # unless the rules had the contenders draw for it (Nigerian Thuni), when it is one of them
        if len(report.game.dealer_contenders) > 1:
            assert {report.game.dealer, game.deals[k].dealer} <= set(report.game.dealer_contenders)
        else:
            assert report.game.dealer == game.deals[k].dealer
    else:
        assert report.winner == game.winner and (game.winner is not None or bool(game.tied))  # (a tie: no winner)


@in_deals
def test_deal_after_the_deciding_deal_is_an_error(name, data):
    ruleset = shipped_ruleset(name)
    game = data.draw(games(ruleset))
    transcript = game.to_transcript()
    extra = dict(transcript, deals=transcript["deals"] + [copy.deepcopy(transcript["deals"][-1])])
    with pytest.raises(TranscriptError, match=f"deal {len(transcript['deals']) + 1}"):
        replay_text(yaml.safe_dump(extra, sort_keys=False))


@in_deals
def test_deal_missing_its_last_action_is_an_error(name, data):
    ruleset = shipped_ruleset(name)
    game = data.draw(games(ruleset))
    transcript = game.to_transcript()
    ended_by_an_action = [i for i, r in enumerate(game.results) if not r.cancelled]
    assert ended_by_an_action, "a game is won by scored deals"
    i = data.draw(st.sampled_from(ended_by_an_action), label="deal cut short")
    deals = [dict(d) for d in transcript["deals"][: i + 1]]
    deals[i]["actions"] = deals[i]["actions"][:-1]
    with pytest.raises(TranscriptError, match=f"deal {i + 1}"):
        replay_text(json.dumps(dict(transcript, deals=deals)))
