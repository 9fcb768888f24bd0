#!/usr/bin/env python3
"""Stands in for the hosted checkout in dodo's real-browser tests.

Serves HTTPS on 127.0.0.1 with a self-signed certificate for
test.checkout.dodopayments.com, made here with openssl in --dir. GET /session/<id> answers
with a page that redirects (meta refresh and JS) to --redirect, as the hosted checkout
sends the customer back to the return URL when the payment ends. Any other path is 404.

Prints the port it listens on as the first line of standard output, then one line per
request (method and path only, never a query string) on standard error.

It ends by itself: when its standard input closes (the test that started it is gone) or
after --lifetime seconds, whichever comes first.
"""

import argparse
import html
import http.server
import os
import ssl
import subprocess
import sys
import threading

HOST = "test.checkout.dodopayments.com"


def make_certificate(directory):
  """A throwaway self-signed certificate and key for HOST; returns their paths."""
  cert = os.path.join(directory, "checkout-cert.pem")
  key = os.path.join(directory, "checkout-key.pem")
  subprocess.run(
    ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
     "-nodes", "-days", "1", "-subj", "/CN=" + HOST, "-addext", "subjectAltName=DNS:" + HOST,
     "-keyout", key, "-out", cert],
    check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
  return cert, key


def handler_for(redirect):
  target = html.escape(redirect, quote=True)
  script_target = redirect.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\u003c")
  page = (
    "<!doctype html><html><head><meta charset=utf-8>"
    f'<meta http-equiv="refresh" content="0;url={target}">'
    "<title>Test checkout</title></head><body>"
    f'<p>Payment done. <a id="return" href="{target}">Return to the app</a></p>'
    f'<script>location.href = "{script_target}";</script>'
    "</body></html>").encode()

  class CheckoutHandler(http.server.BaseHTTPRequestHandler):
    timeout = 10

    def do_GET(self):
      path = self.path.split("?", 1)[0]
      sys.stderr.write(f"GET {path}\n")
      sys.stderr.flush()
      if path.startswith("/session/"):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(page)
      else:
        self.send_error(404)

    def log_message(self, format, *args):
      pass

  return CheckoutHandler


class TLSServer(http.server.ThreadingHTTPServer):
  """Shakes hands in each request's own thread, so that a browser's idle preconnection
  cannot hold up the others."""

  daemon_threads = True
  context = None

  def get_request(self):
    connection, address = self.socket.accept()
    return self.context.wrap_socket(connection, server_side=True, do_handshake_on_connect=False), address


def main():
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("--dir", required=True, help="where the certificate and key are written")
  parser.add_argument("--redirect", required=True, help="where /session/<id> sends the browser")
  parser.add_argument("--lifetime", type=float, default=90, help="seconds before it stops by itself")
  options = parser.parse_args()

  cert, key = make_certificate(options.dir)
  context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
  context.load_cert_chain(cert, key)
  server = TLSServer(("127.0.0.1", 0), handler_for(options.redirect))
  server.context = context

  def stop_when_stdin_closes():
    sys.stdin.buffer.read()
    os._exit(0)

  threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
  threading.Timer(options.lifetime, lambda: os._exit(0)).start()

  print(server.server_address[1], flush=True)
  server.serve_forever()


if __name__ == "__main__":
  main()
