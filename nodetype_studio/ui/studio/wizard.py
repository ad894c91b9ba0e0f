"""File > New Node Type: name, supertypes, target file and a starter set of properties.

The name must read ``Vendor.Package:Name`` and be new. The file is an existing NodeTypes file of the
package or a new one in the package's layout: ``NodeTypes/<Kind>/<Name>.yaml`` (``Kind`` from the
name, ``Content.Teaser`` -> ``Content/Teaser.yaml``, or from the supertypes), or
``Configuration/NodeTypes.<Kind>.<Name>.yaml`` for packages that keep their node types there.
The result is one undoable command; nothing is written before Save.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QVBoxLayout,
    QWizard,
    QWizardPage,
)

from nodetype_studio.model.project import NAME_RE
from nodetype_studio.ui import style
from nodetype_studio.ui.studio import commands

#: name -> (what it is, configuration); "{media}" is the platform's media namespace
STARTERS = {
    "title": ("Title (text field, required)", {"type": "string", "ui": {"label": "Title", "inspector": {}},
                                               "validation": {"{prefix}.{prefix}/Validation/NotEmptyValidator": {}}}),
    "subtitle": ("Subtitle (text field)", {"type": "string", "ui": {"label": "Subtitle", "inspector": {}}}),
    "text": ("Text (text area)", {"type": "string", "ui": {"label": "Text", "inspector": {
        "editor": "{prefix}.{prefix}/Inspector/Editors/TextAreaEditor"}}}),
    "image": ("Image", {"type": "{prefix}\\Media\\Domain\\Model\\ImageInterface", "ui": {"label": "Image", "inspector": {}}}),
    "link": ("Link", {"type": "string", "ui": {"label": "Link", "inspector": {
        "editor": "{prefix}.{prefix}/Inspector/Editors/LinkEditor"}}}),
    "date": ("Date", {"type": "DateTime", "ui": {"label": "Date", "inspector": {"editorOptions": {"format": "d.m.Y"}}}}),
    "hidden": ("Hide on the website (checkbox)", {"type": "boolean", "ui": {"label": "Hide", "inspector": {}}}),
}
KIND_SUPERTYPES = (("Document", "Document"), ("Content", "Content"), ("ContentCollection", "Collection"))


def _fill(value, prefix: str):
    if isinstance(value, dict):
        return {_fill(k, prefix): _fill(v, prefix) for k, v in value.items()}
    if isinstance(value, str):
        return value.replace("{prefix}", prefix)
    return value


def proposed_file(project, package, name: str, supertypes: list[str], abstract: bool) -> Path:
    """Where a new node type goes in the package's layout."""
    local = name.partition(":")[2]
    parts = local.split(".")
    if len(parts) > 1:
        kind, base = parts[0], ".".join(parts[1:])
    else:
        kind, base = "Mixin" if abstract else "", parts[0]
        for supertype in supertypes:
            nt = project.node_type(supertype)
            for platform_name, folder in KIND_SUPERTYPES:
                if nt is not None and nt.is_of_type(f"{project.platform.package}:{platform_name}"):
                    kind = folder
                    break
            if kind and kind != "Mixin":
                break
    root = Path(package.path)
    uses_folder = (root / "NodeTypes").is_dir() or not any(p.parent == root / "Configuration" for p in package.nodetype_files)
    if uses_folder:
        return root / "NodeTypes" / kind / f"{base}.yaml" if kind else root / "NodeTypes" / f"{base}.yaml"
    return root / "Configuration" / ("NodeTypes." + ".".join(p for p in (kind, base) if p) + ".yaml")


