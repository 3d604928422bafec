"""Hazard dice targeting a participant, and the dice Binding Ties' "Block 1 Hazard Die" blocks.

`Seat.dice[i]` holds the icons of die i (3.4.1). A reputation block (Possible Rewards, 5 ANY: "block
1 Hazard Die targeting them … They may then block Hazards rolled on 1 Hazard Die") blocks one *die*,
not a number of icons: bit i of `Seat.blocked_dice` marks die i. The die stays blocked whatever it
shows after a re-roll (Redacted), the mark leaves with the die when it is discarded (AT-0K, Ghost),
and a blocked die cannot be chosen again. Icons of blocked dice never count; Shields and other
"block N" effects (`Seat.blocks`, R20) cover the icons of the other dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import Seat


def is_blocked(st: Seat, i: int) -> bool:
    return bool(st.blocked_dice >> i & 1)


def unblocked_icons(st: Seat) -> int:
    """Icons on the dice targeting this participant that no reputation block covers."""
    mask = st.blocked_dice
    n = 0
    if not mask:
        for icons in st.dice:
            n += icons
        return n
    for i, icons in enumerate(st.dice):
        if not mask >> i & 1:
            n += icons
    return n


def exposed(st: Seat) -> int:
    """Icons that would cost Prestige now: unblocked dice minus the block count (3.4.9 step 3)."""
    n = unblocked_icons(st) - st.blocks
    return n if n > 0 else 0


def block_die(st: Seat, i: int) -> None:
    st.blocked_dice |= 1 << i


def discard_die(st: Seat, i: int) -> int:
    """Remove die i (it no longer targets anyone, 3.4.5); returns its icons. Its block mark goes with
    it and the marks of the later dice move down with them."""
    icons = st.dice.pop(i)
    mask = st.blocked_dice
    if mask:
        st.blocked_dice = (mask & ((1 << i) - 1)) | (mask >> (i + 1) << i)
    return icons


def blockable(st: Seat) -> list[int]:
    """Indices of the dice a reputation block may still choose: unblocked, with icons, one per value."""
    out: list[int] = []
    seen: list[int] = []
    mask = st.blocked_dice
    for i, icons in enumerate(st.dice):
        if icons > 0 and not mask >> i & 1 and icons not in seen:
            seen.append(icons)
            out.append(i)
    return out


def distinct_dice(st: Seat, limit: int) -> list[int]:
    """The first index of each kind of die (icons, blocked or not), for choices about one die."""
    out: list[int] = []
    seen: set[tuple[int, bool]] = set()
    for i, icons in enumerate(st.dice[:limit]):
        k = (icons, is_blocked(st, i))
        if k not in seen:
            seen.add(k)
            out.append(i)
    return out


def blocked_icons(st: Seat) -> int:
    """Icons on the blocked dice (shown in views as blocks, so that icons − blocks is the loss)."""
    mask = st.blocked_dice
    return sum(icons for i, icons in enumerate(st.dice) if mask >> i & 1) if mask else 0
