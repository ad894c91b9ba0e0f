from pathlib import Path

import pytest

from nodetype_studio.model.prefix import Platform

FIXTURE_PROJECT = Path(__file__).resolve().parents[1] / "fixtures" / "ui" / "Acme.Preview"
NEOS = Platform("Neos")


@pytest.fixture
def project_path() -> Path:
    return FIXTURE_PROJECT


def build_editor(qtbot, editor, options=None, *, type="string", label="Label", value=None, name="prop", **context):
    """An editor built through the real registry (not yet shown); ``context`` adds EditorContext fields
    such as ``workspace``."""
    from nodetype_studio.catalogue import editor_spec
    from nodetype_studio.preview.context import EditorContext
    from nodetype_studio.ui.editors.registry import default_registry

    identifier = editor if "/" in editor else NEOS.editor(editor)
    ctx = EditorContext(
        identifier=identifier,
        property_name=name,
        property_type=type,
        options=options or {},
        label=label,
        spec=editor_spec(identifier, NEOS),
        platform=NEOS,
        **context,
    )
    widget = default_registry().create(ctx)
    widget.set_value(value)
    qtbot.addWidget(widget)
    return widget


@pytest.fixture
def make_editor(qtbot):
    """Build an editor through the real registry: make_editor("TextFieldEditor", {"maxlength": 3})."""

    def build(editor, options=None, **kwargs):
        widget = build_editor(qtbot, editor, options, **kwargs)
        widget.show()
        return widget

    return build


# data-source tests: a local HTTP server, fixture-project copies, services, the example plugin
from tests.datasources.conftest import clean_plugins, example_plugin  # noqa: E402,F401
from tests.ui.datasource_helpers import open_inspector, project_root, server, services  # noqa: E402,F401
