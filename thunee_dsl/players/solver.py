"""A double-dummy solver for any ruleset: every hand known, the best result each side can force for the rest
of a deal, and the line of play that proves it.

The search reads nothing of the rules but the game's own: the legal actions of a position
(:meth:`~thunee_dsl.game.deal.Deal.legal_actions`, the one legality check of each family), an action played
on a copy (:meth:`~thunee_dsl.game.deal.Deal.clone`, ``apply_if_legal``) and, when the deal is over, the
ruleset's own scoring (:func:`~thunee_dsl.game.scoring.decided_steps`, its team values). So every rule the
engine grows (play obligations, closed trump, a side of one) is solved unchanged.

What is maximised (an :class:`Objective`, for one team against the rest):

- ``points``: the ruleset's first team value (Thunee's ``count``: card points, the last trick's bonus, the
  call), or the card points won where the ruleset has none;
- ``tricks``: the tricks won;
- ``balls``: the balls the deal opens for the team less those of the others;
- :func:`makes`: 1 when a scoring rule's success step is reached (``undertakings.thunee``,
  ``claims.double``, a bid's contract ...), else 0: whether the undertaking or claim can be made.

Decisions other than a card during the play (a claim before the last trick, a Jodie after a trick, a late
Thunee, a challenge) follow ``windows``: ``"pass"`` (the default: every window is declined, so the value is
that of the card play alone) or ``"choose"`` (each is a choice of the side of the seat asked, like a card).
A decision of one seat other than a card (trumps made again in a later play step) is always a choice of
its side.

The search is alpha-beta over the two sides (the team solved for against every other seat), with:

- a transposition table keyed on the position: the cards in every hand, the trick, whose turn, and every
  other part of the deal's declared state (``deal.DEAL_STATE``) that a card can change, frozen (so a rule
  added later is in the key without being named here), stored as bounds with the best action;
- equivalent cards as one: two cards of one seat that no card still out in another hand or in the trick
  tells apart (for every trump row of the deal's ranking: the same cards beat them, they beat the same
  cards, the same suit to follow, the same points, both trumps or neither) give the same value, so only
  one is searched (not while a window in which a card's name counts is chosen, a Jodie's, nor in open face
  play, where the card played decides which face-down card is turned up); once trumps are shown after the
  first lead, windows passed and no trumps made again, only the row of the deal's trump is read;
- move ordering: the table's best action first, then as a card player tries the cards (the lead: the most
  points; behind a partner winning the trick: a card that leaves it, the most points; behind an opponent
  winning it: a card that takes it over, else the fewest points).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Callable

from thunee_dsl.game.actions import Action
from thunee_dsl.game.deal import DEAL_STATE, Deal
from thunee_dsl.game.play import TAKEN_BACK, TRICK_ONLY, Play
from thunee_dsl.game.slots import VALUE, policy_of
from thunee_dsl.game.scoring import decided_steps, score_deal
from thunee_dsl.game.tables import PASS
from thunee_dsl.game.trumps import MakeTrumps
from thunee_dsl.game.play import pass_reversibly, plain_rest, take_back_pass
from thunee_dsl.errors import FormulaError
from thunee_dsl.formula.compiler import compile_formula
from thunee_dsl.model.quantities import Env
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.players.plain_search import PlainSearch, RestValue
from thunee_dsl.players.score_steps import Reading as _Reading, card_point_steps

# bounds kept in the table
EXACT, LOWER, UPPER = 0, 1, 2
INFINITY = float("inf")

# the deal's attributes left out of a position's key: the ruleset and its tables, the game's figures, what
# was dealt and the sequence (the same in every position of one deal), caches worked out from the rest, and
# the record of finished tricks (only how many: what a finished trick holds is in the points and tricks won)
_NOT_IN_KEY = frozenset({
    "t", "r", "card_of", "play_actions", "team_of", "n_tricks", "target", "corner_house", "balls", "dealer",
    "chooser", "order", "order_bits", "steps", "before_card", "plain_at", "_legal", "_seat_env", "_counts",
    "dealt", "bid_rules", "beats", "_row", "_led", "_plain", "_mask", "_claims_asked", "_view_cache", "tricks",
    "pending", "window",
})
_PLAIN = frozenset({int, str, bool, float, type(None)})
_AS_IS = _PLAIN | {tuple, frozenset}


def _getter(names):
    names = tuple(names)
    if not names:
        return lambda deal: ()
    get = attrgetter(*names)
    return get if len(names) > 1 else (lambda deal: (get(deal),))


def key_maker(leave_out: frozenset = frozenset()):
    """The function giving a position's key: every part of the deal's state a later action can read but
    ``leave_out`` (the counters an objective solved relative to them leaves out: see Objective.so_far), in
    two parts: what a card played reversibly may change (play.TAKEN_BACK) and the rest, which a position
    reached so has in common with the one it was played from (``rest``: that part, given, not read again).
    The values a copy shares (immutable) and the deal's own containers are read at once."""
    out = _NOT_IN_KEY | leave_out
    names = [n for n in DEAL_STATE if n not in out]
    rest_of = _getter(n for n in names if n not in TAKEN_BACK)
    play_of = _getter(n for n in names if n in TAKEN_BACK)
    # between tricks: the same without the trick's own state (the last trick's winning card: not read again)
    between = [n for n in names if n in TAKEN_BACK and n not in TRICK_ONLY]
    between_of = _getter(between)
    at_hands = between.index("hands") if "hands" in between else None

    def key(deal: Deal, rest=None, hands=None):
        w = deal.window
        p = deal.pending
        if rest is None:
            # (an undertaking, a claim: by identity, never hashed whole; numbers, None and tuples as they are)
            values = rest_of(deal)
            rest = tuple([v if type(v) in _AS_IS else _frozen(v) for v in values])
            try:
                hash(rest)
            except TypeError:  # (a tuple holding a list)
                rest = tuple(map(_frozen, values))
        return (
            rest,
            None if w is None else (type(w), tuple(w.order), w.pos),
            None if p is None else (type(p), getattr(p, "seat", None)),
            len(deal.tricks),
            _played(play_of(deal)) if deal.trick else _played(between_of(deal)) if hands is None else
            _played(between_of(deal), at_hands, hands),
        )
    return key


