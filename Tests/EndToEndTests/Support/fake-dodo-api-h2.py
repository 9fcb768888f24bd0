#!/usr/bin/env python3
"""Dodo's payments over HTTP/2 for dodo's tests: nghttpd serving what fake-dodo-api.py answers.

    fake-dodo-api-h2.py --state STATE.json --root DIR --log FRAMES.log --cert CERT.pem --key KEY.pem
                        [--nghttpd PATH] [--exit-with-stdin]

Writes each payment of STATE.json's "payments" (fake-dodo-api.py's state) to DIR/payments/{id},
built by fake-dodo-api.py's own builder from Dodo's Python SDK model, then runs nghttpd
(Debian's nghttp2-server: TLS, ALPN h2, HTTP/2 only) on 127.0.0.1 serving DIR, with its frames
(-v) in FRAMES.log. A session's lines start "[id=SESSION]", one session a connection, and a
request's headers show as "[id=1] [  0.012] recv (stream_id=3) :path: /payments/pay_2".
nghttpd does not check the Authorization header.

Prints the port, alone on a line, once nghttpd accepts connections there. Ends nghttpd, and
itself, on SIGTERM or (with --exit-with-stdin) when its standard input ends; on Linux nghttpd
also ends when this process is killed.
"""

import argparse
import ctypes
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def fake_api():
    spec = importlib.util.spec_from_file_location("fake_dodo_api", os.path.join(HERE, "fake-dodo-api.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_payments(state_path, root):
    with open(state_path, encoding="utf-8") as f:
        payments = json.load(f).get("payments", {})
    os.makedirs(os.path.join(root, "payments"), exist_ok=True)
    build = fake_api().payment
    for payment_id, seeded in payments.items():
        with open(os.path.join(root, "payments", payment_id), "w", encoding="utf-8") as f:
            json.dump(build(payment_id, seeded), f)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def end_with_this_process():
    # nghttpd gets SIGKILL when this process dies, however it dies (Linux only).
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def start(options):
    """nghttpd listening on a free port, and the port; another port when one was taken."""
    for _ in range(20):
        port = free_port()
        log = open(options.log, "w", encoding="utf-8")
        server = subprocess.Popen(
            [options.nghttpd, "-v", "-a", "127.0.0.1", "-d", options.root, str(port), options.key, options.cert],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, preexec_fn=end_with_this_process)
        log.close()
        deadline = time.monotonic() + 30
        listening = "listen 127.0.0.1:%d\n" % port
        while server.poll() is None and time.monotonic() < deadline:
            # Its line says the port is its own (another process may have taken it meanwhile);
            # a connection, that it accepts.
            try:
                with open(options.log, encoding="utf-8", errors="replace") as f:
                    if listening in f.read():
                        socket.create_connection(("127.0.0.1", port), timeout=1).close()
                        return server, port
            except OSError:
                pass
            time.sleep(0.01)  # not ready yet: look again
        server.kill()
        server.wait()
    sys.exit("fake-dodo-api-h2: nghttpd did not start (see %s)" % options.log)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--state", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--nghttpd", default="nghttpd")
    parser.add_argument("--exit-with-stdin", action="store_true", help="exit when standard input ends (the test is gone)")
    options = parser.parse_args()

    write_payments(options.state, options.root)
    # A parent (a test runner) may have blocked these; this process must still end on them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    server, port = start(options)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    if options.exit_with_stdin:
        threading.Thread(target=lambda: (sys.stdin.buffer.read(), stop.set()), daemon=True).start()
    print(port, flush=True)
    while not stop.wait(0.1) and server.poll() is None:
        pass
    server.kill()
    server.wait()


if __name__ == "__main__":
    sys.exit(main())
