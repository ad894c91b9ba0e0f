"""ReferencesEditor: the reference search storing an ordered list of node identifiers.

Chosen nodes are listed in order; drag a row or use the up/down buttons to reorder it, the remove
button to drop it. Nodes already chosen are not offered again.
"""

from __future__ import annotations

from nodetype_studio.ui.editors.reference import ReferenceEditor


class ReferencesEditor(ReferenceEditor):
    multiple = True
