"""What changes between Neos 8.3 and 9.x, found in the project's own files (platform facts §6, §7).

``scan_for_9(project)`` lists every 8.3 construct that 9.x removed, renamed or converts at run time,
each as an :class:`Issue` with the written location and, where the fix is mechanical, the edit
operations that make it (the migration applies them; ``studio/migration.py``). ``version_findings``
turns them into check findings for a project whose CMS version is 9.x, adds the checks of the
``references:`` section, and for an 8.3 project reports a ``references:`` section (8.3 ignores it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nodetype_studio import boundedio
from nodetype_studio.catalogue.neos9 import (
    LABEL_HELPERS_9,
    LEGACY_REFERENCE_FORBIDDEN,
    PLATFORM_CREATION_HANDLERS,
    POSTPROCESSOR_CLASSES,
    PROPERTY_RENAMES,
    REFERENCE_TYPES,
    REMOVED_EDITORS,
    REMOVED_PROPERTIES,
    REMOVED_TYPES,
    SUPERTYPE_RENAMES,
    is_platform_package,
    php_class,
)
from nodetype_studio.checks.base import _position_in
from nodetype_studio.checks.labelnames import integer_name_sites
from nodetype_studio.checks.optionwalk import describe_value
from nodetype_studio.content.startpoint import SEARCH_EDITORS, SITES_PATH, read_starting_point
from nodetype_studio.diagnostics import Diagnostic, Location, Severity
from nodetype_studio.model.constraints import allows
from nodetype_studio.model.postprocess import _declared_editor

MIGRATE_HINT = "`nodetype-studio migrate PATH --to 9` fixes this"


@dataclass(frozen=True)
class Op:
    """One mechanical edit inside a node type's entry of one file.

    ``kind``: ``rename`` (key at ``path`` to ``value``), ``unset`` (``path``), ``set`` (``path`` to
    ``value``), ``remove_entry`` (the whole node type entry) or ``to_references`` (move
    ``properties.<name>`` to ``references.<name>``; ``value`` is the ``type`` written there, if any).
    """

    kind: str
    path: tuple = ()
    value: Any = None


@dataclass(frozen=True)
class Issue:
    code: str
    severity: Severity
    message: str
    location: Location
    node_type: str
    property_name: str | None = None
    ops: tuple[Op, ...] = ()  # empty: a human has to decide
    hint: str = ""

    @property
    def file(self) -> str:
        return self.location.file

    def diagnostic(self) -> Diagnostic:
        hint = MIGRATE_HINT if self.ops else self.hint
        message = f"{self.message}; {hint}" if hint else self.message
        return Diagnostic.at(self.location, self.severity, self.code, message,
                             node_type=self.node_type, property_name=self.property_name)


def cms_version(project) -> str | None:
    info = getattr(project, "cms_version", None)
    version = getattr(info, "version", None)
    return getattr(version, "value", version)


def is_users(fragment) -> bool:
    """Written by the project: not the studio's baseline, not a platform package found in the folder."""
    return not fragment.file.baseline and not is_platform_package(fragment.file.package)


def user_fragments(nt):
    """(fragment, config) of the node type's entries in the project's own files."""
    for fragment in nt.fragments:
        if is_users(fragment) and isinstance(fragment.config, dict):
            yield fragment, fragment.config


def _at(fragment, path: tuple) -> Location:
    position = _position_in(fragment.config, path) if path else None
    return Location(str(fragment.file.path), *(position or fragment.key_pos))


# -- the scan ------------------------------------------------------------------------------------------------
def scan_for_9(project, per_type=None) -> list[Issue]:
    """Every 8.3 construct in the project's files that 9.x handles differently. ``per_type``: see
    ``version_findings``."""
    per_type = per_type or _compute
    platform = project.platform
    norm = {platform.normalize_name(name).value: name for name in REMOVED_TYPES}
    issues: list[Issue] = []

    def entries(nt) -> list[Issue]:
        return [issue for fragment, config in user_fragments(nt)
                for issue in _entry_issues(nt, fragment, config, norm, platform)]

    for nt in sorted(project.node_types.values(), key=lambda n: n.name):
        issues += per_type("entries", nt, lambda nt=nt: entries(nt))
    issues += _legacy_reference_issues(project, per_type)
    return issues


