"""Klaverjas (Rotterdam, rulesets/klaverjas.yaml) and its Amsterdam overlay (klaverjas-amsterdam.yaml): the golden
transcripts of tests/transcripts/klaverjas/, each deal's arithmetic worked by hand in its comments from the rules
as followed (docs/rules/klaverjas.md), and the refusals with their reasons (a revoke, trumps made by the wrong
player, the duties to trump of each city)."""

from __future__ import annotations

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import TranscriptError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.transcript import replay_file, replay_text

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "transcripts" / "klaverjas"
AMSTERDAM = ROOT / "tests" / "transcripts" / "klaverjas-amsterdam"


def replayed(name: str, folder: Path = HERE):
    return replay_file(folder / name)


def refusal(name: str, *replacements: tuple[str, str], folder: Path = HERE) -> str:
    """The one-line error of a transcript of ``folder`` with some of its text replaced."""
    text = (folder / name).read_text()
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    with pytest.raises(TranscriptError) as excinfo:
        replay_text(text, name, base_dir=folder)
    return str(excinfo.value)


def winners(report) -> list[int]:
    return [winner for _, _, winner in report.game.deal.tricks]


# --- the cards: ranks and points by trump -------------------------------------------------------------------


def test_the_jack_and_nine_of_trumps_are_the_highest_trumps_and_count_20_and_14():
    report = replayed("made_with_roem.yaml")
    # trick 1: AS, 8S, 9S, 7H: the Nine of trumps beats the Ace (seat 3); trick 2: JS, 9D, QS, KS: the Jack wins;
    # tricks 5-8 in plain suits: A and 10 above K, the Jack below the Queen (docs/rules/klaverjas.md)
    assert winners(report) == [3, 3, 3, 3, 1, 1, 0, 0]
    (deal,) = report.deals
    assert deal.card_points == (43, 109)  # team 1: 25 + 27 + 10 + 3 + 27 + 17; team 0: 19 + 24
    assert sum(deal.card_points) == 152  # trumps 62 + three plain suits of 30


def test_the_last_trick_counts_10_more():
    (deal,) = replayed("made_with_roem.yaml").deals
    # team 0 won the last trick: 43 card points + 10 + 50 roem = 103
    assert deal.balls[0] == 43 + 10 + 50 == 103


# --- roem ---------------------------------------------------------------------------------------------------


def test_roem_three_in_sequence_and_the_stuk_score_together_for_the_tricks_winners():
    (deal,) = replayed("made_with_roem.yaml").deals
    # trick 2 (won by seat 3, team 1): JS QS KS is J-Q-K of trumps, 20, and K+Q of trumps, the stuk, 20 besides;
    # trick 7 (won by seat 0, team 0): KH QH JH TH is four in sequence, 50
    assert deal.declared == (50, 40)
    assert deal.balls == (103, 149)  # team 1: 109 + 40; made, each team its own


def test_a_run_of_three_in_a_plain_suit_scores_20_and_the_stuk_alone_20():
    (deal,) = replayed("pit.yaml").deals
    # trick 3 KH QH (hearts trumps): the stuk 20; trick 6 AS QS TS KS: Q-K-A of spades 20 (10 and Q not adjacent)
    assert deal.declared == (0, 40)


# --- the playing team: more than half, or nat; the pit ------------------------------------------------------


def test_the_playing_team_needs_more_than_half_or_goes_nat():
    (deal,) = replayed("nat.yaml").deals
    # the makers (team 1) 90 card points, no roem; the opponents 62 + 10 + 50 roem = 122: 90 is not more than
    # half of 212: nat, the opponents score 162 + all roem (50) = 212, the makers nothing
    assert deal.card_points == (62, 90) and deal.declared == (50, 0)
    assert deal.balls == (212, 0)


def test_the_playing_team_that_has_more_than_half_scores_its_own_points():
    (deal,) = replayed("made_with_roem.yaml").deals
    assert deal.trump_maker == 1 and deal.balls[1] == 149 > deal.balls[0]


def test_a_pit_all_eight_tricks_scores_100_more():
    (deal,) = replayed("pit.yaml").deals
    assert deal.tricks == (0, 8)
    assert deal.balls == (0, 152 + 10 + 40 + 100)  # 302


# --- the game: 16 deals, the higher total wins ---------------------------------------------------------------


def test_a_game_is_16_deals_and_the_higher_total_wins():
    report = replayed("whole_game.yaml")
    assert len(report.deals) == 16
    assert [d.dealer for d in report.deals] == [i % 4 for i in range(16)]  # the deal passes to the left
    assert report.score == (1784, 2298) and report.winner == 1


def test_no_deal_after_the_sixteenth():
    text = (HERE / "whole_game.yaml").read_text()
    first = text.split("  - dealer: 1")[0].split("deals:\n", 1)[1]  # deal 1, dealt by seat 0
    with pytest.raises(TranscriptError, match="deal 17"):
        replay_text(text + first, "whole_game.yaml", base_dir=HERE)


