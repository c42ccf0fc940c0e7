"""What differs between two rulesets, in plain words.

Computed from the merged data of each ruleset (so an overlay and the file it extends compare
rule by rule), with the file and line each differing value came from.

>>> from thunee_dsl import load_ruleset
>>> [c.text for c in diff_rulesets(load_ruleset("standard"), load_ruleset("standard"))]
[]
"""

from __future__ import annotations

from dataclasses import dataclass

from thunee_dsl.model.ruleset import BALLS, Ruleset, SeatRef, Unit

# Keys that describe a ruleset rather than change how it plays.
IGNORED = {"name", "title", "aliases", "summary", "source", "description", "says", "extends"}

# Words for the keys of a ruleset, so a change reads as a rule.
WORDS = {
    "players.seats": "number of players", "players.teams": "number of teams", "players.direction": "direction of play",
    "deck.suits": "suits", "deck.ranks": "ranks (highest first)", "deck.points": "card points",
    "deal.batches": "cards dealt per batch", "deal.first_receiver": "first to receive cards",
    "deal.face_down": "batches dealt face down as a row", "play.lay_out": "open face play (hand laid on the row)",
    "play.lay_out.after_tricks": "hand laid face up on the row after tricks",
    "play.lay_out.unless_undertaking": "row unused with an undertaking",
    "sequence": "steps of a deal",
    "trumps.chooser": "who makes trumps", "trumps.ways": "ways to make trumps",
    "trumps.caller_ways": "ways a caller makes trumps", "trumps.revealed": "trump card shown",
    "calling.amounts": "calls", "calling.first_caller": "first call by", "calling.next_caller": "next call by",
    "calling.simultaneous_extra": "extra for simultaneous calls", "calling.allowed_if": "who may call",
    "play.first_leader": "first leader", "play.follow_suit": "must follow suit", "play.undercut": "undercutting",
    "cancellation.cancel_if": "deal cancelled when", "cancellation.redealer": "redeal by",
    "penalties.balls": "penalty", "penalties.offences": "penalised offences", "penalties.balls_for": "penalty for",
    "game.target": "balls to win", "game.corner_house": "corner house", "game.unit": "unit of score",
    "dealer.passes_if": "deal passes on when", "dealer.passes_to": "deal passes to",
    "balls.success": "on success", "balls.failure": "on failure", "balls.caught": "when caught",
    "balls.partner_catch": "partner catch",
    "allowed_if": "allowed when", "forbidden_if": "forbidden when", "succeeds_if": "succeeds when",
    "after_batch": "callable after batch", "leader": "leader", "trump": "trumps", "caught": "caught",
    "after_team_trick": "declared after the team's trick", "combinations": "combinations",
    "once_per_suit": "once per suit", "face_up_only": "only from face-up cards", "suit_hidden_for": "suit hidden for values", "verb": "verb",
    "formula": "formula", "when": "when", "winner": "winner",
    # Marials and calling between the calls (pagat, Calling Thunee and Penalties; Cats At Cards)
    "during_calling": "callable between the calls to make trumps",
    "late": "callable after the first lead (marials on the suit led)",
    "late.safe_if": "callable after the first lead when",
    "late.called_as": "what the opponents call on a late call",
    "wrong_time": "at the wrong time, void if challenged (marials)",
    "wrong_time.challenge": "challenge word for a declaration at the wrong time",
    # bidding beyond one ascending window (issue 25, item 1): 304's steps and second bidding, Oh Hell's hook
    "bidding.step": "bid step", "bidding.counts": "what a bid counts",
    "bidding.turns": "turns in the bidding (until all but one pass, or once each)",
    "bidding.contract": "whose contract a bid is", "bidding.allowed_if": "who may bid what",
    "bidding.forbidden_if": "bids not allowed (the hook)", "bidding.again": "a later bidding",
    "bidding.again.first_bidder": "first bidder in the later bidding", "bidding.again.lowest": "lowest bid in the later bidding",
    "bidding.again.highest": "highest bid in the later bidding", "bidding.again.step": "bid step in the later bidding",
    "bidding.again.turns": "turns in the later bidding", "bidding.again.allowed_if": "who may bid what in the later bidding",
    "bidding.again.forbidden_if": "bids not allowed in the later bidding",
    "bidding.again.takes_over": "a new highest bidder in the later bidding makes trumps",
    "bidding.partner_bid": "a player may ask the partner to bid (partner)",
    # a game of a number of deals; stones (issue 25, item 4)
    "game.deals": "deals in a game", "game.start": "each side starts with",
    "game.transfer": "stones (a deal's score moved from the losers to the winners)",
    "game.keeps_excess": "score beyond the target kept", "game.game_value": "what a game won is worth",
    "game.game_value.when": "a game's value when", "game.game_value.value": "a game's value",
    "game.game_value.says": "a game's name", "game.rubber": "rubber", "game.rubber.best_of": "rubber: best of",
    "game.rubber.bonus": "rubber: game points for winning it",
    "game.rubber.losers_games_deducted": "rubber: the losers' game points deducted",
}
# the trump suit's own order and points, a card borrowed into it (deck.trumps, deck.colours)
WORDS.update({
    "deck.trumps": "trumps ranked and counted otherwise", "deck.trumps.ranks": "the trump suit's order (highest first)",
    "deck.trumps.points": "card points in trumps", "deck.colours": "colours of the suits",
})
# going alone (issue 25, item 6)
WORDS.update({
    "after": "offered as trumps are made", "partner": "the caller's partner (plays, or sits out: going alone)",
})
# the closed trump (issue 25, item 7: 304)
WORDS.update({
    "trumps.revealed_if": "closed trump also shown after a trick when",
    "play.void_while_closed": "a player who cannot follow while trumps are closed plays (face up or face down)",
})
# sides of one and a score per player (issue 25, item 7a)
WORDS.update({
    "players.teams": "number of sides (2: teams of partners; one a player: each for themselves)",
    "scoring.each_player": "what each player scores",
})
# a hand size by deal (issue 25, item 3)
WORDS.update({"deal.hand_sizes": "cards dealt each, deal by deal (a hand size by deal)"})
# the undealt cards and the turn-up (issue 25, item 3)
WORDS.update({
    "deal.undealt": "cards left undealt (the kitty)", "deal.turn_up": "card turned up after the deal",
    "trumps.rounds": "rounds of making trumps (ordering up)", "trumps.rounds.offer": "what a round of making trumps offers",
    "trumps.rounds.verb": "the word for taking a round's offer",
    "trumps.rounds.dealer_takes_turn_up": "the dealer picks up the turn-up when it is ordered",
    "trumps.rounds.dealer_discards": "cards the dealer discards after picking up",
    "trumps.all_pass": "when everyone passes every round (thrown in, or stick the dealer)",
})
# declarations counted from the cards themselves: a trick's (roem), the hands as dealt (honours) (issue 25, item 7)
WORDS.update({
    "deck.sequence_order": "order of cards in sequence (lowest first)",
    "from": "counted from (a player's hand, each trick's cards, the hands as dealt)",
    "declared": "how it is declared", "pooled": "whose cards count together",
    "cards": "cards of trumps that count", "scored": "scored (with the tricks, or after them)",
})
BALL_KEYS = {"success", "failure", "caught", "partner_catch"}
NAMED_SECTIONS = {"undertakings", "declarations", "claims"}


