"""Comments to clean: open-ended answers (from saved surveys) and the positive / negative texts of call
results (from calling.call.completed). Cleaning status NotCleaned 0, Cleaned 1, Processing 2; a claim
(Processing) by someone else older than PROCESSING_TTL no longer blocks."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from kit.auth import Principal, Role
from kit.errors import Conflict, Forbidden, NotFound
from kit.events import publish, utcnow
from kit.paging import Page
from surveys.comments import repository as repo
from surveys.comments.schemas import CleanedCommentSave, CommentStatusChange
from surveys.events import published
from surveys.models import Comment
from surveys.question import repository as question_repo
from surveys.readmodel import repository as rm
from surveys.readmodel import service as access

OE, P, N = 0, 1, 2
NOT_CLEANED, CLEANED, PROCESSING = 0, 1, 2
PROCESSING_TTL = timedelta(minutes=15)
BEING_CLEANED = "Warning! This comment is being cleaned by someone else!!!"
ALREADY_CLEANED = "Warning! This comment is already cleaned."
TEXT_CHANGED = ("This comment's original text was changed after you opened it (Quality edited it, or the survey was "
                "saved again), so your cleaning was not saved. Open the comment again to clean its new text.")


# --- sources -------------------------------------------------------------------------------------------

def publish_summary(session: Session, project_id: int) -> None:
    cleaned, total, oldest = repo.summary(session, project_id)
    publish(session, published.COMMENT_SUMMARY_UPDATED, published.comment_summary_updated(
        project_id=project_id, cleaned=cleaned, total=total, oldest_uncleaned_surveyed_on=oldest))


def publish_cleaned(session: Session, c: Comment) -> None:
    """The comment's cleaned texts as they now are (null when not cleaned), after each change of them: the
    client report (reporting) and the call log details (calling) show them. Every event of a comment leaves
    through this context's outbox in commit order, so a consumer sees a call's cleanings in the order made."""
    cleaned = c.status == CLEANED
    publish(session, published.COMMENT_CLEANED, published.comment_cleaned(
        project_id=c.project_id, call_id=c.call_id, kind=c.kind, ques_id=c.ques_id,
        status=CLEANED if cleaned else NOT_CLEANED, nsm=c.nsm if cleaned else None,
        cleaned=c.cleaned if cleaned else None))


def _upsert(session: Session, existing: dict, *, project_id: int, call_id: int, kind: str, ques_id: int,
            text: str | None, surveyed_on: datetime | None) -> bool:
    c = existing.get((kind, ques_id))
    text = text.strip() if isinstance(text, str) else None
    if not text:
        if c is not None and c.status != CLEANED:
            repo.delete(session, c)
            return True
        return False
    if c is None:
        repo.add(session, Comment(project_id=project_id, call_id=call_id, kind=kind, ques_id=ques_id,
                                  type=OE if kind == "oe" else P, normal=text, status=NOT_CLEANED,
                                  surveyed_on=surveyed_on))
        return True
    changed = False
    if c.normal != text:
        was_cleaned = c.status == CLEANED or c.cleaned is not None or c.nsm is not None
        c.normal, c.status, c.cleaned, c.nsm, c.processing_by = text, NOT_CLEANED, None, None, None
        if was_cleaned:  # the new text must be cleaned again: its old cleaning no longer stands anywhere
            publish_cleaned(session, c)
        changed = True
    if surveyed_on is not None and c.surveyed_on != surveyed_on:
        c.surveyed_on = surveyed_on
        changed = True
    return changed


def sync_open_ended(session: Session, *, project_id: int, call_id: int, texts: dict[int, str],
                    surveyed_on: datetime | None) -> None:
    existing = {(c.kind, c.ques_id): c for c in repo.of_call(session, call_id)}
    changed = False
    for (kind, ques_id), _ in list(existing.items()):
        if kind == "oe" and ques_id not in texts:
            changed |= _upsert(session, existing, project_id=project_id, call_id=call_id, kind="oe",
                               ques_id=ques_id, text=None, surveyed_on=surveyed_on)
    for ques_id, text in texts.items():
        changed |= _upsert(session, existing, project_id=project_id, call_id=call_id, kind="oe", ques_id=ques_id,
                           text=text, surveyed_on=surveyed_on)
    if changed:
        publish_summary(session, project_id)


def discard_call(session: Session, call_id: int) -> bool:
    """The call ended without a result (released, or its hold ran out): its comments are no one's to clean. A
    cleaned one is withdrawn from its readers (comment.cleaned, not cleaned) before it goes. True when any went."""
    gone = repo.of_call(session, call_id)
    for c in gone:
        if c.status == CLEANED or c.cleaned is not None or c.nsm is not None:
            c.status, c.cleaned, c.nsm = NOT_CLEANED, None, None
            publish_cleaned(session, c)
        repo.delete(session, c)
    if gone:
        session.flush()
        for project_id in sorted({c.project_id for c in gone}):
            publish_summary(session, project_id)
    return bool(gone)


def sync_call_texts(session: Session, *, project_id: int, call_id: int, positive: str | None,
                    negative: str | None, surveyed_on: datetime | None, given: set[str]) -> None:
    """positive / negative of a completed call; a field absent from the event (not in `given`) is left alone."""
    existing = {(c.kind, c.ques_id): c for c in repo.of_call(session, call_id)}
    changed = False
    for kind, text in (("positive", positive), ("negative", negative)):
        if kind in given:
            changed |= _upsert(session, existing, project_id=project_id, call_id=call_id, kind=kind, ques_id=0,
                               text=text, surveyed_on=surveyed_on)
    for c in existing.values():  # a later surveyedOn also dates the open-ended comments of the call
        if surveyed_on is not None and c.surveyed_on is None:
            c.surveyed_on = surveyed_on
            changed = True
    if changed:
        session.flush()
        publish_summary(session, project_id)


# --- reading -------------------------------------------------------------------------------------------

def _visible_ids(session: Session, principal: Principal, manager_id: int | None) -> list[int] | None:
    if principal.has(Role.PROJECT_MANAGER) and manager_id is not None and manager_id != principal.id:
        raise Forbidden("managerId: project managers see their own projects only")
    ids = access.visible_project_ids(session, principal)
    if principal.has(Role.COMMENT_CLEANER):
        ids = None
    if manager_id is not None:
        mine = set(rm.project_ids_of_manager(session, manager_id))
        ids = sorted(mine) if ids is None else [i for i in ids if i in mine]
    return ids


def project_rows(session: Session, principal: Principal, manager_id: int | None, search: str | None, page: Page):
    if search is not None and len(search.strip()) < 2:
        search = None
    rows, count = repo.project_rows(session, _visible_ids(session, principal, manager_id),
                                    search.strip() if search else None, page)
    return [{"id": pid, "name": name, "is_locked": bool(locked), "cleaned": int(cleaned), "total": int(total),
             "oldest_uncleaned_surveyed_on": oldest} for pid, name, locked, cleaned, total, oldest in rows], count


def _status(c: Comment, now: datetime) -> int:
    if c.status == PROCESSING and (c.processing_at is None or now - c.processing_at > PROCESSING_TTL):
        return NOT_CLEANED
    return c.status


def part(c: Comment | None, now: datetime) -> dict | None:
    if c is None:
        return None
    return {"id": c.id, "normal": c.normal, "cleaned": c.cleaned, "nsm": c.nsm, "mark_cleaned": _status(c, now)}


def list_comments(session: Session, principal: Principal, *, manager_id: int | None, project_id: int | None,
                  ques_id: int | None, page: Page) -> tuple[list[dict], int]:
    if project_id is not None:
        project = access.project_or_404(session, project_id)
        visible = _visible_ids(session, principal, manager_id)
        if visible is not None and project_id not in visible:
            raise NotFound(f"projectId: project {project_id} not found")
        ids: list[int] | None = [project_id]
    else:
        ids = _visible_ids(session, principal, manager_id)
    # the page is cut in the database (repo.page_of_units); here its comments become rows, in the same order
    comments, count = repo.page_of_units(session, ids, ques_id, page.skip, page.limit)
    units: list[dict] = []
    pairs: dict[int, dict] = {}
    for c in comments:
        if c.kind == "oe":
            units.append({"oe": c, "call_id": c.call_id})
        else:
            unit = pairs.get(c.call_id)
            if unit is None:
                unit = pairs[c.call_id] = {"call_id": c.call_id}
                units.append(unit)
            unit[c.kind] = c
    calls = repo.calls(session, [u["call_id"] for u in units])
    questions = {q: question_repo.get(session, q) for q in {u["oe"].ques_id for u in units if "oe" in u}}
    now = utcnow()
    rows = []
    for u in units:
        call = calls.get(u["call_id"])
        ch = None if call is None else {
            "call_id": call.call_id, "patient_full_name": call.patient_full_name, "user": call.surveyor_id,
            "department_name": call.department, "site_name": call.site, "provider_name": call.provider,
            "language_id": call.language_id, "survey_language_id": call.survey_language_id or call.language_id,
            "dos": call.dos, "surveyed_on": call.surveyed_on}
        if "oe" in u:
            c = u["oe"]
            q = questions.get(c.ques_id)
            rows.append({"id": c.id, "project_id": c.project_id, "type": OE, "normal": c.normal, "cleaned": c.cleaned,
                         "nsm": c.nsm, "mark_cleaned": _status(c, now), "positive": None, "negative": None,
                         "question": {"id": c.ques_id, "title": q.title if q else ""}, "ch": ch})
        else:
            first = u.get("positive") or u.get("negative")
            rows.append({"id": first.id, "project_id": first.project_id, "type": P, "normal": None, "cleaned": None,
                         "nsm": None, "mark_cleaned": None, "positive": part(u.get("positive"), now),
                         "negative": part(u.get("negative"), now), "question": None, "ch": ch})
    return rows, count


# --- cleaning ------------------------------------------------------------------------------------------

def _comment_for(session: Session, principal: Principal, project_id: int, comment_id: int, *,
                 kinds: tuple[str, ...]) -> Comment:
    access.project_or_404(session, project_id)
    visible = _visible_ids(session, principal, None)
    c = repo.get(session, comment_id)
    if c is None or c.project_id != project_id or (visible is not None and project_id not in visible) \
            or c.kind not in kinds:
        raise NotFound(f"id: comment {comment_id} not found in project {project_id}")
    return c


def _check_free(c: Comment, principal: Principal, now: datetime) -> None:
    status = _status(c, now)
    if status == PROCESSING and c.processing_by != principal.id:
        raise Conflict(BEING_CLEANED)
    if status == CLEANED:
        raise Conflict(ALREADY_CLEANED)


def save_cleaned(session: Session, principal: Principal, body: CleanedCommentSave) -> list[int]:
    now = utcnow()
    seen: list[str | None] = []  # the original texts the cleaner's screen showed, as the targets
    if body.id is not None:
        targets = [(_comment_for(session, principal, body.project_id, body.id, kinds=("oe",)), body.nsm, body.cleaned)]
        seen.append(body.normal)
    else:
        targets = []
        if body.positive_id is not None:
            targets.append((_comment_for(session, principal, body.project_id, body.positive_id, kinds=("positive",)),
                            body.positive_w_n_s_m, body.positive_wo_n_s_m))
            seen.append(body.positive_normal)
        if body.negative_id is not None:
            targets.append((_comment_for(session, principal, body.project_id, body.negative_id, kinds=("negative",)),
                            body.negative_w_n_s_m, body.negative_wo_n_s_m))
            seen.append(body.negative_normal)
    for (c, _, _), text in zip(targets, seen):
        _check_free(c, principal, now)
        if text is not None and text.strip() != (c.normal or "").strip():
            raise Conflict(TEXT_CHANGED)
    for c, nsm, cleaned in targets:
        c.nsm = nsm.strip() if nsm and nsm.strip() else None
        c.cleaned = cleaned.strip() if cleaned else None
        c.status, c.processing_by, c.processing_at, c.cleaned_by, c.cleaned_at = CLEANED, None, None, principal.id, now
    session.flush()
    for c, _, _ in targets:
        publish_cleaned(session, c)
    publish_summary(session, body.project_id)
    return [c.id for c, _, _ in targets]


def change_status(session: Session, principal: Principal, body: CommentStatusChange) -> tuple[str, Comment, bool]:
    """(message, comment, renewed): renewed when the change was the holder renewing a live claim (Comment Cleaning
    does so while its dialog stays open); the claim then runs PROCESSING_TTL from now."""
    now = utcnow()
    c = _comment_for(session, principal, body.project_id, body.id, kinds=("oe", "positive", "negative"))
    if body.processing is not None:
        if body.processing:
            _check_free(c, principal, now)
            renewed = _status(c, now) == PROCESSING and c.processing_by == principal.id
            c.status, c.processing_by, c.processing_at = PROCESSING, principal.id, now
            session.flush()
            return "Comment opened for cleaning", c, renewed
        if _status(c, now) == PROCESSING and c.processing_by == principal.id:
            c.status, c.processing_by, c.processing_at = NOT_CLEANED, None, None
            session.flush()
        return "Comment released", c, False
    if body.mark_cleaned:
        _check_free(c, principal, now)
        c.cleaned = c.cleaned or c.normal
        c.status, c.processing_by, c.processing_at, c.cleaned_by, c.cleaned_at = CLEANED, None, None, principal.id, now
        message = "Comment marked cleaned"
    else:
        if _status(c, now) == PROCESSING and c.processing_by != principal.id:
            raise Conflict(BEING_CLEANED)
        c.status, c.cleaned, c.nsm, c.processing_by, c.processing_at, c.cleaned_by, c.cleaned_at = (
            NOT_CLEANED, None, None, None, None, None, None)
        message = "Comment uncleaned"
    session.flush()
    publish_cleaned(session, c)
    publish_summary(session, body.project_id)
    return message, c, False


def visit_of(session: Session, c: Comment) -> int | None:
    """The patient's visit a comment came from (calling's call, as surveys knows it), for the PHI access audit."""
    call = rm.get_call(session, c.call_id)
    return call.visit_id if call is not None else None


def describe_page(*, project_id: int | None, ques_id: int | None, manager_id: int | None, page: Page, returned: int,
                  count: int) -> str:
    """What one page of comments showed, for the PHI access audit: its filters and rows, never a comment or a name."""
    parts = ["comments"] + [f"{label} {value}" for label, value in (("project", project_id), ("question", ques_id),
                                                                  ("manager", manager_id)) if value is not None]
    return f"{', '.join(parts)}, skip {page.skip}, limit {page.limit}, rows {page.skip + 1}-{page.skip + returned} of {count}"
