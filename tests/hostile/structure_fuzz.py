"""Structure-aware fuzzing: real node types (platform baseline, and the shared corpus when it is set) whose
parsed YAML gets a node replaced by a value of the wrong shape, written back as YAML files and run through
everything that reads a project: loading (8.3 and 9.x), the checks, provenance of every key path, the
`check`/`show` commands in-process and the inspector preview with its editors and validators.

The mutations follow the CMS's configuration shapes (`superTypes`, `properties.*.ui.inspector.editorOptions`,
`validation`, `childNodes`, `references`, `creationDialog`, `postprocessors`, positions, labels, icons...):
any node may become a scalar (string, int, float incl. NaN/inf, bool, null), an empty or non-empty list, an
empty map, a map of random (also integer) keys, or a deeply nested value; a known key may be added with a
type-confused value (`values: 5`, `position: [1]`, `editorOptions: [a]`).
"""

from __future__ import annotations

import contextlib
import io
import math
import os
from functools import lru_cache
from pathlib import Path

import yaml
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
BASELINE = ROOT / "nodetype_studio" / "resources" / "baseline"

#: keys of a node type configuration, at every level: added with odd values where they are missing
KEYS = [
    "superTypes", "abstract", "final", "aggregate", "properties", "type", "defaultValue", "ui", "label", "icon",
    "help", "message", "thumbnail", "group", "tab", "tabs", "groups", "views", "view", "viewOptions", "position",
    "inspector", "editor", "editorOptions", "hidden", "collapsed", "validation", "options", "preset", "childNodes",
    "constraints", "nodeTypes", "references", "maxItems", "creationDialog", "elements", "showInCreationDialog",
    "postprocessors", "postprocessor", "postprocessorOptions", "values", "dataSourceIdentifier", "dataSourceUri",
    "dataSourceAdditionalData", "allowEmpty", "multiple", "placeholder", "min", "max", "step", "format",
    "features", "crop", "aspectRatio", "locked", "width", "height", "formatting", "linking", "inline",
    "inlineEditable", "reloadIfChanged", "nodeCreationHandlers", "factoryClassName", "search", "class",
    "regularExpression", "minimum", "maximum", "Neos.Neos/Validation/StringLengthValidator",
    "Neos.Neos/Validation/RegularExpressionValidator", "Neos.Neos:Content", "Neos.Neos:Document",
    "Neos.Neos/Inspector/Editors/SelectBoxEditor", "highlightingMode", "maximumFileSize", "createNew",
    "startingPoint", "mediaTypes", "assetSources", "minimumResultsForSearch", "threshold", "maxlength", "disabled",
    "readonly", "minRows", "maxRows", "unit", "minLabel", "timeConstraints", "minuteStep", "validationErrorMessage",
    "allowOriginal", "defaultOption", "options", "titleProperty", "path", "dataSourceDisableCaching", "label",
    "pluginViews", "controllerActions",
]

EDITORS = [f"Neos.Neos/Inspector/Editors/{e}Editor" for e in (
    "TextField", "TextArea", "Boolean", "DateTime", "Image", "SelectBox", "Link", "Range", "Reference", "References",
    "NodeType", "Code", "RichText", "Asset", "UriPathSegment", "MasterPlugin", "PluginViews", "PluginView")]
VALIDATORS = [f"Neos.Neos/Validation/{v}Validator" for v in (
    "Alphanumeric", "Count", "DateTimeRange", "EmailAddress", "Float", "Integer", "Label", "NotEmpty", "NumberRange",
    "RegularExpression", "String", "StringLength", "Text", "Uuid")]

