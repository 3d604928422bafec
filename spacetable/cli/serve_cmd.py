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
    max_bot_seconds: Annotated[float, typer.Option(
        "--max-bot-seconds", help="Largest time budget a bot may think per decision (mcts:2s).")] = 2.0,
    max_bot_iterations: Annotated[int, typer.Option(
        "--max-bot-iterations", help="Largest iteration budget per decision (mcts:2000it).")] = 2000,
    bot_workers: Annotated[int | None, typer.Option(
        "--bot-workers", help="Processes that think for the bots (default: cores - 1, at least 1).")] = None,
    handoff_after: Annotated[float, typer.Option(
        "--handoff-after", help="Seconds a person must be away before another seat may hand their "
                                "seat to a bot.")] = 60.0,
    create_per_minute: Annotated[float, typer.Option(
        "--create-per-minute", help="Games one client address may create per minute.")] = 30.0,
    create_burst: Annotated[int, typer.Option(
        "--create-burst", help="Games one client address may create at once.")] = 20,
    read_timeout: Annotated[float, typer.Option(
        "--read-timeout", help="Seconds a client has to send a request's header, then its body.")] = 10.0,
    max_connections_per_client: Annotated[int, typer.Option(
        "--max-connections-per-client", help="Open connections one client address may hold.")] = 256,
    max_websockets_per_client: Annotated[int, typer.Option(
        "--max-websockets-per-client", help="Open WebSockets one client address may hold.")] = 256,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        "--forwarded-allow-ips", help="Behind a reverse proxy: its addresses (comma-separated), whose "
                                      "X-Forwarded-For then names the client.")] = None,
    smtp: Annotated[str | None, typer.Option(
        "--smtp", help="Send e-mail notices through this server: smtp://host:port (smtps:// for TLS; "
                       "user:password@ before the host if it asks).")] = None,
    smtp_from: Annotated[str, typer.Option(
        "--smtp-from", help="The From address of e-mail notices.")] = "spacetable@localhost",
    allow_private_webhooks: Annotated[bool, typer.Option(
        "--allow-private-webhooks", help="Let players send notices to loopback and private addresses "
                                         "(refused otherwise).")] = False,
    public_url: Annotated[str | None, typer.Option(
        "--public-url", help="The address people reach this server at, for the links in notices "
                             "(default: http://HOST:PORT).")] = None,
) -> None:
    """Serve the lobby and live tables in the browser (runs the database migrations first)."""
    from spacetable.server import edge
    from spacetable.server.app import create_app
    from spacetable.server.config import ServerConfig, bot_workers_default, data_dir, default_db_url
    from spacetable.server.designer import DesignerSettings

    if not 0 <= port <= 65535:
        _refuse("--port must be 0-65535")
    if bot_pause < 0:
        _refuse("--bot-pause must be 0 or more")
    if not 0 < max_bot_seconds <= 600 or not 1 <= max_bot_iterations <= 10_000_000:
        _refuse("--max-bot-seconds must be in (0, 600] and --max-bot-iterations in 1-10000000")
    if bot_workers is not None and not 1 <= bot_workers <= 64:
        _refuse("--bot-workers must be 1-64")
    if handoff_after < 0 or create_per_minute <= 0 or create_burst < 1:
        _refuse("--handoff-after must be 0 or more, --create-per-minute above 0, --create-burst 1 or more")
    if not 0 < read_timeout <= 600 or max_connections_per_client < 1 or max_websockets_per_client < 1:
        _refuse("--read-timeout must be in (0, 600], the per-client limits 1 or more")
    if smtp is not None:
        from spacetable.server.notices import Smtp

        try:
            Smtp.parse(smtp)
        except ValueError as e:
            _refuse(str(e))
    if not _port_free(host, port):
        _refuse(f"port {port} on {host} is in use (another server?); choose another with --port")
    _raise_file_limit()
    sys.setswitchinterval(0.001)  # short GIL slices: the event loop answers while threads read the database
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
    config = ServerConfig(
        db_url=url, bot_pause=bot_pause, bot_max_seconds=max_bot_seconds,
        bot_max_iterations=max_bot_iterations,
        bot_workers=bot_workers if bot_workers is not None else bot_workers_default(),
        handoff_after=handoff_after, create_per_minute=create_per_minute, create_burst=create_burst,
        header_timeout=read_timeout, body_timeout=read_timeout,
        max_connections_per_client=max_connections_per_client,
        max_websockets_per_client=max_websockets_per_client, forwarded_allow_ips=forwarded_allow_ips,
        smtp_url=smtp, smtp_from=smtp_from, allow_private_webhooks=allow_private_webhooks,
        public_url=public_url or f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}")
    app = create_app(config, settings)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    lobby = f"http://{shown}:{port}/"
    typer.echo(f"spacetable: database {_safe(url)}")
    typer.echo(f"spacetable: open {lobby} (API documentation: {lobby}docs); Ctrl-C stops the server")
    if settings is not None:
        typer.echo(f"spacetable: the designer's workbench: {lobby}designer#key={settings.key} "
                   f"(runs in {settings.folder})")
    if open_browser:
        threading.Timer(1.0, _open, args=(lobby,)).start()
    edge.run(app, host, port, config, log_level)


def _refuse(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def _raise_file_limit() -> None:
    """Open files up to the hard limit (one per connection): a low soft limit would refuse new
    clients long before the per-address limits do."""
    try:
        import resource
    except ImportError:  # not on Windows
        return
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = hard if hard != resource.RLIM_INFINITY else 65536
        if soft != resource.RLIM_INFINITY and soft < target:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(target, 1 << 20), hard))


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
