"""Replaying a transcript: the public contract of ``thunee-dsl replay`` (shared/spec/transcript.md).

A transcript names a ruleset, the first dealer, the score before the first deal, and for
each deal every seat's cards (in the order received) and every action in order. Replay
runs it through :class:`~thunee_dsl.game.state.GameState` and reports each deal's balls.

Optional announcements are never required: when the next listed action is not one the
seat being asked could take, that seat is taken to have passed. After a deal ends (early
or not), the rest of its listed actions are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from thunee_dsl.errors import Location, Problem, RulesetError, TranscriptError
from thunee_dsl.game.actions import CARD_VERBS, Action
from thunee_dsl.game.bidding import Bidding
from thunee_dsl.game.calling import Calling
from thunee_dsl.game.families import families
from thunee_dsl.game import match
from thunee_dsl.game.match import how_it_ended
from thunee_dsl.game.replay import STOP, close_windows, pass_until
from thunee_dsl.game.scoring import DealResult
from thunee_dsl.game.state import GameState
from thunee_dsl.game.undertakings import Undertakings
from thunee_dsl.game.windows import Window
from thunee_dsl.loading import LocatedDoc, load_ruleset_source, reference_problem, load_yaml_file, load_yaml_text
from thunee_dsl.model import Ruleset, compile_ruleset
from thunee_dsl.model.ruleset import FROM_UNDEALT, BiddingStep

TOP_KEYS = ("ruleset", "dealer", "score", "deals", "deals_played", "games", "game_points")
DEAL_KEYS = ("hands", "actions", "dealer", "undealt", "turn_up")


@dataclass(frozen=True)
class ReplayReport:
    ruleset: str
    deals: tuple[DealResult, ...]
    score: tuple[int, ...]
    winner: int | None
    game: GameState
    tied: tuple[int, ...] = ()  # the teams level at the top after the last deal of a game of a number of deals
    first_deal: int = 1  # the game's number of the first deal listed (a transcript that starts later: deals_played)

    def to_json(self) -> dict:
        deals = []
        for result, record in zip(self.deals, self.game.deals):
            deal = result.to_json()
            deal["score_after"] = list(record.score_after)
            if record.deuce:
                deal["deuce"] = True
            if record.game_won is not None:  # a game of a rubber won by this deal (the scores start again)
                side, value, says, _, final = record.game_won
                deal["game_won"] = {"team": side, "value": value, "says": says, "score": list(final)}
            deals.append(deal)
        out = {"ruleset": self.ruleset, "deals": deals, "score": list(self.score), "winner": self.winner}
        if self.tied:
            out["tie"] = list(self.tied)  # (winner null: the game is over, drawn)
        if self.game.ruleset.game.rubber is not None:
            out["games"] = list(self.game.games)
            out["rubber"] = list(self.game.rubber_points) if self.game.rubber_points is not None else None
        return out

    def to_text(self) -> str:
        r = self.game.ruleset
        lines = [f"Ruleset: {r.name} ({r.title})"]
        for i, (d, record) in enumerate(zip(self.deals, self.game.deals), self.first_deal):
            lines.append("")
            head = f"Deal {i}: dealer seat {d.dealer}"
            if d.cancelled:
                lines.append(f"{head}. Cancelled.")
            else:
                made = []
                if d.undertaking:
                    made.append(f"{d.undertaking} by seat {d.trump_maker}")
                if d.trump:
                    made.append(f"trumps {d.trump} made by seat {d.trump_maker}")
                if d.call:
                    made.append(f"call {d.call}")
                if d.claim:
                    made.append(f"{d.claim} claimed")
                lines.append(f"{head}; " + ", ".join(made) + "." if made else f"{head}.")
            for line in d.explanation:
                lines.append(f"  {line}")
            deuce = " (the deuce: both teams go back to zero)" if record.deuce else ""
            lines.append("  balls this deal: " + ", ".join(f"team {t} +{n}" for t, n in enumerate(d.balls))
                         + "; score " + "-".join(map(str, record.score_after)) + deuce
                         + game_won_words(record, last=record is self.game.deals[-1] and self.game.is_over))
        lines.append("")
        lines.append(f"Score {'-'.join(map(str, self.score))}; {how_it_ended(self.game)}.")
        return "\n".join(lines)


def game_won_words(record, team=lambda t: f"team {t}", last: bool = False) -> str:
    """A game of a rubber won by the deal of ``record``, in words ("" for any other deal): "; team 1 wins a
    game 5-2, a double (2 game points); the next game starts" (``last``: the deal that ended the rubber)."""
    if record.game_won is None:
        return ""
    side, value, says, _, final = record.game_won
    named = f", {says}" if says else ""
    who = team(side)
    wins = "win" if " and " in who or who in ("you", "they") else "wins"  # ("Seats 2 and 4 win")
    return (f"; {who} {wins} a game {'-'.join(map(str, final))}{named} ({value} game "
            f"point{'s' if value != 1 else ''})" + ("" if last else "; the next game starts"))


