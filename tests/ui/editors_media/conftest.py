import pytest

from tests.media_support import load_site
from tests.ui.conftest import NEOS


@pytest.fixture
def site(tmp_path):
    """A writable copy of the fixture site (platform prefix Neos), loaded."""
    return load_site(tmp_path)


@pytest.fixture
def workspace(site):
    from nodetype_studio.content import Workspace

    return Workspace.for_project(site)


@pytest.fixture
def media_editor(qtbot, workspace):
    """Build an editor through the real registry with the fixture site's workspace:
    media_editor("ReferenceEditor", {"threshold": 3}, type="reference")."""
    from nodetype_studio.catalogue import editor_spec
    from nodetype_studio.ui.editors.context import EditorContext
    from nodetype_studio.ui.editors.registry import default_registry

    def build(editor, options=None, *, type="string", label="Label", value=None, name="prop", ws=None):
        identifier = editor if "/" in editor else NEOS.editor(editor)
        ctx = EditorContext(
            identifier=identifier,
            property_name=name,
            property_type=type,
            options=options or {},
            label=label,
            spec=editor_spec(identifier, NEOS),
            platform=NEOS,
            workspace=ws or workspace,
        )
        widget = default_registry().create(ctx)
        widget.set_value(value)
        qtbot.addWidget(widget)
        widget.resize(340, widget.sizeHint().height())
        widget.show()
        return widget

    return build
