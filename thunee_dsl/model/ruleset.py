"""The compiled rule model: immutable, built once per ruleset from its data.

Each section of a ruleset file becomes a frozen dataclass here, with its
formulas already compiled (:class:`thunee_dsl.formula.Formula`) and its cards
already turned into tables (:class:`thunee_dsl.model.cards.Deck`). The game
layer reads only these objects; it never looks at the YAML.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from thunee_dsl.formula import Formula
from thunee_dsl.model.cards import Deck
from thunee_dsl.model.quantities import other_side

# -- the options a ruleset chooses among, as enums: the game compares them by identity, never as text. A
# StrEnum member equals its text, so the rulebook, the diff and the data read them as before.
def _options(name: str, doc: str, *texts: str) -> type[StrEnum]:
    """An enum of a ruleset's option: one member per text, named by it in capitals ("last card": LAST_CARD)."""
    enum = StrEnum(name, {text.upper().replace(" ", "_").replace("-", "_").replace("'", ""): text for text in texts}, module=__name__)
    enum.__doc__ = doc
    return enum


Revealed = _options("Revealed", "When the trump suit made is shown (trumps.revealed): at the first lead, at once, or "
                    "on demand (a closed trump: shown when a player who cannot follow asks for it, or when a trump "
                    "cuts a trick).", "first lead", "at once", "on demand")
FirstCaller = _options("FirstCaller", "Who may call first to make trumps (calling.first_caller).",
                       "opponents of chooser", "anyone")
NextCaller = _options("NextCaller", "Who may call over the last call (calling.next_caller).",
                      "opponents of last caller", "anyone")
# how trumps are made (trumps.ways), or what an undertaking does to them (undertakings.*.trump): the deal's trump_way
TrumpWay = _options("TrumpWay", "How trumps are made, or what an undertaking does to them.",
                    "card", "suit", "last card", "first lead", "as made", "none", "named by caller",
                    "turn-up", "order up")  # turn-up: the turned-up card's suit, nobody chooses (deal.turn_up);
# order up: each in turn may order the turn-up's suit as trumps (trumps.rounds), a second round naming another
# an undertaking whose trump is set by the first lead, or that has none (the trump suit is not the one made)
# the card turned up for all to see after the deal (deal.turn_up): none, the first undealt card, or the
# dealer's own last card (it stays in the dealer's hand)
TurnUp = _options("TurnUp", "The card turned up after the deal (deal.turn_up).",
                  "none", "top of the undealt", "next card", "dealer's last card")
FROM_UNDEALT = frozenset({TurnUp.TOP_OF_THE_UNDEALT, TurnUp.NEXT_CARD})
# making trumps in rounds (trumps.rounds): what a round offers, and what happens when every player passes
TrumpOffer = _options("TrumpOffer", "What a round of making trumps offers (trumps.rounds[].offer).",
                      "the turn-up's suit", "any suit but the turn-up's")
AllPass = _options("AllPass", "When every player passes every round of making trumps (trumps.all_pass).",
                   "throw in", "throw in, next dealer", "dealer must")
LEAD_OR_NO_TRUMP = frozenset({TrumpWay.FIRST_LEAD, TrumpWay.NONE})
UndertakingLeader = _options("UndertakingLeader", "Who leads an undertaking's first trick (undertakings.*.leader).",
                             "caller", "usual")
Caught = _options("Caught", "When an undertaking is caught (undertakings.*.caught).",
                  "when beaten", "when a trick is lost", "on the last trick", "never")
OutcomeWinner = _options("OutcomeWinner", "The team an outcome scores for (scoring.outcomes.*.winner).",
                         "counting", "makers")
Cut = _options("Cut", "How the pack is cut before a deal the program shuffles (deal.cut).",
               "none", "normal", "table", "ball cut three")
# bidding (issue 25, item 1): what a bid counts, how the turns go round, and whose contract a bid is
BidCounts = _options("BidCounts", "What a bid counts (bidding.counts): tricks, or card points taken.", "tricks", "points")
BidTurns = _options("BidTurns", "How the bidding goes round (bidding.turns): an auction until all but one have "
                    "passed, or one turn each in order from the first bidder.",
                    "until passed", "once each")