def _problem(doc: LocatedDoc, path: tuple, message: str) -> RulesetError:
    return RulesetError([Problem(doc.location(path), message)])


def _load_ruleset(doc: LocatedDoc, base_dir: Path | None) -> Ruleset:
    ref = doc.data.get("ruleset")
    if not isinstance(ref, str) or not ref.strip():
        raise _problem(doc, ("ruleset",) if "ruleset" in doc.data else (),
                       "a transcript needs 'ruleset:' (a shipped ruleset's name or a path to a ruleset file)")
    refused = reference_problem(ref)
    if refused:
        raise _problem(doc, ("ruleset",), f"ruleset: {refused}")
    looks_like_path = "/" in ref or "\\" in ref or ref.endswith((".yaml", ".yml", ".json"))
    target = str((base_dir / ref) if looks_like_path and base_dir is not None else ref)
    try:
        return compile_ruleset(load_ruleset_source(target, keep_going=True))
    except RulesetError as err:
        if all(p.location.line <= 0 for p in err.problems) or any(
                s in p.message.lower() for p in err.problems for s in ("unknown ruleset", "no such", "not found")):
            raise RulesetError([Problem(doc.location(("ruleset",)), p.message) for p in err.problems]) from None
        raise


def _check_shape(doc: LocatedDoc, ruleset: Ruleset) -> None:
    data = doc.data
    problems = []
    for key in data:
        if key not in TOP_KEYS:
            problems.append(Problem(doc.location((key,)), f"unknown key '{key}'; expected one of: {', '.join(TOP_KEYS)}"))
    dealer = data.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < ruleset.seats:
        problems.append(Problem(doc.location(("dealer",)), f"dealer must be a seat from 0 to {ruleset.seats - 1}"))
    problems += _score_problems(doc, ruleset, data.get("score"))
    problems += _game_so_far_problems(doc, ruleset)
    deals = data.get("deals")
    if isinstance(deals, list) and not deals:
        problems.append(Problem(doc.location(("deals",)), "'deals:' is empty: a transcript needs at least one "
                                "finished deal (a game saved before its first deal ended holds none)"))
    elif not isinstance(deals, list):
        problems.append(Problem(doc.location(("deals",) if "deals" in data else ()), "a transcript needs 'deals:', a list of deals"))
        deals = []
    for i, deal in enumerate(deals):
        path = ("deals", i)
        if not isinstance(deal, dict):
            problems.append(Problem(doc.location(path), f"deal {_numbered(doc, i)} must be a mapping with 'hands' and 'actions'"))
            continue
        for key in deal:
            if key not in DEAL_KEYS:
                problems.append(Problem(doc.location(path + (key,)), f"unknown key '{key}' in deal {_numbered(doc, i)}; expected one of: {', '.join(DEAL_KEYS)}"))
        if not isinstance(deal.get("hands"), (dict, list)):
            problems.append(Problem(doc.location(path + ("hands",) if "hands" in deal else path), f"deal {_numbered(doc, i)} needs 'hands': each seat's cards"))
        actions = deal.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            problems.append(Problem(doc.location(path + ("actions",)), f"deal {_numbered(doc, i)}: 'actions' must be a list of strings like \"2 play JS\""))
    if problems:
        raise RulesetError(problems)


