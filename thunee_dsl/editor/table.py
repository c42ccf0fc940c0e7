"""The Playtest card table in words: where each seat sits, what each button means, how a deal ended.

Everything here is worded from one seat's point of view ("you", "your partner", "the left opponent", "they") and
from the ruleset's own text: a button's explanation is taken from the rulebook that
:func:`thunee_dsl.model.rulebook.render_rulebook` writes for the ruleset, so a house variant's buttons
explain the house's rules.

>>> from thunee_dsl import shipped_ruleset
>>> words = TableWords(shipped_ruleset("standard"), me=0)
>>> words.who(2), words.team(1), words.wins(1, 2)
('your partner', 'they', 'they win 2 balls')
>>> [round(x, 2) + 0.0 for x in seat_spot(1, me=0, seats=4, direction="counterclockwise")]
[1.0, 0.0]
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass

from thunee_dsl.game.actions import Action
from thunee_dsl.game.scoring import DealResult
from thunee_dsl.game.view import SeatView, suit_seen
from thunee_dsl.model.rulebook import render_rulebook
from thunee_dsl.model.ruleset import BALLS, BallTable, Ruleset, TrumpWay, UndertakingLeader, Unit
from thunee_dsl.model.words import bid_words, undertaking_said

from thunee_dsl.editor.cards import HIDDEN, action_label, card_label, suit_label


def seat_spot(seat: int, me: int, seats: int, direction: str) -> tuple[float, float]:
    """Where ``seat`` sits on a round table seen from ``me`` (at the bottom): ``(x, y)`` on the unit
    circle, x to the right and y downwards. The next seat in the direction of play sits to the
    right of ``me`` in a counterclockwise game, to the left in a clockwise one."""
    angle = 2 * math.pi * ((seat - me) % seats) / seats
    side = 1 if direction == "counterclockwise" else -1
    return side * math.sin(angle), math.cos(angle)


def _balls(n: int, unit: Unit = BALLS) -> str:
    return unit.of(n)  # (in the ruleset's unit of score: "2 balls", "2 points")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plain(text: str) -> str:
    """Rulebook Markdown as one plain sentence: no emphasis, no code marks, no "(see ...)"."""
    text = re.sub(r"\s*\(see [^)]*\)", "", text)
    return text.replace("`", "").replace("**", "").replace("*", "").strip()


# A claim's condition said to the player who would make it ("caller" is you): the formula's names in
# words. A formula with a name not here is left as written (never half in words).
_WHO = {"caller": ("you", "your"), "callers": ("your team", "your team's"),
        "opponents": ("the opponents", "the opponents'"), "counting": ("the counting team", "the counting team's"),
        "makers": ("the trump makers", "the trump makers'"), "dealer": ("the dealer", "the dealer's")}
_WHOSE = {"tricks": "tricks", "cards": "card points", "count": "count", "declared": "declared points",
          "balls": "balls", "points_held": "card points in hand", "cards_held": "cards in hand"}
_DOES = {"won_last_trick": "won the last trick"}
_ALONE = {"tricks": "all the tricks of the deal", "call": "the call", "corner_house": "the corner house score",
          "none": "none", "true": "true", "false": "false", "and": "and", "or": "or", "not": "not",
          "if": "if", "then": "then", "else": "else"}
_SIGNS = {"==": "=", "!=": "≠", ">=": "≥", "<=": "≤"}
_TOKEN = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?|==|!=|>=|<=|\d+|\S")


def condition_words(formula: str) -> str:
    """``callers.tricks == tricks and caller.won_last_trick`` -> "your team's tricks = all the tricks of
    the deal and you won the last trick"; the formula itself when a name is not known here."""
    out = []
    for token in _TOKEN.findall(formula):
        who, _, what = token.partition(".")
        if what and who in _WHO and what in _WHOSE:
            out.append(f"{_WHO[who][1]} {_WHOSE[what]}")
        elif what and who in _WHO and what in _DOES:
            out.append(f"{_WHO[who][0]} {_DOES[what]}")
        elif token in _SIGNS or token in _ALONE:
            out.append(_SIGNS.get(token) or _ALONE[token])
        elif token.isdigit() or token in "()<>+-*/":
            out.append(token)
        else:
            return formula
    return " ".join(out).replace("( ", "(").replace(" )", ")")


def rulebook_sections(ruleset: Ruleset) -> dict[str, list[str]]:
    """The ruleset's rulebook cut at its headings: ``{heading: its lines}`` (list marks removed).
    A numbered step ("**Calling**: ...") is also filed under its bold name."""
    sections: dict[str, list[str]] = {}
    current = sections.setdefault("", [])
    for line in render_rulebook(ruleset).splitlines():
        if line.startswith("#"):
            current = sections.setdefault(line.lstrip("#").strip(), [])
            continue
        line = line.strip()
        if not line or line.startswith(("|", "*Source", "`")):
            continue  # tables, sources and the formulas shown under their words (the help says them in words)
        item = re.sub(r"^(- |\d+\. )", "", line)
        current.append(item)
        step = re.match(r"\*\*([^*]+)\*\*: (.*)", item)
        if step:
            sections.setdefault(f"step: {step.group(1)}", []).append(step.group(2))
    return sections


# the scoring's words for a team's role in the deal ("counting team 1 (seats 1, 3) count: ..."), said whole
_ROLES = {"counting": "the counting team", "makers": "the trump makers", "trump makers": "the trump makers"}


_YOU_VERBS = {"is": "are", "was": "were", "has": "have", "does": "do", "scores": "score", "plays": "play"}  # ("seat 0 scores 12": a side of one)


