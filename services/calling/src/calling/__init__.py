"""Calling: the call engine (claim the next patient, save results, release locks) and the call log."""
