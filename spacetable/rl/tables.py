"""The tables of docs/rl.md: each game's observation slices and action index ranges, as Markdown.

``python -m spacetable.rl.tables`` prints them for the adapters' default configuration (2 players);
a test checks that docs/rl.md holds every row.
"""

from __future__ import annotations

from spacetable.engine.action import ActionSpace
from spacetable.rl.observations import encoded_games, encoder_for
from spacetable.rl.table import adapter_config


def action_rows(space: ActionSpace) -> list[tuple[str, str, str]]:
    """(kind, index range, first … last text) for each run of consecutive actions of one kind."""
    rows: list[tuple[str, str, str]] = []
    start = 0
    actions = space.actions
    for i in range(1, len(actions) + 1):
        if i == len(actions) or actions[i].kind != actions[start].kind:
            first, last = str(actions[start]), str(actions[i - 1])
            span = f"{start}–{i - 1}" if i - 1 > start else str(start)
            rows.append((actions[start].kind, span, first if first == last else f"`{first}` … `{last}`"))
            start = i
    return rows


def markdown(game: str) -> str:
    spec, config, _ = adapter_config(game, {})
    layout = encoder_for(game, config).layout
    out = [f"### {spec.title}", "", f"#### Observation ({game}: {layout.size} floats with 2 players)", "",
           "| slice | indices | meaning |", "|---|---|---|"]
    out += [f"| `{name}` | {span} | {doc} |" for name, span, doc in layout.table()]
    space = spec.new_game(dict(config), 0).space
    out += ["", f"#### Actions ({game}: {len(space)} indices)", "",
            "| kind | indices | actions |", "|---|---|---|"]
    for kind, span, text in action_rows(space):
        out.append(f"| `{kind}` | {span} | {text if text.startswith('`') else f'`{text}`'} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    for g in encoded_games():
        print(markdown(g))
