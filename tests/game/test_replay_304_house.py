"""304's house rule for Compare (examples/house/304-last-trick.yaml, the Maharashtrian last trick): it validates
over 304, scores a hand-checked deal differently, and Compare's library call (the app's Compare page) answers in
words, in stones."""

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.editor.comparing import units_of, verdict
from thunee_dsl.game.transcript import replay_text
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import simulate

ROOT = Path(__file__).resolve().parents[2]
HOUSE = str(ROOT / "examples" / "house" / "304-last-trick.yaml")


def test_the_last_trick_counts_10_towards_the_bid():
    # example 1 (tests/transcripts/304/closed_trump_to_the_last_trick.yaml) with seat 1 bidding 260 instead of 160:
    # the trump is then shown after trick 1 (a bid of 250 or more) and the cards cut face down are played face up;
    # the tricks fall as before (no face-down card won a trick but the trump 8H in trick 8). Team 1 takes 251 card
    # points and wins the last trick (seat 1's 8H).
    text = (ROOT / "tests" / "transcripts" / "304" / "closed_trump_to_the_last_trick.yaml").read_text()
    text = text.replace("- 1 bid 160", "- 1 bid 260").replace(" down", "")
    (plain,) = replay_text(text, "x.yaml").to_json()["deals"]
    # 304: 251 < 260, lost; a bid of 250 or more lost: 4 stones to team 0
    assert plain["card_points"] == [53, 251] and plain["balls"] == [4, 0]
    (house,) = replay_text(text.replace('ruleset: "304"', f"ruleset: {HOUSE}"), "x.yaml").to_json()["deals"]
    # the house rule: 251 + 10 for the last trick = 261 >= 260, made; a bid of 250 or more made: 3 stones to team 1
    assert house["card_points"] == [53, 251] and house["balls"] == [0, 3]


def test_compare_says_the_house_rule_in_words_and_in_stones():
    a, b = load_ruleset("304"), load_ruleset(HOUSE)
    changes = diff_rulesets(a, b)
    assert [c.path for c in changes] == [("scoring", "outcomes", 0, "when")]
    cmp = simulate([a, b], games=20, bots="random", seed=1, focus_replays=100)
    v = verdict(cmp, changes, units=units_of(cmp))
    assert v.tone in ("clear", "none", "warn") and v.text == " ".join(v.sentences)
    assert v.sentences[0].startswith("Scoring outcomes #1 when: makers.cards >= bid \u2192 makers.cards + (if "
                                     "makers.won_last_trick then 10 else 0) >= bid")
    assert "stones" in v.text and "balls" not in v.text
    assert "who wins" in v.text
