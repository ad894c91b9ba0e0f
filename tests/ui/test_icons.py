"""Font Awesome names as real node types write them resolve to qtawesome icons; unknown ones fall back."""

import re
from pathlib import Path

import pytest

from nodetype_studio.ui import icons


@pytest.fixture(autouse=True)
def _app(qapp):
    return qapp


@pytest.mark.parametrize(
    "value, expected",
    [
        ("icon-file", ("file", None, True)),
        ("fas fa-image", ("image", "s", False)),
        ("far fa-square", ("square", "r", False)),
        ("fab fa-twitter", ("twitter", "b", False)),
        ("fa fa-home", ("home", None, False)),
        ("fas fa-lg fa-star", ("star", "s", False)),
        ("globe", ("globe", None, False)),
    ],
)
def test_names_are_parsed(value, expected):
    assert icons.parse_icon_name(value) == expected


@pytest.mark.parametrize(
    "value",
    ["icon-file", "fas fa-image", "icon-pencil", "icon-file-text", "icon-picture", "icon-reorder",
     "icon-envelope-alt", "icon-check-empty", "icon-ellipsis-horizontal", "icon-sort-numeric-asc",
     "far fa-square", "fab fa-youtube", "globe", "newspaper", "calendar-alt", "FAS FA-CHECK"],
)
def test_real_names_resolve(value):
    assert icons.is_known(value)


def test_fa3_renames_come_from_the_table():
    assert icons.FA3_TO_FA5["file-text"] == ("file-alt", "s")
    assert icons.icon("icon-file-text").cacheKey() != icons.icon("icon-file").cacheKey()


@pytest.mark.parametrize("value", ["icon-definitely-not-an-icon", "fas fa-nope", "", None, 42, "resource://X/none.svg"])
def test_unknown_values_fall_back_without_error(value):
    icon = icons.icon(value)
    assert not icon.isNull()
    assert not icons.is_known(value)


def test_empty_value_can_mean_no_icon():
    assert icons.icon("", fallback=False).isNull()
    assert not icons.icon("icon-nope", fallback=False).isNull()


def test_resource_icons_load_from_the_package(project_path):
    packages = {"Acme.Preview": project_path}
    assert icons.is_known("resource://Acme.Preview/Icons/star.svg", packages)
    assert icons.is_known("resource://Acme.Preview/Public/Icons/star.svg", packages)
    assert not icons.is_known("resource://Acme.Preview/Icons/missing.svg", packages)


def test_badge_draws_a_count():
    base = icons.icon("icon-pencil")
    plain = icons.badge_icon(base, 0).pixmap(30, 24).toImage()
    badged = icons.badge_icon(base, 3).pixmap(30, 24).toImage()
    assert plain != badged


def test_every_icon_in_the_corpus_gives_an_icon(corpus):
    pattern = re.compile(r"^\s*icon:\s*['\"]?([^'\"#\n]+?)['\"]?\s*$", re.M)
    values = set()
    for path in Path(corpus).rglob("*.yaml"):
        values.update(m.group(1) for m in pattern.finditer(path.read_text(encoding="utf-8", errors="replace")))
    values = {v for v in values if not v.endswith(":") and ": " not in v}  # the pattern also meets `icon:` maps
    assert len(values) > 50
    unknown = sorted(v for v in values if not v.startswith("resource://") and not icons.is_known(v))
    # Every Font Awesome name used in the corpus is found (a few are not icon names at all).
    assert len(unknown) <= len(values) // 20, unknown


@pytest.mark.parametrize("name", ["fa5s.cube", "fa5.square", "fa5b.twitter", "fa6s.house", "fa6b.x-twitter", "fa5s.undo"])
def test_glyphs_are_drawn_as_qtawesome_draws_them(name):
    import qtawesome
    from PySide6.QtCore import QSize

    ours = icons.glyph(name, "#3f3f3f")
    theirs = qtawesome.icon(name, color="#3f3f3f")
    for size in icons.PIXMAP_SIZES:
        expected = theirs.pixmap(QSize(size, size)).toImage()
        assert ours.pixmap(QSize(size, size)).toImage() == expected
        assert not expected.isNull()


def test_unknown_glyphs_and_sets_give_none():
    assert icons.glyph("fa5s.definitely-not-a-glyph", "#000") is None
    assert icons.glyph("nosuchset.cube", "#000") is None


def test_icons_do_not_import_qtawesome():
    from tests.fresh_process import last_line

    code = ("import sys\n"
            "from nodetype_studio.ui.render import ensure_app\n"
            "ensure_app()\n"
            "from nodetype_studio.ui import icons\n"
            "assert icons.is_known('icon-pencil') and not icons.icon('fas fa-image').isNull()\n"
            "print('qtawesome' in sys.modules, 'qtpy' in sys.modules)\n")
    assert last_line(code) == "False False"


def test_a_resource_icon_declaring_too_many_pixels_is_not_decoded(tmp_path):
    from tests.media_support import declared_png

    declared_png(tmp_path / "Acme.Bomb" / "Resources" / "Public" / "Icons" / "huge.png")
    packages = {"Acme.Bomb": tmp_path / "Acme.Bomb"}
    assert not icons.is_known("resource://Acme.Bomb/Icons/huge.png", packages)  # the fallback icon stands in
