"""The studio window's Qt-free state: editing session, ordering, own definitions, text diffs."""
