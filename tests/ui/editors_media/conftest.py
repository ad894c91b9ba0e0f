import pytest

from tests.media_support import load_site
from tests.ui.conftest import build_editor


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
    keep = []  # qtbot holds widgets weakly; a test may drop its last reference to the editor

    def build(editor, options=None, *, ws=None, **kwargs):
        widget = build_editor(qtbot, editor, options, workspace=ws or workspace, **kwargs)
        widget.resize(340, widget.sizeHint().height())
        widget.show()
        keep.append(widget)
        return widget

    return build


@pytest.fixture
def model_editor(qtbot, site):
    """The editor of a fixture-site property, built from the model's effective configuration the way
    the inspector builds it (InspectorSource.from_model, so with the project's workspace)."""
    from nodetype_studio.catalogue import editor_spec
    from nodetype_studio.preview.context import EditorContext
    from nodetype_studio.preview.inspector import InspectorSource, build_layout
    from nodetype_studio.ui.editors.registry import default_registry

    def build(node_type, prop, value=None):
        source = InspectorSource.from_model(site.node_types[node_type], site)
        item = build_layout(source).properties[prop]
        ctx = EditorContext(identifier=item.editor, property_name=prop, property_type=item.type, options=item.options,
                            label=item.label, spec=editor_spec(item.editor, source.platform), platform=source.platform,
                            packages=source.packages, workspace=source.workspace)
        widget = default_registry().create(ctx)
        widget.set_value(value)
        qtbot.addWidget(widget)
        widget.show()
        return widget

    return build
