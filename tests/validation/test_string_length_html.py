"""StringLength with ignoreHtml: the text the browser's DOMParser gives, including the odd documents."""

import pytest

from nodetype_studio.validation.builtins_text import html_text_content
from tests.validation.vhelpers import outcome, run

OUT = "stringLength.outOfBounds"
LONG = "stringLength.greaterThanMaximum"


@pytest.mark.parametrize("value,options,expected", [
    # `<frameset>` first: the frameset is document.body, its text is empty, the raw string is measured
    ("<frameset>", {"minimum": 2, "ignoreHtml": True}, []),
    ("<frameset>", {"maximum": 3, "ignoreHtml": True}, [LONG]),
    ("<frameset>", {"minimum": 1, "maximum": 10, "ignoreHtml": True}, []),
    ("<frameset>", {"minimum": 1, "maximum": 9, "ignoreHtml": True}, [OUT]),
    ("<FRAMESET cols='50%,50%'><frame src=a></FRAMESET>", {"maximum": 44, "ignoreHtml": True}, [LONG]),
    ("<!-- x --><frameset>", {"maximum": 19, "ignoreHtml": True}, [LONG]),
    # white space inside the frameset is its text
    ("<frameset>   ", {"minimum": 3, "maximum": 3, "ignoreHtml": True}, []),
    ("<frameset><noframes>abc</noframes>", {"minimum": 3, "maximum": 3, "ignoreHtml": True}, []),
    # text before it makes a body: the frameset is dropped
    ("x<frameset>", {"minimum": 1, "maximum": 1, "ignoreHtml": True}, []),
    # raw-text elements inside <select> (current HTML standard: select content is parsed in body)
    ("<select><noembed>&amp;", {"minimum": 5, "maximum": 5, "ignoreHtml": True}, []),
    ("<select><xmp>&amp;", {"minimum": 5, "maximum": 5, "ignoreHtml": True}, []),
    ("<select><textarea>&amp;</textarea>", {"minimum": 1, "maximum": 1, "ignoreHtml": True}, []),
    ("<select><b>bold</b>", {"minimum": 4, "maximum": 4, "ignoreHtml": True}, []),
])
def test_string_length_ignore_html(value, options, expected):
    assert outcome(run("StringLengthValidator", value, options)) == expected


@pytest.mark.parametrize("markup,text", [
    ("<frameset>", ""),
    (" <frameset>  ", "  "),
    ("<frameset><!--c--> </frameset>", " "),
    ("<select><noembed>&amp;", "&amp;"),
    ("<select><noscript>&amp;<b>x</b>", "&x"),  # DOMParser documents run no scripts: noscript is markup
    ("<select><option>a<option>b</select>c", "abc"),
])
def test_text_content(markup, text):
    assert html_text_content(markup) == text