def _entry_issues(nt, fragment, config: dict, removed: dict, platform) -> list[Issue]:
    found: list[Issue] = []
    name = nt.name
    if name in removed:
        original = removed[name]
        found.append(Issue("neos9-removed-type-override", Severity.WARNING,
                           f"{name} overrides a node type 9.x removed ({REMOVED_TYPES[original]}); in 9.x this "
                           "entry declares a new, unrelated node type", _at(fragment, ()), name,
                           ops=(Op("remove_entry"),)))
        return found
    found += _supertype_issues(nt, fragment, config, removed, platform)
    properties = config.get("properties")
    if isinstance(properties, dict):
        for prop, prop_config in properties.items():
            found += _property_issues(nt, fragment, str(prop), prop_config, properties, platform)
    handlers = _get(config, "options", "nodeCreationHandlers")
    if isinstance(handlers, dict):
        for key, handler in handlers.items():
            if not isinstance(handler, dict) or "nodeCreationHandler" not in handler:
                found += _factoryless_handler_issues(nt, fragment, key, handler)
                continue
            cls = php_class(handler.get("nodeCreationHandler"))
            path: tuple = ("options", "nodeCreationHandlers", key, "nodeCreationHandler")
            # 9.x's UI throws for a handler entry without `factoryClassName` (exception 1697750190,
            # ui 9.0:Classes/Domain/Model/Changes/AbstractCreate.php); with one, it runs that and ignores the rest
            resolved = _get(nt.effective, "options", "nodeCreationHandlers", key)
            fails = not (isinstance(resolved, dict) and resolved.get("factoryClassName") is not None)
            effect = (f"9.x fails to create any node of {name} or of a type inheriting it (the UI throws exception "
                      "1697750190: the handler has no `factoryClassName`)" if fails
                      else "9.x runs only the `factoryClassName` of this handler and ignores this class")
            severity = Severity.ERROR if fails else Severity.WARNING
            if cls in PLATFORM_CREATION_HANDLERS:
                found.append(Issue("neos9-creation-handler", severity,
                                   f"{name}: node creation handler `{key}` names the 8.3 platform class {cls}: "
                                   f"{effect}; 9.x declares its own handler factories (uriPathSegment, "
                                   "promotedElements)", _at(fragment, path), name, ops=(Op("unset", path[:-1]),)))
            else:
                found.append(Issue("neos9-creation-handler", severity,
                                   f"{name}: node creation handler `{key}` uses the 8.3 key `nodeCreationHandler`: "
                                   f"{effect}", _at(fragment, path), name,
                                   hint=f"rewrite {cls or 'the handler'} as a NodeCreationHandlerFactory and "
                                        "name it with `factoryClassName`"))
    if _get(config, "options", "pluginViews") is not None:
        found.append(Issue("neos9-plugin-views", Severity.WARNING,
                           f"{name}: `options.pluginViews` does nothing in 9.x: 8.3's plugin post-processor, which "
                           "gave such a plugin the `views` property (PluginViewsEditor) and the `pluginViews` group, "
                           "was removed with the PluginView node type and the plugin editors",
                           _at(fragment, ("options", "pluginViews")), name,
                           hint="remove `options.pluginViews`, or keep it only while the site still runs on 8.3"))
    postprocessors = config.get("postprocessors")
    if isinstance(postprocessors, (dict, list)):
        # (a list runs as a map does; its entries get no automatic fix, which edits map keys)
        written = postprocessors.items() if isinstance(postprocessors, dict) else enumerate(postprocessors)
        for key, entry in written:
            cls = php_class(entry.get("postprocessor")) if isinstance(entry, dict) else None
            if cls not in POSTPROCESSOR_CLASSES:
                continue
            replacement = POSTPROCESSOR_CLASSES[cls]
            path = ("postprocessors", key, "postprocessor")
            fixable = isinstance(postprocessors, dict)
            if replacement is None:
                found.append(Issue("neos9-postprocessor", Severity.ERROR,
                                   f"{name}: post-processor {cls} does not exist in 9.x (the CMS fails to load the "
                                   "node type)", _at(fragment, path), name,
                                   ops=(Op("unset", path[:-1]),) if fixable else ()))
            else:
                found.append(Issue("neos9-postprocessor", Severity.ERROR,
                                   f"{name}: post-processor class {cls} was renamed {replacement} in 9.x",
                                   _at(fragment, path), name, ops=(Op("set", path, replacement),) if fixable else ()))
    return found


def _factoryless_handler_issues(nt, fragment, key, written) -> list[Issue]:
    """A handler entry written without the 8.3 key whose resolved entry 9.x cannot run: anything but ``~``
    (which 9.x's PositionalArraySorter drops) without a ``factoryClassName`` makes the UI throw exception
    1697750190 (ui 9.0 ``Classes/Domain/Model/Changes/AbstractCreate.php``, ``isset`` on the entry)."""
    resolved = _get(nt.effective, "options", "nodeCreationHandlers", key)
    if written is None or resolved is None:
        return []
    if isinstance(resolved, dict) and (resolved.get("factoryClassName") is not None or "nodeCreationHandler" in resolved):
        return []  # runnable, or reported where the 8.3 key is written
    what = "has no `factoryClassName`" if isinstance(resolved, dict) else f"is {describe_value(resolved)}"
    return [Issue("neos9-creation-handler", Severity.ERROR,
                  f"{nt.name}: node creation handler `{key}` {what}: 9.x fails to create any node of {nt.name} or of "
                  "a type inheriting it (the UI throws exception 1697750190)",
                  _at(fragment, ("options", "nodeCreationHandlers", key)), nt.name,
                  hint="name its NodeCreationHandlerFactory with `factoryClassName`, or set the entry to `~` to "
                       "switch the handler off")]


def _supertype_issues(nt, fragment, config: dict, removed: dict, platform) -> list[Issue]:
    supertypes = config.get("superTypes")
    name = nt.name
    if isinstance(supertypes, list):
        mapping = {str(s): True for s in supertypes if isinstance(s, str)}
        ops = (Op("set", ("superTypes",), mapping),) if len(mapping) == len(supertypes) else ()
        return [Issue("neos9-supertypes-list", Severity.ERROR,
                      f"{name}: `superTypes` is written as a list; 9.x accepts only a map of names to true/false "
                      "(exception 1651821391)", _at(fragment, ("superTypes",)), name, ops=ops,
                      hint="write `superTypes:` as `Name: true` entries")]
    if not isinstance(supertypes, dict):
        return []
    found = []
    for key, enabled in supertypes.items():
        normalized = platform.normalize_name(key).value if isinstance(key, str) else key
        if normalized not in removed:
            continue
        original = removed[normalized]
        path = ("superTypes", key)
        replacement = SUPERTYPE_RENAMES.get(original)
        on = enabled is True
        if replacement is not None and replacement not in supertypes:
            ops = (Op("rename", path, replacement),)
        elif not on:
            ops = (Op("unset", path),)  # switching off a type that no longer exists
        else:
            ops = ()
        what = "inherits from" if on else "switches off"
        found.append(Issue("neos9-supertype-removed", Severity.ERROR if on else Severity.WARNING,
                           f"{name} {what} {key}, which 9.x removed ({REMOVED_TYPES[original]})",
                           _at(fragment, path), name, ops=ops,
                           hint="" if ops else f"remove {key} from `superTypes` and move what it gave the node "
                                               "type into its own definition"))
    return found


