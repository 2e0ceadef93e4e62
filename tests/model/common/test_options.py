"""Rule options: parsed from JSON values and from --rule flags, refused with the option named."""

import pytest

from model.common.errors import InputError
from model.common.options import build_rules, parse_rule_flags, rules_as_dict
from model.whitehouse.network.arrangement import TRICKS_OPTIONS, TricksRules


def test_defaults_are_the_literal_reading():
    assert rules_as_dict(build_rules(TricksRules, TRICKS_OPTIONS, {}, "f.json")) == {
        "connected": True,
        "every_card_matched": False,
    }


@pytest.mark.parametrize("raw", [False, "false", "False", " false "])
def test_boolean_option_from_json_or_flag(raw):
    assert build_rules(TricksRules, TRICKS_OPTIONS, {"connected": raw}, "f.json").connected is False


def test_unknown_option_names_its_path():
    with pytest.raises(InputError) as caught:
        build_rules(TricksRules, TRICKS_OPTIONS, {"conected": True}, "f.json")
    assert caught.value.path == "rules.conected"
    assert "connected" in caught.value.message


@pytest.mark.parametrize("raw", [1, 0, "yes", None, [True]])
def test_bad_value_is_refused(raw):
    with pytest.raises(InputError) as caught:
        build_rules(TricksRules, TRICKS_OPTIONS, {"connected": raw}, "f.json")
    assert "takes one of true, false" in caught.value.message


def test_rule_flags_split_on_the_first_equals():
    assert parse_rule_flags(["connected=false", "a = b=c"]) == {"connected": "false", "a": "b=c"}
    with pytest.raises(InputError):
        parse_rule_flags(["connected"])


def test_every_option_documents_itself():
    for option in TRICKS_OPTIONS:
        assert option.question.endswith("?") and option.rulebook
        assert option.default in [value for value, _ in option.values]
        assert option.default not in option.alternatives
