"""8.3 node creation handlers under 9.x (`neos9-creation-handler`): 9.x's UI runs only handlers with a
`factoryClassName` and throws (exception 1697750190, ui 9.0:Classes/Domain/Model/Changes/AbstractCreate.php;
platform facts §3.2 `Neos.Neos:Content`) when it creates a node whose resolved handler entry has none."""

from __future__ import annotations

HEAD = "'Vendor.Site:Thing':\n  superTypes:\n    'Neos.Neos:Document': true\n  options:\n    nodeCreationHandlers:\n"


def handler_findings(check, text):
    project, findings = check(text)
    return [d for d in findings if d.code == "neos9-creation-handler"]


def test_an_8_3_handler_alone_makes_creating_the_node_fail(check):
    [found] = handler_findings(check, HEAD + "      teaser:\n        nodeCreationHandler: 'Vendor\\Site\\Teaser'\n")
    assert found.severity.value == "error" and found.line == 7
    assert "fails to create any node of Vendor.Site:Thing" in found.message and "1697750190" in found.message
    assert "ignores" not in found.message


def test_an_8_3_platform_handler_makes_creating_the_node_fail_too(check):
    [found] = handler_findings(check, HEAD + "      documentTitle:\n        nodeCreationHandler: "
                                              "'Neos\\Neos\\Ui\\NodeCreationHandler\\DocumentTitleNodeCreationHandler'\n")
    assert found.severity.value == "error"
    assert "8.3 platform class" in found.message and "fails to create" in found.message


def test_a_handler_that_has_a_factory_too_only_loses_the_8_3_class(check):
    """Written over the platform's `promotedElements` entry: 9.x runs its factory and ignores the class."""
    [found] = handler_findings(check, HEAD + "      promotedElements:\n        nodeCreationHandler: 'Vendor\\Site\\Teaser'\n")
    assert found.severity.value == "warning"
    assert "runs only the `factoryClassName`" in found.message and "fails" not in found.message


def test_a_9x_handler_gets_no_finding(check):
    assert handler_findings(check, HEAD + "      teaser:\n        factoryClassName: 'Vendor\\Site\\TeaserFactory'\n") == []


def test_an_entry_without_a_factory_makes_creating_the_node_fail(check):
    """ui 9.0 AbstractCreate::applyNodeCreationHandlers: `isset($entry['factoryClassName'])` or exception 1697750190."""
    for entry in ("{position: 10}", "{factoryClassName: ~}", "true"):
        [found] = handler_findings(check, HEAD + f"      teaser: {entry}\n")
        assert found.severity.value == "error" and found.line == 6
        assert "fails to create any node of Vendor.Site:Thing" in found.message and "1697750190" in found.message


def test_a_null_entry_switches_a_handler_off_in_9x(check):
    """Flow's PositionalArraySorter, which 9.x's UI sorts the entries with, drops `~` entries."""
    assert handler_findings(check, HEAD + "      promotedElements: ~\n      teaser: ~\n") == []


def test_an_entry_that_keeps_the_platform_factory_is_fine(check):
    assert handler_findings(check, HEAD + "      promotedElements: {position: 10}\n") == []
