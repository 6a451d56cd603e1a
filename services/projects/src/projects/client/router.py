from fastapi import APIRouter, Depends, Query

from kit.app import SessionDep
from kit.auth import Principal, Role, allow
from kit.errors import BadRequest, NotFound, error_responses
from kit.paging import Page, page_params
from kit.schema import DataResponse, ListResponse
from projects.access import CLIENT_EDITORS, CLIENT_READERS
from projects.client import service
from projects.client.schemas import ClientCreate, ClientRead, ClientUpdate, ContactRead
from projects.common import IdPath, id_query

router = APIRouter(tags=["clients"])


@router.get("/api/clients", response_model=ListResponse[ClientRead], responses=error_responses(BadRequest))
def list_clients(s: SessionDep, page: Page = Depends(page_params), search: str | None = Query(None, max_length=100),
                 isClient: bool = Query(False), principal: Principal = Depends(allow(*CLIENT_READERS))):
    rows, count = service.list_clients(s, page, search=search, is_client=isClient)
    return {"rows": [service.read(c) for c in rows], "count": count}


@router.get("/api/clients/contact/{client_id}", response_model=ListResponse[ContactRead],
            responses=error_responses(NotFound))
def list_client_contacts(client_id: IdPath, s: SessionDep, search: str | None = Query(None, max_length=100),
                         principal: Principal = Depends(allow(*CLIENT_READERS))):
    rows = service.search_contacts(s, client_id, search)
    return {"rows": rows, "count": len(rows)}


@router.get("/api/clients/{client_id}", response_model=ClientRead, responses=error_responses(NotFound))
def get_client(client_id: IdPath, s: SessionDep, principal: Principal = Depends(allow(*CLIENT_READERS))):
    return service.read(service.get_or_404(s, client_id), formatted=True)


@router.post("/api/clients", response_model=DataResponse[ClientRead], status_code=201,
             responses=error_responses(BadRequest))
def create_client(body: ClientCreate, s: SessionDep, principal: Principal = Depends(allow(*CLIENT_EDITORS))):
    return {"message": "Client created successfully", "data": service.read(service.create_client(s, body))}


@router.put("/api/clients", response_model=DataResponse[ClientRead], responses=error_responses(BadRequest, NotFound))
def update_client(body: ClientUpdate, s: SessionDep, principal: Principal = Depends(allow(*CLIENT_EDITORS))):
    return {"message": "Client updated successfully", "data": service.read(service.update_client(s, body))}


@router.delete("/api/clients", response_model=DataResponse[ClientRead], responses=error_responses(NotFound))
def delete_client(s: SessionDep, id: int = id_query(), isDeactivated: bool | None = Query(None),
                  principal: Principal = Depends(allow(Role.ADMIN))):
    client, message = service.delete_client(s, client_id=id, is_deactivated=isDeactivated)
    data = service.read(client) if isDeactivated is not None else {**service.read(client), "contacts": []}
    return {"message": message, "data": data}


@router.delete("/api/clients/contact", response_model=DataResponse[ContactRead],
               responses=error_responses(BadRequest, NotFound))
def delete_client_contact(s: SessionDep, id: int = id_query(), principal: Principal = Depends(allow(*CLIENT_EDITORS))):
    contact = service.delete_contact(s, contact_id=id)
    return {"message": "Contact deleted successfully", "data": contact}
