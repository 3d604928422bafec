"""Reinforcement-learning adapter: a gym-style environment over any registered game."""

from spacetable.rl.env import SpacetableEnv

__all__ = ["SpacetableEnv"]
