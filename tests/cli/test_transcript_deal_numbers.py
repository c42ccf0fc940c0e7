"""A transcript that starts later in the game (``deals_played``) numbers its deals as the game does: Oh Hell's
last deal is the nineteenth (deals_played: 18), in the replay's words, in its errors and in ``replay --analyse``
(shared/spec/transcript.md: the format is unchanged, only the numbers said)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from thunee_dsl.cli.main import main
from thunee_dsl.errors import ThuneeDslError
from thunee_dsl.game.transcript import replay_text

LAST_DEAL = Path(__file__).resolve().parents[1] / "transcripts" / "oh-hell" / "last-deal.yaml"


def replayed(capsys, *options: str, path: Path = LAST_DEAL) -> str:
    """What ``thunee-dsl replay`` prints for the transcript (it must replay)."""
    assert main(["replay", *options, str(path)]) == 0
    return capsys.readouterr().out


def test_the_replay_tells_the_nineteenth_deal_as_deal_19(capsys):
    out = replayed(capsys, "--format", "text")
    assert re.findall(r"^Deal \d+", out, re.M) == ["Deal 19"]


def test_replay_analyse_numbers_the_deal_as_the_game_does(capsys):
    out = replayed(capsys, "--format", "text", "--analyse")
    assert "Deal 19, analysed:" in out and "Deal 1," not in out
    assert '"deal": 19' in replayed(capsys, "--analyse")


def test_an_error_in_the_nineteenth_deal_names_deal_19():
    text = LAST_DEAL.read_text().replace("- 0 play 5C", "- 0 play 5S", 1)  # seat 0 holds clubs only
    with pytest.raises(ThuneeDslError) as refused:
        replay_text(text, "last-deal.yaml")
    assert 'last-deal.yaml: deal 19, action 6 "0 play 5S"' in str(refused.value)


def test_a_located_error_in_the_nineteenth_deal_names_deal_19():
    text = LAST_DEAL.read_text().replace("    turn_up: 2H\n", "    turn_up: 3H\n", 1)
    with pytest.raises(ThuneeDslError) as refused:
        replay_text(text, "last-deal.yaml")
    assert re.search(r"last-deal.yaml:\d+:\d+: deal 19: turn_up", str(refused.value))


def test_a_deal_listed_after_the_last_names_the_game_numbers():
    text = LAST_DEAL.read_text()
    deal = text[text.index("  - hands:"):]
    with pytest.raises(ThuneeDslError) as refused:
        replay_text(text + deal, "last-deal.yaml")
    assert "deal 20: the game was already" in str(refused.value) and "after deal 19;" in str(refused.value)


def test_a_transcript_from_the_first_deal_is_numbered_from_1(capsys):
    three = LAST_DEAL.parent / "three-cards.yaml"
    out = replayed(capsys, "--format", "text", path=three)
    numbers = [int(n) for n in re.findall(r"^Deal (\d+)", out, re.M)]
    assert numbers and numbers[0] == 1 + (int(m[1]) if (m := re.search(r"^deals_played: (\d+)", three.read_text(),
                                                                         re.M)) else 0)


def test_replay_analyse_of_a_later_deal_reviews_it_at_its_own_hand_size(capsys):
    # Oh Hell's eighth deal is of three cards (deals_played: 7): the review deals it again at three cards (not
    # the first deal's ten) and weighs its last three tricks, i.e. every card, not "from trick 8 on"
    three = LAST_DEAL.with_name("three-cards.yaml")
    out = replayed(capsys, "--format", "text", "--analyse", path=three)
    assert "Deal 8, analysed:" in out and "from trick" not in out
    from thunee_dsl.game.transcript import replay_file
    from thunee_dsl.simulation.review import review_game
    [review] = review_game(replay_file(three).game, None)
    assert review.from_trick == 1 and review.number == 1
