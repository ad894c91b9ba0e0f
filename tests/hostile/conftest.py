from hostile_helpers import package  # noqa: F401  (the fixture)
