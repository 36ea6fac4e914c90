from django.apps import AppConfig


class ParticipantsConfig(AppConfig):
    name = "participants"
    verbose_name = "Team and player pages, board prizes"
