"""The rulebook's and diff's words for how a game ends (issue 25, item 4): a game of a number of deals, a target
above 1,000, stones; and a game without a corner house never speaks of one."""

from __future__ import annotations

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import generated_summary, render_rulebook

RULESETS = Path(__file__).resolve().parents[1] / "game" / "rulesets"
FOUR_DEALS = load_ruleset(str(RULESETS / "four-deals.yaml"))
STONES = load_ruleset(str(RULESETS / "stones.yaml"))


def own(tmp_path, text: str, name: str = "house.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def winning(book: str) -> str:
    return book[book.index("## Winning the game"):].split("\n## ")[0]


def test_a_game_of_deals_is_said_as_the_deals_and_the_higher_total():
    book = render_rulebook(FOUR_DEALS)
    assert ("- A game is 4 deals (a deal thrown in does not count); after the last, the higher total wins. Equal "
            "totals at the top are a tie.") in winning(book)
    assert generated_summary(FOUR_DEALS).endswith("; a game of 4 deals, the higher total wins; no penalties.")
    assert "corner house" not in book.lower() and "first team to" not in winning(book)


def test_stones_are_said_as_taken_from_the_losers():
    book = render_rulebook(STONES)
    assert ("- Each team starts with 2 stones. The stones a deal gives are taken from the losers and given to the "
            "winners (a team gives what it has left); a team with no stones left has lost.") in winning(book)
    assert generated_summary(STONES).endswith("; each team starts with 2 stones, taken from the losers of a deal, "
                                              "and a team with none has lost; no penalties.")
    assert "A game is" not in winning(book) and "balls" not in book


def test_a_target_above_a_thousand_with_no_corner_house(tmp_path):
    r = own(tmp_path, f"extends: {RULESETS / 'four-deals.yaml'}\nname: to-1500\nscoring:\n  each_team: team.cards\n"
                      "game:\n  deals: null\n  target: 1500\n")
    said = winning(render_rulebook(r))
    assert "- The first team to score 1500 points wins.\n" in said and "corner house" not in said


def test_a_target_and_a_number_of_deals_say_which_comes_first(tmp_path):
    r = own(tmp_path, f"extends: {RULESETS / 'four-deals.yaml'}\nname: both\ngame:\n  target: 10\n")
    said = winning(render_rulebook(r))
    assert "- The first team to score 10 points wins.\n" in said
    assert "; if no team has won by then, after the last deal the higher total wins." in said


def test_diff_says_the_game_becomes_a_number_of_deals_instead_of_a_target(tmp_path):
    to_12 = own(tmp_path, f"extends: {RULESETS / 'four-deals.yaml'}\nname: to-12\ngame:\n  deals: null\n  target: 12\n")
    said = [c.text for c in diff_rulesets(to_12, FOUR_DEALS)]
    assert said == ["No target: 12 points no longer win the game",
                    "The game becomes 4 deals instead of a target (the highest total wins)"]
    back = [c.text for c in diff_rulesets(FOUR_DEALS, to_12)]
    assert back == ["The game is no longer 4 deals (the first to 12 points wins)", "Adds Points to win: 12"]


def test_diff_says_stones_and_what_each_side_starts_with():
    said = [c.text for c in diff_rulesets(FOUR_DEALS, STONES)]
    assert "Each side starts the game with 2 stones" in said
    assert "Stones: a deal's stones are taken from the losers, and a side with none left has lost" in said
    assert "The game is no longer 4 deals" in said
    back = [c.text for c in diff_rulesets(STONES, FOUR_DEALS)]
    assert "Each side starts the game with nothing" in back and "No stones: a deal's points are added to the " \
        "winners' score" in back


def test_diff_counts_a_change_of_deals_in_deals(tmp_path):
    eight = own(tmp_path, f"extends: {RULESETS / 'four-deals.yaml'}\nname: eight\ngame:\n  deals: 8\n")
    assert [c.text for c in diff_rulesets(FOUR_DEALS, eight)] == ["Deals in a game: 4 -> 8"]


RUBBER = load_ruleset(str(RULESETS / "rubber.yaml"))


def test_the_rubber_and_the_game_values_in_a_card_players_words():
    said = winning(render_rulebook(RUBBER, formulas=False))
    assert said.splitlines()[2:8] == [
        "- The first team to score 5 points wins.",
        "- Points beyond 5 are not kept.",
        "- A game won is worth, in game points to its winners (the first that fits; 1 if none does):",
        "  - 3 game points (a treble) when the losers' score is 0",
        "  - 2 game points (a double) when the losers' score is at most 2",
        "  - 1 game point (a single) otherwise",
    ]
    assert ("- A rubber is the best of 3 games: the first team to win 2 wins it (the scores start again for each "
            "game) and scores its game points, and 2 game points more, less the losers' game points.") in said
    assert generated_summary(RUBBER).endswith("first team to score 5 points wins; a rubber is the best of 3 games; "
                                              "no penalties.")


def test_diff_says_a_rubber_added_or_taken_away(tmp_path):
    one = own(tmp_path, f"extends: {RULESETS / 'rubber.yaml'}\nname: one\ngame:\n  rubber: null\n  game_value: null\n")
    assert [c.text for c in diff_rulesets(RUBBER, one)] == ["Removes What a game won is worth", "No rubber: one game"]
    assert "A rubber: the best of 3 games (each won at 5 points)" in [c.text for c in diff_rulesets(one, RUBBER)]
    five = own(tmp_path, f"extends: {RULESETS / 'rubber.yaml'}\nname: five\ngame:\n  rubber: {{best_of: 5}}\n"
                         "  keeps_excess: true\n", "five.yaml")
    # (an overlay's mapping merges into the base's: the bonus and the deduction stay)
    assert [c.text for c in diff_rulesets(RUBBER, five)] == ["Score beyond the target kept: no -> yes",
                                                             "Rubber: best of: 3 -> 5"]
