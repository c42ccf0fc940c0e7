"""Marials (pagat, Calling Thunee and Penalties; both Wikipedia texts for the second reading), on in `standard`.

1. A Thunee called as or after the first card is led: the opponents call "marials on X" (X the suit led). It
   stands only if its caller is safe in X (only top cards of X, or none): the leader takes the card back and the
   Thunee caller leads. Otherwise it is not allowed and the lead stands (no Thunee, no penalty).
2. A Jodie called at the wrong time (not right after the team's 1st or 3rd trick): the opponents may call
   "marials", and that Jodie cannot be made in the deal. Unchallenged, it stands.
"""

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import TranscriptError
from thunee_dsl.game import Action, GameState
from thunee_dsl.game.declarations import Challenge
from thunee_dsl.game.transcript import replay_file, replay_text
from thunee_dsl.game.undertakings import LateUndertakings

STANDARD = Path(__file__).resolve().parents[1] / "transcripts" / "standard"


def replay(name: str, edit=lambda text: text) -> dict:
    return replay_text(edit((STANDARD / name).read_text()), name).to_json()


def game_after(name: str, actions: int) -> GameState:
    """The standard game of transcript ``name`` after its first ``actions`` actions (passing in open windows)."""
    report = replay_file(STANDARD / name)
    record = report.game.deals[0]
    r = load_ruleset("standard")
    game = GameState(r, dealer=0, auto_deal=False)
    game.start_deal([[r.deck.card(c) for c in hand] for hand in record.hands])
    wanted = [a for i, a in enumerate(record.actions) if i not in record.silent][:actions]
    for action in wanted:
        while not game.can_apply(action):
            assert game.pass_window(), f"{action} never becomes possible"
        game.apply(action)
    return game


# -- 1. a late Thunee -------------------------------------------------------------------------------------------

def test_a_late_thunee_by_a_player_safe_in_the_suit_led_stands():
    (deal,) = replay("marials_late_thunee_stands.yaml")["deals"]
    # seat 3 holds no diamond when seat 2 leads QD: it leads instead, spades are trumps, and it wins all six
    # tricks: Thunee, 4 balls to team 1
    assert deal["undertaking"] == "thunee" and deal["trump_maker"] == 3 and deal["trump"] == "S"
    assert deal["balls"] == [0, 4] and deal["tricks"] == [0, 6]


def test_the_leader_takes_the_card_back_and_the_thunee_caller_leads():
    game = game_after("marials_late_thunee_stands.yaml", 3)  # trump QC, 2 play QD, 3 thunee
    deal = game.deal
    r = game.ruleset
    assert deal.trick == [] and (deal.hands[2] >> r.deck.card("QD")) & 1
    assert deal.hands[2].bit_count() == 6 and game.to_act == 3 and deal.leader == 3
    assert deal.trump is None and not deal.trump_revealed  # the Thunee's first lead will make trumps


def test_late_thunee_offered_only_to_safe_players():
    game = game_after("marials_late_thunee_stands.yaml", 2)  # trump QC, 2 play QD
    deal = game.deal
    # seat 2 led QD. Seats 1 (JC 9C AC QC KC QH), 3 (JS 9S AS TS KS JH) and 0 (QS 9H AH TH KH TC) hold no
    # diamond: each is safe in D. Asked in the usual order without the leader: the trump maker's team first.
    # (seat 2, the leader, holds every diamond above the QD it led: nothing beats them either)
    assert [deal.beatable_in_led[s] for s in range(4)] == [0, 0, 0, 0]
    assert type(deal.window) is LateUndertakings and tuple(deal.window.order) == (1, 3, 0)
    assert game.legal_actions() == (Action(1, "thunee"), Action(1, "pass"))
    # everyone passes: the lead stands, seat 3 plays to QD
    while deal.window is not None:
        game.pass_window()
    assert game.to_act == 3 and [c for _, c in deal.trick] == [game.ruleset.deck.card("QD")]
    assert deal.undertaking is None


def test_pagats_example_j_9_10_of_spades_is_not_safe():
    # "a late call of Thunee would not be allowed by a player with J-9-10 of spades because another player might
    # have three spades including the Ace": seat 3 holds JS 9S TS, seat 0 the AS
    r = load_ruleset("standard")
    game = GameState(r, dealer=0, auto_deal=False)
    hands = ["AS KH QH 9H AH TC", "JC 9C AC QC KC TH", "QS JD 9D AD TD QD", "JS 9S TS KS JH KD"]
    game.start_deal([[r.deck.card(c) for c in h.split()] for h in hands])
    game.apply(Action(1, "trump", "QC"))
    while game.pass_window():
        pass  # the undertakings window closes unused: seat 2 leads
    assert game.to_act == 2
    game.apply(Action(2, "play", "QS"))
    # seat 3: JS 9S TS KS; TS and KS lie below the AS still in play (JS and 9S are the top two)
    assert game.deal.beatable_in_led[3] == 2
    # seat 0's AS lies below seat 3's JS and 9S: not safe either
    assert game.deal.beatable_in_led[0] == 1
    assert Action(3, "thunee") not in game.legal_actions()
    assert "marials on S" in game.explain_illegal(Action(3, "thunee"))


def test_a_late_thunee_by_a_player_not_safe_is_refused_and_the_lead_stands():
    path = STANDARD / "error_late_thunee_not_safe.yaml"
    with pytest.raises(TranscriptError) as excinfo:
        replay_file(path)
    # seat 3 holds TD below JD, 9D and AD (seat 2's, still in play): beatable in D. Seat 3 plays next to QD.
    assert str(excinfo.value) == (
        f'{path}: deal 1, action 3 "3 thunee": marials on D: Thunee called after the first lead stands only for a '
        "caller safe in D (seat.beatable_in_led == 0 is false for seat 3); the lead stands; legal now: 3 play TD")


