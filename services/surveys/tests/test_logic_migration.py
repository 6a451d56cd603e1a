"""The migration that deletes logic rules of responses removed before removing a response dropped them."""

import pytest
import sqlalchemy as sa
from alembic import command

from kit.migrations import alembic_config


@pytest.fixture
def migrations_package():
    """This test runs the migrations itself, from an empty database."""
    return None


def test_rules_of_removed_responses_are_deleted_and_the_rest_kept(database_url):
    cfg = alembic_config("surveys", database_url)
    command.upgrade(cfg, "5eb9bea78b60")
    engine = sa.create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    now = "2026-11-01 00:00:00"
    with engine.begin() as conn:
        def run(sql: str, **params):
            conn.execute(sa.text(sql), {"now": now, **params})

        run("INSERT INTO question (id, title, is_question, created_at, updated_at) VALUES (1, 'Recommend', false, :now, :now)")
        for answer_id, title in ((10, "Yes"), (11, "No")):
            run("INSERT INTO answer (id, title, is_ans, created_at, updated_at) VALUES (:i, :t, false, :now, :now)",
                i=answer_id, t=title)
        run("INSERT INTO questionnaire_item (id, project_id, question_id, sequence, type, created_at) "
            "VALUES (5, 7, 1, 1, 1, :now)")
        run("INSERT INTO questionnaire_answer (id, item_id, answer_id, r_position) VALUES (1, 5, 10, 1)")  # No removed
        rules = [(1, 7, False, 1, 10, None), (2, 7, False, 1, 11, None),  # on Yes (kept), on the removed No
                 (3, 8, False, 1, 10, None),                              # another project's questionnaire lacks it
                 (4, 7, True, None, None, "Language")]                    # a roster rule: no response involved
        for rid, pid, via_roster, qid, aid, field in rules:
            run("INSERT INTO logic_rule (id, project_id, via_roster, question_id, answer_id, roster_field, roster_value, "
                "affected_question_ids, is_deleted, created_at, updated_at) "
                "VALUES (:i, :p, :v, :q, :a, :f, 'Spanish', '[2]', false, :now, :now)",
                i=rid, p=pid, v=via_roster, q=qid, a=aid, f=field)
    command.upgrade(cfg, "head")
    with engine.connect() as conn:
        deleted = dict(conn.execute(sa.text("SELECT id, is_deleted FROM logic_rule ORDER BY id")).all())
    engine.dispose()
    assert {k: bool(v) for k, v in deleted.items()} == {1: False, 2: True, 3: True, 4: False}