_text = st.one_of(
    st.sampled_from(EDITORS + VALIDATORS + ["Neos\\Media\\Domain\\Model\\ImageInterface",
                                            "Neos\\Media\\Domain\\Model\\Asset",
                                            "array<Neos\\Media\\Domain\\Model\\Asset>", "array<string>"]),
    st.sampled_from(["", " ", "x", "i18n", "ClientEval:", "ClientEval:node.properties.title", "ClientEval:(",
                     "start", "end", "before x", "after title 5", "after", "10", "1.5", "-1", "true", "~",
                     "Neos.Neos:Content", "Neos.Neos/Inspector/Editors/SelectBoxEditor", "string", "DateTime",
                     "reference", "references", "array", "integer", "boolean", "icon-pencil", "resource://X/y.png",
                     "d-m-Y H:i", "/[a-z/", "Acme.Fuzz:Main:x", "default", "meta", "ümlaut ✓", "x" * 5000]),
    st.text(max_size=12),
)
_scalar = st.one_of(
    st.none(), st.booleans(), _text,
    st.integers(min_value=-3, max_value=12), st.sampled_from([0, 2**31, -2**63, 10**40, 2**64]),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([math.nan, math.inf, -math.inf, 0.0, -0.0, 1e308]),
)
_key = st.one_of(st.sampled_from(KEYS), _text, st.integers(min_value=-2, max_value=3))


def _deep(depth: int):
    value: object = "x"
    for i in range(depth):
        value = {"a": value} if i % 2 else [value]
    return value


VALUES = st.one_of(
    _scalar,
    st.just([]), st.just({}),
    st.lists(_scalar, min_size=1, max_size=3),
    st.dictionaries(_key, _scalar, min_size=1, max_size=3),
    st.recursive(_scalar, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                 st.dictionaries(_key, inner, max_size=3)), max_leaves=6),
    st.integers(min_value=20, max_value=80).map(_deep),
)


#: Every place of a node type configuration the CMS reads, with a plausible value: a mutation grafts the
#: part of it that leads to a random place into the real type, then puts an odd value there.
SKELETON: dict = {
    "superTypes": {"Neos.Neos:Content": True},
    "abstract": False, "final": False, "aggregate": False, "label": "${q(node).property('title')}",
    "constraints": {"nodeTypes": {"Neos.Neos:Content": True, "*": False}},
    "childNodes": {"main": {"type": "Neos.Neos:ContentCollection", "position": "start",
                            "constraints": {"nodeTypes": {"*": False}}, "options": {"preset": "a.b"}}},
    "properties": {"p": {
        "type": "string", "defaultValue": "x", "position": 10,
        "validation": {"Neos.Neos/Validation/StringLengthValidator": {"minimum": 1, "maximum": 5},
                       "Neos.Neos/Validation/RegularExpressionValidator": {"regularExpression": "/^a$/i"}},
        "options": {"preset": "a.b"},
        "ui": {"label": "P", "help": {"message": "Help", "thumbnail": "resource://X/y.png"}, "reloadIfChanged": True,
               "inlineEditable": True, "inline": {"editorOptions": {"formatting": {"strong": True}, "placeholder": "x"}},
               "showInCreationDialog": True,
               "inspector": {"group": "default", "position": 10, "hidden": False,
                             "editor": "Neos.Neos/Inspector/Editors/SelectBoxEditor",
                             "editorOptions": {"values": {"a": {"label": "A", "icon": "x"}}, "allowEmpty": True,
                                               "placeholder": "Choose", "multiple": False,
                                               "dataSourceAdditionalData": {"k": "v"}, "min": 0, "max": 9,
                                               "format": "d-m-Y", "crop": {"aspectRatio": {"locked": {"width": 1}}},
                                               "features": {"crop": True}}}}}},
    "references": {"r": {"constraints": {"maxItems": 1, "nodeTypes": {"Neos.Neos:Document": True}},
                         "ui": {"label": "R", "showInCreationDialog": True,
                                "inspector": {"group": "default", "position": 20,
                                              "editorOptions": {"nodeTypes": ["Neos.Neos:Document"]}}}}},
    "ui": {"label": "L", "icon": "icon-pencil", "group": "general", "position": 10, "help": {"message": "M"},
           "inspector": {"tabs": {"t": {"label": "T", "icon": "icon-cog", "position": 5}},
                         "groups": {"default": {"label": "G", "tab": "default", "position": 1, "collapsed": False,
                                                "icon": "icon-x"}},
                         "views": {"v": {"label": "V", "group": "default", "view": "Neos.Neos/Inspector/Views/NodeInfoView",
                                         "viewOptions": {"a": 1}, "position": 3}}},
           "creationDialog": {"elements": {"e": {"type": "string", "position": "start",
                                                 "ui": {"label": "E", "editor": "Neos.Neos/Inspector/Editors/TextFieldEditor",
                                                        "editorOptions": {"placeholder": "x"}},
                                                 "validation": {"Neos.Neos/Validation/NotEmptyValidator": {}}}}}},
    "postprocessors": {"pp": {"postprocessor": "Acme\\Fuzz\\Post", "position": "end",
                              "postprocessorOptions": {"a": 1}}},
    "options": {"nodeCreationHandlers": {"h": {"factoryClassName": "Acme\\Fuzz\\H"}},
                "fusion": {"prototypeGenerator": None}},
}


