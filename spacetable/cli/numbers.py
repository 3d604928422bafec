"""Numbers typed at a prompt: ASCII digits only, and short.

`str.isdigit` is true for "²" and "٣", which `int` refuses or reads unexpectedly, and `int` refuses a
string of more than 4,300 digits; every prompt of the terminal client and the replayer reads its
numbers through `small_number`, so such input is answered as text that is not a number.
"""

from __future__ import annotations


def small_number(word: str, digits: int = 9) -> int | None:
    """`word` as an int when it is 1 to `digits` ASCII digits, else None."""
    if 0 < len(word) <= digits and word.isascii() and word.isdigit():
        return int(word)
    return None