class NamePage(QWizardPage):
    def __init__(self, wizard):
        super().__init__(wizard)
        self.wizard_ = wizard
        self.setTitle("Name and supertypes")
        form = QFormLayout(self)
        self.name = QLineEdit(self)
        self.name.setPlaceholderText("Vendor.Package:Content.Name")
        self.name.textChanged.connect(self._check)
        form.addRow("Name", self.name)
        self.problem = QLabel(self)
        style.tint(self.problem, style.ERROR)
        form.addRow("", self.problem)
        self.label = QLineEdit(self)
        form.addRow("Label", self.label)
        self.abstract = QCheckBox("Abstract (a mixin other node types inherit from)", self)
        form.addRow("", self.abstract)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Filter supertypes")
        self.filter.textChanged.connect(self._filter)
        form.addRow("Supertypes", self.filter)
        self.supertypes = style.outline_check_boxes(QListWidget(self))
        project = wizard.project
        for name in sorted(project.node_types):
            item = QListWidgetItem(name, self.supertypes)
            item.setFlags(Qt.ItemIsEnabled | Qt.ItemIsUserCheckable)
            item.setCheckState(Qt.Unchecked)
        form.addRow("", self.supertypes)
        self._check()

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        for i in range(self.supertypes.count()):
            item = self.supertypes.item(i)
            item.setHidden(bool(needle) and needle not in item.text().lower() and item.checkState() != Qt.Checked)

    def chosen_supertypes(self) -> list[str]:
        return [self.supertypes.item(i).text() for i in range(self.supertypes.count())
                if self.supertypes.item(i).checkState() == Qt.Checked]

    def set_supertypes(self, names: list[str]) -> None:
        for i in range(self.supertypes.count()):
            item = self.supertypes.item(i)
            item.setCheckState(Qt.Checked if item.text() in names else Qt.Unchecked)

    def problem_text(self) -> str:
        name = self.name.text().strip()
        if not name:
            return "Give the node type a name."
        if not NAME_RE.match(name):
            return "The name must read Vendor.Package:Name (letters and digits; dots separate the parts)."
        if self.wizard_.project.node_type(name) is not None:
            return f"{name} already exists."
        return ""

    def _check(self) -> None:
        self.problem.setText(self.problem_text())
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return not self.problem_text()


class FilePage(QWizardPage):
    def __init__(self, wizard):
        super().__init__(wizard)
        self.wizard_ = wizard
        self.setTitle("Where it is written")
        form = QFormLayout(self)
        self.package = QComboBox(self)
        self.packages = [p for p in wizard.project.packages if not p.is_global]
        self._picked = False  # the user chose a package: the name no longer decides it
        self._proposing = True
        for package in self.packages:
            self.package.addItem(package.name)
        self._proposing = False
        self.package.currentIndexChanged.connect(self._package_changed)
        form.addRow("Package", self.package)
        self.new_file = QRadioButton("New file", self)
        self.new_path = QLineEdit(self)
        self.existing = QRadioButton("Existing file", self)
        self.existing_file = QComboBox(self)
        self.new_file.setChecked(True)
        form.addRow(self.new_file, self.new_path)
        form.addRow(self.existing, self.existing_file)
        self.problem = QLabel(self)
        style.tint(self.problem, style.ERROR)
        form.addRow("", self.problem)
        for signal in (self.new_file.toggled, self.new_path.textChanged, self.existing_file.currentIndexChanged):
            signal.connect(lambda *_a: self.completeChanged.emit())

    def initializePage(self) -> None:
        wizard = self.wizard_
        name = wizard.name_page.name.text().strip()
        if not self._picked and self.packages:
            index = package_for(name, [p.name for p in self.packages])
            if index != self.package.currentIndex():
                self._proposing = True
                self.package.setCurrentIndex(index)
                self._proposing = False
        package = self.current_package()
        if package is None:
            return
        path = proposed_file(wizard.project, package, name, wizard.name_page.chosen_supertypes(),
                             wizard.name_page.abstract.isChecked())
        self.new_path.setText(str(path.relative_to(package.path)))
        self.existing_file.clear()
        for file in package.nodetype_files:
            self.existing_file.addItem(str(Path(file).relative_to(package.path)), str(file))

    def _package_changed(self, _index: int) -> None:
        if not self._proposing:
            self._picked = True
            self.initializePage()

    def current_package(self):
        index = self.package.currentIndex()
        return self.packages[index] if 0 <= index < len(self.packages) else None

    def target(self) -> Path | None:
        package = self.current_package()
        if package is None:
            return None
        if self.existing.isChecked():
            data = self.existing_file.currentData()
            return Path(data) if data else None
        text = self.new_path.text().strip()
        return Path(package.path) / text if text else None

    def problem_text(self) -> str:
        package = self.current_package()
        target = self.target()
        if package is None:
            return "The project has no package to write to."
        if target is None:
            return "Choose a file."
        if not target.name.endswith(".yaml"):
            return "NodeTypes files end in .yaml."
        resolved = target.resolve()
        if Path(package.path).resolve() not in resolved.parents:
            return "The file must be inside the package."
        if self.new_file.isChecked() and resolved.exists():
            return "That file exists: choose it as an existing file."
        return ""

    def isComplete(self) -> bool:
        problem = self.problem_text()
        self.problem.setText(problem)
        return not problem