def test_no_late_call_after_the_first_trick_or_in_cats_at_cards():
    # after the second card of the first trick nobody may call Thunee any more (the window is at the first lead)
    with pytest.raises(TranscriptError, match=r'"3 thunee": Thunee may only be called once 2 batches are dealt'):
        replay("marials_late_thunee_stands.yaml",
               lambda t: t.replace("      - 3 thunee ", "      - 3 play JH\n      - 3 thunee "))
    assert load_ruleset("cats-at-cards").undertaking_by_verb("thunee").late is None


# -- 2. a Jodie at the wrong time -------------------------------------------------------------------------------

def test_a_jodie_at_the_wrong_time_challenged_with_marials_is_void():
    (deal,) = replay("marials_jodie_challenged.yaml")["deals"]
    # counting team 0: 35 + 52 + 55 = 142 in cards + 0 declared - 10 last trick = 132 >= 105: 1 ball
    assert deal["card_points"] == [142, 162] and deal["declared"] == [0, 0] and deal["balls"] == [1, 0]
    assert deal["explanation"][0].endswith("= 132")


def test_a_jodie_at_the_wrong_time_unchallenged_stands():
    (deal,) = replay("marials_jodie_challenged.yaml", lambda t: t.replace("      - 1 marials", "      # no marials"))["deals"]
    # KH QH of hearts (not trumps), no JH: 20. Counting team 0: 142 + 20 - 10 = 152 >= 105: 1 ball
    assert deal["declared"] == [20, 0] and deal["balls"] == [1, 0]
    assert deal["explanation"][0].endswith("= 152")


def test_a_challenged_jodie_cannot_be_made_later_in_the_deal():
    # after trick 3, team 0's 3rd trick (the right time), seat 0 tries the hearts Jodie again
    def again(text):
        return text.replace("      - 1 play JD\n", "      - 1 play JD\n      - 0 jodie H\n")
    with pytest.raises(TranscriptError, match=r'"0 jodie H": the Jodie in H was challenged at the wrong time '
                                              r"\('marials'\): it cannot be declared in this deal"):
        replay("marials_jodie_challenged.yaml", again)


def test_marials_is_said_by_an_opponent_while_a_jodie_waits_for_an_answer():
    game = game_after("marials_jodie_challenged.yaml", 10)  # ... 0 jodie H at the wrong time
    assert type(game.deal.window) is Challenge and tuple(game.deal.window.order) == (1, 3)
    assert game.legal_actions() == (Action(1, "marials"), Action(1, "pass"))
    assert game.view(2).to_act == 1  # a public challenge: everyone sees whose answer is awaited
    # and no marials when nothing waits for an answer
    with pytest.raises(TranscriptError, match="'marials' answers a declaration made at the wrong time, and none is "
                                              "waiting for an answer"):
        replay("marials_jodie_challenged.yaml", lambda t: t.replace("      - 0 jodie H", "      # (no Jodie)"))


def test_a_jodie_not_held_at_the_wrong_time_is_still_refused():
    with pytest.raises(TranscriptError, match=r'"0 jodie S": a Jodie may only be declared right after'):
        replay("marials_jodie_challenged.yaml", lambda t: t.replace("      - 0 jodie H", "      - 0 jodie S"))


# -- in words: the rulebook and diff ----------------------------------------------------------------------------

def test_the_rulebook_and_diff_name_marials():
    from thunee_dsl.model.diff import diff_rulesets
    from thunee_dsl.model.rulebook import render_rulebook
    text = render_rulebook(load_ruleset("standard"))
    assert "the opponents call *marials* on the suit led: it stands only for a caller for whom " \
           "`seat.beatable_in_led == 0`" in text
    assert "it stands unless an opponent says `marials`; then it is void and that Jodie cannot be declared " \
           "again in the deal" in text
    assert "between the calls" in render_rulebook(load_ruleset("cats-at-cards"))
    changes = [c.text for c in diff_rulesets(load_ruleset("standard"), load_ruleset("cats-at-cards"))]
    assert "Removes Thunee callable after the first lead (marials on the suit led)" in changes
    assert "Adds Thunee callable between the calls to make trumps: yes" in changes
    assert "Removes Jodie at the wrong time, void if challenged (marials)" in changes
    assert "Undercutting: only with nothing but trumps -> allowed" in changes


def test_the_word_the_opponents_call_comes_from_the_data(tmp_path):
    """"marials on D" is standard's word (`late.called_as`), not the engine's: a table without the word is told
    the same rule without it."""
    text = (STANDARD / "error_late_thunee_not_safe.yaml").read_text()
    overlay = tmp_path / "no-word.yaml"
    overlay.write_text("extends: standard\nname: no-word\nundertakings:\n  thunee:\n    late:\n      called_as: null\n")
    with pytest.raises(TranscriptError) as excinfo:
        replay_text(text.replace("ruleset: standard", f"ruleset: {overlay}"), "t.yaml")
    assert '"3 thunee": Thunee called after the first lead stands only for a caller safe in D' in str(excinfo.value)
    assert "marials" not in str(excinfo.value)
    with pytest.raises(TranscriptError, match='"3 thunee": marials on D: Thunee called after the first lead'):
        replay_text(text, "t.yaml")