# --- the duties of play: Rotterdam ----------------------------------------------------------------------------


def test_a_revoke_is_refused_with_its_reason():
    message = refusal("pit.yaml", ("- 3 play 7H", "- 3 play QC"))
    # trick 1, hearts led: seat 3 holds QH 8H 7H, so a club is refused
    assert '"3 play QC"' in message and "follow suit" in message
    assert message.endswith("legal now: 3 play QH, 3 play 8H, 3 play 7H")


def test_only_the_elder_hand_chooses_trumps():
    message = refusal("pit.yaml", ("- 1 trump H", "- 2 trump H"))
    # dealer 0: seat 1, the dealer's left, must choose
    assert '"2 trump H"' in message and "legal now: 1 trump S, 1 trump H, 1 trump D, 1 trump C" in message


def test_on_a_trump_lead_each_player_must_overtrump_if_able():
    message = refusal("made_with_roem.yaml", ("- 3 play 9S", "- 3 play 7S"))
    # trick 1: AS led (spades trumps); seat 3 holds 9S JS 7S TS: the 9 and the Jack beat the Ace
    assert "overtrump on a trump lead" in message
    assert message.endswith("legal now: 3 play JS, 3 play 9S")


def test_rotterdam_a_void_player_must_trump_even_when_the_partner_wins():
    message = refusal("partner_winning.yaml", ("ruleset: klaverjas-amsterdam", "ruleset: klaverjas"),
                      folder=AMSTERDAM)
    # trick 2: seat 3 leads TC and wins it so far; seat 1 (its partner) has no club: Rotterdam refuses the TH
    assert '"1 play TH"' in message and "trump when void, even over the partner" in message
    assert message.endswith("legal now: 1 play 8S, 1 play 7S")


# a position for undertrumping: dealer 2, seat 3 (elder hand) makes spades trumps and leads KC; seat 0, with no
# club, trumps with TS; seat 1 has no club and only trumps below the TS (8S 7S)
UNDER = {0: "AS TS AH KH 7D QD JD KD", 1: "TH QH 7H 8D TD 8S 7S 9D",
         2: "KS QS JH 9H 8H 8C 7C JC", 3: "JS 9S AD TC AC KC QC 9C"}


def position(name: str) -> GameState:
    ruleset = load_ruleset(name)
    game = GameState(ruleset, seed=0, dealer=2, auto_deal=False)
    game.start_deal([[ruleset.deck.card(c) for c in UNDER[s].split()] for s in range(4)])
    for text in ("3 trump S", "3 play KC", "0 play TS"):
        game.apply(Action.parse(text))
    return game


def legal(game: GameState) -> set[str]:
    return {a.arg for a in game.legal_actions() if a.verb == "play"}


def test_rotterdam_a_void_player_who_cannot_overtrump_must_undertrump():
    assert legal(position("klaverjas")) == {"8S", "7S"}


# --- Amsterdam ------------------------------------------------------------------------------------------------


def test_amsterdam_no_duty_to_trump_while_the_partner_wins_the_trick():
    report = replayed("partner_winning.yaml", AMSTERDAM)
    (deal,) = report.deals
    # worked in the transcript: team 1 (the makers) 103, team 0 49 + 10 last trick; no roem
    assert deal.card_points == (49, 103) and deal.declared == (0, 0)
    assert deal.balls == (59, 103)


def test_amsterdam_no_undertrumping_unless_the_hand_holds_nothing_else():
    assert legal(position("klaverjas-amsterdam")) == {"TH", "QH", "7H", "8D", "TD", "9D"}
    message = refusal("partner_winning.yaml", ("- 1 play 8D", "- 1 play 8S"), folder=AMSTERDAM)
    # trick 5: seat 0's TS wins; seat 1 cannot beat it, and holds diamonds: the 8S would undertrump
    assert "no undertrumping unless the hand holds nothing else" in message
    assert message.endswith("legal now: 1 play TD, 1 play 8D")  # (in the deck's order: A 10 K Q J 9 8 7)


def test_amsterdam_a_void_player_must_head_the_trick_when_an_opponent_wins_it():
    message = refusal("partner_winning.yaml", ("- 2 play QS", "- 2 play 9H"), folder=AMSTERDAM)
    # trick 3: seat 3 (an opponent of seat 2) wins with AC; seat 2 has no club and holds KS QS: it must trump
    assert "head the trick when void and an opponent is winning it" in message
    assert message.endswith("legal now: 2 play KS, 2 play QS")


def test_the_same_deal_scores_the_same_in_both_cities_when_no_duty_differs():
    for name in ("made_with_roem.yaml", "nat.yaml", "pit.yaml"):
        text = (HERE / name).read_text().replace("ruleset: klaverjas", "ruleset: klaverjas-amsterdam")
        assert replay_text(text, name).deals[0].balls == replayed(name).deals[0].balls
