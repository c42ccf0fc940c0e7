"""The reasons the engine gives for a refused action are in the game's words: walked over every shipped ruleset
(every well-formed action that is not legal, at decisions of a few random games).

The engine names seats as transcripts number them ("seat 2", the spec's "seat 2 does not hold QH"), and every
front end says them from the person's chair (``TableWords.refusal``: "you", "your partner", a player's name).
So a reason names a seat only as "seat N" (never a bare number in a list), makes that seat the subject only of
words that read as well of "you" (may, must, can, cannot, is, has: never "it holds", "its partner"), says an
undertaking with the game's own verb (Euchre's going alone is declared, not called), and leaks nothing of the
engine (an expression such as "(dealer+1)", an action's syntax, a Python value).
"""

from __future__ import annotations

import random
import re

import pytest

from thunee_dsl.editor.table import TableWords
from thunee_dsl.game import GameState
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl import shipped_ruleset

from test_legality_one_check import family_candidates

RULESETS = sorted(shipped_rulesets())

# what a reason must not say, in the engine's words
ENGINE_LEAKS = {
    "a seat number without 'seat'": re.compile(r"\bseat \d+ (?:or|and) \d"),
    "the seat as 'it'": re.compile(r"\bits (?:partner|last card|turn)\b|\bit (?:holds|plays|knows|bids|asks|sits|leads"
                                   r"|has won|wins)\b"),
    "an action's syntax": re.compile(r"'\d+ [a-z]+"),
    "an expression of the engine": re.compile(r"\(dealer[+-]|\bNone\b|<[a-z]|object at|\b[A-Z][a-z]+[A-Z]\w*\.[A-Z]"),
    "a number of batches as a plural": re.compile(r"\b1 batch are\b"),
}
# and as a person reads it, from the chair of the seat that tried it
PERSON_LEAKS = {
    "an engine seat number": re.compile(r"\bseat \d", re.I),
    "'you' with a verb said of another": re.compile(r"\byou (?:does|is|was|has|holds|leads|sits|plays|knows|bids|asks"
                                                    r"|makes|wins|passes|scores)\b"),
}


def refusals(name: str, games: int = 2, every: float = 0.25):
    """(action, the engine's reason) for every well-formed action refused at some decisions of random games."""
    ruleset = shipped_ruleset(name)
    for seed in range(games):
        rng = random.Random(seed)
        game = GameState(ruleset, seed=seed, dealer=seed % ruleset.seats)
        for _ in range(300):
            if game.is_over:
                break
            if game.deal is not None and not game.deal.over and rng.random() < every:
                legal = set(game.legal_actions())
                for action in family_candidates(game):
                    if action not in legal and game.offence_of(action) is None:
                        yield action, game.explain_illegal(action)
            legal = game.legal_actions()
            speaking = [a for a in legal if a.verb != "pass"]
            game.apply(rng.choice(speaking) if speaking and rng.random() < 0.4 else rng.choice(legal))


@pytest.mark.parametrize("name", RULESETS)
def test_every_refusal_is_in_the_games_words(name):
    ruleset = shipped_ruleset(name)
    wrong, said = {}, 0
    for action, why in refusals(name):
        said += 1
        for what, pattern in ENGINE_LEAKS.items():
            if pattern.search(why):
                wrong.setdefault(what, why)
        for seat in map(int, re.findall(r"\bseat (\d+)", why)):
            if seat >= ruleset.seats:
                wrong.setdefault("a seat that is not at the table", why)
        if ruleset.calling is None and re.search(r"\bcall(?:s|ed)?\b", why):
            wrong.setdefault("'call' in a game without calls", why)
        person = TableWords(ruleset, action.seat).refusal(why)
        for what, pattern in PERSON_LEAKS.items():
            if pattern.search(person):
                wrong.setdefault(f"{what} (to the person)", person)
    assert said > 20, "the walk met too few refusals to say anything"
    assert not wrong, wrong


def test_the_words_of_the_reasons_named_in_the_notes():
    """The two the last session noticed, as a person at the table reads them."""
    euchre = shipped_ruleset("euchre")
    whys = {why for _, why in refusals("euchre", games=3, every=0.5)}
    alone = [why for why in whys if why.startswith("Going alone")]
    assert alone and all("may only be declared by" in why for why in alone), alone
    closed = {why for _, why in refusals("304", games=3, every=0.5) if "closed trump card" in why}
    assert closed and all(why.endswith("is the closed trump card: it is played only face down, to cut, or as the "
                                       "last card in hand, until trumps are shown") for why in closed), closed
