"""Every node type of the corpus renders (same code path as `render`), every tab built, no exception."""

import pytest

from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget
from nodetype_studio.ui.render import render_pixmap

pytestmark = pytest.mark.corpus


def test_every_corpus_node_type_renders(corpus, qapp):
    inspector = InspectorWidget()
    failures, rendered, editors = [], 0, 0
    for project_dir in sorted(p for p in corpus.iterdir() if p.is_dir()):
        project = load_project(project_dir)
        for node_type in project.project_node_types():
            try:
                pixmap = render_pixmap(InspectorSource.from_model(node_type, project), inspector=inspector)
                assert not pixmap.isNull()
                for tab in inspector.tab_ids()[1:]:
                    inspector.select_tab(tab)
                editors += len(inspector.editors)
                rendered += 1
            except Exception as exc:  # collect them all, then report
                failures.append(f"{project_dir.name} {node_type.name}: {type(exc).__name__}: {exc}")
    inspector.close()
    assert failures == []
    assert rendered > 1000 and editors > 4000
