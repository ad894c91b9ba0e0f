"""`option-starting-point`: a reference or link editor `startingPoint` the project's CMS version cannot resolve.

The Neos UI sends any truthy value as the search's context node (neos-ui referenceDataLoader.js, LinkInput.js);
8.3 resolves `/sites/…` paths and node identifiers (NodeConverter), 9.x absolute node paths `/<Neos.Neos:Sites>/…`.
"""

import json

import pytest

COMPOSER_83 = json.dumps({"name": "vendor/site", "require": {"neos/neos": "^8.3"}})


def yaml(start: str, prop: str = "type: reference") -> str:
    return f"""'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    target:
      {prop}
      ui:
        label: Target
        inspector:
          editorOptions:
            startingPoint: {start}
"""


def findings(check, text):
    return [d for d in check(text)[1] if d.code == "option-starting-point"]


@pytest.mark.parametrize("start", ["''", "0", "false", "null", "'ClientEval:node.parent'", "'/<Neos.Neos:Sites>/site'",
                                   "'/<Neos.Neos:Sites>/'", "'/<Vendor.Site:Archive>/old'"])
def test_values_9x_resolves_or_ignores_are_not_reported(check, start):
    assert findings(check, yaml(start)) == []


@pytest.mark.parametrize("start, says", [
    ("'/sites/site/events/'", "/<Neos.Neos:Sites>/site/events/"),
    ("'~/events'", "not an absolute node path"),
    ("'/<Neos.Neos:Sites>/site/'", "empty path part"),
])
def test_values_9x_cannot_resolve_are_reported(check, start, says):
    found = findings(check, yaml(start))
    assert len(found) == 1 and says in found[0].message and "finds nothing" in found[0].message
    assert found[0].property_name == "target"


@pytest.mark.parametrize("start, spelled", [("'/sites/site/events'", "/<Neos.Neos:Sites>/site/events"),
                                             ("'/sites'", "/<Neos.Neos:Sites>")])
def test_an_83_node_path_in_a_9x_project_is_a_migration_finding(check, start, spelled):
    found = [d for d in check(yaml(start))[1] if "startingPoint" in d.message or "node path" in d.message]
    assert [d.code for d in found] == ["neos9-starting-point"]
    assert spelled in found[0].message and "nodetype-studio migrate" in found[0].message


def test_an_83_project_reads_sites_paths_and_identifiers(tmp_path):
    from tests.checks.helpers import check_text

    def run(start, name):
        text = f'# file: composer.json => {json.dumps(COMPOSER_83)}\n' + yaml(start)
        return [d for d in check_text(tmp_path / name, text)[1] if d.code == "option-starting-point"]

    assert run("'/sites/site/events'", "a") == []
    assert "no trailing slash" in run("'/sites/site/'", "e")[0].message
    assert run("'4f1c0c35-0000-4000-8000-000000000000'", "b") == []  # a node identifier
    assert "9.x form" in run("'/<Neos.Neos:Sites>/site'", "c")[0].message
    assert "neither a node path nor a node identifier" in run("'~'", "d")[0].message


def test_rich_text_linking_and_other_editors(check):
    inline = """'Vendor.Site:Thing':
  superTypes:
    'Neos.Neos:Content': true
  properties:
    text:
      type: string
      ui:
        inlineEditable: true
        inline:
          editorOptions:
            linking:
              startingPoint: '/sites/site'
"""
    [found] = [d for d in check(inline)[1] if d.code == "neos9-starting-point"]
    assert "/<Neos.Neos:Sites>/site" in found.message
    assert "/<Neos.Neos:Sites>/site" in findings(check, inline.replace("'/sites/site'", "'/sites/site/'"))[0].message
    # a text field has no node search: its `startingPoint` is an unknown option, not this finding
    other = yaml("'/sites/site'", "type: string").replace("editorOptions:", "editor: 'Neos.Neos/Inspector/Editors/TextFieldEditor'\n          editorOptions:")
    assert [d.code for d in check(other)[1] if d.code in ("option-starting-point", "neos9-starting-point")] == []


@pytest.mark.parametrize("start", ["42", "[a]", "{a: b}"])
def test_a_value_that_is_not_text_is_reported_once(check, start):
    # where the editor's options are checked against the catalogue, `option-type` says it
    link = yaml(start, "type: string").replace("editorOptions:", "editor: 'Neos.Neos/Inspector/Editors/LinkEditor'\n"
                                                                  "          editorOptions:")
    assert [d.code for d in check(link)[1] if "startingPoint" in d.message] == ["option-type"]
    # a 9.x legacy reference property is not (its editor is resolved in `references:`): this finding says it
    legacy = [d for d in check(yaml(start))[1] if "startingPoint" in d.message]
    assert [d.code for d in legacy] == ["option-starting-point"] and "is not text" in legacy[0].message