# the closed trump (issue 25, item 7: 304): how a player who cannot follow plays while the trump is closed
VoidWhileClosed = _options("VoidWhileClosed", "How a player who cannot follow suit plays while the trump is closed "
                           "(play.void_while_closed): a card face up, or face down (a cut: a trump among them wins "
                           "and shows the trump).", "face up", "face down")
Contract = _options("Contract", "Whose contract a bid is (bidding.contract): the highest bid only (its bidder's "
                    "team), or every bid its own bidder's.", "highest bid", "each player")
# declarations counted from the cards themselves (issue 25, item 7): where a declaration's cards come from, whose
# cards count together, how it is declared, when the deal's score takes it
DeclaredFrom = _options("DeclaredFrom", "Where a declaration's cards come from (declarations.*.from): a player's "
                        "hand, declared after a trick; the cards of each trick, for the trick's winners (roem); the "
                        "hands as dealt (honours).", "hand", "trick", "hands as dealt")
Pooled = _options("Pooled", "Whose cards as dealt count together (declarations.*.pooled).", "team", "seat")
DeclaredBy = _options("DeclaredBy", "How a combination of a trick's cards or of the hands dealt is declared "
                      "(declarations.*.declared).", "automatically")
ScoredWhen = _options("ScoredWhen", "When the deal's score takes a declaration of the hands dealt "
                      "(declarations.*.scored): with the rest, or after the tricks (a game won by tricks is won "
                      "before it counts).", "with tricks", "after tricks")


def _as(enum, obj, *names) -> None:
    """Each named option of a frozen record as a member of ``enum`` (made once, when the record is built)."""
    for name in names:
        value = getattr(obj, name)
        if value is not None and type(value) is not enum:
            object.__setattr__(obj, name, enum(value))


# Transcript verbs the engine itself owns; rulesets may not reuse them.
ENGINE_VERBS = ("play", "trump", "call", "pass", "bid", "concede", "redeal")


@dataclass(frozen=True)
class Step:
    """One step of a deal's sequence (``sequence:`` in a ruleset), typed: the engine runs each kind of
    step with its own rule class (see :mod:`thunee_dsl.game.deal`). ``text`` is the ruleset's word."""

    text = ""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class DealBatch(Step):
    """``deal N``: batch N of ``deal.batches`` to every seat."""

    number: int

    @property
    def text(self) -> str:  # type: ignore[override]
        return f"deal {self.number}"


@dataclass(frozen=True)
class MakeTrumps(Step):
    text = "make trumps"


@dataclass(frozen=True)
class CallingStep(Step):
    """``calling``; ``again`` for a later one in the sequence (it goes on from the last call)."""

    text = "calling"
    again: bool = False


@dataclass(frozen=True)
class BiddingStep(Step):
    """``bidding``; ``again`` for a later one in the sequence (``bidding.again``'s rules: it goes on from the
    highest bid)."""

    text = "bidding"
    again: bool = False


@dataclass(frozen=True)
class UndertakingsStep(Step):
    text = "undertakings"


@dataclass(frozen=True)
class RedealStep(Step):
    text = "redeal"


@dataclass(frozen=True)
class ConcedeStep(Step):
    text = "concede"


@dataclass(frozen=True)
class PlayStep(Step):
    text = "play"


# the sequence's words (other than ``deal N``) -> their step
STEP_WORDS = {cls.text: cls for cls in (MakeTrumps, CallingStep, BiddingStep, UndertakingsStep, RedealStep,
                                        ConcedeStep, PlayStep)}


@dataclass(frozen=True)
class SeatRef:
    """A seat named relative to another: ``dealer+1`` is the seat after the dealer."""

    anchor: str
    offset: int = 0

    @classmethod
    def parse(cls, text: str) -> "SeatRef":
        anchor, _, offset = str(text).partition("+")
        return cls(anchor, int(offset or 0))

    def resolve(self, seats: int, **anchors: int) -> int:
        return (anchors[self.anchor] + self.offset) % seats

    def __str__(self) -> str:
        return f"{self.anchor}+{self.offset}" if self.offset else self.anchor