def _paths(tree, path=()):
    for key, value in tree.items():
        yield path + (key,)
        if isinstance(value, dict):
            yield from _paths(value, path + (key,))


SKELETON_PATHS = tuple(_paths(SKELETON))


def graft(config: dict, path: tuple, value) -> None:
    """Put ``value`` at ``path``; missing or non-map parents become the skeleton's (a real place)."""
    node, skeleton = config, SKELETON
    for key in path[:-1]:
        skeleton = skeleton[key]
        if key in ("p", "r", "e", "main", "pp", "h", "t", "v", "default") and isinstance(node, dict) and node \
                and key not in node and len(path) > 2:
            key = next(iter(node))  # a real property (reference, element...) rather than the skeleton's
        child = node.get(key) if isinstance(node, dict) else None
        if not isinstance(child, dict):
            child = node[key] = _copy(skeleton)
        node = child
    node[path[-1]] = value


@lru_cache(maxsize=None)
def _types_of(path: Path) -> tuple:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except Exception:  # noqa: BLE001  (a corpus file PyYAML does not read: not a source)
        return ()
    if not isinstance(data, dict):
        return ()
    return tuple((str(name), config) for name, config in data.items() if isinstance(config, dict) and config)


@lru_cache(maxsize=1)
def source_files() -> tuple[Path, ...]:
    """NodeTypes files of the baselines, and of the corpus when ``NODETYPE_STUDIO_CORPUS`` is set."""
    files = sorted(p for p in BASELINE.rglob("*.yaml") if "NodeTypes" in str(p.relative_to(BASELINE)))
    corpus = os.environ.get("NODETYPE_STUDIO_CORPUS")
    if corpus and Path(corpus).is_dir():
        found = [p for p in Path(corpus).rglob("*.yaml") if "NodeTypes" in p.as_posix().split("/", 3)[-1]]
        files += sorted(p for p in found if p.is_file() and p.stat().st_size < 100_000)
    return tuple(files)


def _walk(draw, data, path=()):
    """A random container inside ``data`` and the path to it (shallow ones as likely as deep ones)."""
    node = data
    while True:
        children = [(k, v) for k, v in (node.items() if isinstance(node, dict) else enumerate(node))
                    if isinstance(v, (dict, list)) and v]
        if not children or draw(st.integers(0, 3)) == 0:
            return node, path
        key, node = children[draw(st.integers(0, len(children) - 1))]
        path += (key,)


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


@st.composite
def mutated_type(draw):
    """(file it came from, node type name, mutated configuration, description of the mutations)."""
    files = source_files()
    while True:
        source = files[draw(st.integers(0, len(files) - 1))]
        types = _types_of(source)
        if types:
            break
    index = draw(st.integers(0, len(types) - 1))
    name, config = types[index]
    config = _copy(config)
    steps = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            place = SKELETON_PATHS[draw(st.integers(0, len(SKELETON_PATHS) - 1))]
            value = draw(VALUES)
            graft(config, place, value)
            steps.append(f"graft {'.'.join(map(str, place))} = {value!r:.80}")
            continue
        container, path = _walk(draw, config)
        if isinstance(container, dict) and container and draw(st.integers(0, 4)) == 0:
            keys = list(container)
            old_key, new_key = keys[draw(st.integers(0, len(keys) - 1))], draw(_key)
            renamed = {(new_key if k == old_key else k): v for k, v in container.items()}
            container.clear()
            container.update(renamed)  # a key renamed in place (an integer, an odd string...)
            steps.append(f"{'.'.join(map(str, path + (old_key,)))} renamed {new_key!r:.40}")
            continue
        value = draw(VALUES)
        if isinstance(container, dict) and (not container or draw(st.booleans())):
            key = draw(_key)  # a key added (or overwritten)
        else:
            keys = list(container) if isinstance(container, dict) else list(range(len(container)))
            key = keys[draw(st.integers(0, len(keys) - 1))]
        container[key] = value
        steps.append(f"{'.'.join(map(str, path + (key,)))} = {value!r:.80}")
    # the other types of the file (as written, some of them: the mutated one's supertypes and subtypes)
    others = {n: c for i, (n, c) in enumerate(types) if i != index and n != name and draw(st.integers(0, 2)) == 0}
    return source, name, config, steps, others