@dataclass(frozen=True)
class HandChoices:
    """A seat's legal actions as the pages offer them (Playtest and the group table alike): a card of the hand
    played face up (``plays``), placed face down to make trumps (``trumps``), laid aside by the dealer
    (``discards``) or played face down (``downs``: a cut, while trumps are closed), each by a tap on the card
    itself; everything else (``others``) said with a button under the hand, never a button per card.

    >>> cut = HandChoices.of((Action(0, "down", "JS"), Action(0, "down", "7H"), Action(0, "ask")))
    >>> cut.card("7H"), cut.card("8C"), [a.verb for a in cut.others], cut.either
    (Action(seat=0, verb='down', arg='7H'), None, ['ask'], set())
    """

    plays: dict[str, Action]
    trumps: dict[str, Action]
    discards: dict[str, Action]
    downs: dict[str, Action]
    others: tuple[Action, ...]

    @classmethod
    def of(cls, legal: tuple[Action, ...]) -> HandChoices:
        trumps = {a.arg: a for a in legal if a.verb == "trump" and a.arg not in (None, "last") and len(str(a.arg)) > 1}
        return cls({a.arg: a for a in legal if a.verb == "play"}, trumps,
                   {a.arg: a for a in legal if a.verb == "discard"}, {a.arg: a for a in legal if a.verb == "down"},
                   tuple(a for a in legal if a.verb not in ("play", "discard", "down") and a not in trumps.values()))

    @property
    def either(self) -> set[str]:
        """The cards that may be played face up or face down (a switch over the hand says which)."""
        return self.plays.keys() & self.downs.keys()

    def card(self, card: str, face_down: bool = False) -> Action | None:
        """What a tap on ``card`` of the hand does now (None: nothing, the card greyed); ``face_down``: the switch
        over the hand is on (for a card that may go either way)."""
        if self.trumps:
            return self.trumps.get(card)
        if self.discards:
            return self.discards.get(card)
        if card in self.either:
            return self.downs[card] if face_down else self.plays[card]
        return self.plays.get(card) or self.downs.get(card)


