"""The HTTP layer: parse and validate, call the rules core, dump the result.  No rule lives here.

``create_app(config=None)`` builds the Flask app; gunicorn serves ``ginrules.api:create_app()``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any, cast

from flask import Flask, Response
from flask.json.provider import DefaultJSONProvider
from flask_swagger_ui import get_swaggerui_blueprint
from werkzeug.exceptions import HTTPException

from ..rules.errors import RulesError
from ..wire.faults import problem_of
from ..wire.jsontext import MAX_BODY_BYTES
from ..wire.problems import ApiProblem, FieldError
from .meta import meta
from .responses import problem_response
from .routes import v1
from .showdown import showdown
from .games import games, matches_blueprint
from .imports import imports
from .observe import install as install_observability
from .ratelimit import install as install_rate_limit, trust_proxies
from .cors import install as install_cors
from .heavy import install as install_heavy_work
from .texts import texts
from .play import play
from .bots import bots
from .deals import deals

_HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    429: "rate_limited",
    431: "headers_too_large",
}

log = logging.getLogger(__name__)


def _http_problem(error: HTTPException) -> ApiProblem:
    status = error.code or 500
    code = _HTTP_CODES.get(status, "http_error")
    # A MethodNotAllowed's; another 405 may have none.
    allowed: Iterable[str] | None = getattr(error, "valid_methods", None)
    if status == 404:
        detail = "no such endpoint; see /openapi.yaml or /docs for the API"
    elif status == 405:
        detail = f"method not allowed here; allowed: {', '.join(sorted(allowed or []))}"
    elif status == 413:
        detail = f"the request body is larger than the limit of {MAX_BODY_BYTES} bytes"
    else:
        detail = error.description or error.name
    headers: dict[str, str] = {}
    if status == 405 and allowed:
        headers["Allow"] = ", ".join(sorted(allowed))
    return ApiProblem(status, code, detail, [FieldError("", code, detail)], headers)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The ginrules Flask app; ``config`` overrides settings (e.g. ``MAX_CONTENT_LENGTH``)."""
    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY_BYTES)
    app.config.update(config or {})
    # Flask's default provider, as no json_provider_class is set.
    provider = cast(DefaultJSONProvider, app.json)
    provider.sort_keys = False  # replies keep the documented field order
    provider.ensure_ascii = False
    provider.compact = True

    install_observability(app)
    install_cors(app)
    install_rate_limit(app)
    install_heavy_work(app)
    trust_proxies(app)
    app.register_blueprint(meta)
    app.register_blueprint(v1)
    app.register_blueprint(showdown)
    app.register_blueprint(games)
    app.register_blueprint(matches_blueprint)
    app.register_blueprint(imports)
    app.register_blueprint(texts)
    app.register_blueprint(play)
    app.register_blueprint(bots)
    app.register_blueprint(deals)
    app.register_blueprint(
        get_swaggerui_blueprint("/docs", "/openapi.yaml", config={"app_name": "ginrules API"}),
        url_prefix="/docs",
    )

    @app.errorhandler(ApiProblem)
    def api_problem(problem: ApiProblem) -> Response:
        return problem_response(problem)

    @app.errorhandler(RulesError)
    def core_fault(error: RulesError) -> Response:
        """The one handler of the core's faults: their problem and status (wire/faults.py)."""
        return problem_response(problem_of(error))

    @app.errorhandler(HTTPException)
    def http_problem(error: HTTPException) -> Response:
        return problem_response(_http_problem(error))

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:  # pragma: no cover - a bug; reported, not hidden
        log.exception("unhandled error")
        detail = "the server failed to answer this request; it has been logged"
        return problem_response(ApiProblem(500, "internal_error", detail,
                                           [FieldError("", "internal_error", detail)]))

    return app
