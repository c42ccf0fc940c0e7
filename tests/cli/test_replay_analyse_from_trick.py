"""``replay --analyse --from-trick N``: the cards weighed from trick N on; by default every trick of a deal of
at most six tricks (Thunee's six, Euchre's five), the last three beyond (Klaverjas's eight, Oh Hell's ten,
Whist's thirteen: every card of those takes minutes), as its help says."""

from __future__ import annotations

from pathlib import Path

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.cli.main import EVERY_CARD_UP_TO, main
from thunee_dsl.game import GameState
from thunee_dsl.players import decide, make_bot
from thunee_dsl.simulation.review import DealReview, review_deal, review_game, review_words

STANDARD = shipped_ruleset("standard")
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "call-30-with-jodie.yaml"


def test_the_help_states_the_default(capsys):
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--from-trick N" in help_text
    assert f"every trick of a deal of at most {EVERY_CARD_UP_TO} tricks, the last three beyond" in help_text


def test_from_trick_weighs_from_that_trick(capsys):
    assert main(["replay", str(EXAMPLE), "--format", "text", "--analyse", "--from-trick", "6"]) == 0
    out = capsys.readouterr().out
    assert "Deal 1, analysed:" in out
    assert "from trick 6 on" in out or "cost" in out or "makeable" in out


@pytest.mark.parametrize("name, first", [("standard", 1), ("euchre", 1), ("klaverjas", 6), ("oh-hell", 8)])
def test_by_default_every_trick_of_a_short_deal(name, first):
    ruleset = shipped_ruleset(name)
    game = GameState(ruleset, seed=3)
    bots = [make_bot("random", ruleset, seed=30 + s) for s in range(ruleset.seats)]
    while not (game.deals and game.deals[0].result is not None):
        game.apply(decide(bots[game.to_act], game))
    record = game.deals[0]
    # (no card weighed, to keep the test short: where the review starts is what is checked)
    review = review_deal(ruleset, record, 1, list(game.initial_score), None, 0, to_trick=0, calls=False,
                         every_card_up_to=EVERY_CARD_UP_TO)
    assert review.from_trick == first and review.costs == []
    last_three = review_deal(ruleset, record, 1, list(game.initial_score), None, 0, to_trick=0, calls=False)
    assert last_three.from_trick == max(1, ruleset.tricks_per_deal - 2)  # the app's default


def test_a_deal_weighed_from_a_later_trick_says_the_earlier_were_not(capsys):
    """A Thunee deal weighed from trick 6: its words say trick 6 alone was weighed and how to weigh the others."""
    assert main(["replay", str(EXAMPLE), "--format", "text", "--analyse", "--from-trick", "6"]) == 0
    out = capsys.readouterr().out
    assert "  Trick 6 weighed; the earlier tricks were not: `--from-trick 1` weighs them." in out
    # every trick weighed: nothing left to say of the earlier ones
    assert not any("weighed;" in line for line in review_words(STANDARD, DealReview(1, from_trick=1, tricks=6)))


def test_a_long_deal_by_default_says_which_tricks_were_weighed(tmp_path, capsys):
    """Klaverjas' eight tricks are weighed in their last three by default: "Tricks 6-8 weighed", the earlier
    ones not, and how to weigh them; in the JSON's lines too."""
    import json
    ruleset = shipped_ruleset("klaverjas")
    game = GameState(ruleset, seed=3)
    bots = [make_bot("random", ruleset, seed=30 + s) for s in range(ruleset.seats)]
    while not (game.deals and game.deals[0].result is not None):
        game.apply(decide(bots[game.to_act], game))
    path = tmp_path / "klaverjas.json"
    transcript = game.to_transcript()
    transcript["deals"] = transcript["deals"][:1]  # (the next deal was dealt: its cards are not played)
    path.write_text(json.dumps(transcript), encoding="utf-8")
    assert main(["replay", str(path), "--analyse"]) == 0
    [deal] = json.loads(capsys.readouterr().out)["analysis"]
    assert deal["lines"][-1] == "  Tricks 6-8 weighed; the earlier tricks were not: `--from-trick 1` weighs them."
