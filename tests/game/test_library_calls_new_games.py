"""The public library calls on the games beyond Thunee, as a library caller writes them: no input a user can
write reaches an internal error. A mistake is a ``thunee_dsl.errors`` error or a ValueError/TypeError in words
naming what was wrong; a deal given without the undealt cards its turn-up comes from is refused at the call
(it crashed at the order-up, or played a deal without trumps)."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl import shipped_ruleset
from thunee_dsl.errors import ThuneeDslError
from thunee_dsl.game import GameState
from thunee_dsl.game.transcript import replay_text

NEW_GAMES = ("304", "euchre", "klaverjas", "klaverjas-amsterdam", "whist", "oh-hell")
# the errors a caller's mistake may raise: the project's own, or Python's for a bad argument, in words
IN_WORDS = (ThuneeDslError, ValueError, TypeError)


def dealt_cards(ruleset, seed: int) -> tuple[list[list[int]], list[int]]:
    """A shuffled deal's hands and undealt cards, as card numbers."""
    game = GameState(ruleset, seed=seed)
    record = game.deals[-1]
    card = ruleset.for_deal(1).deck.card
    return [[card(c) for c in hand] for hand in record.hands], [card(c) for c in record.undealt]


@pytest.mark.parametrize("name", ["euchre", "oh-hell"])
def test_a_deal_with_a_turn_up_from_the_undealt_cards_needs_them(name):
    ruleset = shipped_ruleset(name)
    hands, undealt = dealt_cards(ruleset, 3)
    game = GameState(ruleset, seed=3, auto_deal=False)
    with pytest.raises(ValueError, match=r"undealt: .* turns up the first of the \d+ cards left after the deal"):
        game.start_deal(hands)
    assert not game.deals  # refused before anything was dealt
    game.start_deal(hands, undealt)  # with them, the same deal as the shuffled one
    assert game.deal.turn_up == undealt[0]
    assert game.deals[-1].hands == GameState(ruleset, seed=3).deals[-1].hands


def test_a_game_without_undealt_cards_deals_from_the_hands_alone():
    ruleset = shipped_ruleset("whist")  # its turn-up is the dealer's last card: the hands tell it
    hands, undealt = dealt_cards(ruleset, 5)
    assert not undealt
    game = GameState(ruleset, seed=5, auto_deal=False)
    game.start_deal(hands)
    assert game.legal_actions()


@pytest.mark.parametrize("change, words", [
    (lambda h, u: (h[:-1], u), "hands: expected 4 hands (one per seat)"),
    (lambda h, u: ([h[0][:-1]] + h[1:], u), "hands[0]: expected 5 cards"),
    (lambda h, u: ([h[0][:-1] + [h[1][0]]] + h[1:], u), "is dealt twice"),
    (lambda h, u: ([h[0][:-1] + [99]] + h[1:], u), "hands[0]: expected a card number from 0 to 23"),
    (lambda h, u: ([h[0][:-1] + ["9S"]] + h[1:], u), "expected a card number from 0 to 23 (ruleset.deck.card(name)), "
                                                      "got str '9S'"),
    (lambda h, u: (h, u + [u[0]]), "undealt: expected at most the 4 cards"),
    (lambda h, u: (h, [h[0][0]] + u[1:]), "undealt: "),
    (lambda h, u: ("hands", u), "hands: expected 4 hands"),
])
def test_dealt_cards_that_no_pack_could_give_are_refused_in_words(change, words):
    ruleset = shipped_ruleset("euchre")
    hands, undealt = dealt_cards(ruleset, 1)
    hands, undealt = change(hands, undealt)
    with pytest.raises(ValueError) as caught:
        GameState(ruleset, seed=1, auto_deal=False).start_deal(hands, undealt)
    assert words in str(caught.value)


def _card_list(size: int):
    return st.lists(st.one_of(st.integers(-2, size + 2), st.sampled_from(["AS", None, 1.0, True])), max_size=14)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NEW_GAMES), seed=st.integers(0, 10**6), data=st.data())
