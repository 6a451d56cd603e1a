"""Reporting publishes no events yet: it only reads (call, project and user events into its read model)."""

# Every routing key this context publishes (tests/test_event_catalogue.py reads it).
PUBLISHED: tuple[str, ...] = ()
