"""Network server and web client (not built yet)."""
