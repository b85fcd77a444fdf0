#!/usr/bin/env python3
"""A loopback stand-in for APNs and FCM, for the push transport's tests: HTTP/2 over TLS on 127.0.0.1.

The HTTP/2 framing is the h2 library's (Debian: python3-h2), TLS is Python's ssl module (OpenSSL); this file only
decides the answers. It offers ALPN "h2" only, so a client that does not speak HTTP/2 gets no answer.

Usage: push-standin.py --cert PEM --key PEM --script JSON --log JSONL
It listens on a free port of 127.0.0.1 and prints "port N" once ready. Routes:
  POST /3/device/<token>                   APNs: 200 with apns-id, or the scripted status and {"reason": ...}
  POST /v1/projects/<p>/messages:send      FCM: 200 with {"name": ...}, or the scripted status and an FCM error body
  POST /token                              OAuth 2: {"access_token": ..., "expires_in": 3600, "token_type": "Bearer"}
The script (JSON) is {"answers": {"<token>": [answer, ...]}, "barrier": N, "barrier_timeout": S}; each token's
answers are used in order, then 200. An answer is {"status": 400, "reason": "BadDeviceToken", "timestamp": ms,
"retry_after": "5", "headers": {...}, "body": "..."}; {"drop": true} closes the connection instead of answering;
{"goaway": true} answers 200, then sends GOAWAY naming this stream as the last (as APNs does when it retires a
connection) and closes the connection once it is written.
With "delay_ms": D, every answer waits D milliseconds (a provider's round trip, for measurements).
With "barrier": N, no request is answered before N have arrived (or barrier_timeout seconds passed, after which
every request answers 503 "BarrierTimeout" at once): proof that N were in flight together.
With "http1": true it is an HTTPS server that speaks HTTP/1.1 only (Python's http.server), answering 200 to every
POST: a provider that does not speak HTTP/2.
With "verify": {"apns_key": PEM file, "apns_key_id": K, "apns_team": T, "fcm_key": PEM file}
(public keys), every provider token is checked with an independent library, PyJWT (Debian: python3-jwt, with
python3-cryptography): an APNs request's `authorization: bearer <jwt>` as ES256 with `kid` K, `iss` T and an
`iat` within the hour, answered 403 InvalidProviderToken when it fails; an OAuth request's RS256 `assertion` with
`aud` this endpoint (https://<its :authority>/token), answered 400 invalid_grant when it fails. The log line's "jwt" says "valid" or why not.
Every request is appended to the log as one JSON line: connection, stream, alpn, method, path, authority, headers
(in order, as received), body, open_streams (streams open on its connection when it arrived, itself included) and
received_at (the wall clock, seconds since 1970, once the whole request arrived).
"""

import argparse
import asyncio
import http.server
import json
import ssl
import time
import uuid

import h2.config
import h2.connection
import h2.events
import h2.exceptions
import h2.settings


class Shared:
    def __init__(self, script, log):
        self.answers = {token: list(queue) for token, queue in script.get("answers", {}).items()}
        self.barrier = int(script.get("barrier", 0))
        self.barrier_timeout = float(script.get("barrier_timeout", 30))
        self.arrived = 0
        self.barrier_open = asyncio.Event()
        self.barrier_failed = False
        self.delay = float(script.get("delay_ms", 0)) / 1000
        if self.barrier <= 0:
            self.barrier_open.set()
        self.log = log
        self.connections = 0
        self.verify = script.get("verify")

    def check_jwt(self, path, headers, body):
        """None when no key is configured for this route, else "valid" or why the token is refused."""
        if not self.verify:
            return None
        import time
        import urllib.parse
        import jwt
        try:
            if path.startswith("/3/device/") and self.verify.get("apns_key"):
                authorization = dict(headers).get("authorization", "")
                if not authorization.startswith("bearer "):
                    return "no bearer token"
                token = authorization[len("bearer "):]
                with open(self.verify["apns_key"]) as file:
                    key = file.read()
                if jwt.get_unverified_header(token).get("kid") != self.verify["apns_key_id"]:
                    return "wrong kid"
                claims = jwt.decode(token, key, algorithms=["ES256"], options={"require": ["iss", "iat"]})
                if claims["iss"] != self.verify["apns_team"]:
                    return "wrong iss"
                if abs(time.time() - claims["iat"]) > 3600:
                    return "iat more than an hour away"
                return "valid"
            if path == "/token" and self.verify.get("fcm_key"):
                form = urllib.parse.parse_qs(body)
                assertion = form.get("assertion", [""])[0]
                with open(self.verify["fcm_key"]) as file:
                    key = file.read()
                audience = "https://" + dict(headers).get(":authority", "") + "/token"
                jwt.decode(
                    assertion, key, algorithms=["RS256"], audience=audience,
                    options={"require": ["iss", "aud", "iat", "exp", "scope"]})
                return "valid"
        except Exception as error:
            return "invalid: " + type(error).__name__
        return None

    def record(self, entry):
        self.log.write(json.dumps(entry) + "\n")
        self.log.flush()

    def next_answer(self, token):
        queue = self.answers.get(token)
        if queue:
            return queue.pop(0)
        return {"status": 200}