def _property_issues(nt, fragment, prop: str, config, siblings: dict, platform) -> list[Issue]:
    name = nt.name
    path = ("properties", prop)
    found = []
    if prop in PROPERTY_RENAMES:
        new, note = PROPERTY_RENAMES[prop]
        ops = (Op("rename", path, new),) if new not in siblings else ()
        found.append(Issue("neos9-property-renamed", Severity.WARNING,
                           f"{name}: property {prop} is called {new} in 9.x; this override configures a property "
                           f"9.x does not have ({note})", _at(fragment, path), name, prop, ops=ops,
                           hint=f"merge this override into `{new}`"))
    elif prop in REMOVED_PROPERTIES:
        declares = isinstance(config, dict) and "type" in config
        found.append(Issue("neos9-property-removed", Severity.WARNING,
                           f"{name}: system property {prop} is no longer declared in 9.x"
                           + ("" if declares else "; this override configures nothing"),
                           _at(fragment, path), name, prop, ops=() if declares else (Op("unset", path),),
                           hint="the node's own data replaces it; remove the declaration"))
    for where in starting_points(config):
        if where[1] == "inspector" and not _searches_nodes(nt, prop, platform):
            continue  # (another editor's `startingPoint` is an unknown option)
        written = _get(config, *where)
        converted = starting_point_for_9(written, platform.node_type("Sites"))
        if converted is not None:
            found.append(Issue("neos9-starting-point", Severity.WARNING,
                               f"{name}: property {prop} starts its node search at the 8.3 node path {written}; "
                               f"9.x reads absolute node paths that name the root node type ({converted}) and "
                               "finds nothing with this one", _at(fragment, path + where), name, prop,
                               ops=(Op("set", path + where, converted),)))
    editor = _get(config, "ui", "inspector", "editor")
    if isinstance(editor, str) and platform.normalize_editor(editor).short in REMOVED_EDITORS:
        found.append(Issue("neos9-editor-removed", Severity.ERROR,
                           f"{name}: property {prop} uses {editor}, which the 9.x UI removed (plugin views are gone)",
                           _at(fragment, path + ("ui", "inspector", "editor")), name, prop,
                           hint="remove the property or give it an editor that exists in 9.x"))
    return found


_INSPECTOR_START = ("ui", "inspector", "editorOptions", "startingPoint")
_INLINE_START = ("ui", "inline", "editorOptions", "linking", "startingPoint")


def starting_points(config) -> list[tuple]:
    """Where a property's configuration writes a `startingPoint` (most write none: decided quickly)."""
    ui = config.get("ui") if isinstance(config, dict) else None
    if not isinstance(ui, dict):
        return []
    found: list[tuple] = []
    inspector = ui.get("inspector")
    options = inspector.get("editorOptions") if isinstance(inspector, dict) else None
    if isinstance(options, dict) and "startingPoint" in options:
        found.append(_INSPECTOR_START)
    inline = ui.get("inline")
    if isinstance(inline, dict) and _get(inline, "editorOptions", "linking", "startingPoint") is not None:
        found.append(_INLINE_START)
    return found


def _searches_nodes(nt, prop: str, platform) -> bool:
    """The inspector editor of ``prop`` searches nodes (reference, references, link editor)."""
    config = _get(nt.merged, "properties", prop)
    editor = _get(config, "ui", "inspector", "editor")
    if isinstance(editor, str):
        return platform.normalize_editor(editor).short in SEARCH_EDITORS
    return editor is None and _get(config, "type") in REFERENCE_TYPES


def starting_point_for_9(value, sites_type: str) -> str | None:
    """The 9.x spelling of an 8.3 ``startingPoint`` node path below ``/sites`` (``/sites/acme/team`` ->
    ``/<Neos.Neos:Sites>/acme/team``), or None when ``value`` is not one."""
    if not isinstance(value, str) or not (value == SITES_PATH or value.startswith(SITES_PATH + "/")):
        return None
    read = read_starting_point(value, True, sites_type)
    if read.path is None or read.problem or "@" in value:
        return None
    return f"/<{sites_type}>{value[len(SITES_PATH):]}"


def _get(data, *path):
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


# -- legacy reference properties -------------------------------------------------------------------------------
def _chain(project, nt) -> list:
    """``nt`` and its supertypes, the last writer of a value first (as the merge applies them, reversed)."""
    nodes = project.node_types
    return [nt] + [nodes[a] for a in reversed(nt.ancestors) if a in nodes]


def _type_writers(chain: list, writers: dict) -> dict | None:
    """prop -> the fragment whose ``properties.<prop>.type`` wins for the first type of ``chain`` (``_chain``);
    None when a type of the chain writes ``properties`` as a list (``_written_reference_type`` then looks
    each property up). ``writers``: one run's memo of ``_own_type_writers`` by node type (every subtype asks
    again about what it inherits)."""
    merged: dict = {}
    for owner in reversed(chain):  # the first type of the chain wins: its own writers are merged last
        try:
            own = writers[owner.name]
        except KeyError:
            own = writers[owner.name] = _own_type_writers(owner)
        if own is None:
            return None
        merged.update(own)
    return merged


def _own_type_writers(owner) -> dict | None:
    """prop -> the last of ``owner``'s own fragments that writes ``properties.<prop>.type``; None when a
    fragment writes ``properties`` as a list."""
    found: dict = {}
    for fragment in owner.fragments:  # a later fragment wins
        properties = fragment.config.get("properties") if isinstance(fragment.config, dict) else None
        if isinstance(properties, list):
            return None
        for prop, entry in properties.items() if isinstance(properties, dict) else ():
            if isinstance(entry, dict) and _position_in(entry, ("type",)) is not None:
                found[prop] = fragment
    return found


def _written_reference_type(chain: list, prop: str) -> tuple[str | None, Any]:
    """The reference type written for ``prop`` of the first type of ``chain`` by the fragment whose
    ``properties.<prop>.type`` wins, and that fragment; looked up fragment by fragment."""
    for owner in chain:
        for fragment in reversed(owner.fragments):
            if _position_in(fragment.config, ("properties", prop, "type")) is not None:
                return _written_type(fragment, prop), fragment
    return None, None


def _written_type(writer, prop: str) -> str | None:
    """The reference type ``writer`` (a fragment) writes for ``prop``, or None."""
    return _reference_type(_get(writer.config, "properties", prop, "type"))


def _reference_type(value) -> str | None:
    return value if isinstance(value, str) and value in REFERENCE_TYPES else None


def _section_names(nt) -> list:
    merged = nt.merged if isinstance(nt.merged, dict) else {}
    names = []
    for section in ("properties", "references"):  # 9.x may already have moved a legacy one
        entries = merged.get(section)
        if isinstance(entries, dict):
            names += [name for name in entries if name not in names]
    return names


