#!/usr/bin/env python3
"""schema_check.py — a small JSON Schema validator for the subset that
estimator/report.schema.json uses (no PyPI here): type (one or a list),
const, enum, required, properties, additionalProperties (false), items,
minimum, maximum, pattern, and $ref to "#/$defs/NAME". Errors name the JSON
path of the offending value.

    schema_check.py SCHEMA.json DOC.json     exit 0 when valid, 1 with the errors
"""
import json
import re
import sys

SUPPORTED = {"$schema", "$id", "title", "description", "type", "const", "enum", "required", "properties",
             "additionalProperties", "items", "minimum", "maximum", "pattern", "$ref", "$defs"}


def _is_type(v, t):
    if t == "object":
        return isinstance(v, dict)
    if t == "array":
        return isinstance(v, list)
    if t == "string":
        return isinstance(v, str)
    if t == "boolean":
        return isinstance(v, bool)
    if t == "null":
        return v is None
    if t == "integer":
        return isinstance(v, int) and not isinstance(v, bool) or isinstance(v, float) and v.is_integer()
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    raise ValueError(f"unsupported type {t}")


def validate(schema, doc):
    """Returns a list of "path: problem" strings (empty when DOC is valid)."""
    root = schema
    errors = []

    def check(s, v, path):
        unknown = set(s) - SUPPORTED
        if unknown:
            raise ValueError(f"schema uses unsupported keywords {sorted(unknown)} at {path}")
        if "$ref" in s:
            ref = s["$ref"]
            if not ref.startswith("#/$defs/"):
                raise ValueError(f"unsupported $ref {ref}")
            check(root["$defs"][ref[len("#/$defs/"):]], v, path)
        if "type" in s:
            types = s["type"] if isinstance(s["type"], list) else [s["type"]]
            if not any(_is_type(v, t) for t in types):
                errors.append(f"{path}: expected {' or '.join(types)}, got {type(v).__name__} {v!r:.40}")
                return
        if "const" in s and v != s["const"]:
            errors.append(f"{path}: expected {s['const']!r}, got {v!r:.40}")
        if "enum" in s and v not in s["enum"]:
            errors.append(f"{path}: {v!r:.40} is not one of {s['enum']}")
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            if "minimum" in s and v < s["minimum"]:
                errors.append(f"{path}: {v} is below the minimum {s['minimum']}")
            if "maximum" in s and v > s["maximum"]:
                errors.append(f"{path}: {v} is above the maximum {s['maximum']}")
        if isinstance(v, str) and "pattern" in s and not re.search(s["pattern"], v):
            errors.append(f"{path}: {v!r:.60} does not match /{s['pattern']}/")
        if isinstance(v, dict):
            for k in s.get("required", []):
                if k not in v:
                    errors.append(f"{path}: missing key '{k}'")
            props = s.get("properties", {})
            for k, item in v.items():
                if k in props:
                    check(props[k], item, f"{path}.{k}")
                elif s.get("additionalProperties") is False:
                    errors.append(f"{path}: unexpected key '{k}'")
        if isinstance(v, list) and "items" in s:
            for i, item in enumerate(v):
                check(s["items"], item, f"{path}[{i}]")

    check(schema, doc, "$")
    return errors


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    with open(sys.argv[2]) as f:
        doc = json.load(f)
    errors = validate(schema, doc)
    for e in errors:
        print(f"{sys.argv[2]}: {e}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
