"""The fixed Space Lanes map (L1, L2): adjacency of settlement slots through lane slots, and shortest
routes measured in moves (a lane of distance d takes d+1 moves to cross)."""

from __future__ import annotations

import heapq

from spacetable.games.spacelanes.content import CONTENT

NSLOTS = 15
NLANES = 24
ENDS: list[tuple[int, int]] = CONTENT.lane_ends
ADJ: list[list[tuple[int, int]]] = [[] for _ in range(NSLOTS)]
"""slot → [(lane slot, other slot)]"""
LANE_BETWEEN: dict[tuple[int, int], int] = {}
for _ls, (_a, _b) in enumerate(ENDS):
    ADJ[_a].append((_ls, _b))
    ADJ[_b].append((_ls, _a))
    LANE_BETWEEN[(_a, _b)] = _ls
    LANE_BETWEEN[(_b, _a)] = _ls


def other_end(ls: int, slot: int) -> int:
    a, b = ENDS[ls]
    return b if slot == a else a


def dijkstra(src: int, dist: list[int]) -> tuple[list[int], list[int]]:
    """Moves from `src` to every slot given lane distances by lane slot; also the first hop toward each."""
    inf = 1 << 30
    best = [inf] * NSLOTS
    first = [-1] * NSLOTS
    best[src] = 0
    heap = [(0, src, -1)]
    while heap:
        d, n, f = heapq.heappop(heap)
        if d > best[n]:
            continue
        for ls, m in ADJ[n]:
            nd = d + dist[ls] + 1
            if nd < best[m]:
                best[m] = nd
                first[m] = m if f < 0 else f
                heapq.heappush(heap, (nd, m, first[m]))
    return best, first
