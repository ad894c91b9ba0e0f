"""The CMS's "Create new" dialog for a node of a given type: which node types it offers before, into and
after that node, grouped for creation, with each type's help (neos-ui ``Containers/Modals/SelectNodeType``).

The CMS offers, for the reference node's role (document when its type is a document, else content): into
it, the types its ``constraints.nodeTypes`` allow; before and after it, the types its parent allows. The
preview has no parent: the place is assumed as for the NodeTypeEditor (``typeswitch``). It opens on
"after" when anything may go there, else on "into". Each offered type shows its icon and label, and its
``ui.help.message`` and ``ui.help.thumbnail`` (by default the package's
``Resources/Public/NodeTypes/Thumbnails/<Name>.png``, facts §5.9).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nodetype_studio.model.merge import get_path, merge
from nodetype_studio.model.translations import as_rendered
from nodetype_studio.php.values import to_bool as php_truthy
from nodetype_studio.preview.inspector import resource_file
from nodetype_studio.preview.typeswitch import (
    TypeGroup,
    allowed_types,
    grouped_types,
    node_type_constraints,
    role_type,
    ui_of,
    usual_place,
)

MODES = ("before", "into", "after")


#: Font Awesome sizes a type's ``ui.previewIconSize`` may name (neos-ui ``SelectNodeType/nodeTypeItem.js``).
ICON_SIZES = ("xs", "sm", "lg", "2x", "3x")


@dataclass
class OfferedType:
    name: str
    label: str  # as the CMS shows it: '' for a type without ``ui.label``
    icon: str | None = None  # ``ui.previewIcon`` when the type has that key, else ``ui.icon``
    help: str = ""  # the help message (Markdown), translated
    thumbnail: Path | None = None  # a local image file, when there is one
    #: what the CMS's filter searches: the translated ``ui.label`` (the id itself when it has no translation),
    #: '' without one; never the type's name (neos-ui ``SelectNodeType/index.js``, ``nodeTypeGroupPanel.js``)
    search_label: str = ""
    icon_size: str = "lg"  # one of ICON_SIZES


@dataclass
class InsertOffer:
    reference: str
    role: str  # "document" or "content"
    where: str  # where the preview takes the reference node to be (the siblings' place)
    groups: dict[str, list[tuple[TypeGroup, list[OfferedType]]]] = field(default_factory=dict)  # mode -> groups

    @property
    def initial_mode(self) -> str | None:
        """The mode the dialog opens with (None: nothing may be created here)."""
        if self.groups.get("after"):
            return "after"
        return "into" if self.groups.get("into") else None


def insert_offer(project: Any, reference: str, translate: Callable[[Any], str],
                 packages: Mapping[str, Path] | None = None) -> InsertOffer | None:
    """What the CMS's "Create new" dialog offers around a node of type ``reference`` (None: no such type)."""
    nt = project.node_types.get(reference) if project is not None else None
    if nt is None:
        return None
    document = role_type(project, "document")
    role, role_name = ("document", document) if nt.is_of_type(document) else ("content", role_type(project, "content"))
    into = [t for t in allowed_types(project, node_type_constraints(nt.effective) or {}) if t.is_of_type(role_name)]
    where, siblings = usual_place(project, nt)
    beside = [t for t in siblings or () if t.is_of_type(role_name)]
    offer = InsertOffer(reference, role, where)
    for mode, types in (("before", beside), ("into", into), ("after", beside)):
        offer.groups[mode] = [(group, [_offered(project, t, translate, packages or {}) for t in group.types])
                              for group in grouped_types(project, types, translate)]
    return offer


def _offered(project: Any, nt: Any, translate: Callable[[Any], str], packages: Mapping[str, Path]) -> OfferedType:
    ui = ui_of(nt)
    # nodeTypeItem.js: `'previewIcon' in ui` picks the preview icon (even a null one: then no icon), shown
    # at `previewIconSize` if that is an allowed size, else 2x; the plain icon is shown at lg
    icon = ui.get("previewIcon") if "previewIcon" in ui else ui.get("icon")
    size = ui.get("previewIconSize")
    icon_size = "lg" if ui.get("previewIcon") is None else size if size in ICON_SIZES else "2x"
    found = ui.get("help")
    help_config: Mapping = found if isinstance(found, Mapping) else {}
    message = help_config.get("message")
    label = ui.get("label")
    search_label = (translate(label) or label) if isinstance(label, str) else ""
    # nodeTypeItem.js renders <I18n id={label} fallback={label}/>: nothing for a type without a label
    shown = as_rendered(translate(label) or label) if isinstance(label, str) else ""
    return OfferedType(nt.name, shown, icon if isinstance(icon, str) else None,
                       translate(message) if isinstance(message, str) else "",
                       _help_thumbnail(project, nt, packages), search_label, icon_size)


def _help_thumbnail(project: Any, nt: Any, packages: Mapping[str, Path]) -> Path | None:
    """The image the dialog shows as ``nt``'s help thumbnail. The CMS resolves it in the label enrichment
    (9.x NodeTypeEnrichmentService, 8.3 NodeTypeConfigurationEnrichmentAspect), on each type's own
    configuration and only where that sets ``ui.help``: a written thumbnail stays, else the type's own
    ``Resources/Public/NodeTypes/Thumbnails/<Name>.png`` is filled in when it exists. Subtypes inherit the
    result like any other key; a type with no ``ui.help`` of its own or inherited shows none."""
    is_83 = getattr(getattr(getattr(project, "cms_version", None), "version", None), "value", None) == "8.3"
    merged: dict = {}
    owners = [project.node_types[name] for name in nt.ancestors if name in project.node_types] + [nt]
    for owner in owners:
        if "ui" not in owner.local:
            continue
        ui = owner.local["ui"]
        help_ = ui.get("help") if isinstance(ui, dict) else None
        if isinstance(help_, dict):
            written = help_.get("thumbnail")
            # (9.x tests the written thumbnail with `!empty`, 8.3 with `isset`: '' keeps 8.3 from looking)
            if (written is None if is_83 else not php_truthy(written)):
                found = _thumbnail_file(owner.name, packages)
                if found is not None:
                    ui = {**ui, "help": {**help_, "thumbnail": found}}
        merged = merge(merged, {"ui": ui})
    thumbnail = get_path(merged, ("ui", "help", "thumbnail"), None)
    if isinstance(thumbnail, Path):
        return thumbnail
    return resource_file(thumbnail, packages) if isinstance(thumbnail, str) and thumbnail else None


def _thumbnail_file(name: str, packages: Mapping[str, Path]) -> Path | None:
    package, _, short = name.partition(":")
    folder = packages.get(package)
    if folder is None or not short or "/" in short or "\\" in short:
        return None
    candidate = Path(folder) / "Resources" / "Public" / "NodeTypes" / "Thumbnails" / f"{short}.png"
    return candidate if candidate.is_file() else None
