"""Signs deliveries with Python's own hmac module (independently of dodo) and POSTs them to
`dodo webhook listen`. Arguments: PORT SECRET. Prints one JSON line per delivery: the status
the listener answered, and what was sent."""
import base64, hashlib, hmac, json, sys, time, urllib.error, urllib.request

port, secret = int(sys.argv[1]), sys.argv[2]
key = base64.b64decode(secret.removeprefix("whsec_"))


def sign(message_id, timestamp, body):
    mac = hmac.new(key, f"{message_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode()


def post(message_id, body, signature=None, timestamp=None):
    timestamp = str(timestamp or int(time.time()))
    headers = {
        "webhook-id": message_id,
        "webhook-timestamp": timestamp,
        "webhook-signature": signature or sign(message_id, timestamp, body),
        "Content-Type": "application/json",
        "X-Custom": "kept",
    }
    request = urllib.request.Request(f"http://127.0.0.1:{port}/hook", data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    print(json.dumps({"id": message_id, "status": status, "body": base64.b64encode(body).decode()}), flush=True)


body = '{"business_id":"bus_1","type":"payment.succeeded","timestamp":"2026-01-01T00:00:00Z","data":{"payload_type":"Payment","note":"é\\n"}}'.encode()
post("msg_valid", body)
# Rotation: an unknown signature first, then the right one.
post("msg_rotated", body, signature="v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= " + sign("msg_rotated", int(time.time()), body))
post("msg_newline", body + b"\n", signature=sign("msg_newline", int(time.time()), body))
post("msg_stale", body, timestamp=int(time.time()) - 3600)
