"""Custom validators: the example plugin installed (entry point discovery) and from a plugin folder."""

import importlib
import shutil
from pathlib import Path

import pytest

from nodetype_studio.model import load_project
from nodetype_studio.validation import (
    get_validator,
    registered_validators,
    registry_problems,
    reload_validators,
    validate_property,
    validate_value,
)
from nodetype_studio.validation.engine import FAILED_ID, MISSING_OPTION_ID
from tests.plugin_helpers import forget_modules, install_like_pip

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "plugin-validator"
FIXTURE = ROOT / "tests" / "fixtures" / "validation" / "Acme.Demo"
HEX = "Acme.Validators/Validation/HexColorValidator"
SLUG = "Acme.Validators/Validation/SlugValidator"


@pytest.fixture
def clean_plugins(monkeypatch, tmp_path):
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", "")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    reload_validators()
    yield
    forget_modules("nts_example_validators")
    reload_validators()


@pytest.fixture
def installed(clean_plugins, tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    install_like_pip(EXAMPLE, "nts_example_validators", site)
    monkeypatch.syspath_prepend(str(site))
    importlib.invalidate_caches()
    reload_validators()
    return site


def test_without_the_plugin_its_identifiers_are_unknown(clean_plugins):
    assert get_validator(HEX) is None


def test_installed_plugin_is_discovered_through_its_entry_point(installed):
    hex_color = get_validator(HEX)
    slug = get_validator(SLUG)
    assert hex_color is not None and slug is not None
    assert hex_color.origin == "acme = nts_example_validators:validators"
    assert {HEX, SLUG} <= set(registered_validators())
    assert hex_color.options["allowShort"].type == "boolean" and hex_color.options["allowShort"].default is True
    assert slug.options["maximum"].default == 80
    assert hex_color.runs_in_browser is True
    assert registry_problems() == []


def test_installed_plugin_takes_part_in_the_engine(installed):
    form = load_project(FIXTURE).node_type("Acme.Demo:Content.Form")
    assert validate_property(form, "color", "#1a2b3c") == []
    [finding] = validate_property(form, "color", "#abc")  # allowShort: false in the fixture
    assert finding.message == "Enter a colour as #rrggbb."
    assert finding.message_id == "acme.validators.hexColor.invalid"
    assert validate_value("#abc", {HEX: {}}) == []  # the declared default allowShort: true applies
    assert [f.message_id for f in validate_value(5, {HEX: {}})] == ["acme.validators.hexColor.notText"]
    findings = validate_value("Bad Slug", {SLUG: {"maximum": 3, "reserved": ["admin"]}})
    assert [f.message_id for f in findings] == ["acme.validators.slug.invalid", "acme.validators.slug.tooLong"]
    assert [f.message_id for f in validate_value("admin", {SLUG: {"reserved": ["admin"]}})] == ["acme.validators.slug.reserved"]


def test_plugin_folder_provides_validators(clean_plugins, tmp_path, monkeypatch):
    folder = tmp_path / "plugins"
    folder.mkdir()
    shutil.copytree(EXAMPLE / "nts_example_validators", folder / "acme_validators")
    (folder / "more_validators.py").write_text(
        "from nodetype_studio.validation import custom_validator\n\n"
        "@custom_validator('Acme.More/Validation/EvenValidator', options={'strict': {'type': 'boolean', 'required': True}})\n"
        "def even(value, options):\n"
        "    return None if isinstance(value, int) and value % 2 == 0 else 'An even number is expected.'\n\n"
        "class Broken:\n"
        "    identifier = 'Acme.More/Validation/BrokenValidator'\n"
        "    def validate(self, value, options):\n"
        "        raise RuntimeError('plugin bug')\n\n"
        "class Clash:\n"
        "    identifier = 'Cms.Cms/Validation/NotEmptyValidator'\n"
        "    def validate(self, value, options):\n"
        "        return 'never used'\n\n"
        "validators = [even, Broken, Clash, object()]\n"
    )
    (folder / "syntax_error.py").write_text("validators = [\n")
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(folder))
    reload_validators()

    assert get_validator(HEX).origin == str(folder / "acme_validators")
    assert validate_value("#12", {HEX: {}})[0].message == "Enter a colour as #rrggbb or #rgb."
    [missing] = validate_value(3, {"Acme.More/Validation/EvenValidator": {}})
    assert missing.message_id == MISSING_OPTION_ID and missing.severity == "warning" and '"strict"' in missing.message
    assert [f.message for f in validate_value(3, {"Acme.More/Validation/EvenValidator": {"strict": True}})] == [
        "An even number is expected."
    ]
    [broken] = validate_value("x", {"Acme.More/Validation/BrokenValidator": {}})
    assert broken.message_id == FAILED_ID and broken.severity == "warning" and "plugin bug" in broken.message
    # the built-in keeps its identifier; the clash, the non-validator and the broken file are reported
    assert get_validator("Neos.Neos/Validation/NotEmptyValidator").origin == "built-in"
    problems = " | ".join(d.message for d in registry_problems())
    assert "NotEmptyValidator" in problems and "not a validator" in problems and "syntax_error.py" in problems


