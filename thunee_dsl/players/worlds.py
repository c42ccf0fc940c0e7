"""Sampled deals ("worlds") consistent with what one seat knows, rebuilt as real games.

:func:`sample_world` deals the unknown cards (:class:`~thunee_dsl.players.knowledge.Knowledge`) into the
places they may be: each other seat's hand (never a suit it has shown it lacks), face-down cards, the
batches still to come. :func:`replay` then builds a :class:`~thunee_dsl.game.state.GameState` from those
hands (``auto_deal=False`` + ``start_deal``) and replays the deal's history as the seat saw it: passes of
silent seats are implicit (as in transcript replay), a face-down trump card is chosen the way the
heuristic would choose it, a hidden Jodie suit is the one the sample dealt. A world whose replay does
not reach the seat's decision with the same legal actions is rejected.

:func:`playout` plays a rebuilt world to the end of the deal with the fast card sense of
:mod:`~thunee_dsl.players.tactics` (each seat knowing the sampled hands), and :func:`utility` scores the
:class:`~thunee_dsl.game.scoring.DealResult` for one team.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field

try:
    import cython
except ImportError:  # (the compiled build's typing, optional: without Cython it does nothing)
    from thunee_dsl._accel import cython_shadow as cython

from thunee_dsl.game.actions import DOWN, Action
from thunee_dsl.game.deal import Deal
from thunee_dsl.game.dealing import randbelow, shuffler
from thunee_dsl.game.replay import pass_until, redeal
from thunee_dsl.game.state import GameState
from thunee_dsl.game.tables import tables as engine_tables
from thunee_dsl.model.ruleset import FROM_UNDEALT, LEAD_OR_NO_TRUMP, TrumpWay
from thunee_dsl.players.knowledge import Knowledge, _declaration_verbs, by_verb, combination_cards
from thunee_dsl.players.tactics import PlayCtx, aims_at_bid, cards_of, choose_play, choose_trump


@dataclass
class World:
    orders: list[list[int]]  # each seat's cards in the order received
    decl_suits: dict[int, int] = field(default_factory=dict)  # history index -> suit of a hidden Jodie
    prefix: list[Action] = field(default_factory=list)  # every action up to the decision, passes included
    down: list[int] = field(default_factory=list)  # the cards played face down unseen (Knowledge.hidden_plays), in order


def _fill(bins, pool: int, rng: random.Random) -> dict | None:
    """Deal the cards of ``pool`` into ``bins`` ((key, count, allowed mask)): the cards with fewest
    places first, each to a place that may take it, chosen in proportion to the room left there (with
    no restrictions, that is an ordinary shuffled deal). None on a dead end."""
    plan = _fill_plan(bins, pool)
    return None if plan is None else _fill_with(plan, rng)


def _fill_plan(bins, pool: int):
    """What :func:`_fill` works out before drawing: the bins, their room, each card's places and the cards
    in order (None if the room does not match the cards). The same for every draw of one decision."""
    room = [count for _, count, _ in bins]
    if sum(room) != pool.bit_count():
        return None
    places = {c: [i for i, (_, _, allowed) in enumerate(bins) if (allowed >> c) & 1] for c in cards_of(pool)}
    return bins, room, places, list(places), {c: len(p) for c, p in places.items()}


def _fill_with(plan, rng: random.Random) -> dict | None:
    bins, room, places, cards, many = plan
    room = room[:]
    order = cards[:]
    getrandbits = rng.getrandbits  # (rng.shuffle and rng.randrange written out: the same draws, see dealing)
    shuffler(len(order))(getrandbits, order)
    order.sort(key=many.__getitem__)
    got: dict = {key: [] for key, _, _ in bins}
    for c in order:
        where = places[c]
        if len(where) == 1:  # (the same draw as below, for the one place)
            i = where[0]
            if not room[i]:
                return _fill_by_places(plan, rng)
            randbelow(getrandbits, room[i])
        else:
            open_ = [i for i in where if room[i]]
            if not open_:
                return _fill_by_places(plan, rng)
            total = 0
            for i in open_:
                total += room[i]
            pick = randbelow(getrandbits, total)
            for i in open_:
                pick -= room[i]
                if pick < 0:
                    break
        room[i] -= 1
        got[bins[i][0]].append(c)
    return got


def _fill_by_places(plan, rng: random.Random) -> dict | None:
    """A draw card by card that ran into a dead end, drawn again place by place: the place that may take the
    fewest of the cards left first, taking its room among them, alike (a hand shown to lack all but a few suits
    takes its own before a large place that takes anything, the undealt cards, has drawn them: Oh Hell's last
    tricks). None on a dead end here too."""
    bins = plan[0]
    left = set(plan[3])
    got: dict = {key: [] for key, _, _ in bins}
    todo = list(range(len(bins)))
    while todo:
        takes = {i: [c for c in sorted(left) if (bins[i][2] >> c) & 1] for i in todo}
        i = min(todo, key=lambda i: len(takes[i]))
        todo.remove(i)
        if len(takes[i]) < bins[i][1]:
            return None
        for c in rng.sample(takes[i], bins[i][1]):
            left.discard(c)
            got[bins[i][0]].append(c)
    return got


@cython.locals(k=Knowledge)
def _bins(k: Knowledge, forced: list[int], pool: int) -> list | None:
    """The places the unknown cards of ``pool`` may go: (key, count, allowed mask); None if a seat's known
    cards leave it no room."""
    n, me = k.seats, k.seat
    bins = []
    for s in range(n):
        if s == me:
            if k.unseen_count[me]:
                bins.append((("unseen", s), k.unseen_count[me], pool))
        else:
            seen = k.held_count[s] - k.unseen_count[s] - forced[s].bit_count()
            if seen < 0:
                return None
            if seen:
                lacking = k.void[s] | k.excluded[s] | (k.closed_lacking[s] if k.closed_lacking is not None else 0)
                bins.append((("held", s), seen, pool & ~lacking))
            if k.unseen_count[s]:
                bins.append((("unseen", s), k.unseen_count[s], pool & ~k.excluded[s]))
        if k.face_down[s]:
            bins.append((("row", s), k.face_down[s], pool))  # face down: seen by nobody, no void applies
        if k.future_count:
            bins.append((("future", s), k.future_count, pool))
    # each card another seat played face down unseen: one of its own (not of a suit it could not follow then)
    for j, (_, lacking) in enumerate(k.hidden_plays):
        bins.append((("down", j), 1, pool & ~lacking))
    left = k.leftover - len(k.hidden_plays)  # (Knowledge counts them among the cards out of play)
    if left:
        bins.append((("left", -1), left, pool))
    return bins


def _early_first(cards: list[int], early: int) -> list[int]:
    """``cards`` with those of the mask ``early`` first (each part in its order)."""
    if not early:
        return cards
    return [c for c in cards if (early >> c) & 1] + [c for c in cards if not (early >> c) & 1]


@cython.locals(k=Knowledge)
def _known_orders(k: Knowledge):
    """For each seat, what its order of cards received starts with whatever the draw (the cards played in
    the phases before this one), and the cards it played in this one."""
    got = k.memo.get("orders")
    if got is None:
        before, now = [], []
        cur = k.phase
        for s in range(k.seats):
            order = []
            for p in k.phases[:k.phase_index]:
                order += _early_first([c for i, c in k.played[s] if p.first_trick <= i < p.first_trick + p.size],
                                      k.early[s])
            before.append(order)
            now.append([c for i, c in k.played[s] if i >= cur.first_trick])
        got = k.memo["orders"] = before, now, list(cards_of(k.hand))
    return got


@cython.locals(k=Knowledge)
def sample_world(k: Knowledge, rng: random.Random) -> World | None:
    """Deal the unknown cards consistently with ``k`` (None when this draw ran into a dead end)."""
    placed = _places(k, rng)
    if placed is None:
        return None
    plan, forced, decl_suits = placed
    got = _fill_with(plan, rng)
    if got is None:
        return None
    orders = []
    before, now, mine = _known_orders(k)
    down = [got[("down", j)][0] for j in range(len(k.hidden_plays))]
    for s in range(k.seats):
        held = mine if s == k.seat else list(cards_of(forced[s])) + (got.get(("held", s)) or [])
        if down:  # (the cards it played face down unseen were dealt to it too)
            held = held + [c for (p, _), c in zip(k.hidden_plays, down) if p == s]
        items = now[s] + held
        if s == k.view.trump_maker and s != k.seat and k.trump_card is None and k.shown_from != (0, 0) and held:
            # a closed trump's card, not known to this seat, is among its maker's first cards and was not
            # played face up since: one of the cards it has not so, first
            first = held[randbelow(rng.getrandbits, len(held))]
            items = [first] + [c for c in items if c != first]
        order = _order_received(k, s, before[s], items, got)
        if order is None:
            return None
        orders.append(order)
    return World(orders, decl_suits, down=down)


@cython.locals(k=Knowledge)
def _places(k: Knowledge, rng: random.Random) -> tuple | None:
    """Where the unknown cards may go (:func:`_fill_plan`'s plan), each seat's cards known to be in its hand,
    and the suit drawn for each declaration of a hidden suit; None if they do not add up. Without such a
    declaration the plan is the same for every draw of the decision: worked out once."""
    if k.hidden_declarations:
        placed = _place_hidden_declarations(k, rng)
        if placed is None:
            return None
        forced, pool, decl_suits = placed
        bins = _bins(k, forced, pool)
        plan = None if bins is None else _fill_plan(bins, pool)
    else:
        forced, decl_suits = k.forced, {}
        plan = k.memo.get("fill", False)
        if plan is False:
            bins = _bins(k, forced, k.pool)
            plan = k.memo["fill"] = None if bins is None else _fill_plan(bins, k.pool)
    return None if plan is None else (plan, forced, decl_suits)


@cython.locals(k=Knowledge)
def _order_received(k: Knowledge, s: int, before: list[int], items: list[int], got: dict) -> list[int] | None:
    """Seat ``s``'s cards in the order received: those of the phases before this one (``before``), then this
    phase's (``items``, the cards played and held, and the unseen cards drawn for it) with the cards of its
    first batches first and a 'last card' trump last (a face-down row in its place), then the batches still
    to come; None if they do not make a hand."""
    r = k.ruleset
    unseen = got.get(("unseen", s))
    if unseen:
        items += unseen
    items = _early_first(items, k.early[s])
    if s == k.last_card_seat and k.trump_card is not None and k.trump_card in items:
        items.remove(k.trump_card)
        items.append(k.trump_card)
    turn_up = k.view.turn_up
    if turn_up is not None and s == k.view.dealer and r.turn_up not in FROM_UNDEALT:
        card = k.t.card_of[turn_up]  # the dealer's own last card turned up (Whist): last in its order
        if card in items:
            items.remove(card)
            items.append(card)
    if r.face_down:
        items = _open_face_order(k, s, items, got.get(("row", s), []))
        if items is None:
            return None
    future = got.get(("future", s))
    order = before + items + future if future else before + items
    return order if len(order) == r.hand_size else None


@cython.locals(k=Knowledge)
def _place_hidden_declarations(k: Knowledge, rng: random.Random) -> tuple[list, int, dict] | None:
    """The suit of each declaration whose suit the seat was not shown, drawn among those its declarer may
    hold the combination in, and the combination's cards given to the declarer: (each seat's forced
    cards, the cards still to place, each hidden declaration's suit), or None where one fits no suit."""
    r, t = k.ruleset, k.t
    forced = list(k.forced)
    pool = k.pool
    decl_suits = {}
    for hd in k.hidden_declarations:
        s = hd.seat
        current = hd.phase == k.phase_index
        phase = k.phases[hd.phase]
        phase_played = sum(1 << c for i, c in k.played[s]
                           if phase.first_trick <= i < phase.first_trick + phase.size)
        ok_cards = phase_played | ((forced[s] | (pool & ~k.void[s] & ~k.excluded[s])) if current else 0)
        cands = []
        for suit in range(t.n_suits):
            combo = combination_cards(r, hd.decl, hd.value, suit, k.trump)
            if combo and all((ok_cards >> c) & 1 for c in combo):
                cands.append((suit, combo))
        if not cands:
            return None
        suit, combo = rng.choice(cands)
        decl_suits[hd.index] = suit
        for c in combo:
            if (pool >> c) & 1:
                pool &= ~(1 << c)
                forced[s] |= 1 << c
    return forced, pool, decl_suits


def _open_face_order(k: Knowledge, s: int, items: list[int], row_cards: list[int]) -> list[int] | None:
    """Seat ``s``'s cards in the order received where a face-down row comes first (open face play): the
    row in the order of its positions, then the hand. Once the hand is laid out the table says it all: the
    laid cards lie on positions 1, 2, ... in the order received; under each laid card already played is
    the card turned up at the end of that trick; the row cards turned up at the lay-out end the row; only
    the cards still covered are sampled (``row_cards``). Before the lay-out the row is all sampled and the
    hand is ``items``. None if the row does not come first in the deal or the table cannot be matched."""
    rows = sorted(k.ruleset.face_down)
    if rows != list(range(1, len(rows) + 1)):
        return None  # a row dealt after hand cards: not sampled
    size = k.cum[len(rows)]
    laid = k.laid[s]
    if not laid:
        return list(row_cards) + items if len(row_cards) == size else None
    row = _row_on_the_table(k, s, row_cards, size)
    hand = None if row is None else _hand_laid_out(k, s, size)
    return None if hand is None else row + hand


def _row_on_the_table(k: Knowledge, s: int, row_cards: list[int], size: int) -> list[int] | None:
    """Seat ``s``'s row once its hand is laid out, in the order of its positions: under each laid card the
    card turned up when it was played (or one of ``row_cards`` while still covered), then the cards turned
    up at the lay-out; None if the table cannot be matched."""
    after = k.ruleset.play.lay_out_after
    played = dict(k.played[s])  # trick index -> card
    under, uncovered = {}, []
    for when, seat, card in k.turned:
        if seat != s:
            continue
        if when == after:
            uncovered.append(card)  # turned up at the lay-out: the row positions left uncovered
        elif when - 1 in played:
            under[played[when - 1]] = card  # under the card the seat played to that trick
        else:
            return None
    spare = list(row_cards)
    row = [under[top] if top in under else (spare.pop() if spare else -1) for top in k.laid[s]] + uncovered
    if spare or -1 in row or len(row) != size:
        return None
    return row


def _hand_laid_out(k: Knowledge, s: int, size: int) -> list[int] | None:
    """Seat ``s``'s hand in the order received: the laid cards in their order, with the cards played before
    the lay-out put back where the deal allows (a face-down trump card among the cards dealt before trumps
    were made, a 'last card' trump last); None where nothing fits."""
    r, laid = k.ruleset, k.laid[s]
    before = [c for i, c in k.played[s] if i < r.play.lay_out_after]
    hand_size = r.hand_size - size
    first_hand = k.hand_before_trumps - size
    for at in range(len(laid), -1, -1):
        hand = list(laid[:at]) + before + list(laid[at:])
        if len(hand) != hand_size:
            return None
        if any((k.early[s] >> c) & 1 and i >= first_hand for i, c in enumerate(hand)):
            continue
        if s == k.last_card_seat and k.trump_card is not None and hand[-1] != k.trump_card:
            continue
        return hand
    return None


def new_game(ruleset, view, orders) -> GameState:
    game = GameState(ruleset, seed=0, dealer=view.dealer, score=view.score, auto_deal=False)
    orders = [list(o) for o in orders]
    game.start_deal(orders, _undealt(ruleset, view, orders) if ruleset.undealt else ())
    return game


def _undealt(ruleset, view, orders: list[list[int]]) -> list[int]:
    """The world's undealt cards (deal.undealt): the turn-up the seat saw first, then cards no hand holds. A
    turn-up the sample dealt into a hand (it was picked up since, or not known to be out) is swapped there for
    an undealt card: the dealer's own discard where this seat is the dealer, else any (the dealer's discard,
    unseen, is then that card)."""
    t = engine_tables(ruleset)
    turn_up = t.card_of[view.turn_up] if view.turn_up is not None else None
    held = {c for order in orders for c in order}
    mine = f"{view.seat} discard "
    discarded = next((t.card_of[h[len(mine):]] for h in view.history if h.startswith(mine)), None)
    spare = [c for c in range(ruleset.deck.size) if c not in held and c != turn_up and c != discarded]
    # (a dealer who laid the turn-up itself aside: that card is the turn-up, among the undealt cards once)
    if discarded is not None and discarded not in held and discarded != turn_up:
        spare.insert(0, discarded)
    if turn_up is None:
        return spare[:ruleset.undealt]
    if turn_up in held:
        for order in orders:
            if turn_up in order:
                order[order.index(turn_up)] = spare.pop(0)
    return [turn_up, *spare[:ruleset.undealt - 1]]


def replay(k: Knowledge, world: World) -> GameState | None:
    """Rebuild ``world`` at the seat's decision; None if it does not fit.

    From the start of the deal, the seat's history is replayed into it (game.replay: the passes the seat
    did not see are made where the next action is not yet possible). Where the cards' whereabouts never
    mattered to how the deal went (:func:`redealable`), a world is built from a position instead: the last
    world replayed in this deal (by any seat: :class:`Position`) is dealt the sampled cards again
    (game.replay.redeal, which puts every unseen card where this seat's sample says) and only the actions
    since are replayed. The result is the same game as a replay from the start (tested), only cheaper."""
    if not redealable(k):
        return _replay_from(k, world, new_game(k.ruleset, k.view, world.orders), 0, [])
    kept = _position(k)
    game = None if kept is None else _replay_from_position(k, world, *kept)
    if game is None:
        # a window whose polling hangs on the cards (who has something to say) may have closed in the
        # kept position before this seat spoke in it: this world is then replayed from the start
        game = _replay_from(k, world, new_game(k.ruleset, k.view, world.orders), 0, [])
        if game is not None:
            _keep(k, game.clone(), world.prefix)
    return game


def _replay_from_position(k: Knowledge, world: World, pos: "Position", start: int) -> GameState | None:
    """``world`` built from the kept position ``pos`` (``start``: the seat's first history entry after it):
    its game dealt the world's cards again and the seat's history since replayed into it; None if these
    cards could not have come to that position or the replay does not reach the decision."""
    ahead = start < len(k.entries) or pos.seat != k.seat
    if ahead:
        # a position behind this decision is used up: the world built from it is kept instead (a
        # decision's first world costs one copy, not two)
        game = pos.game
        _KEPT.position = None
    else:
        game = pos.game.clone()  # the decision's own position: kept for its next worlds
    try:
        redeal(game, world.orders)
    except ValueError:
        return None  # these cards could not have come to this position (the replay from the start says why)
    game = _replay_from(k, world, game, start, list(pos.prefix))
    if game is None or not _same_trumps(k, game):
        # (not the same trumps: a position of another deal with the same history, another game's deal of that
        # number, dealer and score; a 'last card' trump made before the position keeps that deal's card)
        return None
    if ahead:
        _keep(k, game.clone(), world.prefix, pos)
    return game


def _same_trumps(k: Knowledge, game: GameState) -> bool:
    """Does the world's game have the trumps and the trump card the seat knows of?"""
    deal = game.deal
    return (k.trump is None or deal.trump == k.trump) and (k.trump_card is None or deal.trump_card == k.trump_card)


#: What other seats may have done for a world to be dealt again from a position: nothing whose legality
#: depended on cards this seat has not seen (an undertaking's or claim's conditions, a redeal's weak hand).
#: Cards played and Jodies declared are what the seat's knowledge is built on; calls and bids (and asking the
#: partner to bid) need no cards.
REDEALABLE_VERBS = frozenset({"play", "pass", "call", "bid", "trump", "partner"})


def redealable(k: Knowledge) -> bool:
    """May the seat's worlds be dealt again from a position? Only where what happened so far never
    depended on where the unseen cards lie: no face-down rows or blind cards (their owners act on cards
    they do not know), no Jodie of a hidden suit, no other seat's announcement that needs certain cards,
    and the trumps made with a card the seat knows (a trump card made face down and taken back after a
    call leaves nothing behind)."""
    got = k.memo.get("redealable")
    if got is None:
        got = k.memo["redealable"] = _redealable(k)
    return got


def _redealable(k: Knowledge) -> bool:
    r = k.ruleset
    if r.face_down or k.hidden_declarations or any(k.unseen_count) or k.hidden_plays:
        return False
    u = k.undertaking
    if u is not None and u.blind_until_tricks:
        return False
    decls = r.cached("players.declaration_verbs", _declaration_verbs)
    last = None
    for seat, verb, arg in k.entries:
        if verb == "trump":
            last = arg
        elif seat != k.seat and verb not in REDEALABLE_VERBS and verb not in decls:
            return False
    return last != "??" and (last != "last" or k.trump_card is not None)


@dataclass
class Position:
    """A world's game at a decision of this deal (never played on: worlds are cloned from it)."""

    ruleset: object
    deal: tuple  # which deal: (number, dealer, score before it)
    seat: int  # whose decision
    said: tuple[tuple[int, str, str | None], ...]  # the actions other than passes up to it, as seen by all
    passes: tuple[int, ...]  # the seats that passed after the last of them
    game: GameState
    prefix: tuple[Action, ...]


_KEPT = threading.local()  # the last Position, per thread (the app serves sessions in threads)


def _deal_key(view) -> tuple:
    return view.deal_number, view.dealer, view.score


def _position(k: Knowledge) -> tuple[Position, int] | None:
    """The kept position, if it is a position of this deal on the way to this decision, and the index of
    the seat's first history entry after it."""
    pos = getattr(_KEPT, "position", None)
    if pos is None:
        return None
    got = k.memo.get("position")
    if got is None or got[0] is not pos:  # (one decision asks again for each world it builds)
        got = k.memo["position"] = pos, _position_of(k, pos)
    return got[1]


def _position_of(k: Knowledge, pos: Position) -> tuple[Position, int] | None:
    view = k.view
    if pos.ruleset is not k.ruleset or pos.deal != _deal_key(view):
        return None
    said, n = pos.said, len(pos.said)
    i = 0  # entries of this seat's history matched so far
    entries = k.entries
    for j in range(n):
        while i < len(entries) and entries[i][1] == "pass":
            i += 1
        if i == len(entries):
            return None
        s, v, a = entries[i]
        want = said[j]
        if s != want[0] or v != want[1] or (a != want[2] and want[2] is not None and a != "??"):
            return None
        i += 1
    # this seat's own passes after the last action said may already be in the position
    mine = pos.passes.count(k.seat)
    while mine and i < len(entries) and entries[i][1] == "pass":
        i += 1
        mine -= 1
    if mine:
        return None
    return pos, i


def _keep(k: Knowledge, game: GameState, prefix: list[Action], base: Position | None = None) -> None:
    """Keep ``game`` as the position after ``prefix`` (``base``: a position whose prefix begins it, whose
    actions said are not read again)."""
    said = tuple((a.seat, a.verb, a.arg if isinstance(a.arg, str) or a.arg is None else str(a.arg))
                 for a in (prefix[len(base.prefix):] if base is not None else prefix) if a.verb != "pass")
    if base is not None:
        said = base.said + said
    tail = []
    for a in reversed(prefix):
        if a.verb != "pass":
            break
        tail.append(a.seat)
    _KEPT.position = Position(k.ruleset, _deal_key(k.view), k.seat, said, tuple(reversed(tail)), game,
                              tuple(prefix))


def forget_positions() -> None:
    """Drop the kept position (a test's clean start; a new deal replaces it anyway)."""
    _KEPT.position = None


@cython.locals(k=Knowledge)
def _replay_from(k: Knowledge, world: World, game: GameState, start: int, prefix: list[Action]) -> GameState | None:
    """Replay the seat's history from entry ``start`` into ``game`` and check it reaches the decision."""
    view = k.view
    t = engine_tables(k.ruleset)  # the engine's own actions (its fast path)
    world.prefix = prefix
    final_trump = k._trump_entries[-1][0] if k._trump_entries else None  # the history's last trump entry

    # (no inner function refers to another: compiled, all of them share one closure object, which would then
    # hold itself and the game replayed -- a reference cycle, left to the garbage collector every replay)
    def do(action):
        game.apply(action)
        prefix.append(action)

    def passing(game, legal) -> bool:
        """The seat to act passes, if it may (the engine's own pass: its fast path)."""
        to = game.to_act
        if to is None or not _offered(legal, t.pass_action[to]):
            return False
        game.apply(t.pass_action[to])
        prefix.append(t.pass_action[to])
        return True

    hidden = 0  # the cards played face down unseen so far (a deal with one is replayed from its start: redealable)
    for i in range(start, len(k.entries)):
        seat, verb, arg = k.entries[i]
        if verb == "play" and arg == "??":  # a card played face down unseen: the one the world drew for it
            target = t.parsed(f"{seat} play {k.ruleset.deck.names[world.down[hidden]]} down")
            hidden += 1
            if not pass_until(game, lambda legal: _offered(legal, target), passing):
                return None
        elif verb == "trump" and arg == "??":
            target = _face_down_trump(k, game, seat, i == final_trump, passing)
            if target is None:
                return None
        elif verb == "discard" and arg == "??":  # the dealer's discard, unseen: a card it does not play later
            target = _unseen_discard(k, world, game, seat, i)
            if target is None or not pass_until(game, lambda legal: _offered(legal, target), passing):
                return None
        else:
            target = _entry_action(k, i) if arg != "??" else _hidden_declaration(k, world, seat, verb, i)
            if target is None or not pass_until(game, lambda legal: _offered(legal, target), passing):
                return None
        do(target)
    if not pass_until(game, lambda legal: game.to_act == view.seat, passing):
        return None
    if not _same_actions(game.legal_actions(), view.legal):
        return None
    if k.shown_from != (0, 0) and game.deal.trump_revealed != view.trump_revealed:
        return None  # (a closed trump: a card drawn for one played face down unseen was a trump, and showed them)
    return game


@cython.locals(k=Knowledge)
def _face_down_trump(k: Knowledge, game: GameState, seat: int, last: bool, passing) -> Action | None:
    """The trumps ``seat`` made face down, with the card its sampled hand would choose (``last``: the
    history's last trumps made, then in the suit the seat knows, unless the first lead makes trumps); None if
    the world does not come to it. ``passing``: the replay's passes."""
    if not pass_until(game, lambda legal: game.to_act == seat and _trump_options(legal), passing):
        return None
    options = _trump_options(game.legal_actions())
    lead_trump = k.undertaking is not None and k.undertaking.trump in LEAD_OR_NO_TRUMP
    if last and k.trump is not None and not lead_trump:
        options = [a for a in options if _suit_of_arg(k, a.arg) == k.trump]
        if k.trump_card is not None:  # (shown since: that very card)
            options = [a for a in options if a.arg == k.ruleset.deck.names[k.trump_card]]
        if not options:
            return None
    elif last and k.shown_from != (0, 0):
        # a closed trump not known to this seat: not a card its maker played face up since (while closed its
        # trump card lies face down, played face up only as its last card), nor, mostly, of the suit it led to
        # the first trick where no trump may be led then (unless the hand holds nothing else: not drawn)
        played = _played_face_up(k, seat)
        first = next(((s, a) for s, v, a in k.entries if v == "play"), None)
        led = k.t.suit_of[k.t.card_of[first[1]]] if first is not None and first[0] == seat \
            and k.rules.first_lead_not_trump else None
        options = [a for a in options if a.arg not in played and _suit_of_arg(k, a.arg) != led] \
            or [a for a in options if a.arg not in played] or options
    kt = k.t  # (a generator cannot capture the typed ``k``)
    hand = kt.deck.mask_of(kt.card_of[c] for c in game.view(seat).hand)
    return choose_trump(kt, hand, options)


def _played_face_up(k: Knowledge, seat: int) -> set[str]:
    """The cards ``seat`` played face up in the deal so far, less its last card where it has played them all."""
    plays = [a for s, v, a in k.entries if s == seat and v == "play" and a != "??"]
    if sum(1 for s, v, _ in k.entries if s == seat and v == "play") == k.ruleset.hand_size:
        plays = plays[:-1]
    return set(plays)


def _unseen_discard(k: Knowledge, world: World, game: GameState, seat: int, i: int) -> Action | None:
    """The discard of ``seat`` (the dealer) at history entry ``i``, unseen by this seat: the card its hand holds
    now beyond the cards the world drew for it (the turn-up, where the world drew it out of play: it was
    picked up and laid aside; else the card of the undealt ones swapped into its deal for the turn-up, new_game);
    failing one, a card of its hand it does not play later in the history (None if it holds no such card)."""
    names = k.ruleset.deck.names
    hand = game.deal.hands[seat]
    beyond = hand & ~sum(1 << c for c in world.orders[seat])
    if beyond.bit_count() == 1:
        return Action(seat, "discard", names[beyond.bit_length() - 1])
    later = {a for s, v, a in k.entries[i + 1:] if s == seat and v == "play"}
    turn_up = game.deal.turn_up
    cards = [c for c in range(k.ruleset.deck.size) if (hand >> c) & 1 and names[c] not in later]
    if not cards:
        return None
    card = next((c for c in cards if c != turn_up), cards[0])  # (the turn-up kept, as a dealer mostly does)
    return Action(seat, "discard", names[card])


def _hidden_declaration(k: Knowledge, world: World, seat: int, verb: str, i: int) -> Action | None:
    """The declaration of a hidden suit at history entry ``i`` (``seat`` declared ``verb``), in the suit the
    world drew for it (None if it drew none)."""
    suit = world.decl_suits.get(i)
    if suit is None:
        return None
    return engine_tables(k.ruleset).shared(Action(seat, verb, k.ruleset.deck.suits[suit]))


def _same_actions(legal, wanted) -> bool:
    """Are ``legal`` and ``wanted`` the same actions? The engine offers its own objects, in its order, so
    usually they are the very same ones; otherwise compared as sets (Action's == and hash build tuples)."""
    if len(legal) == len(wanted):
        for a, b in zip(legal, wanted):
            if a is not b:
                break
        else:
            return True
    return set(legal) == set(wanted)


def _trump_options(legal) -> list[Action]:
    return [a for a in legal if a.verb == "trump" and a.arg != "last"]


def _offered(legal, action: Action) -> bool:
    """``action in legal``, by identity first: the engine offers its own objects, and these are what the
    replay applies, so comparing seat, verb and argument is only the fallback."""
    for a in legal:
        if a is action:
            return True
    verb, seat, arg = action.verb, action.seat, action.arg  # (a dataclass == builds tuples: slow here)
    for a in legal:
        if a.verb == verb and a.seat == seat and a.arg == arg:
            return True
    return False


def _entry_action(k: Knowledge, i: int) -> Action:
    """The action of history entry ``i`` (its argument known), as the engine's own object: the replays of
    the seat's history (one per sampled deal) then take GameState.apply's fast path."""
    return engine_tables(k.ruleset).parsed(k.view.history[i])


def _suit_of_arg(k: Knowledge, arg) -> int:
    suits = k.ruleset.deck.suits
    return suits.index(arg) if arg in suits else k.t.suit_of[k.t.card_of[arg]]


def replayed_worlds(k: Knowledge, rng: random.Random, wanted: int, draws: int):
    """Sampled deals that fit the view, each with its game replayed to the seat's decision: up to ``wanted``
    (world, game) pairs from at most ``draws`` draws (a draw that runs into a dead end or does not replay to
    the same decision is dropped)."""
    found = 0
    for _ in range(draws):
        if found >= wanted:
            return
        world = sample_world(k, rng)
        game = replay(k, world) if world is not None else None
        if game is not None:
            found += 1
            yield world, game


def sample_worlds(k: Knowledge, rng: random.Random, n: int, tries: int = 8) -> list[World]:
    """Up to ``n`` worlds that replay to the seat's decision (at most ``n * tries`` draws)."""
    return [world for world, _ in replayed_worlds(k, rng, n, n * tries)]


def rebuild(k: Knowledge, world: World) -> GameState:
    """The world's game at the seat's decision (its prefix applied again)."""
    game = new_game(k.ruleset, k.view, world.orders)
    for a in world.prefix:
        game.apply(a)
    return game


# -- playing a world out ---------------------------------------------------------------------------


_FOLLOWED = threading.local()  # the last prefix a Tracker followed (without a 'last card' trump) and its state


def forget_followed() -> None:
    """Drop the last prefix followed (a test's clean start)."""
    _FOLLOWED.last = None


class Tracker:
    """Follows the card play of a rebuilt world (hands, trick, trump) to feed the playout policy."""

    @cython.locals(k=Knowledge)
    def __init__(self, k: Knowledge, world: World):
        self.k = k
        r = k.ruleset
        self.n = k.seats
        self.in_trick = k.seats  # cards in a trick (one fewer while a seat sits out: going alone)
        self.card_of = k.t.card_of
        self.orders = world.orders
        self.played = [0] * self.n
        self.trick = []
        self.tricks_done = 0
        self.trump = None
        self.beats = r.beats
        self.undertaker = None
        self.first_lead_sets = False
        self.makers = None
        self.plays = 0
        self._masks = {}  # phase index -> each seat's cards of that phase
        # each seat's cards of the phase being played less those played (see hands), the masks of the phase
        # they were taken from and the tricks done when that phase was last looked up
        self._held = None
        self._held_masks = None
        self._held_at = -1
        self.ctx = None  # the playout policy's PlayCtx, filled afresh for each card (policy_action)
        self._follow(r, world.prefix)

    def _follow(self, r, prefix: list[Action]) -> None:
        """Follow the actions of ``prefix`` (the world's, up to the seat's decision). What is followed here is
        the same for the same actions: where the last prefix followed (of any decision of this thread) begins
        this one, its state is taken and only the actions since are seen; this prefix is then the last one
        (unless trumps were made by a 'last card': they come from this world's cards)."""
        start = self._resume(r, prefix)
        keep = True
        for i in range(start, len(prefix)):
            a = prefix[i]
            verb = a.verb
            if verb != "pass":  # (a pass changes nothing followed here)
                self.observe(a)
                if verb == "trump" and a.arg == "last":
                    keep = False  # (the trumps then come from this world's cards)
        if keep and start < len(prefix):
            _FOLLOWED.last = (r, list(prefix), (tuple(self.played), tuple(self.trick), self.tricks_done, self.trump,
                                                self.beats, self.undertaker, self.first_lead_sets, self.makers,
                                                self.plays, self.in_trick))

    def _resume(self, r, prefix: list[Action]) -> int:
        """Take the state of the last prefix followed if it begins ``prefix``: how many actions it took."""
        last = getattr(_FOLLOWED, "last", None)
        if last is None or last[0] is not r:
            return 0
        seen = last[1]
        if len(seen) > len(prefix) or prefix[:len(seen)] != seen:
            return 0
        (played, trick, self.tricks_done, self.trump, self.beats, self.undertaker, self.first_lead_sets,
         self.makers, self.plays, self.in_trick) = last[2]
        self.played, self.trick = list(played), list(trick)
        return len(seen)

    def copy(self) -> "Tracker":  # (worlds.pxd: cpdef, ``other`` typed)
        other = Tracker.__new__(Tracker)
        other.k, other.n, other.card_of, other.orders = self.k, self.n, self.card_of, self.orders
        other.in_trick = self.in_trick
        other.played = list(self.played)
        other.trick = list(self.trick)
        other.tricks_done, other.trump, other.beats, other.undertaker = \
            self.tricks_done, self.trump, self.beats, self.undertaker
        other.first_lead_sets, other.makers, other.plays = self.first_lead_sets, self.makers, self.plays
        other._masks = self._masks
        other._held = None if self._held is None else list(self._held)
        other._held_masks, other._held_at = self._held_masks, self._held_at
        other.ctx = self.ctx
        return other

    def observe(self, a: Action) -> None:
        verb = a.verb
        if verb == "play" or verb == DOWN:  # (a card played face down is played too: a closed trump's cut)
            c = self.card_of[a.arg]
            if self.first_lead_sets and self.plays == 0:
                self.trump = self.k.t.suit_of[c]
            self.plays += 1
            seat = a.seat
            self.played[seat] |= 1 << c
            if self._held is not None:
                self._held[seat] &= ~(1 << c)
            trick = self.trick
            trick.append((seat, c))
            if len(trick) == self.in_trick:
                self.trick = []
                self.tricks_done += 1
        elif verb == "trump":
            self._trumps_made(a)
        elif verb != "pass":
            self._undertaken(a)

    def _trumps_made(self, a: Action) -> None:
        """Trumps made by ``a``: by the seat's last card dealt, by naming the suit, or by a card."""
        t = self.k.t
        suits = self.k.ruleset.deck.suits
        if a.arg == "last":
            self.trump = t.suit_of[self.orders[a.seat][-1]]
        elif a.arg in suits:
            self.trump = suits.index(a.arg)
        else:
            self.trump = t.suit_of[t.card_of[a.arg]]
        self.makers = self.k.team_of[a.seat]

    def _undertaken(self, a: Action) -> None:
        """An undertaking called by ``a`` (if its verb is one): its caller, its trumps and its ranking."""
        u = by_verb(self.k.ruleset).undertaking.get(a.verb)
        if u is None:
            return
        self.undertaker = a.seat
        self.makers = self.k.team_of[a.seat]
        if u.partner_sits_out:
            self.in_trick = self.n - 1
        if u.trump in LEAD_OR_NO_TRUMP:
            self.trump = None
            self.first_lead_sets = u.trump is TrumpWay.FIRST_LEAD
        if u.beats is not None:
            self.beats = u.beats

    @cython.locals(k=Knowledge)
    def hands(self) -> list[int]:
        """Each seat's cards of the phase being played, less those played (kept up to date as cards are
        played: read, not changed)."""
        if self._held_at != self.tricks_done:
            k = self.k
            idx = k._phase_of_trick(self.tricks_done)
            masks = self._masks.get(idx)
            if masks is None:
                p = k.phases[idx]
                lo, hi = k.cum[p.first_batch], k.cum[p.end_batch]
                masks = self._masks[idx] = [sum(1 << c for c in o[lo:hi]) for o in self.orders]
            if masks is not self._held_masks or self._held is None:  # (a new phase: its cards afresh)
                self._held = [m & ~pl for m, pl in zip(masks, self.played)]
                self._held_masks = masks
            self._held_at = self.tricks_done
        return self._held

    @cython.locals(k=Knowledge, game=GameState, deal=Deal, ctx=PlayCtx)
    def card(self, k: Knowledge, game: GameState, legal) -> Action:
        """The playout policy's card (policy_action): the card sense with every hand known."""
        card_of = self.card_of
        seat = legal[0].seat
        # (with face-down rows the world's own game knows which of its cards are in play)
        if k.ruleset.face_down:
            deal = game.deal
            hands = list(deal.hands)
        else:
            hands = self.hands()
        lm = 0
        for a in legal:
            lm |= 1 << card_of[a.arg]
        hand = hands[seat]
        out = sum(hands) - hand  # the other hands' cards (no card is in two hands: the sum is their union)
        ctx = self.ctx
        if ctx is None:
            ctx = self.ctx = PlayCtx(k.t.for_trump(self.trump), seat, self.n, k.team_of, lm, hand, self.trick,
                                     self.trump, self.beats, hands, out, hand.bit_count(), exact=True)
        else:  # (what may differ from one card to the next)
            if ctx.trump != self.trump:
                ctx.t = k.t.for_trump(self.trump)  # (the suits and points of a deal with these trumps: deck.trumps)
            ctx.seat, ctx.legal, ctx.hand, ctx.trick, ctx.trump, ctx.beats, ctx.threats, ctx.outstanding, \
                ctx.tricks_left = seat, lm, hand, self.trick, self.trump, self.beats, hands, out, hand.bit_count()
        ctx.undertaker = self.undertaker
        ctx.first_lead_sets_trump = self.first_lead_sets and self.plays == 0
        ctx.makers = self.makers
        # what the heuristic's card sense reads besides the cards (heuristic.play_ctx), read from the world's deal
        ctx.wants = bids_wanted(game.deal, self.n) if aims_at_bid(k.ruleset) else None
        ctx.partner_led = 0 if k.t.total_points else partner_leads(game.deal, seat, k.team_of)
        return k.rules.play[seat][choose_play(ctx)]  # the engine's own action (its fast path)


def bids_wanted(deal, seats: int) -> tuple | None:
    """Each seat's bid less the tricks it has taken in ``deal`` (a bid scored only when made exactly:
    tactics.aims_at_bid); None until every seat has bid (heuristic.wants, from the seat's view)."""
    bids = deal.bids
    if len(bids) < seats:
        return None
    taken = deal.seat_tricks
    return tuple(int(bids[s]) - taken[s] for s in range(seats))


def partner_leads(deal, seat: int, team_of) -> int:
    """The cards ``seat``'s partners led to the tricks of ``deal`` so far (a mask: heuristic.partner_led)."""
    got = 0
    team = team_of[seat]
    for leader, cards, _ in deal.tricks:
        if leader != seat and team_of[leader] == team:
            got |= 1 << cards[0][1]
    return got


@cython.locals(k=Knowledge, tr=Tracker, game=GameState, deal=Deal)
def policy_action(k: Knowledge, tr: Tracker, game: GameState, rng: random.Random | None = None,
                  epsilon: float = 0.0) -> Action:
    """The playout policy: the heuristic's card sense with the sampled hands known; Jodies declared,
    other announcements passed."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if first.verb == "play":
        if epsilon and rng is not None and rng.random() < epsilon:
            return legal[rng.randrange(len(legal))]
        return tr.card(k, game, legal)
    if first.verb in k.declaration_verbs:
        return first
    if legal[-1].verb == "pass":
        return legal[-1]
    if first.verb == "trump":
        # the cards the seat holds in this deal now (not the cards still to come)
        deal = game.deal
        return choose_trump(k.t, deal.hands[first.seat], legal)
    return first


@cython.locals(k=Knowledge, tr=Tracker, game=GameState)
def playout(k: Knowledge, world: World, game: GameState, tr: Tracker, rng: random.Random | None = None,
            epsilon: float = 0.0):
    """Play the deal of ``game`` to its end; the DealResult."""
    record = game.deals[-1]
    steps = 0
    while record.result is None and steps < 2000:
        a = policy_action(k, tr, game, rng, epsilon)
        game.apply(a)
        tr.observe(a)
        steps += 1
    return record.result


def utility(result, team: int, ruleset) -> float:
    """A deal's worth to ``team``: balls won less balls lost, plus a fraction of a ball for the card
    points (or tricks, where cards have no points and a bid is not scored only when made exactly:
    tactics.aims_at_bid) taken over the opponents."""
    if result is None:
        return 0.0
    balls = result.balls
    teams = len(balls)
    others = [x for x in range(teams) if x != team]
    u = balls[team] - sum(balls[x] for x in others) / max(1, len(others))
    if result.card_points:
        total = ruleset.deck.total_points
        if total:
            pts = [result.card_points[x] + (result.declared[x] if result.declared else 0) for x in range(teams)]
            u += 0.5 * (pts[team] - sum(pts[x] for x in others) / max(1, len(others))) / total
        elif result.tricks and not aims_at_bid(ruleset):  # (a bid made exactly: a trick more is no gain)
            tr = result.tricks
            u += 0.5 * (tr[team] - sum(tr[x] for x in others) / max(1, len(others))) / ruleset.tricks_per_deal
    return u
