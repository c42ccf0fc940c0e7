"""Issue 25 item 6: going alone (Euchre, docs/rules/euchre.md). The player who makes trumps may go alone as
trumps are made (``after: make trumps``): the partner sits out (``partner: sits out``: its hand laid face down,
tricks of three cards, the turn passing over it), the lone hand is played out (``caught: never``) and judged
at the end by ``succeeds_if`` with a partial success in the ball table. Three deals of tests/game/rulesets/
going-alone.yaml played card by card, the arithmetic worked by hand from rarepike's table ("Lone maker takes 3
or 4 tricks 1 / all 5 tricks (lone march) 4 / fewer than 3 (euchred) 2"); what the sitting-out seat and the
others see; and what the compile step refuses, located."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.loading import load_ruleset_text
from thunee_dsl.model import compile_ruleset

ROOT = Path(__file__).resolve().parents[2]
RULESET = ROOT / "tests" / "game" / "rulesets" / "going-alone.yaml"


@pytest.fixture(scope="module")
def euchre():
    return load_ruleset(str(RULESET))


def dealt(ruleset, hands: dict[int, str], dealer: int = 0) -> GameState:
    """A deal dealt ``hands`` (seat -> card names); the four cards left over are the undealt kitty."""
    game = GameState(ruleset, seed=0, dealer=dealer, auto_deal=False)
    game.start_deal([[ruleset.deck.card(c) for c in hands[s].split()] for s in range(ruleset.seats)])
    return game


def play(game: GameState, tricks: str) -> list[int]:
    """Play ``tricks`` (one trick a line: "SEAT CARD, ..."), checking each card is offered; the seats asked."""
    asked = []
    for line in tricks.strip().splitlines():
        for said in line.split(","):
            seat, card = said.split()
            action = Action(int(seat), "play", card)
            asked.append(game.to_act)
            assert action in game.legal_actions(), (said, game.legal_actions())
            game.apply(action)
    return asked


def hearts_by_seat_1(ruleset, hands: dict[int, str], said: str, tricks: str) -> tuple[GameState, list[int]]:
    """Dealt ``hands``, seat 1 names hearts and says ``said`` (alone, or pass), then ``tricks`` are played."""
    game = dealt(ruleset, hands)
    game.apply(Action.parse("1 trump H"))
    game.apply(Action(1, said))
    return game, play(game, tricks)


# Dealer 0: seat 1 (the dealer's left) names trumps and leads; seat 3, its partner, sits out. Hearts are
# trumps: the right bower JH, then the left bower JD (a heart for the whole deal), then A K Q T 9 of hearts.
SITTER = "AC KC QC JC TC"


def test_a_lone_march_scores_4(euchre):
    game = dealt(euchre, {1: "JH JD AH KH AS", 2: "QH TH 9S KS QS", 0: "9H AD KD QD TD", 3: SITTER})
    game.apply(Action.parse("1 trump H"))
    assert set(game.legal_actions()) == {Action(1, "alone"), Action(1, "pass")}  # offered to the maker alone
    game.apply(Action.parse("1 alone"))
    asked = play(game, """
        1 JH, 2 QH, 0 9H
        1 JD, 2 TH, 0 TD
        1 AH, 2 9S, 0 QD
        1 KH, 2 KS, 0 KD
        1 AS, 2 QS, 0 AD""")
    # trick 1: the right bower wins; 2: the left bower is a trump (seat 2 follows with TH, seat 0 has no
    # trump left); 3, 4: AH, KH the top trumps left; 5: AS over QS. Five tricks of three cards, seat 3 never
    # asked: a lone march, 4 points to seat 1's team (team 1)
    assert 3 not in asked and asked[:3] == [1, 2, 0]
    result = game.results[-1]
    assert sum(a.verb == "play" for a in game.deals[-1].actions) == 15 and result.seat_tricks == (0, 5, 0, 0)
    assert result.balls == (0, 4)
    assert game.score == [0, 4]
    assert result.steps[0].path == "undertakings.alone.success"
    assert "5 tricks of 5" in " ".join(result.explanation)


def test_a_lone_hand_of_three_tricks_scores_1(euchre):
    game, _ = hearts_by_seat_1(euchre, {1: "JH JD AH 9D 9C", 2: "QH TH KS QS JS", 0: "9H AD KD QD TD", 3: SITTER},
                               "alone", """
        1 JH, 2 QH, 0 9H
        1 JD, 2 TH, 0 TD
        1 AH, 2 KS, 0 QD
        1 9D, 2 JS, 0 AD
        0 KD, 1 9C, 2 QS""")
    # tricks 1-3 to seat 1 (JH, JD, AH); trick 4: seat 0's AD beats 9D (seat 2 has no diamond); trick 5:
    # seat 0 leads KD, nobody follows. The lone hand takes 3 tricks: a success (callers.tricks >= 3), but
    # not all five: 1 point to team 1
    assert game.results[-1].seat_tricks == (2, 3, 0, 0)
    assert game.results[-1].balls == (0, 1)


def test_a_lone_hand_euchred_gives_the_opponents_2(euchre):
    game, _ = hearts_by_seat_1(euchre, {1: "JH 9D 9C TS 9S", 2: "QH TH KS QS JS", 0: "9H AD KD QD TD", 3: SITTER},
                               "alone", """
        1 JH, 2 QH, 0 9H
        1 9D, 2 TH, 0 AD
        2 KS, 0 TD, 1 9S
        2 QS, 0 QD, 1 TS
        2 JS, 0 KD, 1 9C""")
    # trick 1 to seat 1 (the right bower); trick 2: seat 2, void in diamonds, trumps with TH; then seat 2's
    # spades win (seat 0 has none, seat 1 follows low). The lone hand takes 1 trick: euchred, the opponents
    # (team 0) score 2
    assert game.results[-1].seat_tricks == (0, 1, 4, 0)
    result = game.results[-1]
    assert result.balls == (2, 0)
    assert result.steps[0].path == "undertakings.alone.failure"


def test_the_makers_without_going_alone_score_as_the_outcomes_say(euchre):
    # the same cards as the lone hand of three tricks, the maker passing: its partner plays too
    game, asked = hearts_by_seat_1(euchre, {1: "JH JD AH 9D 9C", 2: "QH TH KS QS JS", 0: "9H AD KD QD TD",
                                            3: "AC KC QC JC TC"}, "pass", """
        1 JH, 2 QH, 3 AC, 0 9H
        1 JD, 2 TH, 3 KC, 0 TD
        1 AH, 2 KS, 3 QC, 0 QD
        1 9D, 2 JS, 3 JC, 0 AD
        0 KD, 1 9C, 2 QS, 3 TC""")
    # four cards a trick, seat 3 asked; the makers (team 1) take 3 tricks: 1 point (scoring.outcomes.1)
    assert 3 in asked
    result = game.results[-1]
    assert result.balls == (0, 1) and result.steps[-1].path == "scoring.outcomes.1"


def test_the_seat_that_sits_out_is_never_asked_and_plays_no_card(euchre):
    game = dealt(euchre, {1: "JH JD AH KH AS", 2: "QH TH 9S KS QS", 0: "9H AD KD QD TD", 3: SITTER})
    game.apply(Action.parse("1 trump H"))
    game.apply(Action.parse("1 alone"))
    game.apply(Action.parse("1 play JH"))
    game.apply(Action.parse("2 play QH"))
    refusal = game.explain_illegal(Action.parse("3 play AC"))
    assert "sits out" in refusal and game.offence_of(Action.parse("3 play AC")) is None  # not an offence
    for seat in range(4):
        view = game.view(seat)
        assert view.sits_out == 3
        if seat != 3:
            assert not set(view.hand) & set(SITTER.split())  # its cards never shown to another seat
    sitter = game.view(3)
    assert sitter.legal == () and set(sitter.hand) == set(SITTER.split())  # its own hand, laid down, and the table
    assert game.to_act == 0 and sitter.hand_sizes[3] == 5  # (its cards stay on the table, face down)
    assert sitter.trick == ((1, "JH"), (2, "QH"))


def test_going_alone_is_offered_only_as_trumps_are_made(euchre):
    game = dealt(euchre, {1: "JH JD AH KH AS", 2: "QH TH 9S KS QS", 0: "9H AD KD QD TD", 3: SITTER})
    assert "as trumps are made" in game.explain_illegal(Action.parse("1 alone"))
    game.apply(Action.parse("1 trump H"))
    game.apply(Action.parse("1 pass"))
    assert "as trumps are made" in game.explain_illegal(Action.parse("1 alone"))


def ruleset_with(edit: str, replace: str = ""):
    text = RULESET.read_text()
    if replace:
        assert replace in text
        text = text.replace(replace, edit)
    return compile_ruleset(load_ruleset_text(text, "alone.yaml"))


@pytest.mark.parametrize("old, new, found", [
    ("  seats: 4\n  teams: 2", "  seats: 2\n  teams: 2", "a player alone has no partner to sit out"),
    ("    after: make trumps\n", "    after: make trumps\n    after_batch: 2\n", "write one of them"),
    ("    caught: never\n", "    caught: when a trick is lost\n", "write 'caught: never'"),
    ("sequence: [deal 1, deal 2, make trumps, play]", "sequence: [deal 1, make trumps, deal 2, play]", None),
])
def test_refusals_are_located(old, new, found):
    if found is None:  # (making trumps between the batches is fine)
        ruleset_with(new, old)
        return
    with pytest.raises(RulesetError) as err:
        ruleset_with(new, old)
    text = str(err.value)
    assert found in text, text
    line = text.split(":")
    assert line[0].endswith("alone.yaml") and line[1].isdigit() and line[2].isdigit()  # file:line:column


TRANSCRIPT = ROOT / "tests" / "transcripts" / "cards" / "euchre_going_alone.yaml"


def test_the_transcript_of_a_lone_march_and_a_lone_hand_euchred_replays():
    from thunee_dsl.game.transcript import replay_file
    report = replay_file(TRANSCRIPT)
    # worked in the transcript's comments: a lone march (4 to team 1), then a lone hand euchred (2 to team 1)
    assert report.score == (0, 6)
    deal = report.game.deal  # the second deal: seat 2 alone, seat 0 sits out, tricks of three cards
    assert deal.sits_out == 0
    assert [len(cards) for _, cards, _ in deal.tricks] == [3] * 5
    assert [winner for _, _, winner in deal.tricks] == [2, 2, 1, 1, 3]  # the left bower JC takes the last


def test_thunee_dsl_replay_says_how_a_lone_hand_went(capsys):
    from thunee_dsl.cli.main import main
    main(["replay", str(TRANSCRIPT), "--format", "text"])
    out = capsys.readouterr().out
    assert "announced Going alone, played it out and succeeded with 5 of 5 tricks" in out
    assert "played it out and failed with 2 of 5 tricks" in out and "score 0-6" in out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_lone_hand_scores_by_the_tricks_it_takes_in_any_deal(euchre, seed):
    # random deals in which the maker goes alone: tricks of three, the sitter never plays, and rarepike's table
    # (5 tricks: 4; 3 or 4: 1; fewer: 2 to the opponents) decides the points
    rng = random.Random(seed)
    game = GameState(euchre, seed=seed, dealer=seed % 4)
    while not game.is_over and len(game.deals) < 3:
        deal = game.deal
        while game.deal is deal and not deal.over:
            legal = game.legal_actions()
            alone = [a for a in legal if a.verb == "alone"]
            game.apply(alone[0] if alone else rng.choice(legal))
        result = game.results[-1]
        maker, partner = result.trump_maker, (result.trump_maker + 2) % 4
        assert result.undertaking == "alone" and deal.sits_out == partner
        assert all(len(cards) == 3 and partner not in dict(cards) for _, cards, _ in deal.tricks)
        taken = result.seat_tricks[maker]
        expected = [0, 0]
        expected[maker % 2 if taken >= 3 else 1 - maker % 2] = 4 if taken == 5 else 1 if taken >= 3 else 2
        assert list(result.balls) == expected, (taken, result.balls)
