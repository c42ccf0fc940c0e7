"""Render a compiled ruleset as a Markdown rulebook a table of players can follow.

Everything printed comes from the ruleset itself (numbers, formulas, ``source:`` notes),
so a group that edits its file gets a rulebook that matches it. An overlay inherits its base's
``summary:`` and ``source:`` notes, which describe the base's rules: a summary is shown only where
it was written for these rules (else one is generated from the merged values), and a source note of
a section an overlay changed says so (see :func:`ruleset_summary` and :func:`section_source`).
"""

from __future__ import annotations

from thunee_dsl.model.quantities import SEAT_ROLES, TEAM_ROLES
from thunee_dsl.model.words import bid_words, has_corner_house, has_trumps_made, team_name
from thunee_dsl.model.ruleset import (
    BallTable, BiddingStep, CallingStep, ConcedeStep, DealBatch, MakeTrumps, PlayStep, RedealStep, Ruleset, SeatRef,
    UndertakingsStep,
)
from thunee_dsl.model.quantities import BIDDER  # (bidding: issue 25, item 1)
from thunee_dsl.model.ruleset import FROM_UNDEALT, BidTurns, Contract
from thunee_dsl.model.quantities import SCORER  # (sides of one: issue 25, item 7a)
from thunee_dsl.model.ruleset import DeclaredFrom

# The names of a claim's (or an undertaking's) condition as its own section of the rulebook says them: the
# symbol table describes them for any call ("the player who made the call being judged").
CLAIM_PHRASES = {TEAM_ROLES["callers"]: "the claimer's team", TEAM_ROLES["opponents"]: "the claimer's opponents",
                 SEAT_ROLES["caller"]: "the claimer", SEAT_ROLES["seat"]: "the player about to claim",
                 SEAT_ROLES["leader"]: "the player who led the trick", "balls of ": "score of "}
CALL_PHRASES = {SEAT_ROLES["seat"]: "the player", TEAM_ROLES["callers"]: "the caller's team",
                TEAM_ROLES["opponents"]: "the caller's opponents", SEAT_ROLES["caller"]: "the caller",
                "balls of ": "score of "}
# an undertaking the trump maker announces as trumps are made (Euchre's going alone): its player is the maker
# ("the lone maker", "the makers"), not a caller
MAKER_PHRASES = {**CALL_PHRASES, TEAM_ROLES["callers"]: "the makers", TEAM_ROLES["opponents"]: "the defenders",
                 SEAT_ROLES["caller"]: "the maker"}


def condition(formula, phrases: dict[str, str], r: Ruleset) -> str:
    """A condition in words a card player reads, then the formula as written on a line of its own (for the
    ruleset's author): Markdown, for a list item."""
    return Book(r).condition(formula, phrases)


ANCHOR_WORDS = {"dealer": "the dealer", "trump_maker": "the trump maker", "chooser": "the trump chooser",
                "caller": "the caller"}


def seat_phrase(ref: SeatRef, direction: str) -> str:
    """``dealer+1`` -> "the player to the dealer's right" in a counterclockwise game."""
    who = ANCHOR_WORDS.get(ref.anchor, ref.anchor)
    if ref.offset == 0:
        return who
    side = "right" if direction == "counterclockwise" else "left"
    if ref.offset == 1:
        return f"the player to {who}'s {side}"
    return f"the player {ref.offset} places to {who}'s {side}"


NOTE_KEYS = frozenset({"source", "description", "says", "title", "name", "aliases", "summary", "extends"})


def _source(text: str) -> list[str]:
    return [f"*Source: {text}*", ""] if text else []


def _at(data, path: tuple):
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def _docs(r: Ruleset) -> tuple:
    """The ruleset's files' data, top file first (empty for a ruleset compiled without provenance)."""
    return tuple(getattr(r.data, "docs", ()) or ()) if r.data is not None else ()


def _doc_name(doc) -> str:
    name = doc.data.get("name") if isinstance(doc.data, dict) else None
    return str(name) if name else doc.filename.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".yaml")


def _changes_rules(value, top: bool = False) -> bool:
    """Whether a file's value for a section sets a rule: not only notes (a sub-section with its own source is
    its own section)."""
    if not isinstance(value, dict):
        return True
    return any(key not in NOTE_KEYS and not (isinstance(v, dict) and "source" in v and not top)
               for key, v in value.items())


def section_source(r: Ruleset, path: tuple) -> list[str]:
    """The ``source:`` note of the section at ``path`` as rulebook lines, true to this ruleset's rules.

    When a file above the one that wrote the note changed a rule of the section, the note describes
    the rule it replaced: it is shown as such ("changed by X; X's base said: ...").
    """
    text = _at(r.data.data if r.data is not None else {}, tuple(path) + ("source",))
    if not text:
        return []
    docs = _docs(r)
    owner = next((i for i, d in enumerate(docs) if _at(d.data, tuple(path) + ("source",)) is not None), None)
    if owner is None:
        return _source(str(text))
    changers = [docs[i] for i in range(owner) if _at(docs[i].data, path) is not None
                and _changes_rules(_at(docs[i].data, path))]
    if not changers:
        return _source(str(text))
    return [f"*Source: changed by {_doc_name(changers[0])}; the rule it replaces, from {_doc_name(docs[owner])}, "
            f"cites {text}*", ""]


def ruleset_summary(r: Ruleset) -> str:
    """The summary to show: the ruleset's own ``summary:``, or, when it is inherited from a base whose
    rules this one changes, a summary generated from the merged values."""
    docs = _docs(r)
    if not docs:
        return r.summary
    owner = next((i for i, d in enumerate(docs) if isinstance(d.data, dict) and d.data.get("summary")), None)
    if owner is not None and not any(_changes_rules(docs[i].data, top=True) for i in range(owner)):
        return r.summary  # written for exactly these rules
    base = docs[owner] if owner is not None else docs[-1]
    prefix = f"A variant of {base.data.get('title') or _doc_name(base)}: " if len(docs) > 1 else ""
    return prefix + generated_summary(r)


def generated_summary(r: Ruleset) -> str:
    """One sentence from the merged values: players, cards, what may be called, how the game is won."""
    d = r.deck
    ranks = " ".join("10" if x == "T" else x for x in d.ranks)
    parts = [f"{r.seats} players, {d.size} cards ranked {ranks}"]
    if r.bidding:
        parts.append(f"bidding for {bid_words(r) or 'the contract'}")
    elif r.calling:
        parts.append("calling to make trumps")
    # (issue 25) roem, honours: counted from the cards, a mass noun, not a call made so many times
    declared = [x.title + "s" if x.taken_from is DeclaredFrom.HAND else x.title for x in r.declarations]
    called = [u.title for u in r.undertakings] + declared + [c.title for c in r.claims]
    if called:
        parts.append(called[0] if len(called) == 1 else ", ".join(called[:-1]) + " and " + called[-1])
    parts += [_winning_said(r), _penalties_said(r)]
    text = "; ".join(parts) + "."
    return text[0].upper() + text[1:]


def _winning_said(r: Ruleset) -> str:
    g, unit = r.game, r.unit
    if g.target is None:  # a game of a number of deals, or of stones
        return _game_end_said(r)
    win = f"first team to {unit.verb} {unit.of(g.target)} wins"
    if g.deals is not None or g.transfer:
        win += f"; {_game_end_said(r)}"
    if g.rubber is not None:
        win += f"; a rubber is the best of {g.rubber.best_of} games"
    if g.raised_after:
        titles = {x.verb: x.title for x in (*r.undertakings, *r.claims, *r.declarations)}
        raisers = " or ".join(sorted(titles.get(v, v) for v in g.raised_after))
        win += f" ({g.raised_target} once {raisers} has been called)"
    if g.deuce is not None:
        win += f", two to clear from {g.deuce}-{g.deuce}"
    return win


