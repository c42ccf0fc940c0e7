"""Render a compiled ruleset as a Markdown rulebook a table of players can follow.

Everything printed comes from the ruleset itself (numbers, formulas, ``source:`` notes),
so a group that edits its file gets a rulebook that matches it. An overlay inherits its base's
``summary:`` and ``source:`` notes, which describe the base's rules: a summary is shown only where
it was written for these rules (else one is generated from the merged values), and a source note of
a section an overlay changed says so (see :func:`ruleset_summary` and :func:`section_source`).
"""

from __future__ import annotations

from thunee_dsl.model.quantities import SEAT_ROLES, TEAM_ROLES
from thunee_dsl.model.ruleset import (
    BallTable, BiddingStep, CallingStep, ConcedeStep, DealBatch, MakeTrumps, PlayStep, RedealStep, Ruleset, SeatRef,
    UndertakingsStep,
)

# The names of a claim's (or an undertaking's) condition as its own section of the rulebook says them: the
# symbol table describes them for any call ("the player who made the call being judged").
CLAIM_PHRASES = {TEAM_ROLES["callers"]: "the claimer's team", TEAM_ROLES["opponents"]: "the claimer's opponents",
                 SEAT_ROLES["caller"]: "the claimer", SEAT_ROLES["seat"]: "the player about to claim",
                 SEAT_ROLES["leader"]: "the player who led the trick", "balls of ": "score of "}
CALL_PHRASES = {SEAT_ROLES["seat"]: "the player", TEAM_ROLES["callers"]: "the caller's team",
                TEAM_ROLES["opponents"]: "the caller's opponents", SEAT_ROLES["caller"]: "the caller",
                "balls of ": "score of "}


def condition(formula, phrases: dict[str, str], r: Ruleset) -> str:
    """A condition in words a card player reads, then the formula as written on a line of its own (for the
    ruleset's author): Markdown, for a list item."""
    named = {f"the team value '{tv.name}' of ": f"the {tv.name} of " for tv in r.team_values}
    words = {"tricks": f"{r.tricks_per_deal} (every trick of the deal)"}
    return f"{formula.describe(words, phrases={**phrases, **named})}.  \n  `{formula.text}`"


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
        parts.append("bidding for tricks")
    elif r.calling:
        parts.append("calling to make trumps")
    called = [u.title for u in r.undertakings] + [x.title + "s" for x in r.declarations] + [c.title for c in r.claims]
    if called:
        parts.append(called[0] if len(called) == 1 else ", ".join(called[:-1]) + " and " + called[-1])
    g = r.game
    win = f"first team to open {g.target} balls wins"
    if g.raised_after:
        titles = {x.verb: x.title for x in (*r.undertakings, *r.claims, *r.declarations)}
        raisers = " or ".join(sorted(titles.get(v, v) for v in g.raised_after))
        win += f" ({g.raised_target} once {raisers} has been called)"
    if g.deuce is not None:
        win += f", two to clear from {g.deuce}-{g.deuce}"
    parts.append(win)
    if r.penalties:
        parts.append(f"offences cost {_plural(r.penalties.balls, 'ball')}"
                     + "".join(f" ({offence} {_plural(n, 'ball')})" for offence, n in r.penalties.balls_for))
    else:
        parts.append("no penalties")
    text = "; ".join(parts) + "."
    return text[0].upper() + text[1:]


def _balls(table: BallTable) -> list[str]:
    return ["| succeeds | fails | partner catch |", "|---|---|---|",
            f"| `{table.success.text}` | `{table.failure.text}` | `{table.partner_catch.text}` |", ""]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('ch') else 's'}"