class TableWords:
    """Seats, teams and actions named from the person's seat ``me``."""

    def __init__(self, ruleset: Ruleset, me: int, players: dict[int, str] | None = None):
        self.r, self.me = ruleset, me
        # the players' names where they are known (a group table: seat -> name; a bot's seat has none): a seat
        # in a sentence is then "Priya (your partner)"
        self.players = {s: n for s, n in (players or {}).items() if n}
        self.seats, self.teams = ruleset.seats, ruleset.teams
        self.alone = ruleset.seats == ruleset.teams  # each player a team of one
        # what a player did with an undertaking or claim ("called"; Euchre's going alone, "declared"): the model's
        self.called = undertaking_said(ruleset)[1]
        self._sections: dict[str, list[str]] | None = None

    # -- who ------------------------------------------------------------------------------
    def is_partner(self, seat: int) -> bool:
        return seat != self.me and seat % self.teams == self.me % self.teams

    def _side(self, seat: int) -> str:
        x, _ = seat_spot(seat, self.me, self.seats, self.r.direction)
        return "across" if abs(x) < 1e-9 else "left" if x < 0 else "right"

    def name(self, seat: int) -> str:
        """A seat named from the person's chair, as on its plate: "You", "Partner", "Left opponent",
        "Opponent" (two players), "Near left opponent" or "Player 5 (partner)" at a big table. Card
        players do not count seats from 0; the transcript and the engine still do."""
        if seat == self.me:
            return "You"
        role = self.role(seat)
        alike = [s for s in range(self.seats) if s != self.me and self.role(s) == role]
        if len(alike) == 1:
            return _cap(role)
        side = self._side(seat)
        alike = [s for s in alike if self._side(s) == side]
        if side == "across" and len(alike) == 1:
            return f"{_cap(role)} across"
        if len(alike) == 1:
            return f"{_cap(side)} {role}"
        if len(alike) == 2:  # two on one side: the nearer sits lower on the table
            near = seat_spot(seat, self.me, self.seats, self.r.direction)[1] > max(
                seat_spot(s, self.me, self.seats, self.r.direction)[1] for s in alike if s != seat)
            return f"{'Near' if near else 'Far'} {side} {role}"
        return f"Player {seat + 1} ({role})"

    def who(self, seat: int) -> str:
        """The seat in a sentence: "you", "your partner", "the left opponent", "your opponent"; a player whose
        name is known by it too: "Priya (your partner)"."""
        if seat == self.me:
            return "you"
        name = self.players.get(seat)
        return f"{name} ({self._chair(seat)})" if name else self._chair(seat)

    def whose(self, seat: int, thing: str) -> str:
        """``thing`` of ``seat`` from the person's chair: "your turn", "your partner's turn", "the right opponent's
        turn"; a player known by name, the name owning it and the chair after it: "Priya's turn (right opponent)"
        (not "Priya (the right opponent)'s turn")."""
        if seat == self.me:
            return f"your {thing}"
        name = self.players.get(seat)
        return f"{name}'s {thing} ({self.short(seat)})" if name else f"{self._chair(seat)}'s {thing}"

    def _chair(self, seat: int) -> str:
        """The seat in a sentence, named from the person's chair only."""
        if seat == self.me:
            return "you"
        name = self.name(seat)
        lower = name[:1].lower() + name[1:]
        if lower.startswith("player "):
            return lower
        if self.is_partner(seat) or lower == "opponent":
            return f"your {lower}"
        return f"the {lower}"

    def from_chair(self, text: str) -> str:
        """The engine's words ("Thunee by seat 2 caught by seat 3: team 1 (seats 1, 3) opens 4 balls")
        said from the person's chair ("Thunee by your partner caught by the left opponent: they open 4
        balls"); a seat number past the table stays as it is."""
        def team(m: re.Match) -> str:
            t = int(m[2])
            if t >= self.teams:
                return m[0]
            role, verb = _ROLES.get(m[1] or ""), m[3] or ""
            if role:  # "counting team 1 (seats 1, 3) count:" -> "the counting team (they) count:"
                plural = role.endswith("s")
                return f"{role} ({self.team(t)})" + (f" {verb[:-1] if plural else verb}" if verb else "")
            if verb:
                verb = " " + self.verb(t, verb[:-1], verb)
            return self.team(t) + verb
        text = re.sub(r"\b(?:(counting|makers|trump makers) )?team (\d+) \(seats? [\d, ]+\)(?: (opens|wins|scores)\b)?",
                      team, text)
        # "it is seat 1's turn": the seat's own ("it is Priya's turn (right opponent)", "it is your turn")
        text = re.sub(r"\bseat (\d+)'s (\w+)",
                      lambda m: self.whose(int(m[1]), m[2]) if int(m[1]) < self.seats else m[0], text)
        text = re.sub(r"\bseat (\d+)\b", lambda m: self.who(int(m[1])) if int(m[1]) < self.seats else m[0], text)
        # "seat 0 is to call an undertaking" said to that seat: "you are to ..." (not "you is")
        return re.sub(r"\b([Yy]ou) (is|was|has|does|scores|plays)\b", lambda m: f"{m[1]} {_YOU_VERBS[m[2]]}", text)

    def refusal(self, reason: str) -> str:
        """The engine's reason a move is refused ("seat 0 must follow suit (C)"), said to the person at
        seat ``me`` ("you must follow suit (clubs ♣)"): a greyed card says why, phones have no hover."""
        text = self.from_chair(reason)
        text = re.sub(r"^you (.*)\bit (holds|has)\b", lambda m: f"you {m[1]}you {'hold' if m[2] == 'holds' else 'have'}",
                      text)
        # a card named by the engine ("JS is the closed trump card") as the table draws it ("J♠")
        text = re.sub(r"\b(?:10|[2-9TJQKA])[SHDC]\b", lambda m: card_label(m[0]).text, text)

        def suit(m: re.Match) -> str:
            symbol, name, _ = suit_label(m[1])
            return f"({name} {symbol})" if name != m[1] else m[0]
        return re.sub(r"\(([A-Za-z])\)", suit, text)

    def short(self, seat: int) -> str:
        """The seat in a table's cell or the trick's middle: "you", "partner", "left opponent"."""
        return "you" if seat == self.me else self._chair(seat).removeprefix("the ").removeprefix("your ")

    def role(self, seat: int) -> str:
        """A seat's label at the table: "you", "partner", "opponent"."""
        return "you" if seat == self.me else "partner" if self.is_partner(seat) else "opponent"

    def team(self, team: int) -> str:
        """"your team" / "they" (or "you" / "your opponent" when each plays alone)."""
        mine = team == self.me % self.teams
        if self.alone:
            return "you" if mine else self.who(team)  # each team is one seat
        return "your team" if mine else ("they" if self.teams == 2 else f"team {team}")

    def wins(self, team: int, balls: int, verb: str = "win") -> str:
        """"your team wins 2 balls", "they win 1 ball"."""
        return f"{self.team(team)} {self.verb(team, verb, verb + 's')} {_balls(balls, self.r.unit)}"

    def said_by_seat(self, view: SeatView) -> dict[int, list[str]]:
        """What each seat has said, for its plate on the table: the call standing, an undertaking or claim by its
        title, each declaration with its value (Playtest's and the group table's plates)."""
        said: dict[int, list[str]] = {}
        if view.calls:
            said[view.calls[-1][0]] = [f"call {view.calls[-1][1]}"]
        for seat, verb, find in ((view.undertaker, view.undertaking, self.r.undertaking_by_verb),
                                 (view.claimer, view.claim, self.r.claim_by_verb)):
            if seat is not None and verb:
                found = find(verb)
                said.setdefault(seat, []).append(found.title if found else verb)
        for d in view.declarations:
            said.setdefault(d.seat, []).append(f"{self.declared(d.verb)} {d.value}")
        return said

    def declared(self, verb: str) -> str:
        """A declaration by its title in the ruleset (its verb when the ruleset has none)."""
        found = self.r.declaration_by_verb(verb)
        return found.title if found else verb

    def trumps_to_come(self, view: SeatView) -> str | None:
        """What trumps will be while an undertaking called decides them and they are not known yet ("the suit
        of the first card led", "to be named by you"), or None: the trump card made before no longer counts,
        so "face down" would be wrong."""
        u = self.r.undertaking_by_verb(view.undertaking) if view.undertaking else None
        if u is None or view.trump is not None:
            return None
        if u.trump is TrumpWay.NAMED_BY_CALLER:
            return f"to be named by {self.who(view.undertaker)}"
        if u.trump is TrumpWay.FIRST_LEAD:
            return "the suit of the first card led"
        if u.trump is TrumpWay.NONE:
            return "none"
        return None

    # -- the closed trump, the cards played face down ---------------------------------------------
    def trump_card_laid(self, view: SeatView) -> tuple[str | None, str] | None:
        """The card the trump maker laid face down to make trumps, as this seat sees it on the table: ``(card,
        state)``. State "face down" while it lies there unshown (the card None for every seat but the trump
        maker's: the others see its back); "shown" once a closed trump was shown (asked for, cut) and its maker
        still holds it (everyone knows it). None when no card lies there: trumps named or turned up, made by the
        last card dealt, shown at the first lead, the card played, or an undertaking deciding trumps otherwise."""
        maker = view.trump_maker
        if maker is None or self.trumps_to_come(view) or not view.hand_sizes[maker]:
            return None
        laid = None
        for line in view.history:  # (its maker's last: a higher bid in a later round lays another card)
            parts = line.split()
            if len(parts) == 3 and parts[0] == str(maker) and parts[1] == "trump":
                laid = parts[2]
        if laid is None or laid == "last" or laid in self.r.deck.suits:
            return None
        played = {c for _, c in view.trick} | {c for t in view.tricks for _, c in t.cards}
        if not view.trump_revealed:
            if laid != HIDDEN and laid in played:
                return None  # (its maker played it: a cut, or the last card)
            return (laid if laid != HIDDEN else None), "face down"
        if view.trump_shown is None or view.trump_card is None or view.trump_card in played:
            return None
        return view.trump_card, "shown"

    def held(self, view: SeatView, seat: int) -> int:
        """The cards ``seat`` holds in hand, as the table sees them: the trump card laid face down in front of the
        trump maker is on the table, not in the hand (the engine keeps it in the hand it is played from)."""
        laid = self.trump_card_laid(view)
        return view.hand_sizes[seat] - (1 if laid is not None and laid[1] == "face down" and seat == view.trump_maker
                                        else 0)

    def trump_shown_words(self, view: SeatView) -> str | None:
        """When and how a closed trump was shown, in words ("shown in trick 3, asked for by your partner", "shown
        at the end of trick 1, cut by the left opponent", "shown after trick 1"); None while closed."""
        if view.trump_shown is None:
            return None
        number, how = view.trump_shown
        if how == "asked":
            asker = next((int(h.split()[0]) for h in reversed(view.history) if h.split()[1:] == ["ask"]), None)
            return f"shown in trick {number}" + (f", asked for by {self.who(asker)}" if asker is not None else "")
        if how == "cut" and 0 < number <= len(view.tricks) and view.trump is not None:
            trick = view.tricks[number - 1]
            led = suit_seen(self.r, view, trick.cards[0][1])
            cutters = [s for s, c in trick.cards if c != HIDDEN and led != view.trump
                       and suit_seen(self.r, view, c) == view.trump]
            return f"shown at the end of trick {number}" + (f", cut by {self.who(cutters[0])}" if cutters else "")
        return f"shown after trick {number}"

    @staticmethod
    def played_face_down(view: SeatView) -> set[str]:
        """The cards this seat saw played face down (its own cuts; every cut, to the trump maker): drawn marked,
        as they lie; the others' are ``??`` in the view, drawn as backs."""
        out = set()
        for line in view.history:
            parts = line.split()
            if len(parts) == 4 and parts[1] == "play" and parts[3] == "down" and parts[2] != HIDDEN:
                out.add(parts[2])
        return out

    # -- the turned-up card, the bids -----------------------------------------------------------
    def turn_up(self, view: SeatView) -> tuple[str, str] | None:
        """The card turned up after the deal and where it is, as every seat sees it: ``(card, state)``, state
        "face up" (beside the dealer: offered, or showing trumps), "picked up" (ordered: in the dealer's hand),
        "turned down" (everyone passed it: another suit may be named); None when there is none or it was played."""
        card = view.turn_up
        if card is None or any(c == card for _, c in view.trick) or any(
                c == card for t in view.tricks for _, c in t.cards):
            return None
        rounds = self.r.trumps.rounds if self.r.trumps is not None else ()
        if rounds:
            ordered = any(h.split()[1:2] == ["order"] for h in view.history)
            if ordered and rounds[0].dealer_takes_turn_up:
                return card, "picked up"
            if not ordered and view.trump_round >= 2:
                return card, "turned down"
        return card, "face up"

    def turn_up_words(self, view: SeatView) -> str | None:
        """The turn-up in a sentence for the status line ("the 9♥ turned up, picked up by the dealer")."""
        seen = self.turn_up(view)
        if seen is None:
            return None
        card, state = seen
        text = card_label(card).text
        if state == "picked up":
            return f"{text} picked up by {self.who(view.dealer)}"
        if state == "turned down":
            return f"{text} turned down"
        return f"{text} face up"

    @staticmethod
    def bids(view: SeatView) -> dict[int, int]:
        """Each seat's bid so far this deal (its last), from what was said: bids are said aloud."""
        out: dict[int, int] = {}
        for line in view.history:
            parts = line.split()
            if len(parts) == 3 and parts[1] == "bid" and parts[0].isdigit() and parts[2].isdigit():
                out[int(parts[0])] = int(parts[2])
        return out

    def say_label(self, action: Action, view: SeatView) -> str:
        """A button's words in the game's own: the turn-up ordered up ("Order it up", the dealer's "Pick it up"),
        passed ("Pass", the dealer's "Turn it down"), a suit named in a later round ("Name hearts ♥")."""
        offered = view.turn_up is not None and view.trump is None and view.trump_round == 1
        if action.verb == "order":
            return "Pick it up" if action.seat == view.dealer else "Order it up"
        if action.verb == "pass" and offered and any(a.verb == "order" for a in view.legal):
            return "Turn it down" if action.seat == view.dealer else "Pass"
        if action.verb == "trump" and view.trump_round >= 2 and action.arg and len(str(action.arg)) == 1:
            symbol, name, _ = suit_label(action.arg)
            return f"Name {name} {symbol}"
        if action.verb == "discard":
            return f"Discard {card_label(action.arg).text}"
        if action.verb == "pass" and self._alone_offered(view):
            return "Play with your partner"  # (not going alone: nothing is passed on)
        return action_label(action, self.r)

    def _alone_offered(self, view: SeatView) -> bool:
        """Whether this seat is offered to play alone, its partner sitting out (Euchre's going alone)."""
        return any(u is not None and u.partner_sits_out
                   for u in (self.r.undertaking_by_verb(a.verb) for a in view.legal if a.verb != "pass"))

    def say_prompt(self, view: SeatView) -> str | None:
        """What the person is asked, in the game's words, when it is about the turn-up or naming a suit in a later
        round of making trumps; None otherwise (the page says "say something")."""
        verbs = {a.verb for a in view.legal}
        if "order" in verbs:
            return ("**Your turn: pick it up or turn it down.**" if view.seat == view.dealer else
                    "**Your turn: order it up or pass.**")
        if view.trump_round >= 2 and "trump" in verbs:
            return "**Your turn: name a suit for trumps" + (
                ", or pass.**" if "pass" in verbs else ".** Everyone else passed: you must name one.")
        if self._alone_offered(view):
            return "**Your turn: go alone, or play with your partner?**"
        if "bid" in verbs and verbs <= {"bid", "pass", "partner"}:
            return "**Your turn: bid, or pass.**" if "pass" in verbs else "**Your turn: bid.**"
        return None

    def face_down_prompt(self, view: SeatView, either: bool = False, tap: str = "tap") -> str:
        """What a tap on a card does where cards may be played face down (a cut, while trumps are closed):
        ``either``, some may be played face up too (a switch says which); ``tap``: the page's word for it."""
        if either:
            return f"**Your turn: {tap} a card to play it:** face up, or face down with the switch on."
        suit = card_label(view.trick[0][1]) if view.trick else None
        cannot = f"no {suit.suit_name}\u00a0{suit.symbol} to follow" if suit else "you cannot follow suit"
        ask = ", or ask for trumps" if any(a.verb == "ask" for a in view.legal) else ""
        return f"**Your turn: {cannot}.** {tap.capitalize()} a card to play it face down{ask}."

    def say_help(self, action: Action, view: SeatView) -> str:
        """What a button under the hand means, said to this seat: ordering up and turning down the turn-up in
        the words of the card and the dealer; anything else as :meth:`action_help` says it."""
        if view.turn_up is not None and action.verb in ("order", "pass") and any(a.verb == "order" for a in view.legal):
            card = card_label(view.turn_up)
            later = len(self.r.trumps.rounds) > 1
            if action.verb == "order":
                takes = self.r.trumps.rounds[0].dealer_takes_turn_up
                if action.seat == view.dealer:
                    return f"Take the {card.text} into your hand: {card.suit_name} become trumps" + (
                        "; then lay a card aside face down." if takes else ".")
                return f"{card.suit_name.capitalize()} become trumps" + (
                    f"; {self.who(view.dealer)} takes the {card.text} and lays a card aside face down." if takes else ".")
            if action.seat == view.dealer:
                return "Nobody takes it: it is turned face down" + (
                    ", and each player may name another suit." if later else ".")
            return f"Leave it: the next player may order it up, and {self.who(view.dealer)} last."
        if action.verb == "pass" and self._alone_offered(view):
            return "Your partner plays this deal with you."
        return self.action_help(action, view.legal, view.undertaking)

    # -- what a button means ----------------------------------------------------------------
    @property
    def sections(self) -> dict[str, list[str]]:
        if self._sections is None:
            self._sections = rulebook_sections(self.r)
        return self._sections

    def _lines(self, heading: str, skip: tuple[str, ...] = ()) -> list[str]:
        return [_plain(x) for x in self.sections.get(heading, []) if not x.startswith(skip)]

    def action_help(self, action: Action, legal: tuple[Action, ...] = (), undertaking: str | None = None) -> str:
        """One line on what ``action`` does, from the ruleset's rulebook ("" for a card played); ``undertaking``:
        the verb of the undertaking called in the deal, if any (its caller may be the one naming trumps)."""
        r, verb, arg = self.r, action.verb, action.arg
        if verb == "play":
            return card_label(arg).words if arg else ""
        if verb == "pass":
            return self._pass_help(legal)
        if verb == "order":
            return self._order_help(action)
        if verb == "discard":
            return f"Lay the {card_label(arg).words} aside face down: only you see it, and it counts for nobody."
        if verb == "call":
            rule = [x for x in self._lines("Calling") if "final caller" in x]
            return " ".join(["Take over making trumps.", *rule[:1]])
        if verb == "bid":
            rule = [x for x in self._lines("Bidding") if "contract" in x]
            counts = bid_words(r)  # what a bid counts: tricks, card points
            say = f"Say how many {counts} your team will win at least." if counts else \
                "Say how much your team will make at least."
            return " ".join([say, *rule[:1]])
        if verb == "trump":
            named = r.undertaking_by_verb(undertaking) if undertaking else None
            if named is not None and named.trump is TrumpWay.NAMED_BY_CALLER:  # said at once, not after the lead
                lead = "; then you lead" if named.leader is UndertakingLeader.CALLER else ""
                return f"The suit you name becomes trumps for your {named.title}, shown to everyone at once{lead}."
            shown = [x for x in self._lines("Making trumps") if "shown to everyone" in x]
            if arg == "last":
                first = "The last card you will be dealt makes trumps, unseen until then."
            elif arg is not None and len(str(arg)) == 1:
                first = "The suit you name becomes trumps."
            elif arg is not None:
                first = f"Place the {card_label(arg).words} face down: its suit becomes trumps."
            else:
                first = "Make trumps."
            return " ".join([first, *shown[:1]])
        if verb in ("concede", "redeal"):
            return _cap(" ".join(self._lines(f"step: {_cap(verb)}"))) or _cap(verb)
        # a closed trump (trumps.revealed: on demand) and the partner bid (bidding.partner_bid): their own verbs
        if verb == "down":
            card = f"the {card_label(arg).words}" if arg else "a card"
            return f"Play {card} face down (a cut): it wins the trick only if it is a trump, and then shows trumps."
        if verb == "ask":
            return "You cannot follow suit: ask for trumps to be shown, then play face up."
        if verb == "partner":
            return "Ask your partner to bid for your team in this turn."
        u = r.undertaking_by_verb(verb)
        if u is not None:
            rules = self._lines(f"{u.title} (`{u.verb}`)", skip=("May be called", f"{r.unit.plural.capitalize()} ("))
            main = [x for x in rules if " must " in x] or rules[:1]  # the rule that makes or breaks it
            # one played out (going alone) is never caught: it fails by the tricks taken
            played_out = u.caught == "never"
            alone = ["Your partner sits out this deal: you play alone."] if u.partner_sits_out else []
            return " ".join([*alone, *main[:1], _ball_words(u.balls, "if it fails" if played_out else "caught",
                                                            r.unit)]).strip()
        c = r.claim_by_verb(verb)
        if c is not None:
            # said to the claimer ("you won the last trick") from the formula itself, not the rulebook's words
            rules = [f"Succeeds when {condition_words(c.succeeds_if.text)}." if x.startswith("Succeeds when ") else x
                     for x in self._lines(f"{c.title} (`{c.verb}`)", skip=("Allowed when", "Forbidden", f"{r.unit.plural.capitalize()} ("))]
            return " ".join(["Said just before your card to the last trick.", *rules,
                             _ball_words(c.balls, "it fails", r.unit)]).strip()
        d = r.declaration_by_verb(verb)
        if d is not None:
            deck = r.deck
            combos = "; ".join(
                f"{' '.join('10' if deck.ranks[i] == 'T' else deck.ranks[i] for i in combo.ranks)}: "
                f"{combo.trumps} in trumps, {combo.other} otherwise" for combo in d.combinations)
            when = self._lines(f"{d.title} (`{d.verb} SUIT`)", skip=("Only when", "The suit of"))
            return f"Declare {combos} (card points for your team). " + " ".join(when[:1])
        return ""

    def _order_help(self, action: Action) -> str:
        """Ordering up: the turn-up's suit becomes trumps (and where the round says so, the dealer takes it)."""
        rounds = self.r.trumps.rounds if self.r.trumps is not None else ()
        takes = bool(rounds) and rounds[0].dealer_takes_turn_up
        return "The turn-up's suit becomes trumps" + (
            ": the dealer takes the turn-up into the hand and lays a card aside face down." if takes else ".")

    def _pass_help(self, legal: tuple[Action, ...]) -> str:
        verbs = {a.verb for a in legal} - {"pass"}
        r = self.r
        if "order" in verbs:
            return "Leave the turn-up: the next player may order it up; if all pass, it is turned down."
        if "trump" in verbs and any(len(str(a.arg)) == 1 for a in legal if a.verb == "trump"):
            return "Name no suit: the next player may name one."
        if "call" in verbs:
            return "Make no call: trumps stay with the one making them now."
        if "bid" in verbs:
            return "Make no bid. " + " ".join(x for x in self._lines("Bidding") if "passed may not" in x)
        if "order" in verbs:
            return "Pass: the turn-up is offered to the next player."
        if "trump" in verbs and r.trumps is not None and r.trumps.rounds:
            return "Name no suit: the next player may."
        titles = [x.title for v in sorted(verbs) for x in
                  (r.undertaking_by_verb(v), r.claim_by_verb(v), r.declaration_by_verb(v)) if x is not None]
        if "concede" in verbs:
            titles.append("conceding")
        if titles:
            return f"Say nothing: no {' or '.join(titles)} now; play goes on."
        return "Say nothing: play goes on."

    # -- how a deal ended -------------------------------------------------------------------
    def deal_story(self, result: DealResult, view: SeatView, team_values: dict[str, tuple] | None = None) -> str:
        """The deal's result in card-table words ("They counted 98 of 105: the trump makers (your team)
        win 1 ball."); ``team_values`` maps a team value's name to its value for each team."""
        r = self.r
        steps = result.steps  # the decided steps: the balls are their sum (game/scoring.py)
        if result.cancelled:
            if steps and steps[0].path == "redeal" and steps[0].seat is not None:
                return f"{_cap(self.who(steps[0].seat))} threw the cards in for a redeal: nobody scores."
            return "The deal is thrown in: nobody scores" + (
                ", and the same dealer deals again." if r.cancellation and r.cancellation.same_dealer else ".")
        if result.conceded is not None:
            gain = [self.wins(t, b) for t, b in enumerate(result.balls) if b]
            return f"{_cap(self.team(result.conceded))} gave the deal up: {', '.join(gain) or 'nobody scores'}."
        if result.offence:
            offender = next((step.seat for step in steps if step.path == "penalties"), None)
            by = f" by {self.who(offender)}" if offender is not None else ""
            gain = [self.wins(t, b) for t, b in enumerate(result.balls) if b]
            return f"Penalty for {result.offence}{by}: {', '.join(gain)}, and nothing else counts."
        story: list[str] = self._counted_story(result)
        for step in steps:
            kind, _, rest = step.path.partition(".")
            if kind == "declarations":  # a declaration of the hands as dealt, scored after the tricks (honours)
                title = next((d.title for d in r.declarations if d.name == rest), rest)
                story.append(f"{title} after the tricks: {self.wins(step.team, step.balls, 'score')}." if step.balls
                             else f"{_cap(self.team(step.team))} {self.verb(step.team, 'do', 'does')} not score "
                                  f"{title.lower()}: the game was won by tricks first.")
            elif kind == "undertakings":
                story.append(self._undertaking_story(rest, result, view))
            elif kind == "claims":
                story.append(self._claim_story(rest, step, view))
            elif step.path == "scoring.each_team":
                if step.team == 0:  # a step for every team: told once, for all of them
                    story.append(self._each_team_story(result, [s for s in steps if s.path == step.path]))
            elif step.path == "scoring.each_player":
                if step.seat == 0:  # a step for every player: told once, for all of them
                    story.append(self._each_player_story(result))
            elif kind == "scoring":
                story.append(self._outcome_story(int(step.path.rsplit(".", 1)[1]), step, result, team_values or {}))
        if not story:
            gain = [self.wins(t, b) for t, b in enumerate(result.balls) if b]
            story.append(_cap(", ".join(gain) or "nobody scores") + ".")
        return " ".join(story)

    def _counted_story(self, result: DealResult) -> list[str]:
        """What the cards themselves scored (roem of a trick, honours as dealt), in the table's words: "Your team
        scores roem in trick 2: three in sequence 20, stuk 20."; "They hold honours as dealt: 3 honours (2)."."""
        deal = result.deal
        counted = getattr(deal, "counted", None)
        if not counted:
            return []
        by: dict = {}
        for team, verb, what, value, number in counted:
            by.setdefault((verb, number, team), []).append(f"{what} {value}" if number else f"{what} ({value})")
        titles = {d.verb: d.title for d in self.r.declarations}
        out = []
        for (verb, number, team), items in by.items():
            does = self.verb(team, "score", "scores") if number else self.verb(team, "hold", "holds")
            where = f"in trick {number}" if number else "as dealt"
            out.append(f"{_cap(self.team(team))} {does} {titles.get(verb, verb).lower()} {where}: {', '.join(items)}.")
        return out

    def _team_of(self, seat: int) -> int:
        return seat % self.teams

    def _announced(self, rest: str, kinds, caller: int | None):
        """For a rule path's tail ``NAME.HOW`` of an undertaking or claim: (the announcement, its title,
        how it went, who called it in words, the caller's team)."""
        name, _, how = rest.partition(".")
        found = next((x for x in kinds if x.name == name), None)
        who = _cap(self.who(caller)) if caller is not None else "Someone"
        return found, found.title if found else name, how, who, self._team_of(caller) if caller is not None else 0

    def _undertaking_story(self, rest: str, result: DealResult, view: SeatView) -> str:
        caller = view.undertaker
        _, title, how, who, team = self._announced(rest, self.r.undertakings, caller)
        other = (team + 1) % self.teams
        u = next((x for x in self.r.undertakings if x.title == title), None)
        if u is not None and u.caught == "never":  # played out (going alone): judged by the tricks taken
            taken = sum(n for s, n in enumerate(result.seat_tricks) if self._team_of(s) == team)
            gets = team if how == "success" else other
            return (f"{who} {self.called} {title}, played it out and {'succeeded' if how == 'success' else 'failed'} with "
                    f"{taken} of {self.r.tricks_per_deal} tricks: {self.wins(gets, result.balls[gets])}.")
        if how == "success":
            return f"{who} {self.called} {title} and won every trick: {self.wins(team, result.balls[team])}."
        # the catch ends the deal, often inside a trick
        catcher = result.deal.caught_by if result.deal is not None else None
        by = f" by {self.who(catcher)}" if catcher is not None else ""
        if how == "partner_catch":
            if catcher is not None and catcher == self.me:
                by = " by you"  # you beat your own partner's card
            elif caller == self.me:
                by = " by your partner"
            else:
                # (a name alone in the brackets: "their own partner (Priya)", not "(Priya (the left opponent))")
                by = " by their own partner" + (f" ({self.players.get(catcher) or self._chair(catcher)})"
                                                if catcher is not None else "")
        was = "were" if caller == self.me else "was"
        return f"{who} {self.called} {title} and {was} caught{by}: {self.wins(other, result.balls[other])}."

    def _claim_story(self, rest: str, step, view: SeatView) -> str:
        caller = view.claimer
        c, title, how, who, team = self._announced(rest, self.r.claims, caller)
        gainer = step.team if step.team is not None else (team if how == "success" else (team + 1) % self.teams)
        gain = self.wins(gainer, step.balls)
        if how == "success":
            return f"{who} {self.called} {title} and made it: {gain}."
        partner = "your partner" if caller == self.me else "their partner"
        why = f" ({partner} took the last trick)" if how == "partner_catch" else ""
        return f"{who} {self.called} {title} and it failed{why}: {gain}."

    def _each_team_story(self, result: DealResult, steps) -> str:
        """Each team's own formula: what it gave (Whist's tricks over six; honours scored after are told apart)."""
        tricks = " and ".join(f"{self.team(t)} {self.verb(t, 'won', 'won')} {n} trick{'s' if n != 1 else ''}"
                              for t, n in enumerate(result.tricks))
        scores = ", ".join(f"{self.team(s.team)} {self.verb(s.team, 'score', 'scores')} {s.balls}" for s in steps)
        return f"{_cap(tricks)}: {scores}."

    def _each_player_story(self, result: DealResult) -> str:
        """"You bid 2 and won 2 tricks, the left opponent bid 1 and won 0 ...: you score 12, ..." (each player
        scores for their side: a side of one is the player)."""
        bids = result.deal.seat_bids if result.deal is not None and self.r.bidding is not None else None
        played = ", ".join(f"{self.who(s)}{f' bid {bids[s]} and' if bids else ''} won {n} trick{'s' if n != 1 else ''}"
                           for s, n in enumerate(result.seat_tricks))
        scores = ", ".join(f"{self.team(t)} {self.verb(t, 'score', 'scores')} {b}" for t, b in enumerate(result.balls))
        return f"{_cap(played)}: {scores}."

    def verb(self, team: int, plural: str, singular: str) -> str:
        return plural if self.team(team) in ("they", "you") else singular

    def _outcome_story(self, index: int, step, result: DealResult, values: dict[str, tuple]) -> str:
        r = self.r
        outcome = r.outcomes[index]
        maker = result.trump_maker
        makers = self._team_of(maker) if maker is not None else None
        counting = (makers + 1) % self.teams if makers is not None and self.teams == 2 else None
        winner = counting if outcome.winner == "counting" else makers
        if winner is None:
            return _cap(", ".join(self.wins(t, b) for t, b in enumerate(result.balls) if b)) + "."
        balls = step.balls if step.team == winner else result.balls[winner]
        gain = self.wins(winner, balls)
        role = "the counting team" if outcome.winner == "counting" else "the trump makers"
        if self.alone:
            role = "the counting player" if outcome.winner == "counting" else "the trump maker"
        target = _counting_target(r)
        if counting is not None and target is not None and target[0] in values:
            value_name, needed = target
            got = values[value_name][counting]
            counted = "counted" if value_name == "count" else f"have {value_name}"
            if got >= needed:
                return f"{_cap(self.team(counting))} {counted} {got} ({needed} needed): {gain}."
            return f"{_cap(self.team(counting))} {counted} {got} of {needed}: {role} ({self.team(winner)}) " \
                   f"{'wins' if self.alone else 'win'} {_balls(balls, r.unit)}."
        says = f"{_cap(outcome.says)}: " if outcome.says else ""
        return f"{says}{gain}."