def _game_end_said(r: Ruleset) -> str:
    """A game of a number of deals, or of stones, in the summary's words: "a game of 16 deals, the higher total
    wins"; "each team starts with 11 stones, a team with none has lost"."""
    g, unit = r.game, r.unit
    said = []
    if g.transfer:
        said.append(f"each team starts with {unit.of(g.start)}, taken from the losers of a deal, and a team with "
                    f"none has lost")
    if g.deals is not None:
        said.append(f"a game of {g.deals} deals, the {'higher' if r.teams == 2 else 'highest'} total wins")
    return "; ".join(said)


def _penalties_said(r: Ruleset) -> str:
    if not r.penalties:
        return "no penalties"
    unit = r.unit
    return f"offences cost {unit.of(r.penalties.balls)}" + "".join(
        f" ({offence} {unit.of(n)})" for offence, n in r.penalties.balls_for)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('ch') else 's'}"


# -- the book: one function per section ----------------------------------------------------------------------
#
# Each section is a function ``(Book) -> lines`` (Markdown, ending with a blank line where it has one), listed in
# SECTIONS in the order the rulebook reads. A new rule's lines go in its own section's function, or a new
# function added to SECTIONS; each section says only what its ruleset has.


class Book:
    """What every section reads: the ruleset, its unit, and whether formulas are shown under their words
    (``formulas``: True shows each formula as written under its words, for the ruleset's author; False, words
    only, as a table of players reads them)."""

    def __init__(self, r: Ruleset, formulas: bool = True):
        self.r, self.formulas, self.unit = r, formulas, r.unit
        self.corner_house = has_corner_house(r)

    def condition(self, formula, phrases: dict[str, str]) -> str:
        """A condition in words, then (with formulas) the formula as written on a line of its own."""
        said = f"{formula.describe(self.words(), phrases={**phrases, **self.named()})}."
        return f"{said}  \n  `{formula.text}`" if self.formulas else said

    def words(self) -> dict[str, str]:
        if self.r.hand_sizes:  # a hand size by deal (deal.hand_sizes): the tricks are the deal's own
            return {"tricks": "the number of tricks of the deal (the cards each player was dealt)",
                    "hand_size": "the number of cards each player was dealt"}
        return {"tricks": f"{self.r.tricks_per_deal} (every trick of the deal)"}

    def named(self) -> dict[str, str]:
        """The ruleset's own names inside the symbols' descriptions: its team values, its unit of score."""
        unit = self.unit
        done = unit.verb + ("d" if unit.verb.endswith("e") else "ed")
        return {**{f"the team value '{tv.name}' of ": f"the {tv.name} of " for tv in self.r.team_values},
                " opened balls": f" {done} {unit.plural}", "balls needed": f"{unit.plural} needed",
                **self.roles_named()}

    def roles_named(self) -> dict[str, str]:
        """(issue 25) A game without calling has no counting team: it is the trump makers' opponents there; a
        ruleset with one kind of combination counted from the cards (Klaverjas's roem) says it by its title, not "the declarations"."""
        r, said = self.r, {}
        if r.calling is None:
            said[TEAM_ROLES["counting"]] = "the trump makers' opponents"
        if len(r.declarations) == 1 and r.declarations[0].taken_from is not DeclaredFrom.HAND:
            said["value of the declarations of "] = f"{r.declarations[0].title.lower()} of "
        return said

    def amount(self, formula, phrases: dict[str, str]) -> str:
        """A number a formula gives (balls, a score) for a table's cell: the number, or the formula in words
        (then, with formulas, the formula in brackets)."""
        text = formula.text.strip()
        if text.lstrip("-").isdigit():
            return text
        said = formula.describe(self.words(), phrases={**phrases, **self.named()})
        return f"{said} (`{' '.join(text.split())}`)" if self.formulas else said

    def formula_line(self, formula) -> list[str]:
        """The formula as written, as its own paragraph, with formulas; nothing without."""
        return [f"  `{' '.join(formula.text.split())}`", ""] if self.formulas else []


def render_rulebook(r: Ruleset, formulas: bool = True) -> str:
    """The ruleset as a Markdown rulebook. ``formulas``: each rule's formula as written under its words (the
    default, for the ruleset's author); False for words only (``thunee-dsl rules`` without ``--formulas``)."""
    book = Book(r, formulas)
    out: list[str] = []
    for section in SECTIONS:
        out += section(book)
    return "\n".join(out).rstrip() + "\n"


def _opening(book: Book) -> list[str]:
    r = book.r
    out = [f"# {r.title}", ""]
    summary = ruleset_summary(r)
    if summary:
        out += [summary, ""]
    aliases = f" (also: {', '.join(r.aliases)})" if r.aliases else ""
    return out + [f"Ruleset `{r.name}`{aliases}. Generated from the ruleset file by `thunee-dsl rules`.", ""]


def _players_and_cards(book: Book) -> list[str]:
    r, d = book.r, book.r.deck
    teams = [team_name(r, t) for t in range(r.teams)]
    out = ["## Players and cards", "",
           f"- {r.seats} players in {r.teams} teams: " + " against ".join(teams)
           + ". Each player sits between two opponents." if r.seats > r.teams else
           f"- {r.seats} players, each on their own.",
           f"- Deal and play go {r.direction}; seat numbers follow the direction of play.",
           f"- {d.size} cards: suits {' '.join(d.suits)}; in each suit the ranks are, highest first, "
           f"{' '.join('10' if x == 'T' else x for x in d.ranks)}."]
    if any(d.rank_points):
        pts = ", ".join(f"{'10' if rank == 'T' else rank} {p}" for rank, p in zip(d.ranks, d.rank_points))
        out.append(f"- Card points: {pts}. The pack holds {d.total_points} card points.")
    out += _trump_suit_lines(d)
    out += _sequence_order_lines(d)
    return out + [""] + (section_source(r, ("deck",)) or section_source(r, ("players",)))


def _sequence_order_lines(d) -> list[str]:
    """The order runs are read in, where it differs from the ranks (deck.sequence_order)."""
    if d.sequence_order is None:
        return []
    return [f"- Cards in sequence (runs) are read in the order, lowest first, "
            f"{' '.join(_rank_word(d.ranks[i]) for i in d.sequence_order)}, in every suit."]


def _rank_word(rank: str) -> str:
    return "10" if rank == "T" else rank


def _trump_suit_lines(d) -> list[str]:
    """The trump suit's own order and card points, and a card borrowed into it (deck.trumps, deck.colours)."""
    if not d.trump_tables:
        return []
    order = d.trump_order or tuple((rank, False) for rank in d.ranks)
    points = d.trump_rank_points if d.trump_rank_points is not None else d.rank_points
    said = []
    for rank, borrowed in order:
        word = _rank_word(rank) + (" of the other suit of the trump's colour" if borrowed else "")
        value = points[d.ranks.index(rank)]
        said.append(f"{word} ({value})" if any(points) else word)
    out = [f"- The trump suit ranks otherwise, highest first{', with its card points' if any(points) else ''}: "
           f"{', '.join(said)}. The other suits rank as above."]
    if d.colours is not None:
        by_colour: dict[str, list[str]] = {}
        for suit, colour in zip(d.suits, d.colours):
            by_colour.setdefault(colour, []).append(suit)
        said = "; ".join(f"{' and '.join(suits)} {colour}" for colour, suits in by_colour.items())
        out.append(f"- Colours: {said}.")
    for place, (rank, borrowed) in enumerate(order):
        if borrowed:
            bower = " (the left bower)" if rank == "J" else ""
            out.append(f"- The {_rank_word(rank)} of the other suit of the trump's colour{bower} is a trump for the "
                       f"whole deal, {place + 1}{_ordinal(place + 1)} in trumps: it follows a trump lead, a lead of it "
                       f"asks for trumps, and it does not count as a card of its own suit, which has one card fewer.")
    return out


