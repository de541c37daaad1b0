"""The conformance runner: the kit's facts checked against this service, or against any engine.

    ginrules conformance                        # this service, in process, no server needed
    ginrules conformance --url http://127.0.0.1:8000 --filter layoffs --junit report.xml
    ginrules conformance --engine "node my-engine.js" --junit report.xml

The kit (``conformance/`` in a checkout, shipped in the package) states facts in the rules' own
terms (``facts.py``).  Against this service each fact becomes a request and the checks of its
reply (``api_cases.py``), with the hand-written request cases of ``http/``; against another
engine each fact is a question of the JSON Lines protocol (``engines.py``), its answer held to
the fact (``compare.py``).  Either way the report (``report.py``) lists each failure, the counts
by topic, and ends with ``N passed, N failed``.  Against a server or an engine, nothing of the
web app is loaded.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from . import api_cases, facts
from .api_cases import (Case, Outcome, Transport, Unreachable, check, load_http_cases, resolve,
                        run_case)
from .engines import EngineError, Verdict, run_engine
from .facts import SCHEMA, TOPICS, Fact, full_options
from .report import FAILED, Result, junit_xml, text

__all__ = ["Case", "Fact", "Outcome", "Unreachable", "check", "default_cases_dir",
           "in_process", "junit_xml", "load_cases", "load_facts", "main", "over_http",
           "resolve", "run_case", "wait_for"]

WAIT = 10.0
"""Seconds ``--url`` waits for the server to answer before giving up."""


def default_cases_dir() -> Path:
    """The kit shipped in the package (``conformance/`` of the source tree)."""
    from ..package_data import conformance_dir

    return conformance_dir()


def load_cases(directory: Path | None = None, topics: Iterable[str] = ()) -> list[Case]:
    """Every case of a conformance folder (the kit shipped in the package if none): one for
    each fact, then the hand-written ones."""
    return api_cases.load_cases(directory or default_cases_dir(), topics)


def load_facts(directory: Path | None = None, topics: Iterable[str] = ()) -> list[Fact]:
    """Every fact of a conformance folder (the kit shipped in the package if none)."""
    return facts.load_facts(directory or default_cases_dir(), topics)


def in_process() -> Transport:
    """A transport to the app in this process (Flask's test client)."""
    from ..api import create_app

    client = create_app().test_client()

    def send(method: str, path: str, body: Any) -> tuple[int, Any]:
        response = client.open(path, method=method, json=body)
        return response.status_code, response.get_json(silent=True)

    return send


def over_http(url: str) -> Transport:
    """A transport to a server at ``url``."""
    import requests

    from ..client import Client

    api = Client(url)

    def send(method: str, path: str, body: Any) -> tuple[int, Any]:
        try:
            status, _, parsed = api.request(method, path, body)
        except requests.ConnectionError as error:
            reason = "connection refused" if "refused" in str(error).lower() else "no connection"
            raise Unreachable(f"cannot reach the server at {url} ({reason})") from None
        except requests.Timeout:
            raise Unreachable(f"the server at {url} did not answer in time") from None
        except (requests.exceptions.InvalidURL, requests.exceptions.MissingSchema,
                requests.exceptions.InvalidSchema):
            raise Unreachable(f"not a server address: {url!r} (e.g. http://127.0.0.1:8000)") \
                from None
        return status, parsed

    return send


def wait_for(send: Transport, seconds: float) -> None:
    """Ask the server for ``/healthz`` until it answers, for at most ``seconds`` (a server
    started just before may still be starting); ``Unreachable`` after that."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            send("GET", "/healthz", None)
            return
        except Unreachable as error:
            if "not a server address" in str(error) or time.monotonic() >= deadline:
                raise
            time.sleep(0.2)


def topics_in(directory: Path) -> list[str]:
    """Every topic of a conformance folder: the facts' and the hand-written cases'."""
    extra = sorted({case.topic for case in load_http_cases(directory)} - set(TOPICS))
    return list(TOPICS) + extra


def _schema_path(directory: Path) -> Path:
    path = directory / SCHEMA
    return path if path.is_file() else default_cases_dir() / SCHEMA


def _of_outcome(outcome: Outcome) -> Result:
    case = outcome.case
    return Result(case.topic, case.description, case.fact_id, case.rule,
                  "passed" if outcome.passed else FAILED, outcome.failures, outcome.seconds)


def _of_verdict(verdict: Verdict) -> Result:
    fact = verdict.fact
    lines = verdict.lines
    if verdict.status == FAILED and verdict.answer is not None:
        from .compare import show

        lines = (f"expected: {show(fact.answer)}", f"answered: {show(verdict.answer)}", *lines)
    return Result(fact.topic, fact.description, fact.id, fact.rules, verdict.status, lines,
                  verdict.seconds)


def _fail(message: str) -> int:
    print(f"ginrules conformance: {message}", file=sys.stderr)
    return 2


def main(url: str | None = None, topics: Iterable[str] = (), junit: str | None = None,
         cases_dir: str | None = None, out: TextIO | None = None, *, engine: str | None = None,
         wait: float = WAIT, timeout: float = 10.0) -> int:
    """Run the kit; exit 0 when every case passes, 1 on a failure, 2 when nothing could run
    (no kit, an unknown topic, a server or an engine out of reach)."""
    out = out or sys.stdout
    topics = list(topics)
    directory = Path(cases_dir) if cases_dir else default_cases_dir()
    if not directory.is_dir():
        return _fail(f"no conformance folder at {directory}")
    known = topics_in(directory)
    unknown = [topic for topic in topics if topic not in known]
    if unknown:
        return _fail(f"unknown topic {', '.join(map(repr, unknown))}; the topics are "
                     f"{', '.join(known)}")
    if engine is not None:
        asked = load_facts(directory, topics)
        if not asked:
            return _fail(f"no facts for {', '.join(topics) or 'any topic'}")
        schema = _schema_path(directory)
        try:
            name, verdicts = run_engine(engine, asked, lambda f: full_options(f, schema),
                                        topics or TOPICS, timeout=timeout)
        except EngineError as error:
            return _fail(f"the engine {engine!r} did not start: {error}")
        print(f"engine: {name}", file=out)
        results = [_of_verdict(v) for v in verdicts]
        text(results, out, by_rule=True, topics=TOPICS)
    else:
        cases = load_cases(directory, topics)
        if not cases:
            return _fail(f"no cases for {', '.join(topics) or 'any topic'}")
        send = over_http(url) if url else in_process()
        try:
            if url:
                wait_for(send, wait)
            outcomes = [run_case(case, send) for case in cases]
        except Unreachable as error:
            return _fail(str(error))
        results = [_of_outcome(o) for o in outcomes]
        text(results, out, topics=known)
    if junit:
        Path(junit).write_text(junit_xml(results), encoding="utf-8")
    return 1 if any(r.status == FAILED for r in results) else 0
