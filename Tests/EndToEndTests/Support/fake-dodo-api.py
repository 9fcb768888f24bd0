#!/usr/bin/env python3
"""A fake of Dodo Payments' API for dodo's tests, faithful to ../reference/dodo-api.md.

    fake-dodo-api.py --state STATE.json --log REQUESTS.jsonl (--cert CERT.pem --key KEY.pem | --plain-http)
                     [--api-key KEY] [--exit-with-stdin]

Serves HTTPS (or, with --plain-http, HTTP) on 127.0.0.1 on a free port and prints that port,
alone on a line, on standard output once it accepts connections. Runs until SIGTERM/SIGINT.

Routes (each needs `Authorization: Bearer KEY`, else 401), answered with the JSON of the
official Python SDK's models (`dodopayments`, pinned in .ci/run), filled from the state over
realistic defaults:
  POST /checkouts            -> CheckoutSessionResponse {"session_id": "cks_...", "checkout_url": "https://test.checkout.dodopayments.com/session/cks_...", ...}
  GET  /checkouts/{id}       -> CheckoutSessionStatus {id, created_at, customer_email, customer_name, payment_id, payment_status}
  GET  /payments/{id}        -> Payment
  GET  /subscriptions/{id}   -> Subscription
An unknown ID is 404 {"code": "NOT_FOUND", "message": "..."}.

Every request body is checked against the SDK's params type of its route (REQUEST_TYPES:
CheckoutSessionCreateParams for POST /checkouts), strictly and with no unknown keys: one that
does not validate is answered 422 {"code": "INVALID_REQUEST_BODY"}, written to standard error
and logged with "schema_problems". Seeded state that makes no valid model is answered 500
{"code": "FAKE_STATE_INVALID"}, the same way. New routes use validate_request(method, path,
body) and answer(ModelClass, fields).

STATE.json (every key optional; the file is read again whenever it changes):
  {
    "api_key": "sk_test_...",                      # the key to require (--api-key overrides)
    "checkouts": {"cks_1": {"payment_id": "pay_1", "payment_status": "succeeded"}},
    "payments": {"pay_1": {"status": "failed", "error_code": "insufficient_funds"}},
    "subscriptions": {"sub_1": {"status": "active"}},
    "next_session": {"session_id": "cks_new", "payment_id": null, "payment_status": null},
                                                   # what the next POST /checkouts creates
    "polls": {"cks_poll": [{"payment_id": null, "payment_status": null},
                           {"payment_id": "pay_a", "payment_status": "failed"},
                           {"payment_id": "pay_b", "payment_status": "succeeded"}]},
                                                   # a session whose answer moves one step per
                                                   # GET (the last one stays); its payments as last shown
    "faults": [                                    # checked in order before routing; the first that matches applies
      {"method": "GET", "path": "/payments/pay_1", "status": 429, "retry_after": "1", "times": 1},
      {"path": "*", "status": 401},                # "*" any path; "/payments/*" a prefix
      {"path": "/checkouts", "hang": true},        # never answers (until the client goes away)
      {"path": "/checkouts/cks_1", "status": 500, "body": {"message": "boom"}},
      {"path": "/payments/big", "status": 200, "body_size": 9000000},   # that many bytes of "x"
      {"path": "/payments/moved", "status": 302, "headers": {"Location": "https://example.com/"}}
    ]
  }
A fault's "times" (default: always) counts down per run of the server.
A fault {"path": "/licenses/*", "drop": true} closes the connection without an answer (no
answer at all, as an unreachable server gives: the license grace tests).

Licenses (the section "Licenses" below; public endpoints: no Authorization needed, and a
request that carries one is answered all the same, its header logged for the tests to see):
  POST /licenses/activate   {license_key, name}                     -> 201 LicenseActivateResponse
  POST /licenses/validate   {license_key, license_key_instance_id?} -> 200 {"valid": bool}
  POST /licenses/deactivate {license_key, license_key_instance_id}  -> 200, no body
Bodies are checked against the official SDK's params types (422 when they do not fit); an
unknown key is 404, a key whose "status" is not "active" is 403 (activate, deactivate) or
{"valid": false}; activate past "activations_limit" (default 1) is 422; deactivating an
instance that is not the key's is 403. STATE.json:
  "licenses": {"KEY": {"status": "active", "activations_limit": 2, "product_id": "pdt_1",
                       "product_name": "App", "customer_email": "a@example.com",
                       "valid": false}}        # "valid": false makes every validation fail

REQUESTS.jsonl gets one JSON object per request, as it arrives:
  {"method": "GET", "path": "/payments/pay_1", "headers": {"authorization": "Bearer ...", ...},
   "body": "...", "status": 200}   (status null for a hung request; "schema_problems": [...]
                                    when the request or the seeded answer did not validate)
"""

