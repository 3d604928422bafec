"""Bots: clients of the engine that choose actions for a seat."""

from spacetable.bots.base import Bot, RandomBot, bot_names, make_bot, register_bot

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot", "register_bot"]
