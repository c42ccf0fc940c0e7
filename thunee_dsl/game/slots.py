"""The attributes of a deal and of a ruleset's tables, named once for both ways the engine runs.

:class:`~thunee_dsl.game.deal.Deal` and :class:`~thunee_dsl.game.tables.RulesetTables` are built on
these two bases, which hold nothing but their attributes. Run as Python they are ``__slots__`` (a slot is
read at a fixed offset). In the compiled build (``build_accel.py``) ``slots.pxd`` declares them as Cython
extension types with the same attributes, so the rule functions that type their ``deal`` argument
(``@cython.locals(deal=DealSlots)``, see :mod:`thunee_dsl.game.typing`) read ``deal.hands`` or
``t.suit_mask_of`` as a C struct field instead of a generic attribute look-up. They live in a module of
their own because every rule module reads them and the deal's module imports every rule module: a
compiled module imports the types it declares at its start, before the deal's module would have made them.

``DEAL_SLOTS`` and ``TABLE_SLOTS`` are the attribute names (``Deal.clone``'s copiers read them); the
``.pxd`` must declare exactly these (``tests/game/test_typed_slots.py``).
"""

from __future__ import annotations

DEAL_SLOTS = (
    "t", "r", "target", "corner_house", "dealer", "order", "balls", "team_of", "hands", "dealt", "chooser",
    "calls", "declarations", "declared", "trick", "tricks", "team_cards", "team_tricks", "team_tricks_step",
    "team_declared", "seat_tricks", "play_actions", "card_of", "n_tricks", "beats", "bids", "passed",
    "step", "batches_dealt", "trump", "trump_card", "trump_way", "trump_maker", "trump_revealed", "call",
    "last_caller", "undertaking", "undertaker", "caught_by", "declaring_team", "claim", "claimer", "leader",
    "best", "winning", "play_end", "last_trick_winner", "window", "pending", "over", "cancelled", "offence",
    "_legal", "_mask", "_row", "_led", "_plain", "_seat_env", "_claims_asked", "blind_from", "unseen", "redealt",
    "high_bid", "high_bidder", "conceded_by", "redealer", "_counts", "_view_cache",
    "row", "covers", "face_up", "face_down", "shown", "laid", "turned", "undertaking_name", "claim_name",
    "order_bits", "makers", "counting", "barred", "steps", "before_card", "plain_at",
)

TABLE_SLOTS = (
    "_held", "_next_amounts", "_own", "_parsed", "actions_of", "after_team_trick", "any_combination",
    "batch_bounds", "batch_pick", "beaten_by_any", "bit",
    "call_options", "calling", "calls", "card_of", "claim_choices", "claim_of", "claim_trick", "claims_per_team",
    "combination_cards", "combination_masks", "driver", "no_cards", "no_rows", "chooser_of", "deal_slices", "declaration_actions",
    "declaration_of", "during_calling", "face_down", "fast_of", "first_lead_not_trump", "first_receiver_of", "follow",
    "follow_suit", "late_offered", "lay_out_after", "lay_out_unless_undertaking", "n_tricks", "names", "names_of",
    "next_seat", "no_trump", "offered_after", "opponents_from", "other_team", "others_from", "pack",
    "pass_action", "pass_only", "pending_play", "play", "points", "points_played", "receive", "say", "seat_card", "seats",
    "seats_from", "shuffle", "size", "suit_index", "suit_mask_of", "suit_masks", "suit_of",
    "suits_present", "team_of", "team_seats_from", "teams", "trump_actions_of", "trump_by_card",
    "trump_by_suit", "trump_last", "unbit", "undercut_only_with_all_trumps", "undertaking_of",
    "undertakings_order", "late_order",
)


class DealSlots:
    """The state of one deal, its attributes only (see :class:`~thunee_dsl.game.deal.Deal`)."""

    __slots__ = DEAL_SLOTS


class TableSlots:
    """A ruleset's tables, their attributes only (see :class:`~thunee_dsl.game.tables.RulesetTables`)."""

    __slots__ = TABLE_SLOTS
