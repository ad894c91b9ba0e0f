"""What the CMS's build and postprocessing steps make of the platform types (issue 16, point 4).

Each case is one resolved value the platform facts state (shared/reference/platform-nodetypes.md,
"facts §N"), read from ``show --json`` of the baseline of that version. The baseline files give the
input these steps need; the steps themselves (icon mapping, default editors with the whole data-type
block, the creation dialog, 9.x ``references``, ``abstract`` out of the configuration) are issue 16
point 4/5 work. Until that is merged the cases marked ``pending`` are expected to fail:
``STEPS_DONE`` turns them into plain tests, and a strict xfail reports any that passes earlier. The
cases that hold already (``now``) guard what the steps must keep.
"""

from __future__ import annotations

import pytest
from platform_facts import EXPECTED
from platformkit import platform_project, run_show

STEPS_DONE = True
pending = pytest.mark.xfail(not STEPS_DONE, strict=True,
                            reason="CMS build/postprocessing steps (issue 16 points 4-5) are not merged yet")

E = "Neos.Neos/Inspector/Editors/"
V = "Neos.Neos/Validation/"


def get(data: dict, *path):
    for key in path:
        data = data[key]
    return data


def title_element(version: str) -> dict:
    """Facts §4.2: the resolved creation dialog element of every document type."""
    label = ("Neos.Neos:NodeTypes.Document:creationDialog.title" if version == "8.3"
             else "Neos.Neos:NodeTypes.Document:properties.title")
    element = {"type": "string",
               "ui": {"label": label, "editor": E + "TextFieldEditor", "editorOptions": {}, "defaultValue": ""},
               "validation": {V + "NotEmptyValidator": [], V + "StringLengthValidator": {"minimum": 1, "maximum": 255}}}
    return element if version == "8.3" else {**element, "position": "start"}


def date_inspector(position: int) -> dict:
    """Facts §3.2 (Timable/Timeable notes): DateTimeEditor, editor defaults, data-type block."""
    return {"group": "visibility", "position": position, "editor": E + "DateTimeEditor",
            "editorOptions": {"format": "d-m-Y H:i",
                              "placeholder": "Neos.Neos:Main:content.inspector.editors.dateTimeEditor.noDateSet"},
            "typeConverter": "Neos\\Neos\\Service\\Mapping\\DateStringConverter"}


def case(section, version, name, path, value, now=False):
    return pytest.param(section, version, name, path, value, marks=() if now else pending,
                        id=f"{version}-{name}-{'.'.join(map(str, path))}")


SEARCH = {"placeholder": "Neos.Neos:Main:typeToSearch", "threshold": 2}
CASES = [
    # (facts section, version, node type, path into the configuration, the CMS's value)
    case("§6.6 icons mapped", "8.3", "Neos.NodeTypes:Page", ("ui", "icon"), "fas fa-file"),
    case("§6.6 icons mapped", "9", "Neos.NodeTypes.Html:Html", ("ui", "inspector", "groups", "html", "icon"), "fas fa-code"),
    case("§6.6 icons mapped", "9", "Neos.Neos:Node", ("ui", "inspector", "tabs", "default", "icon"), "fas fa-pencil-alt"),
    case("§1 mixins unmapped", "8.3", "Neos.NodeTypes.BaseMixins:ImageMixin", ("ui", "inspector", "groups", "image", "icon"),
         "icon-image", now=True),
    case("§1 mixins keep raw inspector", "8.3", "Neos.NodeTypes.BaseMixins:ImageMixin", ("properties", "image", "ui", "inspector"),
         {"group": "image", "position": 50}),
    case("§1 mixins keep raw inspector", "9", "Neos.Neos:Hidable", ("properties", "_hidden", "ui", "inspector"),
         {"group": "visibility", "position": 30}),
    case("§3.2 _nodeType data type", "9", "Neos.Neos:ContentCollection", ("properties", "_nodeType", "ui", "inspector"),
         {"group": "type", "position": 100, "editor": E + "NodeTypeEditor",
          "editorOptions": {"placeholder": "Loading ...", "baseNodeType": ""}, "defaultValue": ""}),
    case("§3.2 Timable resolved", "8.3", "Neos.NodeTypes:Text", ("properties", "_hiddenBeforeDateTime", "ui", "inspector"),
         date_inspector(10)),
    case("§3.2 Timeable resolved", "9", "Neos.NodeTypes:Text", ("properties", "disableAfterDateTime", "ui", "inspector"),
         date_inspector(20)),
    case("§3.4 image converter", "8.3", "Neos.NodeTypes:Image", ("properties", "image", "ui", "inspector", "typeConverter"),
         "Neos\\Neos\\Ui\\TypeConverter\\UiDependentImageSerializer"),
    case("§3.4 image converter", "9", "Neos.NodeTypes:Image", ("properties", "image", "ui", "inspector", "typeConverter"),
         "Neos\\Media\\TypeConverter\\ImageInterfaceArrayPresenter"),
    case("§3.4 image editor defaults", "9", "Neos.NodeTypes:TextWithImage",
         ("properties", "image", "ui", "inspector", "editorOptions", "fileUploadLabel"), "Neos.Neos:Main:choose", now=True),
    case("§3.7 8.3 reference converter", "8.3", "Neos.NodeTypes.Navigation:Navigation",
         ("properties", "startingPoint", "ui", "inspector", "typeConverter"), "Neos\\Neos\\Service\\Mapping\\NodeReferenceConverter"),
    case("§3.7 9.x references section", "9", "Neos.NodeTypes.ContentReferences:ContentReferences",
         ("references", "references", "ui", "inspector"),
         {"group": "references", "editor": E + "ReferencesEditor",
          "editorOptions": {**SEARCH, "nodeTypes": ["Neos.Neos:Content"]}}),
    case("§3.7 9.x single reference", "9", "Neos.NodeTypes.Navigation:Navigation",
         ("references", "startingPoint", "constraints", "maxItems"), 1),
    case("§1 9.x references always", "9", "Neos.ContentRepository:Root", ("references",), {}),
    case("§4.2 creation dialog", "8.3", "Neos.NodeTypes:Page", ("ui", "creationDialog", "elements", "title"), title_element("8.3")),
    case("§4.2 creation dialog", "9", "Neos.Neos:Shortcut", ("ui", "creationDialog", "elements", "title"), title_element("9")),
]


@pytest.mark.parametrize(("section", "version", "name", "path", "value"), CASES)
def test_resolved_value_as_the_facts_state(tmp_path, section, version, name, path, value):
    configuration = run_show(platform_project(tmp_path, version), name)["configuration"]
    assert get(configuration, *path) == value, section


@pending
@pytest.mark.parametrize("version", ["8.3", "9"])
def test_abstract_flag_is_not_part_of_the_configuration(tmp_path, version):
    """Facts §3.1: the CMS strips ``abstract: true`` from the configuration (and keeps ``abstract: false``)."""
    root = platform_project(tmp_path, version)
    for name, entry in EXPECTED[version].items():
        if entry["abstract"]:
            assert "abstract" not in run_show(root, name)["configuration"], name


def test_content_types_have_no_creation_dialog(tmp_path):
    """Facts §4.2: no platform content property is promoted, so content types get no creation dialog."""
    for version in ("8.3", "9"):
        configuration = run_show(platform_project(tmp_path / version, version), "Neos.NodeTypes:Headline")["configuration"]
        assert "creationDialog" not in configuration["ui"]
