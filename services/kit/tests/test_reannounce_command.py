"""kit.reannounce: a context's re-announce command line (arguments, exit codes, messages)."""

from types import SimpleNamespace

from kit_testbed import Base
from sqlalchemy import text

from kit import reannounce


class Unknown(Exception):
    pass


def run(tmp_path, announce, *argv, url=None):
    settings = SimpleNamespace(resolved_database_url=lambda: url or f"sqlite:///{tmp_path}/ctx.sqlite3")
    return reannounce.main("ctx", settings=settings, base=Base, announce=announce, description="d", every="all",
                           refusals=(Unknown,), argv=list(argv))


def test_the_arguments_reach_the_announcing_function(tmp_path):
    seen = []
    assert run(tmp_path, lambda db, ids, dry: seen.append((ids, dry)), "--project", "3", "--project", "4", "5") == 0
    assert run(tmp_path, lambda db, ids, dry: seen.append((ids, dry)), "--dry-run") == 0
    assert seen == [([3, 4, 5], False), (None, True)]


def test_a_refusal_is_2_and_a_database_failure_is_1_without_its_text(tmp_path, capsys):
    def refuse(db, ids, dry):
        raise Unknown("project 9 is not known")

    assert run(tmp_path, refuse) == 2
    assert capsys.readouterr().err.strip() == "ctx reannounce: project 9 is not known"

    def failing_query(db, ids, dry):
        with db.session() as s:
            s.execute(text("SELECT secret_patient_column FROM no_such_table"))

    assert run(tmp_path, failing_query) == 1
    err = capsys.readouterr().err
    assert err.startswith("ctx reannounce: the database failed (OperationalError); check CTX_DATABASE_URL")
    assert "secret_patient_column" not in err and "no_such_table" not in err
