#!/usr/bin/env python3
"""A fake of Dodo Payments' API for dodo's tests, faithful to ../reference/dodo-api.md.

    fake-dodo-api.py --state STATE.json --log REQUESTS.jsonl (--cert CERT.pem --key KEY.pem | --plain-http)
                     [--api-key KEY] [--exit-with-stdin]

Serves HTTPS (or, with --plain-http, HTTP) on 127.0.0.1 on a free port and prints that port,
alone on a line, on standard output once it accepts connections. Runs until SIGTERM/SIGINT.

Routes (each needs `Authorization: Bearer KEY`, else 401):
  POST /checkouts            -> {"session_id": "cks_...", "checkout_url": "https://test.checkout.dodopayments.com/session/cks_..."}
                                (product_cart required: a non-empty array of {product_id, quantity}; else 422)
  GET  /checkouts/{id}       -> {id, created_at, customer_email, customer_name, payment_id, payment_status}
  GET  /payments/{id}        -> the payment (fields of dodo-api.md, missing ones filled in)
  GET  /subscriptions/{id}   -> the subscription
An unknown ID is 404 {"code": "NOT_FOUND", "message": "..."}.

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

REQUESTS.jsonl gets one JSON object per request, as it arrives:
  {"method": "GET", "path": "/payments/pay_1", "headers": {"authorization": "Bearer ...", ...},
   "body": "...", "status": 200}   (status null for a hung request)
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

LOCK = threading.Lock()


class State:
    def __init__(self, path, api_key):
        self.path = path
        self.api_key_override = api_key
        self.stamp = None
        self.data = {}
        self.created = {}
        self.used = {}
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


def checkout(session_id, seeded):
    value = {
        "id": session_id,
        "created_at": now(),
        "customer_email": None,
        "customer_name": None,
        "payment_id": None,
        "payment_status": None,
    }
    value.update(seeded)
    value["id"] = session_id
    return value


def payment(payment_id, seeded):
    value = {
        "payment_id": payment_id,
        "business_id": "bus_fake",
        "status": "succeeded",
        "total_amount": 1999,
        "currency": "USD",
        "checkout_session_id": None,
        "subscription_id": None,
        "customer": {"customer_id": "cus_fake", "email": "customer@example.com", "name": "A Customer"},
        "error_code": None,
        "error_message": None,
        "payment_method": "card",
        "card_last_four": "4242",
        "card_network": "VISA",
        "created_at": now(),
        "updated_at": None,
        "metadata": {},
    }
    value.update(seeded)
    value["payment_id"] = payment_id
    return value


def subscription(subscription_id, seeded):
    value = {
        "subscription_id": subscription_id,
        "status": "active",
        "product_id": "pdt_fake",
        "customer": {"customer_id": "cus_fake", "email": "customer@example.com", "name": "A Customer"},
        "recurring_pre_tax_amount": 999,
        "currency": "USD",
        "next_billing_date": now(),
        "created_at": now(),
    }
    value.update(seeded)
    value["subscription_id"] = subscription_id
    return value


# --- The checkout page's options (customization, feature_flags, cancel_url), checked
# against the official SDK's params types: pydantic ignores a key a TypedDict does not
# declare, so each object's keys are checked against the declared ones as well, so that a
# misspelled field is refused as Dodo would ignore it.

def page_options_problem(request):
    """Why the page options of a POST /checkouts body do not fit the SDK's
    checkout_session_create_params, or None."""
    import typing
    from pydantic import TypeAdapter, ValidationError
    from dodopayments.types import checkout_session_create_params as params
    from dodopayments.types.checkout_session_flags_param import CheckoutSessionFlagsParam
    from dodopayments.types.checkout_session_customization_param import CheckoutSessionCustomizationParam

    unknown = set(request) - set(typing.get_type_hints(params.CheckoutSessionCreateParams))
    if unknown:
        return f"unknown field(s) {sorted(unknown)}"
    page = {key: request[key] for key in ("customization", "feature_flags", "cancel_url") if key in request}
    for key, declared in (("customization", CheckoutSessionCustomizationParam), ("feature_flags", CheckoutSessionFlagsParam)):
        value = page.get(key)
        if isinstance(value, dict):
            unknown = set(value) - set(typing.get_type_hints(declared))
            if unknown:
                return f"{key}: unknown field(s) {sorted(unknown)}"
    try:
        TypeAdapter(params.CheckoutSessionCreateParams).validate_python({"product_cart": [], **page})
    except ValidationError as error:
        return str(error).splitlines()[0] + ": " + "; ".join(
            ".".join(map(str, e["loc"])) + " " + e["msg"] for e in error.errors())
    return None


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
        }
        state = self.server.state
        with LOCK:
            fault = state.fault(method, path)
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
        if self.headers.get("Authorization") != f"Bearer {state.api_key()}":
            self.answer(entry, 401, {"code": "UNAUTHORIZED", "message": "Invalid API key"})
            return
        with LOCK:
            status, value = self.route(method, path, body, state)
        self.answer(entry, status, value)

    def route(self, method, path, body, state):
        data = state.current()
        parts = path.strip("/").split("/")
        if method == "POST" and parts == ["checkouts"]:
            try:
                request = json.loads(body or b"null")
            except ValueError:
                return 422, {"code": "INVALID_REQUEST_BODY", "message": "the body is not JSON"}
            cart = request.get("product_cart") if isinstance(request, dict) else None
            valid = isinstance(cart, list) and cart and all(
                isinstance(item, dict) and isinstance(item.get("product_id"), str)
                and isinstance(item.get("quantity"), int) for item in cart)
            if not valid:
                return 422, {"code": "INVALID_REQUEST_BODY", "message": "product_cart: a non-empty array of {product_id, quantity}"}
            problem = page_options_problem(request)
            if problem:
                return 422, {"code": "INVALID_REQUEST_BODY", "message": problem}
            seeded = dict(data.get("next_session") or {})
            session_id = seeded.pop("session_id", None) or "cks_" + secrets.token_hex(8)
            url = seeded.pop("checkout_url", None) or f"https://test.checkout.dodopayments.com/session/{session_id}"
            state.created[session_id] = checkout(session_id, seeded)
            return 200, {"session_id": session_id, "checkout_url": url}
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
        payload = raw if raw is not None else json.dumps(value).encode()
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
        if self.tls is not None:
            try:
                request.settimeout(10)
                request = self.tls.wrap_socket(request, server_side=True)
                request.settimeout(None)
            except (ssl.SSLError, OSError):
                return
        self.RequestHandlerClass(request, client_address, self)


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
