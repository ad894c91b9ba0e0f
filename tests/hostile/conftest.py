from hostile_helpers import package  # noqa: F401  (the fixture)

from tests.ui.datasource_helpers import open_inspector, project_root, server, services  # noqa: F401  (fixtures)