@dataclass(frozen=True)
class RuleChange:
    """One difference: ``kind`` is "changed", "added" or "removed"."""

    path: tuple
    kind: str
    before: object
    after: object
    text: str
    where_before: str
    where_after: str

    def to_json(self) -> dict:
        return {"path": ".".join(map(str, self.path)), "kind": self.kind, "before": self.before,
                "after": self.after, "change": self.text, "from": self.where_before, "to": self.where_after}


def _title(data: dict, path: tuple) -> str | None:
    if len(path) >= 2 and path[0] in NAMED_SECTIONS:
        item = (data.get(path[0]) or {}).get(path[1]) or {}
        return str(item.get("title", str(path[1]).replace("-", " ").title()))
    return None


# keys whose words name the unit of score (read from the ruleset: "Points to win")
UNIT_WORDS = {"game.target": "{} to win"}
# keys that hold a seat named from another ("dealer+1"): said as a player ("the player to the dealer's right")
SEAT_KEYS = {"first_receiver", "chooser", "first_leader", "passes_to", "first_bidder"}


def _label(a: dict, b: dict, path: tuple, unit: Unit = BALLS) -> str:
    title = _title(b, path) or _title(a, path)
    if title is not None:
        rest = path[2:]
        words = WORDS.get(".".join(map(str, rest)), " ".join(str(p).replace("_", " ") for p in rest))
        return f"{title} {words}".strip()
    key = ".".join(str(p) for p in path if not isinstance(p, int))
    if key in UNIT_WORDS:
        return UNIT_WORDS[key].format(unit.plural).capitalize()
    if key in WORDS:
        return WORDS[key].capitalize()
    if path and path[0] == "scoring":
        return "Scoring " + " ".join(str(p).replace("_", " ") if not isinstance(p, int) else f"#{p + 1}" for p in path[1:])
    said = " ".join(str(p).replace("_", " ") for p in path)
    return said[:1].upper() + said[1:]  # (not str.capitalize: a card's rank keeps its case, "Deck points J")


