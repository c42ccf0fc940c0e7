"""The deal's sequence: ``sequence:`` (``deal N``, ``make trumps``, ``calling``, ``bidding``, ``undertakings``,
``redeal``, ``concede``, ``play``) as typed steps; which steps may come again, and their order (cards dealt
before anyone acts on them, trumps settled before the first trick)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thunee_dsl.model.compile.bidding import check_bidding_again
from thunee_dsl.model.compile.calling import check_calling_again
from thunee_dsl.model.ruleset import STEP_WORDS, BiddingStep, CallingStep, DealBatch, Step

if TYPE_CHECKING:
    from thunee_dsl.model.compile import Compiler

_REPEATABLE = ("calling", "undertakings", "play")  # steps a sequence may hold more than once
# why each other step runs only once a deal (said when one appears twice)
_ONCE = {"make trumps": "trumps are made once a deal (a later 'calling' lets a caller take them over)",
         "concede": "the players are asked once whether their team gives up the deal",
         "redeal": "the players are asked once whether to throw the cards in"}
_BEFORE_PLAY = frozenset({"make trumps", "calling", "bidding", "concede", "redeal"})
"""Steps that settle trumps or the deal itself, so must come before the first trick."""


def words(c: Compiler, batches) -> tuple[str, ...]:
    """The sequence as written, checked against the deal's batches and the sections it names."""
    steps = tuple(c.data["sequence"])
    sections = {"make trumps": "trumps", "calling": "calling", "undertakings": "undertakings",
                "redeal": "redeal"}
    deals = [int(s.split()[1]) for s in steps if s.startswith("deal ")]
    if deals != list(range(1, len(batches) + 1)):
        c.problem(("sequence",), f"the sequence must deal the {len(batches)} batches of deal.batches "
                  f"in order (deal 1 ... deal {len(batches)}), found: {', '.join(s for s in steps if s.startswith('deal')) or 'none'}")
    if "play" not in steps or steps[-1] != "play":
        c.problem(("sequence",), "the sequence must end with a 'play' step")
    for i, step in enumerate(steps):
        section = sections.get(step)
        if section and section not in c.data:
            c.problem(("sequence", i), f"step '{step}' needs a '{section}:' section")
        if step not in _REPEATABLE and step != "bidding" and step in steps[:i] and not step.startswith("deal"):
            c.problem(("sequence", i), f"step '{step}' appears twice: {_ONCE.get(step, 'it runs once a deal')} "
                      f"(only {', '.join(repr(s) for s in _REPEATABLE)} may come again)")
    check_calling_again(c, steps)
    check_bidding_again(c, steps)  # (a later bidding: said there, with what it needs)
    if "trumps" in c.data and "make trumps" not in steps and not turned_up_trumps(c):
        c.problem(("trumps",), "there is a trumps section but no 'make trumps' step in the sequence")
    return steps


def turned_up_trumps(c: Compiler) -> bool:
    """Trumps are the turn-up's suit alone (trumps.ways: [turn-up]): made as the card is turned, with no
    'make trumps' step."""
    ways = c.get("trumps", "ways", default=None)
    return isinstance(ways, list) and ways == ["turn-up"]


def steps(words: tuple[str, ...]) -> tuple[Step, ...]:
    """The typed steps of the sequence's words."""
    return tuple(_step(word, word in words[:i]) for i, word in enumerate(words))


def _step(word: str, again: bool = False) -> Step:
    """A step of the sequence by its word (the schema allows only these: ``deal N`` and STEP_WORDS); ``again``:
    the word came before in the sequence (a later calling goes on from the last call)."""
    if word.startswith("deal "):
        return DealBatch(int(word.split()[1]))
    if again and word == CallingStep.text:
        return CallingStep(again=True)
    if again and word == BiddingStep.text:
        return BiddingStep(again=True)
    return STEP_WORDS[word]()


def check_step_order(c: Compiler, steps: tuple[str, ...]) -> None:
    """Cards are dealt before anyone acts on them; trumps are settled before the first trick."""
    first_deal = next((i for i, step in enumerate(steps) if step.startswith("deal ")), None)
    for i, step in enumerate(steps[:first_deal]):
        if not step.startswith("deal "):
            c.problem(("sequence", i), f"step '{step}' comes before any cards are dealt: "
                      f"start the sequence with 'deal 1'")
    first_play = steps.index("play") if "play" in steps else len(steps)
    for i, step in enumerate(steps):
        if i > first_play and step in _BEFORE_PLAY:
            c.problem(("sequence", i), f"step '{step}' comes after the first 'play': trumps are "
                      f"settled (made, called or bid for) before the first trick is led")
    # A 'play' step plays tricks until the hands are empty: the next one needs cards dealt first.
    plays = [i for i, step in enumerate(steps) if step == "play"]
    for before, i in zip(plays, plays[1:]):
        if not any(step.startswith("deal ") for step in steps[before + 1:i]):
            c.problem(("sequence", i), "step 'play' comes after another 'play' with no cards dealt "
                      "between them: the first plays every card in hand, so this one would have none "
                      "(deal a batch between them, or remove one)")
