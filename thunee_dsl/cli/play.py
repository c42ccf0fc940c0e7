"""``thunee-dsl play``: a game in the terminal against bots, seeing only your seat's view.

Cards are named as people say them ("10 of hearts", "jack of spades"); an answer may be the number of
a choice, the card in words or in short ("ten of hearts", "10h", "10♥", "TH"), or the action's words
("call 20", "pass", "thunee"). The other seats are played by the ruleset's bots
(:data:`thunee_dsl.players.BOTS`), chosen with ``--bots``.
"""

from __future__ import annotations

import re
import sys

from thunee_dsl.errors import visible
from thunee_dsl.editor.cards import RANK_WORDS as RANK_NAMES
from thunee_dsl.editor.cards import SUITS, action_label, card_label, suit_label
from thunee_dsl.game import Action, GameState, SeatView

#: The bot the other seats get unless ``--bots`` says otherwise: the players layer's own default
#: when it names one, else the heuristic bot (strong and quick).
FALLBACK_BOT = "heuristic"

# "jack" -> J as the app writes the court cards, and the numbers in words
RANK_WORDS = {**{name.lower(): rank for rank, name in RANK_NAMES.items() if name.isalpha()},
              "ten": "T", "nine": "9", "eight": "8", "seven": "7", "six": "6", "five": "5", "four": "4",
              "three": "3", "two": "2"}
SUIT_WORDS = {**{name: letter for letter, (_, name, _) in SUITS.items()},
              **{name[:-1]: letter for letter, (_, name, _) in SUITS.items()}}  # "hearts", "heart"
SYMBOLS = {symbol: letter for letter, (symbol, _, _) in SUITS.items()}


def card_words(card: str) -> str:
    """``TH`` -> ``10 of hearts``, ``JS`` -> ``jack of spades`` (a suit without a name keeps its letter)."""
    words = card_label(card).words
    return words[:1].lower() + words[1:]


def said_card(text: str) -> str | None:
    """The card an answer names, as a code (``TH``), or None: "ten of hearts", "10 of hearts", "10h",
    "10♥", "th", "jack of spades", "the jack of spades", "play 10h"."""
    said = " ".join(str(text).strip().lower().split())
    for symbol, letter in SYMBOLS.items():
        said = said.replace(symbol, f" {letter.lower()}")
    said = re.sub(r"^(play )?(the )?", "", said).replace(" of ", " ")
    words = said.split()
    if len(words) == 1 and len(words[0]) >= 2:
        rank, suit = words[0][:-1], words[0][-1]  # "10h", "th"
    elif len(words) == 2:
        rank, suit = words
    else:
        return None
    rank, suit = RANK_WORDS.get(rank, rank), SUIT_WORDS.get(suit, suit)
    if not re.fullmatch(r"10|\w", rank) or len(suit) != 1 or not suit.isalpha():
        return None  # a rank is one letter or digit (or 10), a suit one letter
    return card_label(rank + suit).card


def say(action: Action, ruleset=None) -> str:
    """An action in words, with cards named as people say them."""
    if action.verb == "play":
        return f"Play {card_words(action.arg)}"
    if action.verb == "trump" and action.arg not in (None, "last") and len(str(action.arg)) > 1:
        return f"Make trumps with {card_words(action.arg)} (face down)"
    label = action_label(action, ruleset)
    return re.sub(r"\s*[♠♥♦♣]", "", label)  # "Double in hearts ♥": the word is enough on a terminal


def _words(view: SeatView, ruleset=None):
    """Seats and teams named from the person's chair ("the left opponent", "your team"), as on the
    app's table; card players do not count seats from 0 (the transcript does)."""
    if ruleset is None:
        return (lambda s: "you" if s == view.seat else f"seat {s}"), (lambda t: f"team {t}")
    from thunee_dsl.editor.table import TableWords
    words = TableWords(ruleset, view.seat)
    return words.who, words.team


def _seat_cards(cards, who) -> str:
    return ", ".join(f"{who(seat)} {card_words(card)}" for seat, card in cards)


