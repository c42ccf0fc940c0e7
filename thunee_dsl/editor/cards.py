"""Cards and actions in words a card player reads at a glance.

Cards are written rank then suit (``TH``); people read "10♥". Suits get the four-colour-deck colours
(spades black, hearts red, diamonds blue, clubs green), so a suit is told by colour as well as by
symbol. Suits a ruleset names otherwise keep their letter.

>>> card_label("TH")
CardLabel(card='TH', rank='10', suit='H', symbol='♥', suit_name='hearts', colour='red')
>>> card_label("9s").text, card_label("JD").words
('9♠', 'Jack of diamonds')
>>> from thunee_dsl.game.actions import Action
>>> action_label(Action(2, "call", 20)), action_label(Action(1, "trump", "last")), action_label(Action(0, "pass"))
('Call 20', 'Make trumps with the last card', 'Pass')
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from thunee_dsl.game.actions import Action
from thunee_dsl.model.cards import normalise_rank

SUITS = {
    "S": ("♠", "spades", "black"),
    "H": ("♥", "hearts", "red"),
    "D": ("♦", "diamonds", "blue"),
    "C": ("♣", "clubs", "green"),
}
RANK_TEXT = {"T": "10"}
RANK_WORDS = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace", "T": "10"}


@dataclass(frozen=True)
class CardLabel:
    card: str  # canonical name, e.g. "TH"
    rank: str  # as printed, e.g. "10"
    suit: str  # the suit letter
    symbol: str  # "♥", or the letter for a suit without a symbol
    suit_name: str
    colour: str  # "black" | "red" | "blue" | "green"

    @property
    def text(self) -> str:
        """Rank and suit symbol, e.g. ``10♥``."""
        return f"{self.rank}{self.symbol}"

    @property
    def words(self) -> str:
        """e.g. ``Queen of spades``."""
        return f"{RANK_WORDS.get(self.card[:-1], self.rank)} of {self.suit_name}"


def suit_label(suit: str) -> tuple[str, str, str]:
    """(symbol, name, colour) of a suit letter."""
    s = str(suit).upper()
    return SUITS.get(s, (s, s, "black"))


def card_label(card: str) -> CardLabel:
    """The label of a card name (``TH``, ``10h``, ``9S``)."""
    raw = str(card).strip().upper()
    rank, suit = normalise_rank(raw[:-1]), raw[-1:]
    symbol, name, colour = suit_label(suit)
    return CardLabel(rank + suit, RANK_TEXT.get(rank, rank), suit, symbol, name, colour)


def card_text(card: str | None) -> str:
    """``10♥``, or ``?`` for a card this seat may not see."""
    return "?" if card is None else card_label(card).text


HIDDEN = "??"  # a card another seat played face down, as the seat's view shows it (game/view.py)
# a card's back: drawn where a card lies face down (the closed trump, a cut), in the drawing's own shape (its class)
BACK_STYLE = ("background:repeating-linear-gradient(45deg,#1f4f8f 0 4px,#3468b0 4px 8px);color:#fff;"
              "border:2px solid #f4f4f4;outline:1px solid #555")


def card_back(cls: str, style: str = "", title: str = "a card face down", text: str = "", data: str = "") -> str:
    """A card lying face down, drawn as its back (HTML): nothing of the card in it (a seat that may not see the
    card is never sent it). ``text``: a word on the back ("trump"); ``data``: the element's data attributes."""
    inner = f'<small style="font-size:.55em;font-weight:700">{html.escape(text)}</small>' if text else "&nbsp;"
    return (f'<span class="{cls}" data-back="1"{data} title="{html.escape(title)}" style="{style};{BACK_STYLE}">'
            f'{inner}</span>')


def action_label(action: Action, ruleset=None) -> str:
    """What a button for ``action`` says (titles of undertakings, Jodies and claims from the ruleset)."""
    verb, arg = action.verb, action.arg
    if verb == "pass":
        return "Pass"
    if verb == "play":
        return f"Play {card_text(arg)}"
    if verb == "down":  # (a closed trump's cut: trumps.revealed: on demand)
        return f"Play {card_text(arg)} face down"
    if verb == "ask":
        return "Ask for trumps"
    if verb == "trump":
        if arg == "last":
            return "Make trumps with the last card"
        if arg is not None and len(str(arg)) == 1:
            symbol, name, _ = suit_label(arg)
            return f"Trumps: {name} {symbol}"
        return f"Make trumps with {card_text(arg)}" if arg is not None else "Make trumps"
    if verb in ("call", "bid"):
        return f"{verb.capitalize()} {arg}"
    title = _title(verb, ruleset)
    if arg is not None and len(str(arg)) == 1:
        symbol, name, _ = suit_label(arg)
        return f"{title} in {name} {symbol}"
    return title if arg is None else f"{title} {arg}"


def _title(verb: str, ruleset) -> str:
    if ruleset is not None:
        for finder in (ruleset.undertaking_by_verb, ruleset.declaration_by_verb, ruleset.claim_by_verb):
            item = finder(verb)
            if item is not None:
                return item.title
    return verb.replace("-", " ").capitalize()


def history_line(text: str, ruleset=None, name=None) -> str:
    """A line of a seat's history (``"2 play TH"``, ``"1 trump ??"``) in words: ``seat 2: Play 10♥``;
    ``name(seat)`` names the seat instead ("your partner (seat 2)")."""
    parts = str(text).split()
    if len(parts) < 2 or not parts[0].isdigit():
        return str(text)
    who = name(int(parts[0])) if name else f"seat {parts[0]}"
    if parts[1:] == ["play", HIDDEN, "down"]:
        return f"{who}: plays a card face down"
    if len(parts) == 3 and parts[2] == "??":
        if parts[1] == "trump":
            return f"{who}: makes trumps (card face down)"
        return f"{who}: {_title(parts[1], ruleset)} (suit hidden)"
    try:
        action = Action.parse(text)
    except ValueError:
        return str(text)
    return f"{who}: {action_label(action, ruleset)}"


__all__ = ["BACK_STYLE", "CardLabel", "HIDDEN", "SUITS", "action_label", "card_back", "card_label", "card_text", "history_line", "suit_label"]
