"""What the inspector shows for a node type: tabs, groups and items, in order (neos-facts §5.7).

Qt-free: it turns a node type's effective configuration into plain records the inspector widget
builds from. Tabs, groups and items are sorted with the CMS's JavaScript positional sorter; a group
without ``tab`` belongs to the ``default`` tab; hidden items, groups without visible items and tabs
without visible groups are left out. Every property is kept in ``properties`` (also the hidden
ones and those outside any group) because the inspector validates them all.
"""

from __future__ import annotations

from collections import abc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from nodetype_studio.catalogue import canonical_type, editor_for_type
from nodetype_studio.catalogue.neos9 import REMOVED_EDITORS
from nodetype_studio.js.values import is_client_eval, js_entries
from nodetype_studio.js.values import truthy as js_truthy
from nodetype_studio.model.prefix import Platform
from nodetype_studio.model.sorting import js_sort
from nodetype_studio.model.translations import (
    Translator,
    as_rendered,
    generated_id,
    package_folders,
    project_translator,
)
from nodetype_studio.php.values import to_bool as php_truthy
from nodetype_studio.preview.urisegment import transliteration_rules


def _mapping(value: Any) -> Mapping:
    # plain dicts and missing keys first: the model gives dicts, and the abstract check is slow in this hot path
    if type(value) is dict:
        return value
    if value is None:
        return {}
    return value if isinstance(value, abc.Mapping) else {}


@dataclass
class ItemView:
    """One row of a group: a property with its editor, or an inspector view."""

    kind: str  # "property" | "view"
    name: str
    label: str
    config: Mapping[str, Any]
    group: str | None = None
    editor: str | None = None  # editor identifier in the project's spelling; None: no editor resolvable
    #: why the CMS gives the property no editor, when that is known (shown by the preview's placeholder)
    editor_problem: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    options_set: bool = False  # the property has `editorOptions` (a map, maybe empty)
    type: str = "string"
    validation: Mapping[str, Any] = field(default_factory=dict)
    help: str = ""
    help_thumbnail: str | None = None
    hidden: bool = False
    dynamic_hidden: str | None = None  # an unevaluated ClientEval `hidden` expression
    view: str | None = None  # inspector views: the view identifier
    #: the editor is the studio's addition for the preview: the CMS gives this type's property none
    #: (it does not inherit the editor post-processor, e.g. a mixin outside Neos.Neos:Node)
    studio_editor: bool = False
    section: str = "properties"  # "references": an entry of the node type's 9.x `references:` section
    #: what the CMS reloads after an inspector change of this value (neos-facts §5.9): "page"
    #: (`ui.reloadPageIfChanged`), "element" (`ui.reloadIfChanged`: the element, or the page when it is
    #: not in a content collection), or "" (nothing)
    reload: str = ""


@dataclass
class GroupView:
    id: str
    label: str
    icon: Any
    tab: str
    collapsed: bool
    items: list[ItemView] = field(default_factory=list)


@dataclass
class TabView:
    id: str
    label: str
    icon: Any
    groups: list[GroupView] = field(default_factory=list)


@dataclass
class InspectorLayout:
    node_type: str
    label: str
    tabs: list[TabView]
    properties: dict[str, ItemView]  # every property, shown or not
    missing_tabs: dict[str, list[str]] = field(default_factory=dict)  # tab id -> groups that name it
    references: dict[str, ItemView] = field(default_factory=dict)  # 9.x `references:` entries, shown or not

    def tab_of(self, property_name: str) -> str | None:
        for tab in self.tabs:
            for group in tab.groups:
                if any(i.kind == "property" and i.name == property_name for i in group.items):
                    return tab.id
        return None

    @property
    def visible_properties(self) -> list[str]:
        return [i.name for t in self.tabs for g in t.groups for i in g.items
                if i.kind == "property" and i.section == "properties"]

    @property
    def visible_references(self) -> list[str]:
        return [i.name for t in self.tabs for g in t.groups for i in g.items if i.section == "references"]


