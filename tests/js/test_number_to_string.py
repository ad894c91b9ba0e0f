"""``number_to_string``'s shortcut for whole doubles gives what the general shortest-digits path gives."""

import random

from nodetype_studio.js.values import _shortest_digits, number_to_string

EXACT = 2**53


def test_whole_doubles_are_written_as_the_general_path_writes_them():
    rng = random.Random(21)
    values = [0.0, -0.0, 1.0, -1.0, 100.0, 20.0, 1e15, -1e15, float(EXACT), float(-EXACT), float(EXACT - 1),
              float(2**52 + 1), 123456789012345.0]
    values += [float(rng.randint(-EXACT, EXACT)) for _ in range(2000)]
    values += [float(rng.randint(-10**6, 10**6)) for _ in range(2000)]
    for value in values:
        assert number_to_string(value) == _shortest_digits(value), value


def test_numbers_outside_the_shortcut_still_take_the_general_path():
    assert number_to_string(-0.0) == "0"
    assert number_to_string(float(2**60)) == "1152921504606847000"  # shortest digits, then zeros, as V8
    assert number_to_string(1e21) == "1e+21"
    assert number_to_string(0.5) == "0.5" and number_to_string(-2.5) == "-2.5"
    assert number_to_string(float("nan")) == "NaN" and number_to_string(float("-inf")) == "-Infinity"
    assert number_to_string(1e-7) == "1e-7"