def _legacy_reference_issues(project, per_type=None) -> list[Issue]:
    """Properties of type reference(s) the project declares: each written piece moves to ``references:``.
    ``per_type(kind, nt, compute)``: see ``version_findings``."""
    per_type = per_type or _compute
    moves: dict[tuple[str, int, str], tuple] = {}  # (owner, fragment index, prop) -> (owner nt, fragment)
    writers: dict = {}  # the run's memo of the fragments that write the properties' types (``_type_writers``)
    pieces = [per_type("legacy", nt, lambda nt=nt: _legacy_pieces(project, nt, writers))
              for nt in project.node_types.values()]
    for type_moves, _inherited in pieces:
        moves.update(type_moves)
    blocked = _blocked_moves(moves, [(nt.name, inherited) for nt, (_m, inherited)
                                     in zip(project.node_types.values(), pieces)])
    issues = []
    for (owner_name, _index, prop), (owner, fragment) in sorted(moves.items()):
        written = fragment.config["properties"][prop]
        written_type = _reference_type(written.get("type"))
        location = _at(fragment, ("properties", prop, "type") if "type" in written else ("properties", prop))
        in_references = isinstance(_get(fragment.config, "references", prop), dict) or \
            _get(fragment.config, "references", prop) is not None
        if (owner_name, prop) in blocked or in_references:
            why = blocked.get((owner_name, prop)) or f"references.{prop} is written here as well"
            issues.append(Issue("neos9-reference-property", Severity.WARNING,
                                f"{owner_name}: property {prop} is a reference; 9.x converts it to "
                                f"`references.{prop}` at run time, but it cannot be moved mechanically: {why}",
                                location, owner_name, prop,
                                hint=f"move `properties.{prop}` to `references.{prop}` by hand"))
            continue
        forbidden = [k for k in LEGACY_REFERENCE_FORBIDDEN if k in written]
        if forbidden and written_type:
            message = (f"{owner_name}: property {prop} of type {written_type} also has "
                       f"`{'`, `'.join(forbidden)}`; 9.x throws (exception 1708022344) unless it is declared in "
                       "`references:`")
            severity = Severity.ERROR
        elif written_type:
            maximum = " with `constraints.maxItems: 1`" if written_type == "reference" else ""
            message = (f"{owner_name}: property {prop} of type {written_type} is deprecated in 9.x, which converts "
                       f"it to `references.{prop}`{maximum} at run time")
            severity = Severity.WARNING
        else:
            message = (f"{owner_name}: `properties.{prop}` configures a reference; in 9.x it belongs under "
                       f"`references.{prop}` (a name may not be both a property and a reference)")
            severity = Severity.WARNING
        issues.append(Issue("neos9-reference-property", severity, message, location, owner_name, prop,
                            ops=(Op("to_references", ("properties", prop), written_type),)))
    return issues


def _legacy_pieces(project, nt, writers: dict) -> tuple[list, list]:
    """What one node type contributes to the legacy reference issues: the moves its reference properties
    need ((owner, fragment index, prop), (owner nt, fragment)), and the properties it inherits as a
    property of another type ((prop, [nt.name, *ancestors])). ``writers``: see ``_type_writers``."""
    moves = []
    inherited = []
    chain = _chain(project, nt)
    written = _type_writers(chain, writers)
    names = [nt.name, *nt.ancestors]
    for prop in _section_names(nt):
        if written is not None:
            writer = written.get(prop)
            written_type = _written_type(writer, prop) if writer is not None else None
        else:
            written_type, writer = _written_reference_type(chain, prop)
        if writer is not None and written_type is None:
            inherited.append((prop, names))
        if written_type is None or not is_users(writer):
            continue  # not a reference, or the platform declares it: 9.x converts it, nothing of ours to move
        for owner in chain:
            for index, fragment in enumerate(owner.fragments):
                if not is_users(fragment) or not isinstance(fragment.config, dict):
                    continue
                if isinstance(_get(fragment.config, "properties", prop), dict):
                    moves.append(((owner.name, index, prop), (owner, fragment)))
    return moves, inherited


def _blocked_moves(moves: dict, inherited: list) -> dict[tuple[str, str], str]:
    """(owner, prop) whose move would break a node type that inherits it as a non-reference property
    (``inherited``: per node type, in the project's order, its ``_legacy_pieces``' second part)."""
    owners = {(owner, prop) for owner, _i, prop in moves}
    blocked: dict[tuple[str, str], str] = {}
    for name, props in inherited if owners else ():
        for prop, chain in props:
            for owner in chain:
                if (owner, prop) in owners:
                    blocked[(owner, prop)] = f"{name} inherits it as a property of another type"
    return blocked


def _compute(_kind: str, _nt, compute):
    return compute()


# -- findings ----------------------------------------------------------------------------------------------
def version_findings(project, per_type=None) -> list[Diagnostic]:
    """The findings that depend on the project's CMS version.

    ``per_type(kind, nt, compute)`` returns ``compute()``, the part of the findings that depends on node
    type ``nt`` (and its supertypes) only; the incremental checks pass one that keeps the parts of the
    node types an edit did not change (``checks.incremental``). What compares several node types is
    worked out from those parts, or (the reference sections, whose editors name other types) again."""
    per_type = per_type or _compute
    version = cms_version(project)
    if version == "8.3":
        return [d for nt in project.node_types.values()
                for kind, findings_of in (("references-83", _references_in_83_of),
                                          ("creation-handlers-83", _creation_handlers_in_83_of),
                                          ("label-enrichment-83", lambda nt: _label_enrichment_findings_of(nt, "8.3")))
                for d in per_type(kind, nt, lambda nt=nt, findings_of=findings_of: findings_of(nt))]
    if version != "9":
        return []
    found = [issue.diagnostic() for issue in scan_for_9(project, per_type)]
    found += _reference_section_findings(project)
    found += [d for nt in project.node_types.values()
              for d in per_type("label-enrichment", nt, lambda nt=nt: _label_enrichment_findings_of(nt))]
    found += _settings_findings(project)
    found += _reference_data_type_findings(project)
    found += _site_type_findings(project)
    return found


