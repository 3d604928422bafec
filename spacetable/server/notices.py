"""Notices to players who are not looking: "your turn", one reminder, "game over", "rematch".

When a decision becomes a person's whose seat is attached to a profile with channels (webhook, e-mail,
Web Push), one job per channel is queued in the ``notice_jobs`` table under a unique key (game, seat,
event, *waiting decision*, channel), so a waiting decision is noticed at most once: a run of bot moves
before it, the same person's own decisions in a row, or an undo that withdraws it and offers it again
all meet the same key. The waiting decision is named by where the person's run of decisions starts in
the action log (`waiting_key`). Nothing is queued while the person has the table open and visible (a
live WebSocket whose page said ``{"type": "visibility", "visible": true}``; any seat connected through
another process counts as visible). A reminder is queued with it, due after the player's
``reminder_hours``; when it fires it is dropped unless the same decision still waits.

Every process runs a worker over the job table: it claims due jobs with a short lock (PostgreSQL:
``SELECT … FOR UPDATE SKIP LOCKED`` then an update of ``locked_until_ms``, so two processes never
claim one job; SQLite: one process), sends them, and marks them ``sent``; a failing channel is
retried with exponential backoff (1 s, 2 s, 4 s … at most 5 min, 8 attempts), on the worker, never
on the path of a move. A notice carries only the game's title, the event, the seat's display name
and the link to the player's game list: nothing of the game's state, so nothing hidden (and no token
or key) can reach a webhook, an e-mail or a push.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import smtplib
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

import httpx

from spacetable.engine.errors import SpacetableError
from spacetable.engine.game import get_game
from spacetable.server.errors import ApiError
from spacetable.server.store import Notice, NotifySettings
from spacetable.server.tables import HUMAN, RUNNING, Table

if TYPE_CHECKING:
    from spacetable.server.service import GameService

log = logging.getLogger("spacetable.server.notices")
EVENTS = ("your-turn", "reminder", "game-over", "rematch")
FORMATS = ("json", "discord", "ntfy")
CHANNELS = ("webhook", "email", "push")
LOCK_MS = 30_000
"""A claimed job is another process's to retry only after this long (its sender died)."""
MAX_ATTEMPTS = 8
BACKOFF_MAX = 300.0
SEND_TIMEOUT = 10.0


def game_title(game: str) -> str:
    """The game's title from its registered spec (its name where the game is not installed)."""
    try:
        return get_game(game).title
    except (SpacetableError, ImportError):
        return game


def now_ms() -> int:
    return int(time.time() * 1000)


def waiting_key(table: Table, seat: int) -> str | None:
    """The waiting decision of `seat`, if the table waits on that person: where the seat's run of
    decisions began in the action log (its own decisions in a row, forced ones and the draws
    between them included, keep it; an undo back to it finds it again)."""
    if table.status != RUNNING or table.current_player() != seat or table.seats[seat].kind != HUMAN:
        return None
    k = len(table.actions)
    while k > 0:
        kind, by = table.meta[table.actions[k - 1][0]]
        if by != seat and kind != "chance":  # another seat decided: the run starts after it
            break
        k -= 1
    return f"d{k}"


def notice_text(event: str, game: str, name: str) -> tuple[str, str]:
    """(title, one sentence) of a notice: the game's title and the seat's name, nothing of the state."""
    title = game_title(game)
    if event == "your-turn":
        return f"Your turn at {title}", f"{name}, the table waits for your decision."
    if event == "reminder":
        return f"Still your turn at {title}", f"{name}, the table is still waiting for your decision."
    if event == "game-over":
        return f"{title}: the game is over", f"{name}, your game has ended: see the result and the replay."
    return f"{title}: a rematch", f"{name}, you are invited to a rematch."


def notice_body(job: Notice, game: str, name: str, url: str) -> dict[str, Any]:
    """The body every channel starts from (a JSON webhook's body as it is)."""
    title, text = notice_text(job.event, game, name)
    return {"game": job.game_id, "seat": job.seat, "event": job.event, "url": url,
            "title": title, "text": text, "game_title": game_title(game)}


