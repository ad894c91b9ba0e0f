"""File > New Node Type: name validation, the file in the package's layout, starter properties, undo."""

from __future__ import annotations

from PySide6.QtCore import Qt

from nodetype_studio.ui.studio.dialogs import ReviewDialog
from nodetype_studio.ui.studio.wizard import NewNodeTypeWizard, proposed_file


def fill_name(wizard, name, supertypes=()):
    wizard.name_page.name.setText(name)
    wizard.name_page.set_supertypes(list(supertypes))


def test_names_must_be_vendor_package_name_and_new(qtbot, window):
    wizard = NewNodeTypeWizard(window)
    qtbot.addWidget(wizard)
    page = wizard.name_page
    for bad in ("", "NoColon", "Acme.Studio:", "Acme Studio:X", "Acme.Studio:Content.Teaser"):
        page.name.setText(bad)
        assert not page.isComplete(), bad
        assert page.problem.text()
    page.name.setText("Acme.Studio:Content.Quote")
    assert page.isComplete() and page.problem.text() == ""


def test_the_file_follows_the_package_layout(window):
    project = window.session.project
    package = project.packages[0]
    root = package.path
    assert proposed_file(project, package, "Acme.Studio:Content.Quote", [], False) == root / "NodeTypes/Content/Quote.yaml"
    assert proposed_file(project, package, "Acme.Studio:Quote", ["Neos.Neos:Content"], False) == \
        root / "NodeTypes/Content/Quote.yaml"
    assert proposed_file(project, package, "Acme.Studio:Landing", ["Acme.Studio:Document.Page"], False) == \
        root / "NodeTypes/Document/Landing.yaml"
    assert proposed_file(project, package, "Acme.Studio:Seo", [], True) == root / "NodeTypes/Mixin/Seo.yaml"


def test_configuration_layout_packages_get_a_configuration_file(make_window, tmp_path):
    package = tmp_path / "Acme.Old"
    (package / "Configuration").mkdir(parents=True)
    (package / "Configuration" / "NodeTypes.yaml").write_text("'Acme.Old:Page':\n  superTypes: {'Neos.Neos:Document': true}\n",
                                                              encoding="utf-8")
    window = make_window(package)
    project = window.session.project
    assert proposed_file(project, project.packages[0], "Acme.Old:Content.Quote", [], False) == \
        package / "Configuration/NodeTypes.Content.Quote.yaml"


def test_a_new_file_in_a_folder_the_package_does_not_have_yet_is_saved(qtbot, window, project, answers):
    wizard = NewNodeTypeWizard(window)
    qtbot.addWidget(wizard)
    fill_name(wizard, "Acme.Studio:Collection.Slider", ["Neos.Neos:Content"])
    wizard.name_page.label.setText("Slider")
    wizard.file_page.initializePage()
    assert wizard.file_page.new_path.text() == "NodeTypes/Collection/Slider.yaml"
    assert not (project / "NodeTypes/Collection").exists()
    wizard.properties_page.initializePage()
    assert wizard.apply()
    answers.expect(ReviewDialog, lambda d: d.buttons.button(d.buttons.StandardButton.Save).click())
    assert window.save_all()
    written = (project / "NodeTypes/Collection/Slider.yaml").read_text(encoding="utf-8")
    assert written.startswith("'Acme.Studio:Collection.Slider':\n") and not window.session.dirty


def test_a_new_type_in_a_new_file_with_starter_properties(qtbot, window, project, answers):
    wizard = NewNodeTypeWizard(window)
    qtbot.addWidget(wizard)
    fill_name(wizard, "Acme.Studio:Content.Quote", ["Neos.Neos:Content", "Acme.Studio:Mixin.Titled"])
    wizard.name_page.label.setText("Quote")
    wizard.file_page.initializePage()
    assert wizard.file_page.new_path.text() == "NodeTypes/Content/Quote.yaml"
    assert wizard.file_page.isComplete()
    wizard.properties_page.initializePage()
    groups = [wizard.properties_page.group.itemText(i) for i in range(wizard.properties_page.group.count())]
    assert "text" in groups
    wizard.properties_page.group.setCurrentText("text")
    wizard.properties_page.checks["text"].setChecked(True)
    wizard.properties_page.checks["image"].setChecked(True)
    assert wizard.apply()
    assert window.selected == "Acme.Studio:Content.Quote"
    nt = window.session.project.node_type("Acme.Studio:Content.Quote")
    assert nt.label == "Quote" and {"title", "text", "image"} <= set(nt.properties)
    assert nt.properties["text"]["ui"]["inspector"]["editor"] == "Neos.Neos/Inspector/Editors/TextAreaEditor"
    assert nt.properties["image"]["type"] == "Neos\\Media\\Domain\\Model\\ImageInterface"
    assert window.tree_model.indexes_of("Acme.Studio:Content.Quote")
    target = project / "NodeTypes/Content/Quote.yaml"
    assert not target.exists()  # nothing is written before Save
    answers.expect(ReviewDialog, lambda d: d.buttons.button(d.buttons.StandardButton.Save).click())
    assert window.save_all()
    written = target.read_text(encoding="utf-8")
    assert written.startswith("'Acme.Studio:Content.Quote':\n") and "TextAreaEditor" in written
    window.undo_stack.undo()  # undo after save: the type is gone again (unsaved)
    window.flush()
    assert window.session.project.node_type("Acme.Studio:Content.Quote") is None


def test_an_existing_file_can_be_chosen(qtbot, window, project):
    wizard = NewNodeTypeWizard(window)
    qtbot.addWidget(wizard)
    fill_name(wizard, "Acme.Studio:Content.Quote", ["Neos.Neos:Content"])
    wizard.file_page.initializePage()
    wizard.file_page.existing.setChecked(True)
    index = wizard.file_page.existing_file.findText("NodeTypes/Content/Text.yaml")
    wizard.file_page.existing_file.setCurrentIndex(index)
    assert wizard.apply()
    text = window.session.text_of(project / "NodeTypes/Content/Text.yaml")
    assert text.startswith("'Acme.Studio:Content.Text':") and "\n'Acme.Studio:Content.Quote':\n" in text


def test_a_new_file_that_exists_or_lies_outside_is_refused(qtbot, window):
    wizard = NewNodeTypeWizard(window)
    qtbot.addWidget(wizard)
    fill_name(wizard, "Acme.Studio:Content.Quote")
    wizard.file_page.initializePage()
    wizard.file_page.new_path.setText("NodeTypes/Content/Teaser.yaml")
    assert not wizard.file_page.isComplete() and "exists" in wizard.file_page.problem.text()
    wizard.file_page.new_path.setText("../Elsewhere/Quote.yaml")
    assert not wizard.file_page.isComplete() and "inside the package" in wizard.file_page.problem.text()
    wizard.file_page.new_path.setText("NodeTypes/Quote.yml")
    assert not wizard.file_page.isComplete()
    assert not wizard.apply()


def test_the_menu_opens_the_wizard(qtbot, window, answers):
    answers.expect(NewNodeTypeWizard, lambda wizard: wizard.reject())
    window.actions_by_name["new_type"].trigger()
    assert answers.seen[0][0] == "NewNodeTypeWizard"
    assert Qt  # the wizard closed without changes
    assert not window.session.dirty
