"""A CIMR Manager sees and assigns only CIMR Surveyors: the directory, its export and one account."""

import csv
import io


def test_cimr_manager_reads_only_cimr_surveyors(env):
    h = env.headers_for("cimr-manager@demo.test")
    rows = env.client.get("/api/users?limit=100", headers=h).json()["rows"]
    assert rows and {u["role"] for u in rows} == {7}
    assert env.client.get("/api/users?role=3", headers=h).json()["count"] == 0
    assert env.client.get("/api/users?role=7&search=chris", headers=h).json()["count"] == 1
    export = env.client.get("/api/users/export", headers=h).content.decode("utf-8-sig")
    assert {row[3] for row in list(csv.reader(io.StringIO(export)))[1:]} == {"CIMR Surveyor"}
    assert env.client.get(f"/api/users/{env.uid('surveyor@demo.test')}", headers=h).status_code == 404
    assert env.client.get(f"/api/users/{env.uid('admin@demo.test')}", headers=h).status_code == 404
    assert env.client.get(f"/api/users/{env.uid('cimr-surveyor@demo.test')}", headers=h).status_code == 200
    assert env.client.get(f"/api/users/{env.uid('cimr-manager@demo.test')}", headers=h).status_code == 200
    # other staff still read the whole directory
    pm = env.headers_for("pm@demo.test")
    assert env.client.get(f"/api/users/{env.uid('surveyor@demo.test')}", headers=pm).status_code == 200
    assert len({u["role"] for u in env.client.get("/api/users?limit=100", headers=pm).json()["rows"]}) > 1
