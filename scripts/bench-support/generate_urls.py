#!/usr/bin/env python3
"""Writes N return URLs, one per line, of the shapes real checkouts come back with.

    generate_urls.py N           # the first corpus: plain emails, few repeats
    generate_urls.py --hard N    # the harder one scripts/bench times (issue 31)

The harder corpus is what support staff are handed: every email percent-encoded with a plus
address (`jane.doe%2Bshop42%40example.com`, so each decodes two escapes), a subscription_id in
a third of the lines, two to four repeated license_key parameters in two lines of five, an
unrelated parameter or two, and the parameters in no fixed order (status is not always first).
"""
import random
import sys

args = sys.argv[1:]
hard = "--hard" in args
args = [a for a in args if a != "--hard"]
count = int(args[0]) if args else 1_000_000
rng = random.Random(20261129)
statuses = ["succeeded"] * 6 + ["active"] * 2 + ["failed", "expired", "processing", "requires_customer_action", "requires_payment_method", "SUCCEEDED", ""]
bases = ["myapp://checkout/return", "https://myapp.com/checkout/return/", "http://127.0.0.1:53682/return"]
names = ["jane.doe", "j", "customer", "max.mustermann", "li.wei", "a.very.long.customer.name"]
domains = ["example.com", "mail.example.co.uk", "example.org"]
extras = ["utm_source=newsletter", "lang=en", "ref=pricing%2Fpage", "plan=pro"]


def easy():
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
    return params


def harder():
    params = []
    status = rng.choice(statuses)
    if rng.random() < 0.97:
        params.append("status=" + status)
    params.append("payment_id=pay_%010d" % rng.randrange(10**10))
    if rng.random() < 1 / 3:
        params.append("subscription_id=sub_%08d" % rng.randrange(10**8))
    if rng.random() < 0.8:
        params.append("email=%s%%2B%s%d%%40%s" % (rng.choice(names), rng.choice(["shop", "tag", "x"]), rng.randrange(10**4), rng.choice(domains)))
    if rng.random() < 0.4:
        for _ in range(rng.randrange(2, 5)):
            params.append("license_key=LK-%04X-%04X-%04X" % (rng.randrange(16**4), rng.randrange(16**4), rng.randrange(16**4)))
    for _ in range(rng.randrange(0, 3)):
        params.append(rng.choice(extras))
    rng.shuffle(params)
    return params


make = harder if hard else easy
out = sys.stdout
lines = []
for i in range(count):
    params = make()
    lines.append(rng.choice(bases) + "?" + "&".join(params))
    if len(lines) == 10000:
        out.write("\n".join(lines) + "\n")
        lines = []
if lines:
    out.write("\n".join(lines) + "\n")
