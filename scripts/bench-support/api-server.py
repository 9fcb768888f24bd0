#!/usr/bin/env python3
"""A local HTTPS stand-in for Dodo's API, fast enough to time a client against: scripts/bench
runs `dodo` and `curl` against it side by side.

    api-server.py --cert CERT.pem --key KEY.pem --api-key KEY --log REQUESTS.log

Serves HTTPS on 127.0.0.1 on a port the kernel picks, and prints that port, alone on a line, on
standard output once it accepts connections. Runs until SIGTERM. Answers, with the JSON of the
official Python SDK's models (`dodopayments==1.123.0`, as Tests/EndToEndTests/Support/
fake-dodo-api.py does), every request that carries `Authorization: Bearer KEY` (else 401):
  GET  /payments/{pay_X}  -> Payment, status succeeded
  GET  /checkouts/{cks_X}  -> CheckoutSessionStatus naming pay_X, payment_status succeeded
  POST /checkouts          -> CheckoutSessionResponse (cks_bench)
Everything else is 404. Each request is appended to REQUESTS.log as `METHOD PATH CONTENT-TYPE
SHA256-OF-BODY` (`-` for none), and the last body received is written to REQUESTS.log.body,
so that the bench can check that both sides asked the same.

Made for speed, not fidelity: the answers are built from the SDK's models once, at start-up,
and only the ID is put in per request; HTTP/1.1 keep-alive with Content-Length; TCP_NODELAY on
every connection (else a kept-alive request waits on the client's delayed ACK, 40 ms); each
answer one write; a thread per connection, the TLS handshake in it.
"""

import argparse
import hashlib
import json
import os
import signal
import socket
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.dont_write_bytecode = True

try:
    from dodopayments.types import CheckoutSessionResponse, CheckoutSessionStatus, Payment
except ImportError:
    sys.exit("api-server: needs Dodo's Python SDK (pip install 'dodopayments==1.123.0'; see .ci/run)")

PLACEHOLDER = b"ID_PLACEHOLDER"
NOW = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
CUSTOMER = {
    "customer_id": "cus_fake", "email": "customer@example.com", "name": "A Customer",
    "phone_number": None, "metadata": {},
}
BILLING = {"country": "US", "state": "CA", "city": "San Francisco", "street": "1 Market St", "zipcode": "94103"}


def template(model_class, fields):
    """The model's JSON, PLACEHOLDER where the ID goes (filled in per request)."""
    return json.dumps(model_class.model_validate(fields).model_dump(mode="json"), separators=(",", ":")).encode()


PAYMENT = template(Payment, {
    "payment_id": "pay_" + PLACEHOLDER.decode(), "business_id": "bus_fake", "brand_id": "bus_fake", "status": "succeeded",
    "total_amount": 1999, "currency": "USD", "settlement_amount": 1999, "settlement_currency": "USD",
    "tax": 0, "checkout_session_id": None, "subscription_id": None, "subscription_ids": [],
    "is_multi_subscription": False, "service_periods": [], "customer": CUSTOMER, "billing": BILLING,
    "digital_products_delivered": False, "error_code": None, "error_message": None,
    "payment_provider": "dodo", "payment_method": "card", "card_last_four": "4242", "card_network": "visa",
    "retry_attempt": 0, "includes_usage": False, "is_update_payment_method": False,
    "disputes": [], "refunds": [], "metadata": {}, "created_at": NOW, "updated_at": None,
})
# The session's ID and its payment's share the part after the prefix: cks_X names pay_X.
CHECKOUT = template(CheckoutSessionStatus, {
    "id": "cks_" + PLACEHOLDER.decode(), "created_at": NOW, "customer_email": None, "customer_name": None,
    "payment_id": "pay_" + PLACEHOLDER.decode(), "payment_status": "succeeded",
})
CREATED = json.dumps(CheckoutSessionResponse.model_validate({
    "session_id": "cks_bench", "checkout_url": "https://test.checkout.dodopayments.com/session/cks_bench",
}).model_dump(mode="json"), separators=(",", ":")).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "bench-api"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        self.handle_request("GET")

    def do_POST(self):
        self.handle_request("POST")

    def handle_request(self, method):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        path = self.path
        self.server.log(method, path, self.headers.get("Content-Type") or "-", body)
        if self.headers.get("Authorization") != self.server.authorization:
            self.answer(401, b'{"code":"UNAUTHORIZED","message":"Invalid API key"}')
            return
        parts = path.split("?", 1)[0].strip("/").split("/")
        if method == "POST" and parts == ["checkouts"]:
            self.answer(200, CREATED)
        elif method == "GET" and len(parts) == 2 and parts[0] == "payments" and parts[1].startswith("pay_"):
            self.answer(200, PAYMENT.replace(PLACEHOLDER, parts[1][len("pay_"):].encode()))
        elif method == "GET" and len(parts) == 2 and parts[0] == "checkouts" and parts[1].startswith("cks_"):
            self.answer(200, CHECKOUT.replace(PLACEHOLDER, parts[1][len("cks_"):].encode()))
        else:
            self.answer(404, b'{"code":"NOT_FOUND","message":"not found"}')

    def answer(self, status, payload):
        reason = {200: "OK", 401: "Unauthorized", 404: "Not Found"}[status]
        head = f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
        try:
            self.wfile.write(head.encode() + payload)
        except OSError:
            self.close_connection = True


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def finish_request(self, request, client_address):
        request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            request.settimeout(10)
            request = self.tls.wrap_socket(request, server_side=True)
            request.settimeout(None)
        except (ssl.SSLError, OSError):
            return
        self.RequestHandlerClass(request, client_address, self)

    def log(self, method, path, content_type, body):
        digest = hashlib.sha256(body).hexdigest() if body else "-"
        with self.log_lock:
            self.log_file.write(f"{method} {path} {content_type} {digest}\n")
            self.log_file.flush()
            if body:
                with open(self.log_file.name + ".body", "wb") as f:
                    f.write(body)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--api-key", required=True)
    parser.add_argument("--log", required=True)
    options = parser.parse_args()

    server = Server(("127.0.0.1", 0), Handler)
    server.authorization = f"Bearer {options.api_key}"
    server.log_lock = threading.Lock()
    server.log_file = open(options.log, "a", encoding="utf-8")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(options.cert, options.key)
    context.set_alpn_protocols(["http/1.1"])
    server.tls = context

    # The bench may run with these blocked; the server must still end on them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