class PropertiesPage(QWizardPage):
    def __init__(self, wizard):
        super().__init__(wizard)
        self.wizard_ = wizard
        self.setTitle("Starter properties")
        layout = QVBoxLayout(self)
        self.checks: dict[str, QCheckBox] = {}
        for key, (text, _config) in STARTERS.items():
            box = QCheckBox(f"{key} \u2014 {text}", self)
            self.checks[key] = box
            layout.addWidget(box)
        form = QFormLayout()
        self.group = QComboBox(self)
        self.group.setEditable(True)
        form.addRow("Inspector group", self.group)
        layout.addLayout(form)
        layout.addStretch(1)

    def initializePage(self) -> None:
        groups: list[str] = []
        project = self.wizard_.project
        for name in self.wizard_.name_page.chosen_supertypes():
            nt = project.node_type(name)
            inspector = ((nt.effective.get("ui") or {}).get("inspector") or {}) if nt is not None else {}
            found = inspector.get("groups") if isinstance(inspector, dict) else None
            groups += [g for g in (found or {}) if g not in groups]
        self.group.clear()
        self.group.addItems(groups)

    def chosen(self) -> list[str]:
        return [key for key, box in self.checks.items() if box.isChecked()]


class NewNodeTypeWizard(QWizard):
    def __init__(self, window):
        super().__init__(window)
        self.window_ = window
        self.project = window.session.project
        self.setWindowTitle("New Node Type")
        self.name_page = NamePage(self)
        self.file_page = FilePage(self)
        self.properties_page = PropertiesPage(self)
        for page in (self.name_page, self.file_page, self.properties_page):
            self.addPage(page)

    def configuration(self) -> dict:
        prefix = self.project.platform.prefix
        config: dict = {}
        supertypes = self.name_page.chosen_supertypes()
        if supertypes:
            config["superTypes"] = {name: True for name in supertypes}
        if self.name_page.abstract.isChecked():
            config["abstract"] = True
        label = self.name_page.label.text().strip()
        if label:
            config["ui"] = {"label": label}
        group = self.properties_page.group.currentText().strip()
        properties = {}
        for key in self.properties_page.chosen():
            prop = _fill(STARTERS[key][1], prefix)
            if group:
                prop["ui"]["inspector"]["group"] = group
            properties[key] = prop
        if properties:
            config["properties"] = properties
        return config

    def apply(self) -> bool:
        """Add the node type as one undoable command; False when the pages are not complete."""
        if not (self.name_page.isComplete() and self.file_page.isComplete()):
            return False
        name = self.name_page.name.text().strip()
        target = self.file_page.target()
        self.window_.push(f"new node type {name}", commands.add_node_type(name, target, self.configuration()),
                          focus=(name, None))
        self.window_.flush()
        if not self.window_.tree_sync.rows_of(name):
            self.window_.filter.clear()  # the filter would hide it: show the new type
        return self.window_.select_type(name)


def package_for(name: str, packages: list[str]) -> int:
    """Index of the package a new node type ``name`` belongs in: the one whose key is the name's prefix
    (``Neos.NeosIo`` for ``Neos.NeosIo:Content.Card``), else the longest key the prefix starts with
    (``Acme.Site`` for ``Acme.Site.Blog:Post``), else the first."""
    prefix = name.partition(":")[0]
    if prefix in packages:
        return packages.index(prefix)
    fitting = [(len(key), index) for index, key in enumerate(packages) if prefix.startswith(key + ".")]
    return max(fitting)[1] if fitting else 0


def run_wizard(window) -> None:
    if window.session is None:
        return
    wizard = NewNodeTypeWizard(window)
    if wizard.exec():
        wizard.apply()
