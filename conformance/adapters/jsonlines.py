"""The engine side of the conformance protocol, for the Python adapters of this folder.

``serve(name, topics, answer)`` reads the runner's messages (one JSON object a line) from
standard input and writes the replies to standard output: the hello with the topics the
adapter answers, then for each question ``answer(topic, options, question)``, which returns
the answer, or raises ``NotImplemented`` with the reason the engine cannot answer it.
docs/conformance.md describes the protocol; an adapter in any language speaks the same.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

PROTOCOL = "ginrules-conformance/1"


class NotImplemented_(Exception):
    """The engine cannot answer this question (the message says why: an option, a field)."""


def serve(name: str, topics: list[str],
          answer: Callable[[str, dict, dict], dict]) -> int:
    """Answer the runner until it says bye or closes the input."""
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if "hello" in message:
            reply = {"hello": PROTOCOL, "engine": name, "topics": topics}
        elif message.get("bye"):
            break
        else:
            try:
                reply = {"id": message["id"],
                         "answer": answer(message["topic"], message["options"],
                                          message["question"])}
            except NotImplemented_ as reason:
                reply = {"id": message["id"], "not_implemented": str(reason)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


def needs(options: dict, plays: dict[str, set], names: list[str]) -> None:
    """``NotImplemented_`` naming the first of ``names`` whose value the engine cannot play."""
    for option in names:
        if option in plays and options[option] not in plays[option]:
            raise NotImplemented_(f"{option}: {json.dumps(options[option])}")