def _site_type_findings(project) -> list[Diagnostic]:
    """A 9.x site (a package of composer type ``neos-site``, or a distribution with one) whose node types
    include no concrete ``Neos.Neos:Site``: 9.x creates a site node only of such a type (``site:create`` and
    the site import throw SiteNodeTypeIsInvalid otherwise, ``9.0:Neos.Neos/Classes/Domain/Service/
    SiteServiceInternals.php``), and ``Neos.Neos:Sites`` allows no other child (platform facts §7.1). 8.3
    had no such type: a site's homepage type that inherits only ``Neos.Neos:Document`` no longer does.
    Only for a project whose version was detected or chosen: a folder that says nothing of its CMS may
    be a site of either version (the rules default to 9.x), and this judges the whole site, not a line."""
    if getattr(project, "kind", None) not in ("package", "distribution"):
        return []
    if getattr(getattr(project, "cms_version", None), "source", "default") == "default":
        return []
    sites = [p for p in project.packages if not p.is_global and p.composer_type == "neos-site"]
    if not sites:
        return []
    site = project.platform.node_type("Site")
    of_site = [nt for nt in project.node_types.values() if nt.name != site and nt.is_of_type(site)]
    if any(not nt.abstract for nt in of_site):
        return []
    abstract = sorted(nt.name for nt in of_site if not nt.from_baseline)
    why = f" ({', '.join(abstract)} {'is' if len(abstract) == 1 else 'are'} abstract)" if abstract else ""
    found = []
    for package in sites:
        composer = package.path / "composer.json"
        found.append(Diagnostic.at(
            Location(str(composer), *_composer_type_position(composer)), Severity.WARNING, "neos9-site-type",
            f"{package.name} is a site package, but no node type here is a concrete {site}{why}: 9.x creates "
            f"a site's node only of a type that inherits {site} (`site:create` and the site import fail with "
            f"SiteNodeTypeIsInvalid), and 8.3 had no such type; add `{site}: true` to the `superTypes` of the "
            "site's homepage node type"))
    return found


def _composer_type_position(composer) -> tuple[int, int]:
    """(line, column) of the ``"type"`` key in the composer.json at ``composer``, else (1, 1) (also when it is
    larger than the studio reads or no regular file any more: it may have changed since the project was loaded)."""
    try:
        lines = boundedio.read_text(composer).splitlines()
    except OSError:
        return 1, 1
    for number, line in enumerate(lines, 1):
        column = line.find('"type"')
        if column >= 0:
            return number, column + 1
    return 1, 1


def _settings_findings(project) -> list[Diagnostic]:
    """Settings of the project's own files that 9.x no longer reads (facts §5.4, §7.4):
    ``Neos.ContentRepository.fallbackNodeType`` (9.x always uses ``Neos.Neos:FallbackNode``,
    ``9.0:Neos.Neos/Classes/Domain/Service/NodeTypeNameFactory.php``) and the node label helpers under
    ``Neos.ContentRepository.labelGenerator`` (9.x reads ``Neos.Neos.labelGenerator``). Nothing is said
    where 9.x ends up doing the same: the fallback type named is 9.x's own, a helper is one 9.x gives
    label expressions anyway, or the project registers it under the new key too."""
    prefix = project.platform.prefix
    fallback = project.platform.node_type("FallbackNode")
    moved = project.platform_setting("labelGenerator", "eel", "defaultContext")
    moved = moved if isinstance(moved, dict) else {}
    found = []
    for source in getattr(project, "settings_files", ()):
        if source.baseline or is_platform_package(source.package) or not isinstance(source.data, dict):
            continue
        old = _get(source.data, prefix, "ContentRepository")
        if not isinstance(old, dict):
            continue
        file = str(source.path)
        written = old.get("fallbackNodeType")
        if isinstance(written, str):
            written = project.platform.normalize_name(written).value
        if "fallbackNodeType" in old and written != fallback:
            written_at = _position_in(source.data, (prefix, "ContentRepository", "fallbackNodeType")) or (1, 1)
            found.append(Diagnostic.at(
                Location(file, *written_at), Severity.WARNING, "neos9-setting",
                f"`{prefix}.ContentRepository.fallbackNodeType` is {describe_value(old['fallbackNodeType'])}, but 9.x has no such setting: "
                f"a node whose type no longer exists is always shown as {fallback}; remove the setting "
                f"(and render such nodes through the {fallback} Fusion prototype)"))
        helpers = _get(old, "labelGenerator", "eel", "defaultContext")
        if not isinstance(helpers, dict):
            continue
        for name, helper in helpers.items():
            if _same_label_helper(prefix, str(name), helper, moved):
                continue
            path = (prefix, "ContentRepository", "labelGenerator", "eel", "defaultContext", name)
            found.append(Diagnostic.at(
                Location(file, *(_position_in(source.data, path) or (1, 1))), Severity.WARNING, "neos9-setting",
                f"the node label helper `{name}` is registered under `{prefix}.ContentRepository.labelGenerator`, "
                f"which 9.x no longer reads: a node label expression that uses it fails in 9.x; register it under "
                f"`{prefix}.{prefix}.labelGenerator.eel.defaultContext` instead"))
    return found


#: 8.3's own converter of the reference data types (8.3:Neos.Neos/Configuration/Settings.yaml): node identifiers
#: for the UI, which is what 9.x sends without any converter
NODE_REFERENCE_CONVERTER_83 = "Neos\\Neos\\Service\\Mapping\\NodeReferenceConverter"
_REFERENCE_DATA_TYPE_KEYS = {
    "typeConverter": "9.x reads a node's references from the content repository and sends the UI their node ids "
                     "without a type converter (ui 9.0 NodePropertyConverterService::getReference)",
    "typeConverterOptions": "9.x converts no reference through a type converter (ui 9.0 "
                            "NodePropertyConverterService::getReference)",
    "editorOptions": "9.x gives a reference only the editor's own defaults (`{prefix}.userInterface.inspector."
                     "editors.<editor>.editorOptions`), none of its data type (DefaultPropertyEditorPostprocessor "
                     "on `references:`, where 9.x moves reference properties)",
}


