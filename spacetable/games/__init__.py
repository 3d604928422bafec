"""Game packages: each plugs into the engine core through a GameSpec."""
