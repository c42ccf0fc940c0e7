"""``thunee-dsl replay --format text``: a replayed game told in a card player's words.

Seats are named as the rulebook and Playtest name them ("Seat 1" is the transcript's seat 0: transcripts keep
their 0-based numbers, shared/spec/transcript.md), teams by their seats, the score in the ruleset's own unit,
and each rule that decided a deal in words. ``--formulas`` adds, under each deal, the engine's working: every
formula with the values it read.
"""

from __future__ import annotations

import re

from thunee_dsl.editor.cards import suit_label
from thunee_dsl.game.transcript import game_won_words
from thunee_dsl.model.ruleset import DeclaredFrom, TrumpWay
from thunee_dsl.model.words import seat_name, team_name


class SeatNames:
    """Seats and teams as a reader who sits at none of them reads them: "Seat 1", "Seats 1 and 3"."""

    def __init__(self, r):
        self.r = r

    def who(self, seat: int) -> str:
        return seat_name(seat)

    def team(self, team: int) -> str:
        return team_name(self.r, team)

    def verb(self, team: int, plural: str, singular: str) -> str:
        return singular if sum(1 for s in range(self.r.seats) if self.r.team_of(s) == team) == 1 else plural


class Teller:
    """Replayed or played deals in words (``formulas``: each deal's formulas under its words). ``names`` says
    seats and teams (``who``, ``team``, ``verb``): :class:`SeatNames` by default, or the words from a player's
    chair (the terminal game's :class:`~thunee_dsl.editor.table.TableWords`)."""

    def __init__(self, r, formulas: bool = False, names=None):
        self.r, self.formulas = r, formulas
        self.names = names if names is not None else SeatNames(r)
        self.unit = r.unit

    # -- who -------------------------------------------------------------------------------
    def team(self, team: int) -> str:
        return self.names.team(team)

    def who(self, seat: int | None) -> str:
        return self.names.who(seat) if seat is not None else "someone"

    def gains(self, team: int, n: int) -> str:
        """"Seats 1 and 3 open 2 balls"."""
        verb = self.names.verb(team, self.unit.verb, self.unit.verb + "s")
        return f"{self.team(team)} {verb} {self.unit.of(n)}"

    def seats_renamed(self, line: str) -> str:
        """The engine's working ("team 1 (seats 1, 3) opens 2 balls", "seat 2") with seats named as everywhere
        else a person reads them ("Seats 2 and 4 opens ...", "Seat 3")."""
        def team(m: re.Match) -> str:
            return self.team(int(m[1])) if int(m[1]) < self.r.teams else m[0]
        line = re.sub(r"\bteam (\d+) \(seats? [\d, ]+\)", team, line)
        return re.sub(r"\bseat (\d+)\b", lambda m: self.who(int(m[1])) if int(m[1]) < self.r.seats else m[0], line)

    def deal_change(self, balls) -> str:
        """"Seats 1 and 3 +2, Seats 2 and 4 +0"; where a deal's score is taken from the losers (game.transfer),
        "Seats 2 and 4 take 2 from Seats 1 and 3" (the losers' score goes down: a +0 would misread it)."""
        won = [t for t, n in enumerate(balls) if n]
        if self.r.game.transfer and len(balls) == 2 and len(won) == 1:
            return f"{self.team(won[0])} take {balls[won[0]]} from {self.team(1 - won[0])}"
        return ", ".join(f"{self.team(t)} +{n}" for t, n in enumerate(balls))

    # -- the game --------------------------------------------------------------------------
    def text(self, report) -> str:
        r = self.r
        lines = [f"Ruleset: {r.name} ({r.title})"]
        if r.seats > r.teams:
            lines.append("Teams: " + " against ".join(self.team(t) for t in range(r.teams)) + ".")
        # (a game played here rather than a transcript's report starts at its first deal)
        first = getattr(report, "first_deal", 1)
        for i, (result, record) in enumerate(zip(report.deals, report.game.deals), first):
            lines += ["", self.headline(i, result)]
            lines += [f"  {line}" for line in self.story(result)]
            lines += [f"  {line}" for line in self.working(result)]
            deuce = " (the deuce: both teams go back to zero)" if record.deuce else ""
            lines.append(f"  {self.unit.plural.capitalize()} this deal: " + self.deal_change(result.balls)
                         + "; score " + "-".join(map(str, record.score_after)) + deuce
                         + game_won_words(record, self.team,
                                          last=record is report.game.deals[-1] and report.game.is_over))
        lines.append("")
        score = "-".join(map(str, report.score))
        tied = report.game.tied  # (the game's: a report is also made of a game played here)
        if tied:
            lines.append(f"Score {score}; a tie: " + " and ".join(self.team(t) for t in tied)
                         + f" end level after the last of {r.game.deals} deals.")
        elif report.winner is None:
            lines.append(f"Score {score}; the game is not over.")
        elif report.game.rubber_points is not None:
            won = self.names.verb(report.winner, "win", "wins")
            lines.append(f"Games {'-'.join(map(str, report.game.games))}; {self.team(report.winner)} {won} the "
                         f"rubber, {'-'.join(map(str, report.game.rubber_points))} in game points.")
        else:
            won = self.names.verb(report.winner, "win", "wins")
            lines.append(f"Score {score}; {self.team(report.winner)} {won} the game.")
        return "\n".join(lines)

    def working(self, result) -> list[str]:
        """With formulas: the engine's working of the deal (each formula with the values it read)."""
        if not self.formulas:
            return []
        return ["Formulas:"] + [f"  {self.seats_renamed(line)}" for line in result.explanation]

    def headline(self, i: int, result) -> str:
        head = f"Deal {i}: {self.who(result.dealer)} deals"
        if result.cancelled:
            return f"{head}. Cancelled."
        made = []
        if result.bid:
            made.append(f"the highest bid {result.bid}")
        if result.undertaking:
            u = self.r.undertaking_by_verb(result.undertaking) or next(
                (x for x in self.r.undertakings if x.name == result.undertaking), None)
            said = "called" if self.r.calling is not None else "announced"  # (as the rulebook says: Euchre's alone)
            made.append(f"{u.title if u else result.undertaking} {said} by {self.who(result.trump_maker)}")
        if result.trump:
            symbol, name, _ = suit_label(result.trump)
            turned_up = self.r.trumps is not None and TrumpWay.TURN_UP in self.r.trumps.ways  # (nobody makes them)
            by = "turned up" if turned_up else f"made by {self.who(result.trump_maker)}"
            made.append(f"trumps {name} {symbol} {by}".rstrip())
        if result.call:
            made.append(f"called {result.call}")
        if result.claim:
            c = next((x for x in self.r.claims if result.claim in (x.name, x.verb)), None)
            made.append(f"{c.title if c else result.claim} claimed")
        return f"{head}; " + ", ".join(made) + "." if made else f"{head}."

    # -- a deal ----------------------------------------------------------------------------
    def story(self, result) -> list[str]:
        """Each rule that decided the deal, in words: the team values it read, then each step."""
        lines = self.counted(result) + self.values(result)
        for step in result.steps:
            kind, _, rest = step.path.partition(".")
            said = getattr(self, f"said_{kind}", None)
            if said is not None:
                lines += said(result, step, rest)
            elif step.team is not None:
                lines.append(self.gains(step.team, step.balls) + ".")
        return [line[:1].upper() + line[1:] for line in lines]

    def values(self, result) -> list[str]:
        """The team values the scoring read ("Seats 1 and 3 (counting): count 105"), when the deal was counted."""
        steps = result.steps
        deal = result.deal
        if deal is None or not self.r.team_values or (steps and not steps[0].path.startswith(("claims.", "scoring."))):
            return []
        from thunee_dsl.editor.table import team_values
        values = team_values(self.r, deal)
        counting = getattr(deal, "counting", None)
        out = []
        for t in range(self.r.teams):
            makers = " (trump maker)" if self.r.seats == self.r.teams else " (trump makers)"
            role = f" ({self.counting_word()})" if t == counting else makers if counting is not None else ""
            said = [f"{name} {per_team[t]}" for name, per_team in values.items()]
            if said and result.card_points:  # what the count was made of: the cards, the declarations
                said.insert(0, f"{result.card_points[t]} card points in tricks"
                            + (f", {result.declared[t]} {self.declared_word()}" if any(result.declared) else ""))
            if said:
                out.append(f"{self.team(t)}{role}: {'; '.join(said)}")
        return out

    # (issue 25) a game without calling has no counting team, only the trump makers' opponents; one kind of
    # declaration (Klaverjas's roem) is said by its title
    def counting_word(self) -> str:
        return "counting" if self.r.calling is not None else "opponents"

    def declared_word(self) -> str:
        kinds = self.r.declarations
        counted = len(kinds) == 1 and kinds[0].taken_from is not DeclaredFrom.HAND
        return kinds[0].title.lower() if counted else "declared"

    def said_declarations(self, result, step, rest) -> list[str]:
        """A declaration of the hands as dealt scored after the tricks (honours), or not: the game was won first."""
        title = next((d.title for d in self.r.declarations if d.name == rest), rest)
        if step.balls:
            return [f"{self.gains(step.team, step.balls)} for {title.lower()}, after the tricks."]
        return [f"{self.team(step.team)}: {title.lower()} not scored, the game was won by tricks first."]

    def counted(self, result) -> list[str]:
        """What the cards themselves scored (roem of a trick, honours as dealt), seats in the table's names."""
        deal = result.deal
        if deal is None or not getattr(deal, "counted", None):
            return []
        from thunee_dsl.game.declarations import counted_words
        return [self.seats_renamed(line) for line in counted_words(deal)]

    def said_redeal(self, result, step, rest) -> list[str]:
        return [f"{self.who(step.seat)} threw the cards in for a redeal: nobody scores, the same dealer deals again."]

    def said_cancellation(self, result, step, rest) -> list[str]:
        c = self.r.cancellation
        again = "the same dealer deals again" if c.same_dealer else "the deal passes on"
        return [f"The deal is thrown in ({c.cancel_if.describe()}): nobody scores, {again}."]

    def said_concede(self, result, step, rest) -> list[str]:
        return [f"{self.team(result.conceded)} gave the deal up: {self.gains(step.team, step.balls)}."]

    def said_penalties(self, result, step, rest) -> list[str]:
        by = f" by {self.who(step.seat)}" if step.seat is not None else ""
        return [f"Penalty for {result.offence}{by}: {self.gains(step.team, step.balls)}; nothing else counts."]

    def said_undertakings(self, result, step, rest) -> list[str]:
        name, _, how = rest.partition(".")
        u = next((x for x in self.r.undertakings if x.name == name), None)
        said = "called" if self.r.calling is not None else "announced"  # (a game without calls: Euchre's alone)
        called = f"{self.who(step.seat)} {said} {u.title if u else name}"
        caught = getattr(result.deal, "caught_by", None)
        if u is not None and u.caught == "never":  # played out (going alone): judged by the tricks taken
            taken = sum(n for s, n in enumerate(result.seat_tricks) if self.r.team_of(s) == self.r.team_of(step.seat))
            judged = "succeeded" if how == "success" else "failed"
            return [f"{called}, played it out and {judged} with {taken} of {self.r.tricks_per_deal} tricks: "
                    f"{self.gains(step.team, step.balls)}."]
        if how == "success":
            return [f"{called} and won every trick: {self.gains(step.team, step.balls)}."]
        catcher = self.who(caught) if caught is not None else None
        by = f" by {catcher}" if catcher else ""
        if how == "partner_catch" and catcher not in ("you", "your partner"):  # (from a chair: "by you" says it)
            by = f" by their own partner{f' ({catcher})' if catcher else ''}"
        was = "were" if self.who(step.seat) == "you" else "was"
        return [f"{called} and {was} caught{by}: {self.gains(step.team, step.balls)}."]

    def said_claims(self, result, step, rest) -> list[str]:
        name, _, how = rest.partition(".")
        c = next((x for x in self.r.claims if x.name == name), None)
        title = c.title if c else name
        claimed = f"{self.who(step.seat)} claimed {title}" if step.seat is not None else f"{title} was claimed"
        if how == "success":
            line = f"{claimed} and made it: {self.gains(step.team, step.balls)}."
        elif how == "partner_catch":
            line = f"{claimed}, but their partner took the last trick: {self.gains(step.team, step.balls)}."
        else:
            line = f"{claimed} and it failed: {self.gains(step.team, step.balls)}."
        return [line] + ([f"The {title} is a bonus on the deal's usual score:"] if c is not None and c.adds else [])

    def said_scoring(self, result, step, rest) -> list[str]:
        if rest == "each_team":
            return [f"{self.team(step.team)} {self.names.verb(step.team, 'score', 'scores')} {self.unit.of(step.balls)}."]
        if rest == "each_player":  # a side of one is its player ("Seat 3 scores 13 points.")
            whose = "" if self.r.teams == self.r.seats else f" for {self.team(step.team)}"
            verb = self.names.verb(step.team, 'score', 'scores') if not whose else 'scores'
            return [f"{self.who(step.seat)} {verb} {self.unit.of(step.balls)}{whose}."]
        outcome = self.r.outcomes[int(rest.rpartition(".")[2])]
        why = outcome.says or ("" if outcome.when.text.strip() == "true" else outcome.when.describe())
        gain = self.gains(step.team, step.balls)
        return [f"{why[:1].upper() + why[1:]}: {gain}." if why else f"{gain}."]


def replay_text(report, formulas: bool = False) -> str:
    """The replayed game in words; ``formulas``: each deal's formulas with their values under its words."""
    return Teller(report.game.ruleset, formulas).text(report)


__all__ = ["SeatNames", "Teller", "replay_text"]
