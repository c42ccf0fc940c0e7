"""Undertakings (a seat's call to win every trick): ``undertakings:`` (each by its name: ``verb``, ``after_batch``,
``allowed_if``, ``leader``, ``trump``, ``caught``, ``balls``, ``ranking``, ``blind_until_tricks``, ``leads_win``,
``during_calling``, ``late``); the checks that a caller who names trumps does so before the lead, and that a
caller playing blind holds cards it has seen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.cards import Deck
from thunee_dsl.model.compile.cards import ranking
from thunee_dsl.model.compile.scoring import balls
from thunee_dsl.model.ruleset import LateCall, Ruleset, Undertaking

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler


def rules(c: Compiler, nbatches: int, deck: Deck | None) -> tuple[Undertaking, ...]:
    items = (c.part(undertaking, c, name, u, nbatches, deck)
             for name, u in (c.get("undertakings") or {}).items())
    return tuple(item for item in items if item is not None)


def undertaking(c: Compiler, name: str, u: dict, nbatches: int, deck: Deck | None) -> Undertaking:
    p = ("undertakings", name)
    raw = u.get("after_batch", nbatches)
    batches = tuple(raw) if isinstance(raw, list) else (raw,)
    after = min(batches)
    if max(batches) > nbatches:
        c.problem(p + ("after_batch",), f"after_batch {max(batches)} but the deal has only {nbatches} batches")
    made = Undertaking(
        name=name, verb=u["verb"], title=u.get("title", name.title()), after_batch=after,
        allowed_if=c.formula(p + ("allowed_if",), "undertaking", "boolean"),
        leader=u.get("leader", "caller"), trump=u.get("trump", "first lead"),
        caught=u.get("caught", "when beaten"),
        balls=balls(c, p + ("balls",), "undertaking balls"), source=u.get("source", ""),
        beats=ranking(c, p + ("ranking",), deck), blind_until_tricks=u.get("blind_until_tricks"),
        leads_win=u.get("leads_win", 0), offered_after=batches,
        during_calling=u.get("during_calling", False), late=late_call(c, p + ("late",)))
    check_named_trumps(c, made)
    return made


def check_named_trumps(c: Compiler, u: Undertaking) -> None:
    """A caller who names trumps does so right after the call, before the first lead: not after a lead."""
    if u.trump == "named by caller" and u.late is not None:
        c.problem(("undertakings", u.name, "trump"), f"undertakings.{u.name}: a caller who names trumps "
                  f"('trump: named by caller') cannot call it late, after the first card is led: the lead "
                  f"would stand before trumps are named (write 'late: null' to drop the late call, or another 'trump:')")


def late_call(c: Compiler, path: tuple) -> LateCall | None:
    late = c.get(*path)
    if late is None:
        return None
    return LateCall(c.formula(path + ("safe_if",), "undertaking", "boolean"), late.get("source", ""),
                    late.get("called_as", ""))


def check_blind_cards(c: Compiler, ruleset: Ruleset) -> None:
    """A caller whose later cards stay face down until it has won N tricks must hold N cards it has seen:
    with fewer, it would come to a trick with only unseen cards and could play nothing."""
    for u in ruleset.undertakings:
        if not u.blind_until_tricks:
            continue
        seen = sum(n for b, n in enumerate(ruleset.batches[:u.after_batch], 1) if b not in ruleset.face_down)
        if seen < min(u.blind_until_tricks, ruleset.hand_size):
            c.problem(("undertakings", u.name, "blind_until_tricks"),
                      f"undertakings.{u.name}.blind_until_tricks is {u.blind_until_tricks}, but called after "
                      f"batch {u.after_batch} the caller has seen only {seen} card{'s' if seen != 1 else ''}: it "
                      f"would have to play a card it may not look at (make it {seen} at most, or deal more "
                      f"before the call)")
        # (unless its leads win those tricks whatever is played: Trips, whose fourth card waits for the last)
        if seen < ruleset.hand_size and u.caught == "on the last trick" and (u.leads_win or 0) < u.blind_until_tricks:
            c.problem(("undertakings", u.name, "caught"),
                      f"undertakings.{u.name}: a caller who plays cards unseen must be caught when beaten: "
                      f"'on the last trick' lets it lose a trick and be left holding only cards it may not "
                      f"look at (write 'caught: when beaten', or leads_win: {u.blind_until_tricks}, or drop blind_until_tricks)")