def _counting_target(r: Ruleset) -> tuple[str, int] | None:
    """``(team value, number)`` when the counting team wins by reaching a number (``counting.count >= 105``)."""
    for outcome in r.outcomes:
        found = re.fullmatch(r"\s*counting\.(\w+)\s*>=\s*(\d+)\s*", outcome.when.text)
        if outcome.winner == "counting" and found:
            return found.group(1), int(found.group(2))
    return None


def _ball_words(table: BallTable, failed: str, unit: Unit = BALLS) -> str:
    """"Made: 4 balls; caught: 4 to the opponents (8 if the caller's partner catches)." (fixed numbers only)."""
    def fixed(formula) -> int | None:
        text = formula.text.strip()
        return int(text) if text.isdigit() else None

    ok, bad, partner = fixed(table.success), fixed(table.failure), fixed(table.partner_catch)
    parts = []
    if ok is not None:
        parts.append(f"Made: {_balls(ok, unit)}")
    if bad is not None:
        extra = f" ({partner} if the caller's partner catches)" if partner is not None and partner != bad else ""
        parts.append(f"{_cap(failed) if not parts else failed}: {bad} to the opponents{extra}")
    return ("; ".join(parts) + ".") if parts else ""


def team_values(ruleset: Ruleset, deal) -> dict[str, tuple]:
    """Each team value of the ruleset (``count`` ...) for each team, at the end of ``deal`` (the
    game's deal on the table); empty when they cannot be worked out (a cancelled deal)."""
    out = {}
    try:
        env = deal.env()
        for tv in ruleset.team_values:
            out[tv.name] = tuple(tv.formula.evaluate(env.bind_team(t, ruleset.teams)) for t in range(ruleset.teams))
    except Exception:  # noqa: BLE001 - words are a nicety: the arithmetic below them still shows
        return {}
    return out