def _played(values, at=None, hands=None) -> tuple:
    """The key's part a card played reversibly may change: its lists hold numbers or pairs of numbers
    (hashable as tuples), its other values mostly numbers or None (as they are, without _frozen's calls);
    the hands read by rank put ``at`` their place where given."""
    out = [tuple(v) if type(v) is list else v if type(v) in _PLAIN else _frozen(v) for v in values]
    if at is not None:
        out[at] = hands
    return tuple(out)


def _frozen(value):
    """A hashable copy of a part of a deal's state (an object of the ruleset's, an undertaking or a claim,
    by its identity: the same object in every copy of the deal)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list or kind is tuple:
        value = tuple(value)
        try:
            hash(value)  # (the common case: numbers, or pairs of numbers)
            return value
        except TypeError:
            return tuple(map(_frozen, value))
    if kind is set or kind is frozenset:
        return frozenset(map(_frozen, value))
    if kind is dict:
        return frozenset((_frozen(k), _frozen(v)) for k, v in value.items())
    return id(value)


position_key = key_maker()
position_key.__doc__ = "The position as a hashable value: every part of the deal's state a later action can read."


# -- what is solved for ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Objective:
    """What a finished deal is worth to ``team`` (``value(deal, team)``), named for the words."""

    name: str
    value: Callable[[Deal, int], float]
    boolean: bool = False  # 1 or 0: whether something is made
    # solved relative to what is won so far: the value is ``so_far(deal, team)`` at any position plus what
    # the rest of the deal brings, which reads none of ``leaves_out`` (so positions differing only there
    # share their table entries: the transpositions of a trick-taking game). Used only while every window
    # is passed and no card is face down (then no rule of the play reads what was won); ``exact(deal, team)``
    # checks it at each end reached (a ruleset's team value with another shape: the exact key again)
    so_far: Callable[[Deal, int], float] | None = None
    leaves_out: frozenset = frozenset()
    exact: Callable[[Deal, int], bool] | None = None
    # solved relative: what the rest of the deal can add to so_far, ``left(deal, team)`` for the position
    # solved: None (it cannot say), or a function of a later position giving (the least, the most) (bounds
    # the search cuts at: a side already sure of the value tested, or unable to reach it, searches no
    # further), and a check of each end reached (False: the bounds were not sure; solved again without them)
    left: Callable[[Deal, int], tuple | None] | None = None
    # whether the value reads the points of the cards won (else two cards alike in the play but for their
    # points are one in the table's key: tricks)
    reads_points: bool = True
    # solved relative, from a plain position (play.plain_rest): what each trick and the last trick's winner add
    # to so_far, ``rest(deal, team)``: (a plain_search.RestValue, or None where it cannot say; the names of the
    # deal's state that answer read, so that it is asked again only where one of them differs)
    rest: Callable[[Deal, int], tuple] | None = None
    # the value may be steps of the team's card points alone (score_steps.py: 304's contract, its stones): from
    # a play where the score says so, solved as the count is solved, a test for each step halved
    scored: bool = False


def _points(deal: Deal, team: int) -> float:
    r = deal.r
    if r.team_values and r.teams == 2 and not deal.cancelled and not deal.redealt:
        env = Env(deal, deal.balls).bind_team(team, r.teams)
        return r.team_values[0].formula.evaluate(env)
    return deal.team_cards[team]


def _tricks(deal: Deal, team: int) -> float:
    return deal.team_tricks[team]


def _balls(deal: Deal, team: int) -> float:
    balls = score_deal(deal).balls
    return 2 * balls[team] - sum(balls)


def _cards_so_far(deal: Deal, team: int) -> float:
    return deal.team_cards[team]


def _adds_card_points(deal: Deal, team: int) -> bool:
    """Whether at this finished deal the team value grows with the team's card points one for one (the count
    is card points plus what the rest of the deal brings): read by changing them by one, either way, on this
    deal (the solver's own copy) and back."""
    value = _points(deal, team)
    cards = deal.team_cards
    cards[team] += 1
    up = _points(deal, team)
    cards[team] -= 2
    down = _points(deal, team)
    cards[team] += 1
    return up == value + 1 and down == value - 1


def _points_left(root: Deal, team: int):
    """What the rest of the deal can add to the team's card points won (the count, less the card points so
    far): the card points not yet won (each a trick's, in the row the rest is played in) and the rest of the
    team value (the last trick's bonus, the call, Jodies), bounded by its formula (formula.Formula.bounds) with
    every name the rest of the play cannot change known, as at ``root``, and the team's card points 0 (the
    value grows with them one for one: _adds_card_points). None before the play, or where trumps may still
    change (then a card's points may)."""
    r = root.r
    if type(root.pending) is not Play and not root.tricks and not root.trick:
        return None
    if r.team_values and r.teams == 2 and not root.cancelled and not root.redealt:
        formula = r.team_values[0].formula
        extra = formula.bounds(_known_for_the_rest(root, team, formula))
        if None in extra:
            return None
    else:
        extra = (0, 0)  # (the value is the card points)
    least, most = extra
    totals = [sum(points) for points in r.deck.points_for]

    def bounds(deal: Deal):
        row = _row_left(deal)
        if row is None:
            return None  # (trumps not yet shown, or made again later: a card's points may change)
        return least, totals[row] - sum(deal.team_cards) + most

    def holds(deal: Deal, value: float) -> bool:
        return least <= value - deal.team_cards[team] <= most

    return bounds, holds


def _known_for_the_rest(root: Deal, team: int, formula) -> dict:
    """The names ``formula`` reads whose values the rest of the play cannot change, with their values at
    ``root``; and the team's own card points, as 0. A name is free where it reads any part of the deal a card
    played may change (play.TAKEN_BACK), or any that is not declared state (a property: it may read them),
    or where its role is such a part (``leader``). Which parts it reads is seen by reading it."""
    env = Env(root, root.balls).bind_team(team, root.r.teams)
    seen = _Reading(root)
    env.deal = seen
    symbols = formula._symbols
    known = {}
    for name in sorted(formula.names):
        seen.read.clear()
        try:
            value = symbols[name].get(env)
        except (TypeError, AttributeError, IndexError, KeyError):  # (a role not known yet: a trump maker to come)
            continue  # (free)
        reads = seen.read | {name.split(".")[0]} & set(DEAL_STATE)
        if any(n in TAKEN_BACK or n not in DEAL_STATE for n in reads):
            if "team_cards" in seen.read and value == root.team_cards[team] and \
                    _reads_team_cards(symbols[name], env, root, team):
                known[name] = 0
            continue
        if symbols[name].type != "number" or type(value) in (int, float):  # (a number not known: free)
            known[name] = value
    return known


def _reads_team_cards(symbol, env, root: Deal, team: int) -> bool:
    """Whether ``symbol`` is the team's card points: it moves with them (the root's own list, changed and
    put back)."""
    cards = root.team_cards
    before = symbol.get(env)
    cards[team] += 1000
    try:
        return symbol.get(env) == before + 1000
    finally:
        cards[team] -= 1000


# what the last trick may add, at most either way, for the search on integers (plain_search.FAR: far beyond
# it and every card's points; a ruleset's formulas keep within loading.MAX_NUMBER, this only makes sure)
REST_MOST = 10 ** 11


def _points_rest(deal: Deal, team: int) -> tuple:
    """The count's rest (Objective.rest): each trick won adds its card points, and the last trick's winner what
    the team value (its first, as _points reads it) is with no card points won and that seat the last
    trick's winner; where the value grows with the team's card points one for one and reads nothing else a
    card changes (the tricks won, the trick ...: then None)."""
    r = deal.r
    n = len(deal.hands)
    if not (r.team_values and r.teams == 2 and not deal.cancelled and not deal.redealt):
        return RestValue(0, True, (0,) * n), ("cancelled", "redealt")
    formula = r.team_values[0].formula
    # what the formula reads: the deal's parts read while it is worked out, and the roles it names (a role
    # is bound when the reading starts: ``leader`` read then is read again only where the formula names it)
    read = {"cancelled", "redealt"} | {name.split(".")[0] for name in formula.names} & set(DEAL_STATE)

    def value(cards: list, winner: int):
        seen = _Reading(deal)
        seen.__dict__.update(team_cards=cards, last_trick_winner=winner)
        try:
            env = Env(seen, deal.balls).bind_team(team, r.teams)
            seen.read.clear()
            got = formula.evaluate(env)
        except (TypeError, AttributeError, IndexError, KeyError, ValueError, ZeroDivisionError):
            got = None  # (a role not known yet: a trump maker to come)
        read.update(seen.read)
        return got

    last = []
    other = (team + 1) % r.teams
    for winner in range(n):
        none = [0] * r.teams
        mine, theirs = none[:], none[:]
        mine[team] = theirs[other] = 1000
        v = value(none, winner)
        if v is None or v != int(v) or abs(v) > REST_MOST or value(mine, winner) != v + 1000 \
                or value(theirs, winner) != v:
            return None, tuple(sorted(read))
        last.append(int(v))
    if any(name in TAKEN_BACK or name not in DEAL_STATE for name in read):
        return None, tuple(sorted(read))  # (it reads what a card changes, or a property that may)
    if not _cards_one_term(formula, deal, team):
        return None, tuple(sorted(read))
    return RestValue(0, True, last), tuple(sorted(read))


def _terms_of(formula):
    """The terms ``formula`` adds up at its top level (``+``, ``-``, brackets), each (its sign, it compiled on its
    own), numbers left out; None where a term cannot be compiled alone. Worked out once per formula."""
    got = _TERMS.get(id(formula))
    if got is not None:
        return got[1]
    tree = formula._tree
    terms: list = []
    try:
        if tree is None:
            raise FormulaError("a formula without a tree: a number")
        _add_terms(tree, 1, terms)
        parts = tuple((sign, compile_formula(formula.text[node.meta.start_pos:node.meta.end_pos], formula._symbols))
                      for sign, node in terms)
    except FormulaError:
        parts = None
    if len(_TERMS) > 1000:  # (rulesets edited and compiled again and again in one app)
        _TERMS.clear()
    _TERMS[id(formula)] = (formula, parts)  # (the formula kept alive: its id stays its own)
    return parts


_TERMS: dict = {}


def _add_terms(node, sign: int, terms: list) -> None:
    """The terms a sum adds up into ``terms`` as (sign, node) (the parse tree's nodes: formula.lark's ``paren``,
    ``arith``, ``neg``); numbers, true and false left out (they read nothing)."""
    while getattr(node, "data", None) == "paren":
        node = node.children[0]
    kind = getattr(node, "data", None)
    if kind == "arith" and str(node.children[1]) in ("+", "-"):
        _add_terms(node.children[0], sign, terms)
        _add_terms(node.children[2], sign if str(node.children[1]) == "+" else -sign, terms)
    elif kind == "neg":
        _add_terms(node.children[-1], -sign, terms)
    elif kind is not None and not node.meta.empty:
        terms.append((sign, node))


def _cards_one_term(formula, deal: Deal, team: int) -> bool:
    """Whether ``formula`` is a sum (``+``, ``-``, brackets) of terms of which one, added, is the team's card
    points by name and none other reads card points: then it grows with them one for one at every value, not
    only where _points_rest tried it (``if team.cards == 17 then 100 else team.cards`` does not)."""
    terms = _terms_of(formula)
    if terms is None:
        return False
    seen = _Reading(deal)
    env = Env(seen, deal.balls).bind_team(team, deal.r.teams)
    cards = 0
    for sign, part in terms:
        seen.read.clear()
        for name in part.names:  # (each name read alone: a branch not taken here may be taken at the end)
            try:
                part._symbols[name].get(env)
            except (TypeError, AttributeError, IndexError, KeyError, ValueError, ZeroDivisionError):
                return False
        if "team_cards" in seen.read:
            if sign != 1 or part.name is None or not _reads_team_cards(part._symbols[part.name], env, deal, team):
                return False
            cards += 1
    return cards == 1


POINTS = Objective("points", _points, so_far=_cards_so_far, leaves_out=frozenset({"team_cards"}),
                   exact=_adds_card_points, left=_points_left, rest=_points_rest)


def _tricks_left(root: Deal, team: int):
    def bounds(deal: Deal):
        return 0, deal.n_tricks - len(deal.tricks)  # (the trick being played is one of them)
    return bounds, None


def _tricks_rest(deal: Deal, team: int) -> tuple:
    """The tricks' rest (Objective.rest): one for each trick won, nothing more for the last."""
    return RestValue(1, False, (0,) * len(deal.hands)), ()


TRICKS = Objective("tricks", _tricks, so_far=_tricks,
                   leaves_out=frozenset({"team_cards", "team_tricks", "seat_tricks", "team_tricks_step"}),
                   left=_tricks_left, reads_points=False, rest=_tricks_rest)
BALLS = Objective("balls", _balls, scored=True)
OBJECTIVES = {o.name: o for o in (POINTS, TRICKS, BALLS)}


def makes(kind: str, name: str) -> Objective:
    """Whether the scoring rule ``kind.name`` (``undertakings.thunee``, ``claims.double``) ends the deal as a
    success: read from the deal's decided steps (game/scoring.py), never from the rule's own words."""
    path = f"{kind}.{name}.success"

    def value(deal: Deal, team: int) -> float:
        return float(any(step.path == path and step.team == team for step in decided_steps(deal)))

    return Objective(path, value, boolean=True)


def succeeds_if(claim, seat: int) -> Objective:
    """Whether ``claim``'s success condition would hold at the deal's end for ``seat`` as the claimer (a
    claim is said just before the last trick, so this is what calling it then would need): the claim's own
    ``succeeds_if`` formula, read on the finished deal."""
    def value(deal: Deal, team: int) -> float:
        r = deal.r
        if deal.cancelled or deal.redealt or deal.undertaking is not None or deal.offence is not None:
            return 0.0
        callers = deal.team_of[seat]
        env = Env(deal, deal.balls, callers=callers, opponents=(callers + 1) % r.teams, caller=seat, seat=seat)
        return float(bool(claim.succeeds_if.evaluate(env)))

    return Objective(f"claims.{claim.name}.succeeds_if", value, boolean=True)


# -- the answer ------------------------------------------------------------------------------------


@dataclass
class Solution:
    """The value ``team`` can force (``objective``'s), and a line of play that reaches it."""

    team: int
    objective: str
    value: float
    line: list[Action] = field(default_factory=list)
    nodes: int = 0


# -- the search ------------------------------------------------------------------------------------


class Solver:
    """Solves positions of one ruleset. ``windows``: ``"pass"`` or ``"choose"`` (see the module's words);
    ``equivalence``: search one card of each set of equivalent cards; ``table``: a transposition table
    (kept between the solves of one objective and team: clear it with :meth:`forget` for another deal);
    ``plain``: the plain rest of a deal searched on integers (plain_search.py); ``steps``: a score that is steps of
    the team's card points solved by tests of the count (score_steps.py, ``Objective.scored``); ``max_nodes``: the
    most positions the general search of one call (solve, values, line) may visit, else :class:`SearchTooLong`."""

    def __init__(self, ruleset: Ruleset, objective: Objective | str = POINTS, windows: str = "pass",
                 equivalence: bool = True, table: bool = True, plain: bool = True, max_nodes: int | None = None,
                 steps: bool = True):
        if windows not in ("pass", "choose"):
            raise ValueError(f"windows: expected 'pass' or 'choose', got {windows!r}")
        self.ruleset = ruleset
        self.objective = OBJECTIVES[objective] if isinstance(objective, str) else objective
        self.windows = windows
        # a Jodie's value reads the cards' names: then two cards alike in the play may still differ; and so
        # does roem, counted from the cards of each trick (a sequence: the 8 and the 7 of a suit, alike in
        # the play, are not alike beside a 9)
        self.equivalence = equivalence and not (windows == "choose" and ruleset.declarations) \
            and not ruleset.from_trick
        self.use_table = table
        self.table: dict = {}
        self.nodes = 0
        self._team = None
        self._beaten: dict = {}
        self._kept: dict = {}  # the cards kept of equivalent legal cards (see _distinct_cards)
        self._suits: dict = {}  # each ranking's row: its cards by suit, strongest first (see _hands_as_ranks)
        self._ranked: dict = {}  # hands read by rank, by the hands (the same hands come again and again)
        self._relative = False  # the table's values relative to the objective's so_far
        self._key = position_key
        self._base = None
        self._left = None  # (bounds, holds) of what the rest of the deal adds (Objective.left), or None
        # the plain rest of a deal searched on integers (plain_search.py) where the objective says what it adds
        self.plain = plain
        self.steps = steps
        self._plain = False
        # a solve whose general search (each position played on the deal; not the plain rest's search on
        # integers, a hundred times cheaper a position) would visit more positions than this stops with
        # SearchTooLong (None: no limit)
        self.max_nodes = max_nodes
        self._searched = 0  # the general search's positions so far
        self._limit = INFINITY  # (the count at which this call stops: _retried sets it)
        self._rests: dict = {}  # the objective's rest (Objective.rest), by the names it read and their values
        self._plains: dict = {}  # the plain searches (and their tables), by trump row and rest
        self._counter = None  # the count's solver, where the objective is steps of it (Objective.scored)

    def forget(self) -> None:
        self.table.clear()
        self._plains.clear()
        self._rests.clear()
        if self._counter is not None:
            self._counter.forget()

    # -- the public answers --------------------------------------------------------------------------

    def solve(self, position, team: int | None = None, line: bool = True) -> Solution:
        """The value ``team`` (by default the team of the seat to act) can force from ``position`` (a
        :class:`~thunee_dsl.game.GameState` or a :class:`~thunee_dsl.game.deal.Deal`; not changed), and a line
        of play that reaches it when ``line``."""
        deal = _deal_of(position)
        team = self._for_team(deal, team)
        self.nodes = 0
        steps = card_point_steps(deal, team, self.objective.value) \
            if self.steps and self.objective.scored and self.windows == "pass" else None
        if steps is not None:
            return self._solve_by_steps(deal, team, steps, line)
        value = self._retried(lambda: self._value(deal.clone()), deal, team)
        found = self.line(deal, team) if line else []
        return Solution(team, self.objective.name, value, found, self.nodes)

    def _solve_by_steps(self, deal: Deal, team: int, steps: tuple, line: bool) -> Solution:
        """:meth:`solve` where the objective is steps of the team's card points (score_steps.py): the highest
        step the team can force the count to (each test a null-window search of the count, the steps halved
        each time), its value, and a line that keeps the count between that step and the next."""
        counter = self._counter
        if counter is None:
            counter = self._counter = Solver(self.ruleset, POINTS, "pass", self.equivalence, self.use_table,
                                             self.plain, self.max_nodes)
        counter.nodes = 0

        def highest():
            low, high = 0, len(steps) - 1  # (the first step, from 0 points, is always reached)
            while low < high:
                middle = (low + high + 1) // 2
                if counter._reaches(deal.clone(), steps[middle][0]):
                    low = middle
                else:
                    high = middle - 1
            return low
        at = counter._retried(highest, deal, team)
        upto = steps[at + 1][0] if at + 1 < len(steps) else None
        found = counter._retried(lambda: counter._kept_between(deal.clone(), steps[at][0], upto), deal, team) \
            if line else []
        self.nodes = counter.nodes
        return Solution(team, self.objective.name, steps[at][1], found, self.nodes)

    def _table_best(self, deal: Deal):
        """The best action the table keeps for ``deal`` (a line tries it first), or None."""
        if not self.use_table:
            return None
        entry = self.table.get(self._position(deal))
        return entry[2] if entry is not None else None

    def _reaches(self, deal: Deal, threshold: float) -> bool:
        """Whether the team solved for can force ``threshold`` or more (``deal``: a copy, played on)."""
        return self._search(deal, threshold - 1, threshold, owned=True) >= threshold

    def _kept_between(self, deal: Deal, low: float, high: float | None) -> list[Action]:
        """A line of play from ``deal`` (a copy, played on) in which the team solved for keeps the value at
        ``low`` or more and the other side keeps it under ``high`` (None: no bound), each as far as it can:
        the side whose bound is at stake plays an action that keeps it (the table's best tried first), the
        other its first in order (every action of it keeps the value inside, by the bounds' being forced)."""
        actions: list[Action] = []
        while not deal.over and (deal.window is not None or deal.pending is not None):
            mine = deal.team_of[deal.to_act] == self._team
            ordered = self._ordered(deal, self._choices(deal), self._table_best(deal))
            chosen = ordered[0]
            if (mine and low > 0) or (not mine and high is not None):
                for action in ordered:
                    child = deal.clone()
                    child.apply_if_legal(action)
                    if (self._reaches(child, low) if mine else not self._reaches(child, high)):
                        chosen = action
                        break
            deal.apply_if_legal(chosen)
            actions.append(chosen)
        return actions

    def values(self, position, team: int | None = None) -> dict[Action, float]:
        """Each action of the seat to act: the value ``team`` can force after it (the seat's own choices,
        windows passed as the solver's ``windows`` says: only the actions it searches)."""
        deal = _deal_of(position)
        team = self._for_team(deal, team)

        def work():
            out = {}
            for action in self._choices(deal):
                child = deal.clone()
                child.apply_if_legal(action)
                out[action] = self._value(child)
            return out
        return self._retried(work, deal, team)

    def line(self, position, team: int | None = None) -> list[Action]:
        """A line of play from ``position`` to the deal's end in which both sides play their best (each
        action one of the best by this solver's values); passes in windows are part of it."""
        start = _deal_of(position)
        team = self._for_team(start, team)
        return self._retried(lambda: self._line(start.clone(), team), start, team)

    def _line(self, deal: Deal, team: int) -> list[Action]:
        """Each side in turn plays an action that keeps the position's value: the table's best action first,
        each tried by one null-window search (mostly answered by the table)."""
        actions: list[Action] = []
        value = self._value(deal.clone())
        while not deal.over and (deal.window is not None or deal.pending is not None):
            mine = deal.team_of[deal.to_act] == team
            chosen = None
            for action in self._ordered(deal, self._choices(deal), self._table_best(deal)):
                child = deal.clone()
                child.apply_if_legal(action)
                # (values are whole numbers: at least the value, for the side solved for; at most, for the other)
                if (self._search(child, value - 1, value, owned=True) >= value) if mine else \
                        (self._search(child, value, value + 1, owned=True) <= value):
                    chosen = action
                    break
            if chosen is None:  # pragma: no cover - a position's value is always kept by one of its actions
                raise AssertionError("no action keeps the position's value")
            deal.apply_if_legal(chosen)
            actions.append(chosen)
        return actions

    def _for_team(self, deal: Deal, team: int | None) -> int:
        if team is None:
            seat = deal.to_act
            if seat is None:
                raise ValueError("the deal is over: nothing to solve")
            team = deal.team_of[seat]
        o = self.objective
        relative = (o.so_far is not None and self.windows == "pass" and not deal.unseen
                    and not getattr(self, "_not_additive", False))
        if team != self._team or relative != self._relative:
            self.forget()  # the table's values are one team's, relative or not
            self._team = team
            self._relative = relative
            self._key = key_maker(o.leaves_out) if relative else position_key
            self._base = o.so_far if relative else None
        self._left = o.left(deal, team) if self._relative and o.left is not None else None
        self._plain = self.plain and self._relative and o.rest is not None and self.windows == "pass"
        return team

    def _retried(self, work, deal, team):
        """``work()``; again with the exact key if the objective was found not to split as it says. The limit of
        positions (``max_nodes``) counts from here."""
        self._limit = INFINITY if self.max_nodes is None else self._searched + self.max_nodes
        self._for_team(deal, team)
        try:
            return work()
        except _NotAdditive:
            self._not_additive = True
            self._for_team(deal, team)
            return work()

    # -- the position's key ---------------------------------------------------------------------------

    def _position(self, deal: Deal, rest=None):
        """The table's key of ``deal``: between tricks, where the cards are played in one trump row, the
        hands by rank (``_hands_as_ranks``), else as they are."""
        if deal.trick or not self.equivalence or self.windows != "pass":
            return self._key(deal, rest)
        return self._key(deal, rest, self._hands_as_ranks(deal))

    def _hands_as_ranks(self, deal: Deal):
        """The hands as the play sees them from here (None where it cannot say): for each suit, strongest
        first, the seat holding each card still in hand (and its points, where the value reads them). Two
        positions alike so are the same game from here on: a card's suit, what it beats among the cards left
        and what it beats with are all the play reads of it (as for equivalent cards), so the transpositions
        of different cards gone (the Ace and the 10 of a suit played in either order) share one entry."""
        row = _row_left(deal) if deal.tricks and not deal.unseen and not deal.t.face_down else None
        if row is None:
            return None  # (the first lead may make trumps; trumps made again read another row)
        hands = deal.hands
        memo = (row, self._relative, *hands)
        got = self._ranked.get(memo)
        if got is not None:
            return got
        suits = self._suits_of(deal, row)
        if suits is None:
            return None
        points = self.objective.reads_points or not self._relative  # (the exact key holds the points won)
        seats = range(len(hands))
        out = []
        for suit in suits:
            for bit, p in suit:
                for s in seats:
                    if hands[s] & bit:
                        out.append(s)
                        if points:
                            out.append(p)
                        break
            out.append(None)
        got = self._ranked[memo] = tuple(out)
        return got

    def _suits_of(self, deal: Deal, row: int):
        """The row's cards by the suit they follow, strongest first, with their points; None where the ranking
        is not one order within each suit, or where a card beats part of another suit (then a card's rank in
        its suit does not say what it beats)."""
        beats = deal.beats
        got = self._suits.get((id(beats), row))
        if got is None:
            got = self._suits[(id(beats), row)] = (beats, _suits_in_order(deal, beats[row], row))
        return got[1]

    # -- the moves of a position ---------------------------------------------------------------------

    def _choices(self, deal: Deal) -> tuple:
        """The actions searched at ``deal``: in a window, the pass alone (``windows="pass"``) or every
        option; a card: one of each set of equivalent legal cards; any other decision: every action."""
        legal = deal.legal_actions()
        if deal.window is not None:
            if self.windows == "pass":
                passes = tuple(a for a in legal if a.verb == PASS)
                if passes:
                    return passes
            return tuple(legal)
        if self.equivalence and type(deal.pending) is Play and len(legal) > 1 and not deal.t.face_down:
            return self._distinct_cards(deal, legal)
        return tuple(legal)

    def _distinct_cards(self, deal: Deal, legal) -> tuple:
        t = deal.t
        seat = deal.pending.seat
        out = 0  # the cards still out in other hands, face down, or in the trick
        for s, hand in enumerate(deal.hands):
            if s != seat:
                out |= hand
        for cards in deal.face_down:
            out |= cards
        out |= deal.unseen or 0
        for _, c in deal.trick:
            out |= t.bit[c]
        beats = deal.beats
        # trumps shown after the first lead: the rest of the deal is played in one row (an undertaking naming
        # trumps is a window's: passed)
        one_row = _row_left(deal) if self.windows == "pass" and (deal.tricks or deal.trick) else None
        # (the same legal cards and cards out, in the same rows: the same cards kept; the legal tuple kept
        # alive beside its id, so that the id is its own)
        cache_key = (id(legal), out, id(beats), one_row)
        got = self._kept.get(cache_key)
        if got is not None:
            return got[1]
        rows = range(len(beats)) if one_row is None else (one_row,)
        sides = [self._card_sides(deal, row) for row in rows]
        seen, kept = set(), []
        card_of = deal.card_of
        for action in legal:
            c = card_of.get(action.arg)
            if c is None:  # (asking for a closed trump to be shown: no card, always searched)
                kept.append(action)
                continue
            signature = tuple([(b & out, below & out, same) for b, below, same in [side[c] for side in sides]])
            if signature not in seen:
                seen.add(signature)
                kept.append(action)
        kept = tuple(kept)
        self._kept[cache_key] = (legal, kept, beats)
        return kept

    def _card_sides(self, deal: Deal, row: int) -> tuple:
        """For each card, in trump row ``row``: (the cards that beat it, the cards it beats, (the cards of its
        suit, its points, whether a trump)), once per ranking and row."""
        beats = deal.beats
        got = self._beaten.get((id(beats), row))
        if got is None:
            t = deal.t
            beaten = self._beaten_by(beats)[row]
            points = deal.r.deck.points_for[row]
            cards = tuple((beats[row][c], beaten[c], (t.led_masks[row][c], points[c], (t.trump_masks[row] >> c) & 1))
                          for c in range(len(beats[row])))
            got = self._beaten[(id(beats), row)] = (beats, cards)  # (the ranking kept: its id stays its own)
        return got[1]

    def _beaten_by(self, beats) -> tuple:
        """For each trump row and card: the cards it beats (``beats`` turned round), once per ranking."""
        got = self._beaten.get(id(beats))
        if got is None:
            got = []
            for row in beats:
                below = [0] * len(row)
                for card, higher in enumerate(row):
                    c = 0
                    while higher:
                        if higher & 1:
                            below[c] |= 1 << card
                        higher >>= 1
                        c += 1
                got.append(tuple(below))
            got = self._beaten[id(beats)] = (beats, tuple(got))
        return got[1]

    def _ordered(self, deal: Deal, choices: tuple, first) -> list:
        """Search order: the table's best action, then as a card player would try them: the lead, the most
        points first; a seat whose partner is winning the trick, a card that leaves it to the partner, the most
        points first (points given to the partner's trick); a seat whose opponent is winning it, a card that
        takes it over (the most points first), then the fewest points (nothing thrown away). On standard's
        deals this searches about 40% fewer nodes for the count than taking over first and the most points
        first everywhere (benchmarks/bench_solver.py), and no more for tricks."""
        if len(choices) < 2:
            return list(choices)
        if type(deal.pending) is Play and deal.window is None:
            t = deal.t
            row = t.no_trump if deal.trump is None else deal.trump
            points = deal.r.deck.points_for[row]
            card_of = deal.card_of
            asks = [a for a in choices if a.arg not in card_of]
            if asks:  # (asking for a closed trump to be shown names no card: tried after the cards)
                cards = self._ordered(deal, tuple(a for a in choices if a.arg in card_of), first)
                return [a for a in asks if a == first] + cards + [a for a in asks if a != first]
            if not deal.trick:
                def rank(a):
                    return (a != first, -points[card_of[a.arg]])
                return sorted(choices, key=rank)
            over = deal.beats[row][deal.best]
            if deal.team_of[deal.winning] == deal.team_of[deal.pending.seat]:
                def rank(a):
                    c = card_of[a.arg]
                    return (a != first, (over >> c) & 1, -points[c])
            else:
                def rank(a):
                    c = card_of[a.arg]
                    takes = (over >> c) & 1
                    return (a != first, not takes, -points[c] if takes else points[c])
            return sorted(choices, key=rank)
        if first is not None and first in choices:
            return [first] + [a for a in choices if a != first]
        return list(choices)

    # -- alpha-beta --------------------------------------------------------------------------------

    def _value(self, deal: Deal) -> float:
        """The exact value of ``deal``: null-window searches closing in on it (MTD(f)), each far cheaper than
        one search with a wide window; the table keeps every bound found, so each search starts from what the
        last one learnt. With a side of the range still open, each test goes twice as far as the last beyond
        the bound found (a count of 0 to 314 is found in a dozen tests, not one a point); with both known,
        the range is halved."""
        lower, upper = (0.0, 1.0) if self.objective.boolean else (-INFINITY, INFINITY)
        guess = 1.0 if self.objective.boolean else 0.0
        left = self._left[0](deal) if self._left is not None else None
        if left is not None:  # (what is won, and what is left: the tricks, the card points)
            base = self._base(deal, self._team)
            lower, upper = base + left[0], base + left[1]
        if self.use_table:
            entry = self.table.get(self._position(deal))
            if entry is not None:
                base = self._base(deal, self._team) if self._base is not None else 0
                lower, upper = max(lower, entry[0] + base), min(upper, entry[1] + base)
                if lower == upper:
                    return lower
        step = 1
        while lower < upper:
            if lower == -INFINITY and upper == INFINITY:
                test = guess
            elif upper == INFINITY:
                test, step = lower + step, 2 * step
            elif lower == -INFINITY:
                test, step = upper + 1 - step, 2 * step
            else:
                test = (lower + upper + 1) // 2  # (values are whole numbers: the team values, balls, 0 or 1)
            g = self._search(deal.clone(), test - 1, test, owned=True)
            if g < test:
                upper = g
            else:
                lower = g
        return lower

    def _search(self, deal: Deal, alpha: float, beta: float, rest=None, owned: bool = False) -> float:
        """The value of ``deal`` within (alpha, beta): exact inside, a bound outside; ``deal`` is left as it
        was (``rest``: the key's part its parent shares with it, after a card played reversibly), unless
        ``owned`` (a copy made for this search alone: its last action searched is played on it, not on
        another copy; a chain of forced actions, a window passed then the last trick, copies nothing)."""
        self.nodes += 1
        self._searched += 1
        if self._searched > self._limit:
            raise SearchTooLong(f"more than {self.max_nodes} positions searched")
        if deal.over or (deal.window is None and deal.pending is None):
            return self._leaf(deal)
        v = self._plain_value(deal, alpha, beta) if self._plain else None
        if v is not None:
            return v
        base, settled = self._bounds(deal, alpha, beta)
        if settled is not None:
            return settled
        legal = deal.legal_actions()
        if len(legal) == 1 or deal.window is not None:
            choices = self._choices(deal)
            if len(choices) == 1:  # forced (a window passed, a single card): nothing to order
                return self._forced_kept(deal, choices[0], base, alpha, beta, rest, owned)
        key = self._position(deal, rest) if self.use_table else None
        first = None
        if key is not None:
            known, alpha, beta, first = self._probe(key, base, alpha, beta)
            if known is not None:
                return known
        a0, b0 = alpha, beta
        mine = deal.team_of[deal.to_act] == self._team
        best_action = None
        best = -INFINITY if mine else INFINITY
        playing = type(deal.pending) is Play and deal.window is None
        ordered = self._ordered(deal, self._choices(deal), first)
        last = ordered[-1]
        for action in ordered:
            # a card (a pass) the play can take back is played on this deal and taken back after; else on a copy
            made = _made(deal, action, playing)
            if made is None:
                child = deal if owned and action is last else deal.clone()
                child.apply_if_legal(action)
                v = self._search(child, alpha, beta, owned=True)
            else:
                v = self._search(deal, alpha, beta, None if key is None else key[0])
                made[0](deal, made[1])
            if mine and v > best:
                best, best_action = v, action
                alpha = max(alpha, v)
            elif not mine and v < best:
                best, best_action = v, action
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            self._store(key, base, best, best_action, a0, b0)
        return best

    def _plain_value(self, deal: Deal, alpha: float, beta: float):
        """The value of ``deal`` within (alpha, beta) where its rest is plain (play.plain_rest) and the objective
        says what that rest adds: searched on integers (plain_search.py); else None."""
        if deal.window is not None or type(deal.pending) is not Play or not plain_rest(deal):
            return None
        search = self._plain_search(deal)
        if search is None:
            return None
        base = self._base(deal, self._team)
        before = search.nodes
        v = base + search.value(deal, alpha - base, beta - base)
        self.nodes += search.nodes - before
        return v

    def _forced_kept(self, deal: Deal, action, base: float, alpha: float, beta: float, rest, owned: bool) -> float:
        """The value of ``deal`` whose one choice is ``action`` (_forced); a trick's lead forced (the last trick)
        kept in the table, as the same few cards are left from many lines."""
        if deal.trick or not self.use_table:
            return self._forced(deal, action, alpha, beta, rest, owned)
        key = self._position(deal, rest)
        known, alpha, beta, _ = self._probe(key, base, alpha, beta)
        if known is not None:
            return known
        v = self._forced(deal, action, alpha, beta, rest, owned)
        self._store(key, base, v, action, alpha, beta)
        return v

    def _plain_search(self, deal: Deal):
        """The search of ``deal``'s plain rest for the objective and team solved (play.plain_rest), or None where
        the objective cannot say what the rest adds (Objective.rest)."""
        rest = self._rest_of(deal)
        if rest is None:
            return None
        row = _row_left(deal)
        beats = deal.beats
        key = (id(beats), row, rest.per_trick, rest.points, rest.last)
        got = self._plains.get(key)
        if got is None:
            suits = self._suits_of(deal, row) if self.equivalence else None
            # (a table about as large as the positions of a search from here: 2 ** 14 for a whole deal of 24 cards)
            cards = sum(hand.bit_count() for hand in deal.hands)
            slots = 1 << max(8, min(15, cards // 2 + 2))
            got = self._plains[key] = (PlainSearch(deal, self._team, rest, suits, self.equivalence, self.use_table,
                                                   slots), beats)  # (the ranking kept: its id stays its own)
        return got[0]

    def _rest_of(self, deal: Deal):
        """The objective's rest at ``deal`` (Objective.rest), asked again only where a name it read differs."""
        for names, answers in self._rests.items():
            got = answers.get(tuple([_frozen(getattr(deal, n)) for n in names]), self)
            if got is not self:
                return got
        rest, names = self.objective.rest(deal, self._team)
        self._rests.setdefault(names, {})[tuple([_frozen(getattr(deal, n)) for n in names])] = rest
        return rest

    def _bounds(self, deal: Deal, alpha: float, beta: float):
        """(what is won already, or 0 where the objective has no such part; the node's value where that
        and all that is left settle it against (alpha, beta), else None)."""
        if self._base is None:
            return 0, None
        base = self._base(deal, self._team)
        if self._left is None:
            return base, None
        left = self._left[0](deal)
        if left is None:
            return base, None
        least, most = base + left[0], base + left[1]
        if least >= beta:
            return base, least  # (at least what is won already and the least still to come: enough)
        if most <= alpha:
            return base, most  # (at most all that is left: not enough)
        return base, None

    def _forced(self, deal: Deal, action, alpha: float, beta: float, rest, owned: bool) -> float:
        """The value of ``deal`` whose one action searched is ``action``: its child's, as _search plays it."""
        made = _made(deal, action, type(deal.pending) is Play and deal.window is None)
        if made is not None:
            v = self._search(deal, alpha, beta, rest)
            made[0](deal, made[1])
            return v
        child = deal if owned else deal.clone()
        child.apply_if_legal(action)
        return self._search(child, alpha, beta, owned=True)

    def _leaf(self, deal: Deal) -> float:
        """The objective's value of a deal with nothing left to decide (played on to its end)."""
        if not deal.over:
            deal.advance()
            if not deal.over:
                raise ValueError("the deal stopped without being over")
        o = self.objective
        if self._relative and o.exact is not None and not o.exact(deal, self._team):
            raise _NotAdditive
        value = o.value(deal, self._team)
        if self._left is not None and self._left[1] is not None and not self._left[1](deal, value):
            raise _NotAdditive  # (the bounds of what the rest adds were not sure: solved again without them)
        return value

    def _probe(self, key, base: float, alpha: float, beta: float):
        """(the value the table already settles, or None; the window narrowed by its bounds; its best move)."""
        entry = self.table.get(key)
        if entry is None:
            return None, alpha, beta, None
        lower, upper, first = entry
        lower, upper = lower + base, upper + base
        if lower >= beta or lower == upper:
            return lower, alpha, beta, first
        if upper <= alpha:
            return upper, alpha, beta, first
        return None, max(alpha, lower), min(beta, upper), first

    def _store(self, key, base: float, best: float, best_action, a0: float, b0: float) -> None:
        """What this search proved of the position: a bound (it failed low or high) or its exact value."""
        lower, upper, _ = self.table.get(key, (-INFINITY, INFINITY, None))
        lower, upper = lower + base, upper + base
        if best <= a0:
            upper = min(upper, best)
        elif best >= b0:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.table[key] = (lower - base, upper - base, best_action)


def _made(deal: Deal, action, playing: bool):
    """``action`` played on ``deal`` where the game can take it back (a card: play.play_reversibly; a pass in
    a window: play.pass_reversibly), and (what takes it back, its argument); else None, nothing played."""
    if playing:
        if action.verb == "play":
            undo = Play.play_reversibly(deal, action.seat, deal.card_of[action.arg])
            return None if undo is None else (Play.take_back, undo)
    elif action.verb == PASS and deal.window is not None:
        undo = pass_reversibly(deal)
        return None if undo is None else (take_back_pass, undo)
    return None


def _row_left(deal: Deal):
    """The trump row the rest of the deal is played in, where trumps are shown and none are made again
    (else None: a later step may make them in another row)."""
    if not deal.trump_revealed:
        return None
    steps = deal.steps
    got = _MADE_LATER.get((id(steps), deal.step))
    if got is None:
        if len(_MADE_LATER) > 1000:  # (rulesets edited and compiled again and again in one app)
            _MADE_LATER.clear()
        got = _MADE_LATER[(id(steps), deal.step)] = (MakeTrumps.start in steps[deal.step + 1:], steps)
    if got[0]:
        return None
    return deal.t.no_trump if deal.trump is None else deal.trump


# whether trumps are made again after a step of a ruleset's sequence, with the sequence (kept alive: its id
# stays its own), read at every node: worked out once
_MADE_LATER: dict = {}


def _suits_in_order(deal: Deal, beats, row: int):
    """See Solver._suits_of."""
    t = deal.t
    points = deal.r.deck.points_for[row]
    led = t.led_masks[row]
    trumps = t.trump_masks[row]
    groups: dict = {}
    for c in range(len(beats)):
        groups.setdefault(led[c], []).append(c)
    suits = []
    for mask, cards in sorted(groups.items()):
        group = 0
        for c in cards:
            group |= 1 << c
        cards.sort(key=lambda c: bin(beats[c] & group).count("1"))
        for i, c in enumerate(cards):
            if bin(beats[c] & group).count("1") != i or ((trumps >> c) & 1) != ((trumps >> cards[0]) & 1):
                return None  # (not one order in the suit; trumps and others mixed)
            for other in groups:
                if other != mask:
                    whole = sum(1 << d for d in groups[other])
                    if beats[c] & whole not in (0, whole):
                        return None
        suits.append(tuple((1 << c, points[c]) for c in cards))
    return tuple(suits)


class SearchTooLong(Exception):
    """A solve stopped at its limit of positions searched (``Solver(..., max_nodes=N)``): its answer is not known."""


class _NotAdditive(Exception):
    """An objective solved relative to what was won so far was found not to split so (Objective.exact)."""


def _deal_of(position) -> Deal:
    deal = getattr(position, "deal", position)
    if not isinstance(deal, Deal):
        raise TypeError(f"expected a game or a deal, got {type(position).__name__}")
    return deal


def solve(position, objective: Objective | str = POINTS, team: int | None = None, windows: str = "pass") -> Solution:
    """The value ``team`` can force from ``position`` and a line proving it (a new :class:`Solver`)."""
    deal = _deal_of(position)
    return Solver(deal.r, objective, windows).solve(deal, team)


__all__ = ["BALLS", "POINTS", "TRICKS", "Objective", "SearchTooLong", "Solution", "Solver", "makes", "position_key",
           "solve", "succeeds_if"]