def _named(value: object) -> bool:
    """A list of named items with a value each (a declaration's combinations by name: roem)."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) and "name" in v and "value" in v
                                                           for v in value)


def _show(value: object, path: tuple, r: Ruleset | None = None) -> str:
    """A value of the data as a person reads it, in ruleset ``r``'s unit and direction of play."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if _named(value):  # named combinations (roem): by their names
        return "; ".join(f"{v['name']} {v['value']}" for v in value)
    if isinstance(value, list):
        return ", ".join(_show(v, path, r) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(_entry(k, v, path, r) for k, v in value.items() if k not in IGNORED)
    return _scalar(value, path, r)


def _scalar(value: object, path: tuple, r: Ruleset | None) -> str:
    if _counts_balls(path) and (isinstance(value, int) or str(value).isdigit()):
        return (r.unit if r is not None else BALLS).of(int(value))
    if path and (path[-1] in SEAT_KEYS or path == ("redeal", "by")) and isinstance(value, str) and r is not None:
        return _seat(value, r)
    return str(value)


def _entry(key: str, value, path: tuple, r: Ruleset | None) -> str:
    """One entry of a mapping: "lowest 1"; a number of balls says its unit alone ("3 balls", not "balls 3")."""
    shown = _show(value, path + (key,), r)
    return shown if key == "balls" and _counts_balls(path + (key,)) else f"{key.replace('_', ' ')} {shown}"


def _counts_balls(path: tuple) -> bool:
    """Is the value at ``path`` a number of balls (a ball table's entry, a penalty, a concession, what each side
    starts the game with)?"""
    return bool(path) and (path[-1] in BALL_KEYS or (path[-1] == "balls" and path[0] in ("penalties", "concede"))
                           or (len(path) > 2 and path[-2] == "balls_for") or path == ("game", "start"))


def _seat(value: str, r: Ruleset) -> str:
    from thunee_dsl.model.rulebook import seat_phrase
    try:
        return seat_phrase(SeatRef.parse(value), r.direction)
    except ValueError:
        return value


class _Differ:
    """The walk over two rulesets' merged data, one change per differing value."""

    def __init__(self, a: Ruleset, b: Ruleset):
        self.a, self.b = a, b
        self.da, self.db = a.data.data, b.data.data
        self.changes: list[RuleChange] = []

    def where(self, ruleset: Ruleset, path: tuple) -> str:
        return str(ruleset.data.origin(path))

    def walk(self, x, y, path: tuple) -> None:
        if path and path[-1] in IGNORED:
            return
        if isinstance(x, dict) and isinstance(y, dict):
            self.mappings(x, y, path)
        elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y) and \
                all(isinstance(v, dict) for v in x + y):
            for i, (u, v) in enumerate(zip(x, y)):  # e.g. the scoring outcomes, row by row
                self.walk(u, v, path + (i,))
        elif x != y:
            text = self.changed_words(path, x, y)
            self.changes.append(RuleChange(path, "changed", x, y, text, self.where(self.a, path),
                                           self.where(self.b, path)))

    def changed_words(self, path: tuple, x, y) -> str:
        if path == ("game", "target") and self.a.unit != self.b.unit and isinstance(x, int) and isinstance(y, int):
            # a target in another unit says each side's own (12 balls -> 22 stones), not both in the new one's
            return f"Game won at: {self.a.unit.of(x)} -> {self.b.unit.of(y)}"
        return f"{self.label(path)}: {_show(x, path, self.a)} -> {_show(y, path, self.b)}"

    def label(self, path: tuple) -> str:
        return _label(self.da, self.db, path, self.b.unit)

    def mappings(self, x: dict, y: dict, path: tuple) -> None:
        for key in list(x) + [k for k in y if k not in x]:
            if key in IGNORED:
                continue
            p = path + (key,)
            if p == OBLIGATIONS:
                self.obligations(x.get(key) or [], y.get(key) or [], p)
            elif key not in y:
                self.removed(p, x[key])
            elif key not in x:
                self.added(p, y[key])
            else:
                self.walk(x[key], y[key], p)

    def obligations(self, x: list, y: list, p: tuple) -> None:
        """play.obligations, duty by duty (matched by their words): one dropped, one added, one whose formulas
        changed ('The duty "trump when void, even over the partner" is dropped'), the order changed."""
        before, after = _by_words(x), _by_words(y)
        for says, (i, o) in before.items():
            if says not in after:
                self.changes.append(RuleChange(p + (i,), "removed", o, None, f'The duty "{says}" is dropped',
                                               self.where(self.a, p + (i,)), ""))
        for says, (j, o) in after.items():
            if says not in before:
                self.changes.append(RuleChange(p + (j,), "added", None, o, f'Adds the duty "{says}" ({_duty(o)})',
                                               "", self.where(self.b, p + (j,))))
            elif _duty(before[says][1]) != _duty(o):
                i, old = before[says]
                self.changes.append(RuleChange(p + (j,), "changed", old, o,
                                               f'The duty "{says}": {_duty(old)} -> {_duty(o)}',
                                               self.where(self.a, p + (i,)), self.where(self.b, p + (j,))))
        kept = [s for s in after if s in before]
        if [s for s in before if s in after] != kept:
            self.changes.append(RuleChange(p, "changed", x, y, "The duties of a player following are applied in "
                                           f"another order: {'; '.join(kept)}", self.where(self.a, p),
                                           self.where(self.b, p)))

    def removed(self, p: tuple, before) -> None:
        title = _title(self.da, p)
        text = f"Removes the {title} {_call(before)[0]}" if title and len(p) == 2 else f"Removes {self.label(p)}"
        if title and len(p) == 2 and isinstance(before, dict) and before.get("from") in _COUNTED_FROM:
            text = f"Removes {title} ({_COUNTED_FROM[before['from']]})"
        text = _game_end_words(self.a, self.b, p, "removed") or text
        self.changes.append(RuleChange(p, "removed", before, None, text, self.where(self.a, p), ""))

    def added(self, p: tuple, after) -> None:
        title = _title(self.db, p)
        noun, tail = _call(after)
        text = (f"Adds the {title} {noun} ({after.get('verb', p[-1])}){tail}" if title and len(p) == 2 and
                isinstance(after, dict) else f"Adds {self.label(p)}: {_show(after, p, self.b)}")
        if title and len(p) == 2 and isinstance(after, dict) and after.get("from") in _COUNTED_FROM:
            text = f"Adds {title}, {_COUNTED_FROM[after['from']]}"  # (issue 25: roem, honours: nobody calls them)
        text = _game_end_words(self.a, self.b, p, "added") or text
        self.changes.append(RuleChange(p, "added", None, after, text, "", self.where(self.b, p)))


