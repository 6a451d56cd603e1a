from sqlalchemy.orm import Session

from kit.errors import NotFound
from kit.events import publish, utcnow
from kit.paging import Page
from projects.client import repository
from projects.events import published
from projects.client.schemas import ClientCreate, ClientUpdate
from projects.models import Client, ClientContact

PROJECT_DELETED = "projects.project.deleted"


def get_or_404(s: Session, client_id: int) -> Client:
    client = repository.get(s, client_id)
    if client is None:
        raise NotFound("Client not found")
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


def update_client(s: Session, body: ClientUpdate) -> Client:
    client = get_or_404(s, body.id)
    if client.deleted_at is not None:
        raise NotFound("Client not found")  # deactivated clients offer no Edit
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
    for pid in repository.project_ids(s, client.id):
        publish(s, PROJECT_DELETED, {"id": pid})
    repository.remove(s, client)
    return client, "Client and all its contacts and projects deleted successfully"
