"""check_clienteval on hand-written projects: file:line findings, deduplication, clean fixtures."""

import shutil
from pathlib import Path

from nodetype_studio.clienteval import ClientEvalStats, check_clienteval
from nodetype_studio.diagnostics import Severity
from nodetype_studio.model import load_project

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "clienteval"


def findings(path):
    return check_clienteval(load_project(path))


def short(d):
    return (Path(d.file).name, d.line, d.column, d.severity.value, d.code)


def test_bad_fixture_findings_with_file_and_line():
    result = findings(FIXTURES / "check_bad")
    assert [short(d) for d in result] == [
        ("Mixins.yaml", 12, 11, "error", "clienteval-syntax"),
        ("Mixins.yaml", 23, 48, "info", "clienteval-mixin-property"),
        ("Teaser.yaml", 18, 47, "warning", "clienteval-unknown-property"),
        ("Teaser.yaml", 22, 45, "warning", "clienteval-unknown-property"),
        ("Teaser.yaml", 27, 11, "warning", "clienteval-not-evaluated"),
        ("Teaser.yaml", 37, 49, "warning", "clienteval-unknown-property"),
    ]
    syntax, mixin, typo, bracket, literal, dialog = result
    # inherited by Teaser and Banner, reported once, at the mixin's line
    assert syntax.message == ("ClientEval expression does not compile in the browser: SyntaxError: Unexpected end of "
                              "the expression (expression: node.properties.mode ==)")
    assert syntax.node_type == "Acme.Bad:Mixin.Broken" and syntax.property_name == "mode"
    assert "`picture`" in mixin.message and "no concrete type in the project uses it" in mixin.message
    assert typo.message == ("ClientEval reads node.properties.displaymode, but node type Acme.Bad:Teaser has no property "
                            "`displaymode`; the expression sees undefined (did you mean `displayMode`?)")
    assert "node.properties.color" in bracket.message and "`colour`" in bracket.message
    assert "validator receives the literal string" in literal.message
    # the creation dialog's node holds the dialog values only
    assert "the creation dialog of Acme.Bad:Teaser has no element `displayMode`" in dialog.message


def test_findings_through_many_subtypes_are_reported_once(tmp_path):
    shutil.copytree(FIXTURES / "check_bad", tmp_path / "p")
    extra = tmp_path / "p" / "Acme.Bad" / "NodeTypes" / "More.yaml"
    extra.write_text("".join(
        f"'Acme.Bad:Extra{i}':\n  superTypes:\n    'Acme.Bad:Teaser': true\n" for i in range(5)), encoding="utf-8")
    result = findings(tmp_path / "p")
    assert sum(d.code == "clienteval-syntax" for d in result) == 1
    typo = [d for d in result if "displaymode" in d.message]
    assert len(typo) == 1
    assert "none of the node types using it (Acme.Bad:Extra0, Acme.Bad:Extra1, Acme.Bad:Extra2 and 3 more)" in typo[0].message


def test_subtype_declaring_the_property_silences_the_finding(tmp_path):
    shutil.copytree(FIXTURES / "check_bad", tmp_path / "p")
    (tmp_path / "p" / "Acme.Bad" / "NodeTypes" / "Fix.yaml").write_text(
        "'Acme.Bad:Teaser':\n  properties:\n    displaymode:\n      type: string\n", encoding="utf-8")
    assert not any("displaymode" in d.message for d in findings(tmp_path / "p"))


def test_a_user_of_the_orphan_mixin_turns_the_hint_into_a_check(tmp_path):
    shutil.copytree(FIXTURES / "check_bad", tmp_path / "p")
    users = tmp_path / "p" / "Acme.Bad" / "NodeTypes" / "Users.yaml"
    users.write_text(
        "'Acme.Bad:WithPicture':\n  superTypes:\n    'Neos.Neos:Content': true\n    'Acme.Bad:Mixin.Orphan': true\n"
        "  properties:\n    picture:\n      type: string\n", encoding="utf-8")
    assert not any("picture" in d.message for d in findings(tmp_path / "p"))
    users.write_text(
        "'Acme.Bad:WithoutPicture':\n  superTypes:\n    'Neos.Neos:Content': true\n    'Acme.Bad:Mixin.Orphan': true\n",
        encoding="utf-8")
    [finding] = [d for d in findings(tmp_path / "p") if "picture" in d.message]
    assert finding.code == "clienteval-unknown-property" and finding.severity is Severity.WARNING
    assert "Acme.Bad:WithoutPicture has no property `picture`" in finding.message


