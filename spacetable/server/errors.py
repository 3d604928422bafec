"""The one error type the routes raise: an HTTP status and a message, sent as {"error": message}."""

from __future__ import annotations


class ApiError(Exception):
    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
        """Seconds after which the same request may succeed (sent as Retry-After; 429)."""