def _score_problems(doc: LocatedDoc, ruleset: Ruleset, score) -> list[Problem]:
    """The score before the first deal: one whole number per team, the game not already won (the target
    reached, or with stones a side with none left)."""
    if score is None:
        return []
    if not isinstance(score, list) or len(score) != ruleset.teams \
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in score):
        return [Problem(doc.location(("score",)), f"score must be a list of {ruleset.teams} whole numbers of "
                        f"{ruleset.unit.plural}" + (" (one a player)" if ruleset.sides_of_one else ""))]
    if ruleset.game.target is not None and max(score) >= ruleset.game.target:
        team = score.index(max(score))
        side = "seat" if ruleset.sides_of_one else "team"  # (a side of one's number is its seat's)
        return [Problem(doc.location(("score", team)), f"score: {side} {team} has {score[team]} "
                        f"{ruleset.unit.plural}, but {ruleset.game.target} wins the game: a game still being played "
                        f"has fewer")]
    if ruleset.game.transfer and 0 in score:
        team = score.index(0)
        return [Problem(doc.location(("score", team)), f"score: team {team} has no {ruleset.unit.plural} left, so "
                        f"it has lost: a game still being played has some on each side")]
    return []

def _game_so_far_problems(doc: LocatedDoc, ruleset: Ruleset) -> list[Problem]:
    """A transcript that starts later in the game: ``deals_played`` (deals already scored in a game of a number
    of deals, fewer than all), ``games`` and ``game_points`` (in a rubber: the games each side has won, none yet
    the rubber's, and their game points)."""
    data, g, problems = doc.data, ruleset.game, []

    def whole(value, n=None):
        one = lambda x: isinstance(x, int) and not isinstance(x, bool) and x >= 0  # noqa: E731
        return one(value) if n is None else isinstance(value, list) and len(value) == n and all(map(one, value))
    if "deals_played" in data:
        played = data["deals_played"]
        if g.deals is None:
            problems.append(Problem(doc.location(("deals_played",)), "deals_played: this game is not a number of "
                                    "deals (game.deals)"))
        elif not whole(played) or played >= g.deals:
            problems.append(Problem(doc.location(("deals_played",)), f"deals_played must be a whole number below "
                                    f"{g.deals}, the deals of a game"))
    for key in ("games", "game_points"):
        if key not in data:
            continue
        if g.rubber is None:
            problems.append(Problem(doc.location((key,)), f"{key}: this game is not played in a rubber "
                                    f"(game.rubber)"))
        elif not whole(data[key], ruleset.teams):
            problems.append(Problem(doc.location((key,)), f"{key} must be a list of {ruleset.teams} whole numbers"))
        elif key == "games" and max(data[key]) * 2 > g.rubber.best_of:
            problems.append(Problem(doc.location((key,)), f"games: a side with {max(data[key])} games has already "
                                    f"won the rubber (the best of {g.rubber.best_of})"))
    return problems