@dataclass(frozen=True)
class TrumpRound:
    """A round of making trumps (trumps.rounds): from the chooser, each player once may take what it offers
    (``order`` the turn-up's suit; ``trump SUIT`` another suit) or pass."""

    offer: TrumpOffer
    dealer_takes_turn_up: bool = False  # ordered, the dealer picks the turn-up into the hand ...
    dealer_discards: int = 0  # ... and discards this many cards face down

    def __post_init__(self) -> None:
        _as(TrumpOffer, self, "offer")

    @property
    def verb(self) -> str:
        return "order" if self.offer is TrumpOffer.THE_TURN_UPS_SUIT else "trump"


@dataclass(frozen=True)
class TrumpRules:
    chooser: SeatRef
    ways: tuple[TrumpWay, ...]
    caller_ways: tuple[TrumpWay, ...]
    revealed: Revealed
    source: str = ""
    # a closed trump (revealed: on demand) is also shown at the end of a trick when this holds (304: a bid of
    # 250 or more shows it after the first trick); None: only when asked for or cut
    revealed_if: Formula | None = None
    # ordering up (issue 25, item 3): the rounds, from the chooser, and when all pass
    rounds: tuple[TrumpRound, ...] = ()
    all_pass: AllPass = AllPass.THROW_IN

    def __post_init__(self) -> None:
        object.__setattr__(self, "ways", tuple(map(TrumpWay, self.ways)))
        object.__setattr__(self, "caller_ways", tuple(map(TrumpWay, self.caller_ways)))
        _as(Revealed, self, "revealed")
        _as(AllPass, self, "all_pass")


@dataclass(frozen=True)
class CallingRules:
    amounts: tuple[int, ...]
    first_caller: FirstCaller
    next_caller: NextCaller
    simultaneous_extra: int
    source: str = ""
    allowed_if: Formula | None = None  # who may call at all (a seat for whom it is false is not asked)

    def __post_init__(self) -> None:
        _as(FirstCaller, self, "first_caller")
        _as(NextCaller, self, "next_caller")

    def next_amounts(self, current: int) -> tuple[int, ...]:
        """The calls that may follow ``current`` (0: no call yet): the next rung, and the amount a
        simultaneous call counts, ``simultaneous_extra`` more than the next rung (pagat: after 10, both
        opponents calling 20 at once count 30), at most the top of the ladder.

        >>> CallingRules((5, 10, 15, 20, 25, 30), "anyone", "anyone", 10).next_amounts(5)
        (10, 20)
        >>> CallingRules((10, 20, 30, 40, 50, 104), "anyone", "anyone", 20).next_amounts(40)
        (50, 70)
        >>> CallingRules((10, 20, 30, 40, 50, 104), "anyone", "anyone", 20).next_amounts(50)
        (104,)
        """
        higher = [a for a in self.amounts if a > current]
        if not higher:
            return ()
        at_once = min(higher[0] + self.simultaneous_extra, self.amounts[-1])
        if at_once > higher[0]:
            return (higher[0], at_once)
        return (higher[0],)