def _deal_steps(book: Book) -> list[str]:
    r = book.r
    out = ["## A deal, step by step", ""]
    steps, number = list(r.steps), 0
    while steps:
        run = _one_at_a_time(r, steps)
        said = _one_at_a_time_step(book, run) if run else STEP_SAID[type(steps[0])](book, steps[0], number + 1)
        del steps[:max(len(run), 1)]
        if said:
            number += 1
            out.append(f"{number}. {said}")
    return out + _schedule(r) + [""] + section_source(r, ("deal",))


# a hand size by deal (deal.hand_sizes, issue 25 item 3)
def _schedule(r) -> list[str]:
    """The schedule of hand sizes, one per deal, said after the deal's steps."""
    if not r.hand_sizes:
        return []
    sizes = ", ".join(map(str, r.hand_sizes))
    return ["", f"**The number of cards dealt changes from deal to deal**: {sizes} cards each, one number a deal in "
            f"this order ({_plural(len(r.hand_sizes), 'deal')}). A deal has as many tricks as cards each player is "
            f"dealt."]


# a deal of one card at a time (Whist's thirteen rounds) is said once, not as a step per round
def _one_at_a_time(r: Ruleset, steps: list) -> list:
    """The leading steps that deal one open card each, round after round (two or more of them), else []."""
    run = []
    for step in steps:
        if not isinstance(step, DealBatch) or r.batches[step.number - 1] != 1 or step.number in r.face_down:
            break
        run.append(step)
    return run if len(run) > 1 else []


def _one_at_a_time_step(book: Book, run: list) -> str:
    r = book.r
    first = seat_phrase(r.first_receiver, r.direction)
    said = (f"**Deal** one card at a time to each player in turn, starting with {first}, {len(run)} times round "
            f"({_plural(len(run), 'card')} each).")
    return said + _turn_up_words(r) if run[-1].number == len(r.batches) else said


def _batch_step(book: Book, step, i: int) -> str:
    r, k = book.r, step.number
    first = seat_phrase(r.first_receiver, r.direction)
    if k in r.face_down:
        return (f"**Deal batch {k}**: {_plural(r.batches[k - 1], 'card')} face down in a row in front of each "
                f"player, starting with {first}. Nobody looks at them, not even their owner.")
    said = f"**Deal batch {k}**: {_plural(r.batches[k - 1], 'card')} to each player, starting with {first}."
    if r.hand_sizes:  # (one batch: the deal's own number of cards)
        said = (f"**Deal** the deal's number of cards to each player ({r.hand_sizes[0]} in the first deal: see "
                f"below), one at a time, starting with {first}.")
    return said + _turn_up_words(r) if k == len(r.batches) else said


# the undealt cards and the turn-up (issue 25, item 3)
TURN_UP_SAID = {"top of the undealt": "the top card of the undealt ones is turned face up for everyone to see",
                "next card": "the next card is turned face up for everyone to see",
                "dealer's last card": "the dealer's own last card is turned face up for everyone to see; "
                                      "the dealer keeps it in hand"}


def _turn_up_words(r) -> str:
    """What is left over after the deal, and the card turned up (said after the last batch)."""
    said = ""
    if r.hand_sizes and r.turn_up in FROM_UNDEALT and max(r.hand_sizes) * r.seats == r.deck.size:
        said += (" The rest of the pack is left over, face down: nobody sees it (a deal that gives out the whole pack "
                 "leaves none: nothing is turned up, and that deal is played without trumps).")
    elif r.undealt and r.hand_sizes:
        said += " The rest of the pack is left over, face down: nobody sees it."
    elif r.undealt:
        said += f" {_plural(r.undealt, 'card')} {'is' if r.undealt == 1 else 'are'} left over, face down: nobody sees them."
    if r.turn_up != "none":
        turned = TURN_UP_SAID[r.turn_up]
        said += f" Then {turned}."
        if r.trumps is not None and "turn-up" in r.trumps.ways:
            said += " Its suit is trumps: nobody chooses."
    return said


TRUMP_WAYS = {"card": "placing a card from hand face down", "turn-up": "the suit of the card turned up",
              "order up": "ordering up the turn-up",
              "last card": "choosing 'last card' (the last card they will be dealt)",
              "suit": "naming the trump suit"}


def _make_trumps_step(book: Book, step, i: int) -> str:
    r = book.r
    if r.trumps.rounds:  # (ordering up: said in full under Making trumps)
        return (f"**Make trumps** in rounds, starting with {seat_phrase(r.trumps.chooser, r.direction)}: the turn-up "
                f"ordered up, {'or another suit named, ' if len(r.trumps.rounds) > 1 else ''}as below.")
    if "turn-up" in r.trumps.ways:
        return "**Make trumps**: the suit of the card turned up is trumps; nobody chooses."
    ways = " or ".join(TRUMP_WAYS[w] for w in r.trumps.ways)
    if r.bidding and r.bidding.contract is Contract.HIGHEST_BID:
        who = "the highest bidder"
    elif CallingStep() in r.steps[: i - 1]:
        who = "the final caller or, if no one called, " + seat_phrase(r.trumps.chooser, r.direction)
    else:
        who = seat_phrase(r.trumps.chooser, r.direction)
    return f"**Make trumps**: {who} makes trumps by {ways}."


def _bidding_step(book: Book, step, i: int) -> str:
    if step.again:
        return "**Bidding again**: on these cards, higher than the highest bid so far (see Bidding again)."
    return f"**Bidding**: players bid {_bid_what(book.r)} (see Bidding)."


def _bid_what(r: Ruleset) -> str:
    """What a bid says: "the number of tricks their team will win"."""
    counts = bid_words(r)
    if r.bidding is not None and r.bidding.contract is Contract.EACH_PLAYER:
        return f"the number of {counts or 'tricks'} they will take, each once"
    if counts == "tricks":
        return "the number of tricks their team will win"
    if counts:
        return f"the number of {counts} their team will take"
    return "a number"


def _concede_step(book: Book, step, i: int) -> str:
    return f"**Concede**: either team may give up the deal; the opponents score {book.unit.of(book.r.concede_balls)}."


def _redeal_step(book: Book, step, i: int) -> str:
    redeal = book.r.redeal
    # a redeal only one seat may claim names that seat (304: the dealer's right, before any bid)
    who = "a player" if redeal.seat is None else seat_phrase(redeal.seat, book.r.direction)
    return f"**Redeal**: {who} may throw the cards in when {book.condition(redeal.allowed_if, CALL_PHRASES)}"


def _calling_step(book: Book, step, i: int) -> str:
    if step.again:  # a later calling goes on from the last call
        return ("**Calling again**: the calling goes on from the last call; a higher call takes over making "
                "trumps (see Calling).")
    return "**Calling**: players may call to take over making trumps (see Calling)."