def _hands(doc: LocatedDoc, ruleset: Ruleset, i: int) -> list[list[int]]:
    path = ("deals", i, "hands")
    raw = doc.data["deals"][i]["hands"]
    if isinstance(raw, list):
        raw = dict(enumerate(raw))
    by_seat: dict[int, object] = {}
    problems = []
    for key, cards in raw.items():
        # isascii: "²" is a digit to str.isdigit but not a seat number
        seat = int(key) if isinstance(key, int) or (isinstance(key, str) and key.isascii() and key.isdigit()
                                                    and len(key) < 6) else None
        if seat is None or not 0 <= seat < ruleset.seats:
            problems.append(Problem(doc.location(path + (key,)), f"'{key}' is not a seat (0 to {ruleset.seats - 1})"))
            continue
        by_seat[seat] = (key, cards)
    for seat in range(ruleset.seats):
        if seat not in by_seat:
            problems.append(Problem(doc.location(path), f"deal {_numbered(doc, i)}: no cards for seat {seat}"))
    seen: dict[int, tuple] = {}
    order: list[list[int]] = [[] for _ in range(ruleset.seats)]
    for seat, (key, cards) in sorted(by_seat.items()):
        if not isinstance(cards, list):
            problems.append(Problem(doc.location(path + (key,)), f"seat {seat}'s cards must be a list"))
            continue
        if len(cards) != ruleset.hand_size:
            problems.append(Problem(doc.location(path + (key,)), f"seat {seat} has {len(cards)} cards; "
                                    f"{ruleset.name} deals {ruleset.hand_size} ({' + '.join(map(str, ruleset.batches))})"))
        for j, text in enumerate(cards):
            where = path + (key, j)
            try:
                card = ruleset.deck.card(text)
            except ValueError as err:
                problems.append(Problem(doc.location(where), str(err)))
                continue
            if card in seen:
                problems.append(Problem(doc.location(where), f"{ruleset.deck.names[card]} is dealt twice "
                                        f"(also to seat {seen[card][0]})"))
            seen[card] = (seat, where)
            order[seat].append(card)
    if problems:
        raise RulesetError(problems)
    return order


def _undealt(doc: LocatedDoc, ruleset: Ruleset, i: int, hands: list[list[int]]) -> tuple[int, ...]:
    """The deal's ``undealt:`` cards (the kitty or stock, deal.undealt), in order: as many as the ruleset
    leaves, none of them dealt; ``turn_up:``, if written, is the card the ruleset turns up."""
    deal, path = doc.data["deals"][i], ("deals", i)
    raw = deal.get("undealt")
    if raw is None and ruleset.undealt and ruleset.turn_up in FROM_UNDEALT:
        raise RulesetError([Problem(doc.location(path), f"deal {_numbered(doc, i)} needs 'undealt': the {ruleset.undealt} "
                                    f"cards left after the deal, the turn-up first ({ruleset.turn_up})")])
    if raw is None:
        raw = []
    if not isinstance(raw, list) or len(raw) != ruleset.undealt:
        raise RulesetError([Problem(doc.location(path + ("undealt",)), f"deal {_numbered(doc, i)}: 'undealt' must list the "
                                    f"{ruleset.undealt} cards {ruleset.name} leaves after the deal")])
    dealt = {card for cards in hands for card in cards}
    out = []
    for j, text in enumerate(raw):
        try:
            card = ruleset.deck.card(text)
        except ValueError as err:
            raise RulesetError([Problem(doc.location(path + ("undealt", j)), str(err))]) from None
        if card in dealt or card in out:
            raise RulesetError([Problem(doc.location(path + ("undealt", j)), f"{ruleset.deck.names[card]} is "
                                        f"dealt twice (in a hand or the undealt already)")])
        out.append(card)
    return tuple(out)


def _check_turn_up(doc: LocatedDoc, ruleset: Ruleset, i: int, deal) -> None:
    """A deal's ``turn_up:``, where written, is the card the deal turned up (deal.turn_up)."""
    if "turn_up" not in doc.data["deals"][i]:
        return
    said, turned = doc.data["deals"][i]["turn_up"], deal.turn_up
    try:  # (a card written as the hands are: "9h" is the 9H)
        same = turned is not None and isinstance(said, str) and ruleset.deck.card(said) == turned
    except ValueError:
        same = False
    if not same:
        expected = "no card is turned up" if turned is None else f"the turn-up is {ruleset.deck.names[turned]}"
        raise RulesetError([Problem(doc.location(("deals", i, "turn_up")), f"deal {_numbered(doc, i)}: turn_up {said!r} "
                                    f"but {expected} (deal.turn_up: {ruleset.turn_up})")])


