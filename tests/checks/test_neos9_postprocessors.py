"""8.3 post-processor classes under 9.x (`neos9-postprocessor`), in a `postprocessors` map or list (the CMS
sorts and runs either: NodeType::applyPostprocessing() hands the table to Flow's PositionalArraySorter)."""

from __future__ import annotations


def findings_of(check, text):
    _, findings = check(text)
    return [d for d in findings if d.code == "neos9-postprocessor"]


def test_a_removed_class_in_a_list_is_an_error(check):
    text = ("'Vendor.Site:Mixin.Views':\n  abstract: true\n  postprocessors:\n"
            "    - postprocessor: 'Neos\\Neos\\NodeTypePostprocessor\\PluginNodeTypePostprocessor'\n")
    [found] = findings_of(check, text)
    assert found.severity.value == "error" and found.line == 4
    assert "does not exist in 9.x" in found.message


def test_a_renamed_class_in_a_list_names_the_new_class(check):
    text = ("'Vendor.Site:Mixin.Dialog':\n  abstract: true\n  postprocessors:\n"
            "    - postprocessor: 'Neos\\Neos\\NodeTypePostprocessor\\CreationDialogPostprocessor'\n")
    [found] = findings_of(check, text)
    assert "was renamed Neos\\Neos\\Ui\\Infrastructure\\ContentRepository\\CreationDialog\\" in found.message