def test_types_with_a_missing_supertype_are_not_judged(tmp_path):
    pkg = tmp_path / "Acme.Part" / "NodeTypes"
    pkg.mkdir(parents=True)
    (pkg / "Box.yaml").write_text(
        "'Acme.Part:Box':\n  superTypes:\n    'Neos.Neos:Content': true\n    'Other.Package:Mixin.Image': true\n"
        "  properties:\n    caption:\n      type: string\n      ui:\n        inspector:\n"
        "          hidden: 'ClientEval:!node.properties.image || !node.properties.captio'\n", encoding="utf-8")
    [finding] = findings(tmp_path)
    # `image` may come from the missing supertype; `captio` is still an obvious typo of `caption`
    assert "node.properties.captio," in finding.message and "did you mean `caption`?" in finding.message
    assert "definition is incomplete in this project" in finding.message


def test_good_fixture_has_no_findings():
    stats = ClientEvalStats()
    assert check_clienteval(load_project(FIXTURES / "check_good"), stats) == []
    assert stats.expressions == 7 and stats.parsed == 7 and stats.failing == 0


def test_live_fixture_reports_only_the_places_that_are_not_evaluated():
    result = findings(FIXTURES / "live")
    # a tab position, a property position, a validator option, an inline placeholder; the validator
    # option reads an undeclared `maxLength`, but as it is never evaluated only that is reported
    assert [(d.code, d.line, d.severity.value) for d in result] == [
        ("clienteval-not-evaluated", 13, "warning"), ("clienteval-not-evaluated", 52, "warning"),
        ("clienteval-not-evaluated", 55, "warning"), ("clienteval-not-evaluated", 69, "warning")]
    assert "has no effect on the order" in result[0].message and "inline editor options" in result[3].message


def test_example_project_is_clean():
    root = Path(__file__).resolve().parents[2] / "nodetype_studio" / "resources" / "example"
    assert check_clienteval(load_project(root)) == []


def test_without_a_javascript_engine_property_names_are_still_checked(monkeypatch):
    from nodetype_studio.clienteval import checker

    class Broken:
        def __init__(self, *args, **kwargs):
            raise OSError("libmini_racer.so: cannot open shared object file")

    monkeypatch.setattr(checker, "JsSandbox", Broken)
    monkeypatch.setattr(checker, "_SYNTAX", checker._SyntaxSandbox())  # not the process's working one
    result = findings(FIXTURES / "check_bad")
    codes = [d.code for d in result]
    assert "clienteval-syntax" not in codes
    assert codes.count("clienteval-engine-unavailable") == 1 and codes.count("clienteval-unknown-property") == 3
    [note] = [d for d in result if d.code == "clienteval-engine-unavailable"]
    assert "cannot open shared object file" in note.message and note.severity is Severity.WARNING


def test_creation_dialog_validation_and_default_value_stay_literal(tmp_path):
    # The dialog evaluates its elements but validates with the unevaluated `validation` and starts from the
    # unevaluated `defaultValue` (neos-ui NodeCreationDialog: both read the configuration it was given); only
    # the evaluated `ui` part (label, editor, options, help, hidden) is used.
    package = tmp_path / "Acme.Dialog" / "NodeTypes"
    package.mkdir(parents=True)
    (package / "Box.yaml").write_text(
        "'Acme.Dialog:Box':\n"
        "  superTypes:\n    'Neos.Neos:Content': true\n"
        "  ui:\n    creationDialog:\n      elements:\n"
        "        size:\n"
        "          type: string\n"
        "          defaultValue: 'ClientEval:node.properties.kind'\n"
        "          ui:\n"
        "            label: 'ClientEval:node.properties.kind'\n"
        "            hidden: 'ClientEval:!node.properties.kind'\n"
        "          validation:\n"
        "            'Neos.Neos/Validation/StringLengthValidator':\n"
        "              maximum: 'ClientEval:node.properties.kind'\n"
        "        kind:\n          type: string\n",
        encoding="utf-8")
    result = [d for d in findings(tmp_path) if d.code == "clienteval-not-evaluated"]
    assert [(d.line, d.severity.value) for d in result] == [(9, "warning"), (15, "warning")]
    assert "literal" in result[0].message and "literal string" in result[1].message


def test_a_fully_private_property_read_is_reported(tmp_path):
    # neos-ui's NodePropertyConverterService::getPropertiesArray skips properties starting with `__`
    package = tmp_path / "Acme.Private" / "NodeTypes"
    package.mkdir(parents=True)
    (package / "Box.yaml").write_text(
        "'Acme.Private:Box':\n  superTypes:\n    'Neos.Neos:Content': true\n  properties:\n"
        "    __secret:\n      type: string\n"
        "    _open:\n      type: string\n"
        "    shown:\n      type: string\n      ui:\n        label: 'ClientEval:node.properties.__secret'\n"
        "        help:\n          message: 'ClientEval:node.properties._open'\n",
        encoding="utf-8")
    result = [d for d in findings(tmp_path) if d.code == "clienteval-unknown-property"]
    assert len(result) == 1
    assert result[0].message == (
        "ClientEval reads node.properties.__secret, but the CMS leaves properties whose name starts with `__` "
        "out of node.properties; the expression sees undefined until the property is edited in the inspector")
