"""The CMS version in the window: a status bar label (version and where it came from) and the
View > CMS Version menu that chooses it (written to the project's ``.nodetype-studio.yaml``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QLabel

if TYPE_CHECKING:
    from nodetype_studio.model.version import CmsVersion

# (key, text, CmsVersion value): the model and the editing layer are imported on a choice, not with the
# window (they cost its first paint about 0.1 s)
CHOICES = (("detect", "&Detect from composer files", None),
           ("8.3", "Neos &8.3", "8.3"),
           ("9", "Neos &9.x", "9"))


def build(window, view_menu) -> None:
    """Add the menu and the status bar label to ``window`` (a StudioWindow)."""
    menu = view_menu.addMenu("CMS &Version")
    menu.setObjectName("cms_version_menu")
    group = QActionGroup(window)
    window.version_actions = {}
    for key, text, version in CHOICES:
        action = QAction(text, window, checkable=True)
        action.setObjectName(f"cms_version_{key}")
        action.triggered.connect(lambda _c=False, v=version: choose(window, _version(v)))
        group.addAction(action)
        menu.addAction(action)
        window.version_actions[key] = action
    window.version_label = QLabel(window)
    window.version_label.setObjectName("cms_version_label")
    window.statusBar().addPermanentWidget(window.version_label)
    window.refreshed.connect(lambda: update(window))
    update(window)


def update(window) -> None:
    """Show the version of the open project in the label and the menu."""
    session = getattr(window, "session", None)
    project = session.project if session is not None else None
    label = window.version_label
    if project is None:
        label.setText("")
        label.setToolTip("")
        for action in window.version_actions.values():
            action.setEnabled(False)
        return
    info = project.cms_version
    label.setText(info.version.label + ("" if info.source != "default" else " (default)"))
    label.setToolTip(f"Rules of {info.version.label}: {info.detail}. Choose another in View \u203a CMS Version.")
    key = info.version.value if info.source == "setting" else "detect"
    for name, action in window.version_actions.items():
        action.setEnabled(True)
        action.setChecked(name == key)


def _version(value: str | None) -> CmsVersion | None:
    from nodetype_studio.model.version import CmsVersion

    return CmsVersion(value) if value is not None else None


def choose(window, version: CmsVersion | None) -> None:
    """Write the choice into the project's configuration and resolve the project again."""
    from nodetype_studio.studio.cmsversion import set_configured_version

    save_choice(window, "CMS version", lambda root: set_configured_version(root, version), update,
                lambda _session: version.label if version is not None else "detected from the project's files")


def save_choice(window, setting: str, write, refresh_menu, describe) -> None:
    """Write a choice of View's project menus (``write(root)`` returns the file written), then load the
    project again, whole: the choice changes every type's rules or files. A choice that cannot be used
    (``ValueError``) or saved is shown, and ``refresh_menu(window)`` checks the choice still in force."""
    session = getattr(window, "session", None)
    if session is None:
        return
    try:
        path = write(session.root)
    except ValueError as exc:
        window.show_error(f"Cannot use this {setting}: {exc}")
        refresh_menu(window)
        return
    except OSError as exc:
        window.show_error(f"Cannot save the {setting}: {exc.strerror or exc}")
        refresh_menu(window)
        return
    session.invalidate()  # a whole load, not an incremental one
    window.refresh_now()
    window.status(f"{setting}: {describe(session)} (saved in {path.name})")
