"""The bots do not peek: what they choose depends on their seat's view alone.

Two games are dealt alike except for cards the watching seat cannot see, swapped between two other
seats (cards not yet played, so that every action of the first game is legal in the second). Where the
watching seat's views of the two games are equal, a bot with the same seed must choose the same action
in both -- while the hidden hands really differ.
"""

from __future__ import annotations

import random

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import make_bot
from thunee_dsl.players import knowledge
from thunee_dsl.players.knowledge import Knowledge, forget_knowledge
from thunee_dsl.players.worlds import forget_positions

CASES = [("standard", 0), ("standard", 3), ("six-player", 1), ("two-player", 0), ("blind-thunee", 2),
         # a turn-up (Euchre's picked up and a card discarded unseen, Whist's the dealer's last card) and a closed
         # trump's cards played face down (304): the Monte Carlo bot samples deals there too
         ("euchre", 1), ("whist", 1), ("304", 2)]
BOTS = [("heuristic", {}), ("montecarlo", {"samples": 6})]


def play_prefix(ruleset, seed: int, n_actions: int):
    """A game of heuristic bots, stopped after ``n_actions``: (game, actions)."""
    game = GameState(ruleset, seed=seed)
    bots = [make_bot("heuristic", ruleset, seed=seed + s) for s in range(ruleset.seats)]
    actions = []
    while not game.is_over and len(actions) < n_actions and len(game.deals) == 1:
        a = bots[game.to_act].choose(game.view(game.to_act))
        game.apply(a)
        actions.append(a)
    return game, actions


def twin(ruleset, game: GameState, actions, watcher: int, rng: random.Random):
    """A second game of the same deal with two cards ``watcher`` cannot see swapped (between other seats'
    hands, or with cards still to be dealt), replayed with the same actions, whose view for ``watcher``
    equals the first's; None if no swap tried gives one."""
    record = game.deals[-1]
    deck = ruleset.deck
    orders = [[deck.card(c) for c in hand] for hand in record.hands]
    view = game.view(watcher)
    played = {deck.card(a.arg) for a in actions if a.verb == "play"}
    seen = len(view.hand) + view.unseen + sum(1 for a in actions if a.verb == "play" and a.seat == watcher)
    shown = {deck.card(view.trump_card)} if view.trump_card else set()
    hidden = [(s, i) for s, order in enumerate(orders) for i, c in enumerate(order)
              if (i >= seen if s == watcher else c not in played and c not in shown)]
    if len(hidden) < 2:
        return None
    for _ in range(300):
        (s1, i1), (s2, i2) = rng.sample(hidden, 2)
        if s1 == s2:
            continue
        c1, c2 = orders[s1][i1], orders[s2][i2]
        swapped = [list(o) for o in orders]
        swapped[s1][i1], swapped[s2][i2] = c2, c1
        other = GameState(ruleset, seed=game.seed, dealer=record.dealer, score=game.initial_score, auto_deal=False)
        other.start_deal(swapped, [deck.card(c) for c in record.undealt])  # (the turn-up and the rest undealt)
        if not all(a in other.legal_actions() and other.apply(a) for a in actions):
            continue
        if other.to_act == watcher and other.view(watcher) == view:
            return other, (s1, deck.names[c1], s2, deck.names[c2])
    return None


@pytest.mark.parametrize("name,seed", CASES)
def test_equal_views_give_equal_choices_whatever_the_hidden_cards(name, seed):
    r = shipped_ruleset(name)
    rng = random.Random(seed)
    checked = 0
    for n_actions in range(4, 60, 3):
        game, actions = play_prefix(r, seed, n_actions)
        if game.is_over or len(game.deals) != 1 or len(actions) < n_actions:
            break
        watcher = game.to_act
        view = game.view(watcher)
        if len(view.legal) < 2:
            continue
        found = twin(r, game, actions, watcher, rng)
        if found is None:
            continue
        other, (s1, c1, s2, c2) = found
        assert other.deals[-1].hands != game.deals[-1].hands  # the hidden cards differ
        for bot_name, options in BOTS:
            a = make_bot(bot_name, r, seed=7, **options).choose(view)
            b = make_bot(bot_name, r, seed=7, **options).choose(other.view(watcher))
            assert a == b, f"{bot_name} chose {a} and {b} (cards {c1}@{s1} and {c2}@{s2} swapped)"
        checked += 1
    assert checked >= 3


STYLES = [("typical", {}), ("bold", {}), ("cautious", {})]