import argparse
import json
import os
import secrets
import signal
import socket
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# No __pycache__ beside the test sources (the package's targets would see it).
sys.dont_write_bytecode = True

from dodopayments.types import CheckoutSessionResponse, CheckoutSessionStatus, Payment, Subscription
from dodopayments.types.checkout_session_create_params import CheckoutSessionCreateParams

from dodo_schemas import InvalidRequest, SchemaError, answer, validated_body

LOCK = threading.Lock()


class State:
    def __init__(self, path, api_key):
        self.path = path
        self.api_key_override = api_key
        self.stamp = None
        self.data = {}
        self.created = {}
        self.used = {}
        self.license_instances = {}  # license key -> {instance id: name}, for this run
        self.polled = {}

    def current(self):
        try:
            info = os.stat(self.path)
            stamp = (info.st_mtime_ns, info.st_size)
        except FileNotFoundError:
            stamp = None
        if stamp != self.stamp:
            self.stamp = stamp
            if stamp is None:
                self.data = {}
            else:
                with open(self.path, encoding="utf-8") as f:
                    self.data = json.load(f)
            self.used = {}
            self.polled = {}
        return self.data

    def api_key(self):
        return self.api_key_override or self.current().get("api_key") or "sk_test_fake"

    def fault(self, method, path):
        for index, fault in enumerate(self.current().get("faults", [])):
            if fault.get("method") not in (None, method):
                continue
            pattern = fault.get("path", "*")
            if pattern == "*":
                matched = True
            elif pattern.endswith("*"):
                matched = path.startswith(pattern[:-1])
            else:
                matched = path == pattern
            if not matched:
                continue
            times = fault.get("times")
            if times is not None:
                if self.used.get(index, 0) >= times:
                    continue
                self.used[index] = self.used.get(index, 0) + 1
            return fault
        return None


def now():
    return time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())


CUSTOMER = {
    "customer_id": "cus_fake", "email": "customer@example.com", "name": "A Customer",
    "phone_number": None, "metadata": {},
}
BILLING = {"country": "US", "state": "CA", "city": "San Francisco", "street": "1 Market St", "zipcode": "94103"}


# Dodo's schemas, from its official Python SDK (dodopayments, pinned in .ci/run): every request
# body dodo sends must validate under the params type of its route, and every answer is an SDK
# model filled from the seeded state. A route that takes a body adds its params type here.
REQUEST_TYPES = {
    ("POST", "/checkouts"): CheckoutSessionCreateParams,
}


def validate_request(method, path, body):
    """The JSON body of any request, validated strictly under the SDK's params type of its
    route in REQUEST_TYPES (other routes' bodies are only parsed as JSON); raises
    InvalidRequest naming each problem."""
    return validated_body(REQUEST_TYPES.get((method, path)), body)


def checkout(session_id, seeded):
    fields = {"created_at": now(), "customer_email": None, "customer_name": None, "payment_id": None, "payment_status": None}
    return answer(CheckoutSessionStatus, {**fields, **seeded, "id": session_id})


