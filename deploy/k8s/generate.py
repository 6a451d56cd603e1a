"""Kubernetes manifests for the topology, generated from the same route table as Traefik's file-provider config
(gateway/routes.yaml), so the cluster routes exactly what the local stack and compose route.

    python -m deploy.k8s.generate [--out deploy/k8s]      (from the repository root)

Writes one `<service>.yaml` per context (Deployment + Service), `web.yaml` (the static UI), `ingressroute.yaml`
(Traefik's IngressRoute CRD: one route per table entry, same rules and priorities as gateway.generate) and
`hpa-calling.yaml` (calling scales on CPU). The namespace, images and Secrets are the deployment's:
- Secret `surveyops-keys`: `jwt_public_key` (every service), `jwt_private_key` (identity);
- Secret `surveyops-db`: `pg_password`, `amqp_password`;
- Secret `identity-config`: identity's provider settings (IDENTITY_PUBLIC_BASE_URL, IDENTITY_TWILIO_*,
  IDENTITY_SMTP_*, IDENTITY_MAIL_FROM), as docker-compose.yml requires them.
tests/test_k8s_manifests.py checks the files are what this writes and validates them (kubernetes-validate for
the built-in kinds, a JSON schema for the IngressRoute).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from gateway.generate import UNKNOWN_API_ROUTER, rule_for  # noqa: E402
from gateway.table import load  # noqa: E402

SECRETS = "/run/secrets"
# Traefik's pods are the one proxy the services believe X-Forwarded-For from: the pod network's range.
TRUSTED_PROXIES = '["10.0.0.0/8"]'
HPA = {"calling": {"min": 2, "max": 8, "cpu": 70}}


def _labels(name: str) -> dict:
    return {"app.kubernetes.io/name": name, "app.kubernetes.io/part-of": "surveyops"}


def service_manifests(ctx: str, port: int) -> list[dict]:
    p = ctx.upper() + "_"
    env = [
        {"name": "PORT", "value": str(port)},
        {"name": "PGHOST", "value": "postgres"}, {"name": "PGUSER", "value": "surveyops"},
        {"name": "PGPASSWORD_FILE", "value": f"{SECRETS}/pg_password"},
        {"name": "AMQPHOST", "value": "rabbitmq"}, {"name": "AMQPUSER", "value": "surveyops"},
        {"name": "AMQP_PASSWORD_FILE", "value": f"{SECRETS}/amqp_password"},
        {"name": p + "ENVIRONMENT", "value": "production"},
        {"name": p + "JWT_PUBLIC_KEY_FILE", "value": f"{SECRETS}/jwt_public_key"},
        {"name": p + "VAR_DIR", "value": "/var/lib/surveyops"},
        {"name": p + "TRUSTED_PROXIES", "value": TRUSTED_PROXIES},
    ]
    key_items = [{"key": "jwt_public_key", "path": "jwt_public_key"}]
    env_from = []
    if ctx == "identity":
        env += [{"name": p + "JWT_PRIVATE_KEY_FILE", "value": f"{SECRETS}/jwt_private_key"},
                {"name": p + "EXTERNAL_ATTEMPTS_KEY_FILE", "value": "/var/lib/surveyops/keys/external-attempts.key"},
                {"name": p + "SMS_PROVIDER", "value": "twilio"}, {"name": p + "MAIL_PROVIDER", "value": "smtp"}]
        key_items.append({"key": "jwt_private_key", "path": "jwt_private_key"})
        env_from = [{"secretRef": {"name": "identity-config"}}]
    probe = {"httpGet": {"path": "/healthz", "port": port}, "periodSeconds": 10, "timeoutSeconds": 3}
    container = {
        "name": ctx, "image": f"surveyops/{ctx}:latest", "ports": [{"name": "http", "containerPort": port}],
        "env": env, "readinessProbe": probe, "livenessProbe": {**probe, "initialDelaySeconds": 30, "failureThreshold": 6},
        # requests are what the HorizontalPodAutoscaler's CPU utilisation is a share of
        "resources": {"requests": {"cpu": "250m", "memory": "256Mi"}, "limits": {"memory": "1Gi"}},
        "volumeMounts": [{"name": "secrets", "mountPath": SECRETS, "readOnly": True},
                         {"name": "var", "mountPath": "/var/lib/surveyops"}],
        "securityContext": {"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True, "runAsNonRoot": True},
    }
    if env_from:
        container["envFrom"] = env_from
    deployment = {
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": ctx, "labels": _labels(ctx)},
        "spec": {
            "replicas": HPA.get(ctx, {}).get("min", 1),
            "selector": {"matchLabels": {"app.kubernetes.io/name": ctx}},
            "template": {
                "metadata": {"labels": _labels(ctx)},
                "spec": {
                    "containers": [container],
                    "volumes": [
                        {"name": "secrets", "projected": {"sources": [
                            {"secret": {"name": "surveyops-keys", "items": key_items}},
                            {"secret": {"name": "surveyops-db", "items": [
                                {"key": "pg_password", "path": "pg_password"},
                                {"key": "amqp_password", "path": "amqp_password"}]}}]}},
                        {"name": "var", "emptyDir": {}},
                    ],
                },
            },
        },
    }
    service = {
        "apiVersion": "v1", "kind": "Service", "metadata": {"name": ctx, "labels": _labels(ctx)},
        "spec": {"selector": {"app.kubernetes.io/name": ctx}, "ports": [{"name": "http", "port": port, "targetPort": port}]},
    }
    return [deployment, service]


def web_manifests(port: int = 8080) -> list[dict]:
    return [
        {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "labels": _labels("web")},
         "spec": {"replicas": 1, "selector": {"matchLabels": {"app.kubernetes.io/name": "web"}},
                  "template": {"metadata": {"labels": _labels("web")}, "spec": {"containers": [{
                      "name": "web", "image": "surveyops/web:latest", "ports": [{"name": "http", "containerPort": port}],
                      "readinessProbe": {"httpGet": {"path": "/", "port": port}},
                      "resources": {"requests": {"cpu": "50m", "memory": "32Mi"}}}]}}}},
        {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web", "labels": _labels("web")},
         "spec": {"selector": {"app.kubernetes.io/name": "web"}, "ports": [{"name": "http", "port": port, "targetPort": port}]}},
    ]


def ingress_route(web_port: int = 8080) -> dict:
    """The route table as one IngressRoute: the same rules and priorities as the file-provider config."""
    services_cfg, routes = load()
    port = {name: int(cfg["port"]) for name, cfg in services_cfg.items()}
    out = [{"kind": "Rule", "match": rule_for(r), "priority": 1000 - i,
            "services": [{"name": r.service, "port": port[r.service]}]} for i, r in enumerate(routes)]
    first = next(iter(services_cfg))
    out.append({"kind": "Rule", "match": "Path(`/api`) || PathPrefix(`/api/`)", "priority": 2,  # UNKNOWN_API_ROUTER
                "services": [{"name": first, "port": port[first]}]})
    out.append({"kind": "Rule", "match": "PathPrefix(`/`)", "priority": 1, "services": [{"name": "web", "port": web_port}]})
    return {"apiVersion": "traefik.io/v1alpha1", "kind": "IngressRoute",
            "metadata": {"name": "surveyops", "labels": _labels("gateway"),
                         "annotations": {"surveyops/generated-from": "gateway/routes.yaml",
                                         "surveyops/unknown-api-router": UNKNOWN_API_ROUTER}},
            "spec": {"entryPoints": ["web"], "routes": out}}


def hpa(ctx: str) -> dict:
    h = HPA[ctx]
    return {"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler",
            "metadata": {"name": ctx, "labels": _labels(ctx)},
            "spec": {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": ctx},
                     "minReplicas": h["min"], "maxReplicas": h["max"],
                     "metrics": [{"type": "Resource", "resource": {"name": "cpu", "target": {
                         "type": "Utilization", "averageUtilization": h["cpu"]}}}]}}


def manifests() -> dict[str, list[dict]]:
    services_cfg, _ = load()
    files = {f"{ctx}.yaml": service_manifests(ctx, int(cfg["port"])) for ctx, cfg in services_cfg.items()}
    files["web.yaml"] = web_manifests()
    files["ingressroute.yaml"] = [ingress_route()]
    files.update({f"hpa-{ctx}.yaml": [hpa(ctx)] for ctx in HPA})
    return files


def render(docs: list[dict]) -> str:
    return "# generated by deploy/k8s/generate.py from gateway/routes.yaml; do not edit\n" + \
        "---\n".join(yaml.safe_dump(d, sort_keys=False) for d in docs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=ROOT / "deploy" / "k8s")
    a = ap.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    for name, docs in manifests().items():
        (a.out / name).write_text(render(docs))
        print(a.out / name)


if __name__ == "__main__":
    main()
