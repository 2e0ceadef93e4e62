"""Strict JSON loading: every refusal names the JSON path where it occurs."""

import pytest

from model.common.errors import InputError
from model.common.jsonio import MAX_BYTES, load_json, parse_json


def refusal(text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        parse_json("in.json", text)
    return caught.value


def test_plain_document_parses():
    assert parse_json("in.json", '{"a": [1, 2.5, "x", null, true]}') == {
        "a": [1, 2.5, "x", None, True]
    }


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_non_numbers_are_refused_with_their_path(constant):
    error = refusal(f'{{"a": [1, {constant}]}}')
    assert error.path == "a[1]"
    assert "not a number" in error.message


def test_duplicate_key_names_the_key():
    error = refusal('{"events": [{"id": 1, "id": 2}]}')
    assert error.path == "events[0].id"
    assert "twice" in error.message


def test_huge_integer_is_refused():
    error = refusal('{"claim": ' + "9" * 400 + "}")
    assert error.path == "claim"


def test_deep_nesting_is_refused_without_recursion():
    error = refusal("[" * 5000 + "]" * 5000)
    assert "nesting" in error.message


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert parse_json("in.json", '{"a": "' + "[" * 100 + '"}') == {"a": "[" * 100}


def test_syntax_error_gives_line_and_column():
    error = refusal('{\n  "a": [1,,2]\n}')
    assert "line 2" in error.message and str(error).startswith("in.json: ")


def test_oversized_file_is_refused(tmp_path):
    big = tmp_path / "big.json"
    big.write_text('"' + "x" * MAX_BYTES + '"')
    with pytest.raises(InputError) as caught:
        load_json(str(big))
    assert "limit" in caught.value.message and caught.value.source == str(big)


def test_missing_file_is_input_error(tmp_path):
    with pytest.raises(InputError) as caught:
        load_json(str(tmp_path / "absent.json"))
    assert "cannot read" in caught.value.message


def test_invalid_utf8_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(InputError) as caught:
        load_json(str(bad))
    assert "UTF-8" in caught.value.message


def test_the_documents_read_are_told_while_kept_and_only_then(tmp_path):
    from model.common.jsonio import keeping_documents

    path = tmp_path / "in.json"
    path.write_text('{"a": 1}')
    told = []
    with keeping_documents(lambda source, document: told.append((source, document))):
        load_json(str(path))
    load_json(str(path))
    assert told == [(str(path), {"a": 1})]


@pytest.mark.parametrize(("text", "message"), [
    ("", "the file is empty"), (" \n\t", "the file is empty"),
    ("a,b\n1,2\n", "this is not JSON (it looks like CSV)"),
    ("<svg></svg>", "this is not JSON (it looks like SVG)"),
    ("claim: 7\n", "this is not JSON (it looks like YAML)"),
    ("{", "not valid JSON at line 1 column 2: Expecting property name enclosed in double quotes"),
])
def test_common_mix_ups_say_what_the_text_is(text, message):
    assert refusal(text).message == message


def test_empty_standard_input_is_named_so():
    with pytest.raises(InputError) as caught:
        parse_json("<stdin>", "")
    assert caught.value.message == "standard input is empty"