def payment(payment_id, seeded):
    fields = {
        "business_id": "bus_fake", "brand_id": "bus_fake", "status": "succeeded",
        "total_amount": 1999, "currency": "USD", "settlement_amount": 1999, "settlement_currency": "USD",
        "tax": 0, "checkout_session_id": None, "subscription_id": None, "subscription_ids": [],
        "is_multi_subscription": False, "service_periods": [], "customer": CUSTOMER, "billing": BILLING,
        "digital_products_delivered": False, "error_code": None, "error_message": None,
        "payment_provider": "dodo", "payment_method": "card", "card_last_four": "4242", "card_network": "visa",
        "retry_attempt": 0, "includes_usage": False, "is_update_payment_method": False,
        "disputes": [], "refunds": [], "metadata": {}, "created_at": now(), "updated_at": None,
    }
    return answer(Payment, {**fields, **seeded, "payment_id": payment_id})


def subscription(subscription_id, seeded):
    fields = {
        "status": "active", "product_id": "pdt_fake", "brand_id": "bus_fake", "customer": CUSTOMER, "billing": BILLING,
        "quantity": 1, "recurring_pre_tax_amount": 999, "currency": "USD", "tax_inclusive": False,
        "payment_frequency_interval": "Month", "payment_frequency_count": 1,
        "subscription_period_interval": "Year", "subscription_period_count": 1, "trial_period_days": 0,
        "previous_billing_date": now(), "next_billing_date": now(), "cancel_at_next_billing_date": False,
        "on_demand": False, "has_payment_method": True, "addons": [], "meters": [],
        "credit_entitlement_cart": [], "meter_credit_entitlement_cart": [], "metadata": {}, "created_at": now(),
    }
    return answer(Subscription, {**fields, **seeded, "subscription_id": subscription_id})


# --- Sessions that settle while dodo polls them (state "polls"): each GET /checkouts/{id}
# answers the next step, the last one for good, and GET /payments/{id} of a payment a step
# named answers with the status the session last showed for it. Answers are built from the official SDK's models.

