"""Checks of the Kubernetes manifests that no generic tool makes: run by .ci/kubernetes.

Usage: kubernetes_check.py --kubernetes-version 1.30.0 [--kubernetes-version ...] FILE...

1. Schemas. Every document of every file that is not a kustomization is validated, strictly
   (unknown fields refused), against the Kubernetes OpenAPI schemas that kubernetes-validate
   ships, for each version given. Unlike the kubernetes-validate command, which only warns, an
   apiVersion/kind without a schema (a typo, a removed API) is an error, and so is a file with no
   object in it.
2. Kustomizations. Every entry of `resources` exists (a file, or a folder with its own
   kustomization); kustomize itself cannot be installed here (no registry ships it), so the build
   that `kubectl apply -k` makes is not run.
3. The rules of the service's deployment (issue: deploy/kubernetes), for long-running workloads
   (Deployment, StatefulSet, DaemonSet) whose container runs the sonar image:
   - readiness and liveness probes, both an HTTP GET of /healthz;
   - terminationGracePeriodSeconds longer than the preStop sleep plus SONAR_SHUTDOWN_GRACE (30 s
     when unset, the service's default), so the service's own graceful stop always ends before
     the kubelet's SIGKILL;
   - with SONAR_WORKERS unset, a CPU limit of whole cores: the service counts its cores as the
     cgroup quota rounded down, so 1500m would run one worker and leave half a core unused.
   And for every pod template (Jobs too): CPU and memory requests and limits on every container,
   and SONAR_API_KEY, where set, read from a Secret, never written in a manifest.
   The generic hardening (non-root, read-only root file system, no privilege escalation,
   capabilities dropped, seccomp, service-account token) is checkov's part: see .ci/kubernetes.
"""

import argparse
import os
import sys

import kubernetes_validate
import yaml

KUSTOMIZATIONS = {"kustomization.yaml", "kustomization.yml", "Kustomization"}
LONG_RUNNING = {"Deployment", "StatefulSet", "DaemonSet"}
DEFAULT_SHUTDOWN_GRACE = 30  # src/http/serve.rs, DEFAULT_SHUTDOWN_GRACE


def pod_spec(doc):
    """The pod spec inside a workload, or None for objects without pods."""
    kind, spec = doc.get("kind"), doc.get("spec") or {}
    if kind == "Pod":
        return spec
    if kind == "CronJob":
        return ((spec.get("jobTemplate") or {}).get("spec") or {}).get("template", {}).get("spec")
    if kind in LONG_RUNNING | {"Job", "ReplicaSet"}:
        return (spec.get("template") or {}).get("spec")
    return None


def env_of(container):
    return {e.get("name"): e for e in container.get("env") or []}


def cpu_cores(quantity):
    """A CPU quantity ("2", 2, "1500m", "0.5") in cores, or None if it is written otherwise."""
    text = str(quantity)
    try:
        return float(text[:-1]) / 1000 if text.endswith("m") else float(text)
    except ValueError:
        return None


def runs_sonar(image):
    """Whether an image reference names the sonar image (any registry, tag or digest)."""
    name = str(image).split("@")[0]
    last = name.rsplit("/", 1)[-1]
    return last.split(":")[0] == "sonar"


