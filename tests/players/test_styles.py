"""The table styles: announcements weighed by the balls each choice is expected to bring."""

from __future__ import annotations

import pytest
from bot_helpers import STANDARD, drive, thunee_deal, until_seat

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import Action, GameState
from thunee_dsl.players import BOTS, DEFAULT_BOT, STYLES, TableBot, make_bot
from thunee_dsl.players.expected import Estimate


def test_the_styles_are_registered_and_typical_is_the_default():
    assert {"cautious", "typical", "bold", "heuristic", "random", "montecarlo"} <= set(BOTS)
    assert DEFAULT_BOT == "typical"
    for name in ("cautious", "typical", "bold"):
        bot = make_bot(name, STANDARD, seed=1)
        assert isinstance(bot, TableBot) and bot.name == name and bot.style is STYLES[name]
    assert STYLES["cautious"].risk < STYLES["typical"].risk == 0 < STYLES["bold"].risk


def test_appetite_for_risk_by_hand_worked_results():
    # pass: 1 ball in each of four deals; claim: +4 in three, -4 in one.
    # mean: pass 1, claim (4 + 4 + 4 - 4) / 4 = 2; spread of the claim: sqrt((3 * 2**2 + 6**2) / 3) = 4
    pass_, claim = Action(0, "pass"), Action(0, "double")
    est = Estimate({pass_: [1.0, 1.0, 1.0, 1.0], claim: [4.0, 4.0, 4.0, -4.0]}, deals=4, draws=4)
    assert est.mean(claim) == 2.0 and est.spread(claim) == pytest.approx(4.0)
    assert est.best(STYLES["typical"].risk) == claim  # pays on average: 2 > 1, though not certain
    assert est.worth(claim, -0.5) == pytest.approx(0.0)
    assert est.best(STYLES["cautious"].risk) == pass_  # 2 - 0.5 * 4 = 0 < 1
    assert est.best(STYLES["bold"].risk) == claim
    # trust in the sample: the claim's edge over passing is 1 ball a deal, its standard error
    # sqrt(((3 * 2**2 + 6**2) / 3) / 4) = 2, so a margin of 1 standard error keeps quiet, 0.4 does not
    assert est.edge(claim, pass_) == (pytest.approx(1.0), pytest.approx(2.0))
    assert est.best(0.0, margin=1.0) == pass_ and est.best(0.0, margin=0.4) == claim
    # equal worth: the quiet choice, listed first
    tie = Estimate({pass_: [1.0, 1.0], claim: [1.0, 1.0]}, deals=2, draws=2)
    assert tie.best() == pass_


def test_a_likely_thunee_is_undertaken_by_typical_and_bold_a_hopeless_hand_is_not_weighed():
    # J 9 K of hearts and three Jacks: only the Ace of hearts can beat it, and it falls to the first two
    # heart leads whenever its holder has one or two hearts besides: worth 4 balls in most deals
    game = drive(thunee_deal(["JH", "9H", "KH", "JS", "JD", "JC"]), ["1 trump QH", "2 pass"])
    view = until_seat(game, 2).view(2)
    for name in ("typical", "bold"):
        bot = make_bot(name, STANDARD, seed=1)
        assert bot.choose(view) == Action(2, "thunee"), name
        est = bot.last_estimate
        assert est.mean(Action(2, "thunee")) > est.mean(Action(2, "pass"))
    # low cards: not even weighed (no sampling), a pass
    game = drive(thunee_deal(["KH", "TH", "KS", "QS", "KD", "QD"]), ["1 trump QH", "2 pass"])
    view = until_seat(game, 2).view(2)
    bot = make_bot("typical", STANDARD, seed=1)
    assert bot.choose(view) == Action(2, "pass") and bot.last_estimate is None


