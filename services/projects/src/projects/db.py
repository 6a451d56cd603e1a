"""The request's session for this service's routes.

Committed when the route function returns, before the response is sent: with FastAPI >= 0.118 the kit's
`SessionDep` (request scope) commits only after the response went out, so a client acting on a response
(e.g. confirming a just-previewed roster) could race the commit.
"""

from typing import Annotated

from fastapi import Depends
from sqlalchemy.orm import Session

from kit.app import get_session

SessionDep = Annotated[Session, Depends(get_session, scope="function")]