def render_rulebook(r: Ruleset) -> str:
    d = r.deck
    out: list[str] = [f"# {r.title}", ""]
    summary = ruleset_summary(r)
    if summary:
        out += [summary, ""]
    aliases = f" (also: {', '.join(r.aliases)})" if r.aliases else ""
    out += [f"Ruleset `{r.name}`{aliases}. Generated from the ruleset file by `thunee-dsl rules`.", ""]

    # players and cards
    teams = [", ".join(str(s) for s in range(r.seats) if s % r.teams == t) for t in range(r.teams)]
    out += ["## Players and cards", "",
            f"- {r.seats} players in {r.teams} teams: " + " against ".join(f"seats {t}" for t in teams)
            + ". Each player sits between two opponents." if r.seats > 2 else
            f"- {r.seats} players, each on their own.",
            f"- Deal and play go {r.direction}; seat numbers follow the direction of play.",
            f"- {d.size} cards: suits {' '.join(d.suits)}; in each suit the ranks are, highest first, "
            f"{' '.join('10' if x == 'T' else x for x in d.ranks)}."]
    if any(d.rank_points):
        pts = ", ".join(f"{'10' if rank == 'T' else rank} {p}" for rank, p in zip(d.ranks, d.rank_points))
        out.append(f"- Card points: {pts}. The pack holds {d.total_points} card points.")
    out += [""] + (section_source(r, ("deck",)) or section_source(r, ("players",)))

    # a deal, step by step
    out += ["## A deal, step by step", ""]
    for i, step in enumerate(r.steps, 1):
        kind = type(step)
        if kind is DealBatch:
            k = step.number
            first = seat_phrase(r.first_receiver, r.direction)
            if k in r.face_down:
                out.append(f"{i}. **Deal batch {k}**: {_plural(r.batches[k - 1], 'card')} face down in a row in front "
                           f"of each player, starting with {first}. Nobody looks at them, not even their owner.")
            else:
                out.append(f"{i}. **Deal batch {k}**: {_plural(r.batches[k - 1], 'card')} to each player, "
                           f"starting with {first}.")
        elif kind is MakeTrumps:
            ways = " or ".join({"card": "placing a card from hand face down",
                                "last card": "choosing 'last card' (the last card they will be dealt)",
                                "suit": "naming the trump suit"}[w] for w in r.trumps.ways)
            if r.bidding:
                who = "the highest bidder"
            elif CallingStep() in r.steps[: i - 1]:
                who = "the final caller or, if no one called, " + seat_phrase(r.trumps.chooser, r.direction)
            else:
                who = seat_phrase(r.trumps.chooser, r.direction)
            out.append(f"{i}. **Make trumps**: {who} makes trumps by {ways}.")
        elif kind is BiddingStep:
            out.append(f"{i}. **Bidding**: players bid the number of tricks their team will win (see Bidding).")
        elif kind is ConcedeStep:
            out.append(f"{i}. **Concede**: either team may give up the deal; the opponents score {r.concede_balls}.")
        elif kind is RedealStep:
            out.append(f"{i}. **Redeal**: a player may throw the cards in when "
                       f"{condition(r.redeal.allowed_if, CALL_PHRASES, r)}")
        elif kind is CallingStep:
            out.append(_calling_step(i, step))
        elif kind is UndertakingsStep:
            names = ", ".join(u.title for u in r.undertakings) or "none"
            out.append(f"{i}. **Undertakings**: any player may call {names} (see Undertakings).")
        elif kind is PlayStep:
            out.append(f"{i}. **Play** {_plural(r.tricks_per_deal, 'trick')}, then score the deal.")
    out += [""] + section_source(r, ("deal",))

    if r.bidding:
        b = r.bidding
        out += ["## Bidding", "",
                f"- {seat_phrase(b.first_bidder, r.direction).capitalize()} bids first; then each player in turn bids "
                f"a higher number of tricks ({b.lowest} to {b.highest}) or passes.",
                "- A player who passed may not bid again; bidding ends when all but one have passed.",
                "- If everyone else passes, the last player must bid " + str(b.lowest) + "." if b.dealer_bids_if_all_pass else
                "- If everyone passes, the cards are thrown in.",
                "- A team's *contract* is the highest bid of its players (0 if they only passed)."]
        if b.passer_trick_cap is not None:
            out.append(f"- A player who only passed counts at most {_plural(b.passer_trick_cap, 'trick')}.")
        out += [""] + section_source(r, ("bidding",))

    if r.trumps and not r.bidding:
        t = r.trumps
        out += ["## Making trumps", "",
                f"- {seat_phrase(t.chooser, r.direction).capitalize()} makes trumps unless someone calls.",
                f"- Ways: {', '.join(t.ways)}. A final caller may use: {', '.join(t.caller_ways)}.",
                f"- The trump card is shown to everyone {'right after the first lead' if t.revealed == 'first lead' else 'at once'}.",
                ""] + section_source(r, ("trumps",))
    if r.calling:
        c = r.calling
        first = "a member of the team opposing the trump chooser" if c.first_caller == "opponents of chooser" else "any player"
        nxt = "an opponent of the last caller" if c.next_caller == "opponents of last caller" else "any player"
        out += ["## Calling", "",
                f"- Calls, in order: {', '.join(map(str, c.amounts))}. Each call is the next amount; the last ends calling.",
                f"- The first call is made by {first}; each later call by {nxt}.",
                "- The final caller makes trumps and the amount called is counted for the opponents (see Scoring)."]
        out += _who_may_call(r) + _calling_again(r)
        if c.simultaneous_extra:
            out.append(f"- If both opponents call at once, the call counts {c.simultaneous_extra} more than the next call "
                       "(written as the amount it counts, at most the last call); their opponents choose which of "
                       "them makes trumps.")
        out += [""] + section_source(r, ("calling",))

    if r.undertakings:
        out += ["## Undertakings", ""]
        for u in r.undertakings:
            out += [f"### {u.title} (`{u.verb}`)", "",
                    f"- May be called once {_plural(u.after_batch, 'batch')} {'has' if u.after_batch == 1 else 'have'} been dealt, before the first lead"
                    + (f", when {condition(u.allowed_if, CALL_PHRASES, r)}" if u.allowed_if else "."),
                    "- The caller leads to the first trick." if u.leader == "caller" else "- The usual player leads.",
                    "- The suit of the first card led is trumps." if u.trump == "first lead" else
                    _NAMED_TRUMPS if u.trump == "named by caller" else "- Trumps stay as made.",
                    "- The caller alone must win every trick; it fails "
                    + ("as soon as a card of the caller's is beaten." if u.caught == "when beaten"
                       else "when anyone else wins a trick."),
                    "- It is a *partner catch* when the caller's partner beats the caller.",
                    *_late_and_between_calls(u),
                    "", "Balls (to the caller's team on success, otherwise to the opponents):", ""]
            out += _balls(u.balls) + section_source(r, ("undertakings", u.name))

    p = r.play
    out += ["## Play", "",
            f"- {seat_phrase(p.first_leader, r.direction).capitalize()} leads to the first trick; the winner of each trick leads to the next."]
    if p.follow_suit:
        out.append("- Players must follow suit if able; otherwise any card may be played.")
    if p.undercut_only_with_all_trumps:
        out.append("- Undercutting: when a non-trump lead has been trumped, a player who cannot follow may play a "
                   "lower trump only when holding nothing but trumps.")
    if p.first_lead_not_trump:
        out.append("- The first card led may not be a trump (unless the leader holds nothing else).")
    if p.lay_out_after is not None:
        out.append(f"- After {_plural(p.lay_out_after, 'trick')} each player lays the cards left in hand face up on "
                   "the face-down row, one on each row card in the order received, and turns the row cards left "
                   "uncovered face up. From then on cards are played from the face-up cards, seen by everyone; a "
                   "face-down card is turned up at the end of the trick in which the card on it is played."
                   + (" With an undertaking the row is not used: the deal is played from the hands alone."
                      if p.lay_out_unless_undertaking else ""))
    out += ["- The highest trump wins the trick; with no trump in it, the highest card of the suit led.", ""] + section_source(r, ("play",))

    if r.cancellation:
        c = r.cancellation
        out += ["## Cancelled deals", "",
                f"- Once every card is dealt and trumps are fixed, the deal is thrown in "
                f"({'the same dealer deals again' if c.same_dealer else 'the deal passes on'}) when "
                f"{condition(c.cancel_if, {}, r)}", ""] + section_source(r, ("cancellation",))

    if r.declarations:
        out += ["## Declarations", ""]
        for decl in r.declarations:
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
                out += [f"- Only when {condition(decl.allowed_if, CALL_PHRASES, r)}", ""]
            out += _at_the_wrong_time(decl)
            out += section_source(r, ("declarations", decl.name))

    if r.claims:
        out += ["## Claims on the last trick", "",
                "Said just before the claimer plays to the last trick.", ""]
        for c in r.claims:
            out += [f"### {c.title} (`{c.verb}`)", "",
                    f"- Succeeds when {condition(c.succeeds_if, CLAIM_PHRASES, r)}"]
            if c.allowed_if:
                out.append(f"- Allowed when {condition(c.allowed_if, CLAIM_PHRASES, r)}")
            if c.forbidden_if:
                out.append(f"- Forbidden (penalised) when {condition(c.forbidden_if, CLAIM_PHRASES, r)}")
            out += ["", "Balls (to the claimer's team on success, otherwise to the opponents):", ""]
            out += _balls(c.balls) + section_source(r, ("claims", c.name))

    out += ["## Scoring a deal", ""]
    if r.undertakings or r.claims:
        out += ["An undertaking or a claim, when made, decides the deal's balls on its own (see above). Otherwise:", ""]
    for tv in r.team_values:
        out += [f"- **{tv.name}** of a team{': ' + tv.description if tv.description else ''}:", "",
                f"  `{tv.formula.text}`", ""] + section_source(r, ("scoring", "team_values", tv.name))
    if r.each_team is not None:
        out += ["Each team scores:", "", f"`{' '.join(r.each_team.text.split())}`", ""]
    if r.outcomes:
        out += ["| when | winner | balls | |", "|---|---|---|---|"]
        for o in r.outcomes:
            out.append(f"| `{o.when.text}` | {o.winner} | `{o.balls.text}` | {o.says} |")
        out.append("")
    for i, _ in enumerate(r.outcomes):
        out += section_source(r, ("scoring", "outcomes", i))

    if r.penalties:
        pen = r.penalties
        other = dict(pen.balls_for)
        at_default = sorted(o for o in pen.offences if o not in other)
        out += ["## Penalties", ""]
        if at_default:
            out.append(f"- For {', '.join(at_default)}: the offender's opponents open {_plural(pen.balls, 'ball')} "
                       "and the deal has no other score.")
        out += [f"- For {offence}: the offender's opponents open {_plural(n, 'ball')} and the deal has no other score."
                for offence, n in pen.balls_for]
        out += [""] + section_source(r, ("penalties",))

    g = r.game
    out += ["## Winning the game", "",
            f"- The first team to open {g.target} balls wins. A team on {g.corner_house} is on *corner house*.",
            *([f"- Once {' or '.join(sorted(g.raised_after))} has been called in a game, {g.raised_target} balls are "
               f"needed to win, and corner house is {g.raised_corner_house}."] if g.raised_after else []),
            *([f"- Two to clear: at {g.deuce}-{g.deuce} both teams go back to zero, and then a team must lead by "
               f"{g.win_by} balls to win. A deal that jumps past {g.deuce}-{g.deuce} can still win at {g.target}."]
              if g.deuce is not None else []),
            (f"- After each deal the player who won most tricks deals next; between opponents the team with the "
             f"higher score; otherwise the contenders draw." if r.dealer.most_tricks else
             f"- After each deal the turn to deal passes to {seat_phrase(r.dealer.passes_to, r.direction)} "
             f"when `{r.dealer.passes_if.text}`; otherwise the same dealer deals again."), ""]
    out += section_source(r, ("game",)) + section_source(r, ("game", "raised_target")) + section_source(r, ("dealer",))
    return "\n".join(out).rstrip() + "\n"


