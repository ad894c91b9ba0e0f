"""What the sample content needs to know about node types: inheritance, documents, labels (Qt-free)."""

from __future__ import annotations

from typing import Any

from nodetype_studio.model.constraints import allows, as_read
from nodetype_studio.model.prefix import Platform
from nodetype_studio.php.nodename import node_name

#: Neos 8.3's node creation handlers (neos-ui Classes/NodeCreationHandler/*) that write `title` from the
#: creation data, each for nodes of one base type; and the one writing the creation dialog's properties.
_TITLE_HANDLERS = {"DocumentTitleNodeCreationHandler": "Document", "ContentTitleNodeCreationHandler": "Content"}
_PROMOTED_HANDLER = "CreationDialogPropertiesCreationHandler"


class TypeIndex:
    """Node type facts of one project, with ``is_of_type`` answers cached (searches ask them often).

    Names in any platform spelling (``Cms.Cms:Document``, ``Neos.Neos:Document``) are accepted.
    """

    def __init__(self, project: Any = None):
        self.project = project
        self.platform: Platform = getattr(project, "platform", None) or Platform()
        self.node_types: dict = dict(getattr(project, "node_types", {}) or {})
        self._cache: dict[tuple[str, str], bool] = {}

    def normalize(self, name: str) -> str:
        return self.platform.normalize_name(name).value if isinstance(name, str) else ""

    def platform_type(self, short: str) -> str:
        return self.platform.node_type(short)

    def known(self, name: str) -> bool:
        return self.normalize(name) in self.node_types

    def is_of_type(self, name: str, wanted: str) -> bool:
        key = (name, wanted)
        answer = self._cache.get(key)
        if answer is None:
            node_type = self.node_types.get(self.normalize(name))
            target = self.normalize(wanted)
            if node_type is None:
                answer = self.normalize(name) == target
            else:
                answer = bool(node_type.is_of_type(target))
            self._cache[key] = answer
        return answer

    def is_any(self, name: str, wanted: list[str]) -> bool:
        return any(self.is_of_type(name, w) for w in wanted)

    def is_document(self, name: str) -> bool:
        return self.is_of_type(name, self.platform_type("Document"))

    def is_abstract(self, name: str) -> bool:
        node_type = self.node_types.get(self.normalize(name))
        return bool(node_type is not None and node_type.abstract)

    def concrete(self, wanted: list[str]) -> list[str]:
        """Non-abstract node types that are of one of ``wanted``; project types first, then by name."""
        names = [n for n, nt in self.node_types.items() if not nt.abstract and self.is_any(n, wanted)]
        return sorted(names, key=lambda n: (self.node_types[n].from_baseline, n))

    def creation_keeps(self, name: str, property_name: str) -> bool:
        """Neos 8.3: creating a node of type ``name`` with the data ``{property_name: text}`` (as the reference
        editors' ``createNew`` sends it) writes that property. The type's ``options.nodeCreationHandlers`` do
        the writing: the title handlers write ``title`` (of documents, of content), the creation dialog's
        handler the properties with ``ui.showInCreationDialog: true``; nothing else is written."""
        node_type = self.node_types.get(self.normalize(name))
        effective = getattr(node_type, "effective", None) if node_type is not None else None
        options = effective.get("options") if isinstance(effective, dict) else None
        handlers = options.get("nodeCreationHandlers") if isinstance(options, dict) else None
        classes = {entry["nodeCreationHandler"].rsplit("\\", 1)[-1] for entry in handlers.values()
                   if isinstance(entry, dict) and isinstance(entry.get("nodeCreationHandler"), str)} \
            if isinstance(handlers, dict) else set()
        if property_name == "title" and any(handler in classes and self.is_of_type(name, self.platform_type(base))
                                            for handler, base in _TITLE_HANDLERS.items()):
            return True
        properties = effective.get("properties") if isinstance(effective, dict) else None
        config = properties.get(property_name) if isinstance(properties, dict) else None
        ui = config.get("ui") if isinstance(config, dict) else None
        return _PROMOTED_HANDLER in classes and isinstance(ui, dict) and ui.get("showInCreationDialog") is True

    def allows_child(self, parent_type: str, name: str, tethered_as: tuple[str, str] | None = None) -> bool:
        """Whether the content repository creates a node of type ``name`` below a node of ``parent_type``
        (``constraints.nodeTypes``, ``model.constraints``). Below a tethered node, ``tethered_as`` (its
        parent's type, its name): the tethered type's constraints overruled by the parent's
        ``childNodes.<name>.constraints`` (8.3 ``NodeType::allowsGrandchildNodeType``, 9.x
        ``NodeTypeManager::isNodeTypeAllowedAsChildToTetheredNode``). A tethered node's type the project
        does not define: 9.x allows nothing below it, 8.3 has made it a ``FallbackNode``."""
        if self.project is None or not hasattr(self.project, "node_types"):
            return True  # no project: nothing says no
        constraints = self._node_type_constraints(self.config(parent_type))
        if tethered_as is not None and (key := self.tethered_key(*tethered_as)) is not None:
            entry = self.config(tethered_as[0])["childNodes"][key]
            declared = entry["type"]
            if not self.known(declared):
                if not self.is_83():
                    return False
                declared = self.platform_type("FallbackNode")  # 8.3 NodeTypeManager::getNodeType's fallback
            constraints = {**self._node_type_constraints(self.config(declared)), **self._node_type_constraints(entry)}
        return allows(self.project, constraints, self.normalize(name))

    def is_83(self) -> bool:
        version = getattr(getattr(self.project, "cms_version", None), "version", None)
        return getattr(version, "value", None) == "8.3"

    def tethered_key(self, parent_type: str, name: str) -> str | None:
        """The key of the ``childNodes`` entry of ``parent_type`` that makes its tethered child node ``name``
        (None: none does). The CMS names the child after the key made a valid node name (``php.nodename``:
        ``Main_Content`` makes ``main-content``); only an entry with a ``type`` makes one (8.3
        ``NodeType::getAutoCreatedChildNodes``, 9.x's tethered node type definitions: ``isset(type)``)."""
        entries = self.config(parent_type).get("childNodes")
        for key, entry in entries.items() if isinstance(entries, dict) else ():
            if isinstance(entry, dict) and isinstance(entry.get("type"), str) \
                    and (key == name or node_name(str(key)) == name):
                return key
        return None

    def tethered_type(self, parent_type: str, name: str) -> str | None:
        """The node type written for the tethered child node ``name`` of a ``parent_type`` node (None: no such
        tethered child node)."""
        key = self.tethered_key(parent_type, name)
        return self.config(parent_type)["childNodes"][key]["type"] if key is not None else None

    @staticmethod
    def _node_type_constraints(config: Any) -> dict:
        constraints = config.get("constraints") if isinstance(config, dict) else None
        return as_read(constraints.get("nodeTypes") if isinstance(constraints, dict) else None)

    def config(self, name: str) -> dict:
        """The node type's effective configuration ({} for an unknown type)."""
        node_type = self.node_types.get(self.normalize(name))
        effective = getattr(node_type, "effective", None) if node_type is not None else None
        return effective if isinstance(effective, dict) else {}

    def label(self, name: str) -> str:
        """The node type's ``ui.label`` when it is plain text, else the part after the colon."""
        node_type = self.node_types.get(self.normalize(name))
        label = getattr(node_type, "label", None) if node_type is not None else None
        if isinstance(label, str) and label.strip() and not _looks_like_id(label):
            return label.strip()
        short = name.partition(":")[2] or name
        return short.rsplit(".", 1)[-1]

    def icon(self, name: str) -> str | None:
        node_type = self.node_types.get(self.normalize(name))
        ui = node_type.effective.get("ui") if node_type is not None else None
        icon = ui.get("icon") if isinstance(ui, dict) else None
        return icon if isinstance(icon, str) else None


def _looks_like_id(label: str) -> bool:
    """Translation ids (``Vendor.Pkg:NodeTypes.X:ui.label``, ``i18n``) are not display text here."""
    return label == "i18n" or (":" in label and " " not in label)
