#!/usr/bin/env python3
"""The baseline: what `dodo explain-status --json -` does, with urllib.parse and json.

Reads return URLs from standard input and writes one JSON line each: the result (status
mapping, typed fields, license keys, raw), the raw status, meaning and next step.
"""
import json
import sys
from urllib.parse import urlsplit, unquote

MEANING = {"succeeded": "paid", "active": "active", "failed": "declined", "expired": "expired"}


def status_of(value):
    if value is None:
        return "pending"
    v = value.lower()
    if v in ("succeeded", "active"):
        return "succeeded"
    if v in ("failed", "expired"):
        return v
    return "pending"


def main():
    write = sys.stdout.write
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        parts = urlsplit(line)
        raw = {}
        keys = []
        for piece in parts.query.split("&"):
            if not piece:
                continue
            name, _, value = piece.partition("=")
            name, value = unquote(name), unquote(value)
            raw[name] = value
            if name == "license_key" and value:
                keys.append(value)
        raw_status = raw.get("status")
        result = {
            "status": status_of(raw_status),
            "paymentId": raw.get("payment_id") or None,
            "subscriptionId": raw.get("subscription_id") or None,
            "licenseKeys": keys or None,
            "customerEmail": raw.get("email") or None,
            "raw": raw,
        }
        meaning = MEANING.get((raw_status or "").lower(), "unknown")
        write(json.dumps({"input": line, "result": result, "rawStatus": raw_status, "meaning": meaning, "nextStep": meaning},
                         separators=(",", ":"), ensure_ascii=False) + "\n")


main()
