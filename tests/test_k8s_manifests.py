"""deploy/k8s/: the committed manifests are what deploy/k8s/generate.py writes from gateway/routes.yaml, and they
are valid Kubernetes (kubernetes-validate's schemas, strict: unknown fields refused; a JSON schema for Traefik's
IngressRoute CRD). No cluster runs here; this is the check CI can make."""

import importlib.util
from pathlib import Path

import jsonschema
import kubernetes_validate
import pytest
import yaml

from gateway.table import load

ROOT = Path(__file__).resolve().parents[1]
K8S = ROOT / "deploy" / "k8s"
VERSION = "1.33.0"  # the oldest Kubernetes the manifests are meant for (autoscaling/v2, projected volumes)


def _generator():
    spec = importlib.util.spec_from_file_location("k8s_generate", K8S / "generate.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


GEN = _generator()

INGRESS_ROUTE_SCHEMA = {  # the part of traefik.io/v1alpha1 IngressRoute the manifests use
    "type": "object", "required": ["apiVersion", "kind", "metadata", "spec"],
    "properties": {
        "apiVersion": {"const": "traefik.io/v1alpha1"}, "kind": {"const": "IngressRoute"},
        "metadata": {"type": "object", "required": ["name"]},
        "spec": {"type": "object", "required": ["routes"], "additionalProperties": False, "properties": {
            "entryPoints": {"type": "array", "items": {"type": "string"}},
            "routes": {"type": "array", "minItems": 1, "items": {
                "type": "object", "required": ["kind", "match", "services"], "additionalProperties": False,
                "properties": {
                    "kind": {"const": "Rule"}, "match": {"type": "string", "minLength": 1},
                    "priority": {"type": "integer", "minimum": 1},
                    "services": {"type": "array", "minItems": 1, "items": {
                        "type": "object", "required": ["name", "port"], "additionalProperties": False,
                        "properties": {"name": {"type": "string"}, "port": {"type": "integer"}}}}}}}}}},
}


def test_committed_manifests_are_the_generated_ones():
    files = GEN.manifests()
    assert sorted(p.name for p in K8S.glob("*.yaml")) == sorted(files), "run: python deploy/k8s/generate.py"
    for name, docs in files.items():
        assert (K8S / name).read_text() == GEN.render(docs), f"{name} is stale: run python deploy/k8s/generate.py"


@pytest.mark.parametrize("name", sorted(GEN.manifests()))
def test_manifests_are_valid(name):
    for doc in yaml.safe_load_all((K8S / name).read_text()):
        if doc["kind"] == "IngressRoute":
            jsonschema.validate(doc, INGRESS_ROUTE_SCHEMA)
        else:
            kubernetes_validate.validate(doc, VERSION, strict=True)


def test_the_validation_can_fail():
    [deployment, _] = GEN.service_manifests("calling", 8104)
    deployment["spec"]["template"]["spec"]["containers"][0]["imagePullPolicyy"] = "Always"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, VERSION, strict=True)
    bad = GEN.ingress_route()
    bad["spec"]["routes"][0]["services"] = []
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, INGRESS_ROUTE_SCHEMA)


def test_every_route_reaches_a_service_with_a_deployment():
    services_cfg, routes = load()
    ingress = GEN.ingress_route()
    matches = [r["match"] for r in ingress["spec"]["routes"]]
    for r in routes:
        assert GEN.rule_for(r) in matches
    names = {d["metadata"]["name"] for docs in GEN.manifests().values() for d in docs if d["kind"] == "Service"}
    for r in ingress["spec"]["routes"]:
        for s in r["services"]:
            assert s["name"] in names
            port = services_cfg[s["name"]]["port"] if s["name"] in services_cfg else 8080
            assert s["port"] == port


def test_calling_scales_on_cpu():
    [h] = list(yaml.safe_load_all((K8S / "hpa-calling.yaml").read_text()))
    assert h["spec"]["scaleTargetRef"]["name"] == "calling"
    assert h["spec"]["metrics"][0]["resource"]["name"] == "cpu"
    assert h["spec"]["minReplicas"] >= 2  # replicas are correct (relay turns, single active consumer)
