"""Layer 4: game state, actions, per-seat views, deal scoring and transcript replay."""

from thunee_dsl.game.actions import Action
from thunee_dsl.game.scoring import DealResult
from thunee_dsl.game.state import GameState
from thunee_dsl.game.view import SeatView

__all__ = ["Action", "DealResult", "GameState", "SeatView"]
