"""A heuristic player: trick-taking sense read from the ruleset's data.

It sees only its :class:`~thunee_dsl.game.view.SeatView`. Everything it weighs comes from the compiled
:class:`~thunee_dsl.model.ruleset.Ruleset`: the deck's ranking and card points, the beats tables (or an
undertaking's own ranking), the calling ladder, bidding limits, declaration combinations, undertakings'
rules, claim formulas (checked by replaying the worlds the seat cannot tell apart).

* making trumps: the suit where the hand is strongest ('last card' with a weak spread, if allowed);
* calling / bidding: only when the best suit clearly supports it (a higher rung needs more);
* undertakings (Thunee and its relatives): only when the hand is sure to win every trick (with
  ``undertake_odds``, also a promising hand that succeeds in that share of sampled deals: the ``bold``
  profile);
* declarations (Jodies): whenever legal, the most valuable first;
* claims (Double, Khanaak): only when, in every deal the seat cannot tell from the real one, claiming
  scores better than keeping quiet;
* card play: win a trick with the cheapest card that holds it, leave a partner's winning card alone and
  throw points on it when it is safe, throw low when losing, cut only when the trick is worth a trump,
  lead masters (drawing trumps as the makers), else lead low; where a bid scores only when made exactly
  (read from the scoring: tactics.aims_at_bid), a player who has made its bid ducks and one already over it
  spoils the others' bids; where cards are worth nothing (a deck without card points: every trick alike),
  third hand plays high over a partner's low card, second hand low unless a single card out ranks above its
  top card, a top card played as the lowest of its touching cards, and the partner's suit is led back;
* bidding a player's own contract: the tricks the hand should take with the trumps already known.

>>> from thunee_dsl import shipped_ruleset
>>> from thunee_dsl.game import GameState
>>> rules = shipped_ruleset("standard")
>>> game = GameState(rules, seed=1)
>>> bot = HeuristicBot(rules, seed=1)
>>> bot.choose(game.view(game.to_act)) in game.legal_actions()
True
"""

from __future__ import annotations

import random

from thunee_dsl.game.actions import Action
from thunee_dsl.game.declarations import combination_value
from thunee_dsl.game.tables import tables as engine_tables
from thunee_dsl.game.view import SeatView
from thunee_dsl.model.ruleset import Caught, Ruleset, TrumpWay
from thunee_dsl.players import closed
from thunee_dsl.players.closed import hides_cards
from thunee_dsl.players.knowledge import Knowledge, by_verb
from thunee_dsl.players.tactics import bid_scale, estimated_bid  # (bidding: issue 25, item 1)
from thunee_dsl.players.tactics import choose_discard, order_strength  # (ordering up: issue 25, item 3)
from thunee_dsl.players.tactics import aims_at_bid  # (exact bids: issue 25)
from thunee_dsl.players.tactics import (PlayCtx, call_strength, choose_play, choose_trump, estimated_tricks, hand_mask,
                                        sure_to_win_all, tables)
from thunee_dsl.players.worlds import Tracker, playout, rebuild, replayed_worlds, utility


def passing_action(legal, default=None):
    """The pass among the ``legal`` actions (the first), else ``default``."""
    for a in legal:  # (a loop, not next() over a generator: asked at most decisions)
        if a.verb == "pass":
            return a
    return default


def decision_rng(seed: int, view: SeatView) -> random.Random:
    """A random source that depends only on the bot's seed and what the seat sees (so a bot's choice is
    a function of its view)."""
    key = "|".join((str(seed), str(view.seat), str(view.deal_number), str(view.dealer), str(view.score),
                    ",".join(view.hand), str(view.unseen), ";".join(view.history)))
    return random.Random(key)


