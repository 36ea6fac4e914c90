"""Committee and public pairings API routes, under /api/."""

from django.urls import path

from . import api, api_options

r = "tournaments/<slug:slug>/rounds/<int:number>/"

urlpatterns = [
    path("tournaments/<slug:slug>/rounds/", api.RoundList.as_view(), name="api-round-list"),
    path("tournaments/<slug:slug>/teams/", api.TeamList.as_view(), name="api-team-list"),
    path("tournaments/<slug:slug>/options/", api_options.TournamentOptions.as_view(), name="api-options"),
    path(
        "tournaments/<slug:slug>/options/decisions/",
        api_options.OptionsDecisionCreate.as_view(),
        name="api-options-decisions",
    ),
    path(
        "tournaments/<slug:slug>/public-reasons/",
        api_options.PublicReasons.as_view(),
        name="api-public-reasons",
    ),
    path(r + "pairings/", api.RoundPairings.as_view(), name="api-round-pairings"),
    path(r + "draft/", api.DraftDetail.as_view(), name="api-draft"),
    path(r + "runs/", api.RunList.as_view(), name="api-run-list"),
    path("runs/<int:pk>/", api.RunDetail.as_view(), name="api-run-detail"),
    path(r + "amendments/", api.AmendmentList.as_view(), name="api-amendments"),
    path(r + "reverts/", api.RevertCreate.as_view(), name="api-reverts"),
    path(r + "notes/", api.NoteList.as_view(), name="api-notes"),
    path(r + "approvals/", api.ApprovalCreate.as_view(), name="api-approvals"),
    path(r + "overrides/", api.OverrideCreate.as_view(), name="api-overrides"),
    path(r + "publications/", api.PublicationCreate.as_view(), name="api-publications"),
    path(r + "corrections/", api.CorrectionCreate.as_view(), name="api-corrections"),
]