def _undertakings_step(book: Book, step, i: int) -> str:
    names = ", ".join(u.title for u in book.r.undertakings) or "none"
    return f"**Undertakings**: any player may call {names} (see Undertakings)."


def _play_step(book: Book, step, i: int) -> str:
    if book.r.hand_sizes:
        return "**Play** as many tricks as cards each player was dealt, then score the deal."
    return f"**Play** {_plural(book.r.tricks_per_deal, 'trick')}, then score the deal."


STEP_SAID = {DealBatch: _batch_step, MakeTrumps: _make_trumps_step, BiddingStep: _bidding_step,
             ConcedeStep: _concede_step, RedealStep: _redeal_step, CallingStep: _calling_step,
             UndertakingsStep: _undertakings_step, PlayStep: _play_step}


def _bidding(book: Book) -> list[str]:
    r, b = book.r, book.r.bidding
    if not b:
        return []
    counts = bid_words(r)
    first = seat_phrase(b.first_bidder, r.direction).capitalize()
    steps = f" in steps of {b.step}" if b.step > 1 else ""
    span = f"{b.lowest} to {b.highest}"
    if r.hand_sizes and b.highest == r.hand_size:  # (a hand size by deal: the most a bid may be is the deal's)
        span = f"{b.lowest} up to the number of cards dealt"
    if b.contract is Contract.EACH_PLAYER:
        out = ["## Bidding", "",
               f"- {first} bids first; then each player in turn bids once, the number of {counts or 'tricks'} they "
               f"will take ({span}{steps}). Nobody passes.",
               "- Every bid is its bidder's own *contract*" + (
                   "." if r.sides_of_one else "; a team's contract is its players' bids added up.")]
    else:
        higher = f"a higher number of {counts}" if counts else "a higher number"
        out = ["## Bidding", ""]
        if b.turns is BidTurns.ONCE_EACH:
            out += [f"- {first} bids first; then each player in turn, once, bids {higher} ({b.lowest} to "
                    f"{b.highest}{steps}) or passes; bidding ends when every player has had a turn."]
        else:
            out += [f"- {first} bids first; then each player in turn bids {higher} ({span}{steps}) "
                    f"or passes.",
                    "- A player who passed may not bid again; bidding ends when all but one have passed."]
        out += ["- If everyone else passes, the last player must bid " + str(b.lowest) + "." if b.dealer_bids_if_all_pass
                else "- If everyone passes, the cards are thrown in.",
                "- A team's *contract* is the highest bid of its players (0 if they only passed)."]
    if b.partner_bid:
        out.append("- Instead of bidding, a player who has not yet bid or passed may say *partner*: the partner bids "
                   "or passes in that turn for the team (once a team), and the bidding goes on from the player who "
                   "asked.")
    out += _who_may_bid(book, b)
    if b.passer_trick_cap is not None:
        out.append(f"- A player who only passed counts at most {_plural(b.passer_trick_cap, 'trick')}.")
    return out + [""] + section_source(r, ("bidding",)) + _bidding_again(book)


BIDDING_PHRASES = {BIDDER: "the player", "the bid being weighed": "the bid", "balls of ": "score of "}


def _who_may_bid(book: Book, b) -> list[str]:
    """The lines for ``allowed_if`` and ``forbidden_if``: who may bid what (the hook ...)."""
    out = []
    if b.allowed_if is not None:
        out.append(f"- A player may make a bid only when {book.condition(b.allowed_if, BIDDING_PHRASES)}")
    if b.forbidden_if is not None:
        hook = _is_the_hook(b.forbidden_if)
        out.append(f"- A player may not make a bid when {book.condition(b.forbidden_if, BIDDING_PHRASES)}"
                   + ("  \n  (The *hook*: the dealer, bidding last, may not make the bids add up to the tricks of "
                      "the deal, so at least one player fails.)" if hook else ""))
    return out


def _is_the_hook(formula) -> bool:
    """Does the condition read the bids added up with the bid weighed, against the tricks (Oh Hell's hook)?"""
    return {"bids.total", "bid", "tricks"} <= set(formula.names)


def _bidding_again(book: Book) -> list[str]:
    """The lines for a later bidding step (``bidding.again``): 304's second bidding on eight cards."""
    r, b = book.r, book.r.bidding
    a = b.again
    if a is None:
        return []
    counts = bid_words(r)
    unit = f" {counts}" if counts else ""
    steps = f" in steps of {a.step}" if a.step > 1 else ""
    turns = "each player in turn, once," if a.turns is BidTurns.ONCE_EACH else "each player in turn"
    out = ["### Bidding again", "",
           f"- After more cards are dealt the bidding goes on from the highest bid: "
           f"{seat_phrase(a.first_bidder, r.direction)} bids first; then {turns} bids higher ({a.lowest} to "
           f"{a.highest}{unit}{steps}) or passes. If everyone passes, the highest bid stands."]
    if a.allowed_if is not None and a.allowed_if is not b.allowed_if:
        out.append(f"- In this bidding a player may make a bid only when {book.condition(a.allowed_if, BIDDING_PHRASES)}")
    if a.forbidden_if is not None and a.forbidden_if is not b.forbidden_if:
        out.append(f"- In this bidding a player may not make a bid when "
                   f"{book.condition(a.forbidden_if, BIDDING_PHRASES)}")
    if a.takes_over:
        out.append("- A new highest bidder makes trumps instead: the trump maker takes the trump card back into "
                   "the hand.")
    return out + [""]


def _making_trumps(book: Book) -> list[str]:
    r, t = book.r, book.r.trumps
    if "turn-up" in t.ways if t is not None else False:
        return ["## Making trumps", "", "- Nobody chooses trumps: the suit of the card turned up after the deal is "
                "trumps, shown to everyone.", ""] + section_source(r, ("trumps",))
    if t is not None and t.rounds:
        return _ordering_up(book) + section_source(r, ("trumps",))
    if not has_trumps_made(r) or (r.bidding and r.bidding.contract is Contract.HIGHEST_BID):
        # (the highest bidder's trumps are said under the deal's steps)
        return []
    chooser = seat_phrase(t.chooser, r.direction).capitalize()
    ways = f"- Ways: {', '.join(t.ways)}."
    if set(t.ways) == {"suit"}:  # (issue 25: Klaverjas's elder hand names any suit)
        ways = "- The trump maker may name any suit."
    if r.calling:
        ways += f" A final caller may use: {', '.join(t.caller_ways)}."
    return ["## Making trumps", "",
            f"- {chooser} makes trumps unless someone calls." if r.calling else f"- {chooser} makes trumps.",
            ways,
            _trumps_shown(t),
            ""] + section_source(r, ("trumps",))


def _trumps_shown(t) -> str:
    """A suit named aloud is no card shown (Klaverjas: the elder hand names trumps)."""
    if set(t.ways) == {"suit"}:
        return f"- The trump suit is named aloud, to everyone {_REVEALED_WORDS[t.revealed]}."
    return f"- The trump card is shown to everyone {_REVEALED_WORDS[t.revealed]}."


