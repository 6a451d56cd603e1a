"""Surveys: question and answer banks, project questionnaires and the answers recorded on a call."""
