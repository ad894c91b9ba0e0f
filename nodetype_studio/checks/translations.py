"""Translation ids that the CMS's UI shows as they are written, because it has no text for them.

The labels, help messages and placeholders a node type writes as translation ids (``Package:Source:id``,
or ``i18n``, which the CMS replaces by a generated id) are looked up as the translator looks them up: in
every English XLIFF file that serves the source (the package's own
``Resources/Private/Translations/en/<Source as folders>.xlf``, any package's file whose ``<file>`` names it,
a distribution's ``Data/Translations/en``; Flow's XliffFileProvider), and the UI gets a source's texts only
when ``<Platform>.userInterface.translation.autoInclude`` lists it for the package (Neos.Neos XliffService).
Only ids of packages the opened folder holds are judged (another package's files are not here), each at
the node type that writes it; one finding per node type and source, naming how many of its ids miss.

* ``translation-not-included`` (warning): a file serves the source, but the setting does not list it.
* ``translation-unit-missing`` (warning): the source is included but no file serving it has the id.
* ``translation-file-missing`` (info): the package has English translations, but no file serves the
  source. A package without English translations at all is not judged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nodetype_studio.checks.base import Context, node_rule
from nodetype_studio.diagnostics import Severity
from nodetype_studio.model.translations import project_translator, split_id
from nodetype_studio.model.xliff import refusal


def _texts(config: Any) -> list[tuple[tuple, str]]:
    """``(path, value)`` of every text the UI translates in a node type's own configuration that could be
    a translation id (it has a colon): the type's label and help message, the labels of its inspector tabs,
    groups and views and of its creation dialog elements, and of each property and reference its label, help
    message, inline and inspector placeholder, CodeEditor button label and select box value labels. (Every
    node type is walked on every check run: plain loops, no generic path walker.)"""
    found: list[tuple[tuple, str]] = []
    if not isinstance(config, dict):
        return found
    ui = config.get("ui")
    if isinstance(ui, dict):
        _label(found, ("ui",), ui)
        inspector = ui.get("inspector")
        for kind, entries in (inspector.items() if isinstance(inspector, dict) else ()):
            for key, entry in (entries.items() if isinstance(entries, dict) else ()):
                if isinstance(entry, dict):
                    _text(found, ("ui", "inspector", kind, key, "label"), entry.get("label"))
        creation = ui.get("creationDialog")
        elements = creation.get("elements") if isinstance(creation, dict) else None
        for key, element in (elements.items() if isinstance(elements, dict) else ()):
            element_ui = element.get("ui") if isinstance(element, dict) else None
            if isinstance(element_ui, dict):
                _text(found, ("ui", "creationDialog", "elements", key, "ui", "label"), element_ui.get("label"))
    for section in ("properties", "references"):
        entries = config.get(section)
        for name, entry in (entries.items() if isinstance(entries, dict) else ()):
            entry_ui = entry.get("ui") if isinstance(entry, dict) else None
            if not isinstance(entry_ui, dict):
                continue
            base = (section, name, "ui")
            _label(found, base, entry_ui)
            inline = entry_ui.get("inline")
            inline_options = inline.get("editorOptions") if isinstance(inline, dict) else None
            if isinstance(inline_options, dict):
                _text(found, base + ("inline", "editorOptions", "placeholder"), inline_options.get("placeholder"))
            inspector = entry_ui.get("inspector")
            options = inspector.get("editorOptions") if isinstance(inspector, dict) else None
            if not isinstance(options, dict):
                continue
            at = base + ("inspector", "editorOptions")
            _text(found, at + ("placeholder",), options.get("placeholder"))
            _text(found, at + ("buttonLabel",), options.get("buttonLabel"))
            values = options.get("values")
            for key, value in (values.items() if isinstance(values, dict) else ()):
                if isinstance(value, dict):
                    _text(found, at + ("values", key, "label"), value.get("label"))
    return found


def _label(found: list, base: tuple, ui: dict) -> None:
    """A ``ui`` map's label and help message."""
    _text(found, base + ("label",), ui.get("label"))
    help_ = ui.get("help")
    if isinstance(help_, dict):
        _text(found, base + ("help", "message"), help_.get("message"))