class Connection(asyncio.Protocol):
    def __init__(self, shared):
        self.shared = shared
        self.transport = None
        self.conn = None
        self.requests = {}
        self.closed = False

    def connection_made(self, transport):
        self.transport = transport
        self.shared.connections += 1
        self.number = self.shared.connections
        self.alpn = transport.get_extra_info("ssl_object").selected_alpn_protocol()
        if self.alpn != "h2":
            self.shared.record({"connection": self.number, "alpn": self.alpn, "refused": "no h2"})
            transport.close()
            return
        config = h2.config.H2Configuration(client_side=False, header_encoding="utf-8")
        self.conn = h2.connection.H2Connection(config=config)
        self.conn.initiate_connection()
        # APNs lets a provider open many streams on one connection; 1000 leaves the client's own limit in charge.
        self.conn.update_settings({h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS: 1000})
        self.flush()

    def connection_lost(self, exc):
        self.closed = True

    def flush(self):
        if not self.closed:
            self.transport.write(self.conn.data_to_send())

    def data_received(self, data):
        if self.conn is None:
            return
        try:
            events = self.conn.receive_data(data)
        except h2.exceptions.ProtocolError:
            self.flush()
            self.transport.close()
            return
        for event in events:
            if isinstance(event, h2.events.RequestReceived):
                self.requests[event.stream_id] = {"headers": event.headers, "body": bytearray()}
            elif isinstance(event, h2.events.DataReceived):
                self.requests[event.stream_id]["body"] += event.data
                self.conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            elif isinstance(event, h2.events.StreamEnded):
                asyncio.ensure_future(self.answer(event.stream_id, len(self.requests)))
            elif isinstance(event, h2.events.ConnectionTerminated):
                self.transport.close()
        self.flush()

    async def answer(self, stream_id, open_streams):
        request = self.requests[stream_id]
        headers = request["headers"]
        pseudo = dict(headers)
        body = bytes(request["body"]).decode("utf-8", "replace")
        path = pseudo.get(":path", "")
        verdict = self.shared.check_jwt(path, headers, body)
        self.shared.record({
            "connection": self.number, "stream": stream_id, "alpn": self.alpn, "method": pseudo.get(":method"),
            "path": path, "authority": pseudo.get(":authority"),
            "headers": [[name, value] for name, value in headers if not name.startswith(":")],
            "body": body, "open_streams": open_streams, "jwt": verdict, "received_at": time.time(),
        })
        self.shared.arrived += 1
        if self.shared.arrived >= self.shared.barrier:
            self.shared.barrier_open.set()
        status, reply_headers, reply = 200, [], b""
        try:
            await asyncio.wait_for(self.shared.barrier_open.wait(), self.shared.barrier_timeout)
            answer = self.route(path, pseudo, body)
            if verdict is not None and verdict != "valid":
                answer = (
                    {"status": 400, "reason": "invalid_grant"} if path == "/token"
                    else {"status": 403, "reason": "InvalidProviderToken"})
        except asyncio.TimeoutError:
            # Open the barrier for good: every later request fails at once rather than waiting again.
            self.shared.barrier_open.set()
            self.shared.barrier_failed = True
        if self.shared.barrier_failed:
            answer = {"status": 503, "reason": "BarrierTimeout"}
        if self.shared.delay > 0:
            await asyncio.sleep(self.shared.delay)
        if answer.get("drop"):
            self.transport.close()
            return
        status, reply_headers, reply = self.render(path, pseudo, answer)
        if self.closed:
            return
        try:
            self.conn.send_headers(stream_id, [(":status", str(status))] + reply_headers)
            self.conn.send_data(stream_id, reply, end_stream=True)
        except h2.exceptions.StreamClosedError:
            pass
        self.requests.pop(stream_id, None)
        if answer.get("goaway"):
            self.conn.close_connection(last_stream_id=stream_id)
            self.flush()
            self.transport.close()
            return
        self.flush()

    def route(self, path, pseudo, body):
        if path.startswith("/3/device/"):
            return self.shared.next_answer(path[len("/3/device/"):])
        if path.endswith("/messages:send"):
            try:
                token = json.loads(body)["message"]["token"]
            except (ValueError, KeyError, TypeError):
                return {"status": 400, "reason": "INVALID_ARGUMENT"}
            return self.shared.next_answer(token)
        if path == "/token":
            return {"status": 200, "oauth": True}
        return {"status": 404, "reason": "NotFound"}

    def render(self, path, pseudo, answer):
        status = int(answer.get("status", 200))
        headers = [(name.lower(), str(value)) for name, value in answer.get("headers", {}).items()]
        if "retry_after" in answer:
            headers.append(("retry-after", str(answer["retry_after"])))
        if "body" in answer:
            return status, headers, answer["body"].encode("utf-8")
        if answer.get("oauth"):
            body = {"access_token": "standin-access-token", "expires_in": 3600, "token_type": "Bearer"}
            return status, headers + [("content-type", "application/json")], json.dumps(body).encode()
        if path.startswith("/3/device/"):
            request_id = dict(pseudo).get("apns-id") or str(uuid.uuid4()).upper()
            headers.insert(0, ("apns-id", request_id))
            if status == 200:
                return status, headers, b""
            error = {"reason": answer.get("reason", "InternalServerError")}
            if "timestamp" in answer:
                error["timestamp"] = answer["timestamp"]
            return status, headers + [("content-type", "application/json")], json.dumps(error).encode()
        if status == 200:
            body = {"name": "projects/standin/messages/%d" % self.shared.arrived}
            return status, headers + [("content-type", "application/json")], json.dumps(body).encode()
        code = answer.get("reason", "INTERNAL")
        error = {"error": {"code": status, "message": code, "status": code, "details": [
            {"@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": code}]}}
        return status, headers + [("content-type", "application/json")], json.dumps(error).encode()