def poll_answer(state, data, kind, identifier):
    """(status, body) for a GET of a polled session or of one of its payments, or None."""
    from dodopayments.types import CheckoutSessionStatus, Payment

    polls = data.get("polls", {})
    if kind == "checkouts" and identifier in polls:
        steps = polls[identifier]
        asked = state.polled.get(identifier, 0)
        state.polled[identifier] = asked + 1
        step = steps[min(asked, len(steps) - 1)]
        value = {"id": identifier, "created_at": now(), "customer_email": None, "customer_name": None}
        value.update(step)
        return 200, CheckoutSessionStatus.model_validate(value).model_dump(mode="json")
    if kind == "payments":
        for session_id, steps in polls.items():
            # The payment as the session's last answer showed it.
            shown = steps[: max(1, min(state.polled.get(session_id, 0), len(steps)))]
            for step in reversed(shown):
                if step.get("payment_id") == identifier:
                    value = {
                        "billing": {"country": "US"}, "brand_id": "bnd_fake", "business_id": "bus_fake",
                        "created_at": now(), "currency": "USD",
                        "customer": {"customer_id": "cus_fake", "email": "customer@example.com", "name": "A Customer"},
                        "digital_products_delivered": False, "disputes": [], "includes_usage": False,
                        "is_multi_subscription": False, "is_update_payment_method": False, "metadata": {},
                        "payment_id": identifier, "payment_provider": "dodo", "refunds": [], "retry_attempt": 0,
                        "service_periods": [], "settlement_amount": 1999, "settlement_currency": "USD",
                        "subscription_ids": [], "total_amount": 1999, "status": step.get("payment_status"),
                    }
                    return 200, Payment.model_validate(value).model_dump(mode="json")
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake-dodo-api"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        self.handle_request("GET")

    def do_POST(self):
        self.handle_request("POST")

    def do_PUT(self):
        self.handle_request("PUT")

    def do_DELETE(self):
        self.handle_request("DELETE")

    def handle_request(self, method):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        path = self.path.split("?", 1)[0]
        entry = {
            "method": method,
            "path": self.path,
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "body": body.decode("utf-8", "replace"),
            "status": None,
            # The connection it came on: a client that keeps one alive sends them all on one.
            "client": "%s:%d" % self.client_address[:2],
        }
        state = self.server.state
        with LOCK:
            fault = state.fault(method, path)
        if fault and fault.get("drop"):
            self.log(entry)
            self.close_connection = True
            return
        if fault and fault.get("hang"):
            self.log(entry)
            self.hang()
            return
        if fault:
            headers = dict(fault.get("headers", {}))
            if "retry_after" in fault:
                headers["Retry-After"] = str(fault["retry_after"])
            status = fault["status"]
            default = {"code": "FAULT", "message": f"fault {status} injected by the test"}
            if "body_size" in fault:
                self.answer(entry, status, None, headers, raw=b"x" * fault["body_size"])
            else:
                self.answer(entry, status, fault.get("body", default), headers)
            return
        if path.startswith("/licenses/"):
            with LOCK:
                status, value = license_route(method, path, body, state)
            self.answer(entry, status, value)
            return
        if self.headers.get("Authorization") != f"Bearer {state.api_key()}":
            self.answer(entry, 401, {"code": "UNAUTHORIZED", "message": "Invalid API key"})
            return
        try:
            validate_request(method, path, body)
            with LOCK:
                status, value = self.route(method, path, body, state)
        except SchemaError as error:
            # Loudly: the test's output shows it, the log carries it, and dodo gets an error.
            entry["schema_problems"] = str(error).splitlines()
            what = "the request" if isinstance(error, InvalidRequest) else "the seeded answer"
            sys.stderr.write(f"fake-dodo-api: {method} {path}: {what} does not match Dodo's schema:\n{error}\n")
            status, code = (422, "INVALID_REQUEST_BODY") if isinstance(error, InvalidRequest) else (500, "FAKE_STATE_INVALID")
            value = {"code": code, "message": str(error).replace("\n", "; ")}
        self.answer(entry, status, value)

    def route(self, method, path, body, state):
        data = state.current()
        parts = path.strip("/").split("/")
        if method == "POST" and parts == ["checkouts"]:
            seeded = dict(data.get("next_session") or {})
            session_id = seeded.pop("session_id", None) or "cks_" + secrets.token_hex(8)
            url = seeded.pop("checkout_url", None) or f"https://test.checkout.dodopayments.com/session/{session_id}"
            state.created[session_id] = checkout(session_id, seeded)
            return 200, answer(CheckoutSessionResponse, {"session_id": session_id, "checkout_url": url})
        if method == "GET" and len(parts) == 2:
            kind, identifier = parts
            polled = poll_answer(state, data, kind, identifier)
            if polled:
                return polled
            if kind == "checkouts":
                if identifier in data.get("checkouts", {}):
                    return 200, checkout(identifier, data["checkouts"][identifier])
                if identifier in state.created:
                    return 200, state.created[identifier]
            elif kind == "payments" and identifier in data.get("payments", {}):
                return 200, payment(identifier, data["payments"][identifier])
            elif kind == "subscriptions" and identifier in data.get("subscriptions", {}):
                return 200, subscription(identifier, data["subscriptions"][identifier])
            if kind in ("checkouts", "payments", "subscriptions"):
                return 404, {"code": "NOT_FOUND", "message": f"{kind[:-1]} {identifier} not found"}
        return 404, {"code": "NOT_FOUND", "message": f"no route {method} {path}"}

    def answer(self, entry, status, value, headers=None, raw=None):
        entry["status"] = status
        self.log(entry)
        payload = raw if raw is not None else b"" if value is None else json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        for name, header in (headers or {}).items():
            self.send_header(name, header)
        self.end_headers()
        try:
            self.wfile.write(payload)
            self.wfile.flush()
        except OSError:
            self.close_connection = True  # the client stopped reading (an answer too large)

    def hang(self):
        # No answer: wait until the client gives up (or a long while), then drop the connection.
        self.close_connection = True
        deadline = time.monotonic() + 300
        sock = self.connection
        while time.monotonic() < deadline:
            try:
                sock.settimeout(0.2)
                if sock.recv(1) == b"":
                    return
            except (socket.timeout, ssl.SSLWantReadError):
                continue
            except (OSError, ssl.SSLError):
                return

    def log(self, entry):
        with LOCK, open(self.server.log_path, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def finish_request(self, request, client_address):
        # The TLS handshake in the connection's own thread: a client that fails it (an
        # untrusted CA) does not hold up the others.
        # Kept-alive requests (HTTP/1.1) must not wait on the client's delayed ACKs.
        request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if self.tls is not None:
            try:
                request.settimeout(10)
                request = self.tls.wrap_socket(request, server_side=True)
                request.settimeout(None)
            except (ssl.SSLError, OSError):
                return
        self.RequestHandlerClass(request, client_address, self)


# ---------------------------------------------------------------------------------------------
# Licenses (account spec §D): POST /licenses/activate|validate|deactivate, public (no key).
# Request bodies are checked against the official Python SDK's params types and every answer
# is built from its models, so that the fake answers as Dodo's generated client expects.
# ---------------------------------------------------------------------------------------------

def license_route(method, path, body, state):
    from pydantic import TypeAdapter, ValidationError
    from dodopayments.types import (
        LicenseActivateResponse, LicenseValidateResponse, license_activate_params, license_deactivate_params,
        license_validate_params)

    params = {
        "/licenses/activate": license_activate_params.LicenseActivateParams,
        "/licenses/validate": license_validate_params.LicenseValidateParams,
        "/licenses/deactivate": license_deactivate_params.LicenseDeactivateParams,
    }.get(path)
    if method != "POST" or params is None:
        return 404, {"code": "NOT_FOUND", "message": f"no route {method} {path}"}
    try:
        request = TypeAdapter(params).validate_python(json.loads(body or b"null"), strict=True)
    except (ValueError, ValidationError) as error:
        return 422, {"code": "INVALID_REQUEST_BODY", "message": str(error).splitlines()[0]}
    key = request["license_key"]
    license = state.current().get("licenses", {}).get(key)
    if license is None:
        return 404, {"code": "NOT_FOUND", "message": "License key not found"}
    active = license.get("status", "active") == "active"
    instances = state.license_instances.setdefault(key, {})
    instance_id = request.get("license_key_instance_id")
    if path == "/licenses/validate":
        valid = active and license.get("valid", True) and (instance_id is None or instance_id in instances)
        return 200, LicenseValidateResponse(valid=valid).model_dump(mode="json")
    if not active:
        return 403, {"code": "LICENSE_KEY_INACTIVE", "message": "License key is not active"}
    if path == "/licenses/deactivate":
        if instances.pop(instance_id, None) is None:
            return 403, {"code": "FORBIDDEN", "message": "License key instance not found for this key"}
        return 200, None
    if len(instances) >= license.get("activations_limit", 1):
        return 422, {"code": "ACTIVATION_LIMIT_REACHED", "message": "License key activation limit reached"}
    instance = LicenseActivateResponse.model_validate({
        "id": "lki_" + secrets.token_hex(8),
        "business_id": "bus_fake",
        "created_at": now(),
        "customer": {
            "customer_id": license.get("customer_id", "cus_fake"),
            "email": license.get("customer_email", "customer@example.com"),
            "name": license.get("customer_name", "Customer"),
        },
        "license_key_id": license.get("license_key_id", "lic_" + secrets.token_hex(4)),
        "name": request["name"],
        "product": {"product_id": license.get("product_id", "pdt_fake"), "name": license.get("product_name")},
    })
    instances[instance.id] = request["name"]
    return 201, instance.model_dump(mode="json")

# ---------------------------------------------------------------------------------------------


def exit_at_end_of_input():
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--state", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--plain-http", action="store_true")
    parser.add_argument("--api-key")
    parser.add_argument("--exit-with-stdin", action="store_true", help="exit when standard input ends (the test is gone)")
    options = parser.parse_args()
    if not options.plain_http and not (options.cert and options.key):
        parser.error("--cert and --key are required unless --plain-http")

    server = Server(("127.0.0.1", 0), Handler)
    server.state = State(options.state, options.api_key)
    server.state.current()
    server.log_path = options.log
    open(options.log, "a").close()
    server.tls = None
    if not options.plain_http:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.cert, options.key)
        context.set_alpn_protocols(["http/1.1"])
        server.tls = context

    # A parent (a test runner) may have blocked these; the fake must still end on them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    if options.exit_with_stdin:
        threading.Thread(target=exit_at_end_of_input, daemon=True).start()
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
