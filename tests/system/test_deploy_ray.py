"""The Ray cluster's deployment files (deploy/ray/), checked offline: each pod template as a
Kubernetes PodTemplate against the Kubernetes schemas; the KubeRay objects themselves against a
schema of our own, written from KubeRay's documented API (ray.io/v1: RayCluster, RayJob), as
the Kubernetes schemas know no custom resources; the image, the Ray version and the hardening
against the project's own files."""

from __future__ import annotations

import copy
import re
import subprocess
import tomllib
from typing import Any

import jsonschema
import kubernetes_validate
import pytest
import yaml
from packaging.requirements import Requirement
from packaging.version import Version

from testkit import ROOT

RAY = ROOT / "deploy" / "ray"
CLUSTER = yaml.safe_load((RAY / "raycluster.yaml").read_text())
JOB = yaml.safe_load((RAY / "rayjob-arena.yaml").read_text())
VERSION = yaml.safe_load((ROOT / "openapi.yaml").read_text())["info"]["version"]
KUBERNETES = "1.37.0"

# KubeRay's API (ray.io/v1), the fields these manifests may use: the Kubernetes types inside it
# (pod templates, resources, security contexts) are checked with the Kubernetes schemas instead.
_STRINGS = {"type": "object", "additionalProperties": {"type": "string"}}
_COUNT = {"type": "integer", "minimum": 0}
_K8S = {"type": "object"}
_META = {
    "type": "object",
    "required": ["name"],
    "properties": {"name": {"type": "string", "pattern": r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"},
                   "namespace": {"type": "string"}, "labels": _STRINGS,
                   "annotations": _STRINGS},
    "additionalProperties": False,
}
_AUTOSCALER = {
    "type": "object",
    "properties": {
        "resources": _K8S, "image": {"type": "string"}, "imagePullPolicy": {"type": "string"},
        "securityContext": _K8S, "idleTimeoutSeconds": _COUNT,
        "upscalingMode": {"enum": ["Default", "Aggressive", "Conservative"]},
        "version": {"enum": ["v1", "v2"]},
        "env": {"type": "array"}, "envFrom": {"type": "array"}, "volumeMounts": {"type": "array"},
    },
    "additionalProperties": False,
}
_HEAD = {
    "type": "object",
    "required": ["rayStartParams", "template"],
    "properties": {
        "rayStartParams": _STRINGS,
        "template": _K8S,
        "serviceType": {"enum": ["ClusterIP", "NodePort", "LoadBalancer"]},
        "headService": _K8S,
        "enableIngress": {"type": "boolean"},
    },
    "additionalProperties": False,
}
_WORKERS = {
    "type": "object",
    "required": ["groupName", "replicas", "minReplicas", "maxReplicas", "rayStartParams",
                 "template"],
    "properties": {
        "groupName": {"type": "string", "minLength": 1},
        "replicas": _COUNT, "minReplicas": _COUNT, "maxReplicas": _COUNT,
        "idleTimeoutSeconds": _COUNT,
        "numOfHosts": {"type": "integer", "minimum": 1},
        "rayStartParams": _STRINGS,
        "template": _K8S,
        "scaleStrategy": {"type": "object",
                          "properties": {"workersToDelete": {"type": "array"}},
                          "additionalProperties": False},
        "suspend": {"type": "boolean"},
    },
    "additionalProperties": False,
}
_CLUSTER_SPEC = {
    "type": "object",
    "required": ["rayVersion", "headGroupSpec", "workerGroupSpecs"],
    "properties": {
        "rayVersion": {"type": "string", "pattern": r"^\d+\.\d+\.\d+$"},
        "enableInTreeAutoscaling": {"type": "boolean"},
        "autoscalerOptions": _AUTOSCALER,
        "headGroupSpec": _HEAD,
        "workerGroupSpecs": {"type": "array", "minItems": 1, "items": _WORKERS},
        "headServiceAnnotations": _STRINGS,
        "suspend": {"type": "boolean"},
        "managedBy": {"enum": ["ray.io/kuberay-operator", "kueue.x-k8s.io/multikueue"]},
        "gcsFaultToleranceOptions": _K8S,
    },
    "additionalProperties": False,
}
RAYCLUSTER_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["apiVersion", "kind", "metadata", "spec"],
    "properties": {"apiVersion": {"const": "ray.io/v1"}, "kind": {"const": "RayCluster"},
                   "metadata": _META, "spec": _CLUSTER_SPEC},
    "additionalProperties": False,
}
RAYJOB_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["apiVersion", "kind", "metadata", "spec"],
    "properties": {
        "apiVersion": {"const": "ray.io/v1"}, "kind": {"const": "RayJob"}, "metadata": _META,
        "spec": {
            "type": "object",
            "required": ["entrypoint"],
            # Either a cluster of its own or a running one, chosen by its labels.
            "oneOf": [{"required": ["rayClusterSpec"]}, {"required": ["clusterSelector"]}],
            "properties": {
                "entrypoint": {"type": "string", "minLength": 1},
                "clusterSelector": _STRINGS,
                "rayClusterSpec": _CLUSTER_SPEC,
                "submissionMode": {"enum": ["K8sJobMode", "HTTPMode", "InteractiveMode",
                                            "SidecarMode"]},
                "submitterPodTemplate": _K8S,
                "submitterConfig": {"type": "object",
                                    "properties": {"backoffLimit": _COUNT},
                                    "additionalProperties": False},
                "entrypointNumCpus": {"type": "number", "minimum": 0},
                "entrypointNumGpus": {"type": "number", "minimum": 0},
                "entrypointResources": {"type": "string"},
                "runtimeEnvYAML": {"type": "string"},
                "jobId": {"type": "string"},
                "metadata": _STRINGS,
                "activeDeadlineSeconds": {"type": "integer", "minimum": 1},
                "backoffLimit": _COUNT,
                "shutdownAfterJobFinishes": {"type": "boolean"},
                "ttlSecondsAfterFinished": _COUNT,
                "suspend": {"type": "boolean"},
                "managedBy": {"enum": ["ray.io/kuberay-operator", "kueue.x-k8s.io/multikueue"]},
            },
            "additionalProperties": False,
        },
    },
    "additionalProperties": False,
}


