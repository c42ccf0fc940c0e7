"""Undertakings (a seat's call to win every trick): ``undertakings:`` (each by its name: ``verb``, ``after_batch``,
``allowed_if``, ``leader``, ``trump``, ``caught``, ``balls``, ``ranking``, ``blind_until_tricks``, ``leads_win``,
``during_calling``, ``late``; going alone: ``after: make trumps``, ``partner``, ``succeeds_if``); the checks that a caller who names trumps does so before the lead, and that a
caller playing blind holds cards it has seen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.cards import Deck
from thunee_dsl.model.compile.cards import ranking
from thunee_dsl.model.compile.scoring import balls
from thunee_dsl.model.ruleset import Caught, LateCall, MakeTrumps, Ruleset, Undertaking

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
    on_trumps = u.get("after") == "make trumps"  # offered to the trump maker as trumps are made, not after a batch
    if on_trumps and "after_batch" in u:
        c.problem(p + ("after",), f"undertakings.{name}: 'after: make trumps' offers it as trumps are made, "
                  f"'after_batch' once a batch is dealt: write one of them")
    made = Undertaking(
        name=name, verb=u["verb"], title=u.get("title", name.title()), after_batch=after,
        allowed_if=c.formula(p + ("allowed_if",), "undertaking", "boolean"),
        leader=u.get("leader", "caller"), trump=u.get("trump", "first lead"),
        caught=u.get("caught", "when beaten"),
        balls=balls(c, p + ("balls",), "undertaking balls"), source=u.get("source", ""),
        beats=ranking(c, p + ("ranking",), deck), blind_until_tricks=u.get("blind_until_tricks"),
        leads_win=u.get("leads_win", 0), offered_after=() if on_trumps else batches,
        during_calling=u.get("during_calling", False), late=late_call(c, p + ("late",)),
        on_trumps_made=on_trumps, partner_sits_out=u.get("partner", "plays") == "sits out",
        succeeds_if=c.formula(p + ("succeeds_if",), "undertaking balls", "boolean"))
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
        if seen < ruleset.hand_size and u.caught in (Caught.ON_THE_LAST_TRICK, Caught.NEVER) and (u.leads_win or 0) < u.blind_until_tricks:
            c.problem(("undertakings", u.name, "caught"),
                      f"undertakings.{u.name}: a caller who plays cards unseen must be caught when beaten: "
                      f"'on the last trick' lets it lose a trick and be left holding only cards it may not "
                      f"look at (write 'caught: when beaten', or leads_win: {u.blind_until_tricks}, or drop blind_until_tricks)")


def check_going_alone(c: Compiler, ruleset: Ruleset) -> None:
    """Going alone plays: a partner who sits out is the caller's one partner, never asked to declare or
    claim; an undertaking offered as trumps are made has trumps made in the deal; a success judged at the
    end needs a deal played out."""
    for u in ruleset.undertakings:
        p = ("undertakings", u.name)
        if u.partner_sits_out:
            per_team = ruleset.seats // ruleset.teams
            if per_team != 2:
                c.problem(p + ("partner",), f"undertakings.{u.name}: 'partner: sits out' needs teams of two "
                          f"players (here a team has {per_team}): "
                          + ("a player alone has no partner to sit out" if per_team == 1 else
                             "which partner would sit out is not said") + " (write 'partner: plays')")
            for kind, items in (("declarations", ruleset.declarations), ("claims", ruleset.claims)):
                if items:
                    c.problem(p + ("partner",), f"undertakings.{u.name}: a partner who sits out would still be "
                              f"asked in the {kind} ({', '.join(i.name for i in items)}): going alone is not "
                              f"written for a game with {kind} (write 'partner: plays')")
            if ruleset.face_down:
                c.problem(p + ("partner",), f"undertakings.{u.name}: a partner who sits out cannot play a row "
                          f"of cards dealt face down (write 'partner: plays')")
        if u.on_trumps_made:
            if not any(type(step) is MakeTrumps for step in ruleset.steps):
                c.problem(p + ("after",), f"undertakings.{u.name}: 'after: make trumps' but the sequence has "
                          f"no 'make trumps': it would never be offered")
            if u.late is not None:
                c.problem(p + ("late",), f"undertakings.{u.name}: offered as trumps are made, it cannot also be "
                          f"called late, after the first lead (drop 'late', or write 'after_batch')")
        if u.succeeds_if is not None and u.caught is not Caught.NEVER:
            c.problem(p + ("succeeds_if",), f"undertakings.{u.name}: 'succeeds_if' judges a deal played out to "
                      f"the last trick, but with 'caught: {u.caught}' the deal stops when it is caught "
                      f"(write 'caught: never')")