def _ordering_up(book: Book) -> list[str]:
    """Making trumps in rounds (trumps.rounds): the turn-up ordered up, another suit named, all passing."""
    r, t = book.r, book.r.trumps
    first = seat_phrase(t.chooser, r.direction)
    out = ["## Making trumps", ""]
    for i, rnd in enumerate(t.rounds):
        if i == 0:
            line = (f"- Starting with {first}, each player in turn may order up the turn-up, making its suit trumps "
                    f"(say `order`), or pass.")
            if rnd.dealer_takes_turn_up:
                line += (f" Once it is ordered, the dealer picks the turn-up into the hand and discards "
                         f"{_plural(rnd.dealer_discards, 'card')} face down (`discard CARD`), seen by the dealer alone.")
        else:
            line = (f"- If everyone passes, each player in turn, again starting with {first}, may name any other suit "
                    f"as trumps (say `trump S`), or pass.")
        out.append(line)
    if t.all_pass != "dealer must":
        again = "the same dealer deals again" if t.all_pass == "throw in" else "the turn to deal passes on"
        out.append(f"- If everyone passes again, the cards are thrown in: no score, and {again}.")
    else:
        out.append("- Stick the dealer: if everyone else passes in the last round, the dealer may not pass and must "
                   "make trumps.")
    out.append(f"- Whoever makes trumps makes them for their team; the suit is shown to everyone "
               f"{'right after the first lead' if t.revealed == 'first lead' else 'at once'}.")
    return out + [""]


def _calling(book: Book) -> list[str]:
    r, c = book.r, book.r.calling
    if not c:
        return []
    first = "a member of the team opposing the trump chooser" if c.first_caller == "opponents of chooser" else "any player"
    nxt = "an opponent of the last caller" if c.next_caller == "opponents of last caller" else "any player"
    out = ["## Calling", "",
           f"- Calls, in order: {', '.join(map(str, c.amounts))}. Each call is the next amount; the last ends calling.",
           f"- The first call is made by {first}; each later call by {nxt}.",
           "- The final caller makes trumps and the amount called is counted for the opponents (see Scoring)."]
    out += _who_may_call(book) + _calling_again(r)
    if c.simultaneous_extra:
        out.append(f"- If both opponents call at once, the call counts {c.simultaneous_extra} more than the next call "
                   "(written as the amount it counts, at most the last call); their opponents choose which of "
                   "them makes trumps.")
    return out + [""] + section_source(r, ("calling",))


CALLING_PHRASES = {SEAT_ROLES["seat"]: "the player", TEAM_ROLES["callers"]: "the player's team",
                   TEAM_ROLES["opponents"]: "the player's opponents", "balls of ": "score of "}


def _who_may_call(book: Book) -> list[str]:
    """The line for ``calling.allowed_if`` (a house rule: only one team may call ...)."""
    if book.r.calling.allowed_if is None:
        return []
    return [f"- Who may call: {book.condition(book.r.calling.allowed_if, CALLING_PHRASES)}",
            "- Any other player is not asked to call, and a call of theirs is not allowed."]


def _calling_again(r: Ruleset) -> list[str]:
    """The line for a calling step that comes again in the sequence (after more cards are dealt)."""
    again = [i for i, step in enumerate(r.steps) if type(step) is CallingStep and step.again]
    if not again:
        return []
    batches = sum(1 for step in r.steps[:again[0]] if type(step) is DealBatch)
    return [f"- Calling opens again once {_plural(batches, 'batch')} {'has' if batches == 1 else 'have'} been dealt "
            "and goes on from the last call: only a higher call, first by the players the next call is open to "
            "(after no call yet, as the first calling). A call then takes over making trumps: the trump card goes "
            "back and the final caller makes trumps as a final caller does, unless that player already made them. "
            "The amount counted is the last call of all."]


UNDERTAKING_TRUMPS = {"first lead": "- The suit of the first card led is trumps.",
                      "named by caller": "- Right after the call the caller names the trump suit, for everyone to "
                                         "hear (a trump card made before goes back to its hand).",
                      "as made": "- Trumps stay as made.",
                      "none": "- There are no trumps: the highest card of the suit led wins each trick."}


def _undertakings(book: Book) -> list[str]:
    r = book.r
    if not r.undertakings:
        return []
    out = ["## Undertakings", ""]
    for u in r.undertakings:
        caught = _differs(u.balls)
        phrases = _phrases(u)
        who, team, others = (phrases[SEAT_ROLES["caller"]], phrases[TEAM_ROLES["callers"]],
                             phrases[TEAM_ROLES["opponents"]])
        out += [f"### {u.title} (`{u.verb}`)", "",
                _when_called(u, book),
                f"- {who.capitalize()} leads to the first trick." if u.leader == "caller" else "- The usual player leads"
                + (" (the next player if that is the partner who sits out)." if u.partner_sits_out else "."),
                *_going_alone(u, book),
                UNDERTAKING_TRUMPS.get(u.trump, "- Trumps stay as made."),
                *_how_it_is_played(u, r),
                *([f"- It is a *partner catch* when {who}'s partner beats {who}."] if caught else []),
                *_late_and_between_calls(u, book),
                "", f"{book.unit.plural.capitalize()} (to {team} on success, otherwise to "
                    f"{'the opponents' if others == CALL_PHRASES[TEAM_ROLES['opponents']] else others}):", ""]
        out += _ball_table(book, u.balls, phrases) + section_source(r, ("undertakings", u.name))
    return out


def _phrases(u) -> dict[str, str]:
    """The words for the player who undertakes ``u`` and the teams: the maker's where the trump maker announces
    it as trumps are made (Euchre: "the maker", "the makers", "the defenders"), else the caller's."""
    return MAKER_PHRASES if u.on_trumps_made else CALL_PHRASES


CAUGHT = {"when beaten": "- The caller alone must win every trick; it fails as soon as a card of the caller's is beaten.",
          "when a trick is lost": "- The caller alone must win every trick; it fails when anyone else wins a trick.",
          "on the last trick": "- The caller must win the last trick; it fails only if anyone else wins the last trick."}


def _when_called(u, book: Book) -> str:
    """When an undertaking may be called: once a batch is dealt, or by the trump maker as trumps are made."""
    when = f", when {book.condition(u.allowed_if, _phrases(u))}" if u.allowed_if else "."
    said = "called" if book.r.calling is not None else "announced"  # (a game without calls: Euchre's going alone)
    if u.on_trumps_made:
        return f"- May be {said} by the player who makes trumps, as trumps are made" + when
    return (f"- May be {said} once {_plural(u.after_batch, 'batch')} {'has' if u.after_batch == 1 else 'have'} been "
            f"dealt, before the first lead" + when)


def _going_alone(u, book: Book) -> list[str]:
    """Going alone (issue 25, item 6): the partner who sits out, and a deal played out and judged at the end."""
    out = []
    phrases = _phrases(u)
    who, team = phrases[SEAT_ROLES["caller"]], phrases[TEAM_ROLES["callers"]]
    if u.partner_sits_out:
        out.append(f"- {who.capitalize()} plays alone: {who}'s partner lays the hand face down and does not play, "
                   f"so each trick has {book.r.seats - 1} cards and the turn passes over the partner.")
    if u.caught == "never":
        judged = book.condition(u.succeeds_if, phrases) if u.succeeds_if is not None else \
            f"{team} {'have' if team.endswith('s') else 'has'} won every trick"
        out.append(f"- The deal is played out to the last trick; it succeeds when {judged.rstrip('.')}.")
    return out


