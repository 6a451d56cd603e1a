from sqlalchemy.orm import Session

from kit.errors import BadRequest, NotFound
from kit.events import utcnow
from kit.paging import Page
from kit.phones import format_phone
from projects.client import repository
from projects.client.schemas import ClientCreate, ClientUpdate
from projects.events import published
from projects.models import Client, ClientContact


def contact_read(c, client_id: int, formatted: bool = False) -> dict:
    return {"id": c.id, "clientId": client_id, "typeId": c.type_id, "firstName": c.first_name,
            "lastName": c.last_name, "jobTitle": c.job_title, "email": c.email,
            "phoneNumber": format_phone(c.phone_number) if formatted else c.phone_number,
            "phoneExtension": c.phone_extension}


def read(c: Client, formatted: bool = False) -> dict:
    return {"id": c.id, "name": c.name, "abbr": c.abbr, "stateId": c.state_id, "countryId": c.country_id,
            "createdAt": c.created_at, "deletedAt": c.deleted_at,
            "contacts": [contact_read(x, c.id, formatted) for x in c.contacts]}


def get_or_404(s: Session, client_id: int) -> Client:
    client = repository.get(s, client_id)
    if client is None:
        raise NotFound(f"Client {client_id} not found")
    return client


def list_clients(s: Session, page: Page, *, search: str | None, is_client: bool) -> tuple[list[Client], int]:
    search = search.strip() if search else None
    if search is not None and len(search) < 2:
        search = None
    # isClient=true is the project form's client picker: active clients only.
    return repository.list_page(s, page, search=search, active_only=is_client)


def _contacts(body: ClientCreate) -> list[ClientContact]:
    return [ClientContact(type_id=c.typeId, first_name=c.firstName, last_name=c.lastName, job_title=c.jobTitle,
                          email=str(c.email), phone_number=c.phoneNumber, phone_extension=c.phoneExtension)
            for c in body.contacts]


def create_client(s: Session, body: ClientCreate) -> Client:
    client = Client(name=body.name, abbr=body.abbr, state_id=body.stateId, country_id=body.countryId)
    client.contacts = _contacts(body)
    client = repository.add(s, client)
    published.client_changed(s, published.CLIENT_CREATED, client.id, client.name)
    return client


def _check_active(client: Client) -> None:
    """A deactivated client offers no Edit (spec §4): neither it nor its contacts change until it is reactivated."""
    if client.deleted_at is not None:
        raise BadRequest(f"id: client {client.id} is deactivated; reactivate it before editing")


def update_client(s: Session, body: ClientUpdate) -> Client:
    client = get_or_404(s, body.id)
    _check_active(client)
    client.name, client.abbr, client.state_id, client.country_id = body.name, body.abbr, body.stateId, body.countryId
    existing = {c.id: c for c in client.contacts}
    kept = []
    for c in body.contacts:
        row = existing.get(c.id) if c.id is not None else None
        if row is None:
            row = ClientContact()
        row.type_id, row.first_name, row.last_name, row.job_title = c.typeId, c.firstName, c.lastName, c.jobTitle
        row.email, row.phone_number, row.phone_extension = str(c.email), c.phoneNumber, c.phoneExtension
        kept.append(row)
    client.contacts = kept
    s.flush()
    published.client_changed(s, published.CLIENT_UPDATED, client.id, client.name)
    return client


def delete_client(s: Session, *, client_id: int, is_deactivated: bool | None) -> tuple[Client, str]:
    """isDeactivated=true deactivates, false reactivates, absent deletes permanently (contacts and projects)."""
    client = get_or_404(s, client_id)
    if is_deactivated is True:
        client.deleted_at = client.deleted_at or utcnow()
        return client, "Client deactivated successfully"
    if is_deactivated is False:
        client.deleted_at = None
        return client, "Client reactivated successfully"
    project_ids = repository.project_ids(s, client.id)
    for pid in project_ids:
        published.project_deleted(s, pid)
    published.client_deleted(s, client.id, project_ids)
    repository.remove(s, client)
    return client, "Client and all its contacts and projects deleted successfully"


def search_contacts(s: Session, client_id: int, search: str | None) -> list[dict]:
    """The project form's contact search: the client's contacts, by name or email from 2 characters."""
    client = get_or_404(s, client_id)
    term = (search or "").strip().lower()
    rows = client.contacts
    if len(term) >= 2:
        rows = [c for c in rows if term in f"{c.first_name} {c.last_name}".lower() or term in c.email.lower()]
    return [contact_read(c, client.id) for c in rows]


def delete_contact(s: Session, *, contact_id: int) -> dict:
    contact = repository.get_contact(s, contact_id)
    if contact is None:
        raise NotFound(f"Contact {contact_id} not found")
    client = contact.client
    _check_active(client)
    if len(client.contacts) <= 1:
        raise BadRequest("id: a client keeps at least one contact")
    data = contact_read(contact, client.id)
    client.contacts.remove(contact)
    s.flush()
    return data
