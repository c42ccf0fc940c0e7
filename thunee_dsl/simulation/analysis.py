"""From game records to statistics, paired differences and rule coverage.

Every statistic is a ratio ``sum(x) / sum(n)`` accumulated game by game, so the per-ruleset estimate and
the paired difference (game by game) are computed from the same per-game figures. A *proportion* gets a
Wilson interval; a *mean* gets a t interval (it also keeps the sum of squares of its units).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Sequence

from thunee_dsl.model.ruleset import AllPass, Contract, DeclaredFrom, Ruleset
from thunee_dsl.model.rulebook import CALL_PHRASES
from thunee_dsl.model.words import has_corner_house, team_name
from thunee_dsl.simulation.play import DealRow, GameRecord
from thunee_dsl.simulation.stats import Estimate, mean_from_sums, mean_interval, paired_difference, wilson

PROPORTION, MEAN = "proportion", "mean"


@dataclass(frozen=True)
class Measure:
    key: str
    label: str
    kind: str  # PROPORTION | MEAN
    unit: str  # what n counts


@dataclass(frozen=True)
class Statistic:
    key: str
    label: str
    estimate: Estimate

    def to_json(self) -> dict:
        return {"key": self.key, "label": self.label, **self.estimate.to_json()}


@dataclass(frozen=True)
class Rule:
    key: str
    label: str


@dataclass(frozen=True)
class Coverage:
    rule: str
    label: str
    deals: int  # deals in which it fired (game-level rules: the deal after which it happened)
    games: int  # games in which it fired at least once

    @property
    def fired(self) -> bool:
        return self.deals > 0

    def to_json(self) -> dict:
        return {"rule": self.rule, "label": self.label, "deals": self.deals, "games": self.games,
                "fired": self.fired}


@dataclass
class RulesetResult:
    """Everything measured for one ruleset."""

    name: str
    title: str
    seats: int
    teams: int
    bots: tuple[str, ...]
    statistics: list[Statistic]
    coverage: list[Coverage]
    games: list[GameRecord] = field(repr=False)
    per_game: dict[str, list[tuple[float, float]]] = field(repr=False, default_factory=dict)
    # a game of this many deals (game.deals): its score decides nothing before the last deal (Oh Hell)
    deals_per_game: int | None = None

    @property
    def never_fired(self) -> list[str]:
        return [c.rule for c in self.coverage if not c.fired]

    def statistic(self, key: str) -> Statistic | None:
        return next((s for s in self.statistics if s.key == key), None)

    def to_json(self) -> dict:
        return {
            "name": self.name, "title": self.title, "seats": self.seats, "teams": self.teams,
            "bots": list(self.bots),
            "statistics": [s.to_json() for s in self.statistics],
            "coverage": [c.to_json() for c in self.coverage],
            "never_fired": self.never_fired,
            "games": [_game_json(g) for g in self.games],
        }


@dataclass
class Difference:
    a: str
    b: str
    statistics: list[Statistic]

    def statistic(self, key: str) -> Statistic | None:
        return next((s for s in self.statistics if s.key == key), None)

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "statistics": [s.to_json() for s in self.statistics]}


def _game_json(g: GameRecord) -> dict:
    return {"winner": g.winner, "first_dealer": g.first_dealer, "score": list(g.score),
            "lead_changes": lead_changes(g), "balls": [list(d.balls) for d in g.deals],
            "cancelled": [d.cancelled for d in g.deals], **({"tie": list(g.tied)} if g.tied else {})}


# -- measures ---------------------------------------------------------------------------------


def measures(r: Ruleset) -> list[Measure]:
    """The statistics a ruleset gets, in report order."""
    # a team named by its seats as the rulebook and Playtest name them ("Seats 1 and 3 win the game")
    won = "the rubber" if r.game.rubber is not None else "the game"  # (a rubber is what a record's winner won)
    out = [Measure(f"game.team_wins.{t}", f"{team_name(r, t)} {'wins' if r.seats == r.teams else 'win'} {won}",
                   PROPORTION, "finished games") for t in range(r.teams)]
    # a side of one is its player: no "team" where every player is for themselves
    team = (lambda who: who) if r.sides_of_one else (lambda who: f"{who}'s team")
    out += [
        Measure("game.first_dealer_wins", f"{team('first dealer')} wins the game", PROPORTION, "finished games"),
        Measure("game.unfinished", "game unfinished (stopped)", PROPORTION, "games"),
        *([Measure("game.tied", "game tied after its last deal", PROPORTION, "games")] if r.game.deals else []),
        Measure("game.deals", "deals per game", MEAN, "games"),
        Measure("game.lead_changes", "lead changes per game", MEAN, "games"),
        Measure("deal.dealer_wins", f"{team('dealer')} wins the deal", PROPORTION, "scored deals"),
        # (trumps by the turn-up: nobody makes them, the dealer stands as the maker: the dealer's line says it)
        *([] if r.trumps is not None and "turn-up" in r.trumps.ways else [
            Measure("deal.makers_win", "trump maker wins the deal" if r.sides_of_one else "trump makers win the deal",
                    PROPORTION, "scored deals with trump makers")]),
        Measure("deal.balls", f"{r.unit.plural} per deal", MEAN, "scored deals"),
        Measure("deal.cancelled", "deal thrown in", PROPORTION, "deals"),
        Measure("deal.penalty", "deal decided by a penalty", PROPORTION, "deals"),
    ]
    if r.calling is not None:
        out.append(Measure("call.none", "no call", PROPORTION, "deals"))
        for a in r.calling.amounts:
            out.append(Measure(f"call.{a}", f"call {a}", PROPORTION, "deals"))
            out.append(Measure(f"call.{a}.success", f"call {a}: callers win the deal", PROPORTION,
                               f"scored deals with call {a}"))
    if r.bidding is not None:
        for n in bids_of(r):
            out.append(Measure(f"bid.{n}", f"bid {n}", PROPORTION, "deals"))
            out.append(Measure(f"bid.{n}.success", f"bid {n}: {'bidder wins' if r.sides_of_one else 'bidders win'} "
                               f"the deal", PROPORTION,
                               f"scored deals with bid {n}"))
    for u in r.undertakings:
        out.append(Measure(f"undertaking.{u.name}", f"{u.title} called", PROPORTION, "deals"))
        out.append(Measure(f"undertaking.{u.name}.success", f"{u.title} succeeds", PROPORTION,
                           f"scored deals with {u.title}"))
    for d in r.declarations:
        # (issue 25) roem or honours counted from the cards themselves are scored, nobody declares them
        said, who = ("declarations", "declaring") if d.taken_from is DeclaredFrom.HAND else ("scored", "scoring")
        out.append(Measure(f"declaration.{d.name}", f"{d.title} {said} per deal", MEAN, "deals"))
        out.append(Measure(f"declaration.{d.name}.success", f"{d.title}: {who} team wins the deal",
                           PROPORTION, f"{d.title} {said} in scored deals"))
    for c in r.claims:
        out.append(Measure(f"claim.{c.name}", f"{c.title} claimed", PROPORTION, "deals"))
        out.append(Measure(f"claim.{c.name}.success", f"{c.title} succeeds", PROPORTION,
                           f"scored deals with {c.title}"))
    return out


def deal_winner(balls: Sequence[int]) -> int | None:
    """The team that opened more balls than every other team (None: nobody, or a tie)."""
    best = max(balls)
    if best <= 0 or list(balls).count(best) != 1:
        return None
    return list(balls).index(best)


def lead_changes(game: GameRecord) -> int:
    """Times the lead passed from one team to another (a tie is no lead; a lead regained after a tie
    by the same team is no change)."""
    leader = None
    changes = 0
    for d in game.deals:
        now = deal_winner(d.score_after) if max(d.score_after) > 0 else None
        if now is None:
            continue
        if leader is not None and now != leader:
            changes += 1
        leader = now
    return changes


class _Acc:
    """Per-game accumulator: key -> [x, x squared, n]."""

    def __init__(self):
        self.v: dict[str, list[float]] = {}

    def add(self, key: str, x: float, n: float = 1) -> None:
        slot = self.v.get(key)
        if slot is None:
            slot = self.v[key] = [0.0, 0.0, 0.0]
        slot[0] += x
        slot[1] += x * x
        slot[2] += n

    def prop(self, key: str, ok: bool) -> None:
        self.add(key, 1.0 if ok else 0.0)


def game_figures(r: Ruleset, g: GameRecord) -> dict[str, list[float]]:
    """Every measure of one game as [x, x squared, n] (absent: nothing to count in this game)."""
    acc = _Acc()
    teams = r.teams
    if g.winner is not None:
        for t in range(teams):
            acc.prop(f"game.team_wins.{t}", g.winner == t)
        acc.prop("game.first_dealer_wins", g.winner == g.first_dealer % teams)
    if r.game.deals is not None:  # (a game of a number of deals can end level)
        acc.prop("game.tied", bool(g.tied))
    acc.prop("game.unfinished", not g.finished)
    acc.add("game.deals", len(g.deals))
    acc.add("game.lead_changes", lead_changes(g))
    calling, bidding = r.calling is not None, r.bidding is not None
    for d in g.deals:
        _deal_figures(acc, r, d, teams, calling, bidding)
    return acc.v


def bids_of(r: Ruleset) -> list[int]:
    """Every bid a player might make, in the first bidding or a later one, lowest first."""
    b = r.bidding
    return sorted(set(b.amounts) | (set(b.again.amounts) if b.again is not None else set()))


def _deal_figures(acc: _Acc, r: Ruleset, d: DealRow, teams: int, calling: bool, bidding: bool) -> None:
    scored = not d.cancelled
    winner = deal_winner(d.balls) if scored else None
    fair = scored and d.offence is None  # played out (or decided) by the rules of the deal itself
    acc.prop("deal.cancelled", d.cancelled)
    acc.prop("deal.penalty", d.offence is not None)
    if scored:
        acc.prop("deal.dealer_wins", winner == d.dealer % teams)
        acc.add("deal.balls", sum(d.balls))
        if d.trump_maker is not None:
            acc.prop("deal.makers_win", winner == d.trump_maker % teams)
    if d.redeal:
        return  # thrown in before anything else could be said
    if calling:
        if d.calls:
            acc.add("call.none", 0.0)
            a = d.calls[-1]
            for other in r.calling.amounts:
                acc.prop(f"call.{other}", other == a)
            if fair and d.last_caller is not None:
                acc.prop(f"call.{a}.success", winner == d.last_caller % teams)
        else:
            acc.add("call.none", 1.0)
            for other in r.calling.amounts:
                acc.add(f"call.{other}", 0.0)
    if bidding:
        high = max(d.bids) if d.bids else None
        for n in bids_of(r):
            acc.prop(f"bid.{n}", n == high)
        if high is not None and fair and d.high_bidder is not None:
            acc.prop(f"bid.{high}.success", winner == d.high_bidder % teams)
    for u in r.undertakings:
        called = d.undertaking == u.name
        acc.prop(f"undertaking.{u.name}", called)
        if called and fair:
            acc.prop(f"undertaking.{u.name}.success", f"undertakings.{u.name}.success" in d.applied)
    for decl in r.declarations:
        mine = [seat for name, seat in d.declarations if name == decl.name]
        acc.add(f"declaration.{decl.name}", len(mine))
        if fair:
            for seat in mine:
                acc.prop(f"declaration.{decl.name}.success", winner == seat % teams)
    for c in r.claims:
        claimed = d.claim == c.name
        acc.prop(f"claim.{c.name}", claimed)
        if claimed and fair:
            acc.prop(f"claim.{c.name}.success", f"claims.{c.name}.success" in d.applied)


# -- rule coverage ----------------------------------------------------------------------------


# how a rule of an undertaking or claim fired: (suffix of its path, words after its title)
UNDERTAKING_RULES = (("", "called"), (".success", "succeeds"), (".failure", "caught"),
                     (".partner_catch", "caught by partner"))
# an undertaking played out and judged at the end (caught: never; going alone): a success of every trick, a
# partial success, a failure
PLAYED_OUT_RULES = (("", "called"), (".every_trick", "takes every trick"), (".success", "succeeds"),
                    (".failure", "fails (too few tricks)"))
CLAIM_RULES = (("", "claimed"), (".success", "succeeds"), (".failure", "fails"),
               (".partner_catch", "fails, partner catch"))


# how trumps were made in rounds of ordering up (trumps.rounds)
ROUND_WORDS = {"order up": "ordered up", "suit": "named in the second round"}


def rules(r: Ruleset) -> list[Rule]:
    """Every rule of the ruleset that a simulation can see fire, in the order of the ruleset."""
    out: list[Rule] = []
    if r.redeal is not None:
        out.append(Rule("redeal", f"redeal claimed ({r.redeal.allowed_if.describe(phrases=CALL_PHRASES)})"))  # in words, as the rulebook
    if r.concede_balls is not None:
        out.append(Rule("concede", "deal conceded"))
    if r.trumps is not None:
        # (a caller's ways only where there is calling: the file of a game without calls never wrote them)
        rounds = r.trumps.rounds  # (ordering up: each round's way in the table's words)
        for way in dict.fromkeys((*r.trumps.ways, *(r.trumps.caller_ways if r.calling is not None else ()))):
            said = ROUND_WORDS.get(way) if rounds else None
            out.append(Rule(f"trumps.ways.{way}", said or f"trumps made by {way}"))
        if rounds:
            out.append(Rule("trumps.ways.all pass", "thrown in (everyone passed)") if r.trumps.all_pass != "dealer must"
                       else Rule("trumps.ways.dealer must", "the dealer made to name trumps (stick the dealer)"))
    if r.trumps is not None and r.trumps.revealed == "on demand":  # a closed trump (304)
        out.append(Rule("trumps.revealed.asked", "closed trump shown when a player asked for it"))
        out.append(Rule("trumps.revealed.cut", "closed trump shown by a trump that cut a trick"))
        if r.trumps.revealed_if is not None:
            out.append(Rule("trumps.revealed_if", f"closed trump shown after a trick ({r.trumps.revealed_if.describe()})"))
        if r.play.void_while_closed == "face down":
            out.append(Rule("play.void_while_closed", "a card played face down while trumps were closed"))
    if r.calling is not None:
        for a in r.calling.amounts:
            out.append(Rule(f"calling.amounts.{a}", f"call {a}"))
        if r.calling.simultaneous_extra:
            out.append(Rule("calling.simultaneous_extra",
                            f"simultaneous call (counts {r.calling.simultaneous_extra} extra)"))
    if r.bidding is not None:
        for n in bids_of(r):
            out.append(Rule(f"bidding.{n}", f"bid {n}"))
        b = r.bidding
        if b.allowed_if is not None or (b.again is not None and b.again.allowed_if is not None):
            out.append(Rule("bidding.allowed_if", "a bid kept from a bidder (who may bid what)"))
        if b.forbidden_if is not None or (b.again is not None and b.again.forbidden_if is not None):
            out.append(Rule("bidding.forbidden_if", "a bid forbidden to a bidder (the hook)"))
        if b.again is not None and b.again.takes_over:
            out.append(Rule("bidding.again.takes_over", "bidding again took the trump"))
    for section, items, said in (("undertakings", r.undertakings, UNDERTAKING_RULES),
                                 ("declarations", r.declarations, (("", "declared"),)),
                                 ("claims", r.claims, CLAIM_RULES)):
        for item in items:
            if section == "declarations" and item.taken_from != "hand":  # counted from the cards, nobody says it
                where = "a trick's cards" if item.taken_from == "trick" else "the hands as dealt"
                out.append(Rule(f"{section}.{item.name}", f"{item.title} scored (from {where})"))
                continue
            fires = PLAYED_OUT_RULES if section == "undertakings" and item.caught == "never" else said
            if section == "undertakings" and item.partner_sits_out:  # (a partner who sits out catches nothing)
                fires = tuple(f for f in fires if f[0] != ".partner_catch")
            out += [Rule(f"{section}.{item.name}{suffix}", f"{item.title} {words}") for suffix, words in fires]
    borrowed = [rank for rank, borrowed in r.deck.trump_order or () if borrowed]  # (deck.trumps)
    if borrowed:
        out.append(Rule("deck.trumps.ranks.borrowed", f"a trump borrowed from the other suit of the trump's colour "
                                                      f"({' or '.join(borrowed)}) won a trick"))
    for i, o in enumerate(o for o in r.play.obligations if not o.short_form):  # (play.obligations, as written)
        out.append(Rule(f"play.obligations.{i}", f"a player's cards narrowed by the duty: {o.says}"))
    if r.each_team is not None:
        out.append(Rule("scoring.each_team", "every team scores its own result"))  # (its formula: the rulebook)
    if r.each_player is not None:
        out.append(Rule("scoring.each_player", "every player scores their own result"))
    for i, o in enumerate(r.outcomes):
        out.append(Rule(f"scoring.outcomes.{i}", f"outcome {i + 1}: {o.says or o.when.describe()}"))
    if r.cancellation is not None:
        out.append(Rule("cancellation", f"deal cancelled ({r.cancellation.cancel_if.describe()})"))
    if r.penalties is not None:
        for offence in sorted(r.penalties.offences):
            out.append(Rule(f"penalties.{offence}", f"penalty: {offence}"))
    if has_corner_house(r):  # (a game without one is not told of it)
        out.append(Rule("game.corner_house", f"a team on corner house ({r.game.corner_house})"))
    if r.game.deuce is not None:
        out.append(Rule("game.deuce", f"deuce: back to zero at {r.game.deuce}-all, then {r.game.win_by} to clear"))
    if r.game.deals is not None:
        out.append(Rule("game.deals", f"a game decided by the totals after its {r.game.deals} deals"))
        out.append(Rule("game.tie", "a game tied after its last deal"))
    if r.game.transfer:
        out.append(Rule("game.transfer", f"a side left with no {r.unit.plural} (the game lost)"))
    if r.game.rubber is not None:
        for i, v in enumerate(r.game.game_value):
            out.append(Rule(f"game.game_value.{i}", f"a game won as {v.says or f'worth {v.value}'}"))
        out.append(Rule("game.rubber", f"a rubber that takes all {r.game.rubber.best_of} games"))
    if r.game.raised_after:
        out.append(Rule("game.raised_target", f"target raised to {r.game.raised_target} "
                                              f"(after {', '.join(sorted(r.game.raised_after))})"))
    if r.dealer.most_tricks:
        out.append(Rule("dealer.most_tricks", "the player with most tricks deals next"))
    else:
        out.append(Rule("dealer.passes", "the deal passes on"))  # (when: the rulebook's Winning the game)
        if _dealer_may_stay(r):
            out.append(Rule("dealer.stays", "the dealer deals again"))
    return out


def _dealer_may_stay(r: Ruleset) -> bool:
    """(issue 25) Whether the same dealer can deal again: the deal passes on unless passes_if can be false (the
    rule of most games: Klaverjas's, Oh Hell's), or a deal thrown in is dealt again by the same dealer (a
    cancellation, a redeal, every round of making trumps passed, nobody bidding)."""
    thrown_in = r.cancellation is not None or r.redeal is not None or (
        r.trumps is not None and bool(r.trumps.rounds) and r.trumps.all_pass is AllPass.THROW_IN) or (
        r.bidding is not None and r.bidding.contract is not Contract.EACH_PLAYER)
    return thrown_in or r.dealer.passes_if.can_be(False)


def fired(d: DealRow) -> set[str]:
    """The rules (keys of :func:`rules`) that fired in a deal."""
    out = set(d.applied)
    if d.redeal:
        out.add("redeal")
    elif d.cancelled and (d.trump_maker is not None or d.undertaking is not None):
        out.add("cancellation")  # (thrown in before anyone made trumps, as when every bidder passed: not this rule)
    if d.conceded is not None:
        out.add("concede")
    out.update(f"trumps.ways.{w}" for w in d.trump_ways)
    if d.closed_shown:
        out.add({"asked": "trumps.revealed.asked", "cut": "trumps.revealed.cut",
                 "after a trick": "trumps.revealed_if"}[d.closed_shown])
    if d.played_down:
        out.add("play.void_while_closed")
    out.update(f"calling.amounts.{a}" for a in d.calls)
    if d.simultaneous:
        out.add("calling.simultaneous_extra")
    out.update(f"bidding.{n}" for n in d.bids)
    out.update(f"bidding.{key}" for key in d.bids_refused)
    if d.trumps_taken_over:
        out.add("bidding.again.takes_over")
    if d.undertaking is not None:
        out.add(f"undertakings.{d.undertaking}")
        if d.every_trick and f"undertakings.{d.undertaking}.success" in d.applied:
            out.add(f"undertakings.{d.undertaking}.every_trick")
    out.update(f"declarations.{name}" for name, _ in d.declarations)
    if d.claim is not None:
        out.add(f"claims.{d.claim}")
    if d.offence is not None:
        out.add(f"penalties.{d.offence}")
    if d.borrowed_won:
        out.add("deck.trumps.ranks.borrowed")
    out.update(f"play.obligations.{i}" for i in d.duties)
    if d.corner_house:
        out.add("game.corner_house")
    if d.deuce:
        out.add("game.deuce")
    if d.raised:
        out.add("game.raised_target")
    if d.ended:
        out.add({"deals": "game.deals", "tie": "game.tie", "stones": "game.transfer"}[d.ended])
    if d.game_value >= 0:
        out.add(f"game.game_value.{d.game_value}")
    if d.rubber_full:
        out.add("game.rubber")
    if not d.cancelled:
        out.add("dealer.most_tricks")
        out.add("dealer.passes" if d.next_dealer != d.dealer else "dealer.stays")
    return out


class Summary(NamedTuple):
    """What the statistics need of one game, worked out where the game was played (a worker)."""

    figures: dict[str, list[float]]  # measure key -> [x, x squared, n] (see game_figures)
    fired: dict[str, int]  # rule key -> deals of the game in which it fired


def summarise(r: Ruleset, g: GameRecord) -> Summary:
    counts: dict[str, int] = {}
    for d in g.deals:
        for key in fired(d):
            counts[key] = counts.get(key, 0) + 1
    return Summary(game_figures(r, g), counts)


def coverage(r: Ruleset, summaries: Sequence[Summary]) -> list[Coverage]:
    deals: dict[str, int] = {}
    in_games: dict[str, int] = {}
    for summary in summaries:
        for key, n in summary.fired.items():
            deals[key] = deals.get(key, 0) + n
            in_games[key] = in_games.get(key, 0) + 1
    return [Coverage(rule.key, rule.label, deals.get(rule.key, 0), in_games.get(rule.key, 0)) for rule in rules(r)]


# -- putting it together ----------------------------------------------------------------------


def analyse(r: Ruleset, bots: Sequence[str], games: Sequence[GameRecord],
            summaries: Sequence[Summary] | None = None) -> RulesetResult:
    """The statistics and coverage of one ruleset's games (in game order), from their summaries
    (:func:`summarise`, worked out here if not given)."""
    if summaries is None:
        summaries = [summarise(r, g) for g in games]
    figures = [summary.figures for summary in summaries]
    stats: list[Statistic] = []
    per_game: dict[str, list[tuple[float, float]]] = {}
    empty = (0.0, 0.0, 0.0)
    for m in measures(r):
        rows = [f.get(m.key, empty) for f in figures]
        x = sum(v[0] for v in rows)
        x2 = sum(v[1] for v in rows)
        n = int(round(sum(v[2] for v in rows)))
        if m.kind == PROPORTION:
            est = wilson(int(round(x)), n)
        else:
            est = mean_from_sums(x, x2, n)
        stats.append(Statistic(m.key, m.label, est))
        per_game[m.key] = [(v[0], v[2]) for v in rows]
    return RulesetResult(r.name, r.title, r.seats, r.teams, tuple(bots), stats, coverage(r, summaries), list(games),
                         per_game, r.game.deals)


def differences(a: RulesetResult, b: RulesetResult) -> Difference:
    """``B - A`` for every statistic both have, paired game by game."""
    out = []
    for s in a.statistics:
        if s.key in b.per_game:
            est = paired_difference(a.per_game[s.key], b.per_game[s.key])
            out.append(Statistic(s.key, s.label, est))
    return Difference(a.name, b.name, out)


# -- one changed rule, seen in the games ------------------------------------------------------


#: Who makes the announcement a rule of that section follows (the DealRow field holding the seat).
MAKER_SEATS = {"undertakings": "undertaker", "claims": "claimer", "calling": "last_caller", "bidding": "high_bidder"}


@dataclass(frozen=True)
class RuleInGames:
    """What the games themselves say about one changed rule (its coverage counters): the deals it decided
    under each ruleset, and, in the deals dealt alike under both (same game, same deal, the same scores
    before it) in which it decided under either, the balls B - A for the announcer's team and the others."""

    deals_a: int  # deals of A's games in which it fired
    deals_b: int
    all_deals_a: int  # deals of A's games
    all_deals_b: int
    paired: int  # deals dealt alike under both in which it fired under either
    own: Estimate  # per such deal: B - A for the announcer's team (no announcer: every team together)
    others: Estimate
    own_each: tuple[int, ...]  # the different B - A seen in them
    others_each: tuple[int, ...]

    @property
    def most(self) -> int:
        return max(self.deals_a, self.deals_b)

    @property
    def one_in(self) -> float | None:
        """It came up once in this many deals (both rulesets' games together; None: never)."""
        fired_ = self.deals_a + self.deals_b
        return (self.all_deals_a + self.all_deals_b) / fired_ if fired_ else None


