"""Tournaments: the domain model of a team (or individual) chess competition."""