def _reference_data_type_findings(project) -> list[Diagnostic]:
    """Keys of the ``reference`` / ``references`` data types (``Neos.Neos.userInterface.inspector.dataTypes``) in
    the project's own Settings files that 9.x reads no more: only their ``editor`` is still used (platform facts
    §7.2, §7.4: 9.x's ``references:`` entries get editor defaults but no data-type keys; 9.x's own settings
    dropped the ``typeConverter``). 8.3's own converter, written again, is not reported: 9.x sends node ids
    as it did."""
    prefix = project.platform.prefix
    found = []
    for source in getattr(project, "settings_files", ()):
        if source.baseline or is_platform_package(source.package) or not isinstance(source.data, dict):
            continue
        data_types = _get(source.data, prefix, prefix, "userInterface", "inspector", "dataTypes")
        if not isinstance(data_types, dict):
            continue
        for kind in ("reference", "references"):
            entry = data_types.get(kind)
            if not isinstance(entry, dict):
                continue
            for key, why in _REFERENCE_DATA_TYPE_KEYS.items():
                value = entry.get(key)
                if value is None or value == {} or value == []:
                    continue  # (nothing to lose)
                cls = php_class(value)
                if key == "typeConverter" and cls is not None and \
                        cls.replace(f"{prefix}\\{prefix}\\", "Neos\\Neos\\", 1) == NODE_REFERENCE_CONVERTER_83:
                    continue
                path = (prefix, prefix, "userInterface", "inspector", "dataTypes", kind, key)
                found.append(Diagnostic.at(
                    Location(str(source.path), *(_position_in(source.data, path) or (1, 1))), Severity.WARNING,
                    "neos9-setting", f"`{'.'.join(path)}` is not read by 9.x: {why.format(prefix=f'{prefix}.{prefix}')}; "
                    f"only `{kind}.editor` still counts. Remove the setting"
                    + (", or move the options to the editor's `editorOptions` (or to each reference)"
                       if key == "editorOptions" else "")))
    return found


def _same_label_helper(prefix: str, name: str, helper, moved: dict) -> bool:
    """Whether 9.x gives label expressions ``name`` as ``helper`` anyway (its own default, or the project's
    entry under the new key)."""
    if name in moved and moved[name] == helper:
        return True
    cls = php_class(helper)
    if cls is None:
        return False
    key = "Neos.Node" if name == f"{prefix}.Node" else name
    if cls.startswith(prefix + "\\"):
        cls = "Neos\\" + cls[len(prefix) + 1:]
    return LABEL_HELPERS_9.get(key) == cls


def _label_enrichment_findings_of(nt, version: str = "9") -> list[Diagnostic]:
    """9.x's label enrichment (Neos.ContentRepositoryRegistry NodeTypeEnrichmentService, run on each node
    type's own configuration before any node type is built) compares labels and help messages with
    ``i18n`` through ``trim()`` under ``strict_types``: a value written there that is not a string (``~``
    included) is a TypeError, and so is a ``ui`` block that is not a map. No node type loads then.
    8.3's aspect (NodeTypeConfigurationEnrichmentAspect, around the NodeType constructor) has no strict types:
    it reads null, numbers and booleans as text, but its parameters are typed ``array`` as in 9.x, and
    ``trim()`` of a list or map fails in any mode (``neos83-label-not-text``); it reads no ``references:``."""
    if not any(is_users(fragment) for fragment in nt.fragments):
        return []
    found = []
    project = nt._project
    is_83 = version == "8.3"

    def editor_of(section, name):
        own = _get(nt.local, section, name, "ui", "inspector", "editor")
        # (the enrichment looks for an inherited one under `properties` of the supertypes, also for a reference)
        return own if own is not None or project is None else _declared_editor(project, nt, name)

    platform = project.platform if project is not None else None
    config = {k: v for k, v in nt.local.items() if k != "references"} if is_83 else nt.local
    for path, value, reason in _enrichment_type_errors(config, platform, editor_of):
        if is_83 and reason != "not a map" and not isinstance(value, (dict, list)):
            continue  # (8.3 casts a scalar to text)
        fragment = next((f for f in reversed(nt.fragments) if isinstance(f.config, dict)
                         and _position_in(f.config, path) is not None), None)
        if fragment is None or not is_users(fragment):
            continue  # the platform's own value (the studio's baseline has none of these)
        name = path[1] if len(path) > 1 and path[0] in ("properties", "references") else None
        what = ("Neos 8.3's label enrichment (NodeTypeConfigurationEnrichmentAspect) fails on it with a TypeError"
                if is_83 else "Neos 9's label enrichment (NodeTypeEnrichmentService, strict types) fails on it with "
                "a TypeError")
        found.append(Diagnostic.at(
            _at(fragment, path), Severity.ERROR, "neos83-label-not-text" if is_83 else "neos9-label-not-text",
            f"{nt.name}: `{'.'.join(map(str, path))}` is {describe_value(value)}, {reason}: {what} and loads no "
            "node type. Write a text, or leave the key out", node_type=nt.name,
            property_name=str(name) if name is not None else None))
    if not is_83:
        found += _integer_name_findings(nt, platform, editor_of)
    return found


def _integer_name_findings(nt, platform, editor_of) -> list[Diagnostic]:
    """``labelnames.integer_name_sites`` of the type's entries (as written: the model's ``local`` holds the
    generated ids already), each where the `i18n` that the type's last entry writing it has is written."""
    def label_keys(section, name) -> tuple[str, ...]:
        editor = editor_of(section, name)
        normalized = platform.normalize_editor(editor) if platform is not None and isinstance(editor, str) else None
        short = normalized.short if normalized is not None and normalized.legacy is None else None
        keys = _EDITOR_LABEL_KEYS.get(short or "", ())
        return keys + ("values",) if short == "SelectBoxEditor" else keys

    def editor_id(path) -> str:
        editor = editor_of(path[0], path[1])
        short = platform.normalize_editor(editor).short if platform is not None and isinstance(editor, str) else ""
        return short[:1].lower() + short[1:]

    found = []
    fragments = [f for f in nt.fragments if isinstance(f.config, dict)]
    for index, fragment in enumerate(fragments):
        for path, kind in integer_name_sites(fragment.config, label_keys):
            if not is_users(fragment) or any(_position_in(f.config, path) is not None for f in fragments[index + 1:]):
                continue  # (a later entry of the type writes the value again)
            found.append(_integer_name_finding(nt, fragment, path, kind, editor_id))
    return found


