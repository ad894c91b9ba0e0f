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


# Written by hand from the HTML standard's tokenizer and tree builder (a DOMParser document: scripting
# disabled), each the `body.textContent` a browser computes. V8 has no DOMParser, so these are the reference.
HAND_PARSED = [
    # character references: named with and without `;` (only the legacy names), numeric, the C1 remap
    ("a&amp;b", "a&b"), ("a&ampb", "a&b"), ("&amp", "&"), ("&AMP;", "&"), ("&Aacute", "Á"), ("&copy2024", "©2024"),
    ("&notit;", "¬it;"), ("&notin;", "∉"), ("&xyz;", "&xyz;"), ("&cop;", "&cop;"), ("&amp;amp;", "&amp;"),
    ("&#x41;&#65;", "AA"), ("&#65x", "Ax"), ("&#x80", "€"), ("&#0;", "\ufffd"), ("&#xD800;", "\ufffd"),
    ("&#1114112;", "\ufffd"), ("&#128512;", "😀"), ("a&#xD;b", "a\rb"), ("&#x;", "&#x;"), ("&#;", "&#;"), ("&;", "&;"),
    ("&", "&"), ("&nbsp;", "\u00a0"), ("&lt;script&gt;", "<script>"),
    # the input stream: CR LF and lone CR become LF, NUL in body text is dropped
    ("a\r\nb", "a\nb"), ("a\rb", "a\nb"), ("a\u0000b", "ab"), ("x\u000c y", "x\u000c y"),
    # comments, bogus comments, doctype; `<` that opens no tag is text
    ("<!-- c -->x", "x"), ("<p>a<!--x", "a"), ("<![CDATA[x]]>", ""), ("<?php echo 1 ?>x", "x"), ("</ x>", ""),
    ("</>", ""), ("<!DOCTYPE html>x", "x"), ("a < b", "a < b"), ("<3", "<3"), ("<>", "<>"), ("<a<b>c", "c"),
    ("<b title='>'>x</b>", "x"), ("<b>a</b >", "a"),
    # head content before the first text: script, style, title, noframes, template and white space go to the head
    ("<script>var a</script>x", "x"), ("<style>p{}</style>", ""), ("<title>T</title>x", "x"), ("  leading", "leading"),
    ("<noframes>&amp;</noframes>", ""), ("<template>x</template>y", "y"), ("<noscript><b>x</b></noscript>", "x"),
    ("<head><noscript>a</noscript></head>x", "ax"), ("<html><head></head>\n<body>x</body></html>", "x"),
    # ... and in the body they are text of the body (a template's content is not)
    ("x<script>var a</script>", "xvar a"), ("x<style>p{}</style>", "xp{}"), ("x<title>T</title>", "xT"),
    ("x<noframes>&amp;</noframes>", "x&amp;"), ("y<template>x</template>", "y"), ("<script>a</script", ""),
    ("x<script>a</script", "xa</script"), ("x<script><!--a</script>b</script>c", "x<!--abc"),
    # raw text and RCDATA elements
    ("<textarea>&lt;b&gt;</textarea>", "<b>"), ("<xmp>&amp;</xmp>", "&amp;"), ("<iframe><b>x</b></iframe>", "<b>x</b>"),
    ("<noembed>&amp;</noembed>", "&amp;"), ("<plaintext><b>", "<b>"),
    # a newline right after <pre>, <listing>, <textarea> is dropped
    ("<pre>\nx</pre>", "x"), ("<listing>\nx</listing>", "x"), ("<textarea>\nx</textarea>", "x"),
    # unclosed and misnested tags, implied end tags, foster parenting, end tags with no start
    ("<b>unclosed", "unclosed"), ("<p>a<p>b", "ab"), ("<b>x<i>y</b>z</i>", "xyz"), ("<ul><li>a<li>b</ul>", "ab"),
    ("<button>a<button>b", "ab"), ("<form><form>x", "x"), ("<option>a<option>b", "ab"), ("</p>", ""),
    ("a</br>b", "ab"), ("a<br>b", "ab"), ("a<wbr>b", "ab"), ("<table>x</table>", "x"), ("<table>a<tr>b", "ab"),
    ("<table><tr><td>a</td></tr></table>b", "ab"), ("<select><option>a</option></select>", "a"),
    # text after </body> and </html> still lands in the body
    ("<body>a</body>b", "ab"), ("<p>a</p>\n", "a\n"), ("x</body>\n", "x\n"), ("x</html> y", "x y"),
    # foreign content: CDATA sections are text, <style> is an ordinary element
    ("<svg><![CDATA[a<b]]></svg>", "a<b"), ("<svg><title>x</title></svg>", "x"), ("<svg><style>&amp;</style></svg>", "&"),
    ("<math><style>&amp;</style></math>", "&"), ("<math><mi>x</mi></math>", "x"),
    ("<a href='x'>link</a> text", "link text"),
]


@pytest.mark.parametrize("markup,text", HAND_PARSED)
def test_text_content_follows_the_html_standard(markup, text):
    assert html_text_content(markup) == text


@pytest.mark.parametrize("value,size", [
    ("<style>p{}</style>", 18),  # no text in the body: the raw string is measured
    ("x<style>p{}</style>", 4),
    ("&#128512;", 2),  # UTF-16 code units
    ("a\r\nb", 3),
    ("<!-- only a comment -->", 23),
])
def test_string_length_measures_the_text_or_the_raw_string(value, size):
    exact = {"minimum": size, "maximum": size, "ignoreHtml": True}
    assert outcome(run("StringLengthValidator", value, exact)) == []
    assert outcome(run("StringLengthValidator", value, {**exact, "minimum": size + 1, "maximum": size + 1})) == [OUT]
