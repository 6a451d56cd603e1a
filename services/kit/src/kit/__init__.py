"""Shared plumbing for SurveyOps services. Business rules never live here."""