def _head() -> dict[str, Any]:
    return CLUSTER["spec"]["headGroupSpec"]


def _workers() -> list[dict[str, Any]]:
    return CLUSTER["spec"]["workerGroupSpecs"]


def pod_templates() -> list[tuple[str, dict[str, Any]]]:
    """Every pod template of deploy/ray/, named by where it is."""
    return [("head", _head()["template"]),
            *((f"workers {group['groupName']}", group["template"]) for group in _workers()),
            ("job submitter", JOB["spec"]["submitterPodTemplate"])]


def ray_templates() -> list[tuple[str, dict[str, Any]]]:
    """The templates of the cluster's Ray nodes (KubeRay starts Ray in them)."""
    return [(name, template) for name, template in pod_templates() if name != "job submitter"]


def as_pod_template(name: str, template: dict[str, Any]) -> dict[str, Any]:
    """A template as the Kubernetes object `v1 PodTemplate`, which the Kubernetes schemas know."""
    return {"apiVersion": "v1", "kind": "PodTemplate",
            "metadata": {"name": re.sub(r"[^a-z0-9]+", "-", name)}, "template": template}


@pytest.mark.parametrize("name, template", pod_templates())
def test_each_pod_template_is_a_valid_kubernetes_pod_template(name, template):
    kubernetes_validate.validate(as_pod_template(name, template), KUBERNETES, strict=True)


def test_the_autoscalers_container_is_a_valid_kubernetes_container():
    """KubeRay adds the autoscaler to the head pod as a container of the head's image with these
    options: as a container, they pass the Kubernetes schemas."""
    options = CLUSTER["spec"]["autoscalerOptions"]
    image = _head()["template"]["spec"]["containers"][0]["image"]
    container = {"name": "autoscaler", "image": image,
                 **{key: options[key] for key in ("resources", "securityContext", "env",
                                                  "volumeMounts") if key in options}}
    template = {"spec": {"containers": [container]}}
    kubernetes_validate.validate(as_pod_template("autoscaler", template), KUBERNETES, strict=True)


