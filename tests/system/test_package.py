"""The wheel is the product: it carries the corpus, its schema and the texts, and runs them
from any directory with no checkout beside it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from ginrules.api.play import MODULES
from ginrules.conformance import load_cases
from ginrules.rules import speedups

from testkit import ROOT
from tests.core.hands.test_speedups import compiler_at_hand


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out),
                    str(ROOT)], check=True, capture_output=True, text=True)
    return next(out.glob("ginrules-*.whl"))


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel unpacked into a folder of its own (its dependencies come from this venv)."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(wheel)], check=True, capture_output=True, text=True)
    return target


def _run_installed(installed: Path, cwd: Path, code: str, *args: str):
    """Python code run with the installed wheel and no checkout: ``-S`` skips this venv's
    editable install (a .pth file); the dependencies come in by PYTHONPATH."""
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join([str(installed), sysconfig.get_paths()["purelib"]])}
    return subprocess.run([sys.executable, "-S", "-c", code, *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


CLI = "import sys; from ginrules.cli import main; sys.exit(main(sys.argv[1:]))"


def test_the_wheel_holds_the_kit_its_schemas_and_the_texts(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    kit = ROOT / "conformance"
    corpus = {str(p.relative_to(kit)) for p in kit.rglob("*.json")}
    assert {"facts.schema.json", "protocol.schema.json", "cases.schema.json"} <= corpus
    assert len({p for p in corpus if p.startswith("facts/")}) >= 20
    assert {f"ginrules/data/conformance/{name}" for name in corpus} <= names
    assert {"ginrules/data/docs/rules.md", "ginrules/data/docs/gamelog.md",
            "ginrules/api/openapi.yaml"} <= names
    assert not any(n.startswith("ginrules/data/") and n.endswith(".py") for n in names)
    # The package alone: nothing of the checkout's testkit/, tests/ or bench/.
    assert {n.split("/")[0] for n in names if ".dist-info/" not in n} == {"ginrules"}


def test_the_installed_package_is_the_wheel_not_the_checkout(installed, tmp_path):
    run = _run_installed(installed, tmp_path,
                         "import ginrules, ginrules.package_data as d; "
                         "print(ginrules.__file__); print(d.conformance_dir())")
    assert run.returncode == 0, run.stderr
    module, corpus = run.stdout.split()
    assert Path(module).is_relative_to(installed) and Path(corpus).is_relative_to(installed)


def test_an_installed_wheel_runs_the_whole_corpus_in_process_from_any_directory(
        installed, tmp_path):
    run = _run_installed(installed, tmp_path, CLI, "conformance")
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert run.stdout.strip().splitlines()[-1] == f"{len(load_cases())} passed, 0 failed"


@pytest.mark.server
def test_an_installed_wheel_runs_the_whole_corpus_against_a_server(installed, tmp_path, server):
    run = _run_installed(installed, tmp_path, CLI, "conformance", "--url", server, "--junit",
                         "report.xml")
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert run.stdout.strip().splitlines()[-1] == f"{len(load_cases())} passed, 0 failed"
    assert (tmp_path / "report.xml").is_file()


def test_an_installed_wheel_serves_the_rules_and_the_log_format(installed, tmp_path):
    code = ("import json; from ginrules.api import create_app; c = create_app().test_client(); "
            "print(json.dumps({p: [c.get(p).status_code, c.get(p).get_data(as_text=True)] "
            "for p in ('/rules', '/rules.md', '/gamelog', '/gamelog.md')}))")
    run = _run_installed(installed, tmp_path, code)
    assert run.returncode == 0, run.stderr
    pages = json.loads(run.stdout)
    assert all(status == 200 for status, _ in pages.values())
    assert 'id="R-4.3"' in pages["/rules"][1]
    assert pages["/rules.md"][1] == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert pages["/gamelog.md"][1] == (ROOT / "docs" / "gamelog.md").read_text(encoding="utf-8")


def test_an_installed_wheel_serves_the_play_page_with_its_examples(installed, tmp_path):
    # The page, then each of its script modules and its icon, as the installed package serves
    # them: one status line each, then the page.
    code = ("from ginrules.api import create_app; from ginrules.api.play import MODULES; "
            "c = create_app().test_client(); "
            "[print(c.get(f'/play/{name}').status_code) for name in (*MODULES, 'favicon.svg')]; "
            "print(c.get('/play/viewer.js').get_data(as_text=True).count('function showStep')); "
            "r = c.get('/play'); print(r.status_code); print(r.get_data(as_text=True))")
    run = _run_installed(installed, tmp_path, code)
    assert run.returncode == 0, run.stderr
    *assets, steppers, status, page = run.stdout.split("\n", len(MODULES) + 3)
    assert assets == ["200"] * (len(MODULES) + 1) and steppers == "1"
    assert status == "200" and '<script type="module" src="/play/main.js">' in page
    assert "/*STYLE*/" not in page and "/*DECK*/" not in page
    assert all(f'"{path.stem}":' in page for path in (ROOT / "examples").glob("*.json"))


def test_an_installed_wheel_lists_the_advisors_levels_with_their_measured_strengths(
        installed, tmp_path):
    # The figures are read from the receipts shipped with the documents: without them each
    # level would be listed with null strengths.
    code = ("import json; from ginrules.api import create_app; "
            "print(json.dumps(create_app().test_client().get('/v1/bots').get_json()))")
    run = _run_installed(installed, tmp_path, code)
    assert run.returncode == 0, run.stderr
    advisor = next(b for b in json.loads(run.stdout)["bots"] if b["name"] == "advisor")
    assert len(advisor["levels"]) == 5
    assert all(level["against_simple"] and level["against_level_below"]
               for level in advisor["levels"])


FAST_PATH_PROBE = ("from ginrules.rules import speedups, analyze; print(speedups.ACTIVE, "
                   "analyze('AS 2S 3S 7H 7D 7C 9C TC JC KD').deadwood_count)")
"""Whether an installed package runs the compiled fast path, and one hand it analyses."""


def test_the_wheel_carries_the_compiled_fast_path_and_uses_it(wheel, installed, tmp_path):
    if not compiler_at_hand() or speedups.pure_python_requested():
        pytest.skip("no C compiler here, or GINRULES_PURE_PYTHON set: a pure-Python wheel")
    assert any(name.startswith("ginrules/rules/_speedups") and name.endswith((".so", ".pyd"))
               for name in zipfile.ZipFile(wheel).namelist())
    run = _run_installed(installed, tmp_path, FAST_PATH_PROBE)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["True", "10"]


def test_a_machine_without_a_c_compiler_builds_a_wheel_that_runs_in_pure_python(tmp_path):
    """The extension is optional: with no compiler the build goes on, and the wheel answers
    the same, from the Python solver alone."""
    import shutil

    out, target, source = tmp_path / "wheel", tmp_path / "site", tmp_path / "source"
    # A copy of the sources alone: no extension built in place, no earlier build folder.
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "node_modules", "*.so", "*.pyd", "*.egg-info",
        "__pycache__", "artifacts", ".hypothesis", ".pytest_cache"))
    env = {**os.environ, "CC": str(tmp_path / "no-such-compiler")}
    env.pop("GINRULES_PURE_PYTHON", None)
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                            "-w", str(out), str(source)], env=env,
                           capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-2000:]
    built = next(out.glob("ginrules-*.whl"))
    assert not any("_speedups" in name and not name.endswith(".c")
                   for name in zipfile.ZipFile(built).namelist())
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(built)], check=True, capture_output=True, text=True)
    run = _run_installed(target, tmp_path, FAST_PATH_PROBE)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["False", "10"]


def test_an_installed_wheel_serves_the_guides_with_their_pictures(wheel, installed, tmp_path):
    from ginrules.api.texts import GUIDES

    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f"ginrules/data/docs/{source}" for source, _ in GUIDES.values()}
    pictures = {f"ginrules/data/docs/calibration/{p.name}"
                for p in (ROOT / "docs" / "calibration").glob("*.svg")}
    assert pictures and shipped | pictures <= names
    code = ("import json; from ginrules.api import create_app; c = create_app().test_client(); "
            "print(json.dumps({p: [c.get(p).status_code, c.get(p).get_data(as_text=True)] "
            "for p in ('/guide/strength', '/guide/cli.md', "
            "'/guide/calibration/advisor-simple.svg')}))")
    run = _run_installed(installed, tmp_path, code)
    assert run.returncode == 0, run.stderr
    pages = json.loads(run.stdout)
    assert all(status == 200 for status, _ in pages.values())
    assert "data:image/svg+xml;base64," in pages["/guide/strength"][1]
    assert pages["/guide/cli.md"][1] == (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert pages["/guide/calibration/advisor-simple.svg"][1] == (
        ROOT / "docs" / "calibration" / "advisor-simple.svg").read_text(encoding="utf-8")
