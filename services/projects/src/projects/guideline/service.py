"""Guidelines: PDF upload (checked to be a PDF that opens and has pages, size-limited), the current guidelines of a project and each
surveyor's answer to them (confirmed / remind), which the call engine hears of by event."""

import re
from io import BytesIO

from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from sqlalchemy.orm import Session

from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import BadRequest, NotFound, PayloadTooLarge, ServiceError
from kit.events import utcnow
from kit.schema import NAME_CONTROL
from projects.events import published
from projects.guideline import repository
from projects.guideline.store import GuidelineStore
from projects.models import Guideline, GuidelineStatus
from projects.project import service as project_service

PDF_MAGIC = b"%PDF-"


class UnsupportedMediaType(ServiceError):
    status_code = 415
    message = "Unsupported media type"


def _page_count(content: bytes) -> int | None:
    """The PDF's pages as its page tree lists them (pdfminer, no page is drawn); None when it cannot be opened:
    damaged, or locked with a password the surveyors do not have."""
    try:
        return sum(1 for _ in PDFPage.create_pages(PDFDocument(PDFParser(BytesIO(content)))))
    except Exception:  # pdfminer fails on a broken file with many types of its own (syntax, password, type errors)
        return None


_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def _file_name(name: str | None, fallback: str | None) -> str:
    # one line of text: control characters and line breaks dropped, as a NUL is (no store refuses them then), and
    # the bidirectional overrides that show a name backwards ("guide\u202egnp.pdf" read as "guidefdp.png")
    name = _BIDI.sub("", NAME_CONTROL.sub("", (name or fallback or ""))).strip()
    name = name.replace("\\", "/").rsplit("/", 1)[-1]
    if not name:
        raise BadRequest("fileName: required")
    if len(name) > 200:
        raise BadRequest("fileName: at most 200 characters")
    return name


def upload(s: Session, principal: Principal, store: GuidelineStore, *, project_id: int, file_name: str | None,
           upload_name: str | None, content: bytes | None, max_bytes: int) -> Guideline:
    project = project_service.get_manageable_or_404(s, principal, project_id)
    if content is None or len(content) == 0:
        raise BadRequest("file: a PDF file is required")
    if len(content) > max_bytes:
        raise PayloadTooLarge(f"file: the PDF is larger than {max_bytes // (1024 * 1024)} MB")
    if not content.startswith(PDF_MAGIC):
        raise UnsupportedMediaType("file: not a PDF (the content does not start with %PDF-)")
    pages = _page_count(content)
    if pages is None:
        raise UnsupportedMediaType("file: the PDF could not be read (it may be damaged or password-protected);"
                                   " save it again as PDF and upload that")
    if pages == 0:
        raise UnsupportedMediaType("file: the PDF has no pages")
    g = Guideline(project_id=project.id, file_name=_file_name(file_name, upload_name), size=len(content),
                  uploaded_by=principal.id, uploaded_at=utcnow())
    store.put(g, content)
    repository.add(s, g)
    published.guideline_uploaded(s, g)
    return g


def _surveyor_for(principal: Principal, surveyor_id: int | None) -> int | None:
    if principal.role in SURVEYOR_ROLES:
        return principal.id
    return surveyor_id


def list_guidelines(s: Session, principal: Principal, *, project_id: int, manager_id: int | None,
                    surveyor_id: int | None) -> list[Guideline]:
    project = project_service.get_visible_or_404(s, principal, project_id)
    if manager_id is not None and principal.role != Role.PROJECT_MANAGER and project.manager_id != manager_id:
        raise NotFound(f"Project {project_id} not found")
    sid = _surveyor_for(principal, surveyor_id)
    if sid is not None and principal.role not in SURVEYOR_ROLES and not project_service.repository.is_assigned(s, project.id, sid):
        raise NotFound(f"Surveyor {sid} is not assigned to project {project_id}")
    return repository.for_project(s, project.id)


def content(s: Session, principal: Principal, store: GuidelineStore, guideline_id: int) -> tuple[Guideline, bytes]:
    g = repository.get_with_content(s, guideline_id)
    if g is None:
        raise NotFound(f"Guideline {guideline_id} not found")
    try:
        project_service.get_visible_or_404(s, principal, g.project_id)
    except NotFound:
        raise NotFound(f"Guideline {guideline_id} not found") from None
    data = store.get(g)
    if data is None:
        raise NotFound(f"Guideline {guideline_id}: the file is missing from the store")
    return g, data


def status(s: Session, principal: Principal, *, project_id: int, surveyor_id: int | None) -> dict:
    project = project_service.get_visible_or_404(s, principal, project_id)
    sid = _surveyor_for(principal, surveyor_id)
    if sid is None:
        raise BadRequest("surveyorId: required")
    current = repository.latest(s, project.id)
    st = repository.status(s, project.id, sid)
    answer = st.status if st is not None and current is not None and st.guideline_id == current.id else None
    return {"projectId": project.id, "surveyorId": sid, "guidelineId": current.id if current else None,
            "status": answer, "required": current is not None and answer != "confirmed"}


def set_status(s: Session, principal: Principal, *, project_id: int, value: str) -> dict:
    if principal.role not in SURVEYOR_ROLES:
        raise BadRequest("status: only a surveyor answers the guidelines")
    project = project_service.get_visible_or_404(s, principal, project_id)
    current = repository.latest(s, project.id)
    if current is None:
        raise NotFound(f"Project {project_id} has no guidelines uploaded yet")
    st = repository.status(s, project.id, principal.id)
    if st is None:
        st = repository.add_status(s, GuidelineStatus(project_id=project.id, surveyor_id=principal.id,
                                                       guideline_id=current.id, status=value))
    else:
        st.guideline_id, st.status = current.id, value
        s.flush()
    published.guideline_status_changed(s, st)
    return status(s, principal, project_id=project.id, surveyor_id=principal.id)
