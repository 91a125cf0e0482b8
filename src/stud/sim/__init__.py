"""Running hands: one hand between bots, and many hands on local cores or Ray."""

from stud.sim.hand import play_hand

__all__ = ["play_hand"]