DECLARING = '''
from nodetype_studio.validation import OptionInfo, custom_validator

@custom_validator("Acme.Decl/Validation/PhoneValidator",
                  options={"country": OptionInfo("string", True, None, "ISO country code."),
                           "strict": {"type": "boolean", "default": False},
                           "style": "national|international",
                           "maxDigits": "integer"})
def phone(value, options):
    return None

validators = [
    phone,
    {"identifier": "Acme.Decl/Validation/JsOnlyValidator", "options": {"pattern": "string"}},
    {"identifier": "Acme.Decl/Validation/AnythingValidator"},
]
'''


def test_declarations_become_catalogue_specs(clean_plugins, tmp_path, monkeypatch):
    (tmp_path / "declaring.py").write_text(DECLARING)
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(tmp_path))
    reload_validators()
    phone = get_validator("Acme.Decl/Validation/PhoneValidator")
    spec = phone.spec
    assert spec.custom_identifier == phone.identifier and spec.origin == str(tmp_path / "declaring.py")
    assert spec.options is phone.options and spec.options_declared
    assert spec.option("country").required and spec.option("country").description == "ISO country code."
    assert spec.option("strict").type == "boolean" and spec.option("strict").default is False
    assert spec.option("style").type == "any"  # not a catalogue type: anything is accepted
    assert spec.option("maxDigits").type == "integer" and not spec.option("maxDigits").has_default
    js_only = get_validator("Acme.Decl/Validation/JsOnlyValidator")
    assert js_only.spec.option("pattern").type == "string"
    [note] = validate_value("x", {"Acme.Decl/Validation/JsOnlyValidator": {"pattern": "x"}})
    assert note.severity == "warning" and "without validate" in note.message
    assert get_validator("Acme.Decl/Validation/AnythingValidator").spec.options_declared is False
    assert registry_problems() == []


def test_registry_follows_a_plugin_reload(clean_plugins, tmp_path, monkeypatch):
    from nodetype_studio.plugins import reload_plugins

    assert validate_value(1, {"Acme.Decl/Validation/PhoneValidator": {}})[0].message_id == "studio.validation.unknownValidator"
    (tmp_path / "declaring.py").write_text(DECLARING)
    monkeypatch.setenv("NODETYPE_STUDIO_PLUGIN_PATH", str(tmp_path))
    reload_plugins()  # the plugin loader only, as the UI does when a folder is added
    assert "Acme.Decl/Validation/PhoneValidator" in registered_validators()  # a registry query refreshes ...
    [missing] = validate_value(1, {"Acme.Decl/Validation/PhoneValidator": {}})  # ... the per-keystroke lookups too
    assert missing.message_id == MISSING_OPTION_ID and '"country"' in missing.message
