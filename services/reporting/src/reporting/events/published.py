"""Reporting publishes no events yet: it only reads (call, project and user events into its read model)."""
