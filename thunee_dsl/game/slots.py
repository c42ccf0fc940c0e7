"""The attributes of a deal and of a ruleset's tables, named once for both ways the engine runs.

:class:`~thunee_dsl.game.deal.Deal` and :class:`~thunee_dsl.game.tables.RulesetTables` are built on
these two bases, which hold nothing but their attributes. Run as Python they are ``__slots__`` (a slot is
read at a fixed offset). In the compiled build (``build_accel.py``) ``slots.pxd`` declares them as Cython
extension types with the same attributes, so the rule functions that type their ``deal`` argument
(``@cython.locals(deal=DealSlots)``, see :mod:`thunee_dsl.game.typing`) read ``deal.hands`` or
``t.suit_mask_of`` as a C struct field instead of a generic attribute look-up. They live in a module of
their own because every rule module reads them and the deal's module imports every rule module: a
compiled module imports the types it declares at its start, before the deal's module would have made them.

The deal's attributes are declared where they belong: each rule module's ``STATE`` names the part of the
deal's state it owns (only it writes them), with how a copy of the deal treats each; ``deal.DEAL_STATE``
gathers them, and slots.pxd's ``DealSlots`` is made from it (``build_accel.py``, checked by
``tests/game/test_typed_slots.py``). ``TABLE_SLOTS`` are the tables' attribute names (one module's).
"""

from __future__ import annotations

# How a copy of a deal (Deal.clone) treats each attribute of the deal's state. Every rule module declares
# the attributes it owns (its ``STATE``: name -> one of these, or (it, the compiled build's C type)); the
# deal's attributes, its clone and the compiled build's typed fields (slots.pxd) are all made from those
# declarations, and only the module that declares an attribute writes it (tests/game/test_state_ownership.py).
VALUE = "value"  # an immutable value, or the ruleset's own (its tables, its actions): the copy shares it
OWN = "own"  # the deal's own list, set, dict or window: copied (a shared read-only tuple stays shared)
OWN_NESTED = "own nested"  # a list of lists: copied one level down
REMADE = "remade"  # worked out again from the deal, on demand (refers back to it): None in a copy
REMADE_DICT = "remade dict"  # the same, kept in a dict: an empty dict in a copy
POLICIES = (VALUE, OWN, OWN_NESTED, REMADE, REMADE_DICT)


def policy_of(declared) -> str:
    """The copy policy of a declared attribute (``STATE``'s value: a policy, or (policy, C type))."""
    return declared[0] if type(declared) is tuple else declared


def c_type_of(declared) -> str:
    """The compiled build's C type of a declared attribute (``object`` unless declared)."""
    return declared[1] if type(declared) is tuple else "object"


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
    "trump_by_suit", "trump_last", "unbit", "undercut_only_with_all_trumps", "obligations", "obligations_following", "undertaking_of",
    "undertakings_order", "late_order", "offered_on_trumps",
    "suits_by_trump", "led_masks", "trump_masks", "points_by_trump",  # by the deal's trump (deck.trumps)
)


class DealSlots:
    """The base of :class:`~thunee_dsl.game.deal.Deal`: in Python it has no attributes of its own (the deal's
    are its ``__slots__``, made from the rules' ``STATE``); compiled, slots.pxd (made from the same
    declarations by ``build_accel.py``) declares them here as C struct fields."""

    __slots__ = ()


class TableSlots:
    """A ruleset's tables, their attributes only (see :class:`~thunee_dsl.game.tables.RulesetTables`)."""

    __slots__ = TABLE_SLOTS
