"""The strict JSON reader's limits: integers within the signed 64-bit range, text in UTF-8."""

from __future__ import annotations

import pytest

from model.common.errors import InputError
from model.common.jsonio import MAX_INT, MIN_INT, parse_json, read_text


def test_integers_of_the_64_bit_range_are_read():
    assert parse_json("f", f"[{MIN_INT}, {MAX_INT}]") == [MIN_INT, MAX_INT]


@pytest.mark.parametrize("value", [MAX_INT + 1, MIN_INT - 1, 2**64])
def test_integers_outside_the_64_bit_range_are_refused_with_their_path(value):
    with pytest.raises(InputError) as caught:
        parse_json("f", f'{{"seed": [1, {value}]}}')
    assert caught.value.path == "seed[1]" and "64-bit range" in caught.value.message


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_wide_text_is_named_as_such(tmp_path, encoding):
    path = tmp_path / "wide.json"
    path.write_bytes('{"players": []}'.encode(encoding))
    with pytest.raises(InputError) as caught:
        read_text(str(path))
    assert "not UTF-8" in caught.value.message and "UTF-16" in caught.value.message


def test_binary_is_not_taken_for_wide_text(tmp_path):
    path = tmp_path / "binary.json"
    path.write_bytes(bytes(range(256)))
    with pytest.raises(InputError) as caught:
        read_text(str(path))
    assert caught.value.message == "not UTF-8 text (byte 128)"
