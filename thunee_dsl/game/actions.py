"""Actions: the small frozen records of what a player does.

An action is written the way the transcript format writes it, ``SEAT VERB [ARGUMENT]``:

>>> Action.parse("2 play 10h")
Action(seat=2, verb='play', arg='TH')
>>> str(Action(1, "call", 20))
'1 call 20'
>>> str(Action(3, "pass"))
'3 pass'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from thunee_dsl.model.cards import normalise_rank

# Verbs whose argument is a card, a number or a suit.
CARD_VERBS = frozenset({"play", "down"})
DOWN = "down"  # a card played face down (a closed trump's cut): written ``SEAT play CARD down``
NUMBER_VERBS = frozenset({"call", "bid"})
PASS = "pass"  # the verb of a pass (in a window, or a bid of its own where tricks are bid)


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    verb: str
    arg: str | int | None = None
    # engine-private: what GameState.apply needs to take this action without a search, set only on the
    # actions the engine's tables make (see thunee_dsl.game.tables); not part of the value (not compared,
    # hashed, shown or passed to __init__)
    _fast: tuple | None = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        # an Action made in code with the wrong kinds of value is refused here, in words, rather than deep in
        # the engine (text goes through Action.parse)
        if type(self.seat) is not int:
            raise TypeError(f"an action's seat is a whole number, got {self.seat!r}")
        if type(self.verb) is not str:
            raise TypeError(f"an action's verb is text such as 'play', got {self.verb!r}")
        if self.arg is not None and type(self.arg) not in (str, int):
            raise TypeError(f"an action's argument is a card, a suit, a number or nothing, got {self.arg!r}")

    def __str__(self) -> str:
        if self.verb == DOWN:
            return f"{self.seat} play {self.arg} down"
        return f"{self.seat} {self.verb}" if self.arg is None else f"{self.seat} {self.verb} {self.arg}"

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Parse ``"SEAT VERB [ARG]"``; ValueError with a readable message if malformed."""
        parts = str(text).split()
        if len(parts) == 4 and parts[1].lower() == "play" and parts[3].lower() == DOWN:
            parts = [parts[0], DOWN, parts[2]]  # a card played face down
        if len(parts) not in (2, 3):
            raise ValueError(f"expected 'SEAT VERB [ARGUMENT]', got '{text}'")
        seat_text, verb = parts[0], parts[1].lower()
        if not seat_text.isdigit():
            raise ValueError(f"the seat must be a number, got '{seat_text}'")
        arg: str | int | None = None
        if len(parts) == 3:
            raw = parts[2]
            if verb in NUMBER_VERBS:
                if not raw.isdigit():
                    raise ValueError(f"'{verb}' takes a number, got '{raw}'")
                arg = int(raw)
            elif verb in CARD_VERBS or (verb == "trump" and len(raw) >= 2 and raw.lower() != "last"):
                arg = _canonical_card(raw)
            else:
                arg = raw.lower() if raw.lower() == "last" else raw.upper()
        return cls(int(seat_text), verb, arg)


def _canonical_card(raw: str) -> str:
    raw = raw.strip().upper()
    return normalise_rank(raw[:-1]) + raw[-1:] if len(raw) >= 2 else raw
