from hostile_helpers import package  # noqa: F401  (the fixture)

from tests.ui.datasource_helpers import open_inspector, project_root, server, services  # noqa: F401  (fixtures)
from tests.ui.studio.conftest import data_dir, make_window, settings  # noqa: F401  (fixtures: the studio window)
