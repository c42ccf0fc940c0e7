"""Random legal play through whole games, for every shipped ruleset (OpenSpiel ``basic_tests`` style).

Three policies drive the games:

* ``uniform``: a uniformly random legal action (lots of calls, Thunees and claims);
* ``mostly_pass``: optional windows are passed with probability 0.9, so that ordinary deals with
  calls, Jodies and last-trick claims are played out;
* ``offender``: like ``mostly_pass``, but now and then commits an offence the ruleset penalises
  (a revoke, playing out of turn, a false Jodie, a forbidden Double), so penalty scoring runs too.

Every state visited is checked (cards, legal actions, hands, score), every transition (a hand loses
exactly the card its seat plays) and every finished game (one winner, balls add up, card points add up).
A deterministic run over fixed seeds counts the features that fired, so that a feature that silently
stops firing fails the suite.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl import shipped_ruleset
from thunee_dsl.errors import IllegalActionError
from thunee_dsl.game import Action, GameState
from thunee_dsl.game.deal import WRONG_TIME
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.model.ruleset import DeclaredFrom

from offences import offences_available

RULESETS = sorted(shipped_rulesets())
POLICIES = ("uniform", "mostly_pass", "offender")
MAX_ACTIONS = 20_000  # generous: a mostly-passing standard game takes a few hundred
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PROPERTY_SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# a card played: face up, or face down while trumps are closed (a cut: trumps.revealed on demand)
PLAYS = ("play", "down")

def test_at_least_one_ruleset_is_shipped():
    assert "standard" in RULESETS


# -- policies --------------------------------------------------------------------------------------


def choose(policy: str, rng: random.Random, game: GameState, legal: list[Action]) -> Action:
    if policy == "offender" and rng.random() < 0.03:
        offences = offences_available(game)
        if offences:
            return rng.choice(offences)
    if policy in ("mostly_pass", "offender") and legal[-1].verb == "pass" and rng.random() < 0.9:
        return legal[-1]
    return rng.choice(legal)


# -- invariants ------------------------------------------------------------------------------------


def played_cards(deal) -> list[int]:
    cards = [c for _, trick, _ in deal.tricks for _, c in trick]
    return cards + [c for _, c in deal.trick]


def score_from_balls(game: GameState, deals: int | None = None) -> list[int]:
    """The initial score plus the balls of every scored deal, back to zero at a deuce (two to clear)."""
    score = list(game.initial_score)
    for i, rec in enumerate(game.deals[:deals]):
        if rec.result is not None and game.ruleset.game.transfer:
            # stones: the winners take what the deal gives them from the losers, as far as the losers have any
            (a, b), (winner, loser) = rec.result.balls, (0, 1) if rec.result.balls[0] > rec.result.balls[1] else (1, 0)
            taken = min(abs(a - b), score[loser])
            score[winner], score[loser] = score[winner] + taken, score[loser] - taken
        elif rec.result is not None:
            score = [s + b for s, b in zip(score, rec.result.balls)]
            if rec.deuce:
                assert len(set(score)) == 1 and score[0] == game.ruleset.game.deuce, "a deuce only at deuce-all"
                score = [0] * len(score)
            if rec.game_won is not None:  # a game of a rubber won: its final score (points beyond the target
                final = list(rec.game_won[4])  # not kept), then the next game from the start
                assert final[rec.game_won[0]] == max(final) and all(f <= s for f, s in zip(final, score))
                last = i == len(game.deals) - 1 and game.is_over
                score = final if last else [game.ruleset.game.start] * len(score)
    return score


def by_deal(game: GameState):
    """Each deal's record with the ruleset it was dealt by (its own hand size where deal.hand_sizes gives one:
    the Nth deal of the game, thrown-in deals apart)."""
    number = 1
    for rec in game.deals:
        yield rec, game.ruleset.for_deal(number)
        if rec.result is not None and not rec.result.cancelled:
            number += 1


def check_state(game: GameState) -> None:
    """Invariants of any state of a game."""
    r = game.ruleset
    # the score is the initial score plus the balls of every scored deal (less any deuce reset)
    assert len(game.results) == sum(1 for d in game.deals if d.result is not None)
    assert game.score == score_from_balls(game)
    # the cards of every deal as dealt: each card once, each seat a full hand
    for rec, dealt_by in by_deal(game):
        names = [c for hand in rec.hands for c in hand]
        assert len(names) == len(set(names)) == r.seats * dealt_by.hand_size
        assert all(len(hand) == dealt_by.hand_size for hand in rec.hands)
        assert set(names) <= set(r.deck.names)
    assert sum(1 for d in game.deals if d.result is None) <= 1
    deal = game.deal
    if deal is None:
        return
    # no card is in two places: hands are disjoint from each other and from the cards played
    played = played_cards(deal)
    assert len(played) == len(set(played))
    seen = 0
    for seat in range(r.seats):
        assert deal.hands[seat] & seen == 0, "a card is in two hands"
        seen |= deal.hands[seat]
        assert deal.hands[seat] & ~deal.dealt[seat] == 0, "a seat holds a card it was not dealt"
    played_mask = 0
    for c in played:
        played_mask |= 1 << c
    assert seen & played_mask == 0, "a played card is still in a hand"
    dealt = 0
    for seat in range(r.seats):
        assert deal.dealt[seat] & dealt == 0, "a card was dealt to two seats"
        dealt |= deal.dealt[seat]
    # open face play: the face-down row cards are dealt but in no hand; once the hands are laid out
    # every card a seat may play is face up
    face_down = 0
    for seat in range(r.seats):
        assert deal.face_down[seat] & (deal.hands[seat] | played_mask) == 0, "a face-down card is also in play"
        assert deal.face_down[seat] & ~deal.dealt[seat] == 0, "a face-down card was not dealt to its row"
        face_down |= deal.face_down[seat]
        if deal.covers or (r.play.lay_out_after is not None and len(deal.tricks) > r.play.lay_out_after
                           and deal.undertaking is None):
            assert deal.hands[seat] & ~deal.face_up[seat] == 0, "a card played after the lay-out is not face up"
    assert seen | played_mask | face_down == dealt, "a card vanished or appeared"
    for seat, cards in enumerate(deal.order):
        assert [r.deck.names[c] for c in cards] == list(game.deals[-1].hands[seat])
    # every completed trick has one card from each seat in play (a partner who sits out plays none), led by its leader
    in_play = [s for s in range(r.seats) if s != deal.sits_out]
    for leader, trick, winner in deal.tricks:
        assert len(trick) == len(in_play)
        assert trick[0][0] == leader
        assert sorted(s for s, _ in trick) == in_play
        assert winner in {s for s, _ in trick}
    assert sum(deal.team_tricks) == len(deal.tricks)

    # legal actions
    legal = game.legal_actions()
    if game.is_over:
        assert legal == [] and game.to_act is None
        return
    assert legal, "no legal action while the game is not over"
    assert game.to_act is not None
    assert all(a.seat == game.to_act for a in legal)
    assert len(set(legal)) == len(legal), "duplicate legal actions"
    passes = [a for a in legal if a.verb == "pass"]
    if deal.window is not None:
        assert passes == [legal[-1]], "an announcement window must end with exactly one pass"
    elif deal.pending is not None and deal.pending.name == "bid":
        # turn-based bidding: pass is a bid of its own, unless everyone else passed (a forced lowest bid)
        # (and 'partner' where the ruleset lets a player ask the partner to bid: bidding.partner_bid)
        verbs = ("bid", "pass", "partner") if r.bidding.partner_bid else ("bid", "pass")
        assert passes in ([legal[-1]], []) and all(a.verb in verbs for a in legal)
    elif deal.pending is not None and deal.pending.name in ("order", "trump") and deal.trump_round:
        # a round of making trumps (trumps.rounds): pass, unless the dealer is stuck (trumps.all_pass)
        assert passes in ([legal[-1]], []), "a round of making trumps ends with at most one pass"
    else:
        assert passes == [], "pass offered outside an announcement window, the bidding or a round of making trumps"
    for a in legal:
        assert game.offence_of(a) is None, f"{a} is both legal and an offence"
        if a.verb in PLAYS or (a.verb == "trump" and a.arg != "last" and a.arg not in r.deck.suits):
            card = r.deck.card(a.arg)
            assert (deal.hands[a.seat] >> card) & 1, f"{a}: the seat does not hold that card"


def check_step(game: GameState, deal, hands_before, dealt_before, action: Action, offence: str | None,
               face_down_before, trick_before=()) -> None:
    """What one action did to the deal it was applied to (``deal`` may be over now). Cards reach a hand
    by being dealt into it or, in open face play, by being turned up from the seat's face-down row, or
    (a late undertaking, pagat's Marials) the first card led goes back to its leader."""
    r = game.ruleset
    taken_back = [0] * r.seats
    undertaking = r.undertaking_by_verb(action.verb)
    if undertaking is not None and trick_before:
        # only right after the first lead of the deal, by an undertaking that may be called late
        assert undertaking.late is not None and not deal.tricks and len(trick_before) == 1
        (leader, card), = trick_before
        assert not deal.trick or deal.over, "the lead is taken back"
        taken_back[leader] = 1 << card
        hands_before = [h | taken_back[s] for s, h in enumerate(hands_before)]
    if offence == WRONG_TIME:
        # not penalised: the opponents may challenge it (Marials); no card moves
        assert not deal.over and deal.window is not None and deal.window.name == "challenge"
        assert deal.hands == hands_before
        return
    if offence is not None:
        assert deal.over and deal.offence == (offence, action.seat)
        assert deal.hands == hands_before, "an offence must not move cards"
        return
    for seat in range(r.seats):
        turned_up = face_down_before[seat] & ~deal.face_down[seat]
        assert turned_up & ~deal.face_up[seat] == 0, "a card turned up from the row is not face up"
        expected = hands_before[seat] | (deal.dealt[seat] & ~dealt_before[seat] & ~deal.face_down[seat]) | turned_up
        if action.verb in PLAYS and action.seat == seat:
            card = r.deck.card(action.arg)
            assert (hands_before[seat] >> card) & 1
            expected &= ~(1 << card)
            # the card is now on the table
            assert card in played_cards(deal)
        if action.verb == "discard" and action.seat == seat:
            # the dealer's discard, once the turn-up is picked up (trumps.rounds): laid aside, out of the hand
            card = r.deck.card(action.arg)
            assert (hands_before[seat] >> card) & 1
            expected &= ~(1 << card)
        assert deal.hands[seat] == expected, f"seat {seat}'s hand changed unexpectedly after {action}"
        newly_dealt = (deal.dealt[seat] & ~dealt_before[seat] & ~deal.face_down[seat]).bit_count() + turned_up.bit_count()
        change = deal.hands[seat].bit_count() - hands_before[seat].bit_count()
        plays = 1 if action.verb in PLAYS + ("discard",) and action.seat == seat else 0
        assert change == newly_dealt - plays


def check_finished(game: GameState) -> None:
    r = game.ruleset
    assert game.is_over
    if r.game.deals is not None:  # a game of a number of deals (Oh Hell's 19): the highest total after the last
        check_last_deal_decides(game)
        return
    assert game.winner is not None and 0 <= game.winner < r.teams
    if game.after_deuce:  # two to clear: the winner leads by win_by after the scores went back to zero
        assert all(game.score[game.winner] - s >= r.game.win_by for t, s in enumerate(game.score) if t != game.winner)
    else:
        assert game.score[game.winner] >= r.game.target
    if game.winner is not None:
        assert all(game.score[game.winner] > s for t, s in enumerate(game.score) if t != game.winner)
    assert game.legal_actions() == [] and game.to_act is None
    with pytest.raises(IllegalActionError):
        game.apply(Action(0, "pass"))
    with pytest.raises(IllegalActionError):
        game.start_deal()
    # every deal was scored, and the balls add up to the final score
    assert all(rec.result is not None for rec in game.deals)
    assert len(game.results) == len(game.deals)
    assert game.score == score_from_balls(game)
    # the game ends with the deal that decided it
    before_last = score_from_balls(game, len(game.deals) - 1)
    if any(rec.deuce for rec in game.deals[:-1]):
        assert max(before_last) - sorted(before_last)[-2] < r.game.win_by
    else:
        assert not (max(before_last) >= r.game.target and before_last.count(max(before_last)) == 1)
    for i, (rec, dealt_by) in enumerate(by_deal(game)):
        check_deal_result(dealt_by, rec)
        # (no cancellation rule: the deal was thrown in, everyone passing the rounds of making trumps; the
        # turn to deal then stays, or passes on where trumps.all_pass says 'throw in, next dealer')
        if i + 1 < len(game.deals) and rec.result.cancelled and (r.cancellation is None or r.cancellation.same_dealer):
            passes_on = r.trumps is not None and r.trumps.all_pass == "throw in, next dealer"
            nxt = r.dealer.passes_to.resolve(r.seats, dealer=rec.dealer) if passes_on else rec.dealer
            assert game.deals[i + 1].dealer == nxt, "a cancelled deal is redealt by the dealer the rules name"


def check_last_deal_decides(game: GameState) -> None:
    """A game of ``game.deals`` deals ends after that many scored deals: the side with the highest total wins,
    or the sides level at the top tie; every deal scored, the balls adding up to the score."""
    r = game.ruleset
    assert game.deals_played == r.game.deals
    top = max(game.score)
    leaders = tuple(t for t, s in enumerate(game.score) if s == top)
    if len(leaders) == 1:
        assert game.winner == leaders[0] and not game.tied
    else:
        assert game.winner is None and tuple(game.tied) == leaders
    assert game.legal_actions() == [] and game.to_act is None
    assert all(rec.result is not None for rec in game.deals)
    assert game.score == score_from_balls(game)
    for rec, dealt_by in by_deal(game):
        check_deal_result(dealt_by, rec)


def check_deal_result(r, rec) -> None:
    res = rec.result
    assert res.dealer == rec.dealer
    assert len(res.balls) == r.teams and all(n >= 0 for n in res.balls)
    assert isinstance(res.explanation, tuple) and res.explanation
    assert all(isinstance(line, str) and line for line in res.explanation)
    if res.cancelled:
        assert all(n == 0 for n in res.balls), "a cancelled deal scores nothing"
        assert res.offence is None
        return
    nonzero = [t for t, n in enumerate(res.balls) if n]
    claim = r.claim_by_verb(res.claim) if res.claim else None
    if r.each_team is not None:
        pass  # every team scores its own formula (Nigerian Thuni): none, one or both may score
    elif r.each_player is not None:
        pass  # every player scores their own formula (Oh Hell's exact bids): none, one or every one may score
    elif claim is not None and claim.adds:
        # a claim scored as a bonus (Cats At Cards): the normal result and the claim may go to different teams
        assert 1 <= len(nonzero) <= 2, f"a bonus claim deal opens balls for one or two teams, got {res.balls}"
    elif r.teams == 2:
        assert len(nonzero) == 1, f"a scored deal opens balls for exactly one team, got {res.balls}"
    else:
        assert nonzero
    assert len(res.card_points) == len(res.tricks) == r.teams
    assert sum(res.card_points) <= r.deck.total_points
    assert sum(res.tricks) <= r.tricks_per_deal
    if res.offence is not None:
        assert res.offence in r.penalties.offences
        offender = rec.actions[-1].seat % r.teams
        assert all(n == (0 if t == offender else r.penalties.balls) for t, n in enumerate(res.balls))
        return
    plays = sum(1 for a in rec.actions if a.verb in PLAYS)
    if res.undertaking is None and plays == r.seats * r.tricks_per_deal:
        assert sum(res.card_points) == r.deck.total_points
        assert sum(res.tricks) == r.tricks_per_deal
    elif res.conceded is not None:
        assert plays == 0, "a deal is conceded before the play"
        assert res.balls[res.conceded] == 0 and sum(res.balls) == r.concede_balls * (r.teams - 1)
    elif res.undertaking is None:
        pytest.fail(f"a deal with no undertaking, offence or cancellation ended after {plays} plays")


def play_checked(ruleset, seed: int, policy: str, stats: Counter | None = None, on_step=None,
                 max_deals: int | None = None) -> GameState:
    """Play a whole game with ``policy``, checking every state and step. ``on_step(game, n)`` runs
    before the n-th action. ``max_deals``: stop once that many deals are scored (the invariants of a state, a
    step and a deal's result are the deal's own; the finished game's are checked when it ended by then)."""
    game = GameState(ruleset, seed=seed)
    rng = random.Random(seed * 7919 + POLICIES.index(policy))
    check_state(game)
    n = 0
    while not game.is_over and (max_deals is None or len(game.results) < max_deals):
        assert n < MAX_ACTIONS, "the game does not end"
        if on_step is not None:
            on_step(game, n)
        legal = game.legal_actions()
        action = choose(policy, rng, game, legal)
        offence = None if action in legal else game.offence_of(action)
        assert action in legal or offence is not None
        deal = game.deal
        hands_before, dealt_before = list(deal.hands), list(deal.dealt)
        face_down_before = list(deal.face_down)
        trick_before = list(deal.trick)
        assert game.apply(action) == action
        assert game.history[-1] == action
        check_step(game, deal, hands_before, dealt_before, action, offence, face_down_before, trick_before)
        check_state(game)
        n += 1
        if stats is not None:
            stats[action.verb] += 1
            if offence:
                stats["offence"] += 1
            if offence == WRONG_TIME:
                stats["wrong time"] += 1  # a declaration at the wrong time, which the opponents may challenge
            if trick_before and game.ruleset.undertaking_by_verb(action.verb) is not None:
                stats[f"late:{action.verb}"] += 1  # called after the first lead (Marials), the lead taken back
    assert len(game.history) == n
    assert sum(len(rec.actions) for rec in game.deals) == n
    if game.is_over:
        check_finished(game)
    if stats is not None:
        stats["games"] += game.is_over
        for res in game.results:
            stats["deals"] += 1
            stats["cancelled"] += res.cancelled
            stats["claim:" + str(res.claim)] += 1
            stats["undertaking:" + str(res.undertaking)] += 1
            stats["offence:" + str(res.offence)] += 1
            for path in res.applied:  # (a declaration nobody says, honours or roem, fires when it scores)
                stats["applied:" + path] += 1
            # (scored as a step of its own, Whist's honours, or inside the team's count, Klaverjas's roem)
            stats["counted from the cards"] += any(res.declared) or any(p.startswith("declarations.") for p in res.applied)
    return game


# -- the properties --------------------------------------------------------------------------------


#: The deals of a game the invariants test plays at most: a Thunee game under random play takes 4 to 7 deals on
#: average (14 at most in 12 games of each), Klaverjas 16, Oh Hell 19, Euchre about 20, all played whole; 304's
#: stones about 45 (up to 160), cut here: its games' ends are checked by test_features_actually_fire, whole.
MAX_DEALS = 20


@pytest.mark.parametrize("policy", POLICIES)
@settings(PROPERTY_SETTINGS, max_examples=100)
@given(seed=SEEDS)
def test_random_games_keep_every_invariant(name, policy, seed):
    ruleset = shipped_ruleset(name)
    game = play_checked(ruleset, seed, policy, max_deals=MAX_DEALS)
    assert game.deals and game.history
    assert game.is_over or len(game.results) == MAX_DEALS


@PROPERTY_SETTINGS
@given(seed=SEEDS, policy=st.sampled_from(POLICIES))
def test_same_seed_and_choices_give_the_same_game(name, seed, policy):
    ruleset = shipped_ruleset(name)
    first = play_checked(ruleset, seed, policy)
    second = play_checked(ruleset, seed, policy)
    assert second.history == first.history
    assert second.results == first.results
    assert [(d.dealer, d.hands, d.actions) for d in second.deals] == [(d.dealer, d.hands, d.actions) for d in first.deals]
    assert second.score == first.score and second.winner == first.winner
    assert [r.explanation for r in second.results] == [r.explanation for r in first.results]
    # the same seed and the recorded actions, applied by hand, give the same game again
    third = GameState(ruleset, seed=seed)
    for action in first.history:
        third.apply(action)
    assert third.results == first.results and third.score == first.score and third.winner == first.winner


@PROPERTY_SETTINGS
@given(seed=SEEDS, policy=st.sampled_from(POLICIES), cut=st.floats(min_value=0, max_value=1))
def test_from_actions_rebuilds_the_state(name, seed, policy, cut):
    """Undo: replaying the first actions from the seed gives the state as it was then."""
    ruleset = shipped_ruleset(name)
    captured = {}
    target = []

    def on_step(game, n):
        if n == target[0]:
            captured["history"] = list(game.history)
            captured["views"] = [game.view(s) for s in range(ruleset.seats)]
            captured["legal"] = game.legal_actions()
            captured["score"] = list(game.score)
            captured["results"] = list(game.results)
            captured["to_act"] = game.to_act

    # first learn the length, then capture the state at a point chosen by ``cut``
    length = len(play_checked(ruleset, seed, policy).history)
    target.append(min(length - 1, int(cut * length)))
    game = play_checked(ruleset, seed, policy, on_step=on_step)
    assert captured, "the capture point was never reached"
    rebuilt = GameState.from_actions(ruleset, captured["history"], seed=seed)
    assert rebuilt.history == captured["history"]
    assert rebuilt.to_act == captured["to_act"]
    assert rebuilt.legal_actions() == captured["legal"]
    assert rebuilt.score == captured["score"]
    assert rebuilt.results == captured["results"]
    assert [rebuilt.view(s) for s in range(ruleset.seats)] == captured["views"]
    # and the whole history rebuilds the finished game
    whole = GameState.from_actions(ruleset, game.history, seed=seed)
    assert whole.is_over and whole.winner == game.winner and whole.score == game.score
    assert whole.results == game.results


FEATURE_SEEDS = range(60)
#: Features fire in deals: each policy plays whole games, seed after seed, until it has played this many deals
#: (60 games of any Thunee ruleset stay under it, about 5 deals each, 7.3 at most; 304's ~45 deals a game
#: stop it after about a dozen games, Klaverjas's 16 after 32, Oh Hell's 19 after 27).
FEATURE_DEALS = 500
EXTRA_FEATURE_SEEDS = range(60, 300)


def test_features_actually_fire(ruleset):
    """Over fixed seeds and all three policies, every optional feature the ruleset has is used at
    least once, so a feature that silently stops firing (or a policy that stops reaching it) fails
    here. Uniform play mostly exercises calls and undertakings; mostly-passing play the normal deals
    with Jodies, Double and Khanaak; the offender the penalties."""
    stats: dict[str, Counter] = {}
    for policy in POLICIES:
        stats[policy] = Counter()
        played = 0
        for seed in FEATURE_SEEDS:
            if stats[policy]["deals"] >= FEATURE_DEALS:
                break
            play_checked(ruleset, seed, policy, stats=stats[policy])
            played += 1
        assert stats[policy]["games"] == played  # (each game played to its end)
        assert stats[policy]["play"] > 0 and stats[policy]["deals"] >= played
    total = sum(stats.values(), Counter())
    # (trumps by the turn-up are nobody's action: issue 25 item 3)
    expected = ["trump"] if ruleset.trumps is not None and "turn-up" not in ruleset.trumps.ways else []
    if ruleset.calling is not None:
        expected.append("call")
    expected += [u.verb for u in ruleset.undertakings]
    expected += [d.verb for d in ruleset.declarations if d.taken_from is DeclaredFrom.HAND]
    expected += ["counted from the cards"] if any(d.taken_from is not DeclaredFrom.HAND
                                                  for d in ruleset.declarations) else []
    expected += [c.verb for c in ruleset.claims]
    expected += [f"claim:{c.verb}" for c in ruleset.claims]  # claims are scored, not only said
    expected += [f"undertaking:{u.verb}" for u in ruleset.undertakings]
    expected += [f"late:{u.verb}" for u in ruleset.undertakings if u.late is not None]
    if ruleset.cancellation is not None:
        expected.append("cancelled")
    missing = [what for what in expected if total[what] == 0]
    # a rare feature (six-player's Moenie: one suit with its top card) gets more uniform games, up to a bound
    extra = Counter()
    for seed in EXTRA_FEATURE_SEEDS:
        if not missing:
            break
        play_checked(ruleset, seed, "uniform", stats=extra)
        missing = [what for what in missing if extra[what] == 0]
    assert not missing, f"never happened: {missing}; counts: {dict(total + extra)}"
    # normal deals (no undertaking) are played out, mostly under the passing policies
    assert stats["mostly_pass"]["undertaking:None"] > 0
    if ruleset.penalties is not None:
        assert stats["offender"]["offence"] > 0
        assert stats["uniform"]["offence"] == stats["mostly_pass"]["offence"] == 0
        assert all(stats["offender"][f"offence:{o}"] > 0 for o in ("revoke", "out of turn")
                   if o in ruleset.penalties.offences)
    if ruleset.name == "standard":
        assert ruleset.deck.total_points == 304 and ruleset.tricks_per_deal == 6 and ruleset.game.target == 12
        for what in ("call", "jodie", "double", "khanaak", "thunee", "cancelled"):
            assert total[what] > 0, f"{what} never happened: {dict(total)}"
