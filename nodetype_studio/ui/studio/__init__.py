"""The studio window: node type tree, definition editor with undo, preview, source, provenance, problems.

Qt-free parts (``session``, ``journal``) hold the project being edited; the widgets only show them and
send every change through undo commands (``commands``) that call the editing layer.
"""