@dataclass(frozen=True)
class BiddingRules:
    """Turn-based bids of tricks (Nigerian Thuni): bid higher or pass, until all but one have passed."""

    first_bidder: SeatRef
    lowest: int
    highest: int
    dealer_bids_if_all_pass: bool
    passer_trick_cap: int | None
    source: str = ""
    # issue 25, item 1: bids beyond one ascending window of tricks (each default keeps today's bidding)
    counts: BidCounts = BidCounts.TRICKS
    step: int = 1  # the bids are lowest, lowest + step, ... up to highest
    turns: BidTurns = BidTurns.UNTIL_PASSED
    allowed_if: Formula | None = None  # who may bid what (the ``bidding`` context: ``seat``, ``bid`` ...)
    forbidden_if: Formula | None = None  # the hook: a bid the bidder may not make
    contract: Contract = Contract.HIGHEST_BID
    again: "BiddingRules | None" = None  # a later ``bidding`` step's rules (the keys of ``bidding.again`` merged)
    takes_over: bool = False  # (``again`` only) a new highest bidder makes trumps in place of the trump maker
    partner_bid: bool = False  # a player may say ``partner``: the partner bids (or passes) in that turn

    def __post_init__(self) -> None:
        _as(BidCounts, self, "counts")
        _as(BidTurns, self, "turns")
        _as(Contract, self, "contract")

    @property
    def amounts(self) -> range:
        """Every bid a player might make, lowest first."""
        return range(self.lowest, self.highest + 1, self.step)

    def bids_over(self, high: int | None) -> range:
        """The bids higher than ``high`` (None: no bid yet, so every bid from the lowest).

        >>> list(BiddingRules(None, 160, 300, False, None, step=10).bids_over(170))[:3]
        [180, 190, 200]
        >>> list(BiddingRules(None, 0, 3, False, None).bids_over(None))
        [0, 1, 2, 3]
        """
        if high is None or high < self.lowest:
            return self.amounts
        return range(self.lowest + ((high - self.lowest) // self.step + 1) * self.step, self.highest + 1, self.step)


@dataclass(frozen=True)
class BallTable:
    """Balls for an undertaking or a claim: to the callers on success, to their opponents
    otherwise (``partner_catch`` when the caller's own partner broke it)."""

    success: Formula
    failure: Formula
    partner_catch: Formula


@dataclass(frozen=True)
class LateCall:
    """An undertaking called as or after the first card is led (pagat's "marials on X", X the suit led):
    it stands only for a caller for whom ``safe_if`` holds; the leader then takes the card back and the
    usual undertaking's leader leads. A caller it does not stand for may not call it: the lead stands."""

    safe_if: Formula
    source: str = ""
    called_as: str = ""  # what the opponents call, in the table's words ("marials"): named in a refusal


@dataclass(frozen=True)
class WrongTime:
    """A declaration made at the wrong time: it stands unless an opponent says ``challenge`` (pagat's
    "marials"), after which that declaration (its verb and suit) cannot be made in the deal."""

    challenge: str
    source: str = ""


@dataclass(frozen=True)
class Undertaking:
    name: str
    verb: str
    title: str
    after_batch: int
    allowed_if: Formula | None
    leader: UndertakingLeader
    trump: TrumpWay  # first lead, as made, none, or named by caller (the caller names a suit after the call)
    caught: Caught
    balls: BallTable
    source: str = ""
    beats: tuple[tuple[int, ...], ...] | None = field(default=None, repr=False, compare=False)  # own ranking
    blind_until_tricks: int | None = None  # cards dealt after the call stay unseen until this many tricks won
    leads_win: int = 0  # the caller's leads win the first N tricks whatever is played to them
    offered_after: tuple[int, ...] = ()  # the batches after which it is offered (after_batch, or a list)
    during_calling: bool = False  # also offered after each call to make trumps (it ends the calling)
    late: LateCall | None = None  # may still be called right after the first lead, when safe (Marials)
    # going alone (issue 25, item 6): offered to the trump maker as trumps are made (after: make trumps), the
    # caller's partner sitting out (partner: sits out), a success judged at the end (caught: never)
    on_trumps_made: bool = False
    partner_sits_out: bool = False
    succeeds_if: Formula | None = None  # None: the caller's team wins every trick (not caught)

    def __post_init__(self) -> None:
        _as(UndertakingLeader, self, "leader")
        _as(TrumpWay, self, "trump")
        _as(Caught, self, "caught")


@dataclass(frozen=True)
class Combination:
    ranks: tuple[int, ...]  # rank indexes in the deck
    trumps: int
    other: int


@dataclass(frozen=True)
class TrickCombination:
    """A combination among the cards of one trick, by its shape: ``same_rank`` cards of one rank (of
    ``ranks`` if given), a run of ``sequence`` cards of one suit in the deck's sequence order, or the
    ``cards`` (ranks) of one suit; ``trumps_only``: of the trump suit only. The first that the trick holds
    (best first) scores; one with ``also`` scores besides it (a King and Queen of trumps within a run)."""

    name: str
    value: int
    same_rank: int = 0
    ranks: tuple[int, ...] = ()  # rank indexes in the deck (same_rank: the ranks it counts for; empty: any)
    sequence: int = 0
    cards: tuple[int, ...] = ()  # rank indexes of one suit
    trumps_only: bool = False
    also: bool = False


@dataclass(frozen=True)
class HeldCount:
    """Honours: ``held`` of the declaration's cards held (by a team, or a player) are worth ``value``."""

    held: int
    value: int


@dataclass(frozen=True)
class Declaration:
    name: str
    verb: str
    title: str
    combinations: tuple[Combination, ...]
    after_team_trick: frozenset[int]
    once_per_suit: bool
    suit_hidden_for: frozenset[int]
    allowed_if: Formula | None
    source: str = ""
    face_up_only: bool = False  # open face play: from cards face up since before the trick just won
    wrong_time: WrongTime | None = None  # None: a declaration at the wrong time is not accepted at all
    any_time: bool = False  # may also be declared before any card of the declarer's until the last trick
    # combinations of a trick's cards or of the hands dealt (issue 25, item 7): see TrickCombination, HeldCount
    taken_from: DeclaredFrom = DeclaredFrom.HAND
    declared: DeclaredBy = DeclaredBy.AUTOMATICALLY
    shapes: tuple[TrickCombination, ...] = ()  # from: trick
    honours: tuple[int, ...] = ()  # from: hands as dealt: the ranks (of trumps) that count
    held: tuple[HeldCount, ...] = ()  # from: hands as dealt: how many of them held, best first
    pooled: Pooled = Pooled.TEAM
    scored: ScoredWhen = ScoredWhen.WITH_TRICKS

    def __post_init__(self) -> None:
        _as(DeclaredFrom, self, "taken_from")
        _as(DeclaredBy, self, "declared")
        _as(Pooled, self, "pooled")
        _as(ScoredWhen, self, "scored")


@dataclass(frozen=True)
class Claim:
    name: str
    verb: str
    title: str
    allowed_if: Formula | None
    forbidden_if: Formula | None
    succeeds_if: Formula
    balls: BallTable
    source: str = ""
    adds: bool = False  # a bonus on top of the normal result instead of replacing it


@dataclass(frozen=True)
class TeamValue:
    name: str
    formula: Formula
    description: str = ""
    source: str = ""


@dataclass(frozen=True)
class Outcome:
    when: Formula
    winner: OutcomeWinner | None
    balls: Formula
    says: str = ""
    source: str = ""

    def __post_init__(self) -> None:
        _as(OutcomeWinner, self, "winner")


@dataclass(frozen=True)
class Obligation:
    """A duty of a player following to a trick (play.obligations): when ``when`` holds, the cards allowed are
    narrowed to those ``must_play`` names, if the cards still allowed include one (else it asks nothing)."""

    says: str
    when: Formula
    must_play: Formula
    source: str = ""
    short_form: str = ""  # the play key this obligation was written as ("undercut"), or "" (written out)


@dataclass(frozen=True)
class PlayRules:
    first_leader: SeatRef
    follow_suit: bool
    undercut_only_with_all_trumps: bool
    source: str = ""
    first_lead_not_trump: bool = False
    # open face play: after this many tricks the hand is laid face up on the face-down row (None: never)
    lay_out_after: int | None = None
    lay_out_unless_undertaking: bool = True  # an undertaking plays from the hand alone, the row unused
    # while the trump is closed (trumps.revealed: on demand), a player who cannot follow plays face up or face down
    void_while_closed: VoidWhileClosed = "face up"
    # applied in order after following suit (the undercut rule first, as one of them)
    obligations: tuple[Obligation, ...] = ()

    def __post_init__(self) -> None:
        _as(VoidWhileClosed, self, "void_while_closed")


@dataclass(frozen=True)
class Cancellation:
    cancel_if: Formula
    same_dealer: bool
    source: str = ""


@dataclass(frozen=True)
class Redeal:
    """The player making trumps may throw the cards in instead, when ``allowed_if`` holds."""

    allowed_if: Formula
    source: str = ""
    anyone: bool = False  # every player is asked in a `redeal` step, not only the one making trumps


@dataclass(frozen=True)
class Penalties:
    balls: int
    offences: frozenset[str]
    source: str = ""
    balls_for: tuple[tuple[str, int], ...] = ()  # (offence, balls) where an offence costs other than ``balls``

    def balls_of(self, offence: str) -> int:
        """The balls the offender's opponents open for ``offence``."""
        for name, balls in self.balls_for:
            if name == offence:
                return balls
        return self.balls


@dataclass(frozen=True)
class Unit:
    """What a score counts, in the ruleset's words (``game.unit``): every place a person reads a score says it.

    >>> BALLS.of(1), BALLS.of(4), Unit("point", "points").of(0)
    ('1 ball', '4 balls', '0 points')
    """

    singular: str = "ball"
    plural: str = "balls"

    def of(self, n) -> str:
        """``n`` of it, in words: "1 ball", "4 balls"."""
        return f"{n} {self.word(n)}"

    def word(self, n) -> str:
        return self.singular if n == 1 else self.plural

    @property
    def verb(self) -> str:
        """What a team does with it: a team *opens* balls (the Thunee table's word), it *scores* anything else."""
        return "open" if self.plural == "balls" else "score"


BALLS = Unit()


def unit_of_difference(a: Unit, b: Unit) -> Unit:
    """The unit a difference B - A of two rulesets' scores is said in: the one both score in, or each named
    when they score in different units.

    >>> unit_of_difference(BALLS, Unit("point", "points")).plural
    'points (B) / balls (A)'
    """
    if a == b:
        return a
    return Unit(f"{b.singular} (B) / {a.singular} (A)", f"{b.plural} (B) / {a.plural} (A)")


@dataclass(frozen=True)
class GameValue:
    """What a game won is worth in a rubber (``game.game_value``): the first row whose ``when`` holds, read once
    the game is won (``team``: the winners, ``other``: the losers; ``team.balls`` their scores)."""

    when: Formula
    value: int
    says: str = ""


@dataclass(frozen=True)
class RubberRules:
    """A rubber (``game.rubber``): the best of ``best_of`` games; its winners score their games' values and
    ``bonus`` more, less the losers' game values when ``losers_games_deducted``."""

    best_of: int
    bonus: int = 0
    losers_games_deducted: bool = False
    source: str = ""


@dataclass(frozen=True)
class GameRules:
    target: int | None  # None: the game is a number of deals (``deals``) or ends when a side has no stones
    corner_house: int | None  # None: no target, so no score one below it
    source: str = ""
    deuce: int | None = None  # two to clear: both teams on this score -> back to zero, lead by win_by
    win_by: int = 1
    raised_after: frozenset[str] = frozenset()  # verbs that, once called in a game, raise the target
    raised_target: int | None = None
    raised_corner_house: int | None = None
    unit: Unit = BALLS  # what the score counts (``game.unit``)
    # -- a game as a number of deals; stones (issue 25, item 4) --
    deals: int | None = None  # a game of this many deals: after the last, the highest total wins (or a tie)
    start: int = 0  # what each side holds when the game begins (304's 11 stones)
    transfer: bool = False  # a deal's score moves from the losers to the winners; a side with none has lost
    # -- game value and the rubber (Whist) --
    keeps_excess: bool = True  # False: the winners' score stops at the target (points beyond it are not kept)
    game_value: tuple[GameValue, ...] = ()  # what a game won is worth in a rubber (none: 1 each)
    rubber: RubberRules | None = None  # games played until a side has won most of best_of


@dataclass(frozen=True)
class DealerRules:
    passes_if: Formula | None
    passes_to: SeatRef
    source: str = ""
    most_tricks: bool = False  # the player who won most tricks deals next


@dataclass(frozen=True)
class Ruleset:
    """A compiled ruleset. Build it with :func:`thunee_dsl.model.compile_ruleset`."""

    name: str
    title: str
    aliases: tuple[str, ...]
    summary: str
    seats: int
    teams: int
    direction: str
    deck: Deck
    batches: tuple[int, ...]
    first_receiver: SeatRef
    sequence: tuple[str, ...]  # the steps in the ruleset's words (the rulebook and diff show them)
    trumps: TrumpRules | None
    calling: CallingRules | None
    undertakings: tuple[Undertaking, ...]
    play: PlayRules
    cancellation: Cancellation | None
    declarations: tuple[Declaration, ...]
    claims: tuple[Claim, ...]
    team_values: tuple[TeamValue, ...]
    outcomes: tuple[Outcome, ...]
    penalties: Penalties | None
    game: GameRules
    dealer: DealerRules
    data: Any = field(repr=False, compare=False, default=None)  # the merged source (for rulebook and diff)
    beats: tuple[tuple[int, ...], ...] = field(repr=False, compare=False, default=())  # [trump or no-trump][card]
    engine_cache: dict = field(repr=False, compare=False, default_factory=dict)
    redeal: Redeal | None = None
    bidding: BiddingRules | None = None
    concede_balls: int | None = None  # what the opponents of a conceding team score (None: no conceding)
    each_team: Formula | None = None  # every team scores this (instead of the outcomes table)
    each_player: Formula | None = None  # every player scores this for their side (instead of the outcomes table)
    cut: Cut = Cut.NONE  # how the pack is cut before a simulated deal
    face_down: frozenset[int] = frozenset()  # batches dealt face down as a row, not into the hand
    steps: tuple[Step, ...] = ()  # the sequence as typed steps (what the engine runs)
    # the undealt cards and the turn-up (deal.undealt, deal.turn_up)
    undealt: int = 0  # cards of the pack left undealt (the kitty, the stock): seen by nobody unless turned
    turn_up: TurnUp = TurnUp.NONE  # the card turned up for all to see after the deal
    # the declarations scored from each trick's cards, and from the hands as dealt (game/declarations.py)
    from_trick: tuple[Declaration, ...] = field(init=False, repr=False, compare=False)
    from_dealt: tuple[Declaration, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _as(Cut, self, "cut")
        _as(TurnUp, self, "turn_up")
        put = object.__setattr__
        put(self, "from_trick", tuple(d for d in self.declarations if d.taken_from is DeclaredFrom.TRICK))
        put(self, "from_dealt", tuple(d for d in self.declarations if d.taken_from is DeclaredFrom.HANDS_AS_DEALT))

    @property
    def unit(self) -> Unit:
        """What the score counts, in the ruleset's words (``ruleset.unit.plural``, ``ruleset.unit.of(2)``)."""
        return self.game.unit

    def batches_before(self, step_type: type) -> int | None:
        """How many batches are dealt before the first step of ``step_type`` (None if there is none)."""
        dealt = 0
        for step in self.steps:
            if type(step) is step_type:
                return dealt
            if type(step) is DealBatch:
                dealt = step.number
        return None

    def cached(self, key: str, build):
        """``build(self)``, made on first use and kept in :attr:`engine_cache` under ``key`` (the tables
        the engine and the players derive from a ruleset, built once per ruleset)."""
        got = self.engine_cache.get(key)
        if got is None:
            got = self.engine_cache[key] = build(self)
        return got

    @property
    def hand_size(self) -> int:
        return sum(self.batches)

    @property
    def tricks_per_deal(self) -> int:
        return self.hand_size

    @property
    def no_trump(self) -> int:
        """Index of the no-trump row of :attr:`beats`."""
        return len(self.deck.suits)

    @property
    def sides_of_one(self) -> bool:
        """More than two players, every one a side of one (``players.teams`` is the number of seats): no partners,
        and no one other side. (Two players are each alone too, and keep the words of a game of two sides.)"""
        return self.teams == self.seats > 2

    def team_of(self, seat: int) -> int:
        return seat % self.teams

    def other_side(self, side: int) -> int | None:
        """The one side opposing ``side`` (the counting team of the trump makers, a caller's opponents): the
        other of two; None where every player is a side of one."""
        return other_side(side, self.teams)

    def partners_of(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s != seat and s % self.teams == seat % self.teams)

    def opponents_of(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s % self.teams != seat % self.teams)

    def undertaking_by_verb(self, verb: str) -> Undertaking | None:
        return next((u for u in self.undertakings if u.verb == verb), None)

    def declaration_by_verb(self, verb: str) -> Declaration | None:
        return next((d for d in self.declarations if d.verb == verb), None)

    def claim_by_verb(self, verb: str) -> Claim | None:
        return next((c for c in self.claims if c.verb == verb), None)
