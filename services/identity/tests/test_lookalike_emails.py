"""An account's email address is its sign-in name and what every list shows: written in ASCII only, so no account
can take an address that looks like another's (`pm@dеmo.test` with a Cyrillic е, fullwidth `ｐｍ@demo.test`, or
the same domain in its xn-- form, which reads as the look-alike once decoded). Case never makes a second account."""

from kit.auth import Role

LOOKALIKES = ["pm@d\u0435mo.test", "\u0440m@demo.test", "\uff50\uff4d@demo.test", "jos\u00e9@demo.test",
              "pm@xn--dmo-rdd.test"]
REFUSED = "email: must be written in ASCII letters, digits and symbols (no accented or look-alike characters)"


def test_a_surveyor_cannot_change_to_an_address_that_looks_like_another_account(env):
    h = env.headers_for("surveyor@demo.test")
    sent = len(env.mail_lines())
    for address in LOOKALIKES:
        r = env.client.post("/api/account/contact-change", headers=h, json={"email": address, "password": "Demo-pass-1"})
        assert r.status_code == 422, (address, r.status_code, r.text)
        assert r.json()["message"] == REFUSED, r.text
    assert len(env.mail_lines()) == sent  # no code went anywhere
    r = env.client.post("/api/account/contact-change", headers=h,
                        json={"email": "Sam.New@Demo.Test", "password": "Demo-pass-1"})
    assert r.status_code == 200 and r.json()["data"]["sentTo"].endswith("@demo.test"), r.text


def test_an_admin_cannot_create_or_rename_an_account_to_a_lookalike(env):
    h = env.headers_for("admin@demo.test")
    body = {"firstName": "Eve", "lastName": "Mallory", "role": int(Role.QUALITY), "phoneNumber": "3125550142"}
    for address in LOOKALIKES:
        r = env.client.post("/api/users", headers=h, json={**body, "email": address})
        assert r.status_code == 422 and r.json()["message"] == REFUSED, (address, r.text)
        r = env.client.put("/api/users", headers=h, json={"id": env.uid("qa@demo.test"), "email": address})
        assert r.status_code == 422 and r.json()["message"] == REFUSED, (address, r.text)
    assert env.user("qa@demo.test").email == "qa@demo.test"
    # the same address in other case is the same account, not a second one
    r = env.client.post("/api/users", headers=h, json={**body, "email": "QA@Demo.Test"})
    assert r.status_code == 409, r.text
