"""One version, written once (the contract's ``info.version``) and read everywhere: the package,
the command, /healthz, the served contract, the TypeScript client, the image and the manifests;
the changelog starts with it.  And the package is typed: mypy --strict passes on it."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
import yaml

import ginrules
from ginrules._version import contract_version
from ginrules.cli import main

from testkit import ROOT

VERSION = yaml.safe_load((ROOT / "openapi.yaml").read_text())["info"]["version"]


def test_the_package_reads_its_version_from_the_contract():
    assert ginrules.__version__ == VERSION
    assert contract_version((ROOT / "openapi.yaml").read_text()) == VERSION
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)


def test_the_version_is_written_once():
    """Only the contract spells the version out; pyproject reads it (dynamic)."""
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject
    assert 'version = {attr = "ginrules._version.__version__"}' in pyproject
    written = [path.relative_to(ROOT).as_posix() for path in
               (*ROOT.glob("service/ginrules/**/*.py"), ROOT / "pyproject.toml", ROOT / "setup.py")
               if re.search(rf"['\"]{re.escape(VERSION)}['\"]", path.read_text())]
    assert written == []


def test_the_command_and_healthz_report_it(client, capsys):
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.strip() == f"ginrules {VERSION}"
    assert client.get("/healthz").get_json()["version"] == VERSION
    served = yaml.safe_load(client.get("/openapi.yaml").get_data(as_text=True))
    assert served["info"]["version"] == VERSION


def test_the_typescript_client_has_the_contracts_version_and_checks_it_when_packed():
    package = json.loads((ROOT / "clients" / "typescript" / "package.json").read_text())
    assert package["version"] == VERSION
    assert "check:version" in package["scripts"]["prepack"]
    assert not package.get("private")
    for field in ("files", "exports", "engines", "repository", "types"):
        assert package[field], field


def test_the_image_is_labelled_with_it_and_the_manifests_name_it():
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    assert 'org.opencontainers.image.version="$GINRULES_VERSION"' in dockerfile
    check = (ROOT / "deploy" / "container-check").read_text()
    assert '--build-arg "GINRULES_VERSION=$version"' in check
    assert "sed -n '/^info:/,/^[^ ]/s/^  version: *//p' openapi.yaml" in check
    deployment = (ROOT / "deploy" / "k8s" / "deployment.yaml").read_text()
    assert f"image: ginrules:{VERSION}" in deployment


def test_the_changelog_starts_with_it_and_states_the_compatibility_promise():
    changelog = (ROOT / "CHANGELOG.md").read_text()
    first = re.search(r"^## (\S+)", changelog, re.MULTILINE)
    assert first is not None and first.group(1) == VERSION
    for promise in ("/v1", "Deprecation", "Sunset"):
        assert promise in changelog


def test_mypy_strict_passes_on_the_package():
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
