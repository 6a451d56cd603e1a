"""Contact phones are kept when they are valid numbers of their country (shown as (###) ###-#### in the US and
Canada, internationally elsewhere), refused with the field named otherwise."""

from kit.auth import Role
from projects_support import ADMIN, client_body, project_body


def _contact(phone):
    return {"firstName": "Seán", "lastName": "O'Brien", "email": "SEAN@Client.Example", "phoneNumber": phone}


def test_client_and_project_contact_phones(api, tokens):
    a = tokens.headers(Role.ADMIN, ADMIN)
    for typed, shown in (("+1 202-555-0100", "(202) 555-0100"), ("(202) 555-0100", "(202) 555-0100"),
                         ("1.416.555.0123", "(416) 555-0123"), ("+91 22 2345 6789", "+91 22 2345 6789"),
                         ("  ", None)):
        r = api.post("/api/clients", json=client_body(contacts=[_contact(typed)]), headers=a)
        assert r.status_code == 201, r.text
        got = api.get(f"/api/clients/{r.json()['data']['id']}", headers=a).json()["contacts"][0]
        assert got["phoneNumber"] == shown and got["lastName"] == "O'Brien" and got["email"] == "sean@client.example"
    # no area code 555 or 123; "ext" belongs in Extension; India's numbers need their country code
    for bad in ("abc", "555-12", "(555) 123-4567", "123-456-7890", "202 555 0100 ext 12", "1" * 16, "22 2345 6789"):
        r = api.post("/api/clients", json=client_body(contacts=[_contact(bad)]), headers=a)
        assert r.status_code == 422 and r.json()["message"].startswith("contacts #1, phoneNumber: must be a valid phone"), bad
        r = api.post("/api/projects", json=project_body(contacts=[_contact(bad)]), headers=a)
        assert r.status_code == 422 and "phoneNumber: must be a valid phone" in r.json()["message"], bad