def test_the_raycluster_and_the_rayjob_follow_kuberays_api():
    jsonschema.Draft202012Validator.check_schema(RAYCLUSTER_SCHEMA)
    jsonschema.validate(CLUSTER, RAYCLUSTER_SCHEMA, cls=jsonschema.Draft202012Validator)
    jsonschema.validate(JOB, RAYJOB_SCHEMA, cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("change", [
    lambda c: c["spec"].update(workerGroupSpec=c["spec"].pop("workerGroupSpecs")),
    lambda c: c["spec"]["headGroupSpec"]["rayStartParams"].update({"num-cpus": 0}),
    lambda c: c["spec"]["workerGroupSpecs"][0].pop("groupName"),
    lambda c: c["spec"]["autoscalerOptions"].update(upscalingMode="Fast"),
    lambda c: c.update(apiVersion="ray.io/v1alpha1"),
], ids=["misspelt field", "number for a string", "no group name", "unknown mode", "old api"])
def test_the_schema_refuses_what_kuberay_would(change):
    broken = copy.deepcopy(CLUSTER)
    change(broken)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, RAYCLUSTER_SCHEMA, cls=jsonschema.Draft202012Validator)


def test_every_pod_runs_the_cluster_image_of_the_contracts_version():
    """One image for every node, so one ginrules (ginrules/cluster.py ships tasks by reference
    to its functions); tagged with the version, as the service's Deployment is."""
    images = {container["image"] for _, template in pod_templates()
              for container in template["spec"]["containers"]}
    assert images == {f"ginrules-cluster:{VERSION}"}


def test_kuberay_starts_ray_the_containers_name_no_command():
    for name, template in pod_templates():
        for container in template["spec"]["containers"]:
            assert "command" not in container and "args" not in container, name


def _cluster_extra() -> Requirement:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    [requirement] = project["optional-dependencies"]["cluster"]
    return Requirement(requirement)


def test_the_ray_version_is_one_the_cluster_extra_allows_and_the_image_adds_its_dashboard():
    """The manifest's Ray is one the cluster extra installs; KubeRay probes a node through Ray's
    dashboard agent and submits jobs to the dashboard, so the cluster image pins Ray with it
    (ray[default]), which a laptop's extra does without; the unified health endpoint the
    probes ask for, /api/healthz, came with Ray 2.53."""
    extra = _cluster_extra()
    ray_version = CLUSTER["spec"]["rayVersion"]
    assert extra.name == "ray" and "client" in extra.extras
    assert extra.specifier.contains(ray_version)
    assert Version(ray_version) >= Version("2.53")
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    assert '"ray[default]==$GINRULES_RAY_VERSION"' in dockerfile


def test_the_image_is_built_with_the_ray_version_the_manifest_names():
    """The build command in the Dockerfile's header reads rayVersion from the manifest and pins
    Ray to it (GINRULES_RAY_VERSION): run its `ray=$(...)` line as written."""
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    line = re.search(r"^#   (ray=\$\(.*\))$", dockerfile, re.MULTILINE)
    assert line is not None
    read = subprocess.run(["sh", "-c", f'{line.group(1)}; printf %s "$ray"'], cwd=ROOT,
                          capture_output=True, text=True, timeout=10, check=True).stdout
    assert read == CLUSTER["spec"]["rayVersion"]
    assert '--build-arg GINRULES_RAY_VERSION="$ray"' in dockerfile
    assert re.search(r'"ray\[default\]==\$GINRULES_RAY_VERSION"', dockerfile)


def test_the_worker_group_scales_between_its_bounds():
    assert CLUSTER["spec"]["enableInTreeAutoscaling"] is True
    for group in _workers():
        assert 0 <= group["minReplicas"] <= group["replicas"] <= group["maxReplicas"]
        assert group["maxReplicas"] > group["minReplicas"]


def test_nothing_is_exposed_beyond_the_cluster():
    head = _head()
    assert head["serviceType"] == "ClusterIP" and head["enableIngress"] is False
    assert "headService" not in head
    for name, template in pod_templates():
        spec = template["spec"]
        assert not spec.get("hostNetwork") and not spec.get("hostPID"), name
        for container in spec["containers"]:
            assert not any("hostPort" in port for port in container.get("ports", [])), name


def _bytes(quantity: str) -> int:
    match = re.fullmatch(r"(\d+)(Ki|Mi|Gi)?", quantity)
    assert match is not None, quantity
    number, unit = match.groups()
    return int(number) * {None: 1, "Ki": 1 << 10, "Mi": 1 << 20, "Gi": 1 << 30}[unit]


