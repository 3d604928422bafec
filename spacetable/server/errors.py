"""The one error type the routes raise: an HTTP status and a message, sent as {"error": message}."""

from __future__ import annotations


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
