"""A saved policy as a bot: ``policy:PATH`` (a ``.npz`` policy file) or ``policy:NAME`` (a shipped one,
named after its game and table size, e.g. ``policy:GAME-2p``), wherever bots are named (play, simulate,
sweep, the server's seats).

The bot never reads the state beyond what its seat may know, by construction: `choose` builds the
seat's observation tensor, its action features (a policy with an action head) and legal mask with the
adapters' own functions (`seat_inputs`, `legal_mask`) and hands only those to the network, then maps
the chosen index back to the legal action. Inference needs NumPy only (a core dependency). Policies
are loaded once per file and process.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spacetable.bots.base import register_bot
from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError
from spacetable.engine.rng import Rng
from spacetable.engine.state import State

if TYPE_CHECKING:
    from spacetable.rl.policy import Policy

SHIPPED_PACKAGE = "spacetable.rl.policies"
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,38}$")
_CACHE: dict[tuple[str, int, int], Policy] = {}


def shipped() -> dict[str, Path]:
    """The policies shipped inside the package, by name (the file name without ``.npz``)."""
    out: dict[str, Path] = {}
    try:
        folder = resources.files(SHIPPED_PACKAGE)
        for item in folder.iterdir():
            if item.name.endswith(".npz") and NAME.match(item.name[:-4]):
                out[item.name[:-4]] = Path(str(item))
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        pass
    return out


def shipped_names(game: str) -> list[str]:
    """``policy:NAME`` of each shipped policy for `game` (its name starts with the game's name)."""
    return [f"policy:{n}" for n in sorted(shipped()) if n.split("-")[0] == game]


NEEDS_A_NAME = ("policy needs a name or a file: policy:NAME (a shipped policy, named after its game and "
                "table size: policy:GAME-2p; docs/rl.md lists them) or policy:PATH.npz")


def is_shipped(spec: str) -> bool:
    return spec in shipped()


def resolve(spec: str) -> Path:
    """The file `spec` names: a shipped policy's name, or a path to a ``.npz`` file."""
    spec = spec.strip()
    if not spec:
        raise ValueError(NEEDS_A_NAME)
    found = shipped().get(spec)
    if found is not None:
        return found
    path = Path(spec).expanduser()
    if not path.is_file():
        names = ", ".join(sorted(shipped())) or "none"
        raise ValueError(f"no policy {spec!r}: not a shipped policy ({names}) nor a policy file")
    return path


def load_policy(spec: str) -> Policy:
    """The policy `spec` names, loaded once per file (and reloaded when the file changes)."""
    from spacetable.rl.policy import Policy

    path = resolve(spec)
    st = path.stat()
    key = (str(path.resolve()), st.st_mtime_ns, st.st_size)
    policy = _CACHE.get(key)
    if policy is None:
        try:
            policy = Policy.load(path)
        except ConfigError as e:
            raise ValueError(str(e)) from None
        _CACHE[key] = policy
    return policy


class PolicyBot:
    """Plays the legal index its network ranks first (deterministic: the generator is not used)."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self.name = f"policy:{spec}"
        self.policy = load_policy(spec)
        self._encoders: dict[tuple[str, str], Any] = {}

    def check(self, game: str, config: dict[str, Any]) -> None:
        """`ConfigError` unless the policy was trained for this game and number of players."""
        self._encoder(game, config)

    def _encoder(self, game: str, config: dict[str, Any]) -> Any:
        """The encoder for `game` and `config`, made and checked against the policy once per
        configuration (`check`'s errors otherwise; a refused configuration is never kept)."""
        from spacetable.rl.observations import encoder_for, feature_spec

        key = (game, repr(sorted(config.items())))
        enc = self._encoders.get(key)
        if enc is not None:
            return enc
        meta = self.policy.meta
        players = int(config.get("players", 0))
        if meta.get("game") != game:
            raise ConfigError(f"{self.name} plays {meta.get('game')}, not {game}")
        if int(meta.get("players", 0)) != players:
            raise ConfigError(f"{self.name} was trained for {meta.get('players')} players, "
                              f"not {players}")
        enc = encoder_for(game, config)
        if enc.layout.size != self.policy.obs_size:
            raise ConfigError(f"{self.name} reads {self.policy.obs_size} observation floats; this "
                              f"configuration gives {enc.layout.size} (other modules or expansions?)")
        if self.policy.has_head:
            spec = meta.get("action_features", {})
            if feature_spec(enc) != (spec.get("actions"), spec.get("names")):
                raise ConfigError(f"{self.name} scores actions from features this build's {game} "
                                  f"encoder does not give in that form (its action_features)")
        self._encoders[key] = enc
        return enc

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        import numpy as np

        from spacetable.rl.observations import legal_mask, seat_inputs

        enc = self._encoder(state.spec.name, state.config)
        legal = state.legal_actions()
        if len(legal) == 1:  # the argmax over a one-action mask: no tensor or features to build
            return legal[0]
        obs, features = seat_inputs(enc, state, seat, self.policy.has_head)
        mask = np.asarray(legal_mask(state, seat, self.policy.num_actions), dtype=bool)
        index = self.policy.act(np.asarray(obs, dtype=np.float32), mask, features)
        for a in legal:
            if a.index == index:
                return a
        raise ConfigError(f"{self.name} chose index {index}, which is not legal")  # cannot happen: masked


def make_policy_bot(spec: str | None) -> PolicyBot:
    if spec is None:
        raise ValueError(NEEDS_A_NAME)
    return PolicyBot(spec)


register_bot("*", "policy", make_policy_bot, takes_budget=True, listed=shipped_names)
