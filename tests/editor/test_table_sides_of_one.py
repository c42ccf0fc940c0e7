"""The table's words for sides of one (issue 25, item 7a): every other player an opponent, no partner, no team;
each player's score told from your chair."""

from __future__ import annotations

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.editor.table import TableWords
from thunee_dsl.game.transcript import replay_file

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "transcripts" / "sides" / "sides_of_one_three_deals.yaml"


def test_every_other_player_is_an_opponent_and_nobody_a_partner():
    words = TableWords(load_ruleset(str(ROOT / "tests" / "game" / "rulesets" / "sides-of-one.yaml")), me=0)
    assert [words.name(s) for s in range(4)] == ["You", "Left opponent", "Opponent across", "Right opponent"]
    assert [words.role(s) for s in range(1, 4)] == ["opponent"] * 3
    assert [words.team(t) for t in range(4)] == ["you", "the left opponent", "the opponent across",
                                                  "the right opponent"]


def test_each_players_score_told_from_your_chair():
    report = replay_file(GOLDEN)
    game = report.game
    # deal 2 (worked by hand in the transcript): bids 0, 5, 1, 0 from seat 0; tricks 0, 5, 0, 0; scores 10, 15, 0, 10
    story = TableWords(game.ruleset, me=1).deal_story(game.results[1], game.view(1))
    assert story == ("The right opponent bid 0 and won 0 tricks, you bid 5 and won 5 tricks, the left opponent bid 1 "
                     "and won 0 tricks, the opponent across bid 0 and won 0 tricks: the right opponent scores 10, "
                     "you score 15, the left opponent scores 0, the opponent across scores 10.")
    said = [TableWords(game.ruleset, me=1).from_chair(line) for line in game.results[1].explanation]
    assert said[1].startswith("you score 15: ") and not any("team" in line or "partner" in line for line in said)