def test_start_deal_takes_any_cards_a_caller_writes_in_words(name, seed, data):
    ruleset = shipped_ruleset(name)
    hands, undealt = dealt_cards(ruleset, seed)
    size = ruleset.deck.size
    # a real deal, changed here and there: a card swapped for any value, a hand cut short, the undealt dropped
    for _ in range(data.draw(st.integers(0, 3), label="changes")):
        kind = data.draw(st.sampled_from(["card", "hand", "undealt", "seats"]), label="kind")
        if kind == "card":
            hand = data.draw(st.integers(0, len(hands) - 1))
            if hands[hand]:
                at = data.draw(st.integers(0, len(hands[hand]) - 1))
                hands[hand][at] = data.draw(st.one_of(st.integers(-2, size + 2), st.sampled_from(["AS", None, 1.0])))
        elif kind == "hand":
            hands[data.draw(st.integers(0, len(hands) - 1))] = data.draw(_card_list(size))
        elif kind == "undealt":
            undealt = data.draw(_card_list(size))
        elif len(hands) > 1:
            hands = hands[:-1]
    game = GameState(ruleset, seed=seed, auto_deal=False)
    try:
        game.start_deal(hands, undealt)
    except IN_WORDS as refused:
        assert str(refused)
        return
    # what was taken plays to the end of the deal without an internal error
    while not game.deal.over:
        game.apply(game.legal_actions()[data.draw(st.integers(0, len(game.legal_actions()) - 1))])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NEW_GAMES), seed=st.integers(0, 10**6), data=st.data())
def test_any_action_a_caller_writes_is_played_or_refused_in_words(name, seed, data):
    ruleset = shipped_ruleset(name)
    dealer = data.draw(st.integers(-1, 6), label="dealer")
    score = data.draw(st.one_of(st.none(), st.lists(st.integers(-5, 400), max_size=5)), label="score")
    try:
        game = GameState(ruleset, seed=seed, dealer=dealer, score=score)
    except IN_WORDS as refused:
        assert str(refused)
        return
    names = list(ruleset.deck.names)
    verbs = sorted({a.verb for a in game.legal_actions()} | {"play", "pass", "bid", "order", "alone", "call",
                                                           "trump", "discard", "declare", "claim", "jodi"})
    for _ in range(60):
        if game.is_over:
            break
        if game.deal.over:
            game.start_deal()
            continue
        legal = game.legal_actions()
        if data.draw(st.booleans(), label="written"):
            words = [str(data.draw(st.integers(-1, 6))), data.draw(st.sampled_from(verbs))]
            words += data.draw(st.lists(st.one_of(st.sampled_from(names), st.integers(-5, 400).map(str),
                                                  st.sampled_from(["", "x", "S", "??"])), max_size=2))
            try:
                game.apply(" ".join(words))
            except IN_WORDS as refused:
                assert str(refused)
        else:
            game.apply(legal[data.draw(st.integers(0, len(legal) - 1))])


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NEW_GAMES), seed=st.integers(0, 10**6), data=st.data())
def test_a_transcript_written_from_a_real_deal_and_changed_replays_or_is_refused_in_words(name, seed, data):
    ruleset = shipped_ruleset(name)
    game = GameState(ruleset, seed=seed)
    for _ in range(data.draw(st.integers(1, 2), label="deals")):
        if game.is_over:
            break
        if game.deal.over:
            game.start_deal()
        while not game.deal.over:
            game.apply(game.legal_actions()[data.draw(st.integers(0, len(game.legal_actions()) - 1))])
    lines = yaml.safe_dump(game.to_transcript(), sort_keys=False).splitlines()
    if data.draw(st.booleans(), label="unchanged"):
        replay_text("\n".join(lines) + "\n")  # as written, it replays
        return
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        at = data.draw(st.integers(0, len(lines) - 1))
        lines[at] = data.draw(st.sampled_from([
            "", lines[at].replace("'", ""), lines[at][: len(lines[at]) // 2], lines[at] + " x",
            lines[at].replace("1", "9"), lines[at].replace("S", "Q")]))
    try:
        replay_text("\n".join(lines) + "\n")
    except ThuneeDslError as refused:
        assert str(refused)
