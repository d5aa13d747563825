#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks Kubernetes manifests offline, without a cluster.

usage: scripts/validate-k8s-manifest.py [--schema-only] FILE...

Three layers, each problem reported on stderr as `FILE:LINE:COLUMN: at PATH: message`:

1. The API schema, from the model classes of the official Python client (python3-kubernetes, generated from
   the Kubernetes OpenAPI specification): apiVersion and kind name a type of the API, every field is one of
   that type's fields (spelled exactly), every value has the field's type (recursively, through lists and
   maps), required fields are there. Where the client's type is looser than the API's, the API's is checked:
   quantities (`128Mi`, `100m`) and int-or-string fields (`maxUnavailable: 100%`).
2. API rules: what the API server's validation refuses although the schema allows it (names, labels, a
   DaemonSet's selector against its pod labels, volume mounts naming volumes, requests above limits, ...).
3. numasight's rules for every pod that runs `numasight-cli record` (skipped by --schema-only): exactly the
   privileges the recorder needs and no others (packaging/kubernetes/README.md says why each is there).

Exit 0 when every file passes (one `FILE: valid ...` line each on stdout), 1 when one does not, 2 on a bad
command line, 3 when python3-kubernetes or python3-yaml is missing.
"""

import difflib
import fractions
import os
import re
import sys

try:
    import yaml
    import kubernetes
    from kubernetes import client as k8s
except ImportError as missing:
    sys.stderr.write(f"validate-k8s-manifest: {missing}: install python3-kubernetes and python3-yaml "
                     "(apt-get install python3-kubernetes python3-yaml)\n")
    sys.exit(3)

STR, INT, FLOAT, BOOL, NULL, TIMESTAMP = (f"tag:yaml.org,2002:{t}" for t in
                                          ("str", "int", "float", "bool", "null", "timestamp"))

# The client types resource.Quantity as a plain string; the API also takes a number, and refuses a string
# that is not a quantity. These are the quantity fields of the types a manifest holds.
QUANTITY_FIELDS = {
    ("V1ResourceRequirements", "limits"), ("V1ResourceRequirements", "requests"),
    ("V1PodSpec", "overhead"), ("V1Overhead", "pod_fixed"), ("V1EmptyDirVolumeSource", "size_limit"),
    ("V1ResourceQuotaSpec", "hard"), ("V1LimitRangeItem", "default"), ("V1LimitRangeItem", "default_request"),
    ("V1LimitRangeItem", "max"), ("V1LimitRangeItem", "min"), ("V1LimitRangeItem", "max_limit_request_ratio"),
    ("V1PersistentVolumeSpec", "capacity"),
}
# The client types both intstr.IntOrString and free-form JSON as `object`. These are the free-form ones;
# every other `object` field is an int-or-string.
FREE_FORM_FIELDS = {
    ("V1ControllerRevision", "data"), ("V1CustomResourceSubresources", "status"),
    ("V1ManagedFieldsEntry", "fields_v1"), ("V1WatchEvent", "object"), ("V1alpha1StorageVersion", "spec"),
    ("V1JSONSchemaProps", "*"),
}
# The four capabilities of the recorder (packaging/systemd/numasight-recorder@.service says why each).
RECORDER_CAPABILITIES = {"BPF", "PERFMON", "SYS_PTRACE", "DAC_READ_SEARCH"}

# The tags each scalar type of the client takes, and how a message names it. YAML 1.1 reads an unquoted yes,
# no, on or off as a boolean, as Kubernetes does.
SCALARS = {
    "str": ((STR,), "a string"), "int": ((INT,), "an integer"), "float": ((INT, FLOAT), "a number"),
    "bool": ((BOOL,), "a boolean (true or false)"), "date": ((STR, TIMESTAMP), "a date"),
    "datetime": ((STR, TIMESTAMP), "a date and time"), "object": ((INT, STR), "an integer or a string"),
}
QUANTITY = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?")
DNS_LABEL = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?")
DNS_SUBDOMAIN = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*")
QUALIFIED_NAME = re.compile(r"[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?")
ENV_NAME = re.compile(r"[-._a-zA-Z][-._a-zA-Z0-9]*")
ENV_FIELD_PATHS = {"metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName",
                   "spec.serviceAccountName", "status.hostIP", "status.podIP", "status.podIPs"}


def client_k8s_version():
    # The client's major version follows the Kubernetes minor version it was generated from (since 17).
    major = int(kubernetes.__version__.split(".")[0])
    return f"1.{major}" if major >= 17 else "unknown"


def self_check():
    """The tables above name fields of this client version: a client that renamed a field must not make its
    check silently disappear. (A type the client no longer has cannot be in a manifest it accepts.)"""
    for cls_name, attr in QUANTITY_FIELDS | FREE_FORM_FIELDS:
        cls = getattr(k8s, cls_name, None)
        if cls is not None and attr != "*" and attr not in cls.openapi_types:
            sys.stderr.write(f"validate-k8s-manifest: {cls_name}.{attr} is not in python3-kubernetes "
                             f"{kubernetes.__version__}: update the tables at the top of {__file__}\n")
            sys.exit(3)


_REQUIRED = {}
_NO_CHECKS = k8s.Configuration()
_NO_CHECKS.client_side_validation = False
_CHECKS = k8s.Configuration()
_CHECKS.client_side_validation = True


def required_fields(cls):
    """The fields the client's setters refuse to leave unset (its copy of the OpenAPI `required` lists)."""
    if cls not in _REQUIRED:
        model = cls(local_vars_configuration=_NO_CHECKS)
        model.local_vars_configuration = _CHECKS
        required = []
        for attr in cls.openapi_types:
            try:
                setattr(model, attr, None)
            except ValueError:
                required.append(attr)
        _REQUIRED[cls] = required
    return _REQUIRED[cls]


