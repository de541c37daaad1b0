"""A small Python client for the ginrules API, on ``requests``.

    >>> from ginrules.client import Client
    >>> api = Client("http://127.0.0.1:8000")
    >>> api.analyze(["5S", "6S", "7S", "7H", "7D", "7C", "2H", "3C", "9D", "KD"]).deadwood_count
    24

One method per endpoint.  Replies come back as :class:`Reply` objects: read-only dicts whose
fields are also attributes (``reply.melds[0].kind``), and that go back into any request as they
are (a bot's ``action`` appended to a log, a dealt ``deal`` to its rounds).  An error reply
(RFC 9457 problem) raises :class:`ProblemError` carrying the problem's ``status``, ``code`` and
``errors``.  The texts
(the contract, the rules, the game-log format, the metrics, the /play page) come back as
strings, and pictures as :class:`Picture` strings (SVG) with their ``etag``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

import requests

DEFAULT_URL = "http://127.0.0.1:8000"


class Reply(dict[str, Any]):
    """A JSON object from the API: a ``dict`` whose fields are also attributes, read-only.

    Being a ``dict`` of JSON values, a reply (or any part of it) goes back into a request as it
    is: a bot's ``action`` appended to a log's actions, a dealt ``deal`` to its rounds, an
    imported log replayed, and ``json.dumps`` writes it as the JSON it came as.  Its objects
    are replies too, its arrays lists (a dealt round's ``actions``, the log's to extend).  Its
    own fields cannot be set or removed; copy it to change them (``dict(reply)``, or
    :meth:`to_json` for plain values all the way down).

    ``etag`` is the reply's ``ETag`` header where it has one (the cacheable GET analysis).
    """

    __slots__ = ("etag",)
    etag: str | None

    def __init__(self, data: Mapping[str, Any] | None = None, etag: str | None = None) -> None:
        super().__init__((key, _wrap(value)) for key, value in (data or {}).items())
        object.__setattr__(self, "etag", etag)

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("replies are read-only")

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("replies are read-only: copy one to change it (dict(reply), or "
                        "reply.to_json())")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        # Copies and pickles are made as replies are: from the values, not item by item.
        return (Reply, (dict(self), self.etag))

    def __repr__(self) -> str:
        return f"Reply({self.to_json()!r})"

    def to_json(self) -> dict[str, Any]:
        """The reply as plain JSON values (dicts and lists), a copy of its own."""
        plain: dict[str, Any] = _plain(self)
        return plain


def _reply_of(obj: dict[str, Any]) -> Reply:
    """A JSON object as a reply, as the parser makes it (``object_hook``): its own objects are
    replies already, so its values are taken as they are, in one pass over the document."""
    reply = Reply.__new__(Reply)
    dict.update(reply, obj)
    object.__setattr__(reply, "etag", None)
    return reply


def _wrap(value: Any) -> Any:
    if isinstance(value, Reply):
        return value
    if isinstance(value, Mapping):
        return Reply(value)
    if isinstance(value, list):
        return [_wrap(v) for v in value]
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


class Picture(str):
    """An SVG picture from the API, as text; ``etag`` where the reply has one."""

    etag: str | None

    def __new__(cls, text: str, etag: str | None = None) -> Picture:
        picture = super().__new__(cls, text)
        picture.etag = etag
        return picture


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
        status, media_type, parsed, _ = self._send(method, path, body)
        return status, media_type, parsed

    def _send(self, method: str, path: str, body: Any = None, *,
              params: Mapping[str, Any] | None = None,
              headers: Mapping[str, str] | None = None) -> tuple[int, str, Any, Any]:
        response = self.session.request(method, self.base_url + path, json=body, params=params,
                                        headers=headers, timeout=self.timeout)
        media_type = response.headers.get("Content-Type", "").split(";")[0].strip()
        parsed: Any = response.text
        if media_type.endswith("json"):
            parsed = response.json(object_hook=_reply_of)
        return response.status_code, media_type, parsed, response.headers

    def _call(self, method: str, path: str, body: Any = None) -> Reply:
        status, _, parsed, _ = self._send(method, path, body)
        _raise_for_problem(status, parsed)
        return parsed if isinstance(parsed, Reply) else Reply(parsed)

    def _text(self, path: str) -> str:
        status, _, parsed, _ = self._send("GET", path)
        _raise_for_problem(status, parsed)
        return str(parsed)

    def health(self) -> Reply:
        return self._call("GET", "/healthz")

    def ready(self) -> Reply:
        """Readiness; :class:`ProblemError` (status 503) while the server shuts down."""
        return self._call("GET", "/readyz")

    def metrics(self) -> str:
        """The Prometheus metrics, as text."""
        return self._text("/metrics")

    def contract(self) -> str:
        """The OpenAPI contract (YAML text)."""
        return self._text("/openapi.yaml")

    def docs_page(self) -> str:
        """The interactive documentation page (HTML)."""
        return self._text("/docs/")

    def rules_text(self, *, markdown: bool = True) -> str:
        """The rules: Markdown source, or the HTML page (``markdown=False``)."""
        return self._text("/rules.md" if markdown else "/rules")

    def gamelog_text(self, *, markdown: bool = True) -> str:
        """The game-log format: Markdown source, or the HTML page (``markdown=False``)."""
        return self._text("/gamelog.md" if markdown else "/gamelog")

    def guide_text(self, page: str, *, markdown: bool = False) -> str:
        """A guide (``api``, ``cli``, ``deploy``, ``library``, ``strength``, ...): the HTML
        page, or its Markdown source (``markdown=True``)."""
        return self._text(f"/guide/{quote(page, safe='')}" + (".md" if markdown else ""))

    def guide_picture(self, name: str) -> Picture:
        """A picture of the guides (``advisor-simple.svg``, a reliability diagram), SVG text."""
        return Picture(self._text(f"/guide/calibration/{quote(name, safe='')}"))

    def presets(self) -> Reply:
        return self._call("GET", "/v1/rules")

    def preset(self, name: str) -> Reply:
        return self._call("GET", f"/v1/rules/{quote(name, safe='')}")

    def analyze(self, hand: Sequence[str], rules: Any = None, *, upcard: str | None = None,
                all_arrangements: bool = False) -> Reply:
        return self._call("POST", "/v1/hands/analyze", _body(
            hand=list(hand), rules=rules, upcard=upcard,
            all_arrangements=all_arrangements or None))

    def melds(self, hand: Sequence[str], rules: Any = None, *,
              with_card: str | None = None) -> Reply:
        """``POST /v1/hands/melds``: every meld the cards hold (up to 52 cards), or with
        ``with_card`` (sent as ``with``) only the melds holding that card of the hand."""
        return self._call("POST", "/v1/hands/melds", _body(
            hand=list(hand), rules=rules, **{"with": with_card}))

    def hand_analysis(self, hand: Sequence[str], rules: str | Mapping[str, Any] | None = None,
                      *, upcard: str | None = None, all_arrangements: bool = False,
                      if_none_match: str | None = None) -> Reply | None:
        """The cacheable ``GET /v1/hands/{hand}/analysis``: rules as a preset name or a mapping
        of ``preset`` and options.  The reply's ``etag`` may be sent back as ``if_none_match``;
        an unchanged analysis then returns ``None`` (304, nothing solved)."""
        sent = self._cacheable(hand, "analysis", rules, upcard, all_arrangements, if_none_match)
        return None if sent is None else Reply(sent[0], etag=sent[1])

    def hand_image(self, hand: Sequence[str], rules: str | Mapping[str, Any] | None = None,
                   *, upcard: str | None = None, all_arrangements: bool = False,
                   if_none_match: str | None = None) -> Picture | None:
        """``GET /v1/hands/{hand}/image.svg``: the hand drawn as cards (SVG text with its
        ``etag``), cached like :meth:`hand_analysis` (``None`` when unchanged)."""
        sent = self._cacheable(hand, "image.svg", rules, upcard, all_arrangements, if_none_match)
        return None if sent is None else Picture(sent[0], etag=sent[1])

    def _cacheable(self, hand: Sequence[str], name: str, rules: Any, upcard: str | None,
                   all_arrangements: bool, if_none_match: str | None) -> tuple[Any, Any] | None:
        params: dict[str, Any] = {}
        if isinstance(rules, str):
            params["preset"] = rules
        elif rules is not None:
            params.update({name: _query_value(value) for name, value in rules.items()})
        if upcard is not None:
            params["upcard"] = upcard
        if all_arrangements:
            params["all_arrangements"] = "true"
        path = "/v1/hands/" + quote(",".join(hand), safe=",") + "/" + name
        status, _, parsed, headers = self._send(
            "GET", path, params=params,
            headers={"If-None-Match": if_none_match} if if_none_match else None)
        if status == 304:
            return None
        _raise_for_problem(status, parsed)
        return parsed, headers.get("ETag")

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

    def round_image(self, knocker: Mapping[str, Any], defender: Mapping[str, Any], *,
                    rules: Any = None, upcard: str | None = None) -> Picture:
        """``POST /v1/rounds/score/image.svg``: the round :meth:`score_round` settles, drawn."""
        status, _, parsed, _ = self._send("POST", "/v1/rounds/score/image.svg", _body(
            knocker=dict(knocker), defender=dict(defender), rules=rules, upcard=upcard))
        _raise_for_problem(status, parsed)
        return Picture(parsed)

    def play_page(self) -> str:
        """The ``/play`` page (HTML): a hand builder and a game viewer."""
        return self._text("/play")

    def replay(self, log: Mapping[str, Any], *, view: str | None = None) -> Reply:
        body = dict(log)
        if view is not None:
            body["view"] = view
        return self._call("POST", "/v1/games/replay", body)

    def import_game(self, actions: Sequence[int], params: Mapping[str, Any] | None = None, *,
                    format: str = "openspiel") -> Reply:
        """``POST /v1/games/import``: an OpenSpiel ``gin_rummy`` hand (its action numbers,
        chance outcomes included, and its game parameters) as a ginrules-log/1 document."""
        return self._call("POST", "/v1/games/import", _body(
            format=format, actions=list(actions),
            params=dict(params) if params is not None else None))

    def score_match(self, players: Sequence[str], rounds: Sequence[Mapping[str, Any]], *,
                    rules: Any = "standard", roles: Mapping[str, str] | None = None,
                    teams: Sequence[Sequence[str]] | None = None,
                    dealer: str | None = None) -> Reply:
        """``POST /v1/matches/score``: a match scored from each round's winner and points."""
        return self._call("POST", "/v1/matches/score", _body(
            rules=rules, players=list(players), roles=dict(roles) if roles else None,
            teams=[list(t) for t in teams] if teams else None, dealer=dealer,
            rounds=[dict(r) for r in rounds]))

    def deal(self, players: Sequence[str], *, rules: Any = "standard", dealer: str | None = None,
             seed: int | None = None, round: int | None = None,
             roles: Mapping[str, str] | None = None,
             teams: Sequence[Sequence[str]] | None = None,
             tables: Sequence[Sequence[str]] | None = None) -> Reply:
        """``POST /v1/deals``: a round shuffled from ``seed`` (or a seed the service draws) and
        dealt (R-3.1, ginrules-deal/1); the reply's ``deal`` is the log's next round, its ``seed``
        the seed used.
        ``dealer`` names the round's dealer; ``roles`` (box), ``teams`` and ``tables`` (each
        dealer first, partnership) as the variant needs."""
        return self._call("POST", "/v1/deals", _body(
            rules=rules, players=list(players), dealer=dealer,
            roles=dict(roles) if roles else None,
            teams=[list(t) for t in teams] if teams else None,
            tables=[list(t) for t in tables] if tables else None, seed=seed, round=round))


    def bots(self) -> Reply:
        """``GET /v1/bots``: the bots and what each does."""
        return self._call("GET", "/v1/bots")

    def bot_move(self, bot: str, log: Mapping[str, Any], player: str, *, seed: int = 0) -> Reply:
        """``POST /v1/bots/{bot}/move``: the bot's action for ``player`` in a game in progress."""
        return self._call("POST", f"/v1/bots/{quote(bot, safe='')}/move",
                          {"log": dict(log), "player": player, "seed": seed})

    def hint(self, log: Mapping[str, Any], player: str, *, seed: int = 0,
             budget_ms: int | None = None, opponent_model: str | None = None) -> Reply:
        """``POST /v1/hints``: the player's decision, every option ranked, valued, explained;
        ``opponent_model`` (``greedy`` or ``random``) is what its numbers assume."""
        return self._call("POST", "/v1/hints", _body(
            log=dict(log), player=player, seed=seed, budget_ms=budget_ms,
            opponent_model=opponent_model))


def _raise_for_problem(status: int, parsed: Any) -> None:
    if status >= 400:
        raise ProblemError(status, parsed if isinstance(parsed, Mapping) else
                           {"code": "http_error", "detail": str(parsed)[:200]})


def _query_value(value: Any) -> str:
    """An option as a query parameter: JSON's spelling of booleans and null."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def _body(**fields: Any) -> dict[str, Any]:
    """A request body without the fields left out (None)."""
    return {name: value for name, value in fields.items() if value is not None}