@pytest.mark.parametrize("name, template", pod_templates())
def test_the_pods_are_hardened_as_the_services_deployment_is(name, template):
    spec = template["spec"]
    assert spec["securityContext"]["runAsNonRoot"] is True
    assert spec["securityContext"]["runAsUser"] == 10001
    assert spec["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
    for container in spec["containers"]:
        security = container["securityContext"]
        assert security["allowPrivilegeEscalation"] is False
        assert security["readOnlyRootFilesystem"] is True
        assert security["capabilities"]["drop"] == ["ALL"]
        assert container["resources"]["requests"] and container["resources"]["limits"]
        mounts = {mount["mountPath"]: mount["name"] for mount in container["volumeMounts"]}
        volumes = {volume["name"]: volume for volume in spec["volumes"]}
        assert "emptyDir" in volumes[mounts["/tmp"]], name


@pytest.mark.parametrize("name, template", ray_templates())
def test_ray_has_a_writable_tmp_and_shared_memory_that_holds_its_object_store(name, template):
    group = _head() if name == "head" else _workers()[0]
    spec = template["spec"]
    [container] = spec["containers"]
    mounts = {mount["mountPath"]: mount["name"] for mount in container["volumeMounts"]}
    volumes = {volume["name"]: volume for volume in spec["volumes"]}
    shm = volumes[mounts["/dev/shm"]]["emptyDir"]
    assert shm["medium"] == "Memory"
    assert int(group["rayStartParams"]["object-store-memory"]) <= _bytes(shm["sizeLimit"])
    # Ray counts the limits as the node's CPUs and memory: requests equal to them.
    assert container["resources"]["requests"] == container["resources"]["limits"]


def test_the_autoscaler_is_hardened_too():
    security = CLUSTER["spec"]["autoscalerOptions"]["securityContext"]
    assert security["allowPrivilegeEscalation"] is False
    assert security["capabilities"]["drop"] == ["ALL"]


@pytest.mark.parametrize("name, template", ray_templates())
def test_the_nodes_probes_ask_rays_agent_over_http(name, template):
    """No exec probe: the image has neither wget nor curl, which KubeRay's own probes used
    before Ray 2.53."""
    [container] = template["spec"]["containers"]
    for probe in ("readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"] == {"path": "/api/healthz", "port": 52365}, name


def test_the_head_runs_the_command_and_the_workers_the_tasks():
    """The head has no CPUs for tasks: the games, pairs and logs go to the workers, which the
    autoscaler adds for them."""
    assert _head()["rayStartParams"]["num-cpus"] == "0"
    assert all("num-cpus" not in group["rayStartParams"] for group in _workers())


def test_the_job_runs_an_arena_with_a_receipt_on_the_cluster_of_the_manifest():
    spec = JOB["spec"]
    assert spec["clusterSelector"] == {"ray.io/cluster": CLUSTER["metadata"]["name"]}
    command = spec["entrypoint"].split()
    assert command[:2] == ["ginrules", "arena"]
    assert command[command.index("--ray") + 1] == "auto" and "--receipt" in command
    # One command: KubeRay's versions differ on where `&&` or `;` in an entrypoint would run.
    assert not re.search(r"&&|;|\|", spec["entrypoint"])
    assert spec["submitterPodTemplate"]["spec"]["restartPolicy"] == "Never"


def test_the_guide_builds_and_reaches_the_cluster_the_manifests_describe():
    """docs/cluster.md builds the image as the Dockerfile's header does, applies the manifests
    and port-forwards the head Service KubeRay names after the cluster (NAME-head-svc)."""
    guide = (ROOT / "docs" / "cluster.md").read_text()
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    [build] = re.findall(r"^#   (ray=\$\(.*\))$", dockerfile, re.MULTILINE)
    assert f"\n{build}\n" in guide
    for argument in ("GINRULES_EXTRAS=cluster", 'GINRULES_RAY_VERSION="$ray"',
                     '-t "ginrules-cluster:$version"'):
        assert argument in guide and argument in dockerfile, argument
    assert "kubectl apply -f deploy/ray/raycluster.yaml" in guide
    assert "kubectl apply -f deploy/ray/rayjob-arena.yaml" in guide
    assert f"service/{CLUSTER['metadata']['name']}-head-svc 10001:10001" in guide
    assert f"kubectl logs -f job/{JOB['metadata']['name']}" in guide
