"""Try a formula: parse it where it would stand in a ruleset, and work it out on a sample deal.

The formula box of the editor shows either the caret error the ruleset loader would report, or the
formula's value on a deal played by random bots, with every name's value written in
(:meth:`~thunee_dsl.formula.Formula.explain`).

>>> from thunee_dsl import shipped_ruleset
>>> trial = try_formula(shipped_ruleset("standard"), "counting.cards + call >= 105", seed=3)
>>> trial.ok, trial.value in (True, False), "counting.cards [" in trial.explanation
(True, True, True)
>>> bad = try_formula(shipped_ruleset("standard"), "counting.cards +* 2")
>>> bad.ok, bad.error.column
(False, 17)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from thunee_dsl.editor.cards import card_text, suit_label
from thunee_dsl.errors import FormulaError
from thunee_dsl.formula import Formula, compile_formula
from thunee_dsl.game.scoring import DealResult
from thunee_dsl.game.state import GameState, check_seed
from thunee_dsl.model.compile import quantity_limits
from thunee_dsl.model.quantities import CONTEXTS, BidEnv, Env, PlayEnv, symbol_table
from thunee_dsl.model.ruleset import Ruleset
from thunee_dsl.players import make_bot

#: Where a formula may stand, in words, keyed by the context names of :mod:`thunee_dsl.model.quantities`.
PLACES = {
    "outcome": "a scoring outcome (scoring.outcomes: when, balls)",
    "team value": "a team value (scoring.team_values)",
    "each team": "what every team scores (scoring.each_team: may read the team values)",
    "each player": "what every player scores for their side (scoring.each_player: seat, team)",
    "undertaking": "an undertaking's condition (allowed_if)",
    "undertaking balls": "an undertaking's balls",
    "claim": "a claim's condition (allowed_if, forbidden_if, succeeds_if)",
    "declaration": "a declaration's condition (allowed_if)",
    "cancellation": "when a deal is thrown in (cancellation.cancel_if)",
    "closed trump": "when a closed trump is shown after a trick (trumps.revealed_if)",
    "dealer": "when the deal passes on (dealer.passes_if)",
    "calling": "who may call to make trumps (calling.allowed_if)",
    "bidding": "who may bid what (bidding.allowed_if, forbidden_if: the hook)",
    "game": "what a game won is worth in a rubber (game.game_value: when)",
    "card": "a duty of a player following to a trick (play.obligations: when, must_play)",
}
assert set(PLACES) == set(CONTEXTS), "every formula context needs words"

SAMPLE_TRIES = 20  # seeds tried in turn for a deal that is played out (not thrown in)


@dataclass
class SampleDeal:
    """A deal played to its end by random bots: ``game.deal`` is the finished deal."""

    seed: int
    game: GameState
    result: DealResult

    @property
    def deal(self):
        return self.game.deal

    def summary(self) -> list[str]:
        """The deal in a few lines (everything is face up once a deal is over)."""
        r, d, res = self.game.ruleset, self.game.deal, self.result
        lines = [f"dealer: seat {d.dealer}"]
        if res.trump is not None:
            symbol, name, _ = suit_label(res.trump)
            lines.append(f"trumps: {name} {symbol}, made by seat {res.trump_maker}")
        if res.call:
            lines.append(f"call: {res.call}")
        if res.undertaking:
            lines.append(f"undertaking: {res.undertaking} by seat {d.undertaker}")
        if res.claim:
            lines.append(f"claim: {res.claim} by seat {d.claimer}")
        if res.card_points:
            lines.append("card points: " + ", ".join(f"team {t} {p}" for t, p in enumerate(res.card_points)))
            lines.append("tricks: " + ", ".join(f"team {t} {n}" for t, n in enumerate(res.tricks)))
        if d.tricks:
            lead, cards, winner = d.tricks[-1]
            shown = " ".join(card_text(r.deck.names[c]) for _, c in cards)
            lines.append(f"last trick: {shown}, won by seat {winner}")
        lines.append("balls: " + ", ".join(f"team {t} +{b}" for t, b in enumerate(res.balls)))
        return lines


def sample_deal(ruleset: Ruleset, seed: int = 0, bot: str = "random") -> SampleDeal:
    """A deal played by bots: the first from ``seed`` on (``seed``, ``seed + 1``, ...) that is played to
    its last trick, else the first that is not thrown in, else the last tried."""
    check_seed(seed)
    fallback = None
    for s in range(seed, seed + SAMPLE_TRIES):
        game = GameState(ruleset, seed=s, auto_deal=False)
        game.start_deal()
        options = {"speak": 0.1} if bot == "random" else {}
        bots = [make_bot(bot, ruleset, seed=s * 31 + seat, **options) for seat in range(ruleset.seats)]
        while not game.deal.over:
            seat = game.to_act
            game.apply(bots[seat].choose(game.view(seat)))
        sample = SampleDeal(s, game, game.deals[-1].result)
        if not sample.result.cancelled and game.deal.tricks_played == ruleset.tricks_per_deal:
            return sample
        if fallback is None or (fallback.result.cancelled and not sample.result.cancelled):
            fallback = sample
    return fallback


def _team_value_getter(ruleset: Ruleset):
    formulas = {tv.name: tv.formula for tv in ruleset.team_values}

    def compute(env, team, name):
        key = (team, name)
        if key not in env.team_values:
            env.team_values[key] = formulas[name].evaluate(env.bind_team(team, ruleset.teams))
        return env.team_values[key]

    return compute


def symbols_for(ruleset: Ruleset, place: str):
    """The names a formula at ``place`` (a key of :data:`PLACES`) may use, with their descriptions."""
    # (the limits the compiler reads: a game of a number of deals has no target, a game without a turn-up no
    # turn_up.suit; the explorer offers exactly the names a formula of this ruleset may use)
    limits = quantity_limits(ruleset.data.data, ruleset.tricks_per_deal, ruleset.game.target, ruleset.deck)
    return symbol_table(place, tricks=ruleset.tricks_per_deal, sides=ruleset.teams,
                        team_values=tuple(tv.name for tv in ruleset.team_values),
                        team_value_getter=_team_value_getter(ruleset), limits=limits)


def env_for(sample: SampleDeal, place: str) -> Env:
    """The formula environment of ``place`` on a finished sample deal.

    Roles are bound the way the game binds them: the player judged (``seat``, ``caller``) is the
    trump maker (else the first player), ``callers`` that player's team; ``team`` is the counting team.
    """
    game, deal = sample.game, sample.game.deal
    r = game.ruleset
    score_before = tuple(a - b for a, b in zip(game.score, sample.result.balls))
    who = deal.trump_maker if deal.trump_maker is not None else 0
    callers = deal.team_of[who]
    opponents = (callers + 1) % r.teams if r.teams == 2 else None
    dealers = deal.dealer % r.teams
    balls = tuple(game.score) if place in ("dealer", "game") else score_before
    env = Env(deal, balls, callers=callers, opponents=opponents, caller=who, seat=who, dealers=dealers,
              others=(dealers + 1) % r.teams if r.teams == 2 else None)
    env.deal_balls = sample.result.balls
    if place in ("team value", "each team", "game"):  # (a game's value: the team is the winners)
        env = env.bind_team(deal.counting if deal.counting is not None else 0, r.teams)
    if place == "each player":  # the player judged, scoring for their side
        env = env.bind_team(callers, r.teams)
    if place == "bidding":  # the player judged weighing the bid it made (else the lowest), with the deal's bids
        lowest = r.bidding.lowest if r.bidding is not None else 0
        env = BidEnv(deal, balls, who, deal.bids.get(who, lowest), dealers, env.others)
    if place == "card" and deal.tricks:
        env = _last_card(deal)
    return env


def _last_card(deal) -> PlayEnv:
    """The deal's last card weighed as it was played to its trick (the trick as it stood; of the hand, that card)."""
    t = deal.t
    row = t.no_trump if deal.trump is None else deal.trump
    beats, cards = deal.beats[row], deal.tricks[-1][1]
    (winning, best), (seat, card) = cards[0], cards[-1]
    for s, c in cards[1:-1]:
        if (beats[best] >> c) & 1:
            best, winning = c, s
    env = PlayEnv(deal, seat, 1 << card, t.trump_masks[row], beats[best], t.led_masks[row][cards[0][1]], cards[0][1],
                  best, deal.r.deck.points_for[row], winning != seat and t.team_of[winning] == t.team_of[seat],
                  len(cards) - 1)
    env.card = card
    return env