def replay(doc: LocatedDoc, base_dir: Path | None = None) -> ReplayReport:
    """Replay a loaded transcript. Raises RulesetError (located) or TranscriptError (one line)."""
    ruleset = _load_ruleset(doc, base_dir)
    _check_shape(doc, ruleset)
    data = doc.data
    # seed 0: where the rules draw lots (a tie for the next dealer), a replay draws the same way every time
    game = GameState(ruleset, seed=0, dealer=data.get("dealer", 0), score=data.get("score"), auto_deal=False)
    match.resume(game, data.get("deals_played", 0), data.get("games"), data.get("game_points"))
    name = doc.filename
    deals = data["deals"]
    for i, deal_data in enumerate(deals):
        if game.is_over:
            ended = f"won by team {game.winner}" if game.winner is not None else "over (" + how_it_ended(game) + ")"
            raise TranscriptError(f"{name}: deal {_numbered(doc, i)}: the game was already {ended} "
                                  f"after deal {_numbered(doc, i - 1)}; no further deals may be listed")
        want = deal_data.get("dealer")
        if want is not None and want != game.dealer and len(game.dealer_contenders) > 1 \
                and want in game.dealer_contenders:
            game.dealer = want  # the contenders drew for the deal: the transcript says who won the draw
        if want is not None and want != game.dealer:
            loc = doc.location(("deals", i, "dealer"))
            raise RulesetError([Problem(loc, f"deal {_numbered(doc, i)}: dealer {want} given, but the rules make seat "
                                             f"{game.dealer} the dealer")])
        dealt_by = ruleset.for_deal(game.deals_played + 1)  # (a hand size by deal: deal.hand_sizes)
        hands = _hands(doc, dealt_by, i)
        game.start_deal(hands, _undealt(doc, dealt_by, i, hands))
        record = game.deals[-1]
        for j, text in enumerate(deal_data.get("actions", []) or []):
            if record.result is not None:
                break  # the deal ended early: further listed actions are ignored
            prefix = f'{name}: deal {_numbered(doc, i)}, action {j + 1} "{text}"'
            try:
                action = Action.parse(text)
                _check_card(ruleset, action)
            except ValueError as err:
                raise TranscriptError(f"{prefix}: {err}") from None
            _replay_action(game, action, prefix)
        close_windows(game)  # optional windows still open close unused (a cancelled deal ends here)
        _check_turn_up(doc, ruleset, i, game.deal)
        if record.result is None:
            legal = ", ".join(str(a) for a in game.legal_actions())
            raise TranscriptError(f"{name}: deal {_numbered(doc, i)}: the actions end before the deal is over; "
                                  f"legal now: {legal}")
    return ReplayReport(ruleset.name, tuple(game.results), tuple(game.score), game.winner, game, game.tied,
                        _numbered(doc, 0))


def _numbered(doc: LocatedDoc, i: int) -> int:
    """The game's number of the ``i``-th deal listed (from 0): a transcript that starts later in the game
    (``deals_played``) lists the game's deals from the one after those, as the game numbers them (Oh Hell's
    19th deal is 'deal 19', not 'deal 1')."""
    played = doc.data.get("deals_played", 0) if isinstance(doc.data, dict) else 0
    return i + 1 + (played if type(played) is int and played > 0 else 0)


def _check_card(ruleset: Ruleset, action: Action) -> None:
    """A card verb names a card of this deck (ValueError in words otherwise)."""
    if action.verb in CARD_VERBS:
        if action.arg is None:
            raise ValueError(f"'{action.verb}' needs a card, e.g. \"{action.seat} {action.verb} "
                             f"{ruleset.deck.names[0]}\"")
        ruleset.deck.card(action.arg)


def _window_for(ruleset: Ruleset, verb: str) -> type[Window] | None:
    """The kind of window in which ``verb`` is said (None: not an announcement)."""
    family = families(ruleset).get(verb)
    return family.window_for(ruleset) if family is not None else None