def play_games(ruleset, name: str, seeds):
    """Whole games of one style at every seat; the finished games and each claim decision it weighed."""
    games, weighed = [], []
    for seed in seeds:
        game = GameState(ruleset, seed=seed)
        bots = [make_bot(name, ruleset, seed=seed * 10 + s) for s in range(ruleset.seats)]
        while not game.is_over:
            seat = game.to_act
            view = game.view(seat)
            bot = bots[seat]
            bot.last_estimate = None
            action = bot.choose(view)
            if bot.last_estimate is not None and any(ruleset.claim_by_verb(a.verb) for a in view.legal):
                weighed.append((action, bot.last_estimate))
            game.apply(action)
        games.append(game)
    return games, weighed


def test_typical_takes_the_claim_of_highest_average_unless_its_edge_is_within_the_noise():
    # (that a claim is made when it pays on average, even if not certain: the worked results above)
    _, weighed = play_games(STANDARD, "typical", range(6))
    assert any(a.verb != "pass" for a, _ in weighed), "no claim in six games"
    assert len(weighed) > 12
    for action, est in weighed:
        options = list(est.results)
        quiet = options[0]
        best = max(options, key=lambda a: (round(est.mean(a), 9), -options.index(a)))
        assert all(len(v) == est.draws for v in est.results.values())
        if est.draws == 1:  # stopped at the first layout: every claim did worse there than keeping quiet
            assert action == quiet and all(est.results[a][0] < est.results[quiet][0] for a in options[1:])
            continue
        if action != best:
            edge, se = est.edge(best, quiet)
            assert action == quiet and edge <= STYLES["typical"].margin * se
        else:
            assert action == quiet or est.mean(action) > est.mean(quiet)


@pytest.mark.parametrize("name", ["standard", "nigerian-thuni", "six-player", "blind-thunee"])
def test_bold_makes_announcements_of_every_kind_the_ruleset_has(name):
    r = shipped_ruleset(name)
    games, _ = play_games(r, "bold", range(2))
    verbs = {a.verb for g in games for d in g.deals for a in d.actions}
    if r.calling is not None:
        assert "call" in verbs
    if r.bidding is not None:
        assert "bid" in verbs
    if r.undertakings:
        assert any(r.undertaking_by_verb(v) for v in verbs)


