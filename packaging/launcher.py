"""Entry script of the frozen app: the same `main` as the `nodetype-studio` console script."""

import os
import sys

# qtawesome reaches Qt through qtpy; only PySide6 is bundled, so spare qtpy the probing.
os.environ.setdefault("QT_API", "pyside6")

from nodetype_studio.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