def _replay_action(game: GameState, action: Action, prefix: str) -> None:
    """Apply ``action``, passing for the seats polled before it in open windows (game.replay).

    An action that is an offence now but becomes legal by passing the open windows is taken at that later
    moment (a declaration said before the cards that make it true are dealt is read as said once they are).
    If it never becomes possible, the error reports the reason and the legal actions of one
    moment: the first at which the window the action belongs to was open, else the last."""
    offence_now = [False]
    ready = _ready_for(game, action, offences=True, offence_now=offence_now)
    if pass_until(game, ready):
        if offence_now[0]:
            trial = game.clone()
            if pass_until(trial, _ready_for(trial, action, offences=False)):
                pass_until(game, _ready_for(game, action, offences=False))
        game.apply(action)
        return
    if game.deals[-1].result is not None:
        return  # closing the windows ended the deal (thrown in): the rest of it is ignored
    reason, legal = ready.first_seen or (game.explain_illegal(action), game.legal_actions())
    shown = ", ".join(str(a) for a in legal) or "none"
    raise TranscriptError(f"{prefix}: {reason}; legal now: {shown}")


def _ready_for(game: GameState, action: Action, offences: bool, offence_now: list | None = None):
    """The test :func:`pass_until` asks before each pass: has the moment for ``action`` come (legal, or with
    ``offences`` an offence the ruleset penalises)? Its ``first_seen`` keeps the reason and legal actions of the
    first moment the action's own window was open, for the error message."""
    kind = _window_for(game.ruleset, action.verb)
    passed_in = None  # the action's own window, just passed in

    def ready(legal):
        nonlocal passed_in
        window, own = _open_window(game, action, kind)
        offence = game.offence_of(action) is not None
        if passed_in is not None and window is not passed_in and not offence and not (own and kind is Calling):
            # the window this action belongs to closed without it becoming possible (a declaration at the
            # wrong time, which the ruleset lets the opponents challenge, is possible once it has closed; a
            # call may still come in a later calling step)
            return STOP
        passed_in = None
        # a pass is a bid of its own where tricks are bid: it never declines an announcement window then
        bid_pass = action.verb == "pass" and window is not None and _bidding_ahead(game)
        if action in legal and not bid_pass:
            return True
        if offence and offences:
            if offence_now is not None:
                offence_now[0] = True
            return True
        if ready.first_seen is None and own:
            ready.first_seen = (game.explain_illegal(action), legal)
        if window is None or (own and game.to_act == action.seat):
            return STOP  # nothing to pass, or the action's own seat polled in its window: not this way
        if own:
            passed_in = window
        return False

    ready.first_seen = None
    return ready


# -- what this module reads of the engine's flow (for the error messages above) ----------------------


def _open_window(game: GameState, action: Action, kind: type[Window] | None) -> tuple[object, bool]:
    """The announcement window open now (an object that tells it from the next one; None if none is) and
    whether ``action`` is said in it (an undertaking only in the window that offers it; a late undertaking's
    window is not the usual one: the action is then simply legal or not)."""
    window = game.deal.window
    if window is None or (type(window) is not kind and not (kind is Calling and isinstance(window, Calling))):
        return window, False  # (a later calling step's window is a calling window too)
    return window, kind is not Undertakings or any(u.verb == action.verb for u in window.offered)


def _bidding_ahead(game: GameState) -> bool:
    """Is turn-based bidding still to come in this deal (or under way)?"""
    deal, rules = game.deal, game.ruleset
    if rules.bidding is None:
        return False
    if type(deal.pending) is Bidding:
        return True
    return any(type(step) is BiddingStep for step in rules.steps[deal.step + 1:])


def load_transcript(path: str | Path) -> LocatedDoc:
    return load_yaml_file(path)


def replay_file(path: str | Path) -> ReplayReport:
    """Load and replay a transcript file (YAML or JSON)."""
    path = Path(path)
    try:
        doc = load_yaml_file(path)
    except FileNotFoundError:
        raise RulesetError([Problem(Location(str(path)), "no such file")]) from None
    return replay(doc, path.parent)


def replay_text(text: str, filename: str = "<transcript>", base_dir: Path | None = None) -> ReplayReport:
    return replay(load_yaml_text(text, filename), base_dir)
