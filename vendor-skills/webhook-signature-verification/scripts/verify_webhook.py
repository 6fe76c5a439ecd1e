#!/usr/bin/env python3
"""Verify Cloud Agents webhook deliveries (Python 3.8+, standard library only).

An endpoint signs in one of two schemes (its ``signing_scheme``):

* ``webhook_signature`` (default): ``Webhook-Signature: t=<unix seconds>,v1=<hex>``, the hex
  HMAC-SHA256 keyed with the UTF-8 bytes of the whole secret (``whsec_`` included) of
  ``<t>.<raw body>``.
* ``standard_webhooks``: ``webhook-id``, ``webhook-timestamp`` and
  ``webhook-signature: v1,<base64>``, the base64 HMAC-SHA256 keyed with the base64-decoded part of
  the secret after ``whsec_`` of ``<id>.<timestamp>.<raw body>``.

During a secret rotation a delivery carries two signatures (the new secret's first): any match is
enough. Copy this file next to your code::

    from verify_webhook import verify_webhook, WebhookVerificationError

    # Flask:   verify_webhook(request.get_data(), request.headers, [SECRET])
    # FastAPI: verify_webhook(await request.body(), request.headers, [SECRET])
    # Django:  verify_webhook(request.body, request.headers, [SECRET])

or run it::

    python3 verify_webhook.py --secret whsec_... --body-file body.json \\
        --header 'Webhook-Signature: t=...,v1=...'
    python3 verify_webhook.py --secret whsec_... --sign [--scheme standard_webhooks --id evt_...] \\
        --body-file body.json
"""

import argparse
import base64
import binascii
import hashlib
import hmac
import json
import re
import sys
import time
from typing import Iterable, List, Mapping, Optional, Union

DEFAULT_TOLERANCE_SECONDS = 600
_PREFIX = "whsec_"