@dataclass
class FormulaTrial:
    """The outcome of :func:`try_formula`: ``error`` (a FormulaError with its caret) or a value."""

    text: str
    place: str
    error: FormulaError | None = None
    formula: Formula | None = None
    value: object = None
    explanation: str = ""
    failure: str = ""  # the formula compiled but could not be worked out on this deal
    sample: SampleDeal | None = None
    names: dict = field(default_factory=dict)  # name -> description, for the help list

    @property
    def ok(self) -> bool:
        return self.error is None and not self.failure


def try_formula(ruleset: Ruleset, text: str, place: str = "outcome", seed: int = 0,
                expect: str | None = None, sample: SampleDeal | None = None) -> FormulaTrial:
    """Compile ``text`` as a formula at ``place`` and evaluate it on a sample deal (from ``seed``)."""
    if place not in PLACES:
        raise ValueError(f"place must be one of: {', '.join(PLACES)}")
    symbols = symbols_for(ruleset, place)
    trial = FormulaTrial(text, place, names={n: s.description for n, s in sorted(symbols.items())})
    try:
        trial.formula = compile_formula(text, symbols, expect=expect)
    except FormulaError as err:
        trial.error = err
        return trial
    trial.sample = sample if sample is not None else sample_deal(ruleset, seed)
    env = env_for(trial.sample, place)
    try:
        trial.value = trial.formula.evaluate(env)
        trial.explanation = trial.formula.explain(env_for(trial.sample, place))
    except Exception as err:  # a name with no value on this deal (no trump maker, say)
        trial.failure = f"cannot be worked out on this deal ({type(err).__name__}: {err})"
    return trial


__all__ = ["PLACES", "FormulaTrial", "SampleDeal", "env_for", "sample_deal", "symbols_for", "try_formula"]
