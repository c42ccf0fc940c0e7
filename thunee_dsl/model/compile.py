"""Compile merged ruleset data into an immutable :class:`Ruleset`.

The JSON Schema has already checked the shape of the data; this module checks
what a schema cannot (the deal fits the deck, the sequence names sections that
exist, formulas only name known quantities) and reports every problem at the
file and line the offending value came from.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lark import Tree

from thunee_dsl.errors import FormulaError, Location, Problem, RulesetError, character_name, is_invisible
from thunee_dsl.formula import KEYWORDS, Formula, compile_formula
from thunee_dsl.loading import dotted_path
from thunee_dsl.model.cards import Deck, beats_table, normalise_rank
from thunee_dsl.model.quantities import TEAM_NAMES, symbol_table
from thunee_dsl.model.ruleset import (
    ENGINE_VERBS, BallTable, BiddingRules, CallingRules, Cancellation, Claim, Combination, Declaration,
    DealerRules, GameRules, Outcome, Penalties, PlayRules, Redeal, Ruleset, SeatRef, TeamValue,
    TrumpRules, Undertaking, LateCall, WrongTime, STEP_WORDS, CallingStep, DealBatch, Step, BALLS, Unit,
)


class _Compiler:
    def __init__(self, source):
        self.source = source
        self.data: dict[str, Any] = source.data
        docs = getattr(source, "docs", ())
        # name, title and aliases belong to the top file: an overlay does not inherit its base's aliases
        self.top: dict[str, Any] = docs[0].data if docs and isinstance(docs[0].data, dict) else source.data
        self.problems: list[Problem] = []
        self.tolerant = False  # see part()

    # -- helpers -------------------------------------------------------------------------
    def where(self, path: tuple) -> Location:
        return self.source.origin(path)

    def problem(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(self.where(path), message))

    def get(self, *path, default=None):
        node = self.data
        for key in path:
            if isinstance(node, dict) and key in node:
                node = node[key]
            elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
                node = node[key]
            else:
                return default
        return node

    def formula(self, path: tuple, context: str, expect: str | None = None) -> Formula | None:
        value = self.get(*path)
        if value is None:
            return None
        text = "true" if value is True else "false" if value is False else str(value)
        try:
            return compile_formula(text, self.symbols(context), expect=expect)
        except FormulaError as err:
            dotted = dotted_path(path)
            self.problems.append(Problem(self.formula_location(path, text, err.column),
                                         f"{dotted}: {err.message}\n{err.caret}"))
            return None

    def formula_location(self, path: tuple, text: str, column: int) -> Location:
        """Point at the offending character when the formula sits on one line of the file."""
        loc = self.where(path)
        if "\n" in text or loc.line <= 0:
            return loc
        try:
            if self.source.files and loc.file == self.source.files[0] and self.source.text:
                lines = self.source.text.splitlines()
            else:
                lines = Path(loc.file).read_text(encoding="utf-8").splitlines()
            line = lines[loc.line - 1]
        except (OSError, IndexError, UnicodeDecodeError):
            return loc
        start = loc.column - 1
        if line[start:start + 1] in ("'", '"'):
            start += 1
        if not line[start:].startswith(text):
            return loc
        return Location(loc.file, loc.line, start + column)

    def symbols(self, context: str):
        return symbol_table(context, tricks=self.tricks, team_values=self.team_value_names,
                            team_value_getter=self.team_value_getter, limits=self.limits,
                            team_value_bounds=self.team_value_bounds)

    # -- sections ------------------------------------------------------------------------
    def part(self, fn, *args):
        """``fn(*args)``; when the schema already refused parts of the data (``tolerant``), a part that
        cannot be read for want of a refused value gives None, so that the other parts are still checked."""
        if not self.tolerant:
            return fn(*args)
        try:
            return fn(*args)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return None

    def compile(self) -> Ruleset:
        d = self.data
        part = self.part
        players = d["players"]
        seats, teams = players["seats"], players["teams"]
        if seats % teams:
            self.problem(("players", "teams"), f"{seats} seats cannot form {teams} equal teams")
        deck = part(self.deck)
        batches = tuple(d["deal"]["batches"])
        if deck is not None and sum(batches) * seats > deck.size:
            self.problem(("deal", "batches"), f"the deal gives {sum(batches)} cards to each of {seats} "
                         f"players ({sum(batches) * seats} cards) but the deck has only {deck.size}")
        self.tricks = sum(batches)
        game = d["game"]
        self.target = game["target"]
        self.corner_house = game.get("corner_house", self.target - 1)
        if self.corner_house >= self.target:
            self.problem(("game", "corner_house"), f"corner house ({self.corner_house}) must be below the target ({self.target})")
        self.team_value_names = tuple(n for n in (self.get("scoring", "team_values") or {})
                                      if _team_value_name_problem(n) is None)
        self.team_value_getter = None
        self.limits = quantity_limits(self.data, self.tricks, self.target, deck)
        self.team_value_bounds: dict[str, tuple] = {}
        team_values = part(self.team_values) or ()
        self.team_value_bounds = {tv.name: tv.formula.bounds() for tv in team_values}
        self.team_value_getter = _team_value_getter(team_values, teams)
        sequence = part(self.sequence, batches) or ()
        trumps = part(self.trumps, batches)
        if self.tolerant:  # every part is checked; the problems are what matters, not the ruleset
            found = len(self.problems)
            try:
                return self.whole(d, players, seats, teams, deck, batches, game, team_values, sequence, trumps)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                del self.problems[found:]  # a part stopped short: check them one by one instead
            for fn, *args in ((self.calling,), (self.undertakings, len(batches), deck), (self.play,),
                              (self.cancellation,), (self.declarations, deck), (self.claims,), (self.outcomes,),
                              (self.penalties,), (self.game_rules, game), (self.dealer,), (self.redeal,),
                              (self.bidding,), (self.face_down, batches),
                              (self.formula, ("scoring", "each_team"), "each team", "number")):
                part(fn, *args)
            raise RulesetError(self.problems)
        return self.whole(d, players, seats, teams, deck, batches, game, team_values, sequence, trumps)

    def whole(self, d, players, seats, teams, deck, batches, game, team_values, sequence, trumps) -> Ruleset:
        ruleset = Ruleset(
            name=str(self.source.name),
            title=str(self.top.get("title", d.get("title", self.source.name))),
            aliases=tuple(self.top.get("aliases", ())),
            summary=str(d.get("summary", "")).strip(),
            seats=seats,
            teams=teams,
            direction=players.get("direction", "counterclockwise"),
            deck=deck,
            batches=batches,
            first_receiver=self.seat_ref(("deal", "first_receiver"), "dealer+1", ("dealer",)),
            sequence=sequence,
            trumps=trumps,
            calling=self.calling(),
            undertakings=self.undertakings(len(batches), deck),
            play=self.play(),
            cancellation=self.cancellation(),
            declarations=self.declarations(deck),
            claims=self.claims(),
            team_values=team_values,
            outcomes=self.outcomes(),
            penalties=self.penalties(),
            game=self.game_rules(game),
            dealer=self.dealer(),
            data=self.source,
            beats=self.beats(deck),
            redeal=self.redeal(),
            bidding=self.bidding(),
            cut=d["deal"].get("cut", "none"),
            face_down=self.face_down(batches),
            steps=tuple(_step(word, word in sequence[:i]) for i, word in enumerate(sequence)),
            concede_balls=(self.get("concede") or {}).get("balls"),
            each_team=self.formula(("scoring", "each_team"), "each team", "number"),
        )
        self.check_verbs(ruleset)
        self.check_playable(ruleset)
        if self.problems:
            raise RulesetError(self.problems)
        return ruleset

    def face_down(self, batches) -> frozenset[int]:
        """The batches dealt face down as a row (open face play), checked against the deal and the lay-out."""
        rows = frozenset(self.get("deal", "face_down", default=()) or ())
        for b in sorted(rows):
            if b > len(batches):
                self.problem(("deal", "face_down"), f"deal.face_down names batch {b} but the deal has only {len(batches)} batches")
        lay_out = self.get("play", "lay_out")
        if rows and not lay_out:
            self.problem(("deal", "face_down"), "face-down rows need play.lay_out to say when they come into play")
        if lay_out and not rows:
            self.problem(("play", "lay_out"), "play.lay_out needs deal.face_down: there is no row to lay the hand on")
        if lay_out and rows:
            in_hand = sum(n for i, n in enumerate(batches, 1) if i not in rows)
            if lay_out["after_tricks"] >= in_hand:
                self.problem(("play", "lay_out", "after_tricks"), f"play.lay_out.after_tricks is {lay_out['after_tricks']} "
                             f"but a hand has only {in_hand} cards: it would be empty before the lay-out")
        return rows

    def seat_ref(self, path: tuple, default: str, known: tuple[str, ...]) -> SeatRef:
        """A seat named relative to one the engine knows at that point of the deal."""
        ref = SeatRef.parse(self.get(*path, default=default))
        if ref.anchor not in known:
            self.problem(path, f"{dotted_path(path)}: '{ref.anchor}' is not known here; use "
                         f"{' or '.join(known)} (with +N for the Nth seat after it)")
            return SeatRef.parse(default)
        return ref

    def deck(self) -> Deck | None:
        deck = self.data["deck"]
        suits = tuple(str(s).upper() for s in deck["suits"])
        ranks = tuple(normalise_rank(r) for r in deck["ranks"])
        ok = True
        for label, values in (("suits", suits), ("ranks", ranks)):
            seen = set()
            for i, v in enumerate(values):
                if v and (v.isspace() or is_invisible(v[0])):
                    # a card is written rank then suit (KH): a blank letter makes cards no one can write
                    self.problem(("deck", label, i), f"deck.{label}[{i}] is {'a space' if v == ' ' else character_name(v[0])}: "
                                 f"{label} are written as letters or signs you can see (e.g. "
                                 f"{'S, H, D, C' if label == 'suits' else 'J, 9, A, T, K, Q'})")
                    ok = False
                if v in seen:
                    self.problem(("deck", label, i), f"'{v}' is listed twice in deck.{label}")
                    ok = False
                seen.add(v)
        for i, r in enumerate(ranks):
            if len(r) != 1:
                self.problem(("deck", "ranks", i), f"rank '{r}' must be one character (T for the Ten)")
                ok = False
        points = {}
        for key, value in (deck.get("points") or {}).items():
            rank = normalise_rank(key)
            if rank not in ranks:
                self.problem(("deck", "points", key), f"deck.points names rank '{key}', which is not in deck.ranks")
                ok = False
            points[rank] = value
        if not ok:
            return None
        return Deck(suits, ranks, tuple(points.get(r, 0) for r in ranks))

    def sequence(self, batches) -> tuple[str, ...]:
        steps = tuple(self.data["sequence"])
        sections = {"make trumps": "trumps", "calling": "calling", "undertakings": "undertakings",
                    "redeal": "redeal"}
        deals = [int(s.split()[1]) for s in steps if s.startswith("deal ")]
        if deals != list(range(1, len(batches) + 1)):
            self.problem(("sequence",), f"the sequence must deal the {len(batches)} batches of deal.batches "
                         f"in order (deal 1 ... deal {len(batches)}), found: {', '.join(s for s in steps if s.startswith('deal')) or 'none'}")
        if "play" not in steps or steps[-1] != "play":
            self.problem(("sequence",), "the sequence must end with a 'play' step")
        for i, step in enumerate(steps):
            section = sections.get(step)
            if section and section not in self.data:
                self.problem(("sequence", i), f"step '{step}' needs a '{section}:' section")
            if step not in _REPEATABLE and step in steps[:i] and not step.startswith("deal"):
                self.problem(("sequence", i), f"step '{step}' appears twice: {_ONCE.get(step, 'it runs once a deal')} "
                             f"(only {', '.join(repr(s) for s in _REPEATABLE)} may come again)")
        self.check_calling_again(steps)
        if "trumps" in self.data and "make trumps" not in steps:
            self.problem(("trumps",), "there is a trumps section but no 'make trumps' step in the sequence")
        return steps

    def check_calling_again(self, steps: tuple[str, ...]) -> None:
        """A later 'calling' goes on from the last call: it needs cards dealt since the one before (else every
        seat has already said all it would), and a caller taking over trumps there cannot choose 'last card'
        with no batch left to deal."""
        callings = [i for i, step in enumerate(steps) if step == "calling"]
        ways = self.get("trumps", "caller_ways", default=["card"])
        for before, i in zip(callings, callings[1:]):
            if not any(str(step).startswith("deal ") for step in steps[before + 1:i]):
                self.problem(("sequence", i), "step 'calling' comes again with no cards dealt since the last "
                             "'calling': that calling ends only when every player has passed, so nobody would have "
                             "anything new to call on (deal a batch between them, or remove one)")
            elif isinstance(ways, list) and "last card" in ways and \
                    not any(str(step).startswith("deal ") for step in steps[i + 1:]):
                self.problem(("sequence", i), "a caller who takes over making trumps in this 'calling' may choose "
                             "'last card' (trumps.caller_ways), but no batch is dealt after it: drop 'last card' from "
                             "trumps.caller_ways, or deal a batch after it")

    def trumps(self, batches) -> TrumpRules | None:
        t = self.get("trumps")
        if t is None:
            return None
        steps = tuple(self.data["sequence"])
        if "last card" in t["ways"] and "make trumps" in steps:
            dealt_before = sum(1 for s in steps[:steps.index("make trumps")] if s.startswith("deal "))
            if dealt_before >= len(batches):
                self.problem(("trumps", "ways"), "'last card' needs a batch dealt after trumps are made")
        return TrumpRules(self.seat_ref(("trumps", "chooser"), "dealer+1", ("dealer",)), tuple(t["ways"]), tuple(t.get("caller_ways", ("card",))),
                          t.get("revealed", "first lead"), t.get("source", ""))

    def calling(self) -> CallingRules | None:
        c = self.get("calling")
        if c is None:
            return None
        amounts = tuple(c["amounts"])
        if list(amounts) != sorted(set(amounts)):
            self.problem(("calling", "amounts"), "calling.amounts must rise strictly")
        return CallingRules(amounts, c.get("first_caller", "anyone"), c.get("next_caller", "opponents of last caller"),
                            c.get("simultaneous_extra", 0), c.get("source", ""), self.who_may_call())

    def who_may_call(self) -> Formula | None:
        """``calling.allowed_if``: a formula over the player considering a call. The trump makers (``makers``,
        ``counting``, ``trump_maker``) are named only where trumps are made before the first calling step:
        otherwise nobody has made them yet when the first call is weighed."""
        path = ("calling", "allowed_if")
        formula = self.formula(path, "calling", "boolean")
        steps = [str(s) for s in self.data.get("sequence") or ()]
        made_before = "make trumps" in steps and "calling" in steps and steps.index("make trumps") < steps.index("calling")
        unmade = sorted(n for n in (formula.names if formula is not None else ()) if n.split(".")[0] in _MADE_ROLES)
        if unmade and not made_before:
            self.problem(path, f"calling.allowed_if names {unmade[0]}, but trumps are not made before the calling: "
                         f"nobody is the trump maker when the first call is weighed (name callers, opponents, "
                         f"dealers, others, seat or dealer, or put 'make trumps' before 'calling')")
        return formula

    def balls(self, path: tuple, context: str) -> BallTable:
        b = self.get(*path) or {}
        for key in ("success",):
            if key not in b:
                self.problem(path, f"{dotted_path(path)}: missing '{key}'")
        if "failure" not in b and "caught" not in b:
            self.problem(path, f"{dotted_path(path)}: give 'failure' (or 'caught') balls")
        fail_key = "failure" if "failure" in b else "caught"
        failure = self.formula(path + (fail_key,), context, "number")
        partner = self.formula(path + ("partner_catch",), context, "number") if "partner_catch" in b else failure
        return BallTable(self.formula(path + ("success",), context, "number"), failure, partner)

    def ranking(self, path: tuple, deck: Deck | None):
        """Beats tables for a deal played with its own rank order (e.g. Royals), or None."""
        ranks = self.get(*path)
        if ranks is None or deck is None:
            return None
        order = [normalise_rank(r) for r in ranks]
        if sorted(order) != sorted(deck.ranks):
            self.problem(path, f"{dotted_path(path)} must list each rank of the deck once "
                         f"({' '.join(deck.ranks)}), got {' '.join(order)}")
            return None
        strength = tuple(order.index(rank) for rank in deck.ranks)
        return self.beats(deck, strength)

    def undertakings(self, nbatches: int, deck: Deck | None) -> tuple[Undertaking, ...]:
        items = (self.part(self.undertaking, name, u, nbatches, deck)
                 for name, u in (self.get("undertakings") or {}).items())
        return tuple(item for item in items if item is not None)

    def undertaking(self, name: str, u: dict, nbatches: int, deck: Deck | None) -> Undertaking:
        p = ("undertakings", name)
        raw = u.get("after_batch", nbatches)
        batches = tuple(raw) if isinstance(raw, list) else (raw,)
        after = min(batches)
        if max(batches) > nbatches:
            self.problem(p + ("after_batch",), f"after_batch {max(batches)} but the deal has only {nbatches} batches")
        undertaking = Undertaking(
            name=name, verb=u["verb"], title=u.get("title", name.title()), after_batch=after,
            allowed_if=self.formula(p + ("allowed_if",), "undertaking", "boolean"),
            leader=u.get("leader", "caller"), trump=u.get("trump", "first lead"),
            caught=u.get("caught", "when beaten"),
            balls=self.balls(p + ("balls",), "undertaking balls"), source=u.get("source", ""),
            beats=self.ranking(p + ("ranking",), deck), blind_until_tricks=u.get("blind_until_tricks"),
            leads_win=u.get("leads_win", 0), offered_after=batches,
            during_calling=u.get("during_calling", False), late=self.late_call(p + ("late",)))
        self.check_named_trumps(undertaking)
        return undertaking

    def check_named_trumps(self, u: Undertaking) -> None:
        """A caller who names trumps does so right after the call, before the first lead: not after a lead."""
        if u.trump == "named by caller" and u.late is not None:
            self.problem(("undertakings", u.name, "trump"), f"undertakings.{u.name}: a caller who names trumps "
                         f"('trump: named by caller') cannot call it late, after the first card is led: the lead "
                         f"would stand before trumps are named (write 'late: null' to drop the late call, or another 'trump:')")

    def late_call(self, path: tuple) -> LateCall | None:
        late = self.get(*path)
        if late is None:
            return None
        return LateCall(self.formula(path + ("safe_if",), "undertaking", "boolean"), late.get("source", ""),
                        late.get("called_as", ""))

    def wrong_time(self, path: tuple) -> WrongTime | None:
        wrong = self.get(*path)
        if wrong is None:
            return None
        return WrongTime(wrong["challenge"], wrong.get("source", ""))

    def play(self) -> PlayRules:
        p = self.data["play"]
        lay_out = p.get("lay_out") or {}
        return PlayRules(self.seat_ref(("play", "first_leader"), "trump_maker+1", ("dealer", "trump_maker", "chooser")),
                         p.get("follow_suit", True),
                         p.get("undercut", "allowed") == "only with nothing but trumps", p.get("source", ""),
                         p.get("first_lead_not_trump", False),
                         lay_out.get("after_tricks"), lay_out.get("unless_undertaking", True))

    def cancellation(self) -> Cancellation | None:
        c = self.get("cancellation")
        if c is None:
            return None
        return Cancellation(self.formula(("cancellation", "cancel_if"), "cancellation", "boolean"),
                            c.get("redealer", "same dealer") == "same dealer", c.get("source", ""))

    def declarations(self, deck: Deck | None) -> tuple[Declaration, ...]:
        items = (self.part(self.declaration, name, d, deck) for name, d in (self.get("declarations") or {}).items())
        return tuple(item for item in items if item is not None)

    def declaration(self, name: str, d: dict, deck: Deck | None) -> Declaration:
        p = ("declarations", name)
        combos = []
        for i, combo in enumerate(d["combinations"]):
            ranks = []
            for j, r in enumerate(combo["ranks"]):
                rank = normalise_rank(r)
                if deck is not None and rank not in deck.ranks:
                    self.problem(p + ("combinations", i, "ranks", j), f"rank '{r}' is not in deck.ranks")
                elif deck is not None:
                    ranks.append(deck.ranks.index(rank))
            combos.append(Combination(tuple(ranks), combo["trumps"], combo["other"]))
        return Declaration(
            name=name, verb=d["verb"], title=d.get("title", name.title()), combinations=tuple(combos),
            after_team_trick=frozenset(d["after_team_trick"]), once_per_suit=d.get("once_per_suit", True),
            suit_hidden_for=frozenset(d.get("suit_hidden_for", ())),
            allowed_if=self.formula(p + ("allowed_if",), "declaration", "boolean"), source=d.get("source", ""),
            face_up_only=d.get("face_up_only", False), wrong_time=self.wrong_time(p + ("wrong_time",)),
            any_time=d.get("any_time", False))

    def claims(self) -> tuple[Claim, ...]:
        items = (self.part(self.claim, name, c) for name, c in (self.get("claims") or {}).items())
        return tuple(item for item in items if item is not None)

    def claim(self, name: str, c: dict) -> Claim:
        p = ("claims", name)
        return Claim(
            name=name, verb=c["verb"], title=c.get("title", name.title()),
            allowed_if=self.formula(p + ("allowed_if",), "claim", "boolean"),
            forbidden_if=self.formula(p + ("forbidden_if",), "claim", "boolean"),
            succeeds_if=self.formula(p + ("succeeds_if",), "claim", "boolean"),
            balls=self.balls(p + ("balls",), "claim"), source=c.get("source", ""),
            adds=c.get("combine", "replace") == "add")

    def team_values(self) -> tuple[TeamValue, ...]:
        out = []
        for name, tv in (self.get("scoring", "team_values") or {}).items():
            refused = _team_value_name_problem(name)
            if refused:
                self.problems.append(Problem(self.source.key_origin(("scoring", "team_values", name)), refused))
                continue
            f = self.formula(("scoring", "team_values", name, "formula"), "team value", "number")
            if f is not None:
                out.append(TeamValue(name, f, tv.get("description", ""), tv.get("source", "")))
        return tuple(out)

    def bidding(self) -> BiddingRules | None:
        b = self.get("bidding")
        steps = self.data["sequence"]
        if (b is None) != ("bidding" not in steps):
            self.problem(("sequence",), "a 'bidding' step needs a 'bidding:' section, and the other way round")
        if ("concede" in self.data) != ("concede" in steps):
            self.problem(("sequence",), "a 'concede' step needs a 'concede:' section, and the other way round")
        if b is None:
            return None
        return BiddingRules(self.seat_ref(("bidding", "first_bidder"), "dealer+1", ("dealer",)), b.get("lowest", 1),
                            b.get("highest", self.tricks), b.get("all_pass", "dealer bids lowest") == "dealer bids lowest",
                            b.get("passer_trick_cap"), b.get("source", ""))

    def outcomes(self) -> tuple[Outcome, ...]:
        out = []
        if "outcomes" not in self.data["scoring"] and "each_team" not in self.data["scoring"]:
            self.problem(("scoring",), "scoring needs 'outcomes' (one team scores) or 'each_team' (every team scores)")
        for i, o in enumerate(self.data["scoring"].get("outcomes", ())):
            p = ("scoring", "outcomes", i)
            if "winner" in o and o["winner"] not in ("counting", "makers"):
                self.problem(p + ("winner",), f"an outcome's winner must be 'counting' or 'makers', not '{o['winner']}'")
            when = self.formula(p + ("when",), "outcome", "boolean")  # both read before a missing key stops us
            balls = self.formula(p + ("balls",), "outcome", "number")
            out.append(Outcome(when, o.get("winner"), balls, o.get("says", ""), o.get("source", "")))
        return tuple(out)

    def game_rules(self, game: dict) -> GameRules:
        deuce, win_by = game.get("deuce"), game.get("win_by", 1)
        if deuce is not None and deuce >= self.target:
            self.problem(("game", "deuce"), f"the deuce score ({deuce}) must be below the target ({self.target})")
        if deuce is not None and win_by < 2:
            self.problem(("game", "win_by"), "after a deuce a team must lead by at least 2 (game.win_by)")
        raised = game.get("raised_target")
        unit = _unit(game.get("unit"))
        if not (unit.singular and unit.plural):
            self.problem(("game", "unit"), "game.unit names what the score counts (balls, points): it needs a word")
        if raised is None:
            return GameRules(self.target, self.corner_house, game.get("source", ""), deuce, win_by, unit=unit)
        verbs = {x.get("verb") for section in ("undertakings", "claims")
                 for x in (self.get(section) or {}).values() if isinstance(x, dict)}
        for i, verb in enumerate(raised["after"]):
            if verb not in verbs:
                self.problem(("game", "raised_target", "after", i), f"'{verb}' is not the verb of an undertaking or claim "
                             f"of this ruleset ({', '.join(sorted(v for v in verbs if v))})")
        corner = raised.get("corner_house", raised["target"] - 1)
        return GameRules(self.target, self.corner_house, game.get("source", ""), deuce, win_by,
                         frozenset(raised["after"]), raised["target"], corner, unit)

    def redeal(self) -> Redeal | None:
        r = self.get("redeal")
        if r is None:
            return None
        if "trumps" not in self.data:
            self.problem(("redeal",), "a redeal is claimed instead of making trumps: it needs a 'trumps:' section")
        anyone = r.get("by", "chooser") == "anyone"
        if anyone != ("redeal" in self.data["sequence"]):
            self.problem(("redeal",), "a redeal by anyone needs a 'redeal' step in the sequence (and only then)")
        return Redeal(self.formula(("redeal", "allowed_if"), "undertaking", "boolean"), r.get("source", ""), anyone)

    def penalties(self) -> Penalties | None:
        p = self.get("penalties")
        if p is None:
            return None
        balls_for = p.get("balls_for") or {}
        for offence in balls_for:
            if offence not in p["offences"]:
                self.problem(("penalties", "balls_for", offence), f"penalties.balls_for names '{offence}', which "
                             f"penalties.offences does not list: it is not penalised at all")
        return Penalties(p["balls"], frozenset(p["offences"]), p.get("source", ""), tuple(sorted(balls_for.items())))

    def dealer(self) -> DealerRules:
        d = self.data["dealer"]
        most = d.get("next", "rotation") == "most tricks"
        if not most and "passes_if" not in d:
            self.problem(("dealer",), "dealer: give 'passes_if' (or 'next: most tricks')")
        return DealerRules(self.formula(("dealer", "passes_if"), "dealer", "boolean") if not most else None,
                           self.seat_ref(("dealer", "passes_to"), "dealer+1", ("dealer",)), d.get("source", ""), most)

    def beats(self, deck: Deck | None, strength: tuple[int, ...] | None = None):
        """Per trump suit (and a last row for no trumps), which cards beat each card."""
        if deck is None:
            return ()
        return tuple(beats_table(deck, t, strength) for t in range(len(deck.suits))) + (beats_table(deck, None, strength),)

    def check_verbs(self, ruleset: Ruleset) -> None:
        seen: dict[str, tuple] = {}
        for section, items in (("undertakings", ruleset.undertakings), ("declarations", ruleset.declarations),
                               ("claims", ruleset.claims)):
            for item in items:
                path = (section, item.name, "verb")
                if item.verb in ENGINE_VERBS:
                    self.problem(path, f"verb '{item.verb}' is reserved for the engine ({', '.join(ENGINE_VERBS)})")
                elif item.verb in seen:
                    self.problem(path, f"verb '{item.verb}' is already used by {dotted_path(seen[item.verb][:2])}")
                seen[item.verb] = path
        # the word that challenges a declaration at the wrong time (Marials): several may share it
        for d in ruleset.declarations:
            if d.wrong_time is not None and (d.wrong_time.challenge in ENGINE_VERBS or d.wrong_time.challenge in seen):
                self.problem(("declarations", d.name, "wrong_time", "challenge"),
                             f"'{d.wrong_time.challenge}' is already a verb of the engine or of this ruleset")


    # -- what validates must play (issue 12) -----------------------------------------------------
    def check_playable(self, ruleset: Ruleset) -> None:
        """Checks that keep a ruleset the schema accepts from stalling or crashing the engine."""
        self.check_step_order(ruleset.sequence)
        for section, items in (("undertakings", ruleset.undertakings), ("claims", ruleset.claims)):
            for item in items:
                written = self.get(section, item.name, "balls") or {}
                by_key = {"success": item.balls.success, "failure": item.balls.failure,
                          "caught": item.balls.failure, "partner_catch": item.balls.partner_catch}
                for key in written:
                    if key in by_key:
                        self.check_balls((section, item.name, "balls", key), by_key[key])
        for i, outcome in enumerate(ruleset.outcomes):
            self.check_balls(("scoring", "outcomes", i, "balls"), outcome.balls)
        self.check_balls(("scoring", "each_team"), ruleset.each_team)
        self.check_blind_cards(ruleset)
        self.check_seen_cards(ruleset)
        self.check_cancellation(ruleset)
        self.check_target(ruleset)

    def seen_before(self, ruleset: Ruleset, index: int) -> int:
        """The cards a seat holds and may look at when step ``index`` of the sequence starts (a batch dealt
        face down, the open face game's row, is not looked at until it is turned up)."""
        return sum(ruleset.batches[step.number - 1] for step in ruleset.steps[:index]
                   if isinstance(step, DealBatch) and step.number not in ruleset.face_down)

    def check_seen_cards(self, ruleset: Ruleset) -> None:
        """A seat that must make trumps with a card from hand holds one it may look at: the chooser (or the
        highest bidder) at 'make trumps', the final caller where the calling ends."""
        if ruleset.trumps is None or not ruleset.face_down:
            return  # (only a batch dealt face down leaves a seat holding nothing it may see)
        words = ruleset.sequence
        make = words.index("make trumps") if "make trumps" in words else None
        if make is not None:
            self.check_trump_card(ruleset, make, ruleset.trumps.ways, "trumps.ways", "the player who makes trumps")
        if make is not None and "calling" in words:
            calling = words.index("calling")
            # the final caller makes trumps when the calling ends, or at 'make trumps' if that comes later
            self.check_trump_card(ruleset, max(calling, make), ruleset.trumps.caller_ways, "trumps.caller_ways",
                                  "the final caller", written=calling)

    def check_trump_card(self, ruleset: Ruleset, index: int, ways: tuple[str, ...], key: str, who: str,
                         written: int | None = None) -> None:
        if self.seen_before(ruleset, index):
            return
        dealt_later = any(isinstance(step, DealBatch) for step in ruleset.steps[index + 1:])
        if "suit" in ways or ("last card" in ways and dealt_later):
            return  # trumps can be made without looking at a card
        written = index if written is None else written
        face_down = ", ".join(str(b) for b in sorted(ruleset.face_down))
        self.problem(("sequence", written), f"step '{ruleset.sequence[written]}': {who} must make trumps with a "
                     f"card from hand ({key}: {', '.join(ways)}) but would hold no card it may look at (deal.face_down: "
                     f"[{face_down}]): deal a batch face up before this step, or let trumps be made by naming the "
                     f"suit")

    def check_cancellation(self, ruleset: Ruleset) -> None:
        """A deal thrown in whatever happens leaves no game able to end."""
        cancel_if = ruleset.cancellation.cancel_if if ruleset.cancellation is not None else None
        if cancel_if is not None and not cancel_if.can_be(False):
            self.problem(("cancellation", "cancel_if"), "cancellation.cancel_if is true in every deal "
                         f"({_always(cancel_if)}): every deal would be thrown in and no game could end")

    def check_blind_cards(self, ruleset: Ruleset) -> None:
        """A caller whose later cards stay face down until it has won N tricks must hold N cards it has seen:
        with fewer, it would come to a trick with only unseen cards and could play nothing."""
        for u in ruleset.undertakings:
            if not u.blind_until_tricks:
                continue
            seen = sum(n for b, n in enumerate(ruleset.batches[:u.after_batch], 1) if b not in ruleset.face_down)
            if seen < min(u.blind_until_tricks, ruleset.hand_size):
                self.problem(("undertakings", u.name, "blind_until_tricks"),
                             f"undertakings.{u.name}.blind_until_tricks is {u.blind_until_tricks}, but called after "
                             f"batch {u.after_batch} the caller has seen only {seen} card{'s' if seen != 1 else ''}: it "
                             f"would have to play a card it may not look at (make it {seen} at most, or deal more "
                             f"before the call)")
            # (unless its leads win those tricks whatever is played: Trips, whose fourth card waits for the last)
            if seen < ruleset.hand_size and u.caught == "on the last trick" and (u.leads_win or 0) < u.blind_until_tricks:
                self.problem(("undertakings", u.name, "caught"),
                             f"undertakings.{u.name}: a caller who plays cards unseen must be caught when beaten: "
                             f"'on the last trick' lets it lose a trick and be left holding only cards it may not "
                             f"look at (write 'caught: when beaten', or leads_win: {u.blind_until_tricks}, or drop blind_until_tricks)")

    def check_step_order(self, steps: tuple[str, ...]) -> None:
        """Cards are dealt before anyone acts on them; trumps are settled before the first trick."""
        first_deal = next((i for i, step in enumerate(steps) if step.startswith("deal ")), None)
        for i, step in enumerate(steps[:first_deal]):
            if not step.startswith("deal "):
                self.problem(("sequence", i), f"step '{step}' comes before any cards are dealt: "
                             f"start the sequence with 'deal 1'")
        first_play = steps.index("play") if "play" in steps else len(steps)
        for i, step in enumerate(steps):
            if i > first_play and step in _BEFORE_PLAY:
                self.problem(("sequence", i), f"step '{step}' comes after the first 'play': trumps are "
                             f"settled (made, called or bid for) before the first trick is led")
        # A 'play' step plays tricks until the hands are empty: the next one needs cards dealt first.
        plays = [i for i, step in enumerate(steps) if step == "play"]
        for before, i in zip(plays, plays[1:]):
            if not any(step.startswith("deal ") for step in steps[before + 1:i]):
                self.problem(("sequence", i), "step 'play' comes after another 'play' with no cards dealt "
                             "between them: the first plays every card in hand, so this one would have none "
                             "(deal a batch between them, or remove one)")

    def check_balls(self, path: tuple, formula: Formula | None) -> None:
        """A ball value the formula can make negative: a negative number as its result, or a least value
        below 0 by the bounds of what it reads (a count is 0 to its most, a call one of the amounts ...)."""
        for value in _constant_results(formula):
            if value < 0:
                self.problem(path, f"{dotted_path(path)}: balls cannot be negative ({value}); "
                             f"balls are only ever opened, so give them to the other team instead")
                return
        if formula is None:
            return
        least, _ = formula.bounds()
        if least is not None and least >= 0:
            return
        low = "with no least value" if least is None else f"as low as {least}"
        self.problem(path, f"{dotted_path(path)}: balls cannot be negative, and this formula can go below 0 ({low}, "
                     f"by what it reads: {_ranges(formula)}); write max(0, {' '.join(formula.text.split())}) if "
                     f"nothing is meant below 0")

    def check_target(self, ruleset: Ruleset) -> None:
        """The scores can reach the target: some rule of the play gives balls, and the targets fit together."""
        played = [o.balls for o in ruleset.outcomes if o.when is None or o.when.can_be(True)]
        played += [ruleset.each_team] + [f for item in (*ruleset.undertakings, *ruleset.claims)
                                         for f in (item.balls.success, item.balls.failure, item.balls.partner_catch)]
        most = [f.bounds()[1] for f in played if f is not None]
        target = ruleset.game.target
        if all(m is not None and m <= 0 for m in most):
            if ruleset.outcomes:
                self.problem(("scoring", "outcomes"), f"no outcome ever gives a ball, so no team can reach the "
                             f"target of {target}")
            elif ruleset.each_team is not None:
                self.problem(("scoring", "each_team"), f"scoring.each_team never gives a ball, so no team can "
                             f"reach the target of {target}")
        game = ruleset.game
        if game.win_by > game.target:
            self.problem(("game", "win_by"), f"game.win_by ({game.win_by}) is more than the target "
                         f"({game.target}): after a deuce no team could get that far ahead")
        if game.raised_target is not None:
            if game.raised_target <= game.target:
                self.problem(("game", "raised_target", "target"), f"the raised target ({game.raised_target}) "
                             f"must be above the target ({game.target})")
            if game.raised_corner_house is not None and game.raised_corner_house >= game.raised_target:
                self.problem(("game", "raised_target", "corner_house"), f"corner house "
                             f"({game.raised_corner_house}) must be below the raised target ({game.raised_target})")


_REPEATABLE = ("calling", "undertakings", "play")  # steps a sequence may hold more than once
# why each other step runs only once a deal (said when one appears twice)
_ONCE = {"make trumps": "trumps are made once a deal (a later 'calling' lets a caller take them over)",
         "bidding": "bidding ends when all but one player have passed, so a second one would have nobody to bid",
         "concede": "the players are asked once whether their team gives up the deal",
         "redeal": "the players are asked once whether to throw the cards in"}
_MADE_ROLES = frozenset({"makers", "counting", "trump_maker"})  # roles with no seat or team until trumps are made
_BEFORE_PLAY = frozenset({"make trumps", "calling", "bidding", "concede", "redeal"})
"""Steps that settle trumps or the deal itself, so must come before the first trick."""


def _constant_results(formula: Formula | None) -> list[int]:
    """The values a number formula can give that are written as constants: the whole formula when it
    names nothing, else each branch of its ``if``s (and arguments of ``min``) that names nothing."""
    if formula is None or formula.type != "number":
        return []
    if not formula.names:
        return [formula.evaluate(None)]
    out, stack = [], [formula._tree]
    while stack:
        node = stack.pop()
        if not isinstance(node, Tree):
            continue
        if node.data == "if_expr":
            stack.extend(node.children[1:])
        elif node.data == "paren":
            stack.extend(node.children)
        elif node.data == "call" and str(node.children[0]) == "min":
            stack.extend(node.children[1:])
        elif not any(t.data == "name" for t in node.iter_subtrees()) and not node.meta.empty:
            try:
                out.append(compile_formula(formula.text[node.meta.start_pos:node.meta.end_pos], {},
                                           "number").evaluate(None))
            except FormulaError:  # a part that does not stand alone (cannot happen for a number branch)
                pass
    return out


def quantity_limits(data: dict, tricks: int, target: int, deck: Deck | None) -> dict[str, int]:
    """The most each kind of quantity can be in a deal of a ruleset (``limits`` of quantities.symbol_table),
    from its merged data as written, its tricks per deal, target and deck: the bounds by which a ball formula
    is seen never to go below zero."""
    limits: dict[str, int] = {"target": target}
    if deck is not None:
        limits["points"] = sum(deck.points)
        limits["suits"] = len(deck.suits)
    calling = data.get("calling")
    amounts = calling.get("amounts") if isinstance(calling, dict) else None
    if calling is None:
        limits["call"] = 0
    elif isinstance(amounts, list) and amounts and all(isinstance(a, int) for a in amounts):
        limits["call"] = max(amounts)  # (a simultaneous call too stops at the top of the ladder)
    bidding = data.get("bidding")
    highest = bidding.get("highest", tricks) if isinstance(bidding, dict) else 0
    if isinstance(highest, int):
        limits["bid"] = max(highest, 0)
    players = data.get("players") if isinstance(data.get("players"), dict) else {}
    seats, teams = players.get("seats"), players.get("teams")
    if isinstance(seats, int) and isinstance(teams, int) and teams > 0:
        limits["team_cards"] = tricks * -(-seats // teams)
    game = data.get("game") if isinstance(data.get("game"), dict) else {}
    raised = game.get("raised_target") if isinstance(game.get("raised_target"), dict) else {}
    if isinstance(raised.get("target"), int):
        limits["target"] = max(target, raised["target"])
    return limits


def _ranges(formula: Formula) -> str:
    """The bounds of the numbers a formula reads, in words: "callers.tricks 0 to 6, counting.declared at least 0"."""
    out = []
    for name in sorted(formula.names):
        symbol = formula._symbols[name]
        if symbol.type == "number":
            lo, hi = symbol.bounds or (None, None)
            said = "unbounded" if lo is None and hi is None else f"at most {hi}" if lo is None else \
                f"at least {lo}" if hi is None else f"{lo} to {hi}"
            out.append(f"{name} {said}")
    return ", ".join(out) or "numbers only"


def _always(condition: Formula) -> str:
    """Why a condition holds in every deal, in words."""
    if not condition.names:
        return f"'{condition.text}'"
    return f"'{' '.join(condition.text.split())}', with {_ranges(condition)}"


_FORMULA_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _team_value_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a team value (``counting.NAME`` in formulas), or None."""
    if not _FORMULA_WORD.match(name):
        return (f"team value name '{name}' must be a single word of the letters a-z, digits and _ "
                "(not starting with a digit)")
    if name in KEYWORDS:
        return f"team value name '{name}' is a word of the formula language ({', '.join(sorted(KEYWORDS))})"
    if name in TEAM_NAMES:
        return (f"team value name '{name}' is already a quantity of every team (counting.{name}, team.{name} ...): "
                "choose another name")
    return None


def _team_value_getter(team_values: tuple[TeamValue, ...], teams: int):
    """Team values are computed on demand and cached in the env (a deal is scored once)."""
    formulas = {tv.name: tv.formula for tv in team_values}

    def compute(env, team, name):
        key = (team, name)
        cache = env.team_values
        if key not in cache:
            cache[key] = formulas[name].evaluate(env.bind_team(team, teams))
        return cache[key]

    return compute


def _unit(written) -> Unit:
    """``game.unit``: a plural word ("points": one "point") or ``{singular, plural}``; balls when not written."""
    if written is None:
        return BALLS
    if isinstance(written, dict):
        return Unit(" ".join(str(written["singular"]).split()), " ".join(str(written["plural"]).split()))
    plural = " ".join(str(written).split())
    if plural.endswith(("ches", "shes", "sses", "xes")):
        return Unit(plural[:-2], plural)
    return Unit(plural[:-1] if plural.endswith("s") and not plural.endswith("ss") else plural, plural)


def _step(word: str, again: bool = False) -> Step:
    """A step of the sequence by its word (the schema allows only these: ``deal N`` and STEP_WORDS); ``again``:
    the word came before in the sequence (a later calling goes on from the last call)."""
    if word.startswith("deal "):
        return DealBatch(int(word.split()[1]))
    if again and word == CallingStep.text:
        return CallingStep(again=True)
    return STEP_WORDS[word]()


def compile_ruleset(source) -> Ruleset:
    """Compile a merged, schema-checked source (:class:`thunee_dsl.loading.MergedSource`)."""
    compiler = _Compiler(source)
    found = tuple(getattr(source, "problems", ()))
    if found:  # the schema refused parts (loaded with keep_going): check the rest as far as it goes
        return _compile_the_rest(compiler, found)
    try:
        return compiler.compile()
    except RulesetError:
        raise
    except (KeyError, TypeError, ValueError) as err:  # shape problems the schema let through
        compiler.problem((), f"cannot compile ruleset: {err}")
        raise RulesetError(compiler.problems) from None


def _compile_the_rest(compiler: _Compiler, found: tuple[Problem, ...]) -> Ruleset:
    """Raise the schema's problems with those compiling the rest of the data finds.

    The data lacks the values the schema refused: each part of the ruleset that cannot be read for
    want of one is passed over (:meth:`_Compiler.part`), and every other part is still checked. A
    problem at the very place the schema already complained about is left out (it is most likely the
    same mistake seen again).
    """
    compiler.tolerant = True
    try:
        compiler.compile()
    except (RulesetError, KeyError, TypeError, ValueError, AttributeError, IndexError):
        pass
    # the same place as a schema problem: most likely the same mistake seen again (a key the schema says
    # is missing, and the compiler too); a formula on the same line has its own column, and stays
    places = {p.location for p in found}
    more = [p for p in compiler.problems if p.location not in places
            and not p.message.startswith("cannot compile ruleset")]
    raise RulesetError(list(dict.fromkeys((*found, *more))))