def describe(view: SeatView, ruleset=None) -> str:
    who, team = _words(view, ruleset)
    lines = [f"-- deal {view.deal_number}, dealer: {who(view.dealer)}; score "
             + ", ".join(f"{team(t)}: {b}" for t, b in enumerate(view.score))]
    trump = suit_label(view.trump)[1] if view.trump else "not known to you"
    if view.undertaking:
        found = ruleset.undertaking_by_verb(view.undertaking) if ruleset is not None else None
        title = found.title if found is not None else view.undertaking
        lines.append(f"   {title} by {who(view.undertaker)}" + (f"; trumps: {trump}" if view.trump else ""))
    elif view.trump_maker is not None:
        lines.append(f"   trumps: {trump} (made by {who(view.trump_maker)})"
                     + (f"; call {view.call}" if view.call else ""))
    for d in view.declarations:
        lines.append(f"   {who(d.seat)}: {d.verb} {d.value}" + (f" in {suit_label(d.suit)[1]}" if d.suit else ""))
    if view.tricks:
        last = view.tricks[-1]
        lines.append(f"   last trick: {_seat_cards(last.cards, who)}; {who(last.winner)} won it")
    if view.trick:
        lines.append(f"   this trick: {_seat_cards(view.trick, who)}")
    lines.append("   card points so far: " + ", ".join(f"{team(t)}: {p}" for t, p in enumerate(view.team_cards)))
    for seat, cards in enumerate(view.table):  # open face play: the rows on the table
        row = ", ".join(card_words(c) for c in cards) or "no cards"
        hidden = view.face_down[seat] if seat < len(view.face_down) else 0
        owner = "your row" if seat == view.seat else f"{who(seat)}'s row"
        lines.append(f"   {owner}: {row} face up" + (f", {hidden} face down" if hidden else ""))
    lines.append(f"   your hand: {', '.join(card_words(c) for c in view.hand) or '(empty)'}")
    return "\n".join(lines)


def _refusal(view: SeatView, ruleset, reason: str) -> str:
    """The engine's reason ("seat 0 must follow suit (S)") said to the person ("you must follow suit")."""
    if ruleset is None:
        return reason
    from thunee_dsl.editor.table import TableWords
    return TableWords(ruleset, view.seat).refusal(reason)


def understood(answer: str, legal: tuple[Action, ...], ruleset=None) -> Action | None:
    """The legal action an answer means, or None."""
    said = " ".join(answer.lower().split())
    if said.isdigit():
        return legal[int(said) - 1] if 1 <= int(said) <= len(legal) else None
    for action in legal:
        spellings = {say(action, ruleset).lower(), f"{action.verb} {action.arg}".lower()}
        if action.arg is None or sum(a.verb == action.verb for a in legal) == 1:
            spellings.add(action.verb.lower())
        if said in spellings:
            return action
    card = said_card(said)  # a card to play, or to make trumps with
    named = [a for a in legal if card is not None and a.verb in ("play", "trump") and a.arg == card]
    return named[0] if len(named) == 1 else None


def _in_deck(card: str, ruleset=None) -> bool:
    """Is ``card`` (a code such as ``TH``) a card of the ruleset's deck (without one, of a four-suit deck)?"""
    if ruleset is not None:
        return card in ruleset.deck.names
    return card[-1:] in SUITS


def ask(view: SeatView, read=input, write=print, ruleset=None, why=None) -> Action | None:
    """The person's choice among ``view.legal`` (None to stop). ``why(action)`` says why an action
    that is not among the choices cannot be taken now."""
    write(describe(view, ruleset))
    late = _late_window(view, ruleset)
    if late:
        write(late)
    choices = [f"{i}) {say(a, ruleset)}" for i, a in enumerate(view.legal, 1)]
    prompt = "   choose: " + "  ".join(choices)
    if len(prompt) > 90:  # one choice a line rather than a line that wraps mid-choice
        prompt = "   choose:\n" + "\n".join(f"     {c}" for c in choices)
    while True:
        write(prompt)
        try:
            answer = read("> ").strip()
        except EOFError:
            return None
        if answer.lower() in ("q", "quit", "exit"):
            return None
        action = understood(answer, view.legal, ruleset)
        if action is not None:
            return action
        card = said_card(answer)
        if card is not None and not _in_deck(card, ruleset):
            card = None  # 'zz' is no card ("you do not hold the z of Z"), nor '2h' where the deck has no twos
        reason = ""
        if card is not None and card not in view.hand:
            reason = f": you do not hold the {card_words(card)}"
        elif card is not None and why is not None:
            reason = f": {_refusal(view, ruleset, why(Action(view.seat, 'play', card)))}"
        shown = visible(answer if len(answer) <= 40 else answer[:37] + "...")  # (a pasted page, a stray ESC)
        write(f"   '{shown}' is not one of the choices{reason} (a number, a card such as "
              f"'10 of hearts' or '10h', or q to stop)")


