"""The case-insensitive patient-name index (f2c9d4b7a6e1) replaces ix_visits_last_name, which d3f52838835f gained
after it was first released (566d3ff): a database migrated by that first release has no such index and must
upgrade all the same, its patients kept."""

import pytest
import sqlalchemy as sa
from alembic import command

from calling.models import Base
from kit.migrations import alembic_config, drift

NAMES = ["Núñez", "de la Cruz", "O'Brien", "Zoë", "ÅSTRÖM", None]


@pytest.fixture
def migrations_package():
    """This test runs the migrations itself, from an empty database."""
    return None


def test_a_database_of_the_first_release_of_the_call_log_indexes_upgrades(database_url):
    cfg = alembic_config("calling", database_url)
    command.upgrade(cfg, "2f863249e1c1")  # the revision before f2c9d4b7a6e1
    engine = sa.create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:
        conn.execute(sa.text("DROP INDEX ix_visits_last_name"))  # d3f52838835f as first released
        conn.execute(sa.text("INSERT INTO visits (id, project_id, visitor_id, first_name, last_name, language_id, "
                             "status, attempts) VALUES (:id, 1, :v, :first, :last, 1, 0, 0)"),
                     [{"id": i + 1, "v": f"P{i:04d}", "first": "José" if i % 3 else None, "last": NAMES[i % len(NAMES)]}
                      for i in range(300)])
    command.upgrade(cfg, "head")
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT id, first_name, last_name FROM visits ORDER BY id")).all()
    engine.dispose()
    assert [(r.id, r.first_name, r.last_name) for r in rows] == [
        (i + 1, "José" if i % 3 else None, NAMES[i % len(NAMES)]) for i in range(300)]
    assert drift(database_url, Base.metadata) == []  # ix_visits_last_name_ci and the rest, as the models declare
