"""The access audit's sign-ins are searched by America/Chicago days (`from`/`to` both included), as the services'
PHI trails beside them on the screen, which shows every time in Central: a sign-in at 9:30 PM on 11/27 (11/28 in
UTC) is 11/27's; the fall-back day keeps both 1:30 AMs, the spring-forward day has 23 hours."""

from datetime import datetime

from identity.audit.service import SIGN_IN_SUCCEEDED
from identity.models import AuditLog

SIGN_INS = {  # ip (the label): naive UTC instant (Central time in the comment)
    "10.0.0.1": datetime(2026, 11, 27, 5, 59, 59),  # 11/26 11:59:59 PM CST
    "10.0.0.2": datetime(2026, 11, 27, 6, 0),  # 11/27 12:00 AM CST
    "10.0.0.3": datetime(2026, 11, 28, 3, 30),  # 11/27 9:30 PM CST
    "10.0.0.4": datetime(2026, 11, 28, 6, 0),  # 11/28 12:00 AM CST
    "10.0.1.1": datetime(2026, 11, 1, 6, 30),  # 11/01 1:30 AM CDT
    "10.0.1.2": datetime(2026, 11, 1, 7, 30),  # 11/01 1:30 AM CST, the repeated hour
    "10.0.1.3": datetime(2026, 11, 2, 5, 59),  # 11/01 11:59 PM CST
    "10.0.2.1": datetime(2026, 3, 9, 4, 59),  # 03/08 11:59 PM CDT
    "10.0.2.2": datetime(2026, 3, 9, 5, 0),  # 03/09 12:00 AM CDT
}


def test_sign_ins_are_searched_by_whole_central_days(env):
    uid = env.uid("pm@demo.test")
    with env.app.state.db.session() as s:
        s.add_all(AuditLog(occurred_at=at, action=SIGN_IN_SUCCEEDED, user_id=uid, ip_address=ip)
                  for ip, at in SIGN_INS.items())
    admin = env.headers_for("admin@demo.test")

    def found(frm: str, to: str) -> set[str]:
        r = env.client.get("/api/users/sign-ins", headers=admin, params={"userId": uid, "from": frm, "to": to})
        assert r.status_code == 200, r.text
        return {x["ip"] for x in r.json()["rows"]}

    assert found("2026-11-27", "2026-11-27") == {"10.0.0.2", "10.0.0.3"}
    assert found("2026-11-01", "2026-11-01") == {"10.0.1.1", "10.0.1.2", "10.0.1.3"}
    assert found("2026-03-08", "2026-03-08") == {"10.0.2.1"}
    assert found("2026-03-09", "2026-03-09") == {"10.0.2.2"}
    # the calendar's last day has no end: a 400 naming the field, not a 500
    r = env.client.get("/api/users/sign-ins", headers=admin, params={"to": "9999-12-31"})
    assert r.status_code == 400 and r.json()["message"].startswith("to:"), r.text