def dump(data) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10_000)


#: Flow settings the model reads (editor and data-type defaults, presets, node type groups)
SETTINGS_SKELETON: dict = {"Neos": {"Neos": {
    "userInterface": {"inspector": {
        "dataTypes": {"string": {"editor": "Neos.Neos/Inspector/Editors/TextFieldEditor",
                                 "editorOptions": {"placeholder": "x"}, "defaultValue": ""},
                      "DateTime": {"editor": "Neos.Neos/Inspector/Editors/DateTimeEditor",
                                   "editorOptions": {"format": "d-m-Y"}},
                      "Acme\\Fuzz\\Thing": {"editor": "Neos.Neos/Inspector/Editors/SelectBoxEditor",
                                              "typeConverter": "X"}},
        "editors": {"Neos.Neos/Inspector/Editors/TextFieldEditor": {"editorOptions": {"placeholder": "y"}},
                    "Neos.Neos/Inspector/Editors/SelectBoxEditor": {"editorOptions": {"placeholder": "z"}}}}},
    "nodeTypes": {"presets": {"properties": {"a": {"b": {"type": "string", "ui": {"label": "P",
                                                                               "inspector": {"group": "default"}}}}},
                              "childNodes": {"a": {"b": {"type": "Neos.Neos:ContentCollection"}}}},
                  "groups": {"general": {"position": "start", "label": "G"}}}}}}
SETTINGS_PATHS = tuple(_paths(SETTINGS_SKELETON))

#: the subtype written next to the mutated type: inherits it, uses the presets and the data types
CHILD: dict = {"superTypes": {}, "properties": {
    "preset": {"type": "string", "options": {"preset": "a.b"}, "ui": {"inspector": {"group": "default"}}},
    "date": {"type": "DateTime", "ui": {"label": "Date", "inspector": {"group": "default"}}},
    "thing": {"type": "Acme\\Fuzz\\Thing", "ui": {"inspector": {"group": "default"}}}},
    "childNodes": {"main": {"type": "Neos.Neos:ContentCollection", "options": {"preset": "a.b"}}}}


@st.composite
def surroundings(draw):
    """(Settings.yaml data or None, the Child file's data, steps): mostly plain, sometimes odd shapes."""
    steps = []
    settings = None
    if draw(st.integers(0, 2)) == 0:
        settings = _copy(SETTINGS_SKELETON)
        if draw(st.integers(0, 9)) == 0:
            settings = draw(VALUES)
            steps.append(f"Settings.yaml = {settings!r:.80}")
        else:
            for _ in range(draw(st.integers(1, 2))):
                place = SETTINGS_PATHS[draw(st.integers(0, len(SETTINGS_PATHS) - 1))]
                value = draw(VALUES)
                node, skeleton = settings, SETTINGS_SKELETON
                for key in place[:-1]:  # (an earlier step may have put an odd value on the way)
                    skeleton = skeleton[key]
                    if not isinstance(node.get(key), dict):
                        node[key] = _copy(skeleton)
                    node = node[key]
                node[place[-1]] = value
                steps.append(f"Settings {'.'.join(place)} = {value!r:.80}")
    child = None  # the default: CHILD inheriting the mutated type
    odd = draw(st.integers(0, 9))
    if odd == 0:
        child = draw(VALUES)
        steps.append(f"NodeTypes.Child.yaml = {child!r:.80}")
    elif odd == 1:
        child = {"Acme.Fuzz:Child": draw(VALUES)}
        steps.append(f"Acme.Fuzz:Child = {child['Acme.Fuzz:Child']!r:.80}")
    return settings, child, steps


