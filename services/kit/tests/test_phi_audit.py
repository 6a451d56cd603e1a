"""record_phi_access: a lost database is the kit's "Database unavailable" 503 like every other statement; any other
failure to write the row is the audit's own 503 (the record is not shown)."""

import pytest
from sqlalchemy import MetaData
from sqlalchemy.exc import IntegrityError, OperationalError

from kit.auth import Principal, Role
from kit.phi_audit import CALL_LOG_VIEW, AuditUnavailable, add_phi_audit_table, record_phi_access


class _FailingSession:
    def __init__(self, exc: Exception):
        self.info = {"phi_audit": add_phi_audit_table(MetaData()), "service_name": "calling"}
        self._exc = exc

    def execute(self, *_a, **_k):
        raise self._exc


PRINCIPAL = Principal(id=7, role=Role.ADMIN, sid="s1", name="Ada")


def _record(exc: Exception) -> None:
    record_phi_access(_FailingSession(exc), PRINCIPAL, "10.0.0.1", action=CALL_LOG_VIEW, visit_id=1)


def test_a_lost_connection_propagates_as_the_database_being_unavailable():
    lost = OperationalError("INSERT", {}, Exception("server closed the connection"), connection_invalidated=True)
    with pytest.raises(OperationalError):
        _record(lost)


def test_any_other_failure_to_write_the_row_withholds_the_record():
    with pytest.raises(AuditUnavailable):
        _record(IntegrityError("INSERT", {}, Exception("constraint")))
