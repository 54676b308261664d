"""World settings hold every dial of the rules, with the rules' defaults."""

from dataclasses import fields

import pytest
from marshmallow import ValidationError

from bridge.rules.moment_of_truth.dials import Dials, ReactionStatistic
from bridge.schemas.settings import default_settings, world_settings_schema
from bridge.systems.moment_of_truth.settings import dials_of


def test_every_dial_is_a_world_setting_with_the_rules_default():
    settings = default_settings()
    for dial in fields(Dials):
        assert dial.name in settings, f"dial {dial.name} is not a world setting"
        assert settings[dial.name] == getattr(Dials(), dial.name), dial.name


def test_stored_settings_give_back_the_dials():
    stored = {**default_settings(), "default_tn": 1, "reaction_statistic": "perception", "moments_player_limit": 3}
    dials = dials_of(stored)
    assert (dials.default_tn, dials.reaction_statistic, dials.moments_player_limit) == (1, ReactionStatistic.PERCEPTION, 3)


def test_a_world_from_before_a_dial_existed_gets_its_default():
    assert dials_of({"default_tn": 1}) == Dials(default_tn=1)


@pytest.mark.parametrize(
    "bad",
    [{"default_tn": 3}, {"reaction_statistic": "luck"}, {"bleeding": "sometimes"}, {"skill_points_base": -1}, {"hit_points_base": 0}],
)
def test_bad_dials_are_refused_by_name(bad):
    with pytest.raises(ValidationError) as refused:
        world_settings_schema()(partial=True).load(bad)
    assert list(refused.value.messages) == list(bad)
