"""Layer 5: players. A player sees only its seat's :class:`~thunee_dsl.game.view.SeatView`."""

from thunee_dsl.players.random_bot import RandomBot

__all__ = ["RandomBot"]
