"""A new property's label and group (Qt-free)."""

from __future__ import annotations

import pytest

from nodetype_studio.studio.newproperty import first_content_group, label_from_name, new_property, problem_with_name


@pytest.mark.parametrize("name, label", [
    ("heroImage", "Hero image"), ("title", "Title"), ("seo_title", "Seo title"), ("imageURL", "Image URL"),
    ("column2Width", "Column 2 width"), ("_hidden", "Hidden"),
])
def test_the_label_is_made_from_the_name(name, label):
    assert label_from_name(name) == label


def test_the_first_content_group_is_the_projects_first_by_position_outside_meta():
    effective = {"ui": {"inspector": {"groups": {
        "type": {"position": 990, "tab": "meta"}, "default": {"position": 10},
        "media": {"position": 30}, "text": {"position": "start"}, "seo": {"position": 5, "tab": "meta"}}}}}
    assert first_content_group(effective, {"default", "type"}) == "text"
    assert first_content_group(effective) == "text"
    assert first_content_group({"ui": {"inspector": {"groups": {"default": {"position": 10}}}}}, {"default"}) == "default"
    assert first_content_group({}) is None


def test_names_are_checked_and_the_configuration_is_small():
    assert problem_with_name("", set()) and problem_with_name("2x", set()) and problem_with_name("a b", set())
    assert "already" in problem_with_name("title", {"title"})
    assert problem_with_name("subtitle", {"title"}) == ""
    assert new_property("heroImage", "Neos\\Media\\Domain\\Model\\ImageInterface", None, "media") == {
        "type": "Neos\\Media\\Domain\\Model\\ImageInterface",
        "ui": {"label": "Hero image", "inspector": {"group": "media"}}}