def snake_case(kind):
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", kind)).lower()


def model_for(api_version, kind):
    """(model class name, namespaced) of apiVersion/kind, from the client's API classes: the body type
    of their create method is the exact model, and its name says whether the kind is namespaced."""
    group, _, version = api_version.rpartition("/")
    prefix = "".join(p.capitalize() for p in group.removesuffix(".k8s.io").split(".")) if group else "Core"
    api = getattr(k8s, f"{prefix}{version.capitalize()}Api", None)
    if api is None or not isinstance(kind, str):
        return None
    for namespaced, method in ((True, f"create_namespaced_{snake_case(kind)}"), (False, f"create_{snake_case(kind)}")):
        found = re.search(r":param (\w+) body:", getattr(getattr(api, method, None), "__doc__", "") or "")
        if found:
            return found.group(1), namespaced
    return None


def describe(node):
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if node.tag == NULL:
        return "null"
    names = {INT: "the integer", FLOAT: "the number", BOOL: "the boolean", TIMESTAMP: "the date"}
    return f"{names[node.tag]} {node.value}" if node.tag in names else f'the string "{node.value}"'


def join(path, *keys):
    """path.key, path[index], or path["key.with/dots"] for a map key that is not a plain word."""
    for key in keys:
        if isinstance(key, int):
            path = f"{path}[{key}]"
        elif not re.fullmatch(r"[A-Za-z0-9_-]+", key):
            path = f'{path}["{key}"]'
        else:
            path = f"{path}.{key}" if path else key
    return path


def child(node, key):
    if isinstance(node, yaml.MappingNode):
        for k, v in reversed(node.value):
            if isinstance(k, yaml.ScalarNode) and k.value == key:
                return None if v.tag == NULL else v
    return None


def items(node):
    return node.value if isinstance(node, yaml.SequenceNode) else []


def entries(node):
    return [(k.value, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)] \
        if isinstance(node, yaml.MappingNode) else []


_LOADER = yaml.SafeLoader("")


