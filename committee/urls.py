"""The committee's pages, under /committee/."""

from django.urls import path

from . import draft_views, note_views, options_views, views

round_prefix = "<slug:slug>/round/<int:number>/"

urlpatterns = [
    path("<slug:slug>/", views.dashboard, name="committee-dashboard"),
    path("<slug:slug>/options/", options_views.options_page, name="committee-options"),
    path("<slug:slug>/options/decision/", options_views.options_decision, name="committee-options-decision"),
    path("<slug:slug>/public-reasons/", options_views.public_reasons, name="committee-public-reasons"),
    path(round_prefix, views.round_review, name="committee-round"),
    path(round_prefix + "draft/", views.draft_panel, name="committee-draft-panel"),
    path(round_prefix + "run-status/", views.run_status, name="committee-run-status"),
    path(round_prefix + "request/", draft_views.request_pairing, name="committee-request"),
    path(round_prefix + "amend/", draft_views.amend, name="committee-amend"),
    path(round_prefix + "revert/", draft_views.revert, name="committee-revert"),
    path(round_prefix + "override/", draft_views.override, name="committee-override"),
    path(round_prefix + "approve/", draft_views.approve, name="committee-approve"),
    path(round_prefix + "publish/", draft_views.publish, name="committee-publish"),
    path(round_prefix + "correct/", draft_views.start_correction, name="committee-correct"),
    path(round_prefix + "notes/", note_views.add_note, name="committee-note"),
    path(round_prefix + "keep/", note_views.keep_pairing, name="committee-keep-pairing"),
    path(round_prefix + "writeup/", note_views.writeup, name="committee-writeup"),
]