def _how_it_is_played(u, r: Ruleset) -> list[str]:
    """What the caller must do, and the undertaking's own ways of play (Royals: its ranks; Trips: its leads win,
    a card unseen)."""
    out = []
    ranking = _at(r.data.data if r.data is not None else {}, ("undertakings", u.name, "ranking"))
    if u.beats is not None and isinstance(ranking, list):
        ranks = " ".join("10" if str(x) == "T" else str(x) for x in ranking)
        out.append(f"- In a deal with {u.title} the ranks are, highest first, {ranks}.")
    if u.leads_win:
        out.append(f"- The caller's leads win the first {_plural(u.leads_win, 'trick')} whatever is played to them.")
    if u.blind_until_tricks:
        out.append("- The cards dealt to the caller after the call stay face down, unseen and unplayable, until the "
                   f"caller has won {_plural(u.blind_until_tricks, 'trick')}.")
    return out + ([] if u.caught == "never" else [CAUGHT.get(u.caught, CAUGHT["when a trick is lost"])])


def _differs(table: BallTable) -> bool:
    """Does a partner catch score otherwise than any other failure? (If not, it needs no column of its own.)"""
    return " ".join(table.partner_catch.text.split()) != " ".join(table.failure.text.split())


def _ball_table(book: Book, table: BallTable, phrases: dict[str, str]) -> list[str]:
    cells = [book.amount(table.success, phrases), book.amount(table.failure, phrases)]
    if not _differs(table):
        return ["| succeeds | fails |", "|---|---|", f"| {' | '.join(cells)} |", ""]
    cells.append(book.amount(table.partner_catch, phrases))
    return ["| succeeds | fails | partner catch |", "|---|---|---|", f"| {' | '.join(cells)} |", ""]


_REVEALED_WORDS = {"first lead": "right after the first lead", "at once": "at once",
                   "on demand": "only when a player who cannot follow suit asks for it, or a trump cuts a trick"}


def _closed_trump(book: Book) -> list[str]:
    """The closed trump (trumps.revealed: on demand; play.void_while_closed): its lines under Play."""
    r = book.r
    t = r.trumps
    if t is None or t.revealed != "on demand":
        return []
    out = ["- **The closed trump**: nobody but the trump maker knows trumps until they are shown. While they are "
           "closed, the trump maker's card lies face down: it is played only to cut, or as the last card."]
    if r.play.void_while_closed == "face down":
        out.append("- A player who cannot follow suit while trumps are closed plays a card **face down** (a cut: "
                   "seen only by that player and the trump maker), or first asks for trumps to be shown and then "
                   "plays face up. At the end of the trick the face-down cards are looked at: a trump among them "
                   "wins the trick (the highest, if several) and shows trumps; any other face-down card wins nothing "
                   "and stays face down.")
    else:
        out.append("- A player who cannot follow suit while trumps are closed may ask for trumps to be shown before "
                   "playing; a trump played to a lead of another suit wins the trick and shows trumps.")
    if t.revealed_if is not None:
        out.append(f"- Trumps are also shown at the end of a trick after which {book.condition(t.revealed_if, {})}")
    out.append("- Once trumps are shown, the trump maker takes the trump card back into the hand, and every card "
               "is played face up.")
    return out


def _play(book: Book) -> list[str]:
    r, p = book.r, book.r.play
    out = ["## Play", "",
           f"- {seat_phrase(p.first_leader, r.direction).capitalize()} leads to the first trick; the winner of each trick leads to the next."]
    if p.follow_suit:
        out.append("- Players must follow suit if able; otherwise any card may be played.")
    if p.undercut_only_with_all_trumps:
        out.append("- Undercutting: when a non-trump lead has been trumped, a player who cannot follow may play a "
                   "lower trump only when holding nothing but trumps.")
    duties = [o for o in p.obligations if not o.short_form]  # (the undercut rule's is said above)
    if duties:
        out.append("- A player following to a trick has these duties too, in this order; each leaves only the cards "
                   "it names, when the player holds one of them (among the cards still allowed). A card against "
                   "one is a revoke.")
        out += [f"  - {_duty(book, o)}" for o in duties]
    if p.first_lead_not_trump:
        out.append("- The first card led may not be a trump (unless the leader holds nothing else).")
    if p.lay_out_after is not None:
        out.append(f"- After {_plural(p.lay_out_after, 'trick')} each player lays the cards left in hand face up on "
                   "the face-down row, one on each row card in the order received, and turns the row cards left "
                   "uncovered face up. From then on cards are played from the face-up cards, seen by everyone; a "
                   "face-down card is turned up at the end of the trick in which the card on it is played."
                   + (" With an undertaking the row is not used: the deal is played from the hands alone."
                      if p.lay_out_unless_undertaking else ""))
    out += _closed_trump(book)
    trumps = "The highest trump wins the trick; with no trump in it, the highest card of the suit led." \
        if r.trumps is not None or any(u.trump != "none" for u in r.undertakings) else \
        "The highest card of the suit led wins the trick."
    return out + [f"- {trumps}", ""] + section_source(r, ("play",))


def _duty(book: Book, o) -> str:
    """One of play.obligations: its words, then when it holds and the cards it asks for, in words ("When the
    player holds no card of the suit led: must play a card that is a trump, if the hand holds one")."""
    when = "" if o.when.text.strip() == "true" else \
        f"when {o.when.describe(book.words(), phrases=book.named())}: "
    must = o.must_play.describe(book.words(), phrases=CARD_PHRASES)
    said = f"{o.says[:1].upper()}{o.says[1:]}: {when}must play a card for which {must}, if the hand holds one."
    for negated, plain in NEGATED.items():
        said = said.replace(negated, plain)
    return said + (f" (`{' '.join(o.when.text.split())}` / `{' '.join(o.must_play.text.split())}`)"
                   if book.formulas else "")


# the card weighed by a duty, as its words read after "a card for which"
CARD_PHRASES = {"the card": "it"}
# a duty's names said with "not" as a player says them
NEGATED = {"not (the player holds a card of the suit led)": "the player holds no card of the suit led",
           "not (a partner of the player is winning the trick)": "no partner of the player is winning the trick",
           "not (it is a trump)": "it is not a trump", "not (the card led is a trump)": "the card led is not a trump",
           "not (the player holds a trump)": "the player holds no trump",
           "not (a trump has been played to the trick)": "no trump has been played to the trick"}


def _cancellation(book: Book) -> list[str]:
    r, c = book.r, book.r.cancellation
    if not c:
        return []
    return ["## Cancelled deals", "",
            f"- Once every card is dealt and trumps are fixed, the deal is thrown in "
            f"({'the same dealer deals again' if c.same_dealer else 'the deal passes on'}) when "
            f"{book.condition(c.cancel_if, {})}", ""] + section_source(r, ("cancellation",))


def _declarations(book: Book) -> list[str]:
    r, d = book.r, book.r.deck
    if not r.declarations:
        return []
    out = ["## Declarations", ""]
    for decl in r.declarations:
        if decl.taken_from is not DeclaredFrom.HAND:
            out += _counted_from_cards(book, decl)
            continue
        when = _trick_numbers(decl.after_team_trick, r.tricks_per_deal)
        held = ("for a combination of face-up cards that were already face up when that trick began (so it "
                "is called the next time its owner wins a trick after it appears), still in place"
                if decl.face_up_only else "for cards still held")
        out += [f"### {decl.title} (`{decl.verb} SUIT`)", "",
                f"- Declared right after the declaring team wins {'any' if when == 'any' else f'its {when}'} trick"
                + (", or at any time before the last trick (a player is asked before each of its cards)"
                   if decl.any_time else "") + f", {held}"
                + ("; each suit once per deal." if decl.once_per_suit else "."),
                "", "| cards | in trumps | in another suit |", "|---|---|---|"]
        for combo in decl.combinations:
            ranks = " ".join("10" if d.ranks[i] == "T" else d.ranks[i] for i in combo.ranks)
            out.append(f"| {ranks} | {combo.trumps} | {combo.other} |")
        out.append("")
        if decl.suit_hidden_for:
            out += [f"- The suit of a {', '.join(map(str, sorted(decl.suit_hidden_for)))} {decl.title} is not revealed.", ""]
        if decl.allowed_if:
            out += [f"- Only when {book.condition(decl.allowed_if, CALL_PHRASES)}", ""]
        out += _at_the_wrong_time(decl)
        out += section_source(r, ("declarations", decl.name))
    return out


