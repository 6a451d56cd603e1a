
from typing import Literal

from kit.schema import Instant, ReadSchema
from projects.common import Body as Schema, Id

Status = Literal["confirmed", "remind"]


class GuidelineRead(ReadSchema):
    id: int
    projectId: int
    fileName: str
    size: int
    uploadedAt: Instant
    url: str
    isCurrent: bool


class GuidelineStatusUpdate(Schema):
    projectId: Id
    status: Status


class GuidelineStatusRead(ReadSchema):
    projectId: int
    surveyorId: int
    guidelineId: int | None
    status: Status | None
    # True when the surveyor must see the gate: current guidelines exist and are not confirmed
    # ("remind" shows the gate again before each next call, but lets calls through).
    required: bool
