"""``spacetable serve``: the web server (FastAPI on uvicorn) with its database and the lobby page.

The server modules are imported only when the command runs, so the other commands start fast.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option("--host", help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="TCP port.")] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", help="Database URL (default: SQLite in the per-user data folder), "
                     "e.g. postgresql+psycopg://user:pw@host/db.")] = None,
    bot_pause: Annotated[float, typer.Option(
        "--bot-pause", help="Seconds between bot moves while a person is seated.")] = 0.6,
    open_browser: Annotated[bool, typer.Option(
        "--open", help="Open the lobby in a web browser once the server is up.")] = False,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level.")] = "info",
    designer: Annotated[bool, typer.Option(
        "--designer", help="Also serve the designer workbench at /designer (behind an admin key).")] = False,
    designer_key: Annotated[str | None, typer.Option(
        "--designer-key", envvar="SPACETABLE_DESIGNER_KEY",
        help="The designer's admin key (default: a new random one, printed with the page's link).")] = None,
    designer_dir: Annotated[Path | None, typer.Option(
        "--designer-dir", help="Where the designer's runs keep their files (default: the data folder).")]
    = None,
) -> None:
    """Serve the lobby and live tables in the browser (runs the database migrations first)."""
    import uvicorn

    from spacetable.server.app import create_app
    from spacetable.server.config import MAX_WS_MESSAGE, ServerConfig, data_dir, default_db_url
    from spacetable.server.designer import DesignerSettings

    if not 0 <= port <= 65535:
        typer.echo("error: --port must be 0-65535", err=True)
        raise typer.Exit(2)
    if bot_pause < 0:
        typer.echo("error: --bot-pause must be 0 or more", err=True)
        raise typer.Exit(2)
    if not _port_free(host, port):
        typer.echo(f"error: port {port} on {host} is in use (another server?); choose another with --port",
                   err=True)
        raise typer.Exit(2)
    sys.setswitchinterval(0.001)  # short GIL slices: the event loop answers while bots think
    url = db or default_db_url()
    if url.startswith("postgresql") and importlib.util.find_spec("psycopg") is None:
        typer.echo("error: a PostgreSQL database needs psycopg: pip install 'spacetable[postgres]'", err=True)
        raise typer.Exit(2)
    settings = None
    if designer:
        if designer_key is not None and len(designer_key) < 12:
            typer.echo("error: --designer-key must be at least 12 characters", err=True)
            raise typer.Exit(2)
        settings = DesignerSettings(designer_key or DesignerSettings.new_key(),
                                    designer_dir or data_dir() / "designer")
    app = create_app(ServerConfig(db_url=url, bot_pause=bot_pause), settings)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    lobby = f"http://{shown}:{port}/"
    typer.echo(f"spacetable: database {_safe(url)}")
    typer.echo(f"spacetable: open {lobby} (API documentation: {lobby}docs); Ctrl-C stops the server")
    if settings is not None:
        typer.echo(f"spacetable: the designer's workbench: {lobby}designer#key={settings.key} "
                   f"(runs in {settings.folder})")
    if open_browser:
        threading.Timer(1.0, _open, args=(lobby,)).start()
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=8 * MAX_WS_MESSAGE,
                proxy_headers=False)


def _port_free(host: str, port: int) -> bool:
    """True when a server could listen on (host, port) now (port 0: the system picks one)."""
    if port == 0:
        return True
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def _open(url: str) -> None:
    """Open `url` in a graphical browser if there is one (never a text browser in this terminal)."""
    display = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if sys.platform.startswith("linux") and not display:
        typer.echo(f"spacetable: no display to open a browser on; visit {url}")
        return
    with contextlib.suppress(Exception):  # no browser is fine: the URL is printed
        if not webbrowser.open(url):
            typer.echo(f"spacetable: no browser found; visit {url}")


def _safe(url: str) -> str:
    """The URL with any password hidden."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001
        return url.split("@")[-1]