def _counted_from_cards(book: Book, decl) -> list[str]:
    """A declaration counted from the cards themselves, declared automatically: the combinations in each trick's
    cards (roem), or the cards of trumps held as dealt (honours), pooled between partners or not."""
    r, d = book.r, book.r.deck
    unit = r.unit

    def ranks(indexes) -> str:
        return " ".join(_rank_word(d.ranks[i]) for i in indexes)
    out = [f"### {decl.title}", ""]
    if decl.taken_from is DeclaredFrom.TRICK:
        out += ["- Counted by itself, nobody says it: at the end of each trick, the combinations among its cards "
                "score for the team that wins the trick. The first of the table the trick holds scores (best "
                "first); one marked 'as well' scores besides it.", "",
                f"| combination in one trick | {unit.plural} |", "|---|---|"]
        for shape in decl.shapes:
            if shape.same_rank:
                what = f"{shape.same_rank} cards of one rank" + (f" ({ranks(shape.ranks)})" if shape.ranks else "")
            elif shape.sequence:
                what = f"{shape.sequence} cards in sequence in one suit"
            else:
                what = f"{ranks(shape.cards)} of one suit"
            if shape.trumps_only:
                what += ", of trumps"
            out.append(f"| {shape.name}: {what}{' (as well)' if shape.also else ''} | {shape.value} |")
    else:
        whose = "the two partners' cards together" if decl.pooled == "team" else "each player's own cards"
        out += [f"- Counted by itself, nobody says it: the {ranks(decl.honours)} of trumps as dealt, "
                f"{whose}.", "", f"| held | {unit.plural} |", "|---|---|"]
        out += [f"| {h.held} of them | {h.value} |" for h in decl.held]
        if decl.scored == "after tricks":
            target = unit.of(r.game.target) if r.game.target else "the target"
            out += ["", f"- Scored after the tricks: a side that reaches {target} by tricks has won the game "
                    f"before these count."]
    out.append("")
    if decl.allowed_if:
        out += [f"- Only when {book.condition(decl.allowed_if, _COUNTED_PHRASES)}", ""]
    return out + section_source(r, ("declarations", decl.name))


# the roles of a declaration's condition, said of a side the cards count for (nobody calls it)
_COUNTED_PHRASES = {SEAT_ROLES["seat"]: "the player", TEAM_ROLES["callers"]: "the side it counts for",
                    TEAM_ROLES["opponents"]: "that side's opponents", "balls of ": "score of "}


def _claims(book: Book) -> list[str]:
    r = book.r
    if not r.claims:
        return []
    out = ["## Claims on the last trick", "", "Said just before the claimer plays to the last trick.", ""]
    for c in r.claims:
        out += [f"### {c.title} (`{c.verb}`)", "",
                f"- Succeeds when {book.condition(c.succeeds_if, CLAIM_PHRASES)}"]
        if c.allowed_if:
            out.append(f"- Allowed when {book.condition(c.allowed_if, CLAIM_PHRASES)}")
        if c.forbidden_if:
            out.append(f"- Forbidden (penalised) when {book.condition(c.forbidden_if, CLAIM_PHRASES)}")
        if _differs(c.balls):
            out.append("- It is a *partner catch* when the claimer's partner takes the last trick.")
        out += ["", f"{book.unit.plural.capitalize()} (to the claimer's team on success, otherwise to the opponents):", ""]
        out += _ball_table(book, c.balls, CLAIM_PHRASES) + section_source(r, ("claims", c.name))
    return out


# a team value's formula in words: the team it is worked out for, and its opponents
TEAM_PHRASES = {TEAM_ROLES["team"]: "the team", TEAM_ROLES["other"]: "its opponents", "balls of ": "score of "}
# a scoring row's formulas: the score before the deal, not "balls" whatever the unit
SCORE_PHRASES = {"balls of ": "score of "}


def _scoring(book: Book) -> list[str]:
    r = book.r
    out = ["## Scoring a deal", ""]
    decided = [w for w, has in (("An undertaking", r.undertakings), ("a claim", r.claims)) if has]
    if decided:
        said = " or ".join(decided)
        out += [f"{said[:1].upper() + said[1:]}, when made, decides the deal's {book.unit.plural} on its own "
                "(see above). Otherwise:", ""]
    for tv in r.team_values:
        what = tv.description or tv.formula.describe(book.words(), phrases={**TEAM_PHRASES, **book.named()})
        out += [f"- **{tv.name}** of a team: {what}" + (":" if book.formulas else "."), "", *book.formula_line(tv.formula)]
        out += section_source(r, ("scoring", "team_values", tv.name))
    if r.each_team is not None:
        said = r.each_team.describe(book.words(), phrases={**TEAM_PHRASES, **book.named()})
        out += [f"Each team scores {said}.", ""] + book.formula_line(r.each_team)
        out += section_source(r, ("scoring",))  # the source of the one formula (team values cite their own)
    out += _each_player(book)
    out += _outcomes(book)
    return out


# what a player scores (scoring.each_player): the player and their side
PLAYER_PHRASES = {SCORER: "the player", TEAM_ROLES["team"]: "their side"}


def _each_player(book: Book) -> list[str]:
    """``scoring.each_player``: every player scores for themselves (sides of one), or for their team."""
    r = book.r
    if r.each_player is None:
        return []
    said = r.each_player.describe(book.words(), phrases={**PLAYER_PHRASES, **TEAM_PHRASES, **book.named()})
    whose = "" if r.teams == r.seats else " for their team (partners' scores add up)"
    return [f"Each player scores{whose} {said}.", ""] + book.formula_line(r.each_player)


def _outcomes(book: Book) -> list[str]:
    r = book.r
    if not r.outcomes:
        return []
    alone = r.seats == r.teams
    winners = {"counting": "the counting player" if alone else "the counting team",
               "makers": "the trump maker" if alone else "the trump makers"}
    if not r.deck.total_points and not alone:
        # where cards count nothing nobody counts them: the makers' opponents are the defenders
        winners["counting"] = "the defenders (the trump makers' opponents)"
    out = [f"| when | who scores | {book.unit.plural} | |", "|---|---|---|---|"]
    for i, o in enumerate(r.outcomes):
        always = o.when.text.strip() == "true"
        when = ("otherwise" if i else "always") if always else book.amount(o.when, SCORE_PHRASES)
        out.append(f"| {when} | {winners.get(o.winner, o.winner)} | {book.amount(o.balls, SCORE_PHRASES)} | {o.says} |")
    out.append("")
    for i, _ in enumerate(r.outcomes):
        out += section_source(r, ("scoring", "outcomes", i))
    return out