@pytest.mark.parametrize("name,seed", [("standard", 0), ("standard", 5), ("nigerian-thuni", 1), ("blind-thunee", 2)])
def test_announcements_weighed_by_expected_balls_see_only_the_view(name, seed):
    """Calls, bids, undertakings and claims (the decisions the styles sample deals for): equal views, equal
    choices, and equal estimates."""
    r = shipped_ruleset(name)
    rng = random.Random(seed)
    kinds = set()
    for n_actions in range(1, 80):
        game, actions = play_prefix(r, seed, n_actions)
        if game.is_over or len(game.deals) != 1 or len(actions) < n_actions:
            break
        watcher = game.to_act
        view = game.view(watcher)
        verbs = {a.verb for a in view.legal}
        kind = next((k for k, test in (("call", lambda v: v == "call"), ("bid", lambda v: v == "bid"),
                                       ("undertaking", r.undertaking_by_verb), ("claim", r.claim_by_verb))
                     if any(test(v) for v in verbs)), None)
        if kind is None or len(view.legal) < 2:
            continue
        found = twin(r, game, actions, watcher, rng)
        if found is None:
            continue
        other, (s1, c1, s2, c2) = found
        for bot_name, options in STYLES:
            one, two = make_bot(bot_name, r, seed=7, **options), make_bot(bot_name, r, seed=7, **options)
            a, b = one.choose(view), two.choose(other.view(watcher))
            assert a == b, f"{bot_name} chose {a} and {b} (cards {c1}@{s1} and {c2}@{s2} swapped)"
            ea, eb = one.last_estimate, two.last_estimate
            assert (ea is None) == (eb is None)
            if ea is not None:
                assert ea.results == eb.results
        kinds.add(kind)
    assert kinds == ({"bid"} if r.bidding is not None else {"call", "claim", "undertaking"})


def test_a_call_weighed_against_a_call_reads_the_callers_hand_from_the_view_alone():
    # facing a call, the styles draw only deals where the caller holds a hand worth calling on: that
    # reading must come from the view (the call said), never from the caller's real cards
    r = shipped_ruleset("standard")
    rng = random.Random(11)
    checked = 0
    for seed in range(200):  # (until 3 hands above the call screen are checked)
        game = GameState(r, seed=seed)
        game.apply(game.legal_actions()[0])  # the chooser makes trumps
        call = next(a for a in game.legal_actions() if a.verb == "call")
        game.apply(call)
        actions = [a for d in game.deals for a in d.actions]
        watcher = game.to_act
        view = game.view(watcher)
        if not any(a.verb == "call" for a in view.legal) or watcher == call.seat:
            continue
        bot = make_bot("typical", r, seed=7)
        assert bot._callers_hands(Knowledge(r, view)) is not None  # there is a call to read
        chosen = bot.choose(view)
        if bot.last_estimate is None:
            continue  # a hand below the call screen: nothing drawn
        found = twin(r, game, actions, watcher, rng)
        if found is None:
            continue
        other, _ = found
        again = make_bot("typical", r, seed=7)
        assert again.choose(other.view(watcher)) == chosen
        assert again.last_estimate.results == bot.last_estimate.results
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def _replayed(ruleset, record, actions):
    """A fresh game of the deal of ``record`` (its hands as dealt) and the games after each of ``actions``."""
    deck = ruleset.deck
    game = GameState(ruleset, seed=0, dealer=record.dealer, score=None, auto_deal=False)
    game.start_deal([[deck.card(c) for c in hand] for hand in record.hands])
    yield game
    for a in actions:
        game.apply(a)
        yield game


@pytest.mark.parametrize("name,seed", [("standard", 0), ("standard", 3), ("six-player", 1), ("two-player", 0)])
def test_what_a_seat_carries_from_decision_to_decision_comes_from_its_views(name, seed):
    """A typical bot asked at every turn of its seat through a deal and through its twin (cards the seat
    cannot see swapped) chooses alike each time: what it carries from one decision to the next (the
    Knowledge moved on by the cards played since, the positions its sampled deals are built from) is
    read from its own views, never from the cards."""
    r = shipped_ruleset(name)
    rng = random.Random(seed)
    game, actions = play_prefix(r, seed, 10 ** 6)  # the whole first deal
    checked = 0
    for n_actions in range(len(actions) - 1, 0, -1):
        if checked == 2:
            break
        cut = actions[:n_actions]
        prefix, _ = play_prefix(r, seed, n_actions)
        watcher = prefix.to_act
        if prefix.view(watcher).legal[1:] == () or prefix.view(watcher).legal[0].verb != "play":
            continue
        found = twin(r, prefix, cut, watcher, rng)
        if found is None:
            continue
        other, _ = found
        chosen, advanced = [], 0
        for g in (prefix, other):
            forget_knowledge()
            forget_positions()
            bot = make_bot("typical", r, seed=7)
            mine = []
            for state in _replayed(r, g.deals[-1], cut):
                if state.to_act == watcher and len(state.legal_actions()) > 1:
                    mine.append(bot.choose(state.view(watcher)))
                    k = knowledge._LAST.by_seat.get((id(r), watcher))
                    advanced += k is not None and k.advanced
            chosen.append(mine)
        assert chosen[0] == chosen[1]
        assert advanced > 0  # the seat's Knowledge was moved on, not only read afresh
        checked += 1
    assert checked == 2