def webhook_request(fmt: str, target: str, body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """(URL, JSON body) of a webhook in its preset: ``json`` as it is; ``discord`` with ``content``
    (what Discord's webhooks show); ``ntfy`` published as JSON to the server's root with the topic
    taken from the URL's last path segment (ntfy's JSON publishing). The contract's keys (game, seat,
    event, url) stay in every preset."""
    if fmt == "discord":
        return target, {**body, "content": f"**{body['title']}**: {body['text']} {body['url']}",
                        "username": "spacetable"}
    if fmt == "ntfy":
        parts = urlsplit(target)
        topic = unquote(parts.path.rstrip("/").rsplit("/", 1)[-1])
        root = f"{parts.scheme}://{parts.netloc}/"
        return root, {**body, "topic": topic, "message": body["text"], "click": body["url"]}
    return target, body


def _private(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return not ip.is_global or ip.is_multicast


def check_target(url: str, allow_private: bool) -> None:
    """Refuse (400) a webhook or push target that is not http(s), or that resolves to a loopback,
    private, link-local or otherwise non-public address, unless the admin allowed those. Checked when
    a player sets it and again before every send (a name may resolve elsewhere later)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ApiError(400, "a notice target must be an http:// or https:// URL")
    if parts.username or parts.password:
        raise ApiError(400, "a notice target may not carry a user name or password")
    if allow_private:
        return
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or (443 if parts.scheme == "https" else 80),
                                   proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError) as e:
        raise ApiError(400, f"the notice target's host {parts.hostname!r} cannot be resolved") from e
    if any(_private(str(info[4][0])) for info in infos):
        raise ApiError(400, f"the notice target {parts.hostname!r} is a loopback or private address: this "
                            "server refuses those (its admin may allow them with --allow-private-webhooks)")


@dataclass(frozen=True)
class Smtp:
    host: str
    port: int
    tls: bool
    user: str | None
    password: str | None

    @staticmethod
    def parse(url: str) -> Smtp:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError(f"--smtp must look like smtp://host:port or smtps://host:port, not {url!r}")
        tls = parts.scheme == "smtps"
        return Smtp(parts.hostname, parts.port or (465 if tls else 25), tls,
                    unquote(parts.username) if parts.username else None,
                    unquote(parts.password) if parts.password else None)

    def send(self, sender: str, to: str, subject: str, text: str) -> None:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = sender, to, subject
        msg.set_content(text)
        factory = smtplib.SMTP_SSL if self.tls else smtplib.SMTP
        with factory(self.host, self.port, timeout=SEND_TIMEOUT) as server:
            if not self.tls:
                with contextlib.suppress(smtplib.SMTPNotSupportedError):
                    server.starttls()
            if self.user is not None:
                server.login(self.user, self.password or "")
            server.send_message(msg)


class Vapid:
    """The server's VAPID key pair for Web Push: made on first start and stored (``server_keys``)."""

    def __init__(self, pem: str) -> None:
        from cryptography.hazmat.primitives import serialization
        from py_vapid import Vapid02  # type: ignore[import-untyped]

        self.vapid = Vapid02.from_pem(pem.encode())
        raw = self.vapid.public_key.public_bytes(serialization.Encoding.X962,
                                                 serialization.PublicFormat.UncompressedPoint)
        import base64

        self.public = base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
        """The application server key the page subscribes with (base64url, uncompressed point)."""

    @staticmethod
    def make_pem() -> str:
        from py_vapid import Vapid02

        v = Vapid02()
        v.generate_keys()
        pem: bytes = v.private_pem()
        return pem.decode()

    def send(self, subscription: dict[str, Any], data: str, sender: str) -> int:
        from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]

        try:
            res = webpush(subscription, data, vapid_private_key=self.vapid,
                          vapid_claims={"sub": f"mailto:{sender}"}, timeout=SEND_TIMEOUT, ttl=86_400)
        except WebPushException as e:
            code = e.response.status_code if e.response is not None else 0
            raise OSError(f"push service answered {code}") from e
        return int(getattr(res, "status_code", 201))


class Notifier:
    """Queues notices after each change of a game (`changed`) and sends them from the job table."""

    def __init__(self, svc: GameService) -> None:
        self.svc = svc
        self.config = svc.config
        self.smtp = Smtp.parse(self.config.smtp_url) if self.config.smtp_url else None
        self.vapid: Vapid | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._queued: dict[tuple[str, int], str] = {}
        """The waiting decision last queued per (game, seat) here: no insert for a repeat."""
        self._pending: set[asyncio.Task[None]] = set()
        self._http: httpx.AsyncClient | None = None
        self.sent_hook: Callable[[Notice], None] | None = None

    # ----- lifecycle --------------------------------------------------------------------------
    async def start(self) -> None:
        pem = await asyncio.to_thread(self.svc.store.server_key, "vapid", Vapid.make_pem)
        self.vapid = Vapid(pem)
        self._http = httpx.AsyncClient(timeout=SEND_TIMEOUT, follow_redirects=False)
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        tasks = [t for t in (self._task, *self._pending) if t is not None]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._http is not None:
            await self._http.aclose()

    def base_url(self) -> str:
        return (self.config.public_url or "http://127.0.0.1:8000").rstrip("/")

    # ----- queueing ---------------------------------------------------------------------------
    def changed(self, table: Table, finished: bool = False) -> None:
        """After a change written by this process: queue what it makes due, in the background (the
        move's answer never waits on it)."""
        waits: list[tuple[int, str, str]] = []
        for s in table.seats:
            if s.kind != HUMAN:
                continue
            if finished:
                waits.append((s.seat, "game-over", "end"))
                continue
            key = waiting_key(table, s.seat)
            if key is not None and self._queued.get((table.id, s.seat)) != key:
                self._queued[(table.id, s.seat)] = key
                waits.append((s.seat, "your-turn", key))
        if waits:
            self.queue(table.id, waits)

    def queue(self, game_id: str, waits: list[tuple[int, str, str]]) -> None:
        """Queue (seat, event, decision) notices of a game for the seats' players (in the background)."""
        visible = self.svc.hub.visible(game_id)
        task = asyncio.get_running_loop().create_task(self._queue(game_id, waits, visible))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _queue(self, game_id: str, waits: list[tuple[int, str, str]], visible: set[int]) -> None:
        try:
            players = await asyncio.to_thread(self.svc.store.seat_players, game_id)
            rows: list[dict[str, Any]] = []
            t = now_ms()
            for seat, event, decision in waits:
                player = players.get(seat)
                if player is None:
                    continue
                settings = await asyncio.to_thread(self.svc.store.notify_settings, player)
                if settings is None:
                    continue
                for channel in self.channels(settings):
                    row = {"player_id": player, "game_id": game_id, "seat": seat, "decision": decision,
                           "channel": channel, "attempts": 0, "state": "pending", "locked_until_ms": 0}
                    if seat not in visible:
                        rows.append({**row, "event": event, "due_ms": t})
                    if event == "your-turn" and settings.reminder_hours > 0:
                        rows.append({**row, "event": "reminder",
                                     "due_ms": t + int(settings.reminder_hours * 3_600_000)})
            queued: int = await self.svc.db_write(self.svc.store.queue_notices, rows) if rows else 0
            if queued:
                self._wake.set()
        except Exception:  # noqa: BLE001 - a notice lost is never worth stopping a game for
            log.warning("notices of game %s not queued", game_id, exc_info=True)

    def channels(self, settings: NotifySettings) -> list[str]:
        out = []
        if settings.webhook:
            out.append("webhook")
        if settings.email and self.smtp is not None:
            out.append("email")
        if settings.push:
            out.append("push")
        return out

    # ----- sending ----------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.config.notice_poll)
            self._wake.clear()
            try:
                jobs = await self.svc.db_write(self.svc.store.claim_notices, now_ms(), LOCK_MS)
            except Exception:  # noqa: BLE001 - a busy database: the next round
                log.warning("notice jobs not claimed", exc_info=True)
                continue
            for job in jobs:
                task = asyncio.get_running_loop().create_task(self._deliver(job))
                self._pending.add(task)
                task.add_done_callback(self._pending.discard)

    async def _deliver(self, job: Notice) -> None:
        try:
            outcome = await self._send(job)
        except Exception as e:  # noqa: BLE001 - any failure of a channel: retried with backoff
            error = f"{type(e).__name__}: {e}"[:200]
            if job.attempts >= MAX_ATTEMPTS:
                log.warning("notice %s (%s) failed for good: %s", job.id, job.channel, error)
                await self.svc.db_write(self.svc.store.finish_notice, job.id, "failed", now_ms(), error)
            else:
                delay = min(BACKOFF_MAX, 2.0 ** (job.attempts - 1))
                log.info("notice %s (%s) failed, retried in %.0f s: %s", job.id, job.channel, delay, error)
                due = now_ms() + int(delay * 1000)
                await self.svc.db_write(self.svc.store.retry_notice, job.id, due, error)
            return
        await self.svc.db_write(self.svc.store.finish_notice, job.id, outcome, now_ms(), None)
        if outcome == "sent" and self.sent_hook is not None:
            self.sent_hook(job)

    async def _send(self, job: Notice) -> str:
        """Send one job: "sent", or "dropped" when it is no longer wanted; raises on a failure."""
        table = await self.svc.table(job.game_id)
        if job.event in ("your-turn", "reminder"):
            if waiting_key(table, job.seat) != job.decision:
                return "dropped"  # decided meanwhile (or the decision is another one now)
            if job.seat in self.svc.hub.visible(job.game_id):
                return "dropped"  # at the table now
        settings = await asyncio.to_thread(self.svc.store.notify_settings, job.player_id)
        if settings is None:
            return "dropped"
        body = notice_body(job, table.game, table.seats[job.seat].name, self.base_url() + "/")
        if job.channel == "webhook":
            if not settings.webhook:
                return "dropped"
            await asyncio.to_thread(check_target, settings.webhook, self.config.allow_private_webhooks)
            url, payload = webhook_request(settings.webhook_format, settings.webhook, body)
            assert self._http is not None
            res = await self._http.post(url, json=payload)
            if res.status_code >= 300:
                raise OSError(f"webhook answered {res.status_code}")
            return "sent"
        if job.channel == "email":
            if not settings.email or self.smtp is None:
                return "dropped"
            await asyncio.to_thread(self.smtp.send, self.config.smtp_from, settings.email, body["title"],
                                    f"{body['text']}\n\nYour games: {body['url']}\n")
            return "sent"
        if job.channel == "push":
            if not settings.push or self.vapid is None:
                return "dropped"
            endpoint = str(settings.push.get("endpoint", ""))
            await asyncio.to_thread(check_target, endpoint, self.config.allow_private_webhooks)
            await asyncio.to_thread(self.vapid.send, settings.push, json.dumps(body), self.config.smtp_from)
            return "sent"
        return "dropped"
