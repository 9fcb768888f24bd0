#!/usr/bin/env python3
"""The baseline: what `dodo explain-status --json -` does, with urllib.parse and json.

Reads return URLs from standard input and writes one JSON line each, the same lines dodo
writes for them (scripts/bench checks that): the result (status mapping, typed fields,
license keys, raw in first-appearance order with the last value), the raw status, and what
it means and what to do next.
"""
import json
import sys
from urllib.parse import urlsplit, unquote

RECONCILE = ("Do not tell the customer the payment failed. Look up the checkout session or payment on the backend "
             "(Get Checkout Session or Get Payment Detail), or wait for the payment.succeeded or payment.failed "
             "webhook, and treat it as pending until then.")
EXPLANATIONS = {
    "succeeded": ("The customer completed a one-time payment.",
                  "Confirm it on the backend (the payment.succeeded webhook or Get Payment Detail with the payment ID) "
                  "before granting access: the return URL alone is not proof of payment."),
    "active": ("The customer's subscription is active.",
               "Confirm it on the backend (the subscription.active webhook or Get Subscription with the subscription "
               "ID) before granting access: the return URL alone is not proof of payment."),
    "cancelled": ("Dodo Payments reports this payment as cancelled: it was stopped before it completed. The SDK does "
                  "not read cancelled as an outcome, so it reads as pending.",
                  "Check the payment on the backend (the payment.cancelled webhook or Get Payment Detail with the "
                  "payment ID). If it was cancelled, nothing was charged and the customer can start a new checkout; "
                  "do not tell them the payment failed."),
    "failed": ("The payment was declined; this attempt charged nothing.",
               "The customer can try again, with another payment method if the card was refused. Confirm with the "
               "payment.failed webhook if in doubt."),
    "expired": ("The checkout session expired before the customer paid.",
                "Nothing was charged on this session. Create a new checkout session for the customer to try again."),
    "processing": ("The payment is still processing and settles later.", RECONCILE),
    "requires_customer_action": ("The payment is waiting for the customer to complete a step, such as a 3-D Secure "
                                 "check; it has not completed.", RECONCILE),
    "requires_payment_method": ("The payment is waiting for a usable payment method; it has not completed.", RECONCILE),
}
REQUIRES = ("The payment is waiting for a further step before it can complete; it has not completed yet.", RECONCILE)
MISSING = ("The return URL carries no status, so the outcome is unknown; it reads as pending.", RECONCILE)
EMPTY = ("The return URL's status is empty, so the outcome is unknown; it reads as pending.", RECONCILE)
UNRECOGNIZED = ("The status is not one Dodo Payments sends, so the outcome is unknown; it reads as pending.", RECONCILE)
STATUS = {"succeeded": "succeeded", "active": "succeeded", "failed": "failed", "expired": "expired"}


UNNAMED = ("The return URL says the payment succeeded, but names no payment or subscription.",
           "Do not grant access on this URL alone: find the payment on the backend (the payment.succeeded or "
           "subscription.active webhook, or Get Checkout Session for the customer's session) and confirm it there.")


def explanation(raw_status, payment_id, subscription_id):
    if raw_status is None:
        return MISSING
    if raw_status == "":
        return EMPTY
    lowered = raw_status.lower()
    if lowered == "succeeded" and subscription_id is not None:
        return EXPLANATIONS["active"]
    if lowered == "succeeded" and payment_id is None:
        return UNNAMED
    if lowered in EXPLANATIONS:
        return EXPLANATIONS[lowered]
    return REQUIRES if lowered.startswith("requires_") else UNRECOGNIZED


def main():
    write = sys.stdout.write
    for line in sys.stdin:
        line = line.strip(" \t\r\n")
        if not line:
            continue
        raw = {}
        keys = []
        for piece in urlsplit(line).query.split("&"):
            if not piece:
                continue
            name, _, value = piece.partition("=")
            name, value = unquote(name), unquote(value)
            raw[name] = value
            if name == "license_key" and value:
                keys.append(value)
        raw_status = raw.get("status")
        meaning, next_step = explanation(raw_status, raw.get("payment_id") or None,
                                         raw.get("subscription_id") or None)
        result = {
            "status": STATUS.get((raw_status or "").lower(), "pending"),
            "paymentId": raw.get("payment_id") or None,
            "subscriptionId": raw.get("subscription_id") or None,
            "licenseKeys": keys or None,
            "customerEmail": raw.get("email") or None,
            "raw": raw,
        }
        write(json.dumps({"input": line, "result": result, "rawStatus": raw_status, "meaning": meaning,
                          "nextStep": next_step}, separators=(",", ":"), ensure_ascii=False) + "\n")


main()
