"""The reference as an engine of the conformance protocol (docs/conformance.md).

    ginrules conformance --engine "python conformance/reference/engine.py"

It reads one JSON object a line on its standard input and writes one a line on its standard
output: a hello naming the topics it answers (all of them), then an answer to each question,
until the runner says bye.  Errors in a question are answered, not raised: the runner then
reports them against the fact.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the package is this folder
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from reference.answers import TOPICS, answer  # noqa: E402
else:
    from .answers import TOPICS, answer

PROTOCOL = "ginrules-conformance/1"


def reply(message: dict) -> dict | None:
    """The reply to one message of the runner (None: the conversation is over)."""
    if "hello" in message:
        return {"hello": PROTOCOL, "engine": "the ginrules conformance reference",
                "topics": sorted(TOPICS)}
    if message.get("bye"):
        return None
    try:
        found = answer(message["topic"], message["options"], message["question"])
    except Exception as error:  # a question it cannot read: say so, go on
        return {"id": message.get("id"), "not_implemented": f"{type(error).__name__}: {error}"}
    return {"id": message["id"], "answer": found}


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        answered = reply(json.loads(line))
        if answered is None:
            break
        sys.stdout.write(json.dumps(answered) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
