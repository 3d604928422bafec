"""Events that `apply` emits for logs and user interfaces.

An event is stored as a tiny tuple (rule, template key, args) and rendered into plain language only
when a client asks, so simulations pay nothing for text. Each event names the rule it applied: the
rule travels beside the text as data (`Event.rule`), never inside it, so a face shows it as a link.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. `rule` is the rulebook reference (e.g. ``3.4.9``)."""

    rule: str
    key: str
    args: tuple[Any, ...] = ()

    def render(self, templates: Mapping[str, str], names: Mapping[str, str] | None = None) -> str:
        """Plain-language text, e.g. ``"Ana plays Reactor (+2 Actions)"`` (the rule is `rule`)."""
        template = templates.get(self.key)
        if template is None:
            text = self.key + (" " + " ".join(map(str, self.args)) if self.args else "")
        else:
            try:
                text = template.format(*self.args)
            except (IndexError, KeyError):
                text = template + " " + " ".join(map(str, self.args))
        if names:
            for k, v in names.items():
                text = text.replace(k, v)
        return text

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "key": self.key, "args": list(self.args)}