def rule_in_games(a: RulesetResult, b: RulesetResult, counters: Sequence[str], section: str) -> RuleInGames:
    """The deals of ``a``'s and ``b``'s games (game by game, the same seeds) in which a rule counted by
    ``counters`` fired; ``section``: the ruleset section it belongs to (who announced: :data:`MAKER_SEATS`).
    A deal is paired while the games have not gone apart: the same dealer, as many deals thrown in, and the same
    scores before it (any scores in a game of a number of deals)."""
    wanted = set(counters)
    maker = MAKER_SEATS.get(section)
    deals_a = deals_b = all_a = all_b = 0
    own: list[int] = []
    others: list[int] = []
    by_index = {g.index: g for g in b.games}
    for ga in a.games:
        all_a += len(ga.deals)
        deals_a += sum(1 for d in ga.deals if wanted & fired(d))
    for gb in b.games:
        all_b += len(gb.deals)
        deals_b += sum(1 for d in gb.deals if wanted & fired(d))
    teams = a.teams
    # in a game of a number of deals the scores before a deal change nothing of it (no target, no corner house):
    # each deal by the same dealer after as many thrown in (its hand size: deal.hand_sizes) is dealt alike,
    # whatever the scores (Oh Hell's every deal, not only its first)
    any_score = a.deals_per_game is not None and a.deals_per_game == b.deals_per_game
    for ga in a.games:
        gb = by_index.get(ga.index)
        if gb is None:
            continue
        for k, (da, db) in enumerate(zip(ga.deals, gb.deals)):
            before_a = ga.deals[k - 1].score_after if k else None
            before_b = gb.deals[k - 1].score_after if k else None
            if (before_a != before_b and not any_score) or da.dealer != db.dealer \
                    or (any_score and k and ga.deals[k - 1].cancelled != gb.deals[k - 1].cancelled):
                break  # the games went apart: the later deals are not dealt alike
            if not (wanted & (fired(da) | fired(db))):
                continue
            diff = [y - x for x, y in zip(da.balls, db.balls)]
            seat = getattr(da, maker) if maker else None
            if seat is None and maker:
                seat = getattr(db, maker)
            if seat is None:
                own.append(sum(diff))
                others.append(0)
            else:
                mine = diff[seat % teams]
                own.append(mine)
                others.append(sum(diff) - mine)
    return RuleInGames(deals_a, deals_b, all_a, all_b, len(own), mean_interval(own), mean_interval(others),
                       tuple(sorted(set(own))), tuple(sorted(set(others))))
