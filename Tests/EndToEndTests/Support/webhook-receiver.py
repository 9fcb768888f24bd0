"""The app end of `dodo webhook listen --forward-to`: a loopback HTTP server that answers
every POST with 202 and writes what it received (headers and the body's bytes, base64) as one
JSON line on standard error. Its first line of standard output is its port. It ends when its
standard input closes."""
import base64, http.server, json, sys, threading


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        record = {"path": self.path, "headers": list(self.headers.items()), "body": base64.b64encode(body).decode()}
        sys.stderr.write(json.dumps(record) + "\n")
        sys.stderr.flush()
        self.send_response(202)
        self.send_header("Content-Length", "3")
        self.end_headers()
        self.wfile.write(b"ok\n")

    def log_message(self, *arguments):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
print(server.server_address[1], flush=True)
sys.stdin.read()