@dataclass(frozen=True)
class Spot:
    """A seat's place at the table, in percent of the table's width and height."""

    seat: int
    x: float  # the seat's name plate
    y: float
    card_x: float  # its card in the current trick
    card_y: float
    aside_x: float = 50.0  # a card it laid on the table (the closed trump): beside its trick card, a quarter-turn on
    aside_y: float = 50.0  # (touching it, not the plates, on a phone too)

    def label_beside(self, card_x: float, card_y: float) -> str:
        """Where the words beside a card at (card_x, card_y) go (a CSS position): to the card's right, or under it
        for a seat at the side (on a phone, the side seat's plate sat on words to one side, the middle's on the
        other)."""
        if abs(card_x - 50) > 8:
            return f"left:{card_x:.1f}%;top:calc({card_y:.1f}% + 1.45rem);transform:translate(-50%,0);text-align:center"
        return f"left:calc({card_x:.1f}% + 1.8rem);top:{card_y:.1f}%"


def table_spots(me: int, seats: int, direction: str) -> list[Spot]:
    """Every seat's name plate near the table's edge and its trick card nearer the middle."""
    out = []
    for s in range(seats):
        x, y = seat_spot(s, me, seats, direction)
        # (the table is wider than tall: a step aside is more of its height than of its width, clear of the
        # trick card and the plate on a phone too)
        out.append(Spot(s, 50 + 38 * x, 50 + 38 * y, 50 + 17 * x, 50 + 17 * y,
                        50 + 17 * x - 14 * y, 50 + 17 * y + 15 * x))
    return out


