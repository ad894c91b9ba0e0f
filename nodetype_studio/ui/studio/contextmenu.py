"""View > Flow Context: the Flow context the project is loaded in (``Production/Live`` loads
``Configuration/Production/`` then ``Configuration/Production/Live/``). The choice is the ``context`` key
of the project's ``.nodetype-studio.yaml`` (model/flowcontext.py), like the CMS version's menu; choosing
re-opens the project."""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QInputDialog, QLineEdit

# (key, text): "environment" removes the file's key (FLOW_CONTEXT, else Development, decides)
CHOICES = (("environment", "From the &Environment (FLOW_CONTEXT)"),
           ("Development", "&Development"),
           ("Production", "&Production"),
           ("Testing", "&Testing"))
OTHER = "&Other Context\u2026"


def build(window, view_menu) -> None:
    """Add the menu to ``window`` (a StudioWindow)."""
    menu = view_menu.addMenu("&Flow Context")
    menu.setObjectName("flow_context_menu")
    group = QActionGroup(window)
    window.context_actions = {}
    for key, text in CHOICES:
        action = QAction(text, window, checkable=True)
        action.setObjectName(f"flow_context_{key}")
        action.triggered.connect(lambda _c=False, k=key: choose(window, None if k == "environment" else k))
        group.addAction(action)
        menu.addAction(action)
        window.context_actions[key] = action
    menu.addSeparator()
    other = QAction(OTHER, window, checkable=True)
    other.setObjectName("flow_context_other")
    other.triggered.connect(lambda _c=False: ask(window))
    group.addAction(other)
    menu.addAction(other)
    window.context_actions["other"] = other
    window.refreshed.connect(lambda: update(window))
    update(window)


def _configured(window) -> str | None:
    from nodetype_studio.model.projectconfig import configured_context

    return configured_context(window.session.root)[0]


def update(window) -> None:
    """Check the open project's choice; the environment entry names the context it gives. (Without a
    project the model is not imported: the window is built without it.)"""
    session = getattr(window, "session", None)
    actions = window.context_actions
    if session is None or session.project is None:
        for action in actions.values():
            action.setEnabled(False)
        return
    from nodetype_studio.model.flowcontext import DEFAULT_CONTEXT, environment_context

    found = environment_context()
    actions["environment"].setText(f"From the &Environment ({found[1]}={found[0]})" if found
                                   else f"From the &Environment (FLOW_CONTEXT not set: {DEFAULT_CONTEXT})")
    configured = _configured(window)
    key = "environment" if configured is None else configured if configured in actions else "other"
    for name, action in actions.items():
        action.setEnabled(True)
        action.setChecked(name == key)
    actions["other"].setText(f"{OTHER[:-1]} ({configured})\u2026" if key == "other" else OTHER)
    context = session.project.context
    actions["other"].setToolTip(f"The project is loaded in the {context} context.")


def ask(window) -> None:
    """A context typed by the user (a sub context such as ``Production/Live``)."""
    session = getattr(window, "session", None)
    if session is None:
        return
    text, ok = QInputDialog.getText(window, "Flow Context", "Flow context (such as Production/Live):",
                                    QLineEdit.EchoMode.Normal, session.project.context)
    if not ok:
        update(window)
        return
    choose(window, text)


def choose(window, context: str | None) -> None:
    """Write the choice into the project's configuration and open the project again."""
    from nodetype_studio.studio.cmsversion import set_configured_context
    from nodetype_studio.ui.studio.versionmenu import save_choice

    # (an unusable name raises flowcontext.InvalidContext, a ValueError)
    save_choice(window, "Flow context", lambda root: set_configured_context(root, context), update,
                lambda session: context if context is not None else f"from the environment ({session.project.context})")
