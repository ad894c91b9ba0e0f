"""Example data sources for Node Type Studio, standing in for a site's PHP data sources.

Two styles of the plugin API: a class with ``identifier`` and ``get_data`` (like a PHP class
implementing ``DataSourceInterface``) and a function marked with ``@data_source``. ``get_data``
receives the preview node (``node.address``, ``node.node_type``, ``node.get_property(name)``) and
the arguments exactly as PHP would see them: the ``dataSourceAdditionalData``, every scalar a string.
"""

from __future__ import annotations

from nodetype_studio.datasources import data_source

# (value, label, floor, seats, kind)
_ROOMS = [
    ("foyer", "Foyer", "Ground floor", 200, "standing"),
    ("hall", "Main hall", "Ground floor", 450, "theatre"),
    ("lab", "Maker lab", "First floor", 24, "workshop"),
    ("studio-1", "Studio 1", "First floor", 40, "workshop"),
    ("terrace", "Roof terrace", "Roof", 80, "standing"),
]
_ICONS = {"standing": "fas fa-glass-cheers", "theatre": "fas fa-theater-masks", "workshop": "fas fa-tools"}


class RoomsDataSource:
    """Rooms of the venue, grouped by floor; ``minimumSeats`` and ``kind`` narrow the list."""

    identifier = "acme-rooms"

    def get_data(self, node, arguments):
        try:
            minimum = int(arguments.get("minimumSeats", "0"))
        except ValueError:
            minimum = 0
        kind = arguments.get("kind")
        return [
            {"value": value, "label": f"{label} ({seats} seats)", "group": floor, "icon": _ICONS[room_kind]}
            for value, label, floor, seats, room_kind in _ROOMS
            if seats >= minimum and (kind is None or kind == room_kind)
        ]


@data_source("acme-speakers")
def speakers(node, arguments):
    """Speakers as a map (value -> entry); the node's own ``host`` property is left out."""
    everyone = {
        "ada": {"label": "Ada Lovelace", "group": "Keynote"},
        "grace": {"label": "Grace Hopper", "group": "Keynote"},
        "alan": {"label": "Alan Turing", "group": "Talks"},
        "edsger": {"label": "Edsger Dijkstra", "group": "Talks"},
    }
    host = node.get_property("host") if node is not None else None
    track = arguments.get("track")
    return {key: entry for key, entry in everyone.items()
            if key != host and (track is None or entry["group"].lower() == track.lower())}


data_sources = [RoomsDataSource, speakers]