class WebhookVerificationError(Exception):
    """A delivery that must be rejected. ``code`` is stable; the message says what to fix."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _secrets(secrets: Union[str, Iterable[str]]) -> List[str]:
    items = [secrets] if isinstance(secrets, str) else list(secrets)
    if not items:
        raise WebhookVerificationError("bad_secret", "No signing secret was given.")
    for secret in items:
        if not isinstance(secret, str) or not secret.startswith(_PREFIX):
            raise WebhookVerificationError(
                "bad_secret",
                "The signing secret must be the whole string returned when the endpoint was created "
                "(or its secret rotated), including its whsec_ prefix.",
            )
    return items


def _standard_key(secret: str) -> bytes:
    encoded = secret[len(_PREFIX):]
    try:
        if not re.fullmatch(r"[A-Za-z0-9+/]+={0,2}", encoded):
            raise ValueError(encoded)
        return base64.b64decode(encoded, validate=True)
    except (ValueError, binascii.Error):
        raise WebhookVerificationError(
            "bad_secret",
            "With standard_webhooks the key is the base64-decoded part of the secret after whsec_, "
            "and this secret is not standard base64: use it exactly as returned (an endpoint created "
            "before secrets were standard base64 must rotate its secret first).",
        ) from None


def sign_webhook_signature(secret: str, timestamp: int, body: bytes) -> str:
    """The webhook_signature v1 value (hex) of a body, as the service computes it."""
    return hmac.new(secret.encode("utf-8"), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def sign_standard(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    """The standard_webhooks v1 value (base64) of a body, as the service computes it."""
    mac = hmac.new(_standard_key(secret), f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256)
    return base64.b64encode(mac.digest()).decode("ascii")


def _header(headers: Mapping[str, str], name: str) -> Optional[str]:
    # Works with dicts, Flask/Starlette/Django header objects (case-insensitive or not).
    for key in (name, name.title(), name.lower()):
        try:
            value = headers.get(key)  # type: ignore[attr-defined]
        except AttributeError:
            value = None
        if value:
            return value
    for key, value in getattr(headers, "items", lambda: [])():
        if key.lower() == name:
            return value
    return None


def verify_webhook(
    raw_body: bytes,
    headers: Union[Mapping[str, str], str],
    secrets: Union[str, Iterable[str]],
    tolerance: int = DEFAULT_TOLERANCE_SECONDS,
    now: Optional[float] = None,
    scheme: Optional[str] = None,
) -> dict:
    """Verifies a delivery and returns the parsed envelope.

    ``headers`` is the request's headers (both schemes), or the Webhook-Signature value alone
    (webhook_signature). ``secrets`` is the endpoint's secret, or several while rotating.
    Raises WebhookVerificationError.
    """
    if not isinstance(raw_body, (bytes, bytearray)):
        raise WebhookVerificationError(
            "parsed_body",
            "The body must be the raw request bytes (request.get_data(), await request.body(), "
            "request.body), not parsed JSON.",
        )
    body = bytes(raw_body)
    keys = _secrets(secrets)
    if isinstance(headers, str):
        value, msg_id, stamp = headers, None, None
    else:
        value = _header(headers, "webhook-signature")
        msg_id = _header(headers, "webhook-id")
        stamp = _header(headers, "webhook-timestamp")
    if not value or not value.strip():
        raise WebhookVerificationError("missing_header", "The request has no webhook-signature header.")
    if scheme is None:
        scheme = "webhook_signature" if re.search(r"(^|,)\s*t=", value) else "standard_webhooks"

    if scheme == "webhook_signature":
        t, candidates = None, []
        for part in value.split(","):
            key, _, val = part.strip().partition("=")
            if key == "t" and re.fullmatch(r"\d{1,12}", val):
                t = int(val)
            elif key == "v1" and re.fullmatch(r"[0-9a-fA-F]{64}", val):
                candidates.append(bytes.fromhex(val))
        if t is None or not candidates:
            raise WebhookVerificationError(
                "malformed_header", "Webhook-Signature must look like t=<unix seconds>,v1=<64 hex digits>."
            )

        def compute(secret: str) -> bytes:
            return bytes.fromhex(sign_webhook_signature(secret, t, body))

    else:
        candidates = [
            base64.b64decode(part[3:])
            for part in value.split()
            if re.fullmatch(r"v1,[A-Za-z0-9+/]{43}=", part)
        ]
        if not candidates:
            raise WebhookVerificationError(
                "malformed_header", "webhook-signature must look like v1,<base64 of 32 bytes>."
            )
        if not msg_id or not stamp or not re.fullmatch(r"\d{1,12}", stamp):
            raise WebhookVerificationError(
                "missing_header",
                "A standard_webhooks delivery is verified with its webhook-id and webhook-timestamp "
                "headers too: pass the request's headers, not only webhook-signature.",
            )
        t = int(stamp)

        def compute(secret: str) -> bytes:
            return base64.b64decode(sign_standard(secret, msg_id, t, body))

    current = time.time() if now is None else now
    if abs(current - t) > tolerance:
        raise WebhookVerificationError(
            "timestamp_out_of_tolerance",
            f"The signature timestamp is {int(current - t)} s from now (tolerance {tolerance} s): a replay, "
            "or a wrong clock on this machine (check NTP).",
        )
    for secret in keys:
        expected = compute(secret)
        # Constant time, every candidate: never compare signatures with ==.
        if any(hmac.compare_digest(expected, candidate) for candidate in candidates):
            try:
                return json.loads(body)
            except ValueError:
                raise WebhookVerificationError(
                    "invalid_json", "The signature is valid but the body is not JSON."
                ) from None
    raise WebhookVerificationError(
        "signature_mismatch",
        "No v1 signature matches. Check that the secret belongs to this endpoint (a rotation gives a "
        "new one) and that the body is the exact bytes received, not re-serialized JSON.",
    )


def _main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description="Verify or sign a Cloud Agents webhook delivery.")
    parser.add_argument("--secret", required=True, help="whsec_... (several, comma-separated, while rotating)")
    parser.add_argument("--body-file", required=True, help="the raw body, byte for byte")
    parser.add_argument("--header", action="append", default=[], help="'Name: value', repeatable")
    parser.add_argument("--scheme", choices=["webhook_signature", "standard_webhooks"])
    parser.add_argument("--sign", action="store_true", help="print the signature headers instead")
    parser.add_argument("--id", help="standard_webhooks: the delivery id to sign")
    parser.add_argument("--timestamp", type=int, help="the signing time (default now)")
    parser.add_argument("--tolerance", type=int, default=DEFAULT_TOLERANCE_SECONDS)
    args = parser.parse_args(argv)
    secrets = [s for s in args.secret.split(",") if s]
    with open(args.body_file, "rb") as f:
        body = f.read()
    try:
        if args.sign:
            t = int(time.time()) if args.timestamp is None else args.timestamp
            if args.scheme == "standard_webhooks":
                if not args.id:
                    raise WebhookVerificationError("missing_header", "--sign --scheme standard_webhooks needs --id.")
                sigs = " ".join(f"v1,{sign_standard(s, args.id, t, body)}" for s in _secrets(secrets))
                print(f"webhook-id: {args.id}\nwebhook-timestamp: {t}\nwebhook-signature: {sigs}")
            else:
                sigs = ",".join(f"v1={sign_webhook_signature(s, t, body)}" for s in _secrets(secrets))
                print(f"Webhook-Signature: t={t},{sigs}")
            return 0
        headers = {}
        for line in args.header:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        envelope = verify_webhook(body, headers, secrets, tolerance=args.tolerance, scheme=args.scheme)
        print(f"valid: {envelope.get('id')} {envelope.get('data', {}).get('type', '')}")
        return 0
    except WebhookVerificationError as err:
        print(f"invalid ({err.code}): {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