@dataclass
class InspectorSource:
    """Everything needed to preview one node type."""

    name: str
    config: Mapping[str, Any]
    platform: Platform = field(default_factory=Platform)
    translator: Translator = field(default_factory=Translator)
    packages: Mapping[str, Path] = field(default_factory=dict)
    workspace: Any = None  # the project's sample content and media library (content.Workspace)
    root: Path | None = None  # the project root (data-source fixtures and backend settings live under it)
    #: properties whose editor only the preview adds (``NodeType.preview_additions``)
    studio_editors: frozenset = frozenset()
    cms_version: str = "9"  # "8.3" ignores a `references:` section; its validators read null options unguarded
    abstract: bool = False  # (the CMS never creates a node of an abstract type: no creation dialog)
    #: the creation dialog's elements (``preview.creationdialog``): ClientEval sees the dialog's transient node
    creation_dialog: bool = False
    #: the transliteration rules of the project's URL path segments (``preview.urisegment``)
    transliteration: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_model(cls, node_type, project) -> "InspectorSource":
        """From the project model's NodeType and Project."""
        from nodetype_studio.content.workspace import Workspace

        packages = package_folders(project)
        version = getattr(getattr(getattr(project, "cms_version", None), "version", None), "value", "9")
        settings = getattr(project, "settings", None)
        rules = transliteration_rules(settings, project.platform.prefix, version) if isinstance(settings, Mapping) else {}
        return cls(node_type.name, node_type.preview, project.platform, project_translator(project, packages), packages,
                   Workspace.for_project(project), getattr(project, "root", None),
                   frozenset(getattr(node_type, "preview_additions", ())), version, getattr(node_type, "abstract", False) is True,
                   transliteration=rules)


_MISSING_DEFINITION = "the CMS shows \u201cMissing editor definition\u201d"


def _editor_id(raw_type: Any, inspector: Mapping, platform: Platform, cms_version: str = "9") -> tuple[str | None, str]:
    """The editor identifier and, when there is none, why the CMS shows no editor either.

    Only an identifier string names an editor: the CMS cannot look up an editor written as a map or
    a list, and shows none for an empty one. The type's default editor applies only when ``editor`` is
    missing (or null) and the property has a ``type``: the editor post-processor skips untyped ones.
    The 8.3 plugin editors are not in 9.x's UI (neos-facts §1.1).
    """
    editor = inspector.get("editor")
    if isinstance(editor, str):
        if editor.strip():
            identifier = platform.normalize_editor(editor.strip()).value
            if cms_version != "8.3" and platform.normalize_editor(identifier).short in REMOVED_EDITORS:
                return None, f"`{editor.strip()}` was removed in Neos 9: the CMS shows \u201cMissing Editor\u201d"
            return identifier, ""
        return None, f"`editor` is empty: {_MISSING_DEFINITION}"
    if editor is not None:
        kind = "a map" if isinstance(editor, Mapping) else "a list" if isinstance(editor, list) else "not a string"
        return None, f"`editor` is {kind}, not an editor identifier: the CMS cannot resolve it"
    if raw_type is None:
        return None, f"the property has no `type`, so no editor is set: {_MISSING_DEFINITION}"
    spec = editor_for_type(raw_type, platform) if _is_data_type_key(raw_type, platform) else None
    return (spec.identifier(platform), "") if spec is not None else (None, "")


def _is_data_type_key(raw_type: Any, platform: Platform) -> bool:
    """``raw_type`` spelled as a key of the CMS's ``dataTypes`` setting, which the editor post-processor
    looks the type up in as written (neos-facts §1.2, §1.3): ``\\DateTime``, or a type with a leading
    backslash or spaces, names the same value type but has no default editor there (the CMS fails with
    "Could not find editor")."""
    if not isinstance(raw_type, str):
        return False
    return canonical_type(raw_type, platform) == (platform.normalize_type(raw_type).short or raw_type)


def reference_type(config: Mapping) -> str:
    """``reference`` for a reference with ``constraints.maxItems: 1``, else ``references`` (neos-facts §1.3;
    the CMS compares with PHP's ``=== 1``: the float ``1.0`` is not it)."""
    maximum = _mapping(config.get("constraints")).get("maxItems")
    return "reference" if type(maximum) is int and maximum == 1 else "references"


def reference_configs(config: Mapping, cms_version: str = "9") -> dict[str, Mapping]:
    """The `references:` entries of a node type as property-shaped configurations (with the type the
    editor stores); empty for 8.3, which ignores the section."""
    if cms_version == "8.3":
        return {}
    return {str(name): {**_mapping(ref), "type": reference_type(_mapping(ref))}
            for name, ref in _mapping(config.get("references")).items()}


