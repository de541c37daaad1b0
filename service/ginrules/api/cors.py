"""Cross-origin requests (CORS): web pages on other origins may call the API.

The API holds no credentials and no cookies, so by default any origin may call it
(``Access-Control-Allow-Origin: *``).  ``GINRULES_CORS_ORIGINS`` (or the app setting
``CORS_ORIGINS``) narrows that to a comma-separated list of origins, e.g.
``https://play.example,http://127.0.0.1:5173``; an empty value turns CORS off.  Preflight
requests (``OPTIONS`` with ``Access-Control-Request-Method``) are answered 204 before any other
processing; replies expose ``ETag``, ``X-Request-ID`` and ``Retry-After`` to scripts.
"""

from __future__ import annotations

import os

from flask import Flask, Response, request

ALLOWED_METHODS = "GET, HEAD, POST, OPTIONS"
ALLOWED_HEADERS = "Content-Type, Accept, If-None-Match, X-Request-ID"
EXPOSED_HEADERS = "ETag, X-Request-ID, Retry-After"
PREFLIGHT_MAX_AGE = 86400
"""Seconds a browser may reuse a preflight's answer."""


def allowed_origins(setting: str | None) -> frozenset[str] | None:
    """The origins of a setting: ``None`` for any origin (``*``), else the listed ones."""
    setting = "*" if setting is None else setting
    origins = frozenset(o.strip().rstrip("/") for o in setting.split(",") if o.strip())
    return None if "*" in origins else origins


def install(app: Flask) -> None:
    """Answer preflights and add the CORS headers to every reply."""
    setting = app.config.get("CORS_ORIGINS", os.environ.get("GINRULES_CORS_ORIGINS"))
    origins = allowed_origins(setting)

    def allow_origin(response: Response) -> bool:
        origin = request.headers.get("Origin")
        if origins is None:
            response.headers["Access-Control-Allow-Origin"] = "*"
            return True
        response.vary.add("Origin")
        if origin and origin in origins:
            response.headers["Access-Control-Allow-Origin"] = origin
            return True
        return False

    @app.before_request
    def preflight() -> Response | None:
        if (request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers
                or request.url_rule is None):
            return None  # not a preflight, or for no endpoint (a 404 problem follows)
        response = Response(status=204)
        del response.headers["Content-Type"]
        if allow_origin(response):
            response.headers["Access-Control-Allow-Methods"] = ALLOWED_METHODS
            response.headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS
            response.headers["Access-Control-Max-Age"] = str(PREFLIGHT_MAX_AGE)
        return response

    @app.after_request
    def cors_headers(response: Response) -> Response:
        if "Access-Control-Allow-Methods" not in response.headers and allow_origin(response):
            response.headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS
        return response
