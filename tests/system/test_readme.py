"""The README's tour, as written, against the real server: every curl command runs with the shell
from the repository's root, answers JSON that is no problem, and holds the fields the comment
under it shows; the guides' curl commands of the API run the same way."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT

README_URL = "http://127.0.0.1:8000"


def _section(text: str, heading: str) -> str:
    """A Markdown section: from its ``## `` heading to the next one."""
    start = text.index(f"## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def shell_commands(markdown: str) -> list[tuple[str, str | None]]:
    """The commands of a text's ``sh`` blocks (continued lines joined, as the shell reads a
    quoted string over several lines), each with the comment that follows it, if any."""
    found: list[tuple[str, str | None]] = []
    for block in re.findall(r"```sh\n(.*?)```", markdown, re.S):
        command: list[str] = []
        quoted = False
        first = len(found)
        for line in block.splitlines():
            if not command and line.startswith("# ") and len(found) > first \
                    and found[-1][1] is None:
                found[-1] = (found[-1][0], line[2:])
                continue
            if not line.strip() or (not command and line.startswith("#")):
                continue
            command.append(line)
            quoted = (quoted + line.count("'")) % 2 == 1
            if not quoted and not line.endswith("\\"):
                found.append(("\n".join(command), None))
                command = []
        assert not command, f"an unfinished command: {command}"
    return found


def expected_fields(comment: str) -> dict:
    """The fields a comment shows, ``"name": value, ...``, as a JSON object."""
    return json.loads("{" + comment + "}")


def _holds(reply, name: str, value) -> bool:
    """Whether some object of the reply has the field ``name`` with that value."""
    if isinstance(reply, dict):
        return (reply.get(name, object()) == value
                or any(_holds(item, name, value) for item in reply.values()))
    if isinstance(reply, list):
        return any(_holds(item, name, value) for item in reply)
    return False


def _run(command: str, server: str, cwd: Path) -> str:
    done = subprocess.run(["bash", "-c", command.replace(README_URL, server)], cwd=cwd,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, (command, done.stderr)
    return done.stdout


README = (ROOT / "README.md").read_text(encoding="utf-8")
TOUR = shell_commands(_section(README, "A five-minute tour"))


def test_the_tour_has_a_curl_command_for_each_step_and_says_what_each_answers():
    endpoints = [re.search(r"127\.0\.0\.1:8000(/\S+)", command).group(1) for command, _ in TOUR]
    assert endpoints == ["/v1/hands/analyze", "/v1/deals", "/v1/games/replay",
                         "/v1/games/replay", "/v1/bots/simple/move", "/v1/rounds/score"]
    assert all(command.startswith("curl -s ") for command, _ in TOUR)
    assert all(comment and expected_fields(comment) for _, comment in TOUR)


def test_the_readme_starts_with_the_two_commands_ci_runs():
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    assert blocks[:2] == [
        "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/ginrules serve\n",
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m "
        "pytest\n"]
    # .ci/run starts the server with the first line that names it.
    first = next(line for line in README.splitlines() if "ginrules serve" in line)
    assert first == blocks[0].strip()
    assert len(README.splitlines()) <= 250


@pytest.mark.server
@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
@pytest.mark.parametrize("command, comment", TOUR, ids=[f"step {i}" for i in range(len(TOUR))])
def test_each_curl_of_the_tour_answers_what_the_readme_says(server, command, comment):
    reply = json.loads(_run(command, server, ROOT))
    assert isinstance(reply, dict) and "type" not in reply, reply  # no problem document
    missing = {name: value for name, value in expected_fields(comment).items()
               if not _holds(reply, name, value)}
    assert not missing, (missing, reply)


API_GUIDE = shell_commands((ROOT / "docs" / "api.md").read_text(encoding="utf-8"))


@pytest.mark.server
@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_every_curl_of_the_api_guide_succeeds(server, tmp_path):
    # From a folder of its own (the pictures are written there) holding the examples it sends.
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    commands = [command for command, _ in API_GUIDE if command.startswith("curl ")]
    assert len(commands) >= 25
    for command in commands:
        if "knock_limit\": 200" in command:
            continue  # the guide's example of a refusal
        output = _run(command, server, tmp_path)
        if "/v1/" in command and "-o " not in command:
            reply = json.loads(output)
            problem = isinstance(reply, dict) and str(reply.get("type", "")).startswith(
                "urn:ginrules:problem:")
            assert not problem, (command, reply)
    assert (tmp_path / "hand.svg").read_text().startswith("<svg")
    assert (tmp_path / "round.svg").read_text().startswith("<svg")


def test_the_readme_links_every_guide_and_its_served_address():
    from ginrules.api.texts import GUIDES

    for name, (source, _) in GUIDES.items():
        assert f"](docs/{source})" in README, source
        assert f"`/guide/{name}`" in README, name


def test_the_ci_snippet_runs_as_written(tmp_path):
    """The README's lines for a project's CI: the server started in the background and the
    conformance run at once (it waits for the server), on a free port in place of 8000."""
    import os
    import signal
    import socket
    import sys

    (snippet,) = [block for block in re.findall(r"```sh\n(.*?)```", README, re.S)
                  if "conformance --url" in block]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    script = snippet.replace("8000", str(port))
    assert script.splitlines()[0].endswith("&")  # started in the background, not waited for
    bin_folder = os.path.dirname(sys.executable)
    env = {**os.environ, "PATH": bin_folder + os.pathsep + os.environ["PATH"]}
    process = subprocess.Popen(["bash", "-c", f"set -m\n{script}\nstatus=$?\nkill %1\n"
                                "exit $status"], cwd=tmp_path, env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        out, err = process.communicate(timeout=300)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 0, (out[-2000:], err[-2000:])
    report = (tmp_path / "gin-rules.xml").read_text()
    assert "<testsuite" in report and 'failures="0"' in report
