

from pydantic import Field, model_validator

from kit.eventdata import INT64_MAX
from kit.schema import Instant, ReadSchema, Schema

from calling.call_log.schemas import CallLogRead, PersonRef, ProjectRef


class EscalationProject(ProjectRef):
    type_id: int | None = None
    manager_id: int | None = None
    client_id: int | None = None


class EscalationRead(ReadSchema):
    id: int
    call_id: int
    call_his_id: int
    project_id: int
    surveyor_id: int
    surveyed_on: Instant
    status: bool
    status_name: str
    notes: str | None
    resolved_at: Instant | None
    project: EscalationProject
    surveyor: PersonRef


class EscalationDetail(EscalationRead):
    log: CallLogRead | None


class EscalationUpdate(Schema):
    """Resolve an escalation and/or save its notes."""

    id: int = Field(gt=0, le=INT64_MAX)
    call_his_id: int | None = Field(None, gt=0, le=INT64_MAX, description="the escalation's callId (checked when given)")
    notes: str | None = Field(None, max_length=5000)
    status: bool | None = Field(None, description="true resolves the escalation")

    @model_validator(mode="after")
    def _something(self):
        if self.notes is None and self.status is None:
            raise ValueError("notes or status: nothing to change")
        return self
