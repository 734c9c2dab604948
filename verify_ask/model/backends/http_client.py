"""One request to an OpenAI-compatible server: retries, timeouts, and errors that hold no secret.

Every message that can leave this module names the server by ``Endpoint.shown`` (no user
info, no query string) and passes through ``Endpoint.scrub``, so an API key given in a
header, a URL or echoed back by a server never reaches stderr or the JSON record.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from verify_ask.errors import ModelError, UsageError
from verify_ask.model.backends.retry import (
    MAX_RETRY_AFTER_S,
    Backoff,
    parse_retry_after,
    should_retry_status,
)

if TYPE_CHECKING:
    import httpx

_DETAIL_CHARS = 160


class RequestRejected(ModelError):
    """The server refused the request itself (a 4xx other than 429): asking again won't help."""

    def __init__(self, message: str, status: int, detail: str) -> None:
        super().__init__(message)
        self.status = status
        self.detail = detail


@dataclass(frozen=True)
class Endpoint:
    """Where completions are posted, how the server is named in messages, and the key."""

    base_url: str
    shown: str
    api_key: str | None = None

    @classmethod
    def parse(cls, base_url: str, api_key: str | None = None) -> Endpoint:
        parts = urlsplit(base_url.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise UsageError(
                f"--base-url must be an http:// or https:// URL, not {_redact(base_url)!r}"
            )
        path = parts.path.rstrip("/")
        # Accept both spellings users copy from docs: http://host:8080 and http://host:8080/v1.
        if not path.endswith("/v1"):
            path += "/v1"
        base = urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))
        return cls(base_url=base, shown=_redact(base), api_key=api_key or None)

    def url(self, route: str) -> str:
        parts = urlsplit(self.base_url)
        return urlunsplit((parts.scheme, parts.netloc, parts.path + route, parts.query, ""))

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}

    def scrub(self, text: str) -> str:
        """One line, short, with the key and any credentials of the URL cut out."""
        secrets = [self.api_key] if self.api_key else []
        parts = urlsplit(self.base_url)
        if parts.password:
            secrets.append(parts.password)
        if parts.query:
            secrets.append(parts.query)
        for secret in secrets:
            text = text.replace(secret, "***")
        text = " ".join(text.split())
        return text if len(text) <= _DETAIL_CHARS else text[: _DETAIL_CHARS - 1] + "…"


async def post_json(
    client: httpx.AsyncClient,
    endpoint: Endpoint,
    route: str,
    payload: dict[str, Any],
    backoff: Backoff,
    timeout_s: float,
    gate: asyncio.Semaphore | None = None,
) -> dict[str, Any]:
    """POST ``payload`` and return the JSON object, retrying what a retry can fix.

    ``gate`` is held for each attempt but not while waiting to retry, so a request in backoff
    leaves its place in a shared limit to the others."""
    import httpx

    where = f"{endpoint.shown}{route}"
    attempt = 0
    while True:
        retry_after: float | None = None
        try:
            async with gate if gate is not None else contextlib.nullcontext():
                response = await client.post(
                    endpoint.url(route), json=payload, headers=endpoint.headers()
                )
        except httpx.ConnectTimeout:
            problem = f"could not connect to {where} within {timeout_s:g} s"
        except httpx.TimeoutException:
            # Not retried: the server took the request and is slow; asking again adds load
            # and multiplies the wait. --timeout raises the limit.
            raise ModelError(
                f"the server at {where} did not answer within {timeout_s:g} s (--timeout)"
            ) from None
        except httpx.TransportError as error:
            reason = endpoint.scrub(str(error) or type(error).__name__)
            problem = f"cannot reach the server at {where}: {reason}"
        else:
            status = response.status_code
            if 200 <= status < 300:
                return _json_object(response, where, endpoint)
            detail = _error_detail(response, endpoint)
            problem = f"the server at {where} answered HTTP {status}: {detail}"
            if not should_retry_status(status):
                raise RequestRejected(problem, status, detail)
            retry_after = parse_retry_after(response.headers.get("retry-after"))
            if retry_after is not None and retry_after > MAX_RETRY_AFTER_S:
                raise ModelError(f"{problem}; it asks to retry after {retry_after:.0f} s")
        if attempt >= backoff.retries:
            tries = attempt + 1
            raise ModelError(f"{problem} ({tries} attempt{'s' if tries > 1 else ''})")
        await asyncio.sleep(backoff.delay(attempt, retry_after))
        attempt += 1


async def get_json(
    client: httpx.AsyncClient, endpoint: Endpoint, route: str
) -> dict[str, Any] | None:
    """One GET without retries, for optional discovery (``/models``); None when it fails."""
    import httpx

    try:
        response = await client.get(endpoint.url(route), headers=endpoint.headers())
    except httpx.HTTPError:
        return None
    if response.status_code != 200:
        return None
    try:
        body = response.json()
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _json_object(response: httpx.Response, where: str, endpoint: Endpoint) -> dict[str, Any]:
    try:
        body = response.json()
    except (ValueError, UnicodeDecodeError):
        excerpt = endpoint.scrub(response.text[:80]) if response.content else "an empty body"
        raise ModelError(
            f"the server at {where} did not answer with JSON (got {excerpt!r}); "
            "is --base-url an OpenAI-compatible server?"
        ) from None
    if not isinstance(body, dict):
        raise ModelError(f"the server at {where} answered JSON that is not an object")
    return body


def _error_detail(response: httpx.Response, endpoint: Endpoint) -> str:
    """The server's own error message if it sent one (OpenAI, vLLM, llama.cpp shapes)."""
    try:
        body = response.json()
    except (ValueError, UnicodeDecodeError):
        return endpoint.scrub(response.text) or response.reason_phrase
    message: Any = body
    if isinstance(body, dict):
        message = body.get("error", body.get("detail", body.get("message", body)))
        if isinstance(message, dict):
            message = message.get("message", message)
    if not isinstance(message, str):
        message = json.dumps(message, ensure_ascii=False)
    return endpoint.scrub(message)


def _redact(url: str) -> str:
    """The URL without user info or query string: both are where people put credentials."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return "<invalid URL>"
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{host}:{port}" if port else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))
