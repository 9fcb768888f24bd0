#!/usr/bin/env python3
"""A webhook endpoint built on Dodo's official Python SDK (`dodopayments`, pinned in .ci/run),
the receiver `dodo webhook send` is checked against.

    sdk-webhook-receiver.py             serve; the secret is $DODO_PAYMENTS_WEBHOOK_KEY
    sdk-webhook-receiver.py --types     print the event types the SDK knows, one a line (its
                                        WebhookEventType, checked against its unwrap union)

Serving: HTTP on 127.0.0.1 on a free port, printed alone on the first line of standard output;
it ends when its standard input closes. Each POST goes through the SDK's own
`client.webhooks.unwrap(body, headers=...)` (the signature checked with the secret, the body
parsed into the SDK's event union), then is validated strictly under the SDK's model for its
`type`: every required field present, every value of its documented type and enum (no
coercion of "1999" to 1999), no key the models do not name (besides `data.payload_type`, and a
dispute's GetDispute fields). Error codes must be upper case, as Dodo documents them
(`INSUFFICIENT_FUNDS`). Answers 200 `ok TYPE MODEL` when all holds, else 422 with one problem
a line; each verdict is also written as one line on standard error.
"""

import http.server
import json
import os
import sys
import threading
import typing

import pydantic
from dodopayments import DodoPayments
from dodopayments.types.dispute import Dispute
from dodopayments.types.get_dispute import GetDispute
from dodopayments.types.unwrap_webhook_event import UnwrapWebhookEvent
from dodopayments.types.webhook_event_type import WebhookEventType

# What `data` may carry beyond its SDK model: the object's name, and for a dispute the fields
# of the SDK's standalone GetDispute, which Dodo's framework adapters read (checked under it).
DATA_EXTRAS = {Dispute: GetDispute}

# The union's members, by the literal `type` each one carries.
MODELS = {
    typing.get_args(model.model_fields["type"].annotation)[0]: model
    for model in typing.get_args(typing.get_args(UnwrapWebhookEvent)[0])
}


def problems(body, headers, secret):
    """Why the SDK refuses this delivery: an empty list when it accepts it."""
    client = DodoPayments(bearer_token="unused", webhook_key=secret)
    try:
        event = client.webhooks.unwrap(body.decode("utf-8"), headers=headers)
    except Exception as error:  # the SDK raises its own and standardwebhooks' errors
        return [f"unwrap: {type(error).__name__}: {error}"]
    model = MODELS.get(getattr(event, "type", None))
    if model is None:
        return [f"unwrap: unknown type {getattr(event, 'type', None)!r}"]
    if not isinstance(event, model):
        return [f"unwrap: parsed as {type(event).__name__}, not {model.__name__}"]
    found = []
    try:
        model.model_validate_json(body, strict=True)
    except pydantic.ValidationError as error:
        found += [f"{'.'.join(str(part) for part in item['loc'])}: {item['msg']}" for item in error.errors(include_url=False)]
    # The rest reads what unwrap parsed (leniently, so it is there even when a field is wrong).
    found += [f"{path}: error code {code!r} is not upper case" for path, code in error_codes(event, "") if code != code.upper()]
    allowed = {"payload_type"}
    extra_model = DATA_EXTRAS.get(type(event.data))
    if extra_model is not None:
        try:
            extra_model.model_validate_json(json.dumps(json.loads(body)["data"]), strict=True)
        except pydantic.ValidationError as error:
            found += [f"data.{'.'.join(str(p) for p in item['loc'])}: {item['msg']}" for item in error.errors(include_url=False)]
        allowed |= set(extra_model.model_fields)
    return found + [f"{path}: not a field of the SDK's model" for path in unknown_keys(event.data, "data", allowed)]


def unknown_keys(value, path, allowed=frozenset()):
    """The paths of keys the SDK's models do not name (a misspelt optional field passes
    validation, so it is looked for here)."""
    if isinstance(value, pydantic.BaseModel):
        for key in value.__pydantic_extra__ or {}:
            if key not in allowed:
                yield f"{path}.{key}"
        for name in type(value).model_fields:
            yield from unknown_keys(getattr(value, name), f"{path}.{name}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from unknown_keys(item, f"{path}.{index}")


def error_codes(value, path):
    """Every `error_code` string in the parsed event, with its path."""
    if isinstance(value, pydantic.BaseModel):
        for name in type(value).model_fields:
            yield from error_codes(getattr(value, name), f"{path}.{name}".lstrip("."))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from error_codes(item, f"{path}.{index}")
    elif isinstance(value, str) and path.split(".")[-1] == "error_code":
        yield path, value


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        headers = {name.lower(): value for name, value in self.headers.items()}
        found = problems(body, headers, self.server.secret)
        if found:
            status, text = 422, "\n".join(found) + "\n"
        else:
            event_type = json.loads(body)["type"]
            status, text = 200, f"ok {event_type} {MODELS[event_type].__name__}\n"
        sys.stderr.write(f"{status} {text.splitlines()[0]}\n")
        sys.stderr.flush()
        payload = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *arguments):
        pass


def main():
    if sys.argv[1:] == ["--types"]:
        types = typing.get_args(WebhookEventType)
        if set(types) != set(MODELS):
            sys.exit(f"the SDK's WebhookEventType and its unwrap union differ: {set(types) ^ set(MODELS)}")
        print("\n".join(types))
        return
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.secret = os.environ["DODO_PAYMENTS_WEBHOOK_KEY"]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(server.server_address[1], flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main()