def serve_http1(context, log_path):
    log = open(log_path, "a")

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self):
            length = int(self.headers.get("content-length", 0))
            body = self.rfile.read(length).decode("utf-8", "replace")
            log.write(json.dumps({"connection": 1, "stream": 0, "alpn": "http/1.1", "method": "POST",
                                  "path": self.path, "authority": self.headers.get("host"),
                                  "headers": [[k.lower(), v] for k, v in self.headers.items()], "body": body,
                                  "open_streams": 1}) + "\n")
            log.flush()
            reply = b'{"access_token": "standin-access-token", "expires_in": 3600, "token_type": "Bearer"}'
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, *arguments):
            pass

    context.set_alpn_protocols(["http/1.1"])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print("port %d" % server.server_address[1], flush=True)
    server.serve_forever()


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--script", required=True)
    parser.add_argument("--log", required=True)
    arguments = parser.parse_args()
    with open(arguments.script) as file:
        script = json.load(file)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(arguments.cert, arguments.key)
    if script.get("http1"):
        serve_http1(context, arguments.log)
        return
    context.set_alpn_protocols(["h2"])
    log = open(arguments.log, "a")
    shared = Shared(script, log)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: Connection(shared), "127.0.0.1", 0, ssl=context)
    port = server.sockets[0].getsockname()[1]
    print("port %d" % port, flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