def item_configs(config: Mapping, cms_version: str = "9") -> dict[str, Mapping]:
    """Every value the inspector edits: the properties, then the references (a name may not be both)."""
    items = dict(_mapping(config.get("properties")))
    for name, ref in reference_configs(config, cms_version).items():
        items.setdefault(name, ref)
    return items


def _text(tr: Translator, value: Any) -> str:
    """Display text of a property's label or help message. No id is made for an ``i18n`` value here: the
    model replaced every one the CMS replaces (the type's own, facts §5.13), and one that a preset brings
    is merged after that replacement (§5.11, §5.12), so the UI looks ``i18n`` up as a plain id and shows it."""
    if value is None:
        return ""
    if type(value) is str and ":" not in value:
        return tr.bare_text(value)  # a plain label (the common case), or a unit of Neos.Neos:Main
    return tr.text(value)


def _property_item(name: str, config: Mapping, source: InspectorSource, section: str = "properties") -> ItemView:
    ui = _mapping(config.get("ui"))
    inspector = _mapping(ui.get("inspector"))
    help_config = _mapping(ui.get("help"))
    raw_type = config.get("type")
    prop_type = raw_type if isinstance(raw_type, str) else "string"
    tr = source.translator
    hidden_value = inspector.get("hidden")
    dynamic = hidden_value if is_client_eval(hidden_value) else None
    group = inspector.get("group")
    thumbnail = help_config.get("thumbnail") if help_config else None
    editor, editor_problem = _editor_id(raw_type, inspector, source.platform, source.cms_version)
    editor_options = inspector.get("editorOptions")
    return ItemView(
        kind="property",
        name=name,
        label=as_rendered(_text(tr, ui.get("label"))),
        config=config,
        group=group if isinstance(group, str) else None,
        editor=editor,
        editor_problem=editor_problem,
        options=_mapping(editor_options),
        options_set=type(editor_options) is dict or isinstance(editor_options, abc.Mapping),
        type=prop_type,
        validation=_mapping(config.get("validation")),
        help=_text(tr, help_config.get("message")) if help_config else "",
        help_thumbnail=thumbnail if isinstance(thumbnail, str) else None,
        # An unevaluated ClientEval expression is shown (its outcome depends on other values).
        hidden=js_truthy(hidden_value) and dynamic is None,
        dynamic_hidden=dynamic,
        studio_editor=name in source.studio_editors,
        section=section,
        reload=reload_kind(ui),
    )


def resource_file(value: Any, packages: Mapping[str, Path]) -> Path | None:
    """The file a ``resource://Vendor.Package/Public/Path`` value names (in the package's
    ``Resources/Public``), when the package is known and the file exists; None otherwise (URLs too)."""
    if not isinstance(value, str) or not value.startswith("resource://"):
        return None
    package, _, rest = value[len("resource://"):].partition("/")
    folder = packages.get(package)
    if folder is None or not rest:
        return None
    relative = rest[len("Public/"):] if rest.startswith("Public/") else rest
    path = Path(folder) / "Resources" / "Public" / relative
    try:
        return path if path.is_file() else None
    except OSError:
        return None


def reload_kind(ui: Mapping) -> str:
    """What the CMS reloads after an inspector change: "page", "element" or "" (neos-facts §5.9)."""
    if php_truthy(ui.get("reloadPageIfChanged")):
        return "page"
    return "element" if php_truthy(ui.get("reloadIfChanged")) else ""


def _first(pair: tuple) -> str:
    return pair[0]


def _position(pair: tuple) -> Any:
    return pair[1].get("position")


def _entries(section: Any) -> list[tuple[str, Mapping]]:
    """Map entries as (id, config); a null entry is a label-less element (neos-facts §5.4)."""
    return [(str(key), _mapping(value)) for key, value in js_entries(_mapping(section))]


def node_type_label(source: InspectorSource) -> str:
    """The inspector's title: the node type's label (translated), else its name."""
    ui = _mapping(_mapping(source.config).get("ui"))
    if not ui.get("label"):
        return source.name
    return source.translator.label(ui.get("label"), generated_id(source.name, "ui", "label"))