def value(node):
    return None if node is None else _LOADER.construct_object(node, deep=True)


def quantity_value(text):
    """A quantity as an exact fraction, or None."""
    text = str(text)
    m = QUANTITY.fullmatch(text)
    if not m:
        return None
    number = fractions.Fraction(m.group(1))
    suffix = m.group(3) or ""
    binary = {"Ki": 1, "Mi": 2, "Gi": 3, "Ti": 4, "Pi": 5, "Ei": 6}
    decimal = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
    if suffix in binary:
        return number * 1024 ** binary[suffix]
    if suffix in decimal:
        return number * fractions.Fraction(10) ** decimal[suffix]
    return number * fractions.Fraction(10) ** int(suffix[1:])


class Checker:
    def __init__(self, filename, policy):
        self.filename = filename
        self.policy = policy
        self.problems = []

    def report(self, node, path, message):
        mark = node.start_mark
        self.problems.append(f"{self.filename}:{mark.line + 1}:{mark.column + 1}: at {path or '(document)'}: {message}")

    # 1. The schema.

    def duplicates(self, node, path):
        if isinstance(node, yaml.MappingNode):
            seen = set()
            for k, v in node.value:
                key = k.value if isinstance(k, yaml.ScalarNode) else None
                if key in seen:
                    self.report(k, join(path, key), f'"{key}" is given twice: the API keeps only the last one')
                seen.add(key)
                self.duplicates(v, join(path, str(key)))
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                self.duplicates(item, join(path, i))

    def check_value(self, node, type_name, path, owner):
        if node.tag == NULL:
            return  # null is the field left out
        if m := re.fullmatch(r"list\[(.+)\]", type_name):
            if not isinstance(node, yaml.SequenceNode):
                return self.report(node, path, f"expected a list, got {describe(node)}")
            for i, item in enumerate(node.value):
                self.check_value(item, m.group(1), join(path, i), owner)
        elif m := re.fullmatch(r"dict\(str, (.+)\)", type_name):
            if not isinstance(node, yaml.MappingNode):
                return self.report(node, path, f"expected a mapping, got {describe(node)}")
            for k, v in node.value:
                if not isinstance(k, yaml.ScalarNode):
                    self.report(k, path, "a key must be a string")
                    continue
                self.check_value(v, m.group(1), join(path, k.value), owner)
        elif type_name in SCALARS:
            self.check_scalar(node, type_name, path, owner)
        else:
            self.check_model(node, type_name, path)

    def check_scalar(self, node, type_name, path, owner):
        if owner in FREE_FORM_FIELDS or (owner[0], "*") in FREE_FORM_FIELDS:
            return
        if owner in QUANTITY_FIELDS and type_name == "str":
            if node.tag not in (STR, INT, FLOAT) or quantity_value(node.value) is None:
                self.report(node, path, f"expected a quantity (such as 100m, 1, 128Mi or 1Gi), got {describe(node)}")
            return
        allowed, expected = SCALARS[type_name]
        if not isinstance(node, yaml.ScalarNode) or node.tag not in allowed:
            hint = ": quote it" if type_name == "str" and isinstance(node, yaml.ScalarNode) else ""
            self.report(node, path, f"expected {expected}, got {describe(node)}{hint}")

    def check_model(self, node, cls_name, path):
        cls = getattr(k8s, cls_name)
        if not isinstance(node, yaml.MappingNode):
            type_name = re.sub(r"^V\d+((alpha|beta)\d+)?", "", cls_name)
            return self.report(node, path, f"expected a mapping ({type_name}), got {describe(node)}")
        by_json = {json: attr for attr, json in cls.attribute_map.items()}
        present = set()
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode):
                self.report(k, path, "a key must be a string")
                continue
            attr = by_json.get(k.value)
            if attr is None:
                self.report(k, join(path, k.value), f'unknown field "{k.value}"{self.suggest(k.value, by_json)}')
                continue
            if v.tag != NULL:
                present.add(attr)
            self.check_value(v, cls.openapi_types[attr], join(path, k.value), (cls_name, attr))
        for attr in required_fields(cls):
            if attr not in present:
                self.report(node, path, f'missing required field "{cls.attribute_map[attr]}"')

    @staticmethod
    def suggest(key, fields):
        same_letters = [f for f in fields if f.lower() == key.lower()]
        close = same_letters or difflib.get_close_matches(key, list(fields), n=1, cutoff=0.75)
        return f' (did you mean "{close[0]}"?)' if close else f" (known: {', '.join(sorted(fields))})"

    # 2. API rules the schema cannot say.

    def check_name(self, meta, path, namespace_kind):
        name = child(meta, "name")
        if name is None:
            if child(meta, "generateName") is None:
                self.report(meta, path, 'missing "name": the API server needs a name to create the object')
            return
        pattern, limit, what = (DNS_LABEL, 63, "an RFC 1123 label") if namespace_kind else \
            (DNS_SUBDOMAIN, 253, "an RFC 1123 subdomain")
        text = str(value(name))
        if not pattern.fullmatch(text) or len(text) > limit:
            self.report(name, join(path, "name"), f'"{text}" is not {what} (lower-case letters, digits and "-", '
                                                  f"at most {limit} characters)")

    def check_labels(self, meta, path):
        for field, check_values in (("labels", True), ("annotations", False)):
            for key, v in entries(child(meta, field)):
                prefix, _, name = key.rpartition("/")
                if (prefix and (not DNS_SUBDOMAIN.fullmatch(prefix) or len(prefix) > 253)) \
                        or not QUALIFIED_NAME.fullmatch(name) or len(name) > 63:
                    self.report(v, join(path, field, key), f'"{key}" is not a valid {field[:-1]} key')
                text = value(v)
                if check_values and isinstance(text, str) and text and \
                        (not QUALIFIED_NAME.fullmatch(text) or len(text) > 63):
                    self.report(v, join(path, field, key), f'"{text}" is not a valid label value '
                                                           "(at most 63 letters, digits, '-', '_' or '.')")

    def check_selector(self, spec, template_meta, path):
        selector = child(spec, "selector")
        if selector is None:
            return  # the schema reported it
        labels = {k: value(v) for k, v in entries(child(template_meta, "labels"))}
        match_labels = {k: value(v) for k, v in entries(child(selector, "matchLabels"))}
        expressions = items(child(selector, "matchExpressions"))
        if not match_labels and not expressions:
            return self.report(selector, join(path, "selector"), "an empty selector selects every pod: the API "
                                                                 "server refuses it")
        matches = all(labels.get(k) == v for k, v in match_labels.items())
        for e in expressions:
            key, op, vals = value(child(e, "key")), value(child(e, "operator")), value(child(e, "values")) or []
            matches &= {"In": key in labels and labels[key] in vals, "NotIn": labels.get(key) not in vals,
                        "Exists": key in labels, "DoesNotExist": key not in labels}.get(op, False)
        if not matches:
            self.report(selector, join(path, "selector"), "the selector does not match the pod template's labels "
                                                          "(spec.template.metadata.labels): the API server refuses it")

    def check_pod_spec(self, spec, path, kind):
        if kind == "DaemonSet":
            policy = child(spec, "restartPolicy")
            if policy is not None and value(policy) != "Always":
                self.report(policy, join(path, "restartPolicy"), "a DaemonSet's pods must restart Always")
        volumes = {}
        for i, vol in enumerate(items(child(spec, "volumes"))):
            vpath = join(path, "volumes", i)
            name = value(child(vol, "name"))
            if name in volumes:
                self.report(vol, vpath, f'a second volume named "{name}"')
            volumes[name] = vol
            sources = [k for k, _ in entries(vol) if k != "name"]
            if len(sources) > 1:
                self.report(vol, vpath, f"a volume has one source, this one has {len(sources)}: {', '.join(sources)}")
            host = child(vol, "hostPath")
            host_type = value(child(host, "type"))
            if host_type not in (None, "", "DirectoryOrCreate", "Directory", "FileOrCreate", "File", "Socket",
                                 "CharDevice", "BlockDevice"):
                self.report(child(host, "type"), join(vpath, "hostPath", "type"),
                            f'"{host_type}" is not a hostPath type')
        seen = set()
        for field in ("initContainers", "containers"):
            if field == "containers" and not items(child(spec, field)):
                self.report(spec, path, "a pod needs at least one container")
            for i, c in enumerate(items(child(spec, field))):
                cpath = join(path, field, i)
                name = value(child(c, "name"))
                if name in seen:
                    self.report(c, cpath, f'a second container named "{name}"')
                seen.add(name)
                if name is not None and (not DNS_LABEL.fullmatch(str(name)) or len(str(name)) > 63):
                    self.report(child(c, "name"), join(cpath, "name"), f'"{name}" is not an RFC 1123 label')
                self.check_container(c, cpath, volumes)
        self.check_seccomp(child(spec, "securityContext"), join(path, "securityContext"))
        for i, t in enumerate(items(child(spec, "tolerations"))):
            tpath = join(path, "tolerations", i)
            op, effect = value(child(t, "operator")), value(child(t, "effect"))
            if op not in (None, "Exists", "Equal"):
                self.report(t, tpath, f'operator "{op}" is neither Exists nor Equal')
            if op == "Exists" and value(child(t, "value")):
                self.report(t, tpath, "a toleration with operator Exists has no value")
            if op != "Exists" and child(t, "key") is None:
                self.report(t, tpath, "a toleration without a key must have operator Exists")
            if effect not in (None, "", "NoSchedule", "PreferNoSchedule", "NoExecute"):
                self.report(t, tpath, f'"{effect}" is not a taint effect')

    def check_seccomp(self, context, path):
        profile = child(context, "seccompProfile")
        kind = value(child(profile, "type"))
        if kind not in (None, "RuntimeDefault", "Unconfined", "Localhost"):
            self.report(profile, join(path, "seccompProfile", "type"),
                        f'"{kind}" is not RuntimeDefault, Unconfined or Localhost')
        if (kind == "Localhost") != (child(profile, "localhostProfile") is not None):
            self.report(profile, join(path, "seccompProfile"),
                        "localhostProfile goes with type Localhost, and only with it")

    def check_container(self, c, path, volumes):
        pull = value(child(c, "imagePullPolicy"))
        if pull not in (None, "Always", "IfNotPresent", "Never"):
            self.report(child(c, "imagePullPolicy"), join(path, "imagePullPolicy"), f'"{pull}" is not a pull policy')
        mount_paths = set()
        for i, m in enumerate(items(child(c, "volumeMounts"))):
            mpath = join(path, "volumeMounts", i)
            name, where = value(child(m, "name")), value(child(m, "mountPath"))
            if name not in volumes:
                self.report(m, mpath, f'no volume named "{name}" in the pod (spec.volumes)')
            if where in mount_paths:
                self.report(m, mpath, f"{where} is mounted twice")
            mount_paths.add(where)
        for i, e in enumerate(items(child(c, "env"))):
            epath = join(path, "env", i)
            name = value(child(e, "name"))
            if isinstance(name, str) and not ENV_NAME.fullmatch(name):
                self.report(e, epath, f'"{name}" is not a valid environment variable name')
            field = value(child(child(child(e, "valueFrom"), "fieldRef"), "fieldPath"))
            if field is not None and field not in ENV_FIELD_PATHS and \
                    not re.fullmatch(r"metadata\.(labels|annotations)\['[^']+'\]", str(field)):
                self.report(e, epath, f'"{field}" is not a field the downward API gives to environment variables')
        resources = child(c, "resources")
        limits = {k: quantity_value(value(v)) for k, v in entries(child(resources, "limits"))}
        for k, v in entries(child(resources, "requests")):
            request = quantity_value(value(v))
            if request is not None and limits.get(k) is not None and request > limits[k]:
                self.report(v, join(path, "resources", "requests", k), f"the request is above the limit ({value(v)} > "
                                                                      f"{value(child(child(resources, 'limits'), k))})")
        self.check_seccomp(child(c, "securityContext"), join(path, "securityContext"))

    # 3. numasight's rules for the recorder's pods.

    @staticmethod
    def argv(c):
        return [str(value(a)) for field in ("command", "args") for a in items(child(c, field))]

    @staticmethod
    def runs_recorder(c):
        words = Checker.argv(c)
        return any(os.path.basename(w) == "numasight-cli" and words[i + 1:i + 2] == ["record"]
                   for i, w in enumerate(words))

    @staticmethod
    def output_of(c):
        words = Checker.argv(c)
        for i, w in enumerate(words):
            if w in ("-o", "--output") and i + 1 < len(words):
                return words[i + 1]
            if w.startswith(("-o=", "--output=")):
                return w.split("=", 1)[1]
        return None

    @staticmethod
    def containers(spec, path):
        """(path, container node) of every init container and container of a pod spec."""
        return [(join(path, field, i), c) for field in ("initContainers", "containers")
                for i, c in enumerate(items(child(spec, field)))]

    def want(self, parent, field, expected, path, why):
        node = child(parent, field)
        if value(node) != expected:
            got = "missing" if node is None else f"it is {describe(node)}"
            self.report(node or parent, join(path, field),
                        f"numasight: {field} must be {str(expected).lower()} ({got}): {why}")

    def recorder_policy(self, spec, path, kind):
        if not any(self.runs_recorder(c) for _, c in self.containers(spec, path)):
            return
        self.want(spec, "hostPID", True, path,
                  "the recorder reads every process's /proc/PID in the node's PID namespace")
        for field in ("hostNetwork", "hostIPC"):
            if value(child(spec, field)):
                self.report(child(spec, field), join(path, field), f"numasight: the recorder needs no {field}")
        self.want(spec, "automountServiceAccountToken", False, path, "nothing in the pod talks to the API server")
        pod_seccomp = value(child(child(child(spec, "securityContext"), "seccompProfile"), "type"))
        for cpath, c in self.containers(spec, path):
            name = value(child(c, "name"))
            is_recorder = self.runs_recorder(c)
            if is_recorder and kind == "DaemonSet" and ".containers[" in cpath:
                self.report(c, cpath, "numasight: in a DaemonSet the recorder is an init container: a container "
                                      "that ends is restarted, and a new recording replaces the capture")
            context = child(c, "securityContext")
            cxpath = join(cpath, "securityContext")
            if context is None:
                self.report(c, cpath, f'numasight: container "{name}" has no securityContext')
                continue
            self.want(context, "privileged", False, cxpath, "the recorder needs four capabilities, not all of them")
            self.want(context, "allowPrivilegeEscalation", False, cxpath, "nothing in the pod gains privileges")
            self.want(context, "readOnlyRootFilesystem", True, cxpath, "only the capture folder is written")
            if not is_recorder:
                self.want(context, "runAsNonRoot", True, cxpath, "only the recorder runs as root")
            seccomp = value(child(child(context, "seccompProfile"), "type")) or pod_seccomp
            if seccomp not in ("RuntimeDefault", "Localhost"):
                self.report(context, cxpath, f'numasight: container "{name}" runs with seccomp '
                                             f'{seccomp or "unset (Unconfined)"}: use RuntimeDefault')
            caps = child(context, "capabilities")
            drop = [str(value(d)) for d in items(child(caps, "drop"))]
            if drop != ["ALL"]:
                self.report(caps or context, join(cxpath, "capabilities", "drop"),
                            f'numasight: drop must be exactly ALL, not {", ".join(drop) or "none"}')
            add = [str(value(a)) for a in items(child(caps, "add"))]
            expected = sorted(RECORDER_CAPABILITIES) if is_recorder else []
            # Kubernetes takes the names with or without CAP_.
            if sorted(a.upper().removeprefix("CAP_") for a in add) != expected:
                why = (" (BPF and PERFMON: the eBPF programs; SYS_PTRACE: other users' numa_maps and fd links; "
                       "DAC_READ_SEARCH: listing their /proc/PID/fd)") if is_recorder else ""
                self.report(child(caps, "add") or caps or context, join(cxpath, "capabilities", "add"),
                            f'numasight: container "{name}" must add exactly {", ".join(expected) or "no capability"}, '
                            f'not {", ".join(add) or "none"}{why}')
            resources = child(c, "resources")
            for level in ("requests", "limits"):
                for resource in ("cpu", "memory"):
                    if child(child(resources, level), resource) is None:
                        self.report(resources or c, join(cpath, "resources", level),
                                    f'numasight: container "{name}" has no {resource} {level[:-1]}')
            self.mounts_policy(spec, c, cpath, is_recorder)
            if is_recorder:
                self.output_policy(c, cpath)

    def mounts_policy(self, spec, c, cpath, is_recorder):
        host_paths = {value(child(v, "name")): value(child(child(v, "hostPath"), "path"))
                      for v in items(child(spec, "volumes")) if child(v, "hostPath") is not None}
        output = self.output_of(c) if is_recorder else None
        capture_dir = os.path.dirname(output) if output else None
        for i, m in enumerate(items(child(c, "volumeMounts"))):
            mpath = join(cpath, "volumeMounts", i)
            name, where = value(child(m, "name")), value(child(m, "mountPath"))
            host = host_paths.get(name)
            if host is None:
                continue
            normal = os.path.normpath(host)
            if normal in ("/", "/proc", "/sys", "/dev"):
                why = {"/sys": "readOnly does not reach the file systems mounted below it (cgroup, tracefs, debugfs, "
                               "bpffs), and the container's own /sys already has the topology and BTF; bind "
                               "/sys/devices and /sys/class/net for the node's network interfaces"}.get(
                    normal, "the recorder does not need it")
                self.report(m, mpath, f"numasight: hostPath {host} is refused: {why}")
            if not value(child(m, "readOnly")) and where != capture_dir:
                self.report(m, mpath, f"numasight: hostPath {host} must be mounted readOnly: only the capture folder "
                                      f"({capture_dir or 'none in this container'}) is written")

    def output_policy(self, c, cpath):
        output = self.output_of(c)
        if output is None:
            return self.report(c, cpath, "numasight: the recorder has no -o FILE")
        mounts = {value(child(m, "mountPath")) for m in items(child(c, "volumeMounts"))}
        if os.path.dirname(output) not in mounts:
            self.report(c, cpath, f"numasight: {os.path.dirname(output)} (where -o {output} goes) is not a mounted "
                                  "volume: the root file system is read-only")
        if "$(NODE_NAME)" not in output:
            self.report(c, cpath, f"numasight: -o {output} does not name the node ($(NODE_NAME)): the captures of "
                                  "several nodes would overwrite each other once collected")
        node_name = [e for e in items(child(c, "env")) if value(child(e, "name")) == "NODE_NAME"]
        field = value(child(child(child(node_name[0], "valueFrom"), "fieldRef"), "fieldPath")) if node_name else None
        if field != "spec.nodeName":
            self.report(c, cpath, "numasight: NODE_NAME must come from the downward API (fieldRef spec.nodeName)")

    def daemonset_policy(self, spec, path):
        strategy = child(spec, "updateStrategy")
        if value(child(strategy, "type")) == "OnDelete":
            return
        unavailable = value(child(child(strategy, "rollingUpdate"), "maxUnavailable"))
        if unavailable != "100%":
            self.report(strategy or spec, join(path, "updateStrategy"),
                        f"numasight: maxUnavailable must be 100% (it is {unavailable or 'unset: 1'}): a new pod is "
                        "ready only when its recording has ended, so a lower value records the nodes one after another")

    # The whole file.

    def check_file(self):
        try:
            with open(self.filename, encoding="utf-8") as f:
                documents = [d for d in yaml.compose_all(f, Loader=yaml.SafeLoader) if d is not None]
        except OSError as e:
            self.problems.append(f"{self.filename}: {e.strerror}")
            return []
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            where = f"{mark.line + 1}:{mark.column + 1}: " if mark else ""
            self.problems.append(f"{self.filename}:{where}not valid YAML: {getattr(e, 'problem', e)}")
            return []
        kinds = []
        for doc in documents:
            before = len(self.problems)
            self.duplicates(doc, "")
            api_version, kind = value(child(doc, "apiVersion")), value(child(doc, "kind"))
            if not isinstance(doc, yaml.MappingNode) or api_version is None or kind is None:
                self.report(doc, "", "a Kubernetes object needs apiVersion and kind")
                continue
            found = model_for(str(api_version), kind)
            if found is None:
                self.report(child(doc, "kind"), "kind", f"{kind} {api_version} is not a type of the Kubernetes "
                                                        f"{client_k8s_version()} API (python3-kubernetes "
                                                        f"{kubernetes.__version__})")
                continue
            cls_name, namespaced = found
            kinds.append(f"{kind} {api_version}")
            self.check_model(doc, cls_name, "")
            # The other layers read the document as the schema describes it: they would only repeat its
            # problems in other words.
            if len(self.problems) == before:
                self.check_object(doc, kind, namespaced)
        return kinds

    def check_object(self, doc, kind, namespaced):
        meta = child(doc, "metadata")
        if meta is None:
            return self.report(doc, "metadata", "missing metadata: the API server needs a name")
        self.check_name(meta, "metadata", kind == "Namespace")
        self.check_labels(meta, "metadata")
        if self.policy and namespaced and child(meta, "namespace") is None:
            self.report(meta, "metadata", "numasight: name the namespace, or the object lands in whatever "
                                          "namespace kubectl's context points at")
        spec = child(doc, "spec")
        if kind == "Pod":
            pod_spec, pod_path = spec, "spec"
        else:
            template = child(child(child(spec, "jobTemplate"), "spec"), "template") if kind == "CronJob" \
                else child(spec, "template")
            pod_spec, pod_path = child(template, "spec"), "spec.template.spec"
            if kind in ("DaemonSet", "Deployment", "StatefulSet", "ReplicaSet"):
                self.check_labels(child(template, "metadata"), "spec.template.metadata")
                self.check_selector(spec, child(template, "metadata"), "spec")
        if pod_spec is None:
            return
        self.check_pod_spec(pod_spec, pod_path, kind)
        if self.policy:
            self.recorder_policy(pod_spec, pod_path, kind)
            if kind == "DaemonSet" and any(self.runs_recorder(c) for _, c in self.containers(pod_spec, pod_path)):
                self.daemonset_policy(spec, "spec")


def main(argv):
    policy = True
    files = []
    for arg in argv:
        if arg == "--schema-only":
            policy = False
        elif arg.startswith("-") and arg != "-":
            files = []
            break
        else:
            files.append(arg)
    if not files:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    self_check()
    failed = False
    for filename in files:
        checker = Checker(filename, policy)
        kinds = checker.check_file()
        for problem in checker.problems:
            sys.stderr.write(problem + "\n")
        if checker.problems:
            failed = True
        elif not kinds:
            sys.stderr.write(f"{filename}: no Kubernetes object in it\n")
            failed = True
        else:
            print(f"{filename}: valid ({', '.join(kinds)}) against the Kubernetes {client_k8s_version()} API of "
                  f"python3-kubernetes {kubernetes.__version__}" + ("" if policy else ", schema and API rules only"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