def check_pod(where, doc, spec, errors):
    long_running = doc["kind"] in LONG_RUNNING
    for c in spec.get("containers") or []:
        at = f"{where}: container {c.get('name')}"
        resources = c.get("resources") or {}
        for part in ("requests", "limits"):
            for name in ("cpu", "memory"):
                if name not in (resources.get(part) or {}):
                    errors.append(f"{at}: no {name} in resources.{part}")
        env = env_of(c)
        key = env.get("SONAR_API_KEY")
        if key is not None and "secretKeyRef" not in (key.get("valueFrom") or {}):
            errors.append(f"{at}: SONAR_API_KEY must come from a Secret (valueFrom.secretKeyRef)")
        if not long_running or not runs_sonar(c.get("image", "")):
            continue
        for probe in ("readinessProbe", "livenessProbe"):
            get = (c.get(probe) or {}).get("httpGet") or {}
            if get.get("path") != "/healthz":
                errors.append(f"{at}: {probe} must be an httpGet of /healthz")
        grace_env = env.get("SONAR_SHUTDOWN_GRACE", {"value": DEFAULT_SHUTDOWN_GRACE}).get("value")
        if grace_env is None:
            errors.append(f"{at}: SONAR_SHUTDOWN_GRACE must be a literal value (to check the grace)")
            continue
        pre_stop = (((c.get("lifecycle") or {}).get("preStop") or {}).get("sleep") or {}).get("seconds", 0)
        needed = int(grace_env) + int(pre_stop)
        termination = spec.get("terminationGracePeriodSeconds", 30)
        if termination <= needed:
            errors.append(
                f"{at}: terminationGracePeriodSeconds {termination} must exceed the preStop sleep "
                f"({pre_stop} s) plus SONAR_SHUTDOWN_GRACE ({grace_env} s)"
            )
        limit = (resources.get("limits") or {}).get("cpu")
        cores = None if limit is None else cpu_cores(limit)
        if limit is not None and cores is None:
            errors.append(f"{at}: CPU limit {limit}: not a quantity this check reads (cores or millicores)")
        elif "SONAR_WORKERS" not in env and cores is not None and not cores.is_integer():
            errors.append(
                f"{at}: CPU limit {limit} is not a whole number of cores: the service rounds the "
                "quota down (set a whole number, or SONAR_WORKERS)"
            )


def check_kustomization(path, doc, errors):
    base = os.path.dirname(path)
    for entry in doc.get("resources") or []:
        target = os.path.join(base, entry)
        if os.path.isfile(target):
            continue
        if os.path.isdir(target) and any(os.path.isfile(os.path.join(target, k)) for k in KUSTOMIZATIONS):
            continue
        errors.append(f"{path}: resource {entry} does not exist")


def check_object(where, doc, versions, errors):
    if not isinstance(doc, dict) or not doc.get("apiVersion") or not doc.get("kind"):
        errors.append(f"{where}: not a Kubernetes object (apiVersion and kind)")
        return
    for version in versions:
        try:
            kubernetes_validate.validate(doc, version, strict=True)
        except kubernetes_validate.ValidationError as e:
            path = ".".join(str(p) for p in e.path)
            errors.append(f"{where}: invalid for Kubernetes {version}: {path}: {e.message}")
        except kubernetes_validate.SchemaNotFoundError as e:
            errors.append(f"{where}: {e.message}")
    spec = pod_spec(doc)
    if spec is not None:
        check_pod(where, doc, spec, errors)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kubernetes-version", action="append", required=True)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    errors, objects = [], 0
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            try:
                docs = [d for d in yaml.safe_load_all(f) if d is not None]
            except yaml.YAMLError as e:
                errors.append(f"{path}: not YAML: {e}")
                continue
        if os.path.basename(path) in KUSTOMIZATIONS:
            for doc in docs:
                check_kustomization(path, doc, errors)
            continue
        if not docs:
            errors.append(f"{path}: no object in the file")
        for i, doc in enumerate(docs):
            name = (doc.get("metadata") or {}).get("name") if isinstance(doc, dict) else None
            kind = doc.get("kind") if isinstance(doc, dict) else None
            check_object(f"{path} [{i}] {kind}/{name}", doc, args.kubernetes_version, errors)
            objects += 1
    for error in errors:
        print(f"ERROR {error}")
    versions = ", ".join(args.kubernetes_version)
    counted = f"{len(errors)} error" + ("" if len(errors) == 1 else "s")
    print(f"{objects} objects in {len(args.files)} files against Kubernetes {versions}: {counted}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