def same_but_label(old: Any, new: Any) -> bool:
    """Two configurations of a node type equal but for the node type's own ``ui.label`` (which only the
    inspector's title shows), and neither label a ``ClientEval:`` expression."""
    if not (isinstance(old, Mapping) and isinstance(new, Mapping)) or list(old) != list(new):
        return False
    for key, value in new.items():
        if key != "ui":
            if value != old[key]:
                return False
            continue
        before = old[key]
        if not (isinstance(value, Mapping) and isinstance(before, Mapping)) or list(value) != list(before):
            return False
        for ui_key, ui_value in value.items():
            if ui_key == "label":
                if any(isinstance(v, str) and v.startswith("ClientEval:") for v in (ui_value, before[ui_key])):
                    return False
            elif ui_value != before[ui_key]:
                return False
    return True


def build_layout(source: InspectorSource) -> InspectorLayout:
    """The inspector of ``source``'s node type."""
    config = _mapping(source.config)
    ui = _mapping(config.get("ui"))
    inspector = _mapping(ui.get("inspector"))
    tr, nt = source.translator, source.name

    properties: dict[str, ItemView] = {}
    for name, prop in js_sort(
        list(js_entries(_mapping(config.get("properties")))), lambda kv: _mapping(kv[1]).get("position"), _first
    ):
        properties[name] = _property_item(name, _mapping(prop), source)
    references: dict[str, ItemView] = {}
    for name, ref in js_sort(list(js_entries(reference_configs(config, source.cms_version))),
                             lambda kv: _mapping(kv[1]).get("position"), _first):
        if name not in properties:  # a name declared as both is an error the checks report
            references[name] = _property_item(name, ref, source, "references")

    views = [
        ItemView(
            kind="view",
            name=view_id,
            label=tr.label(view.get("label"), generated_id(nt, "views", view_id)),
            config=view,
            group=view.get("group") if isinstance(view.get("group"), str) else None,
            view=view.get("view") if isinstance(view.get("view"), str) else None,
            options=_mapping(view.get("viewOptions")),
            help=tr.text(view.get("helpMessage")) if view.get("helpMessage") else "",
        )
        # sorted on their own first, like every list the UI builds: the order they join a group's items in
        # decides ties in the group's sort
        for view_id, view in js_sort(_entries(inspector.get("views")), _position, _first)
    ]

    tabs = [
        TabView(tab_id, tr.label(tab.get("label"), generated_id(nt, "tabs", tab_id)), tab.get("icon"))
        for tab_id, tab in js_sort(_entries(inspector.get("tabs")), _position, _first)
    ]
    tab_by_id = {t.id: t for t in tabs}
    missing_tabs: dict[str, list[str]] = {}

    for group_id, group in js_sort(_entries(inspector.get("groups")), _position, _first):
        raw_tab = group.get("tab")
        # as the UI: a falsy tab is the default tab; any other is compared with `===` to the tab ids,
        # which are text (a tab written as a number matches none)
        tab_id = "default" if not js_truthy(raw_tab) else raw_tab if isinstance(raw_tab, str) else None
        tab = tab_by_id.get(tab_id) if tab_id is not None else None
        if tab is None:  # a group on a tab that does not exist is never shown
            if tab_id is not None:
                missing_tabs.setdefault(tab_id, []).append(group_id)
            continue
        members = [p for p in properties.values() if p.group == group_id] + \
            [r for r in references.values() if r.group == group_id] + [v for v in views if v.group == group_id]
        members = js_sort(
            members,
            lambda item: _mapping(_mapping(item.config.get("ui")).get("inspector")).get("position")
            if item.kind == "property"
            else item.config.get("position"),
            lambda item: item.name,
        )
        visible = [m for m in members if not m.hidden]
        if not visible:
            continue
        tab.groups.append(
            GroupView(
                id=group_id,
                label=tr.label(group.get("label"), generated_id(nt, "groups", group_id)),
                icon=group.get("icon"),
                tab=tab.id,
                collapsed=js_truthy(group.get("collapsed")),
                items=visible,
            )
        )

    return InspectorLayout(nt, node_type_label(source), [t for t in tabs if t.groups], properties, missing_tabs, references)
