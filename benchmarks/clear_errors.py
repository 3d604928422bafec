"""A benchmark script's entry point that ends with a clear one-line error instead of a traceback.

    import clear_errors
    if __name__ == "__main__":
        run(main)

A refused option (the project's `SpacetableError`: an unknown game, bot or flag value), a file that
cannot be read or written, or Ctrl-C prints ``error: …`` (or ``interrupted``) on stderr and exits with
status 2 (130 for Ctrl-C), as the ``spacetable`` commands do; anything else is a bug and keeps its
traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, NoReturn

from spacetable.engine.errors import SpacetableError


def fail(message: str, code: int = 2) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(code)


def run(main: Callable[[], Any]) -> None:
    """Call `main`; its integer result is the exit status."""
    try:
        code = main()
    except SpacetableError as e:
        fail(str(e))
    except OSError as e:
        fail(f"{e.filename or ''}{': ' if e.filename else ''}{e.strerror or e}")
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    if isinstance(code, int) and not isinstance(code, bool):
        raise SystemExit(code)
