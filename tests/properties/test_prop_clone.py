"""``GameState.clone()``: a copy that plays on exactly like the original and never touches it.

For random games of every shipped ruleset (random policies, offences included), a clone is taken at a
random point. Then: the clone played on with other random actions leaves the original exactly as it was
(every seat's view, the legal actions, the score, the records, the transcript), and a second clone played
on with the original's own actions ends in the same game (results, score, transcript, every deal's record).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.deal import DEAL_SLOTS

from offences import offences_available

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_ACTIONS = 20_000


def snapshot(game: GameState):
    """Everything a player or a program can read of a game."""
    views = [repr(game.view(s)) for s in range(game.ruleset.seats)] if game.deal is not None else []
    return (game.to_act, tuple(map(str, game.legal_actions())), tuple(game.score), game.is_over, game.winner,
            game.dealer, tuple(map(str, game.history)), game.to_transcript(), views,
            [(rec.result, rec.score_after, tuple(sorted(rec.silent)), rec.deuce) for rec in game.deals],
            game.rng.getstate())


def pick(game: GameState, rng: random.Random):
    if rng.random() < 0.02:
        offences = offences_available(game)
        if offences:
            return rng.choice(offences)
    return rng.choice(game.legal_actions())


def play_out(game: GameState, rng: random.Random, actions: list | None = None) -> list:
    """Play ``game`` to its end with random actions (or the given ones); the actions played."""
    done = []
    for n in range(MAX_ACTIONS):
        if game.is_over:
            return done
        action = actions[n] if actions is not None else pick(game, rng)
        game.apply(action)
        done.append(action)
    raise AssertionError("the game did not end")


@given(seed=st.integers(min_value=0, max_value=2**32 - 1), at=st.integers(min_value=0, max_value=400))
@SETTINGS
def test_a_clone_plays_on_like_the_original_and_never_touches_it(name, seed, at):
    ruleset = shipped_ruleset(name)
    rng = random.Random(seed)
    game = GameState(ruleset, seed=seed, dealer=seed % ruleset.seats)
    for _ in range(at):
        if game.is_over:
            break
        game.apply(pick(game, rng))
    before = snapshot(game)
    twin, other = game.clone(), game.clone()
    assert snapshot(twin) == before and snapshot(other) == before

    play_out(other, random.Random(seed + 1))  # the clone goes its own way ...
    assert snapshot(game) == before  # ... and the original has not moved

    rest = play_out(game, rng)
    assert play_out(twin, rng, rest) == rest  # the same actions are legal all along
    assert snapshot(twin) == snapshot(game)
    assert [rec.result for rec in twin.deals] == [rec.result for rec in game.deals]


def test_a_deal_takes_no_attribute_no_rule_declares():
    """Deal.clone copies what the rules' STATE declare, each as declared: an attribute no rule declares
    cannot be set on a deal, so it can never be shared by a clone by mistake (a value a rule declares
    shared that turns out mutable is caught by test_enginewin_fast_paths' clone test over every ruleset)."""
    game = GameState(shipped_ruleset("standard"), seed=1)
    try:
        game.deal.new_rule_state = []
    except AttributeError:
        pass
    else:  # pragma: no cover
        raise AssertionError("a deal took an attribute no rule declares")
    assert set(DEAL_SLOTS) >= {"hands", "trick", "window", "_seat_env"}


def test_only_the_listed_slots_hold_lists_of_mutable_values(name):
    # Deal.clone copies a list one level down only for the slots it lists (the cards each seat received):
    # any other list holding lists, sets or dicts would be shared by a clone
    from thunee_dsl.game.deal import DEAL_STATE
    from thunee_dsl.game.slots import OWN_NESTED, policy_of

    _NESTED_LISTS = {n for n, declared in DEAL_STATE.items() if policy_of(declared) == OWN_NESTED}

    ruleset = shipped_ruleset(name)
    for seed in range(6):
        game = GameState(ruleset, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            for slot in DEAL_SLOTS:
                value = getattr(game.deal, slot)
                if type(value) is list and slot not in _NESTED_LISTS:
                    assert not any(isinstance(v, (list, set, dict)) for v in value), slot
            game.apply(pick(game, rng))