def _integer_name_finding(nt, fragment, path: tuple, kind: str, editor_id) -> Diagnostic:
    """The finding of one `i18n` at ``path`` whose id 9.x would make from an integer-like name."""
    name = path[1] if path[0] in ("properties", "references") else path[3]
    return Diagnostic.at(
        _at(fragment, path), Severity.ERROR, "neos9-label-integer-name",
        f"{nt.name}: `{'.'.join(map(str, path))}` is `i18n`, but PHP reads the {kind} name `{name}` as a number: "
        "Neos 9's label enrichment (NodeTypeEnrichmentService, strict types) passes it where the translation "
        "id's name must be a string: a TypeError, so no node type loads (8.3 made the id "
        f"`{_label_prefix(nt.name)}{_id_suffix(path, editor_id)}` of it); write the label as text or as a full "
        f"translation id, or give the {kind} a name that is not a number", node_type=nt.name,
        property_name=str(name) if path[0] in ("properties", "references") else None)


def _label_prefix(type_name: str) -> str:
    package, _, name = type_name.partition(":")
    return f"{package}:NodeTypes.{name}:" if name else f"Neos.Neos:NodeTypes.{package}:"


def _id_suffix(path: tuple, editor_id) -> str:
    """The id 8.3 generates for the `i18n` at ``path`` (platform facts §5.13; ``editor_id(path)``: the property's
    editor as the ids spell it, `selectBoxEditor`)."""
    if path[0] in ("properties", "references"):
        rest = path[3:]
        if rest == ("label",):
            return f"{path[0]}.{path[1]}"
        if rest[:2] == ("inspector", "editorOptions"):
            option = f"values.{rest[3]}" if rest[2] == "values" else rest[2]
            return f"{path[0]}.{path[1]}.{editor_id(path)}.{option}"
        return f"{path[0]}.{path[1]}.ui.{'.'.join(map(str, rest))}"
    if path[1] == "creationDialog":
        return f"creationDialog.{path[3]}"
    return f"{path[2]}.{path[3]}"


def _text_errors(parent, key, path):
    """shouldFetchTranslation(): `trim()` of the value when the key exists."""
    if isinstance(parent, dict) and key in parent and not isinstance(parent[key], str):
        yield path + (key,), parent[key], "not text"


#: applyEditorLabels(): the option keys it compares with `i18n`, per platform editor (matched as written)
_EDITOR_LABEL_KEYS = {"SelectBoxEditor": ("placeholder",), "CodeEditor": ("buttonLabel",),
                      "TextFieldEditor": ("placeholder",), "TextAreaEditor": ("placeholder",)}


#: the option keys _editor_option_errors reads (a SelectBox's `values` besides the label keys)
_LABEL_OPTION_KEYS = frozenset(key for keys in _EDITOR_LABEL_KEYS.values() for key in keys) | {"values"}


def _editor_option_errors(platform, editor, options, path):
    """applyEditorLabels() on set `editorOptions` of one of the four platform editors it knows: it takes the
    options as an array, compares their label keys with `i18n` through `trim()`, and a SelectBox's `values`
    entries too (each an array; null ones are skipped)."""
    normalized = platform.normalize_editor(editor) if isinstance(editor, str) else None
    short = normalized.short if normalized is not None and normalized.legacy is None else None
    if short not in _EDITOR_LABEL_KEYS or options is None:
        return
    if not isinstance(options, (dict, list)):
        yield path, options, "not a map"
        return
    if not isinstance(options, dict):
        return  # (a list has no such keys)
    for key in _EDITOR_LABEL_KEYS[short]:
        yield from _text_errors(options, key, path)
    values = options.get("values") if short == "SelectBoxEditor" else None
    entries = values.items() if isinstance(values, dict) else enumerate(values) if isinstance(values, list) else ()
    for value, entry in entries:
        if entry is not None and not isinstance(entry, (dict, list)):
            yield path + ("values", value), entry, "not a map"
        else:
            yield from _text_errors(entry, "label", path + ("values", value))


def _enrichment_type_errors(config: dict, platform=None, editor_of=None):
    """(path, value, why) of every value the 9.x label enrichment cannot take in ``config`` (one type's own).
    With ``platform`` and ``editor_of`` (property or reference name -> the editor the enrichment finds for
    it: its own, else a supertype's), the editor options it reads too."""
    text = _text_errors

    def help_message(ui, path):
        # isset(help.message) first: a null message is skipped, any other non-string value fails
        help_ = ui.get("help")
        if isinstance(help_, dict) and help_.get("message") is not None:
            yield from text(help_, "message", path + ("help",))

    ui = config.get("ui")
    if ui is not None and not isinstance(ui, (dict, list)):
        yield ("ui",), ui, "not a map"
    if isinstance(ui, dict):
        yield from text(ui, "label", ("ui",))
        yield from help_message(ui, ("ui",))
        inspector = ui.get("inspector")
        for kind, items in inspector.items() if isinstance(inspector, dict) else ():
            for item_id, item in items.items() if isinstance(items, dict) else ():
                yield from text(item, "label", ("ui", "inspector", kind, item_id))
        elements = _get(ui, "creationDialog", "elements")
        for element_id, element in elements.items() if isinstance(elements, dict) else ():
            element_ui = element.get("ui") if isinstance(element, dict) else None
            path = ("ui", "creationDialog", "elements", element_id, "ui")
            if platform is not None and isinstance(element_ui, dict) and element_ui.get("editor") is not None:
                yield from _editor_option_errors(platform, element_ui["editor"], element_ui.get("editorOptions"),
                                                 path + ("editorOptions",))
            if element_ui is not None and not isinstance(element_ui, (dict, list)):
                yield path, element_ui, "not a map"
            yield from text(element_ui, "label", path)
    for section in ("properties", "references"):
        entries = config.get(section)
        for name, entry in entries.items() if isinstance(entries, dict) else ():
            entry_ui = entry.get("ui") if isinstance(entry, dict) else None
            if entry_ui is not None and not isinstance(entry_ui, (dict, list)):
                yield (section, name, "ui"), entry_ui, "not a map"
            if isinstance(entry_ui, dict):
                yield from text(entry_ui, "label", (section, name, "ui"))
                if platform is not None and editor_of is not None:
                    options = _get(entry_ui, "inspector", "editorOptions")
                    # (the editor is looked up only for options that can fail: most have no such key)
                    if options is not None and (not isinstance(options, (dict, list))
                                                or (isinstance(options, dict)
                                                    and not options.keys().isdisjoint(_LABEL_OPTION_KEYS))):
                        yield from _editor_option_errors(platform, editor_of(section, name), options,
                                                         (section, name, "ui", "inspector", "editorOptions"))
                    inline = _get(entry_ui, "inline", "editorOptions")
                    path = (section, name, "ui", "inline", "editorOptions")
                    if inline is not None and not isinstance(inline, (dict, list)):
                        yield path, inline, "not a map"
                    yield from text(inline, "placeholder", path)
                yield from help_message(entry_ui, (section, name, "ui"))