def scroll_script(target: str | None = None, *, narrow_only: bool = False, nonce: object = "",
                  block: str = "start") -> str:
    """A script for ``st.html(..., unsafe_allow_javascript=True)`` that brings the page's top (or the
    element ``target``, a CSS selector) into view once the page is drawn. A browser keeps the page
    scrolled where the last click was, which on a phone can leave what the click changed off screen.
    ``narrow_only``: only on a phone-sized screen (where the columns are stacked). ``nonce`` makes the
    script new (a script only runs when it first appears). ``block``: where the target comes to rest
    (``"nearest"``: scrolled just enough to be seen, what is above it stays in view).

    >>> "scrollIntoView" in scroll_script(".pt-book", narrow_only=True)
    True
    >>> "getBoundingClientRect" in scroll_script(".st-key-ed_saved", block="nearest")  # (kept in view for 30 s)
    True
    """
    # the margin keeps the target clear of the app's header bar, which stays at the top of the screen
    # (a last try at 1.5 s: a code editor given a new text, as a save that rewrites its name: line does, is
    # drawn again after the first tries on a busy machine and moves what is below it)
    goal = (f"const el = document.querySelector({_js(target)}); "
            f"if (el) {{ el.style.scrollMarginTop = '4.5rem'; el.scrollIntoView({{block: {_js(block)}}}); }}" if target else
            "document.querySelector('[data-testid=\"stMain\"]')?.scrollTo(0, 0); window.scrollTo(0, 0)")
    when = "window.innerWidth <= 640" if narrow_only else "true"
    if target and block == "nearest":
        # just enough to be seen: what is drawn after it can move it off screen again later than 1.5 s (a
        # code editor given a new text is drawn again seconds later on a busy machine or a slow phone), so it
        # is looked at every quarter second for 30 s and brought back while out of view, until the person
        # scrolls, taps or types (never fighting them); a CI machine saw it moved off screen after 8 s
        return (f"<script>/* {nonce} */ (() => {{ let left = 120, quit = false;"
                " const stop = () => { quit = true; };"
                " for (const e of ['wheel', 'touchstart', 'keydown', 'mousedown']) "
                "window.addEventListener(e, stop, {once: true, capture: true});"
                f" const go = () => {{ if (quit) return; if ({when}) {{"
                f" const el = document.querySelector({_js(target)});"
                " if (el) { const r = el.getBoundingClientRect();"
                f" if (r.top < 0 || r.bottom > window.innerHeight) {{ {goal}; }} }} }}"
                " if (--left > 0) setTimeout(go, 250); };"
                " setTimeout(go, 100); })();</script>")
    return (f"<script>/* {nonce} */ (() => {{ const go = () => {{ if ({when}) {{ {goal}; }} }};"
            f" setTimeout(go, 100); setTimeout(go, 700); setTimeout(go, 1500); }})();</script>")


def _js(text: str) -> str:
    """``text`` as a JavaScript string inside a <script> element."""
    return json.dumps(text).replace("<", "\\u003c")


__all__ = ["Spot", "TableWords", "rulebook_sections", "scroll_script", "seat_spot", "table_spots", "team_values"]
