"""Claims are worked out once per team and trick where their conditions allow it (game.claims.choices),
and asked again after anything that can change what those conditions read."""

import random

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game import claims
from thunee_dsl.game.tables import tables

# a claim that reads what the team has declared (a Jodie is any Ace here, so one can still be said, at the
# wrong time, in the last trick) and is offered to the trump makers' team only
CLAIM_READS_DECLARED = """\
extends: standard
name: claims-read-declared
declarations:
  jodie:
    combinations:
      - {ranks: [A], trumps: 50, other: 50}
claims:
  double:
    allowed_if: undertaking == none and callers == makers and callers.declared == 0
  khanaak:
    allowed_if: undertaking == none and callers == makers and callers.declared == 0
"""


def quiet(game: GameState) -> None:
    """One decision: pass where a pass is allowed, else the first legal action."""
    legal = game.legal_actions()
    game.apply(legal[-1] if legal[-1].verb == "pass" else legal[0])


def test_which_rulesets_ask_once_per_team():
    assert tables(load_ruleset("standard")).claims_per_team  # undertaking == none; callers.balls == corner_house
    # a claim reading the seat's own counts or the leader cannot be shared by the two seats of a team
    assert not tables(load_ruleset("cats-at-cards")).claims_per_team


def test_the_second_seat_of_a_team_reuses_the_first_ones_claims(monkeypatch):
    worked_out = []
    real = claims._offered
    monkeypatch.setattr(claims, "_offered", lambda deal, seat: worked_out.append(seat) or real(deal, seat))
    game = GameState(load_ruleset("standard"), seed=5)
    while len(game.deals) == 1 and not (game.deal.over or len(game.deal.tricks) == game.deal.n_tricks):
        quiet(game)
    deal = game.deals[0]
    assert [a.verb for a in deal.actions].count("pass") > 4
    teams = {s % 2 for s in worked_out}
    assert len(worked_out) == len(teams) == 2  # four seats asked before their last card, one working out a team
    asked = [a.seat for a in deal.actions[-8:] if a.verb == "pass"]
    assert len(asked) == 4  # every seat was offered a claim (and passed)


def test_a_choice_shared_in_the_team_equals_one_worked_out_afresh():
    """At every decision of random games of every shipped ruleset with claims, each seat's claims from the
    cache equal those worked out with nothing cached."""
    for name in ("standard", "royals", "six-player", "two-player", "thirteen-point"):
        ruleset = load_ruleset(name)
        rng = random.Random(name)
        for seed in range(4):
            game = GameState(ruleset, seed=seed)
            while not game.is_over and len(game.deals) < 4:
                deal = game.deal
                if len(deal.tricks) == deal.t.claim_trick and not deal.over:
                    cached = [claims.choices(deal, s) for s in range(ruleset.seats)]
                    kept = deal._claims_asked
                    claims.forget(deal)
                    assert [claims.choices(deal, s) for s in range(ruleset.seats)] == cached
                    deal._claims_asked = kept
                legal = game.legal_actions()
                game.apply(legal[int(rng.random() * len(legal))])


@pytest.fixture
def declared_rules(tmp_path):
    path = tmp_path / "claims-read-declared.yaml"
    path.write_text(CLAIM_READS_DECLARED)
    ruleset = load_ruleset(str(path))
    assert tables(ruleset).claims_per_team
    return ruleset


def _at_last_trick_with_an_ace_to_declare(ruleset):
    """A game at its first deal's last trick, the trump makers' first seat asked its claims and its card
    played, the makers' other seat holding a lone Ace, a seat of the other team to play: (game, that seat)."""
    for seed in range(300):
        game = GameState(ruleset, seed=seed)
        while len(game.deals) == 1 and not game.deal.over and len(game.deal.tricks) < game.deal.n_tricks - 1:
            quiet(game)
        deal = game.deal
        if len(game.deals) != 1 or deal.over or deal.undertaking is not None or any(deal.team_declared):
            continue
        order = [(deal.leader + i) % 4 for i in range(4)]
        makers = [s for s in order if deal.team_of[s] == deal.makers]
        later = makers[1]
        if ruleset.deck.names[deal.hands[later].bit_length() - 1][:-1] != "A":
            continue
        while not (deal.window is None and deal.pending is not None and deal.team_of[deal.pending.seat] != deal.makers
                   and makers[0] in [s for s, _ in deal.trick]):
            quiet(game)
        return game, later
    pytest.fail("no seed gives the makers' later seat a lone Ace")  # pragma: no cover


def test_a_declaration_between_cards_clears_the_claims_worked_out(declared_rules):
    game, later = _at_last_trick_with_an_ace_to_declare(declared_rules)
    deal = game.deal
    assert [a.verb for a in game.deals[0].actions if a.seat in (later, (later + 2) % 4)].count("double") == 0
    assert deal._claims_asked  # the makers' first seat was offered Double and Khanaak, and passed
    ace = declared_rules.deck.names[deal.hands[later].bit_length() - 1]
    declaration = f"{later} jodie {ace[-1]}"
    assert game.offence_of(declaration) == "declaration at the wrong time"
    game.apply(declaration)  # made at the wrong time: it stands unless the opponents challenge it
    assert deal._claims_asked is None and deal.team_declared[deal.makers] == 50
    while deal.window is not None:  # nobody challenges
        game.apply(game.legal_actions()[-1])
    while deal.pending is not None and deal.pending.seat != later:
        quiet(game)
    # the makers have declared now: the later seat is not offered a claim (its teammate was)
    assert not deal.over and deal.window is None and deal.pending.seat == later
    assert all(a.verb == "play" for a in game.legal_actions())


def test_an_offence_an_undertaking_a_claim_and_a_challenge_clear_the_claims_worked_out():
    """Each action that changes what a claim may read goes through claims.forget."""
    from thunee_dsl.game.actions import Action
    from thunee_dsl.game.penalties import Penalties
    from thunee_dsl.game.claims import Claims
    game = GameState(load_ruleset("standard"), seed=5)
    while len(game.deal.tricks) < game.deal.n_tricks - 1:
        quiet(game)
    deal = game.deal
    assert deal.window is not None and deal.window.name == "claims"
    assert deal._claims_asked
    clone = deal.clone()
    assert clone._claims_asked is None  # a clone works its claims out afresh
    seat = deal.window.seat
    Claims.take(deal.window, deal, Action(seat, "double"))
    assert deal._claims_asked is None and deal.claim is not None
    clone_claims = clone.window
    claims.choices(clone, clone_claims.seat)
    assert clone._claims_asked
    Penalties.commit(clone, Action(clone_claims.seat, "play", "AS"), "revoke")
    assert clone._claims_asked is None


def test_a_team_value_named_like_a_built_in_number_is_not_shared(tmp_path):
    """A claim reading a ruleset's own team value (here ``cards_and_jodies``, read as ``callers.cards_and_jodies``):
    it may read anything, so the claims are worked out for each seat. (A team value can no longer take a built-in
    number's name such as ``cards``: validation refuses it, tests/model/test_model_compile.py.)"""
    path = tmp_path / "shadowed.yaml"
    path.write_text("extends: standard\nname: shadowed\nscoring:\n  team_values:\n    cards_and_jodies:\n"
                    "      formula: team.cards + team.declared\n"
                    "claims:\n  double:\n    allowed_if: undertaking == none and callers.cards_and_jodies >= 0\n")
    ruleset = load_ruleset(str(path))
    assert "callers.cards_and_jodies" in ruleset.claims[0].allowed_if.names
    assert not tables(ruleset).claims_per_team
