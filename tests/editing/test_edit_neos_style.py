"""New blocks are written as a Neos developer writes them: block style, the file's indentation and quoting,
a blank line between node types. Real files in tmp_path; the exact text written is asserted."""

from __future__ import annotations

from nodetype_studio.editing import YamlDocument

TWO_SPACES = """\
'Acme.Site:Content.Card':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Card'
    icon: 'icon-square'
    inspector:
      groups:
        card:
          label: 'Card'
  properties:
    count:
      type: integer
      ui:
        label: 'Count'
        inspector:
          group: 'card'
"""

FOUR_SPACES = """\
"Acme.Site:Content.Quote":
    superTypes:
        "Neos.Neos:Content": true
    ui:
        label: "Quote"
    properties:
        author:
            type: string
            ui:
                label: "Author"
"""


def written(tmp_path, text: str, change) -> str:
    path = tmp_path / "NodeTypes.Content.yaml"
    path.write_text(text, encoding="utf-8")
    doc = YamlDocument.load(path)
    change(doc)
    doc.save()
    return path.read_text(encoding="utf-8")


def test_a_validator_and_its_options_are_written_as_a_block(tmp_path):
    def change(doc):
        validation = ("Acme.Site:Content.Card", "properties", "count", "validation")
        doc.set(validation + ("Neos.Neos/Validation/NumberRangeValidator",), {})
        doc.set(validation + ("Neos.Neos/Validation/NumberRangeValidator", "maximum"), 20)
        doc.set(validation + ("Neos.Neos/Validation/NumberRangeValidator", "minimum"), 1)

    assert written(tmp_path, TWO_SPACES, change) == TWO_SPACES + """\
      validation:
        'Neos.Neos/Validation/NumberRangeValidator':
          maximum: 20
          minimum: 1
"""


def test_a_new_node_type_gets_a_blank_line_and_the_files_style(tmp_path):
    def change(doc):
        doc.insert_key((), "Acme.Site:Content.Banner", {
            "superTypes": {"Neos.Neos:Content": True},
            "ui": {"label": "Banner", "icon": "icon-flag"},
            "properties": {"headline": {"type": "string", "ui": {"label": "Headline", "inspector": {"group": "card"}}}},
        })

    assert written(tmp_path, TWO_SPACES, change) == TWO_SPACES + """
'Acme.Site:Content.Banner':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    label: 'Banner'
    icon: 'icon-flag'
  properties:
    headline:
      type: string
      ui:
        label: 'Headline'
        inspector:
          group: 'card'
"""


def test_four_spaces_and_double_quotes_are_followed(tmp_path):
    def change(doc):
        doc.insert_key(("Acme.Site:Content.Quote", "properties"), "source", {
            "type": "string",
            "ui": {"label": "Source", "inspector": {"editor": "Neos.Neos/Inspector/Editors/SelectBoxEditor",
                                                    "editorOptions": {"values": {"book": {"label": "Book"},
                                                                                 "film": {"label": "Film"}}}}},
        })

    assert written(tmp_path, FOUR_SPACES, change) == FOUR_SPACES + """\
        source:
            type: string
            ui:
                label: "Source"
                inspector:
                    editor: "Neos.Neos/Inspector/Editors/SelectBoxEditor"
                    editorOptions:
                        values:
                            book:
                                label: "Book"
                            film:
                                label: "Film"
"""


def test_lists_follow_the_files_dash_offset_and_long_lines_are_not_wrapped(tmp_path):
    text = FOUR_SPACES.replace('        label: "Quote"\n', '        label: "Quote"\n    constraints:\n        nodeTypes:\n'
                               '            "*": false\n')
    long_help = "A help message that is much longer than eighty characters, so a YAML emitter would wrap it."

    def change(doc):
        doc.set(("Acme.Site:Content.Quote", "properties", "author", "ui", "help"), {"message": long_help})
        doc.set(("Acme.Site:Content.Quote", "properties", "author", "defaultValue"), ["one", "two"])

    assert written(tmp_path, text, change) == text + f"""\
                help:
                    message: "{long_help}"
            defaultValue:
                - "one"
                - "two"
"""


def test_a_written_flow_mapping_stays_flow(tmp_path):
    text = TWO_SPACES.replace("  superTypes:\n    'Neos.Neos:Content': true\n",
                              "  superTypes: {'Neos.Neos:Content': true}\n")

    def change(doc):
        doc.set(("Acme.Site:Content.Card", "superTypes", "Acme.Site:Mixin.Linked"), True)

    assert written(tmp_path, text, change) == text.replace(
        "{'Neos.Neos:Content': true}", "{'Neos.Neos:Content': true, 'Acme.Site:Mixin.Linked': true}")
