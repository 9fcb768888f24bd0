#!/usr/bin/env python3
"""Writes N return URLs, one per line, of the shapes real checkouts come back with."""
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
rng = random.Random(20261129)
statuses = ["succeeded"] * 6 + ["active"] * 2 + ["failed", "expired", "processing", "requires_customer_action", "requires_payment_method", "SUCCEEDED", ""]
bases = ["myapp://checkout/return", "https://myapp.com/checkout/return/", "http://127.0.0.1:53682/return"]
out = sys.stdout
lines = []
for i in range(count):
    params = []
    status = rng.choice(statuses)
    if rng.random() < 0.97:
        params.append("status=" + status)
    params.append("payment_id=pay_%010d" % rng.randrange(10**10))
    if status == "active":
        params.append("subscription_id=sub_%08d" % rng.randrange(10**8))
    if rng.random() < 0.5:
        params.append("email=customer%d%%40example.com" % rng.randrange(10**6))
    if rng.random() < 0.2:
        params.append("license_key=LK-%06d" % rng.randrange(10**6))
        params.append("license_key=LK-%06d" % rng.randrange(10**6))
    lines.append(rng.choice(bases) + "?" + "&".join(params))
    if len(lines) == 10000:
        out.write("\n".join(lines) + "\n")
        lines = []
if lines:
    out.write("\n".join(lines) + "\n")
