"""Reporting: call stats and surveyor earnings, computed from its own read model of calls, projects and users."""