def write_package(root: Path, name: str, config, version: str, settings=None, child=None, others=None) -> Path:
    """A package holding the mutated type (with ``others`` from its file) and a subtype of it (so the odd
    shape is also inherited)."""
    package = root / "Acme.Fuzz"
    conf = package / "Configuration"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "NodeTypes.Fuzz.yaml").write_text(dump({**(others or {}), name: config}), encoding="utf-8")
    if child is None:
        child = {"Acme.Fuzz:Child": {**_copy(CHILD), "superTypes": {name: True}}}
    (conf / "NodeTypes.Child.yaml").write_text(dump(child), encoding="utf-8")
    if settings is not None:
        (conf / "Settings.yaml").write_text(dump(settings), encoding="utf-8")
    constraint = "^8.3" if version == "8.3" else "^9.0"
    (package / "composer.json").write_text(
        '{"name": "acme/fuzz", "type": "neos-site", "require": {"neos/neos": "%s"}}\n' % constraint, encoding="utf-8")
    return package


def key_paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from key_paths(child, path + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from key_paths(child, path + (index,))


def run_model_and_checks(package: Path, names: list[str]) -> None:
    """Load with each CMS version, run the checks, ask provenance of every key path of ``names``."""
    from nodetype_studio.checks import collect_findings
    from nodetype_studio.model import load_project

    for version in ("8.3", "9"):
        project = load_project(package, cms_version=version, use_cache=False)
        for finding in project.diagnostics:
            finding.format_text()
        for finding in collect_findings(project):
            finding.format_text()
        for name in names:
            nt = project.node_types.get(name)
            if nt is None:
                continue
            for path in key_paths(nt.effective):
                nt.provenance(path)


def run_commands(package: Path, names: list[str], properties: list[str] = (), more: bool = False) -> list[str]:
    """`check` and `show` (with ``more`` also `list`, `content` and `validate` of ``properties``) in-process;
    the problems (a last-resort "could not run") as messages."""
    from nodetype_studio.cli import main

    problems = []
    argvs = [["check", str(package)], ["check", str(package), "--format", "sarif"]]
    for name in names:
        argvs += [["show", str(package), name], ["show", str(package), name, "--json", "--provenance"],
                  ["show", str(package), name, "--provenance"]]
    if more:
        argvs += [["list", str(package), "--json"], ["content", str(package), "--search", "a", "--json"],
                  ["migrate", str(package), "--to", "9", "--dry-run"],
                  ["set", str(package), names[0], "ui.label", "Fuzzed", "--dry-run"]]
        argvs += [["validate", str(package), names[0], str(prop), value] for prop in properties for value in ("x", "''")]
    for argv in argvs:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
        if code not in (0, 1, 2) or "could not run:" in err.getvalue():
            problems.append(f"{argv[0]} {' '.join(argv[2:])}: exit {code}: {err.getvalue()[-1500:]}")
    return problems


def build_inspectors(qtbot, package: Path, names: list[str]) -> list[str]:
    """The inspector of each type, every tab's editors built; exceptions raised inside Qt as messages."""
    from PySide6.QtWidgets import QLabel

    from nodetype_studio.model import load_project
    from nodetype_studio.preview.inspector import InspectorSource
    from nodetype_studio.ui.inspector import InspectorWidget

    project = load_project(package, use_cache=False)
    problems = []
    widget = InspectorWidget()
    try:
        with qtbot.capture_exceptions() as exceptions:
            for name in names:
                nt = project.node_type(name)
                if nt is None:
                    continue
                widget.show_node_type(InspectorSource.from_model(nt, project))
                for tab in widget.tab_ids():
                    widget.select_tab(tab)
                widget.validate_all()
                # the registry shows a placeholder for an editor that raised (as the CMS does): for a
                # built-in editor that is a bug of ours
                problems += [f"{name}: {label.text()}" for label in widget.findChildren(QLabel)
                             if "the editor failed:" in label.text() and "(built-in)" in label.text()]
            qtbot.wait(1)
        problems += [f"{kind.__name__}: {value}" for kind, value, _ in exceptions]
    finally:
        widget.close()
        widget.deleteLater()
    return problems
