"""A small Python client for the ginrules API, on ``requests``.

    >>> from service.client import Client
    >>> api = Client("http://127.0.0.1:8000")
    >>> api.analyze(["5S", "6S", "7S", "7H", "7D", "7C", "2H", "3C", "9D", "KD"]).deadwood_count
    24

One method per endpoint.  Replies come back as :class:`Reply` objects: read-only mappings whose
fields are also attributes (``reply.melds[0].kind``).  An error reply (RFC 9457 problem) raises
:class:`ProblemError` carrying the problem's ``status``, ``code`` and ``errors``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import requests

DEFAULT_URL = "http://127.0.0.1:8000"


class Reply(Mapping[str, Any]):
    """A JSON object from the API: a read-only mapping, its fields also attributes."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]) -> None:
        object.__setattr__(self, "_data", dict(data))

    def __getitem__(self, key: str) -> Any:
        return _wrap(self._data[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("replies are read-only")

    def __repr__(self) -> str:
        return f"Reply({self._data!r})"

    def to_json(self) -> dict[str, Any]:
        """The reply as plain JSON values."""
        return self._data


def _wrap(value: Any) -> Any:
    if isinstance(value, Mapping):
        return Reply(value)
    if isinstance(value, list):
        return [_wrap(v) for v in value]
    return value


class ProblemError(Exception):
    """An error reply (``application/problem+json``): status, stable code, each fault."""

    def __init__(self, status: int, problem: Mapping[str, Any]) -> None:
        self.status = status
        self.code = problem.get("code", "http_error")
        self.detail = problem.get("detail", "")
        self.errors = [Reply(e) for e in problem.get("errors", [])]
        self.problem = dict(problem)
        super().__init__(f"{status} {self.code}: {self.detail}")


class Client:
    """The ginrules API at ``base_url``."""

    def __init__(self, base_url: str = DEFAULT_URL, *, session: requests.Session | None = None,
                 timeout: float = 30.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.session = session or requests.Session()
        self.timeout = timeout

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, str, Any]:
        """Send one request; (status, media type, parsed JSON body or text)."""
        response = self.session.request(method, self.base_url + path, json=body,
                                        timeout=self.timeout)
        media_type = response.headers.get("Content-Type", "").split(";")[0].strip()
        parsed: Any = response.text
        if media_type.endswith("json"):
            parsed = response.json()
        return response.status_code, media_type, parsed

    def _call(self, method: str, path: str, body: Any = None) -> Reply:
        status, media_type, parsed = self.request(method, path, body)
        if status >= 400:
            raise ProblemError(status, parsed if isinstance(parsed, Mapping) else
                               {"code": "http_error", "detail": str(parsed)[:200]})
        return Reply(parsed)

    def health(self) -> Reply:
        return self._call("GET", "/healthz")

    def presets(self) -> Reply:
        return self._call("GET", "/v1/rules")

    def preset(self, name: str) -> Reply:
        return self._call("GET", f"/v1/rules/{requests.utils.quote(name, safe='')}")

    def analyze(self, hand: Sequence[str], rules: Any = None, *, upcard: str | None = None,
                all_arrangements: bool = False) -> Reply:
        return self._call("POST", "/v1/hands/analyze", _body(
            hand=list(hand), rules=rules, upcard=upcard,
            all_arrangements=all_arrangements or None))

    def analyze_batch(self, hands: Sequence[Sequence[str]], rules: Any = None, *,
                      upcard: str | None = None, all_arrangements: bool = False) -> Reply:
        return self._call("POST", "/v1/hands/analyze/batch", _body(
            hands=[list(h) for h in hands], rules=rules, upcard=upcard,
            all_arrangements=all_arrangements or None))

    def knock(self, hand: Sequence[str], discard: str | None, *, melds: Any = None,
              taken_card: str | None = None, upcard: str | None = None,
              rules: Any = None) -> Reply:
        return self._call("POST", "/v1/knock", {**_body(
            hand=list(hand), melds=melds, taken_card=taken_card, upcard=upcard, rules=rules),
            "discard": discard})

    def layoffs(self, knocker_melds: Any, defender_hand: Sequence[str], *, gin: bool = False,
                rules: Any = None) -> Reply:
        return self._call("POST", "/v1/layoffs", _body(
            knocker_melds=knocker_melds, defender_hand=list(defender_hand), gin=gin or None,
            rules=rules))

    def score_round(self, knocker: Mapping[str, Any], defender: Mapping[str, Any], *,
                    rules: Any = None, upcard: str | None = None) -> Reply:
        return self._call("POST", "/v1/rounds/score", _body(
            knocker=dict(knocker), defender=dict(defender), rules=rules, upcard=upcard))

    def replay(self, log: Mapping[str, Any], *, view: str | None = None) -> Reply:
        body = dict(log)
        if view is not None:
            body["view"] = view
        return self._call("POST", "/v1/games/replay", body)


def _body(**fields: Any) -> dict[str, Any]:
    """A request body without the fields left out (None)."""
    return {name: value for name, value in fields.items() if value is not None}
