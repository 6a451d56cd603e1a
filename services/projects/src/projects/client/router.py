from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, NotFound, error_responses
from kit.paging import Page, page_params
from kit.schema import DataResponse, ListResponse
from projects.client import service
from projects.client.schemas import ClientCreate, ClientRead, ClientUpdate

router = APIRouter(tags=["clients"])

READERS = (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER)


def _read(c) -> dict:
    return {"id": c.id, "name": c.name, "abbr": c.abbr, "stateId": c.state_id, "countryId": c.country_id,
            "createdAt": c.created_at, "deletedAt": c.deleted_at,
            "contacts": [{"id": x.id, "clientId": c.id, "typeId": x.type_id, "firstName": x.first_name,
                          "lastName": x.last_name, "jobTitle": x.job_title, "email": x.email,
                          "phoneNumber": x.phone_number, "phoneExtension": x.phone_extension} for x in c.contacts]}


@router.get("/api/clients", response_model=ListResponse[ClientRead], responses=error_responses(BadRequest))
def list_clients(s: SessionDep, page: Page = Depends(page_params), search: str | None = Query(None, max_length=100),
                 isClient: bool = Query(False), principal: Principal = Depends(allow(*READERS))):
    rows, count = service.list_clients(s, page, search=search, is_client=isClient)
    return {"rows": [_read(c) for c in rows], "count": count}


@router.get("/api/clients/{client_id}", response_model=ClientRead, responses=error_responses(NotFound))
def get_client(client_id: int, s: SessionDep, principal: Principal = Depends(allow(*READERS))):
    return _read(service.get_or_404(s, client_id))


@router.post("/api/clients", response_model=DataResponse[ClientRead], status_code=201)
def create_client(body: ClientCreate, s: SessionDep, principal: Principal = Depends(allow(Role.ADMIN, Role.OPERATIONS))):
    return {"message": "Client created successfully", "data": _read(service.create_client(s, body))}


@router.put("/api/clients", response_model=DataResponse[ClientRead], responses=error_responses(NotFound))
def update_client(body: ClientUpdate, s: SessionDep, principal: Principal = Depends(allow(Role.ADMIN, Role.OPERATIONS))):
    return {"message": "Client updated successfully", "data": _read(service.update_client(s, body))}


@router.delete("/api/clients", response_model=DataResponse[ClientRead], responses=error_responses(NotFound))
def delete_client(s: SessionDep, id: int = Query(...), isDeactivated: bool | None = Query(None),
                  principal: Principal = Depends(allow(Role.ADMIN))):
    client_data = None
    client, message = service.delete_client(s, client_id=id, is_deactivated=isDeactivated)
    client_data = _read(client) if isDeactivated is not None else {**_read(client), "contacts": []}
    return {"message": message, "data": client_data}