def _trick_numbers(numbers, tricks: int) -> str:
    """'1st or 3rd', or 'any' when every trick but the last is listed."""
    numbers = sorted(numbers)
    if len(numbers) > 3 and numbers == list(range(1, tricks)):
        return "any"
    return " or ".join(f"{n}{_ordinal(n)}" for n in numbers)


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


_NAMED_TRUMPS = ("- Right after the call the caller names the trump suit, for everyone to hear (a trump card made "
                 "before goes back to its hand).")
CALLING_PHRASES = {SEAT_ROLES["seat"]: "the player", TEAM_ROLES["callers"]: "the player's team",
                   TEAM_ROLES["opponents"]: "the player's opponents", "balls of ": "score of "}


def _calling_step(i: int, step: CallingStep) -> str:
    """The numbered line of a calling step (a later one goes on from the last call)."""
    if step.again:
        return (f"{i}. **Calling again**: the calling goes on from the last call; a higher call takes over making "
                "trumps (see Calling).")
    return f"{i}. **Calling**: players may call to take over making trumps (see Calling)."


def _who_may_call(r: Ruleset) -> list[str]:
    """The line for ``calling.allowed_if`` (a house rule: only one team may call ...)."""
    if r.calling.allowed_if is None:
        return []
    return [f"- Who may call: {condition(r.calling.allowed_if, CALLING_PHRASES, r)}",
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
            "back and the final caller makes trumps as a final caller does, unless that player already made them. The amount "
            "counted is the last call of all."]


def _late_and_between_calls(u) -> list[str]:
    """The lines for an undertaking called between the calls, or late (pagat's "marials on X")."""
    out = []
    if u.during_calling:
        out.append("- It may also be called between the calls to make trumps; that ends the calling.")
    if u.late is not None:
        word = u.late.called_as
        said = f"the opponents call *{word}* on the suit led: it " if word else "it "
        out.append(f"- Called as or after the first card is led, {said}"
                   f"stands only for a caller for whom `{u.late.safe_if.text}` (safe in that suit: only its top cards, "
                   "or none); the leader then takes the card back and the caller leads. Anyone else may not call it "
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
