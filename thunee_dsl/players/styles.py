"""Table styles: bots that weigh every announcement by the balls it is expected to bring.

``cautious``, ``typical`` and ``bold`` are the same bot with a different appetite for risk. For each decision
that is open -- calling to make trumps, bidding tricks, undertaking (Thunee, Royals, blind calls, Trips,
Moenie, ...), claiming (Double, Khanaak) -- it estimates what each choice is worth from deals consistent with
what its seat has seen, played out to the end of the deal (:func:`~thunee_dsl.players.expected.expected_balls`),
and takes the choice worth most. Nothing is tuned to one ruleset: the choices are the legal actions, their
results are the ruleset's own scoring. A claim is made when it pays on average, not only when it is certain.
A seat reads what the others said as a table does: facing a call, it draws only deals in which every seat
that called holds a hand the style would weigh a call on, so two strong hands fight for trumps.

The styles differ in two ways:

* **appetite** (``risk``): a choice is worth its mean result plus ``risk`` times the spread of its results.
  ``cautious`` (-0.5) prefers the steadier choice when two are close, ``typical`` (0) goes by the average,
  ``bold`` (+0.5) takes a gamble whose average is a little worse;
* **what is worth weighing at all**: sampling costs time, so a call is weighed only with a best suit of some
  strength (``call_floor``, in units of a lone top card, whatever the rung), and an undertaking only with a
  hand expected to take all but ``undertake_slack`` of its tricks. These are quick screens, not decisions.

Making trumps, Jodies and redeals are the heuristic's (:class:`~thunee_dsl.players.heuristic.HeuristicBot`), and
so is card play, with three differences (each measured against the heuristic: docs/simulation.md):

* leading without a safe master, the counting team leads a card worth points from its longest side suit
  where the heuristic leads low;
* leading without a master trump, the makers lead their cheapest trump, not a side card, while the opponents
  may still hold trumps and they hold two or more (drawing trumps before their side cards are cut), where a
  player chose the trumps (not a card turned up for them by no one's choice: tactics.trumps_chosen);
* at the end of a deal (``look_ahead`` cards in hand or fewer) a card is weighed like an announcement: the
  card sense's choice first, every other legal card against it over deals drawn consistently with the
  seat's view and played out. Cards that take the same tricks (one suit, nothing another seat may hold
  ranking between them) are not weighed. One deal is drawn first, and the card sense's card stays if no
  other card does better in it; else up to ``card_most`` deals, and another card is chosen only on a margin
  the sample can trust.

>>> from thunee_dsl import shipped_ruleset
>>> from thunee_dsl.game import GameState
>>> rules = shipped_ruleset("standard")
>>> game = GameState(rules, seed=1)
>>> bot = TableBot(rules, seed=1, style="typical")
>>> bot.choose(game.view(game.to_act)) in game.legal_actions()
True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from thunee_dsl.game.actions import Action
from thunee_dsl.game.view import SeatView
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.players.expected import Estimate, expected_balls
from thunee_dsl.players.heuristic import HeuristicBot, decision_rng, passing_action
from thunee_dsl.players.knowledge import Knowledge, by_verb
from thunee_dsl.players.tactics import bid_scale, estimated_bid  # (bidding: issue 25, item 1)
from thunee_dsl.players.tactics import PlayCtx, call_strength, cards_of, choose_play, estimated_tricks


@dataclass(frozen=True)
class Style:
    name: str
    risk: float  # worth = mean + risk * spread
    margin: float  # standard errors by which a choice must beat keeping quiet (trust in a small sample)
    call_floor: float  # best-suit strength below which a call is not weighed
    undertake_slack: float  # tricks a hand may fall short of all and still have an undertaking weighed
    look_ahead: int = 2  # card play: with at most this many cards in hand, each legal card is weighed by sampling
    card_most: int = 4  # ... from one sampled deal, up to this many while another card may be better
    look_seats: int = 4  # ... only when fewer cards than this are on the trick
    draw_trumps: bool = True  # card play: the makers lead trumps while the opponents may hold some (tactics._lead)
    least: int = 2  # sampled deals before a decision may stop (4 and 8 cost 30% more for +0.017 balls a deal)
    most: int = 4  # sampled deals at most
    claim_least: int = 1  # claims: the last trick, where few layouts are left (see expected._clear)
    said: str = ""


STYLES = {
    "cautious": Style("cautious", risk=-0.5, margin=1.5, call_floor=2.2, undertake_slack=1.0,
                      said="prefers the steadier choice; calls and undertakes only on strong hands"),
    "typical": Style("typical", risk=0.0, margin=1.0, call_floor=2.1, undertake_slack=1.5,
                     said="goes by the average: calls, undertakes and claims when it pays on average"),
    "bold": Style("bold", risk=0.5, margin=0.5, call_floor=1.6, undertake_slack=2.5,
                  said="takes a gamble when its average is close; weighs calls and undertakings on weaker hands"),
}


def alike(t, k: Knowledge, legal: list[int]) -> bool:
    """Do the ``legal`` cards all take the same tricks? One suit, and no card another seat may still hold
    ranks between two of them (they are "touching" once the cards played are gone)."""
    t = t.for_trump(k.trump)  # (the suits of a deal with these trumps: deck.trumps)
    suit = t.suit_of[legal[0]]
    if any(t.suit_of[c] != suit for c in legal):
        return False
    strength = t.strength(k.beats)
    ranks = sorted(strength[c] for c in legal)
    out = t.suit_masks[suit] & ~k.hand & ~k.played_mask
    return not any(ranks[0] < strength[c] < ranks[-1] for c in cards_of(out))


class TableBot(HeuristicBot):
    """A style's bot (see the module docstring). ``style``: a name of :data:`STYLES` or a :class:`Style`;
    other options as :class:`HeuristicBot`'s."""

    def __init__(self, ruleset: Ruleset, seed: int | None = None, style: str | Style = "typical", **options):
        self.style = STYLES[style] if isinstance(style, str) else style
        options.setdefault("name", self.style.name)
        super().__init__(ruleset, seed=seed, **options)
        self.last_estimate: Estimate | None = None  # the last weighed decision (for inspection and tests)

    def _weigh(self, view: SeatView, options: list[Action], least: int | None = None, step: int = 4,
               reads=None, tries: int = 4) -> Action:
        """The option worth most by the style (the first, the quiet one, if nothing could be sampled).
        ``reads(k)``: what the seat reads from the others' announcements, as a test of a drawn deal (or None)."""
        s = self.style
        try:
            k = Knowledge(self.ruleset, view)
        except Knowledge.Inconsistent:
            return options[0]
        rng = functools.partial(decision_rng, self.seed, view)  # (seeded only if a deal is drawn)
        est = expected_balls(k, options, rng, least=least or s.least, most=s.most, step=step, risk=s.risk,
                             tries=tries, fits=reads(k) if reads is not None else None)
        self.last_estimate = est
        if est is None:
            return options[0]
        return est.best(s.risk, s.margin)

    # -- card play ----------------------------------------------------------------------------------
    def play_ctx(self, view: SeatView, k: Knowledge | None = None) -> PlayCtx:
        """The heuristic's card sense, but the counting team leads a card worth points rather than a low one
        and the makers draw trumps (:func:`~thunee_dsl.players.tactics._lead`; measured against the
        heuristic: docs/simulation.md)."""
        ctx = super().play_ctx(view, k)
        ctx.counting_leads_points = True
        ctx.makers_draw_trumps = self.style.draw_trumps
        return ctx

    def play(self, view: SeatView) -> Action:
        """The card sense's card; at the end of a deal, the legal card worth most (module docstring)."""
        if len(view.hand) > self.style.look_ahead or len(view.trick) >= self.style.look_seats \
                or view.undertaker is not None or len(view.legal) < 2:
            return super().play(view)
        try:
            k = Knowledge(self.ruleset, view)
        except Knowledge.Inconsistent:
            return super().play(view)
        usual = self.plays[view.seat][choose_play(self.play_ctx(view, k))]
        if alike(self.t, k, [self.t.card_of[a.arg] for a in view.legal]):
            return usual  # only points tell these apart, and the card sense weighs those
        options = [usual] + [a for a in view.legal if a != usual]
        s = self.style
        rng = decision_rng(self.seed, view)
        # one deal first: most end-of-deal choices are settled by it (the card sense's card does at least as well)
        played_out: dict = {}  # (the deals of both samplings below: one drawn again is not played out again)
        first = expected_balls(k, options, rng, least=1, most=1, risk=s.risk, memo=played_out)
        self.last_estimate = first
        if first is None or all(first.results[a][0] <= first.results[usual][0] for a in options[1:]):
            return usual
        more = expected_balls(k, options, rng, least=1, most=s.card_most - 1, step=1, risk=s.risk, memo=played_out)
        if more is not None:
            first = Estimate({a: first.results[a] + more.results[a] for a in options}, first.deals + more.deals,
                             first.draws + more.draws)
            self.last_estimate = first
        return first.best(s.risk, s.margin)

    # -- calling and bidding ----------------------------------------------------------------------
    def call(self, view: SeatView) -> Action:
        passing, lowest, rung = self._call_choices(view)
        if call_strength(self.t, self._hand(view)) < self.style.call_floor:
            return passing  # (a higher rung is weighed on the same hand: the bidding war is the sampling's to judge)
        return self._weigh(view, [passing, lowest], reads=self._callers_hands, tries=12)

    def _callers_hands(self, k: Knowledge):
        """A call says "my hand is worth it": a drawn deal fits only if every other seat that called this
        deal holds, in its cards of the calling, a best suit this style would weigh a call on. (Without
        this a seat facing a call would picture the caller with any hand, and never fight for trumps.)"""
        callers = {seat for seat, verb, _ in k.entries if verb == "call" and seat != k.seat}
        if not callers:
            return None
        held = k.cum[k.batches_dealt]  # the calls of this deal were made with the cards dealt so far
        t, floor = self.t, self.style.call_floor

        def fits(world) -> bool:
            for seat in callers:
                hand = 0
                for c in world.orders[seat][:held]:
                    hand |= 1 << c
                if call_strength(t, hand) < floor:
                    return False
            return True
        return fits

    def bid(self, view: SeatView) -> Action:
        bids = sorted((a for a in view.legal if a.verb == "bid"), key=lambda a: a.arg)
        passing = passing_action(view.legal)
        if not bids:
            return passing if passing is not None else view.legal[0]
        r = self.ruleset
        trump = None if view.trump is None else r.deck.suits.index(view.trump)  # (known: a turn-up's)
        est = estimated_bid(r, self.t, self._hand(view), trump)  # (in the bid's unit: tricks, or the team's card points)
        near = min(bids, key=lambda a: (abs(a.arg - est), a.arg))
        if passing is None and len(bids) > 1:
            # a bid must be made, each its bidder's own contract (or the last to bid): the nearest to what the
            # hand is worth and its neighbours on the ladder, weighed over sampled deals
            at = bids.index(near)
            return self._weigh(view, bids[max(0, at - 1):at + 2])
        options = ([passing] if passing is not None else []) + list(dict.fromkeys((bids[0], near)))
        if passing is not None and bids[0].arg > est + self.style.undertake_slack * bid_scale(r):
            return passing
        return self._weigh(view, options)

    # -- undertakings and claims ------------------------------------------------------------------
    def undertake(self, view: SeatView) -> Action:
        sure = super().undertake(view)  # the heuristic takes an undertaking it cannot lose
        if sure.verb != "pass":
            return sure
        r = self.ruleset
        passing = passing_action(view.legal)
        undertakings = by_verb(r).undertaking
        options = [a for a in view.legal if a.verb in undertakings]
        if passing is None or not options:
            return sure
        hand = self._hand(view)
        if estimated_tricks(self.t, hand) < hand.bit_count() + view.unseen - self.style.undertake_slack:
            return passing
        return self._weigh(view, [passing] + options)

    def claim(self, view: SeatView) -> Action:
        passing, claims = self._claim_choices(view)
        if passing is None:
            return claims[0]
        # looked at after every layout: few are left, and most claims are settled by the first one or two
        return self._weigh(view, [passing] + claims, least=self.style.claim_least, step=1)