def _late_window(view: SeatView, ruleset) -> str:
    """Why an undertaking is offered again once the first card is led (pagat's marials: a late Thunee stands only
    for a player safe in the suit led): said, or the same "1) Thunee 2) Pass" comes back without a reason."""
    if ruleset is None or view.tricks or not view.trick:
        return ""
    late = [u for u in ruleset.undertakings if u.late is not None and any(a.verb == u.verb for a in view.legal)]
    if not late:
        return ""
    u = late[0]
    who, _ = _words(view, ruleset)
    leader = who(view.trick[0][0])
    led = "you led" if leader == "you" else f"{leader} led"
    called = f" (the opponents call {u.late.called_as} on the suit led)" if u.late.called_as else ""
    return (f"   {led} the first card, and you may still call {u.title}: a late call stands for a player safe in "
            f"the suit led, as you are{called}; the card led is taken back. Or pass and play on.")


def play(ruleset, seat: int, seed: int | None, read=input, write=print, bots=None, formulas: bool = False) -> int:
    """A game for the person at ``seat``; ``bots`` names the bot of each other seat (default: all
    :func:`default_bot`); ``formulas``: each deal's formulas under its story."""
    from thunee_dsl.editor.playtest import BOT_OPTIONS
    from thunee_dsl.players import make_bot
    game = GameState(ruleset, seed=seed)
    others = [s for s in range(ruleset.seats) if s != seat]
    names = dict(zip(others, bots or [default_bot()] * len(others)))
    players = {s: make_bot(names[s], ruleset, seed=None if seed is None else seed + s, **BOT_OPTIONS.get(names[s], {}))
               for s in others}
    from thunee_dsl.cli.replay_text import Teller
    from thunee_dsl.editor.table import TableWords
    words = TableWords(ruleset, seat)
    teller = Teller(ruleset, formulas, names=words)  # each deal's story, told from your chair
    write("   the bots: " + ", ".join(f"{words.who(s)}: {names[s]}" for s in others))
    shown = 0
    while not game.is_over:
        to_act = game.to_act
        if to_act == seat:
            action = ask(game.view(seat), read, write, ruleset, why=game.explain_illegal)
            if action is None:
                write("bye")
                return 0
        else:
            action = players[to_act].choose(game.view(to_act))
            if action.verb != "pass":
                hidden = action.verb == "trump" and action.arg not in (None, "last")  # the card stays face down
                write(f"   {words.who(to_act)}: {'makes trumps (card face down)' if hidden else say(action, ruleset)}")
        game.apply(action)
        for result in game.results[shown:]:
            write(f"== deal over: {ruleset.unit.plural} " + ", ".join(f"{words.team(t)} +{b}"
                                                                 for t, b in enumerate(result.balls)))
            for line in teller.story(result) + teller.working(result):
                write(f"   {line}")
        shown = len(game.results)
    if game.winner is None:  # a game of a number of deals that ends level
        write(f"== a tie, {'-'.join(map(str, game.score))}: no team wins the game")
    else:
        write(f"== {words.team(game.winner)} {words.verb(game.winner, 'win', 'wins')} the game, "
              f"{'-'.join(map(str, game.score))}")
    return 0


def default_bot() -> str:
    from thunee_dsl import players
    return getattr(players, "DEFAULT_BOT", FALLBACK_BOT)


def bot_names() -> list[str]:
    from thunee_dsl.players import BOTS
    return sorted(BOTS)


def chosen_bots(text: str | None, ruleset, seat: int) -> list[str]:
    """``--bots``: one name for every other seat, or one per other seat in seat order; ValueError
    naming the known bots otherwise."""
    known = bot_names()
    if text is None:
        return [default_bot()] * (ruleset.seats - 1)
    names = [n.strip() for n in text.split(",")]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(f"unknown bot '{unknown[0]}' (known: {', '.join(known)})")
    if len(names) == 1:
        return names * (ruleset.seats - 1)
    if len(names) != ruleset.seats - 1:
        raise ValueError(f"give one bot for every other seat or one for each of the {ruleset.seats - 1} "
                         f"other seats (in seat order, skipping seat {seat}), not {len(names)}")
    return names


def main_play(args) -> int:
    from thunee_dsl import load_ruleset
    if args.ruleset == "-":  # (validate, rules and diff read a ruleset there; play reads your answers there)
        print("error: play reads your moves from standard input, so it cannot read the ruleset there too: name "
              "the ruleset or its file (thunee-dsl play standard, thunee-dsl play house.yaml)", file=sys.stderr)
        return 2
    ruleset = load_ruleset(args.ruleset)
    if not 0 <= args.seat < ruleset.seats:
        print(f"error: --seat must be 0 to {ruleset.seats - 1}", file=sys.stderr)
        return 2
    try:
        bots = chosen_bots(args.bots, ruleset, args.seat)
    except ValueError as err:
        print(f"error: --bots: {err}", file=sys.stderr)
        return 2
    return play(ruleset, args.seat, args.seed, bots=bots, formulas=args.formulas)
