"""changed_span: the common start and end of two texts, as the incremental parse, the highlighter and the
source view use it."""

from hypothesis import given, settings
from hypothesis import strategies as st

from nodetype_studio.textspan import changed_span


def test_an_edit_in_the_middle():
    assert changed_span("title: Old\nnext: 1\n", "title: New one\nnext: 1\n") == (7, 9)


def test_equal_texts_are_all_prefix():
    assert changed_span("same", "same") == (4, 0)


def test_the_suffix_never_overlaps_the_prefix():
    # "aa" -> "aaa": the whole shorter text is the common start; nothing is left for the end
    assert changed_span("aa", "aaa") == (2, 0)
    assert changed_span("", "x") == (0, 0)


@settings(max_examples=300, derandomize=True)
@given(st.text(alphabet="ab\n:", max_size=30), st.text(alphabet="ab\n:", max_size=30))
def test_it_is_the_longest_common_start_then_end(old, new):
    prefix, suffix = changed_span(old, new)
    assert old[:prefix] == new[:prefix]
    assert prefix == min(len(old), len(new)) or old[prefix] != new[prefix]
    assert prefix + suffix <= min(len(old), len(new))
    assert old[len(old) - suffix:] == new[len(new) - suffix:]
    rest = min(len(old), len(new)) - prefix
    assert suffix == rest or old[len(old) - suffix - 1] != new[len(new) - suffix - 1]
