"""Compile merged ruleset data into an immutable :class:`Ruleset`.

The JSON Schema has already checked the shape of the data; this package checks what a schema cannot (the
deal fits the deck, the sequence names sections that exist, formulas only name known quantities) and
reports every problem at the file and line the offending value came from.

This module is the driver (:func:`compile_ruleset`) and what every part shares (:class:`Compiler`: the data,
the located problems, formulas compiled against the deal's quantities). Each part of a ruleset is compiled,
and checked, in the module named after it (its docstring says which keys):

- this module: the driver
- ``players``: ``players:`` (two teams of partners, or every player a side of one)
- ``cards``: ``deck:``
- ``dealing``: ``deal:``, ``dealer:`` (and the cards a seat may look at when it makes trumps)
- ``sequence``: ``sequence:`` (which steps may come again, and their order)
- ``trumps``: ``trumps:``
- ``calling``: ``calling:`` (and a calling that comes again)
- ``bidding``: ``bidding:``
- ``concede``: ``concede:``
- ``undertakings``: ``undertakings:``
- ``declarations``: ``declarations:``
- ``claims``: ``claims:``
- ``verbs``: the verbs of the undertakings, declarations and claims
- ``play``: ``play:``
- ``penalties``: ``penalties:``
- ``redeal``: ``redeal:``, ``cancellation:``
- ``scoring``: ``scoring:`` (outcomes, each team, team values, every ball formula; ``quantity_limits``)
- ``winning``: ``game:`` (target, corner house, deuce, raised target, unit)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from thunee_dsl.errors import FormulaError, Location, Problem, RulesetError
from thunee_dsl.formula import Formula, compile_formula
from thunee_dsl.loading import dotted_path
from thunee_dsl.model.compile import (
    bidding, calling, cards, claims, concede, dealing, declarations, penalties, play, players as sides, redeal, scoring,
    sequence, trumps, undertakings, verbs, winning,
)
from thunee_dsl.model.compile.scoring import quantity_limits
from thunee_dsl.model.quantities import symbol_table
from thunee_dsl.model.ruleset import Ruleset, SeatRef

__all__ = ["Compiler", "compile_ruleset", "quantity_limits"]


class Compiler:
    """One ruleset's compiling: its merged data, the problems found so far (each located where its value was
    written), and what the formulas may name (set as the parts they read are compiled)."""

    def __init__(self, source, hand_size: int | None = None):
        self.source = source
        self.hand_size = hand_size  # one deal's size of deal.hand_sizes (Ruleset.for_deal), or the written deal
        self.data: dict[str, Any] = source.data
        docs = getattr(source, "docs", ())
        # name, title and aliases belong to the top file: an overlay does not inherit its base's aliases
        self.top: dict[str, Any] = docs[0].data if docs and isinstance(docs[0].data, dict) else source.data
        self.problems: list[Problem] = []
        self.tolerant = False  # see part()
        self.sides = 2  # players.teams, once read: formulas name the other side only in a game of two

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
            message = sides.unknown_name_hint(self, winning.unknown_name_hint(self, err.message))
            self.problems.append(Problem(self.formula_location(path, text, err.column),
                                         f"{dotted}: {message}\n{err.caret}"))
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
        return symbol_table(context, tricks=self.tricks, sides=self.sides, team_values=self.team_value_names,
                            team_value_getter=self.team_value_getter, limits=self.limits,
                            team_value_bounds=self.team_value_bounds)

    def seat_ref(self, path: tuple, default: str, known: tuple[str, ...]) -> SeatRef:
        """A seat named relative to one the engine knows at that point of the deal."""
        ref = SeatRef.parse(self.get(*path, default=default))
        if ref.anchor not in known:
            self.problem(path, f"{dotted_path(path)}: '{ref.anchor}' is not known here; use "
                         f"{' or '.join(known)} (with +N for the Nth seat after it)")
            return SeatRef.parse(default)
        return ref

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
        self.sides = sides.sides(self, seats, teams)
        sides.check_two_sided_rules(self)
        deck = part(cards.deck, self)
        batches = tuple(d["deal"]["batches"])
        dealing.check_batches(self, batches, seats, deck)
        self.hand_sizes = part(dealing.hand_sizes, self, batches) or ()
        if self.hand_size is not None:  # one deal of the schedule: its own number of cards and tricks
            batches = (self.hand_size,)
        self.tricks = sum(batches)
        game = d["game"]
        winning.target(self, game)
        # what formulas may name: the team values are named before they are compiled (one may read another)
        self.team_value_names = scoring.team_value_names(self)
        self.team_value_getter = None
        self.limits = quantity_limits(self.data, self.tricks, self.target, deck)
        self.team_value_bounds: dict[str, tuple] = {}
        team_values = part(scoring.team_values, self) or ()
        self.team_value_bounds = {tv.name: tv.formula.bounds() for tv in team_values}
        self.team_value_getter = scoring.team_value_getter(team_values, teams)
        words = part(sequence.words, self, batches) or ()
        trump_rules = part(trumps.rules, self, batches)
        if self.tolerant:  # every part is checked; the problems are what matters, not the ruleset
            found = len(self.problems)
            try:
                return self.whole(d, players, seats, teams, deck, batches, game, team_values, words, trump_rules)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                del self.problems[found:]  # a part stopped short: check them one by one instead
            for fn, *args in ((calling.rules, self), (undertakings.rules, self, len(batches), deck),
                              (play.rules, self), (redeal.cancellation, self), (declarations.rules, self, deck),
                              (claims.rules, self), (scoring.outcomes, self), (penalties.rules, self),
                              (winning.rules, self, game), (dealing.dealer, self), (redeal.rules, self),
                              (bidding.rules, self), (dealing.face_down, self, batches), (scoring.each_team, self),
                              (scoring.each_player, self), (dealing.undealt, self, batches, seats, deck)):
                part(fn, *args)
            raise RulesetError(self.problems)
        return self.whole(d, players, seats, teams, deck, batches, game, team_values, words, trump_rules)

    def whole(self, d, players, seats, teams, deck, batches, game, team_values, words, trump_rules) -> Ruleset:
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
            sequence=words,
            trumps=trump_rules,
            calling=calling.rules(self),
            undertakings=undertakings.rules(self, len(batches), deck),
            play=play.rules(self),
            cancellation=redeal.cancellation(self),
            declarations=declarations.rules(self, deck),
            claims=claims.rules(self),
            team_values=team_values,
            outcomes=scoring.outcomes(self),
            penalties=penalties.rules(self),
            game=winning.rules(self, game),
            dealer=dealing.dealer(self),
            data=self.source,
            beats=cards.beats(deck),
            redeal=redeal.rules(self),
            bidding=bidding.rules(self),
            cut=d["deal"].get("cut", "none"),
            face_down=dealing.face_down(self, batches),
            steps=sequence.steps(words),
            concede_balls=concede.balls(self),
            each_team=scoring.each_team(self),
            each_player=scoring.each_player(self),
            undealt=(left := dealing.undealt(self, batches, seats, deck)),
            turn_up=dealing.turn_up(self, left),
            hand_sizes=self.hand_sizes,
        )
        verbs.check_verbs(self, ruleset)
        self.check_playable(ruleset)
        if self.problems:
            raise RulesetError(self.problems)
        return ruleset

    # -- what validates must play (issue 12) -----------------------------------------------------
    def check_playable(self, ruleset: Ruleset) -> None:
        """Checks that keep a ruleset the schema accepts from stalling or crashing the engine."""
        sequence.check_step_order(self, ruleset.sequence)
        scoring.check_ball_formulas(self, ruleset)
        scoring.check_no_makers(self, ruleset)
        undertakings.check_blind_cards(self, ruleset)
        undertakings.check_going_alone(self, ruleset)
        dealing.check_seen_cards(self, ruleset)
        dealing.check_turn_up(self, ruleset)
        trumps.check_order_up(self, ruleset)
        redeal.check_cancellation(self, ruleset)
        play.check_first_leader(self, ruleset)
        trumps.check_void_while_closed(self, ruleset)
        if self.hand_size is None:  # (the game's end is the written ruleset's to check, not one deal's size)
            winning.check_target(self, ruleset)
            if not self.problems:  # (a schedule refused as written is not compiled size by size)
                self.check_every_hand_size(ruleset)

    def check_every_hand_size(self, ruleset: Ruleset) -> None:
        """Each deal of ``deal.hand_sizes`` is played by the ruleset compiled at its size: what one of them
        refuses is refused now, located, with the size it is about (what validates must play)."""
        by_size = ruleset.cached("model.hand_sizes", lambda r: {}) if ruleset.hand_sizes else {}
        for size in sorted(set(ruleset.hand_sizes) - {ruleset.hand_size}):
            try:
                got = by_size[size] = compile_ruleset(self.source, hand_size=size)  # (Ruleset.for_size's, made now)
                object.__setattr__(got, "scheduled", ruleset)
            except RulesetError as err:
                for problem in err.problems:
                    self.problems.append(Problem(problem.location, f"in a deal of {size} cards each "
                                                                   f"(deal.hand_sizes): {problem.message}"))
                return  # (one size's problems say what to mend; the others most likely repeat them)


def compile_ruleset(source, hand_size: int | None = None) -> Ruleset:
    """Compile a merged, schema-checked source (:class:`thunee_dsl.loading.MergedSource`); with ``hand_size``,
    the ruleset of one deal of its ``deal.hand_sizes`` (see :meth:`Ruleset.for_deal`)."""
    compiler = Compiler(source, hand_size)
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


def _compile_the_rest(compiler: Compiler, found: tuple[Problem, ...]) -> Ruleset:
    """Raise the schema's problems with those compiling the rest of the data finds.

    The data lacks the values the schema refused: each part of the ruleset that cannot be read for
    want of one is passed over (:meth:`Compiler.part`), and every other part is still checked. A
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
