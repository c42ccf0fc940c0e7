"""Short whist (rulesets/whist.yaml, The Laws of Whist 1-10): the golden transcripts of tests/transcripts/whist/ and
the worked examples of docs/rules/whist.md, each figure worked by hand in the transcript's comments; and the
refusals a whist table makes (a revoke, a lead out of turn, a trump named where the turn-up makes it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError, TranscriptError
from thunee_dsl.game.transcript import replay_text

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "transcripts" / "whist"
EXAMPLES = ROOT / "docs" / "rules" / "transcripts"


def replay(path: Path, text: str | None = None) -> dict:
    return replay_text(path.read_text() if text is None else text, str(path)).to_json()


def test_whist_deals_thirteen_cards_each_from_fifty_two():
    rules = load_ruleset("whist")
    assert (rules.seats, rules.teams, rules.deck.size, rules.hand_size, rules.tricks_per_deal) == (4, 2, 52, 13, 13)
    assert load_ruleset("short-whist").name == "whist"  # found by its other name


def test_each_trick_over_six_is_a_point_and_three_honours_between_partners_two():
    (deal,) = replay(EXAMPLES / "whist-1.yaml")["deals"]
    # team 1: 8 tricks, 8 - 6 = 2; AH, KH (seat 1) and JH (seat 3): three honours pooled, 2; 2 + 2 = 4
    assert deal["trump"] == "H" and deal["tricks"] == [5, 8] and deal["balls"] == [0, 4]
    assert "Honours as dealt, team 1 (seats 1, 3): 3 honours, 2 (counted after the tricks)" in deal["explanation"]


def test_the_dealers_last_card_is_turned_up_for_trumps():
    text = (EXAMPLES / "whist-1.yaml").read_text()
    assert replay(EXAMPLES / "whist-1.yaml")["deals"][0]["trump"] == "H"  # the QH, seat 0's thirteenth card
    with pytest.raises(RulesetError, match=r"whist-1.yaml:20:14: deal 1: turn_up .3C. but the turn-up is QH "
                                           r"\(deal.turn_up: dealer's last card\)"):
        replay(EXAMPLES / "whist-1.yaml", text.replace("    turn_up: QH", "    turn_up: 3C"))


def test_tricks_score_before_honours():
    out = replay(HERE / "tricks_score_before_honours.yaml")
    (deal,) = out["deals"]
    # team 0 at 4 takes 7 tricks: 4 + 1 = 5, the game; team 1's four honours (4, from 1) would have made 5 too,
    # but come after the tricks: the game is team 0's, 5 - 1, a double
    assert deal["tricks"] == [7, 6] and deal["balls"] == [1, 0]
    assert deal["game_won"] == {"team": 0, "value": 2, "says": "a double", "score": [5, 1]}
    assert out["games"] == [1, 0] and out["winner"] is None  # the rubber goes on


def test_a_side_at_four_cannot_score_honours():
    deals = replay(HERE / "a_whole_rubber.yaml")["deals"]
    # deal 3: team 1 at 4 holds three honours (2) and takes two odd tricks: 2 points only
    assert deals[2]["tricks"] == [5, 8] and deals[2]["balls"] == [0, 2]
    # deal 1: the same cards for the same side from 0: 2 + 2
    assert deals[0]["balls"] == [0, 4]


def test_a_game_is_five_points_and_points_beyond_five_are_not_kept():
    deals = replay(HERE / "a_whole_rubber.yaml")["deals"]
    assert deals[2]["game_won"]["score"] == [4, 5]  # 4 + 2 = 6 counts as 5
    assert deals[2]["score_after"] == [0, 0] and deals[3]["score_after"] == [4, 0]  # the scores start again


def test_a_game_is_a_treble_a_double_or_a_single_by_the_losers_score():
    assert replay(HERE / "treble.yaml")["deals"][0]["game_won"] == {"team": 0, "value": 3, "says": "a treble",
                                                                    "score": [5, 0]}
    assert replay(HERE / "tricks_score_before_honours.yaml")["deals"][0]["game_won"]["says"] == "a double"  # at 1
    assert replay(EXAMPLES / "whist-2.yaml")["deals"][0]["game_won"]["value"] == 2  # losers at 2: a double
    won = [d["game_won"] for d in replay(HERE / "a_whole_rubber.yaml")["deals"] if "game_won" in d]
    assert [(g["team"], g["value"], g["says"]) for g in won] == [(1, 1, "a single"), (0, 1, "a single"),
                                                                 (1, 1, "a single")]  # losers at 4 each time


def test_the_rubber_is_the_best_of_three_games_worth_two_less_the_losers_game():
    out = replay(HERE / "a_whole_rubber.yaml")
    # team 1 wins games 1 and 3 (singles, 1 + 1), team 0 game 2 (a single): 2 + 2 - 1 = 3
    assert out["games"] == [1, 2] and out["winner"] == 1 and out["rubber"] == [0, 3]


def test_a_rubber_won_two_games_to_none_ends_without_a_third():
    out = replay(EXAMPLES / "whist-2.yaml")
    # team 1, a game up (a single), wins from 2 - 4 by tricks (10 - 6 = 4; its honours barred at 4): a double;
    # single 1 + double 2 + rubber 2 = 5
    assert out["deals"][0]["balls"] == [0, 4] and out["games"] == [0, 2] and out["winner"] == 1
    assert out["rubber"] == [0, 5]


def test_no_deal_is_played_after_the_rubber_is_won():
    text = (EXAMPLES / "whist-2.yaml").read_text()
    deal = text[text.index("  - hands:"):]
    with pytest.raises(TranscriptError, match="deal 2: the game was already won by team 1 after deal 1; no further "
                                              "deals may be listed"):
        replay(EXAMPLES / "whist-2.yaml", text + deal)


def test_a_revoke_is_refused():
    text = (EXAMPLES / "whist-1.yaml").read_text().replace("      - 2 play 7H", "      - 2 play 4S")
    with pytest.raises(TranscriptError, match=r'"2 play 4S": seat 2 must follow suit \(H\); legal now: '
                                              r"2 play TH, 2 play 7H"):
        replay(EXAMPLES / "whist-1.yaml", text)


def test_the_player_to_the_dealers_left_leads_the_first_trick():
    text = (EXAMPLES / "whist-1.yaml").read_text().replace("      - 1 play AH    # trick 1",
                                                          "      - 2 play 7H\n      - 1 play AH")
    with pytest.raises(TranscriptError, match=r'"2 play 7H": it is seat 1\'s turn'):
        replay(EXAMPLES / "whist-1.yaml", text)


def test_nobody_names_trumps_in_whist():
    text = (EXAMPLES / "whist-1.yaml").read_text().replace("      - 1 play AH    # trick 1",
                                                          "      - 0 trump S\n      - 1 play AH")
    with pytest.raises(TranscriptError, match=r'"0 trump S": trumps are not being made now'):
        replay(EXAMPLES / "whist-1.yaml", text)
    text = (EXAMPLES / "whist-1.yaml").read_text().replace("      - 1 play AH    # trick 1",
                                                          "      - 1 order\n      - 1 play AH")
    with pytest.raises(TranscriptError, match=r"unknown action 'order'"):  # no ordering up either
        replay(EXAMPLES / "whist-1.yaml", text)


def test_points_beyond_the_game_are_not_kept_by_either_side():
    from thunee_dsl.game import match
    from thunee_dsl.game.state import GameState

    # a scoring where both sides pass 5 in one deal (not whist's: only one side makes odd tricks) must still leave
    # the winners alone at the top: 7 - 6 becomes 5 - 4, a single (the losers at 4)
    game = GameState(load_ruleset("whist"), seed=1)
    game.score[:] = [7, 6]
    match._won(game, 0, game.deal)
    assert game.game_won[4] == (5, 4) and game.game_won[:3] == (0, 1, "a single")


def test_the_replay_says_the_turned_up_trumps_and_the_rubbers_last_game_in_words():
    """Nobody makes trumps in Whist (the dealer's last card is turned up); "Seats 2 and 4 win a game"; the deal
    that ends the rubber starts no next game."""
    from thunee_dsl.cli.replay_text import replay_text as told
    from thunee_dsl.game.transcript import replay_file
    text = told(replay_file(str(ROOT / "tests" / "transcripts" / "whist" / "a_whole_rubber.yaml")))
    assert "Deal 1: Seat 1 deals; trumps hearts \u2665 turned up." in text and "made by" not in text
    last = [line for line in text.splitlines() if "win a game" in line][-1]
    assert last.endswith("Seats 2 and 4 win a game 4-5, a single (1 game point)")
    assert "wins a game" not in text


def test_the_deal_story_tells_the_tricks_and_the_honours_apart():
    """A deal of our team's tricks over six and three honours (2): the tricks' points and the honours' are told
    apart, adding up to the deal's (found among the first 40 seeds)."""
    import random
    from thunee_dsl.editor.playtest import Playtest
    from thunee_dsl.editor.table import TableWords
    r = load_ruleset("whist")
    for seed in range(1, 40):
        pt, rng = Playtest.start(r, seat=0, seed=seed, bots="random"), random.Random(seed)
        while not pt.deal_over:
            pt.act(rng.choice(pt.view().legal))
        result = pt.last_result
        if result.applied == ("scoring.each_team", "declarations.honours") and result.balls[0] > 2 and \
                result.tricks[0] > 6:
            break
    else:
        pytest.fail("no such deal in 40 seeds")
    story = TableWords(r, me=0).deal_story(result, pt.view(), {})
    over = result.tricks[0] - 6  # a point a trick over six
    assert f"your team scores {over}, they score 0." in story
    assert f"Honours after the tricks: your team scores {result.balls[0] - over} points." in story