class HeuristicBot:
    """See the module docstring. Options: ``call_threshold`` and ``call_step`` (best-suit strength, in
    units of a lone top card, needed for the first rung of calling and for each rung above it),
    ``claim_samples`` (worlds checked before a claim), ``undertake_odds`` (None: undertake only when
    sure; else the share of sampled deals an undertaking must win before a promising hand risks it),
    ``name`` (how the bot is listed)."""

    name = "heuristic"
    #: with one legal action the choice is that action, and nothing is drawn or remembered (players.decide)
    skips_forced = True

    def __init__(self, ruleset: Ruleset, seed: int | None = None, call_threshold: float = 2.3,
                 call_step: float = 0.3, bid_margin: float = 0.5, claim_samples: int = 24,
                 undertake_odds: float | None = None, name: str | None = None):
        self.ruleset = ruleset
        self.t = tables(ruleset)
        self.closed_trump = closed.closed_trump(ruleset)  # (trumps closed until asked for: players/closed.py)
        self.plays = engine_tables(ruleset).play  # the engine's own play actions (GameState.apply's fast path)
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.call_threshold = call_threshold
        self.call_step = call_step
        self.bid_margin = bid_margin
        self.claim_samples = claim_samples
        self.undertake_odds = undertake_odds
        self._hand_of: tuple = (None, 0)  # the last view's hand as a mask
        if name is not None:
            self.name = name

    # -- the decision ---------------------------------------------------------------------------------
    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        if len(legal) == 1:
            return legal[0]
        if self.ruleset.hand_sizes:
            self.size_for(view)
        if self.closed_trump and hides_cards(view):  # a closed trump's cut, or a card played face down in sight
            return closed.choose(self.ruleset, engine_tables(self.ruleset), view)
        if legal[0].verb == "play":  # (card play: the usual decision, settled before the verbs are listed)
            return self.play(view)
        by = by_verb(self.ruleset)
        verbs = {a.verb for a in legal}
        if "play" in verbs:
            return self.play(view)
        decls = [a for a in legal if a.verb in by.declaration]
        if decls:
            return self.declare(view, decls)
        if not verbs.isdisjoint(by.claim):
            return self.claim(view)
        if not verbs.isdisjoint(by.undertaking):
            return self.undertake(view)
        making = self.make_trumps(view, legal, verbs)
        if making is not None:
            return making
        if "call" in verbs:
            return self.call(view)
        if "bid" in verbs:
            return self.bid(view)
        if "redeal" in verbs:
            return next(a for a in legal if a.verb == "redeal")  # offered only for a weak hand
        passing = passing_action(legal)
        return passing if passing is not None else legal[0]

    def size_for(self, view: SeatView) -> None:
        """A hand size by deal (deal.hand_sizes): decide by the ruleset of this deal's size (its tricks, its
        tables), read from the seat's own cards: those in hand and those it has played (one batch a deal)."""
        mine = view.seat
        played = sum(s == mine for tr in view.tricks for s, _ in tr.cards) + sum(s == mine for s, _ in view.trick)
        r = self.ruleset.for_size(len(view.hand) + view.unseen + played)
        if r is not self.ruleset:
            self.ruleset, self.t, self.plays = r, tables(r), engine_tables(r).play

    def make_trumps(self, view: SeatView, legal, verbs) -> Action | None:
        """The decision of a seat asked to make trumps (order up, discard, name a suit, choose the trump card),
        or None when it is asked something else."""
        if "order" in verbs:
            return self.order_up(view)
        if "discard" in verbs:
            return self.discard(view)
        if "trump" in verbs and "pass" in verbs:  # (a round naming another suit: trumps.rounds)
            return self.name_trumps(view)
        if "trump" in verbs:
            if "redeal" in verbs:
                return next(a for a in legal if a.verb == "redeal")
            return choose_trump(self.t, self._hand(view), [a for a in legal if a.verb == "trump"])
        return None

    def _hand(self, view: SeatView) -> int:
        if view is not self._hand_of[0]:  # (asked again by the steps of one decision)
            self._hand_of = view, hand_mask(self.t, view.hand)
        return self._hand_of[1]

    # -- card play ------------------------------------------------------------------------------------
    def play_ctx(self, view: SeatView, k: Knowledge | None = None) -> PlayCtx:
        k = k or Knowledge(self.ruleset, view)
        t = self.t
        lm = 0
        for a in view.legal:
            lm |= 1 << t.card_of[a.arg]
        threats = list(k.holdings())
        out = 0
        for s in range(view.seats):
            if s != view.seat:
                out |= threats[s]
        u = k.undertaking
        return PlayCtx(  # (the tables of the suits and points as these trumps make them: deck.trumps)
            t.for_trump(k.trump), view.seat, view.seats, k.team_of, lm, k.hand, list(k.current_trick), k.trump,
            k.beats, threats, out,
            len(view.hand) + view.unseen, exact=False, known_void=k.void,
            undertaker=view.undertaker if u is not None else None,
            first_lead_sets_trump=u is not None and u.trump is TrumpWay.FIRST_LEAD and k.played_mask == 0,
            makers=None if view.trump_maker is None else k.team_of[view.trump_maker],
            wants=self.wants(view, k) if aims_at_bid(self.ruleset) else None,
            partner_led=0 if t.total_points else self.partner_led(view, k))

    def partner_led(self, view: SeatView, k: Knowledge) -> int:
        """The cards this seat's partners led to the tricks of this deal (a mask)."""
        card_of, team_of, me = self.t.card_of, k.team_of, view.seat
        got = 0
        for tr in view.tricks:
            if tr.cards and tr.cards[0][0] != me and team_of[tr.cards[0][0]] == team_of[me] and tr.cards[0][1] in card_of:
                got |= 1 << card_of[tr.cards[0][1]]
        return got

    @staticmethod
    def wants(view: SeatView, k: Knowledge) -> tuple | None:
        """Each seat's bid less the tricks it has taken (every bid its own, scored only when made exactly:
        tactics.aims_at_bid); None until every seat has bid."""
        bids = {seat: value for seat, verb, value in k.entries if verb == "bid"}
        if len(bids) < view.seats:
            return None
        wants = [int(bids[s]) for s in range(view.seats)]
        for tr in view.tricks:
            if tr.winner is not None:
                wants[tr.winner] -= 1
        return tuple(wants)

    def play(self, view: SeatView) -> Action:
        card = choose_play(self.play_ctx(view))
        return self.plays[view.seat][card]

    # -- announcements --------------------------------------------------------------------------------
    def declare(self, view: SeatView, decls: list[Action]) -> Action:
        """The most valuable declaration on offer (the window asks again for the others)."""
        r, t = self.ruleset, self.t
        hand = self._hand(view)
        trump = None if view.trump is None else r.deck.suits.index(view.trump)

        rules = engine_tables(r)

        def value(a: Action) -> int:  # the engine's own value of a declaration
            return combination_value(rules, r.declaration_by_verb(a.verb), hand, r.deck.suits.index(a.arg), trump)
        return max(decls, key=value)

    # -- ordering up (trumps.rounds) -------------------------------------------------------------------
    # (a suit ordered up is played by the partners together from the first lead: about four fifths of the
    # strength a lone call to make trumps needs; both bowers, or the right bower with the Ace and King, suffice)
    ORDER_SHARE = 0.78

    def order_up(self, view: SeatView) -> Action:
        """Order the turn-up's suit when the hand is strong in it (the turn-up counted for the side that gets
        it: the dealer picks it up), as strong as a call needs."""
        t, legal = self.t, view.legal
        turn_up = t.card_of[view.turn_up]
        side = 1 if view.seat == view.dealer else 0 if view.seat % view.teams == view.dealer % view.teams else -1
        strength = order_strength(t, self._hand(view), self.ruleset.deck.suit_of[turn_up], turn_up, side)
        passing = passing_action(legal)
        ordering = next(a for a in legal if a.verb == "order")
        return ordering if passing is None or strength >= self.call_threshold * self.ORDER_SHARE else passing

    def name_trumps(self, view: SeatView) -> Action:
        """In a round naming another suit: the strongest suit offered, if strong enough (else pass)."""
        t, hand = self.t, self._hand(view)
        options = [a for a in view.legal if a.verb == "trump"]
        best = max(options, key=lambda a: order_strength(t, hand, self.ruleset.deck.suits.index(a.arg)))
        strength = order_strength(t, hand, self.ruleset.deck.suits.index(best.arg))
        passing = passing_action(view.legal)
        return best if passing is None or strength >= self.call_threshold * self.ORDER_SHARE else passing

    def discard(self, view: SeatView) -> Action:
        card = choose_discard(self.t, self._hand(view), self.ruleset.deck.suits.index(view.trump))
        return next(a for a in view.legal if a.arg == self.t.names[card])

    def call(self, view: SeatView) -> Action:
        passing, lowest, rung = self._call_choices(view)
        if call_strength(self.t, self._hand(view)) >= self.call_threshold + self.call_step * rung:
            return lowest
        return passing

    def _call_choices(self, view: SeatView) -> tuple[Action, Action, int]:
        """Passing, the lowest call on offer, and its rung on the calling ladder (0: the first amount)."""
        calls = sorted((a for a in view.legal if a.verb == "call"), key=lambda a: a.arg)
        passing = next(a for a in view.legal if a.verb == "pass")
        amounts = self.ruleset.calling.amounts
        return passing, calls[0], amounts.index(calls[0].arg) if calls[0].arg in amounts else 0

    def bid(self, view: SeatView) -> Action:
        bids = sorted((a for a in view.legal if a.verb == "bid"), key=lambda a: a.arg)
        passing = passing_action(view.legal)
        r = self.ruleset
        trump = None if view.trump is None else r.deck.suits.index(view.trump)  # (known: a turn-up's)
        est = estimated_bid(r, self.t, self._hand(view), trump)  # (in the bid's unit: tricks, or the team's card points)
        if passing is None:  # a bid must be made (every bid its bidder's contract, or the last to bid): the nearest
            return min(bids, key=lambda a: (abs(a.arg - est), a.arg))
        if bids and bids[0].arg <= est + self.bid_margin * bid_scale(r):
            return bids[0]
        return passing

    def undertake(self, view: SeatView) -> Action:
        """An undertaking only when the hand is sure to win every trick (all its cards seen)."""
        r = self.ruleset
        passing = passing_action(view.legal, view.legal[-1])
        if view.unseen:
            return passing
        # whether the hand is sure to win needs only the hand and the trumps: what the seat knows (costlier)
        # is worked out only for a sure hand, or for a bot that risks undertakings
        sure = self._sure_undertaking(view) or self._lone_hand(view)
        if sure is None and self.undertake_odds is None:
            return passing
        k = Knowledge(r, view)
        if k.cum[k.batches_dealt] != k.cum[k.phase.end_batch]:
            return passing  # cards still to come before the play: nothing is sure
        if sure is not None:
            return sure
        if estimated_tricks(self.t, k.hand) >= k.hand.bit_count() - 2:
            return self._risk_undertaking(k, view, passing)
        return passing

    def _sure_undertaking(self, view: SeatView) -> Action | None:
        """The first undertaking on offer that the hand is sure to win (every trick), if any."""
        r, t = self.ruleset, self.t
        hand = self._hand(view)
        trump = None if view.trump is None else r.deck.suits.index(view.trump)
        for a in view.legal:
            u = by_verb(r).undertaking.get(a.verb)
            if u is None or u.blind_until_tricks:
                continue
            beats = u.beats if u.beats is not None else r.beats
            if u.trump is TrumpWay.FIRST_LEAD or u.trump is TrumpWay.NAMED_BY_CALLER:  # (a named suit may be led first too)
                choice = tuple(s for s in range(t.n_suits) if hand & t.suit_masks[s])
            elif u.trump is TrumpWay.NONE:
                choice = None
            elif trump is not None:
                choice = trump
            else:
                continue
            if sure_to_win_all(t, hand, beats, choice, u.leads_win):
                return a
        return None

    def _lone_hand(self, view: SeatView) -> Action | None:
        """Going alone (an undertaking played out to the last trick, the partner sitting out) when the tricks the
        hand should take by itself with the trumps as made reach all but one of its cards: a lone march likely,
        a partial success nearly sure. From the hand and the trumps only (no peeking)."""
        r = self.ruleset
        if view.trump is None:
            return None
        hand = self._hand(view)
        expected = estimated_tricks(self.t, hand, r.deck.suits.index(view.trump))
        for a in view.legal:
            u = by_verb(r).undertaking.get(a.verb)
            if u is not None and u.partner_sits_out and u.caught is Caught.NEVER and expected >= hand.bit_count() - 1:
                return a
        return None

    def _risk_undertaking(self, k: Knowledge, view: SeatView, passing: Action) -> Action:
        """The undertaking that wins in at least ``undertake_odds`` of the sampled deals (played out with the
        heuristic's card sense, every seat knowing the sampled hands), the likeliest first; else pass."""
        r = self.ruleset
        options = [a for a in view.legal if (u := r.undertaking_by_verb(a.verb)) is not None and not u.blind_until_tricks]
        team = r.team_of(view.seat)
        rng = decision_rng(self.seed, view)
        wins = dict.fromkeys(options, 0)
        found = 0
        for w, game in replayed_worlds(k, rng, self.claim_samples, self.claim_samples * 3):
            found += 1
            base = Tracker(k, w)
            for i, a in enumerate(options):
                # each option plays out a copy of the replayed game, the last one the game itself
                result = self._played_out(k, w, a, game if i == len(options) - 1 else game.clone(), base)
                wins[a] += result is not None and result.undertaking == a.verb and result.balls[team] > 0
        if found < self.claim_samples // 2 or not options:
            return passing
        best = max(options, key=lambda a: wins[a])
        return best if wins[best] >= self.undertake_odds * found else passing

    def claim(self, view: SeatView) -> Action:
        """A claim only if, in every sampled deal consistent with the view, it scores better than not."""
        r = self.ruleset
        passing, claims = self._claim_choices(view)
        if passing is None:
            return claims[0]
        try:
            k = Knowledge(r, view)
        except Knowledge.Inconsistent:
            return passing
        rng = decision_rng(self.seed, view)
        team = r.team_of(view.seat)
        gains = {a: None for a in claims}
        found = 0
        for w, game in replayed_worlds(k, rng, self.claim_samples, self.claim_samples * 4):
            found += 1
            base = Tracker(k, w)
            # the replay stands at the decision: each choice plays out a copy of it, the last the game itself
            claims = list(gains)  # never empty: the search stops once no claim is left
            quiet = self._outcome(k, w, passing, team, game.clone(), base)
            for i, a in enumerate(claims):
                gain = self._outcome(k, w, a, team, game if i == len(claims) - 1 else game.clone(), base) - quiet
                if gain <= 0:
                    del gains[a]  # not sure to do better: this deal is one the seat cannot rule out
                else:
                    gains[a] = gain if gains[a] is None else min(gains[a], gain)
            if not gains:
                break
        if not found or not gains:
            return passing
        return max(gains, key=lambda a: gains[a])

    def _claim_choices(self, view: SeatView) -> tuple[Action | None, list[Action]]:
        """Passing (None if a claim must be made) and the claims on offer."""
        passing = passing_action(view.legal)
        claims = by_verb(self.ruleset).claim
        return passing, [a for a in view.legal if a.verb in claims]

    def _outcome(self, k: Knowledge, world, action: Action, team: int, game=None, base=None) -> float:
        return utility(self._played_out(k, world, action, game, base), team, self.ruleset)

    @staticmethod
    def _played_out(k: Knowledge, world, action: Action, game=None, base: Tracker | None = None):
        """The DealResult of ``world`` after ``action``, played to the end with the playout policy
        (``game``: the world's game at the decision, used up, else rebuilt; ``base``: a Tracker of the
        world at the decision, copied, else made)."""
        if game is None:
            game = rebuild(k, world)
        tr = base.copy() if base is not None else Tracker(k, world)
        game.apply(action)
        tr.observe(action)
        return playout(k, world, game, tr)
