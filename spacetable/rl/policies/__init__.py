"""Trained policies shipped with spacetable (``policy:NAME``): ``NAME.npz`` files, see docs/rl.md."""
