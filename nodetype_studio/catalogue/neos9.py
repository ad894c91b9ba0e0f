"""What Neos 9.x removed, renamed or moved in node type configuration, as data (platform facts §6, §7).

Read by the 9.x checks (``checks/neos9.py``) and by the 8.3 → 9 migration (``studio/migration.py``).
Names are written with the ``Neos`` prefix; lookups normalise the project's spelling first.
"""

from __future__ import annotations

#: Node types 9.x no longer has, with what to do instead (facts §7.1).
REMOVED_TYPES: dict[str, str] = {
    "Neos.Neos:Timable": "replaced by `Neos.TimeableNodeVisibility:Timeable` of the optional package "
                         "neos/timeable-node-visibility",
    "Neos.Neos:PluginView": "plugin views are gone; render the plugin's view from a content node type of your own",
    "unstructured": "the Neos.ContentRepository package (and `unstructured`) is gone",
}

#: Removed types that have a 1:1 replacement a supertype declaration can be renamed to.
SUPERTYPE_RENAMES: dict[str, str] = {
    "Neos.Neos:Timable": "Neos.TimeableNodeVisibility:Timeable",
}

#: System properties 9.x renamed (facts §6.5, §7.2): old name -> (new name, note).
PROPERTY_RENAMES: dict[str, tuple[str, str]] = {
    "_hiddenInIndex": ("hiddenInMenu", "Fusion and PHP that read `hiddenInIndex` must read the property "
                                       "`hiddenInMenu`"),
    "_hiddenBeforeDateTime": ("enableAfterDateTime", "needs neos/timeable-node-visibility; Fusion and PHP that read "
                                                     "`hiddenBeforeDateTime` must read `enableAfterDateTime`"),
    "_hiddenAfterDateTime": ("disableAfterDateTime", "needs neos/timeable-node-visibility; Fusion and PHP that read "
                                                     "`hiddenAfterDateTime` must read `disableAfterDateTime`"),
}

#: System properties 9.x no longer declares (facts §7.2).
REMOVED_PROPERTIES: tuple[str, ...] = (
    "_removed", "_creationDateTime", "_lastModificationDateTime", "_lastPublicationDateTime", "_path", "_name",
)

#: Editors removed from the 9.x UI (facts §7.3); short names.
REMOVED_EDITORS: tuple[str, ...] = ("MasterPluginEditor", "PluginViewsEditor", "PluginViewEditor")

#: Post-processor classes of 8.3 (leading backslash dropped): class -> replacement class (None: removed).
POSTPROCESSOR_CLASSES: dict[str, str | None] = {
    "Neos\\Neos\\NodeTypePostprocessor\\PluginNodeTypePostprocessor": None,
    "Neos\\Neos\\NodeTypePostprocessor\\CreationDialogPostprocessor":
        "Neos\\Neos\\Ui\\Infrastructure\\ContentRepository\\CreationDialog\\CreationDialogNodeTypePostprocessor",
}

#: Node creation handler classes of the 8.3 platform (facts §6.3): 9.x declares its own factories.
PLATFORM_CREATION_HANDLERS: tuple[str, ...] = (
    "Neos\\Neos\\Ui\\NodeCreationHandler\\DocumentTitleNodeCreationHandler",
    "Neos\\Neos\\Ui\\NodeCreationHandler\\CreationDialogPropertiesCreationHandler",
    "Neos\\Neos\\Ui\\NodeCreationHandler\\ContentTitleNodeCreationHandler",
)

#: Property types that 9.x moves into ``references:`` when the type is built (facts §6.4).
REFERENCE_TYPES: tuple[str, ...] = ("reference", "references")

#: Keys a legacy reference property must not have in 9.x (exception 1708022344).
LEGACY_REFERENCE_FORBIDDEN: tuple[str, ...] = ("constraints", "properties")


#: The Eel helpers 9.x gives node label expressions, under ``Neos.Neos.labelGenerator.eel.defaultContext``
#: (facts §5.4, ``9.0:Neos.Neos/Configuration/Settings.yaml``); 8.3 read the same nine from
#: ``Neos.ContentRepository.labelGenerator``, a key 9.x no longer reads.
LABEL_HELPERS_9: dict[str, str] = {
    "String": "Neos\\Eel\\Helper\\StringHelper",
    "Array": "Neos\\Eel\\Helper\\ArrayHelper",
    "Date": "Neos\\Eel\\Helper\\DateHelper",
    "Configuration": "Neos\\Eel\\Helper\\ConfigurationHelper",
    "Math": "Neos\\Eel\\Helper\\MathHelper",
    "Json": "Neos\\Eel\\Helper\\JsonHelper",
    "I18n": "Neos\\Flow\\I18n\\EelHelper\\TranslationHelper",
    "q": "Neos\\Eel\\FlowQuery\\FlowQuery::q",
    "Neos.Node": "Neos\\Neos\\Fusion\\Helper\\NodeHelper",
}


#: Package keys of the platform: their own declarations are the CMS's, not the project's to migrate.
PLATFORM_PACKAGE_PREFIXES: tuple[str, ...] = (
    "Neos.Neos", "Neos.NodeTypes", "Neos.ContentRepository", "Neos.TimeableNodeVisibility", "Cms.Cms",
)


def is_platform_package(name) -> bool:
    return isinstance(name, str) and any(name == p or name.startswith(p + ".") for p in PLATFORM_PACKAGE_PREFIXES)


def php_class(value) -> str | None:
    """A class name without its leading backslash; None for anything but a string."""
    return value.lstrip("\\") if isinstance(value, str) else None