def _call(item) -> tuple[str, str]:
    """What a named item is, and a word after it: a call, or a declaration nobody calls (honours, roem)."""
    if isinstance(item, dict) and item.get("declared") == "automatically":
        return "declaration", ", counted without a call"
    return "call", ""
# (issue 25) combinations counted from the cards themselves (declarations.*.from), not called by a player
_COUNTED_FROM = {"trick": "counted from the cards of each trick for the team that wins it",
                 "hands as dealt": "counted from the hands as dealt"}


# the duties of a player following to a trick (play.obligations): compared duty by duty, by their words
OBLIGATIONS = ("play", "obligations")


def _by_words(duties: list) -> dict:
    """Each duty written (a mapping) by its words: says -> (its place in the list, the duty)."""
    return {str(o.get("says", "")): (i, o) for i, o in enumerate(duties) if isinstance(o, dict)}


def _duty(o: dict) -> str:
    """A duty's formulas as written: "when not seat.holds_led, must play card.is_trump"."""
    when = o.get("when")
    return (f"when {when}, " if when is not None else "") + f"must play {o.get('must_play')}"


def _game_end_words(a: Ruleset, b: Ruleset, p: tuple, kind: str) -> str | None:
    """How the game ends, when ``b`` adds or removes a number of deals, a target, stones or a rubber: "The game
    becomes 16 deals instead of a target (the highest total wins)"."""
    say = GAME_END_WORDS.get(p)
    return say(a, b, kind) if say is not None else None