def _text(found: list, path: tuple, value: Any) -> None:
    if type(value) is str and ":" in value:
        found.append((path, value))


@node_rule
def untranslated(ctx: Context, nt: Any):
    """Ids of the project's own packages the UI has no text for (see the module docstring)."""
    missing: dict[tuple[str, str], list[tuple[tuple, str]]] = {}
    for path, value in _texts(nt.local):
        parts = split_id(value)
        if parts is not None:
            missing.setdefault(parts[:2], []).append((path, parts[2]))
    if not missing:
        return
    translator, own = ctx.remembered(("translations",), (ctx.project,), lambda: _translator(ctx.project))
    for (package, source), uses in missing.items():
        if package not in own:
            continue
        path = translator.xliff_path(package, source)
        if path is None:
            continue
        ctx.disk_reads.add(nt.name)  # a translation file may come, go or change without an edit
        texts = translator.unit_texts(package, source)
        shown = _shown(translator, package, source, path)
        if texts is None:
            if not (own[package] / "Resources" / "Private" / "Translations" / translator.language).is_dir():
                continue  # a package without English translations at all: nothing to tell a missing file by
            code, severity = "translation-file-missing", Severity.INFO
            why = f"{shown} does not exist"
            if path.is_file():  # (there, but gives no texts: why)
                why = f"{shown} gives no texts: {refusal(path) or 'its <file> elements name other sources'}"
            lacking = uses
        elif not translator.included(package, source):
            code, severity = "translation-not-included", Severity.WARNING
            setting = f"{ctx.platform.package}.userInterface.translation.autoInclude"
            source_path = source.replace(".", "/")
            pattern = "NodeTypes/*" if source_path.startswith("NodeTypes/") else source_path
            if translator.listed(package, source):  # (listed, but named by no .xlf file of the package's own)
                why = (f"{shown} is not sent to the UI: the UI gets a package's sources as its own .xlf files name "
                       f"them, and none of {package}'s names `{source_path}` (add "
                       f"Resources/Private/Translations/en/{source_path}.xlf to {package})")
            else:
                why = (f"{shown} is not sent to the UI: `{setting}` does not list `{source_path}` for {package} "
                       f"(add `{package}: ['{pattern}']` to it in the package's Configuration/Settings.yaml)")
            lacking = uses
        else:
            lacking = [(where, unit) for where, unit in uses if translator.unit_text(package, source, unit) is None]
            if not lacking:
                continue
            code, severity = "translation-unit-missing", Severity.WARNING
            why = f"{shown} has no unit {', '.join(f'`{unit}`' for _where, unit in lacking[:3])}" + \
                ("\u2026" if len(lacking) > 3 else "")
        count = f"{len(lacking)} translation id{'s' if len(lacking) != 1 else ''}"
        first_path, first_unit = lacking[0]
        yield ctx.at(nt, first_path, severity, code,
                     f"{nt.name}: the CMS shows {count} of `{package}:{source}` as written (e.g. "
                     f"`{package}:{source}:{first_unit}`): {why}", nearest=True)


def _translator(project: Any):
    """The project's translator, and the folders of the packages the opened folder holds (by package key
    and by the namespaces of their node types)."""
    translator = project_translator(project)
    held = {Path(p.path) for p in getattr(project, "packages", ()) if not getattr(p, "is_global", False)}
    own = {name: folder for name, folder in translator.packages.items() if folder in held}
    return translator, own


def _shown(translator: Any, package: str, source: str, path: Path) -> str:
    """The file serving a source whose texts win (``path``), as ``Package's relative/path``, and how many
    others serve it."""
    shown = str(path)
    owners = [(package, translator.packages[package])] if package in translator.packages else []
    for name, folder in owners + list(translator.packages.items()):
        if folder in path.parents:
            shown = f"{name}'s {path.relative_to(folder).as_posix()}"
            break
    else:
        if translator.global_folder is not None and translator.global_folder in path.parents:
            shown = path.relative_to(translator.global_folder.parent.parent).as_posix()  # (Data/Translations/...)
    others = len(translator.xliff_paths(package, source)) - 1
    return shown + (f" (and {others} other file{'s' if others != 1 else ''} serving it)" if others > 0 else "")