def _penalties(book: Book) -> list[str]:
    r, pen = book.r, book.r.penalties
    if not pen:
        return []
    other = dict(pen.balls_for)
    at_default = sorted(o for o in pen.offences if o not in other)
    out = ["## Penalties", ""]
    opens = f"the offender's opponents {book.unit.verb}"
    if at_default:
        out.append(f"- For {', '.join(at_default)}: {opens} {book.unit.of(pen.balls)} and the deal has no other score.")
    out += [f"- For {offence}: {opens} {book.unit.of(n)} and the deal has no other score."
            for offence, n in pen.balls_for]
    return out + [""] + section_source(r, ("penalties",))


def _winning(book: Book) -> list[str]:
    r, g, unit = book.r, book.r.game, book.unit
    side = "player" if r.sides_of_one else "team"
    first = f"- The first {side} to {unit.verb} {unit.of(g.target)} wins." if g.target is not None else ""
    if book.corner_house and g.corner_house is not None:
        first += f" A team on {g.corner_house} is on *corner house*."
    first = ([first] if first else []) + _game_end_lines(book)
    raised = []
    if g.raised_after:
        corner = f", and corner house is {g.raised_corner_house}" if book.corner_house else ""
        raised = [f"- Once {' or '.join(sorted(g.raised_after))} has been called in a game, {unit.of(g.raised_target)} "
                  f"are needed to win{corner}."]
    deuce = []
    if g.deuce is not None:
        deuce = [f"- Two to clear: at {g.deuce}-{g.deuce} both teams go back to zero, and then a team must lead by "
                 f"{unit.of(g.win_by)} to win. A deal that jumps past {g.deuce}-{g.deuce} can still win at {g.target}."]
    out = ["## Winning the game", "", *first, *raised, *deuce, *_next_dealer(book), ""]
    return out + section_source(r, ("game",)) + section_source(r, ("game", "raised_target")) + section_source(r, ("dealer",))


def _game_end_lines(book: Book) -> list[str]:
    """What each side starts with, stones, points beyond the target, the rubber, a game of a number of deals."""
    r, g, unit = book.r, book.r.game, book.unit
    out = []
    higher = "higher" if r.teams == 2 else "highest"
    if g.start and not g.transfer:
        out.append(f"- Each team starts the game with {unit.of(g.start)}.")
    if g.transfer:
        # stones: a deal's score is not added to the winners' alone, it changes hands
        out.append(f"- Each team starts with {unit.of(g.start)}. The {unit.plural} a deal gives are taken from "
                   f"the losers and given to the winners (a team gives what it has left); a team with no "
                   f"{unit.plural} left has lost.")
    if not g.keeps_excess:
        out.append(f"- {unit.plural.capitalize()} beyond {g.target} are not kept.")
    out += _rubber_lines(book)
    if g.deals is not None:
        out.append(f"- A game is {g.deals} deals (a deal thrown in does not count)"
                   + (f"; if no {'player' if r.sides_of_one else 'team'} has won by then, after the last deal the "
                      f"{higher} total wins"
                      if g.target is not None or g.transfer else f"; after the last, the {higher} total wins")
                   + ". Equal totals at the top are a tie.")
    return out


def _rubber_lines(book: Book) -> list[str]:
    """The game value and the rubber: "A game won is worth 3 game points (a treble) when the losers have none
    ...", "A rubber is the best of 3 games ..."."""
    r, g = book.r, book.r.game
    if g.rubber is None:
        return []
    out = []
    if g.game_value:
        out.append("- A game won is worth, in game points to its winners (the first that fits; 1 if none does):")
        for v in g.game_value:
            when = "otherwise" if v.when.text.strip() == "true" else \
                "when " + v.when.describe(book.words(), phrases={**GAME_PHRASES, **book.named()})
            shown = f" `{v.when.text}`" if book.formulas and when != "otherwise" else ""
            out.append(f"  - {_plural_points(v.value)}{f' ({v.says})' if v.says else ''} {when}{shown}")
    rubber = g.rubber
    more = f", and {_plural_points(rubber.bonus)} more" if rubber.bonus else ""
    less = ", less the losers' game points" if rubber.losers_games_deducted else ""
    out.append(f"- A rubber is the best of {rubber.best_of} games: the first team to win {rubber.best_of // 2 + 1} "
               f"wins it (the scores start again for each game) and scores its game points{more}{less}.")
    return out


def _plural_points(n: int) -> str:
    return f"{n} game point{'' if n == 1 else 's'}"


# a game's value reads the winners as 'team' and the losers as 'other'
GAME_PHRASES = {"balls of the team a team value is being computed for": "the winners' score",
                "balls of the opponents of that team": "the losers' score", " before this deal": ""}


# the dealer's rule names the dealer's team and the other
DEALER_PHRASES = {"balls of ": "score of ", " after this deal": "", " in this deal": ""}


def _next_dealer(book: Book) -> list[str]:
    r = book.r
    if r.dealer.most_tricks:
        return ["- After each deal the player who won most tricks deals next; between opponents the team with the "
                "higher score; otherwise the contenders draw."]
    to = seat_phrase(r.dealer.passes_to, r.direction)
    when = r.dealer.passes_if
    if when is None or when.text.strip() == "true":
        return [f"- After each deal the turn to deal passes to {to}."]
    said = when.describe(book.words(), phrases={**book.named(), **DEALER_PHRASES})
    line = f"- After each deal the turn to deal passes to {to} when {said}; otherwise the same dealer deals again."
    return [line + ("  " if book.formulas else ""), *(book.formula_line(when)[:1])]


SECTIONS = (_opening, _players_and_cards, _deal_steps, _bidding, _making_trumps, _calling, _undertakings, _play,
            _cancellation, _declarations, _claims, _scoring, _penalties, _winning)


def _trick_numbers(numbers, tricks: int) -> str:
    """'1st or 3rd', or 'any' when every trick but the last is listed."""
    numbers = sorted(numbers)
    if len(numbers) > 3 and numbers == list(range(1, tricks)):
        return "any"
    return " or ".join(f"{n}{_ordinal(n)}" for n in numbers)


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _late_and_between_calls(u, book: Book | None = None) -> list[str]:
    """The lines for an undertaking called between the calls, or late (pagat's "marials on X")."""
    out = []
    if u.during_calling:
        out.append("- It may also be called between the calls to make trumps; that ends the calling.")
    if u.late is not None:
        word = u.late.called_as
        said = f"the opponents call *{word}* on the suit led: it " if word else "it "
        safe = (f"`{u.late.safe_if.text}` (safe in that suit: only its top cards, or none)"
                if book is None or book.formulas else
                f"{u.late.safe_if.describe(phrases=CALL_PHRASES)} (safe in that suit: only its top cards, or none)")
        out.append(f"- Called as or after the first card is led, {said}stands only for a caller for whom {safe}; "
                   "the leader then takes the card back and the caller leads. Anyone else may not call it "
                   "then, and the lead stands.")
        # pagat (Calling Thunee): a safe opponent may take over the leader's own Thunee unless the leader asked
        # first; here every seat is asked before the lead, the trump makers' team first, as when the leader asks
        out.append(f"- The leader's own {u.title} is called before the lead, after the trump makers' team has been "
                   "asked (they have priority), as when the leader asks them before leading: nobody may take it over "
                   "after the lead.")
    return out


def _at_the_wrong_time(decl) -> list[str]:
    """The lines for a declaration made at the wrong time that the opponents may challenge (pagat's "marials")."""
    if decl.wrong_time is None:
        return []
    return [f"- Declared at any other time during the play, it stands unless an opponent says "
            f"`{decl.wrong_time.challenge}`; then it is void and that {decl.title} cannot be declared again in the "
            "deal.", ""]
