"""ClientEval in the inspector while typing: the cool-down's evaluation runs off the GUI thread."""

from __future__ import annotations

import threading

from hostile_helpers import write
from PySide6.QtWidgets import QLabel

from nodetype_studio.model import load_project
from nodetype_studio.preview.inspector import InspectorSource
from nodetype_studio.ui.inspector import InspectorWidget

TYPE = """\
'Acme.Site:Teaser':
  superTypes:
    'Neos.Neos:Content': true
  ui:
    inspector:
      groups:
        general:
          label: General
          tab: default
  properties:
    headline:
      type: string
      ui:
        label: Headline
        inspector:
          group: general
    subline:
      type: string
      ui:
        label: 'ClientEval:node.properties.headline ? "Subline of " + node.properties.headline : "Subline"'
        inspector:
          group: general
"""


def test_edits_during_the_cool_down_are_evaluated_off_the_gui_thread(qtbot, tmp_path):
    package = write(tmp_path / "Acme.Site", {"Configuration/NodeTypes.Teaser.yaml": TYPE})
    project = load_project(package, use_cache=False)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    widget.show_node_type(InspectorSource.from_model(project.node_type("Acme.Site:Teaser"), project))
    widget.show()
    controller = widget.clienteval
    engine = controller.engine
    threads = []
    real = engine.evaluate_batch

    def recording(*args, **kwargs):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    engine.evaluate_batch = recording
    try:
        widget.node.update({"headline": "A"})  # what an edit in the headline field does
        controller.values_changed()  # the first edit: at once, on the GUI thread
        assert controller.value_at(("properties", "subline", "ui", "label")) == "Subline of A"
        widget.node.update({"headline": "Big news"})
        controller.values_changed()  # during the cool-down: later, on a worker thread
        label = widget.findChild(QLabel, "label:subline")
        qtbot.waitUntil(lambda: "Subline of Big news" in label.text(), timeout=10_000)  # shown once back
    finally:
        del engine.evaluate_batch
    assert threads[0] is True and False in threads[1:]