@pytest.mark.parametrize("module", ["thunee_dsl.players", "thunee_dsl.players.styles"])
def test_docstring_examples(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0



def test_in_standard_whether_a_claim_succeeds_is_the_same_in_every_layout_the_seat_cannot_rule_out():
    # Why no Double or Khanaak of the bots fails in `standard` (docs/simulation.md, "What the styles do"):
    # the window opens just before the claimer plays to the last trick, every card still out is played to
    # it, and both claims need the claimer to win it, which its own card and the cards seen decide. A failed
    # claim needs a player who has lost track of the cards. (What keeping quiet is worth may differ.)
    import random

    from thunee_dsl.players.knowledge import Knowledge
    from thunee_dsl.players.worlds import Tracker, playout, replayed_worlds

    game = GameState(STANDARD, seed=7)
    bots = [make_bot("typical", STANDARD, seed=70 + s) for s in range(STANDARD.seats)]
    windows = uncertain = 0
    while not game.is_over and windows < 24:
        seat = game.to_act
        view = game.view(seat)
        claims = [a for a in view.legal if STANDARD.claim_by_verb(a.verb)]
        if claims:
            k = Knowledge(STANDARD, view)
            seen = {}
            for world, replayed in replayed_worlds(k, random.Random(windows), 8, 32):
                scored = []
                for a in claims:
                    g, tr = replayed.clone(), Tracker(k, world)
                    g.apply(a)
                    tr.observe(a)
                    claimed = [p for p in playout(k, world, g, tr).applied if p.startswith("claims.")]
                    assert len(claimed) == 1
                    scored.append(claimed[0].endswith(".success"))  # (a failure may be a partner catch)
                seen[tuple(frozenset(o) for o in world.orders)] = tuple(scored)
            assert seen and len(set(seen.values())) == 1, (view.seat, view.hand, set(seen.values()))
            windows += 1
            uncertain += len(seen) > 1
        game.apply(bots[seat].choose(view))
    assert windows == 24 and uncertain >= 4, uncertain  # (windows where the seat could not tell the layout)


def test_a_seat_facing_a_call_pictures_the_caller_with_a_hand_worth_calling_on():
    # seat 2 calls 10: seat 3, deciding whether to fight for trumps, draws only deals where seat 2's four
    # cards have a best suit the style would weigh a call on (else it would picture a weak caller, and
    # passing -- counting against weak trump makers -- would always look better than raising)
    import random

    from thunee_dsl.players.knowledge import Knowledge
    from thunee_dsl.players.tactics import call_strength, tables
    from thunee_dsl.players.worlds import sample_world

    game = GameState(STANDARD, seed=3)
    game.apply(game.legal_actions()[0])  # seat 1 makes trumps
    game.apply(Action(2, "call", 10))
    view = until_seat(game, 3).view(3)
    assert Action(3, "call", 20) in view.legal
    bot = make_bot("typical", STANDARD, seed=1)
    k = Knowledge(STANDARD, view)
    fits = bot._callers_hands(k)
    t, rng = tables(STANDARD), random.Random(5)
    strengths = {True: [], False: []}
    for _ in range(200):
        world = sample_world(k, rng)
        if world is not None:
            hand = STANDARD.deck.mask_of(world.orders[2][:4])
            strengths[fits(world)].append(call_strength(t, hand))
    assert strengths[True] and min(strengths[True]) >= STYLES["typical"].call_floor
    assert strengths[False] and max(strengths[False]) < STYLES["typical"].call_floor
    # nobody has called yet: nothing to read
    fresh = GameState(STANDARD, seed=3)
    fresh.apply(fresh.legal_actions()[0])
    assert bot._callers_hands(Knowledge(STANDARD, fresh.view(2))) is None


def test_the_styles_lead_points_as_the_counting_team_and_draw_trumps_as_the_makers_where_the_heuristic_leads_low():
    from thunee_dsl.players.tactics import tables

    t = tables(STANDARD)
    differ = {"counting": 0, "makers": 0}
    for seed in range(12):
        game = GameState(STANDARD, seed=seed)
        bots = [make_bot("typical", STANDARD, seed=seed * 10 + s) for s in range(4)]
        while not game.is_over and min(differ.values()) < 5:
            seat = game.to_act
            view = game.view(seat)
            chosen = bots[seat].choose(view)
            # (with look_ahead cards or fewer the styles weigh every card by sampling: test_look_ahead.py)
            if view.legal[0].verb == "play" and not view.trick and view.undertaker is None and len(view.legal) > 1 \
                    and len(view.hand) > bots[seat].style.look_ahead:
                low = make_bot("heuristic", STANDARD, seed=1).choose(view)
                if low != chosen:
                    counting = STANDARD.team_of(seat) != STANDARD.team_of(view.trump_maker)
                    card = t.card_of[chosen.arg]
                    trumps = [t.card_of[c] for c in view.hand if c[-1] == view.trump]
                    if counting:
                        # a side card worth a trick, from the longest side suit
                        suit_len = {s: sum(1 for c in view.hand if t.suit_of[t.card_of[c]] == s) for s in range(4)}
                        worth = [t.card_of[a.arg] for a in view.legal if t.points[t.card_of[a.arg]] >= t.cut_threshold
                                 and STANDARD.deck.suits[t.suit_of[t.card_of[a.arg]]] != view.trump]
                        assert card in worth, (view.hand, chosen, low)
                        assert suit_len[t.suit_of[card]] == max(suit_len[t.suit_of[c]] for c in worth)
                        assert t.points[t.card_of[low.arg]] < t.points[card]  # the heuristic led lower
                    else:
                        # the makers, with two trumps or more: the cheapest trump (the heuristic leads a
                        # trump only when it is the master)
                        assert len(trumps) >= 2 and card == min(trumps, key=lambda c: t.points[c]), (view.hand, chosen)
                        assert t.suit_of[t.card_of[low.arg]] != t.suit_of[card]
                    differ["counting" if counting else "makers"] += 1
            game.apply(chosen)
    assert min(differ.values()) >= 5, differ
