"""A card played reversibly (play.play_reversibly, the solver's make) and taken back (play.take_back, its
unmake): over seeded random games of every shipped ruleset, at each card turn every legal card is tried, and

- the deal it leaves is the deal the game's own path leaves (a copy, ``apply_if_legal``), attribute by
  attribute;
- it changes only play.TAKEN_BACK (what the solver's key reads again after a card);
- taking it back leaves the deal as it was, attribute by attribute (a refused card changes nothing);

and the plain tricks of Thunee are played reversibly (the search's common case)."""

from __future__ import annotations

import random

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.deal import DEAL_SLOTS
from thunee_dsl.game.play import TAKEN_BACK, Play
from thunee_dsl.game.play import pass_reversibly, take_back_pass
from thunee_dsl.loading import shipped_rulesets

RULESETS = sorted(shipped_rulesets())
_CACHES = frozenset({"_seat_env", "_counts", "_view_cache"})  # made again on demand: not the position
# the claims offered in a trick: kept by the deal played on, made again on demand by a copy (REMADE); taking
# back must restore it (a stale one would offer the claims of another line)
_REMADE_BY_A_COPY = frozenset({"_claims_asked"})


def snapshot(deal) -> dict:
    """Every attribute of the deal as a value compared by equality (containers copied, a window by its polling)."""
    out = {}
    for name in DEAL_SLOTS:
        if name in _CACHES:
            continue
        value = getattr(deal, name)
        if type(value) is list:
            value = [list(x) if type(x) is list else x for x in value]
        elif type(value) in (dict, set):
            value = value.copy()
        elif name == "window" and value is not None:
            value = (type(value), tuple(value.order), value.pos, value.silent, value.options)
        out[name] = value
    return out


def differing(a: dict, b: dict) -> set:
    return {name for name in a if a[name] != b[name]}


def tried_cards(name: str, seeds: range, passing: bool = False) -> tuple[int, int]:
    """(cards tried, cards played reversibly), each checked as the module says; random legal actions, or
    with ``passing`` a pass wherever one is legal (no undertaking, no claim: the solver's usual positions)."""
    ruleset = shipped_ruleset(name)
    tried = reversible = 0
    for seed in seeds:
        rng = random.Random(seed)
        game = GameState(ruleset, seed=seed)
        while not game.is_over and len(game.deals) <= 3:  # (a deal may be thrown in before its play)
            deal = game.deal
            legal = game.legal_actions()
            if deal.is_play_turn():
                for action in legal:
                    if action.verb != "play":
                        continue
                    before = snapshot(deal)
                    copy = deal.clone()
                    copy.apply_if_legal(action)
                    undo = Play.play_reversibly(deal, action.seat, deal.card_of[action.arg])
                    tried += 1
                    if undo is None:
                        assert not differing(before, snapshot(deal)), (name, seed, action)
                        continue
                    reversible += 1
                    after = snapshot(deal)
                    assert not differing(after, snapshot(copy)) - _REMADE_BY_A_COPY, (name, seed, action)
                    assert differing(before, after) <= TAKEN_BACK, (name, seed, action)
                    Play.take_back(deal, undo)
                    assert not differing(before, snapshot(deal)), (name, seed, action)
                    assert deal.legal_actions() == legal
            passes = [a for a in legal if a.verb == "pass"] if passing else []
            game.apply(passes[0] if passes else rng.choice(legal))
    return tried, reversible


def tried_passes(name: str, seeds: range) -> tuple[int, int]:
    """(passes tried, passes said reversibly) in the windows of seeded games in which every window is passed
    (windows.pass_reversibly, the solver's make of a pass, and take_back_pass), each checked as a card is."""
    ruleset = shipped_ruleset(name)
    tried = reversible = 0
    for seed in seeds:
        rng = random.Random(seed)
        game = GameState(ruleset, seed=seed)
        while not game.is_over and len(game.deals) <= 3:
            deal = game.deal
            legal = game.legal_actions()
            passes = [a for a in legal if a.verb == "pass"]
            if deal.window is not None and passes:
                before = snapshot(deal)
                copy = deal.clone()
                copy.apply_if_legal(passes[0])
                undo = pass_reversibly(deal)
                tried += 1
                if undo is None:
                    assert not differing(before, snapshot(deal)), (name, seed)
                else:
                    reversible += 1
                    after = snapshot(deal)
                    assert not differing(after, snapshot(copy)) - _REMADE_BY_A_COPY, (name, seed, deal.window)
                    assert differing(before, after) <= TAKEN_BACK, (name, seed)
                    take_back_pass(deal, undo)
                    assert not differing(before, snapshot(deal)), (name, seed)
                    assert deal.legal_actions() == legal
            game.apply(passes[0] if passes else rng.choice(legal))
    return tried, reversible


@pytest.mark.parametrize("name", RULESETS)
def test_played_and_taken_back(name):
    tried, _ = tried_cards(name, range(6))
    assert tried > 0


@pytest.mark.parametrize("name", RULESETS)
def test_passes_said_and_taken_back(name):
    tried, _ = tried_passes(name, range(4))
    assert tried > 0 or not shipped_ruleset(name).claims


def test_passes_before_a_card_are_reversible():
    """Thunee's windows asked in the play (the claims before each card of the last trick, a Jodie after a
    trick) close to the next card: every pass in them is said reversibly; a window before the play (calling,
    undertakings) is not."""
    ruleset = shipped_ruleset("standard")
    tried, reversible = tried_passes("standard", range(4))
    assert 0 < reversible < tried, (tried, reversible)
    # (only windows opened once the cards are being played are taken back)
    game = GameState(ruleset, seed=1)
    while game.deal.window is None:
        game.apply(game.legal_actions()[0])
    assert not game.deal.tricks and game.deal.window.name in ("calling", "undertakings"), game.deal.window.name
    assert pass_reversibly(game.deal) is None


def test_plain_tricks_are_reversible():
    """Thunee's tricks after the first lead, every window passed: more than 85% of the cards tried are played
    reversibly, a trick a Jodie may follow, the lead after it and the last trick's cards (a claim asked before
    each) included (not the first lead, not the deal's last card: the deal ends; 1,513 of 1,723 on these
    seeds; 1,372 before the claims' windows were taken back, 852 before the Jodie's trick was)."""
    tried, reversible = tried_cards("standard", range(10), passing=True)
    assert reversible > tried * 85 // 100, (tried, reversible)
