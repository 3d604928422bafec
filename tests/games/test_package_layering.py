"""Game packages a newcomer can read: no import circle held together by imports inside functions, no
module above `MAX_LINES` lines, and, where a package writes down its layering, no module importing one
above it.

- A function-level import (an `import` inside a function or method) is how a circle of imports is made
  to work; one is allowed only when a comment on the import's own line says why.
- `MAX_LINES` lines at most per module: a larger one holds more than one thing; split it by what it holds.
- A package whose `__init__.py` docstring lists its modules from the bottom up under a line starting
  "Layers" (Space Lanes does) has each module import only modules listed before it; imports under
  `if TYPE_CHECKING:` (annotations only) do not count.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from pathlib import Path

from spacetable.games.moonrakers.crew_specs import OP_FIELDS
from spacetable.games.moonrakers.part_specs import INSTANT_OPS, TOP_OPS

GAMES = Path(__file__).resolve().parent.parent.parent / "spacetable" / "games"
MAX_LINES = 500

def _modules() -> list[Path]:
    return sorted(p for p in GAMES.glob("*/*.py") if (p.parent / "__init__.py").exists())


def _name(path: Path) -> str:
    return path.relative_to(GAMES).as_posix()


def _comments(source: str) -> dict[int, str]:
    """Line number → the comment on that line (real comments only, not '#' inside strings)."""
    out: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out[tok.start[0]] = tok.string.lstrip("#").strip()
    return out


def unjustified_function_imports(source: str) -> list[int]:
    """Line numbers of the imports inside a function whose line carries no comment saying why."""
    tree = ast.parse(source)
    comments = _comments(source)
    lines: list[int] = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Import | ast.ImportFrom) and not comments.get(node.lineno):
                lines.append(node.lineno)
    return sorted(set(lines))


def broken_rules(path: Path) -> set[str]:
    source = path.read_text(encoding="utf-8")
    out = set()
    if unjustified_function_imports(source):
        out.add("function-level imports")
    if len(source.splitlines()) > MAX_LINES:
        out.add("long")
    return out


def test_no_function_level_imports_and_no_long_modules_in_game_packages() -> None:
    found = {_name(p): sorted(r) for p in _modules() if (r := broken_rules(p))}
    assert not found, (f"game modules with an import inside a function (move it to the top of the module, or "
                       f"say why on its line) or above {MAX_LINES} lines (split it): {found}")


def layers(init_source: str) -> list[str]:
    """The modules a package's docstring lists under its "Layers" line, bottom first ([] if none)."""
    doc = ast.get_docstring(ast.parse(init_source)) or ""
    listed: list[str] | None = None
    for line in doc.splitlines():
        if line.startswith("Layers"):
            listed = []
        elif listed is not None:
            m = re.match(r"- `(\w+)`", line)
            if m:
                listed.append(m.group(1))
            elif listed and line and not line.startswith(" "):
                break  # the first paragraph after the list
    return listed or []


def package_imports(path: Path, package: str) -> set[str]:
    """The package's modules `path` imports at run time (not under `if TYPE_CHECKING:`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prefix = f"spacetable.games.{package}"
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == prefix:
                out.update(a.name for a in node.names)
            elif node.module.startswith(prefix + "."):
                out.add(node.module.split(".")[3])
        elif isinstance(node, ast.Import):
            out.update(a.name.split(".")[3] for a in node.names if a.name.startswith(prefix + "."))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def test_each_module_imports_only_the_layers_below_it() -> None:
    checked = 0
    layered = set()
    for init in sorted(GAMES.glob("*/__init__.py")):
        package = init.parent.name
        order = layers(init.read_text(encoding="utf-8"))
        if not order:
            continue
        layered.add(package)
        modules = {p.stem for p in init.parent.glob("*.py")} - {"__init__"}
        assert sorted(order) == sorted(modules), (
            f"{package}: the layers in __init__.py must list every module once: "
            f"missing {sorted(modules - set(order))}, unknown or twice {sorted(set(order) - modules)}")
        for i, m in enumerate(order):
            above = set(order[i:])
            wrong = package_imports(init.parent / f"{m}.py", package) & above
            assert not wrong, f"{package}/{m}.py imports {sorted(wrong)}, listed at or above it in the layers"
            checked += 1
    assert checked and {"moonrakers", "spacelanes"} <= layered, f"only {sorted(layered)} write their layers"


def test_the_checks_catch_what_they_guard() -> None:
    """The rules fail on what they forbid (else the tests above could not fail)."""
    source = ("import json\n\n\ndef f():\n    import os\n    from x import y  # the circle: x imports us\n"
              "    return os, y\n")
    assert unjustified_function_imports(source) == [5]
    doc = ('"""Game.\n\nLayers, bottom up,\nwhy.\n\n- `a`: one\n- `b`: two\n  more words\n\n'
           'End: `- `c``.\n"""\n')
    assert layers(doc) == ["a", "b"]


# ------------------------------------------------------------------------------- bots know cards by data
BOTS = GAMES.parent / "bots"


def moonrakers_card_ids() -> set[str]:
    """Every card id (slug) in Moonrakers' data files, less the words that are also the effect
    vocabulary's op names (an op named like a card, e.g. `siphon`, is vocabulary, not a card)."""
    slugs: set[str] = set()
    for path in (GAMES / "moonrakers" / "data").glob("*.json"):
        slugs.update(c["slug"] for c in json.loads(path.read_text(encoding="utf-8"))["cards"])
    return slugs - set(OP_FIELDS) - set(INSTANT_OPS) - set(TOP_OPS)


def card_ids_in(source: str, ids: set[str]) -> list[str]:
    """The card ids a module's string literals (docstrings included) name."""
    return sorted({n.value for n in ast.walk(ast.parse(source))
                   if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in ids})


def test_no_bot_module_names_a_moonrakers_card() -> None:
    """Card knowledge comes from the card data (effects through `card_facts`, hand-set judgements
    as each card's bot hint), never from a table keyed by card id: a card added to the data files is
    then known to every bot with no edit to a bot."""
    ids = moonrakers_card_ids()
    assert {"ada-massa", "flak-mine", "gun-for-hire"} <= ids
    found = {p.name: hits for p in sorted(BOTS.glob("*.py"))
             if (hits := card_ids_in(p.read_text(encoding="utf-8"), ids))}
    assert not found, f"bot modules naming Moonrakers cards (read the card data instead): {found}"
    assert card_ids_in('X = {"ada-massa": 1}\n', ids) == ["ada-massa"]