def _references_in_83_of(nt) -> list[Diagnostic]:
    found = []
    for fragment, config in user_fragments(nt):
        if "references" in config and config["references"] is not None:
            found.append(Diagnostic.at(
                _at(fragment, ("references",)), Severity.WARNING, "neos83-references-ignored",
                f"{nt.name}: Neos 8.3 ignores the `references:` section (it is Neos 9.x syntax); declare "
                "8.3 references as properties of type reference or references", node_type=nt.name))
    return found


def _creation_handlers_in_83_of(nt) -> list[Diagnostic]:
    """8.3's UI creates a node by instantiating the ``nodeCreationHandler`` class of every entry of the type's
    resolved ``options.nodeCreationHandlers`` map, sorted by Flow's PositionalArraySorter since neos-ui 8.3.1
    (ui 8.3 ``Classes/Domain/Model/Changes/AbstractCreate.php`` ``applyNodeCreationHandlers``, neos/neos-ui#3511):
    the sorter drops ``~`` entries (a handler switched off), but any other entry that names no class (one
    written only with 9.x's ``factoryClassName``, a map without the key, a scalar) makes PHP fail with
    "Class name must be a valid object or a string", and the node is not created."""
    handlers = _get(nt.effective, "options", "nodeCreationHandlers")
    if not isinstance(handlers, dict):
        return []  # (8.3 reads the map only when it is an array)
    found = []
    for fragment, config in user_fragments(nt):
        written = _get(config, "options", "nodeCreationHandlers")
        if not isinstance(written, dict):
            continue
        for key in written:
            handler = handlers.get(key)
            cls = handler.get("nodeCreationHandler") if isinstance(handler, dict) else None
            if handler is None or isinstance(cls, str) and cls:
                continue  # (a `~` entry switches the handler off)
            if isinstance(handler, dict) and "factoryClassName" in handler:
                what = "names only a 9.x `factoryClassName`"
                hint = "name the 8.3 handler class with `nodeCreationHandler` too (9.x ignores that key)"
            elif isinstance(handler, dict):
                what = f"has `nodeCreationHandler` {describe_value(cls)}" if "nodeCreationHandler" in handler \
                    else "has no `nodeCreationHandler`"
                hint = "name the handler class with `nodeCreationHandler`, or remove the entry"
            else:
                what = f"is {describe_value(handler)}, not a handler entry"
                hint = "name the handler class with `nodeCreationHandler`, or remove the entry"
            found.append(Diagnostic.at(
                _at(fragment, ("options", "nodeCreationHandlers", key)), Severity.ERROR, "neos83-creation-handler",
                f"{nt.name}: node creation handler `{key}` {what}: Neos 8.3's UI instantiates the "
                f"`nodeCreationHandler` class of every entry and fails to create any node of {nt.name} (or of "
                f"a type inheriting it); {hint}", node_type=nt.name))
    return found


def _reference_section_findings(project) -> list[Diagnostic]:
    found = []
    for nt in project.node_types.values():
        merged = nt.merged if isinstance(nt.merged, dict) else {}
        references = merged.get("references")
        properties = merged.get("properties")
        if not isinstance(references, dict):
            continue
        for fragment, config in user_fragments(nt):
            written = config.get("references")
            if not isinstance(written, dict):
                continue
            for ref, ref_config in written.items():
                path = ("references", ref)
                if isinstance(properties, dict) and isinstance(properties.get(ref), dict):
                    found.append(Diagnostic.at(
                        _at(fragment, path), Severity.ERROR, "neos9-reference-twice",
                        f"{nt.name}: {ref} is declared both as a property and as a reference; 9.x throws "
                        f"(exception 1708022344); keep only `references.{ref}`", node_type=nt.name,
                        property_name=ref))
                found += _nodetypes_findings(project, nt, fragment, str(ref), ref_config, references.get(ref))
    return found


def _nodetypes_findings(project, nt, fragment, ref: str, written, merged) -> list[Diagnostic]:
    editor_types = _get(written, "ui", "inspector", "editorOptions", "nodeTypes")
    if not isinstance(editor_types, list) or not editor_types:
        return []
    path = ("references", ref, "ui", "inspector", "editorOptions", "nodeTypes")
    # the editor's list is a node type filter: `!X` takes X out of the offer, it offers nothing
    offered = [t for t in editor_types if not (isinstance(t, str) and t.startswith("!"))]
    if not offered:
        return []
    constraints = _get(merged, "constraints", "nodeTypes")
    location = _at(fragment, path)
    if not isinstance(constraints, dict) or not constraints:
        return [Diagnostic.at(location, Severity.INFO, "neos9-reference-constraints-missing",
                              f"{nt.name}: references.{ref}: the editor offers only {', '.join(map(str, offered))} "
                              "but the content repository accepts any node; add the same types under "
                              "`constraints.nodeTypes` to enforce them", node_type=nt.name, property_name=ref)]
    refused = [t for t in offered if isinstance(t, str) and not allows(project, constraints, project.platform.normalize_name(t).value)]
    if not refused:
        return []
    return [Diagnostic.at(location, Severity.WARNING, "neos9-reference-nodetypes",
                          f"{nt.name}: references.{ref}: the editor offers {', '.join(refused)}, which "
                          "`constraints.nodeTypes` does not allow; choosing one fails when the node is saved. Make "
                          "`editorOptions.nodeTypes` and `constraints.nodeTypes` agree", node_type=nt.name,
                          property_name=ref)]
