"""The web server: FastAPI app, storage, live tables and the page (see docs/server.md)."""