def _deals_words(a: Ruleset, b: Ruleset, kind: str) -> str:
    ga, gb = a.game, b.game
    if kind == "added":
        instead = " instead of a target" if gb.target is None and ga.target is not None else ""
        return f"The game becomes {gb.deals} deals{instead} (the highest total wins)"
    target = f" (the first to {b.unit.of(gb.target)} wins)" if gb.target is not None else ""
    return f"The game is no longer {ga.deals} deals{target}"


def _target_words(a: Ruleset, b: Ruleset, kind: str) -> str | None:
    return f"No target: {a.unit.of(a.game.target)} no longer win the game" if kind == "removed" else None


def _transfer_words(a: Ruleset, b: Ruleset, kind: str) -> str | None:
    if kind == "added" and b.game.transfer:
        return f"Stones: a deal's {b.unit.plural} are taken from the losers, and a side with none left has lost"
    if kind == "removed" and a.game.transfer:
        return f"No stones: a deal's {b.unit.plural} are added to the winners' score"
    return None


def _start_words(a: Ruleset, b: Ruleset, kind: str) -> str:
    return f"Each side starts the game with {b.unit.of(b.game.start)}" if kind == "added" else \
        "Each side starts the game with nothing"


def _rubber_words(a: Ruleset, b: Ruleset, kind: str) -> str:
    if kind == "added":
        return f"A rubber: the best of {b.game.rubber.best_of} games (each won at {b.unit.of(b.game.target)})"
    return "No rubber: one game"


def _game_value_words(a: Ruleset, b: Ruleset, kind: str) -> str | None:
    """Treble, double, single in words (the rulebook's), not as formulas."""
    if kind == "removed":
        return None
    from thunee_dsl.model.rulebook import Book, GAME_PHRASES
    book = Book(b, formulas=False)
    said = []
    for v in b.game.game_value:
        when = "otherwise" if v.when.text.strip() == "true" else \
            "when " + v.when.describe(book.words(), phrases={**GAME_PHRASES, **book.named()})
        said.append(f"{v.value}{f' ({v.says})' if v.says else ''} {when}")
    return "A game won is worth, in game points: " + "; ".join(said)


def _passes_if_words(a: Ruleset, b: Ruleset, kind: str) -> str | None:
    return "The deal passes on after every deal" if kind == "removed" else None


GAME_END_WORDS = {("dealer", "passes_if"): _passes_if_words, ("game", "game_value"): _game_value_words, ("game", "deals"): _deals_words, ("game", "target"): _target_words,
                  ("game", "transfer"): _transfer_words, ("game", "start"): _start_words,
                  ("game", "rubber"): _rubber_words}


def diff_rulesets(a: Ruleset, b: Ruleset) -> list[RuleChange]:
    """The rules of ``b`` that differ from ``a``, in file order of the keys."""
    differ = _Differ(a, b)
    differ.walk(differ.da, differ.db, ())
    return differ.changes
