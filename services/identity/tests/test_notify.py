"""The real SMS provider's adapter, against a mock transport: the request it sends and how failures surface."""

import base64
from urllib.parse import parse_qs

import httpx
import pytest

from identity.config import Settings
from identity.notify import DeliveryFailed, TwilioSms

TWILIO = dict(sms_provider="twilio", twilio_account_sid="AC0123456789abcdef", twilio_auth_token="tok-not-real",
              twilio_from_number="+12025550100", twilio_api_base="https://api.twilio.test")


def _sms(handler) -> TwilioSms:
    return TwilioSms(Settings(**TWILIO), client=httpx.Client(transport=httpx.MockTransport(handler)))


def test_twilio_request():
    seen = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(201, json={"sid": "SM1", "status": "queued"})

    _sms(handler).send("2025550104", "Your SurveyOps verification code is 123456")
    (r,) = seen
    assert r.method == "POST"
    assert str(r.url) == "https://api.twilio.test/2010-04-01/Accounts/AC0123456789abcdef/Messages.json"
    assert r.headers["content-type"] == "application/x-www-form-urlencoded"
    assert r.headers["authorization"] == "Basic " + base64.b64encode(b"AC0123456789abcdef:tok-not-real").decode()
    form = parse_qs(r.content.decode())
    assert form == {"To": ["+12025550104"], "From": ["+12025550100"],
                    "Body": ["Your SurveyOps verification code is 123456"]}


def test_twilio_keeps_an_international_number():
    seen = []
    _sms(lambda r: seen.append(r) or httpx.Response(201, json={})).send("+442071838750", "x")
    assert parse_qs(seen[0].content.decode())["To"] == ["+442071838750"]


@pytest.mark.parametrize("handler", [
    lambda r: httpx.Response(400, json={"code": 21211, "message": "Invalid 'To' Phone Number"}),
    lambda r: httpx.Response(503),
    lambda r: (_ for _ in ()).throw(httpx.ConnectTimeout("timed out", request=r)),
])
def test_twilio_failures_are_delivery_failures(handler, caplog):
    with pytest.raises(DeliveryFailed):
        _sms(handler).send("2025550104", "Your SurveyOps verification code is 975310")
    assert "975310" not in caplog.text and "2025550104" not in caplog.text  # no message contents in logs


def test_twilio_needs_its_credentials():
    with pytest.raises(RuntimeError, match="TWILIO"):
        TwilioSms(Settings(**{**TWILIO, "twilio_auth_token": ""}))
