"""The named quantities of a deal that formulas may read.

A formula such as ``counting.cards + call`` is compiled against a *symbol table*
built here. Which names exist depends on where the formula stands in a ruleset:
a scoring outcome knows the counting team but not a claim's caller; a claim's
``succeeds_if`` knows both. Asking for a name the context lacks is a compile-time
error, so a typo or a misplaced name is reported when the ruleset loads, never
in the middle of a game.

Getters read an :class:`Env`. The game layer fills it: ``env.deal`` is the deal
being played (any object with the attributes listed in :data:`DEAL_PROTOCOL`),
``env.balls`` the game score before the deal, and the role slots say which team
or seat each role names at that moment.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Callable

from thunee_dsl.formula import Symbol

TEAM_ROLES = {
    "counting": "the counting team (opponents of the trump makers)",
    "makers": "the trump makers' team",
    "callers": "the team of the player who made the call being judged",
    "opponents": "the opponents of that team",
    "dealers": "the dealer's team",
    "others": "the team that did not deal",
    "team": "the team a team value is being computed for",
    "other": "the opponents of that team",
}
SEAT_ROLES = {
    "caller": "the player who made the call being judged",
    "seat": "the player who might make this call",
    "dealer": "the dealer",
    "trump_maker": "the player who made trumps",
    "leader": "the player who leads (led) the current trick",
}
# The roles that name "the other side": defined only in a game of two sides (players.teams: 2); with more (every
# player a side of one) a formula naming one is refused (model/compile/players.py says why)
TWO_SIDED_ROLES = ("other", "counting", "opponents", "others")
# the ``bidding`` context's player: the one about to bid (SEAT_ROLES' "seat" is said of a call)
BIDDER = "the player about to bid"
# the ``each player`` context's player (scoring.each_player)
SCORER = "the player scoring"

# Per-team numbers: (name in formulas, the deal's per-team list, description).
# (Their bounds, for Formula.bounds(), are in _TEAM_BOUNDS and _SEAT_BOUNDS below: a count is never below 0.)
TEAM_NUMBERS = (
    ("cards", "team_cards", "card points in the tricks won by {}"),
    ("tricks", "team_tricks", "tricks won by {}"),
    ("declared", "team_declared", "value of the declarations of {}"),
    ("trumps_dealt", "team_trumps_dealt", "trumps dealt to {}"),
    ("contract", "team_contract", "the contract of {}: its highest bid (0 if its players only passed), or its "
     "players' bids added up where each bid is its bidder's own contract"),
    ("tricks_by_bidders", "team_bidder_tricks", "tricks won by the players of {} who bid"),
    ("passer_tricks", "team_passer_tricks",
     "tricks won by the players of {} who only passed, each counted up to the bidding's cap"),
    # bids that are each their bidder's own contract (bidding.contract: each player), made exactly
    ("exact_bidders", "team_exact_bidders", "the number of players of {} who took exactly the tricks they bid"),
    ("exact_bids", "team_exact_bids", "the bids of the players of {} who took exactly the tricks they bid, added up"),
)
# Every name a team role has of its own (``counting.cards``, ``team.balls`` ...): a ruleset's team value may not
# take one, or it would silently stand for something else in formulas.
TEAM_NAMES = tuple(name for name, _, _ in TEAM_NUMBERS) + ("won_last_trick", "balls", "won_deal")

# Per-seat numbers: (name in formulas, the deal's per-seat sequence, description).
SEAT_NUMBERS = (
    ("tricks", "seat_tricks", "tricks won by {}"),
    ("suits_held", "suits_held", "how many suits {} holds"),
    ("cards_held", "cards_held", "how many cards {} holds"),
    ("points_held", "points_held", "card points in the hand of {}"),
    ("most_of_a_rank", "most_of_a_rank", "the most cards of one rank that {} holds (3 for three Queens)"),
    ("top_cards_held", "top_cards_held", "in how many suits {} holds the highest card"),
    ("beatable_in_led", "beatable_in_led",
     "how many cards of the suit led to this trick that {} holds a higher card of that suit still in play could "
     "beat (0: only top cards of that suit, or none)"),
    ("bid", "seat_bids", "the bid of {} (its highest; 0 if none)"),
)

# What the game layer's deal object must provide (read by the getters below).
DEAL_PROTOCOL = (
    "call", "counting", "makers", "team_cards", "team_tricks", "team_declared", "team_trumps_dealt",
    "seat_tricks", "last_trick_winner", "undertaking_name", "claim_name", "tricks_played",
    "team_contract", "team_bidder_tricks", "team_passer_tricks", "suits_held", "cards_held", "points_held", "most_of_a_rank", "top_cards_held",
    "beatable_in_led", "dealer", "trump_maker", "team_of", "target", "corner_house",
    "high_bid", "high_bidder", "seat_bids", "bids_total", "spoken", "passed", "team_exact_bidders", "team_exact_bids",
    "asked",
)


def other_side(side: int, sides: int) -> int | None:
    """The one side opposing ``side``: the other of two; None with more (every player a side of one)."""
    return 1 - side if sides == 2 else None


class Env:
    """What a formula sees. Filled by the game layer; roles not known are None."""

    __slots__ = ("deal", "balls", "deal_balls", "leader", "counting", "makers", "callers", "opponents", "dealers", "others",
                 "team", "other", "caller", "seat", "dealer", "trump_maker", "team_values")

    def __init__(self, deal, balls, callers=None, opponents=None, caller=None, seat=None,
                 dealers=None, others=None):
        self.deal = deal
        self.balls = balls
        self.deal_balls = None  # balls opened in the deal just scored (dealer rotation only)
        self.leader = deal.leader
        self.counting = deal.counting
        self.makers = deal.makers
        self.dealer = deal.dealer
        self.trump_maker = deal.trump_maker
        self.callers, self.opponents, self.caller, self.seat = callers, opponents, caller, seat
        self.dealers, self.others = dealers, others
        self.team = self.other = None
        self.team_values = {}

    def bind_team(self, team: int, teams: int) -> "Env":
        """A copy of this env in which ``team`` is ``team`` and ``other`` its opponent (two teams)."""
        env = _new_env(Env)
        env.deal, env.balls, env.deal_balls, env.leader = self.deal, self.balls, self.deal_balls, self.leader
        env.counting, env.makers, env.callers, env.opponents = self.counting, self.makers, self.callers, self.opponents
        env.dealers, env.others, env.caller, env.seat = self.dealers, self.others, self.caller, self.seat
        env.dealer, env.trump_maker, env.team_values = self.dealer, self.trump_maker, self.team_values
        env.team = team
        env.other = other_side(team, teams)
        return env


_new_env = Env.__new__  # (object.__new__ in Python; compiled, Env is an extension type: its own)


class BidEnv(Env):
    """What a ``bidding`` formula sees: an :class:`Env` for the player about to bid (``seat``) and the bid
    they are weighing (``bid``)."""

    __slots__ = ("bid",)

    def __init__(self, deal, balls, seat: int, bid: int, dealers: int, others: int):
        Env.__init__(self, deal, balls, seat=seat, dealers=dealers, others=others)
        self.bid = bid
# bind_team copies every slot by name (a loop over __slots__ with getattr/setattr costs several times more)
assert set(Env.__slots__) == {"deal", "balls", "deal_balls", "leader", "counting", "makers", "callers", "opponents",
                              "dealers", "others", "team", "other", "caller", "seat", "dealer", "trump_maker",
                              "team_values"}


class PlayEnv:
    """What a ``card`` formula sees (play.obligations): the deal, the player about to play (``seat``) and its
    hand as it may play it, the card weighed (``card``), and the trick as masks of cards (bit ``c`` is card
    ``c``): the trumps, the cards that beat the trick's best card, the cards of the suit led. Filled by the
    game layer."""

    __slots__ = ("deal", "seat", "card", "hand", "trumps", "beats", "led", "led_card", "best", "points",
                 "partner_winning", "cards_played")

    def __init__(self, deal, seat: int, hand: int, trumps: int, beats: int, led: int, led_card: int, best: int,
                 points: tuple, partner_winning: bool, cards_played: int):
        self.deal, self.seat, self.hand, self.card = deal, seat, hand, -1
        self.trumps, self.beats, self.led, self.led_card, self.best, self.points = \
            trumps, beats, led, led_card, best, points
        self.partner_winning, self.cards_played = partner_winning, cards_played


# The ``card`` context's own names (play.obligations): (name, type, getter, description). The card's names are
# bits of the env's masks (the game compiles the shapes of these to mask operations: game/play.py)
CARD_NAMES = (
    ("card.is_trump", "boolean", lambda e: bool((e.trumps >> e.card) & 1), "whether the card is a trump"),
    ("card.beats_trick", "boolean", lambda e: bool((e.beats >> e.card) & 1),
     "whether the card would win the trick as it stands (it beats the best card played to it)"),
    ("card.follows", "boolean", lambda e: bool((e.led >> e.card) & 1), "whether the card is of the suit led"),
    ("card.points", "number", lambda e: e.points[e.card], "the card's points"),
    ("seat.holds_led", "boolean", lambda e: bool(e.hand & e.led), "whether the player holds a card of the suit led"),
    ("seat.holds_trump", "boolean", lambda e: bool(e.hand & e.trumps), "whether the player holds a trump"),
    ("seat.holds_only_trumps", "boolean", lambda e: not e.hand & ~e.trumps,
     "whether the player holds nothing but trumps"),
    ("led.is_trump", "boolean", lambda e: bool((e.trumps >> e.led_card) & 1), "whether the card led is a trump"),
    ("trick.partner_winning", "boolean", attrgetter("partner_winning"),
     "whether a partner of the player is winning the trick"),
    # (a trump played to a trick is its best card so far: a trump beats every card of another suit)
    ("trick.has_trump", "boolean", lambda e: bool((e.trumps >> e.best) & 1),
     "whether a trump has been played to the trick"),
    ("trick.cards_played", "number", attrgetter("cards_played"), "the number of cards played to the trick"),
)


@dataclass(frozen=True)
class Context:
    """Where a formula stands: which roles it may use."""

    name: str
    team_roles: tuple[str, ...]
    seat_roles: tuple[str, ...]


CONTEXTS = {
    "team value": Context("team value", ("counting", "makers", "team", "other"), ("dealer", "trump_maker")),
    # scoring.each_team: a team value's names, and the ruleset's team values too (team.NAME: named once)
    "each team": Context("each team", ("counting", "makers", "team", "other"), ("dealer", "trump_maker")),
    # scoring.each_player: the player scoring (seat) and their side (team), with the team values
    "each player": Context("each player", ("counting", "makers", "team", "other"), ("seat", "dealer", "trump_maker")),
    "outcome": Context("outcome", ("counting", "makers"), ("dealer", "trump_maker")),
    "cancellation": Context("cancellation", ("counting", "makers"), ("dealer", "trump_maker")),
    # a closed trump, at the end of each trick (trumps.revealed_if): shown when it holds
    "closed trump": Context("closed trump", ("counting", "makers"), ("dealer", "trump_maker")),
    "undertaking": Context("undertaking", ("counting", "makers", "callers", "opponents"),
                           ("seat", "dealer", "trump_maker")),
    "declaration": Context("declaration", ("counting", "makers", "callers", "opponents"),
                           ("seat", "dealer", "trump_maker")),
    "claim": Context("claim", ("counting", "makers", "callers", "opponents"),
                     ("caller", "seat", "dealer", "trump_maker", "leader")),
    "undertaking balls": Context("undertaking balls", ("counting", "makers", "callers", "opponents"),
                                 ("caller", "dealer", "trump_maker")),
    # a player considering a call to make trumps (calling.allowed_if): its team, the dealer's team ...
    "calling": Context("calling", ("callers", "opponents", "dealers", "others", "makers", "counting"),
                       ("seat", "dealer", "trump_maker")),
    "dealer": Context("dealer", ("dealers", "others", "counting", "makers"), ("dealer", "trump_maker")),
    # a player about to bid, and the bid weighed (bidding.allowed_if / forbidden_if): ``bid``, ``bids.total`` ...
    "bidding": Context("bidding", ("dealers", "others"), ("seat", "dealer", "trump_maker")),
    # a game just won (game.game_value): the winners and the losers, their scores (team.balls, other.balls)
    "game": Context("game", ("team", "other"), ()),
    # a card weighed by a player following to a trick (play.obligations): the card, the trick, the hand
    "card": Context("card", (), ("seat",)),
}


def _role_attr(role: str, attr: str) -> Callable:
    """A per-team or per-seat list of the deal, indexed by the team or seat the role names."""
    read, index = attrgetter(f"deal.{attr}"), attrgetter(role)  # (two C calls, no getattr by name)

    def get(env):
        return read(env)[index(env)]
    return get


def _won_last(role: str) -> Callable:
    def get(env, _role=role):
        winner = env.deal.last_trick_winner
        return winner is not None and env.deal.team_of[winner] == getattr(env, _role)
    return get


def _balls(role: str) -> Callable:
    def get(env, _role=role):
        return env.balls[getattr(env, _role)]
    return get


def _won_deal(role: str) -> Callable:
    def get(env, _role=role):
        return env.deal_balls[getattr(env, _role)] > 0
    return get


def _seat_won_last(role: str) -> Callable:
    def get(env, _role=role):
        return env.deal.last_trick_winner == getattr(env, _role)
    return get


def _seat_team(role: str) -> Callable:
    def get(env, _role=role):
        return env.deal.team_of[getattr(env, _role)]
    return get


def _is_high_bidder(role: str) -> Callable:
    def get(env, _role=role):
        return env.deal.high_bidder == getattr(env, _role)
    return get


def _partner_is_high_bidder(env) -> bool:
    high, seat = env.deal.high_bidder, env.seat
    return high is not None and high != seat and env.deal.team_of[high] == env.deal.team_of[seat]


def _partner_asked(env) -> bool:
    seat, deal = env.seat, env.deal
    return any(s != seat and deal.team_of[s] == deal.team_of[seat] for s in deal.asked)


def _turn_up_suit(env):
    card, deck = getattr(env.deal, "turn_up", None), env.deal.r.deck
    return None if card is None else deck.suits[deck.suit_of[card]]


def _turn_up_rank(env):
    card, deck = getattr(env.deal, "turn_up", None), env.deal.r.deck
    return None if card is None else deck.ranks[deck.rank_of[card]]


def _team_value(role: str, name: str, compute: Callable) -> Callable:
    def get(env, _role=role):
        return compute(env, getattr(env, _role), name)
    return get


# The most a quantity can be, by what the ruleset deals (keys of symbol_table's ``limits``): "points" (card
# points in the deck), "call" (the top of the call ladder, 0 without calling), "bid" (the highest bid), "contract" (a team's
# contract: the highest bid, or its bids added up where each is its bidder's own), "team_seats" (a team's players),
# "suits", "team_cards" (cards a team is dealt), "target" (the highest target). A limit not given: no bound.
_TEAM_BOUNDS = {"cards": "points", "tricks": "tricks", "declared": None, "trumps_dealt": "team_cards",
                "contract": "contract", "tricks_by_bidders": "tricks", "passer_tricks": "tricks",
                "exact_bidders": "team_seats", "exact_bids": "tricks"}
_SEAT_BOUNDS = {"tricks": "tricks", "suits_held": "suits", "cards_held": "tricks", "points_held": "points",
                "most_of_a_rank": "suits", "top_cards_held": "suits", "beatable_in_led": "tricks", "bid": "bid"}
assert set(_TEAM_BOUNDS) == {n for n, _, _ in TEAM_NUMBERS} and set(_SEAT_BOUNDS) == {n for n, _, _ in SEAT_NUMBERS}


def _add_team_role(add, count, role: str, context: str, team_values, team_value_getter, team_value_bounds) -> None:
    """symbol_table's names of one team role (``makers``, ``team`` ...): the team, its numbers, its balls, and
    the ruleset's team values (not in a team value's own formula)."""
    add(role, "team", attrgetter(role), TEAM_ROLES[role])
    for name, attr, says in TEAM_NUMBERS:
        add(f"{role}.{name}", "number", _role_attr(role, attr), says.format(TEAM_ROLES[role]),
            count(_TEAM_BOUNDS[name]))
    add(f"{role}.won_last_trick", "boolean", _won_last(role), f"whether {TEAM_ROLES[role]} won the last trick")
    add(f"{role}.balls", "number", _balls(role),
        f"balls of {TEAM_ROLES[role]} {'after' if context == 'dealer' else 'before'} this deal")
    if context == "dealer":
        add(f"{role}.won_deal", "boolean", _won_deal(role), f"whether {TEAM_ROLES[role]} opened balls in this deal")
    if context != "team value":
        for name in team_values:
            add(f"{role}.{name}", "number", _team_value(role, name, team_value_getter),
                f"the team value '{name}' of {TEAM_ROLES[role]}", team_value_bounds.get(name))


def symbol_table(context: str, *, tricks: int, sides: int = 2,
                 team_values: tuple[str, ...] = (), team_value_getter: Callable | None = None,
                 limits: dict[str, int] | None = None, team_value_bounds: dict[str, tuple] | None = None
                 ) -> dict[str, Symbol]:
    """The names a formula in ``context`` may use.

    ``team_values`` are the ruleset's own per-team quantities (``scoring.team_values``);
    ``team_value_getter(env, team, name)`` computes one. ``limits`` (see ``_TEAM_BOUNDS``) and
    ``team_value_bounds`` (name -> (least, greatest)) give the numbers their greatest values, for
    :meth:`~thunee_dsl.formula.Formula.bounds`; every count is 0 or more whatever is given. With more than two
    ``sides`` the roles of :data:`TWO_SIDED_ROLES` are left out (there is no one other side).
    """
    ctx = CONTEXTS[context]
    table: dict[str, Symbol] = {}
    most = {**(limits or {}), "tricks": tricks}
    if "contract" not in most and "bid" in most:
        most["contract"] = most["bid"]  # (a team's contract is its highest bid, unless each bid is a contract)

    def add(name, type_, get, description, bounds=None):
        table[name] = Symbol(name, type_, get, description, bounds)

    def count(limit):  # 0 up to the limit named (no bound if it is not known)
        return (0, most.get(limit))

    # plain reads are attrgetters: called from a formula's closures without a Python frame of their own
    add("call", "number", attrgetter("deal.call"), "the amount called to make trumps (0 if no call)", count("call"))
    add("tricks", "number", lambda e, n=tricks: n, "the number of tricks in a deal", (tricks, tricks))
    add("hand_size", "number", lambda e, n=tricks: n, "the number of cards each player is dealt this deal",
        (tricks, tricks))
    add("deal_number", "number", attrgetter("deal.deal_number"), "the deal's number in the game (1 for the first)",
        (1, most.get("deals")))
    add("tricks_played", "number", attrgetter("deal.tricks_played"), "tricks completed so far", count("tricks"))
    if "target" not in most or most["target"] is not None:  # (a game of a number of deals has no target)
        add("target", "number", attrgetter("deal.target"), "balls needed to win the game", count("target"))
        add("corner_house", "number", attrgetter("deal.corner_house"), "the corner-house score", count("target"))
    add("undertaking", "text", attrgetter("deal.undertaking_name"), "the undertaking called this deal, or none")
    if most.get("turn_up"):  # the card turned up after the deal (deal.turn_up)
        add("turn_up.suit", "text", _turn_up_suit, "the suit of the card turned up after the deal (\"H\"), or none")
        add("turn_up.rank", "text", _turn_up_rank, "the rank of the card turned up after the deal (\"J\"), or none")
    add("claim", "text", attrgetter("deal.claim_name"), "the claim made this deal, or none")
    if context == "bidding":  # the player about to bid, the bid weighed, the bids so far
        add("bid", "number", attrgetter("bid"), "the bid being weighed", count("bid"))
        add("bids.total", "number", attrgetter("deal.bids_total"), "the bids made so far, added up")
        add("seat.has_spoken", "boolean", lambda e: e.seat in e.deal.spoken,
            f"whether {BIDDER} has already bid or passed in this bidding")
        add("seat.passed", "boolean", lambda e: e.seat in e.deal.passed, f"whether {BIDDER} has passed in this bidding")
        add("partner.is_high_bidder", "boolean", _partner_is_high_bidder,
            f"whether a partner of {BIDDER} (a player of the same team) made the highest bid so far")
        add("high_bid", "number", attrgetter("deal.high_bid"), "the highest bid so far (0 before any)", count("bid"))
        add("seat.asked_partner", "boolean", lambda e: e.seat in e.deal.asked,
            f"whether {BIDDER} asked the partner to bid for the team (bidding.partner_bid)")
        add("partner.asked_partner", "boolean", _partner_asked,
            f"whether a partner of {BIDDER} asked them to bid for the team (bidding.partner_bid)")
    else:
        add("bid", "number", attrgetter("deal.high_bid"), "the highest bid (the contract; 0 without one)", count("bid"))
    if context == "card":  # the card weighed, the trick it would be played to, the hand of the player
        for name, type_, get, says in CARD_NAMES:
            add(name, type_, get, says, count("points") if name == "card.points" else (0, None) if type_ == "number" else None)
    for role in ctx.team_roles:
        if sides > 2 and role in TWO_SIDED_ROLES:
            continue
        _add_team_role(add, count, role, context, team_values if team_value_getter is not None else (),
                       team_value_getter, team_value_bounds or {})
    for role in ctx.seat_roles:
        who = SEAT_ROLES[role] if role != "seat" else BIDDER if context == "bidding" else \
            SCORER if context == "each player" else SEAT_ROLES[role]
        add(role, "seat", attrgetter(role), who)
        add(f"{role}.won_last_trick", "boolean", _seat_won_last(role), f"whether {who} won the last trick")
        for name, attr, says in SEAT_NUMBERS:
            add(f"{role}.{name}", "number", _role_attr(role, attr), says.format(who),
                count(_SEAT_BOUNDS[name]))
        add(f"{role}.team", "team", _seat_team(role), f"the team of {who}")
        if context == "bidding":
            add(f"{role}.is_high_bidder", "boolean", _is_high_bidder(role), f"whether {who} made the highest bid so far")
    return table
