"""The query string of a data-source request, as the CMS's browser builds it, and PHP's reading of it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nodetype_studio.datasources.query import (
    QueryEncodingError,
    data_source_arguments,
    encode_query,
    encode_uri_component,
    parse_php_query,
    request_params,
    request_url,
    url_with_params,
)

NODE = "/sites/site/node-1@user-admin;language=en"


def test_node_first_then_additional_data():
    assert encode_query(request_params(NODE, {"audience": "public"})) == (
        "node=%2Fsites%2Fsite%2Fnode-1%40user-admin%3Blanguage%3Den&audience=public"
    )


def test_nested_maps_and_lists_use_encoded_php_brackets():
    params = request_params("n", {"filter": {"type": "talk", "tags": ["a", "b"], "range": {"from": 1, "to": 2}}})
    assert encode_query(params) == (
        "node=n&filter%5Btype%5D=talk&filter%5Btags%5D%5B0%5D=a&filter%5Btags%5D%5B1%5D=b"
        "&filter%5Brange%5D%5Bfrom%5D=1&filter%5Brange%5D%5Bto%5D=2"
    )


def test_scalars_as_javascript_writes_them():
    params = {"t": True, "f": False, "i": 42, "x": 1.0, "y": 0.5, "big": 1e21, "small": 1e-7, "neg": -3}
    assert encode_query(params) == "t=true&f=false&i=42&x=1&y=0.5&big=1e%2B21&small=1e-7&neg=-3"


def test_nulls_are_left_out_and_empty_containers_leave_an_empty_segment():
    assert encode_query({"a": 1, "gone": None, "b": {"c": None}, "d": 2}) == "a=1&&d=2"
    assert encode_query({"a": 1, "e": {}, "l": [], "d": 2}) == "a=1&&&d=2"


def test_encode_uri_component_rules():
    assert encode_uri_component("a b/c?d&e=f#g") == "a%20b%2Fc%3Fd%26e%3Df%23g"
    assert encode_uri_component("-_.!~*'()") == "-_.!~*'()"
    assert encode_uri_component("Grüße €") == "Gr%C3%BC%C3%9Fe%20%E2%82%AC"
    assert encode_uri_component("+") == "%2B"


def test_lone_surrogate_is_a_clear_error():
    with pytest.raises(QueryEncodingError, match="lone surrogate"):
        encode_query({"bad": "\ud800"})


def test_additional_data_node_overrides_the_preview_node_in_place():
    assert encode_query(request_params("preview", {"x": 1, "node": "other"})) == "node=other&x=1"


def test_integer_like_keys_come_first_as_in_javascript_objects():
    assert encode_query(request_params("n", {"b": 1, "10": 2, "2": 3, "a": 4, "01": 5})) == (
        "2=3&10=2&node=n&b=1&a=4&01=5"
    )


def test_list_additional_data_spreads_by_index_and_scalars_add_nothing():
    assert encode_query(request_params("n", ["x", "y"])) == "0=x&1=y&node=n"
    assert encode_query(request_params("n", 5)) == encode_query(request_params("n", True)) == "node=n"


def test_text_additional_data_spreads_its_characters_as_object_assign_does():
    # neos-ui DataSources loader: Object.assign({node}, dataSourceAdditionalData || {}) copies a string's indices
    assert encode_query(request_params("n", "ab")) == "0=a&1=b&node=n"
    assert encode_query(request_params("n", "")) == "node=n"
    with pytest.raises(QueryEncodingError, match="lone surrogate"):  # "\U0001F600" is two code units in JS
        encode_query(request_params("n", "\U0001F600"))


def test_url_with_params_appends_with_question_mark_or_ampersand():
    assert url_with_params("http://h/x", "a=1") == "http://h/x?a=1"
    assert url_with_params("http://h/x?k=v", "a=1") == "http://h/x?k=v&a=1"
    assert url_with_params("http://h/x", "") == "http://h/x"
    assert request_url("http://h/opts", "n", {"q": "a b"}) == "http://h/opts?node=n&q=a%20b"


def test_php_reads_the_query_back_as_strings():
    query = encode_query(request_params(NODE, {"includeArchived": False, "limit": 5, "tags": ["a", "b"],
                                               "filter": {"type": "x y", "deep": {"k": "v"}}}))
    assert parse_php_query(query) == {
        "node": NODE, "includeArchived": "false", "limit": "5", "tags": ["a", "b"],
        "filter": {"type": "x y", "deep": {"k": "v"}},
    }
    assert data_source_arguments(query + "&dataSourceIdentifier=x") == {
        "includeArchived": "false", "limit": "5", "tags": ["a", "b"], "filter": {"type": "x y", "deep": {"k": "v"}},
    }


def test_php_parse_quirks():
    assert parse_php_query("?a.b=1&c d=2&list[]=x&list[]=y&plus=a+b&=skip&flag") == {
        "a_b": "1", "c_d": "2", "list": ["x", "y"], "plus": "a b", "flag": "",
    }
    assert parse_php_query("0=a&1=b") == {"0": "a", "1": "b"}  # the top level stays a map


_key = st.text(alphabet=st.characters(blacklist_characters="[]", blacklist_categories=("Cs",)), min_size=1, max_size=6)
_scalar = st.one_of(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=8), st.booleans(),
                    st.integers(-10**6, 10**6))
_tree = st.recursive(_scalar, lambda inner: st.dictionaries(_key.filter(lambda k: not k.isdigit()), inner,
                                                           min_size=1, max_size=3), max_leaves=8)


def _as_php(value):
    if isinstance(value, dict):
        return {k: _as_php(v) for k, v in value.items()}
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(_key.filter(lambda k: not k.isdigit() and k.strip(" ") == k and "." not in k
                                   and " " not in k and k != "node"), _tree, max_size=4))
def test_php_sees_the_additional_data_as_strings(data):
    assert data_source_arguments(encode_query(request_params("n", data))) == _as_php(data)
