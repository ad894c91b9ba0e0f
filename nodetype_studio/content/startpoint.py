"""How the CMS reads the ``startingPoint`` of a reference, references or link editor (Qt-free).

The Neos UI sends any truthy ``startingPoint`` as the ``contextNode`` of the node search in place of
the current site (UI ``Editors/Reference/referenceDataLoader.js``, ``Library/LinkInput.js``); a falsy
one (unset, ``''``, ``0``, ``false``) keeps the current site. The reference editors call
``startingPoint.indexOf('ClientEval:')`` on it, so a value that is not text stops their search.
What the server makes of the text depends on the version:

- 8.3 converts it into a node (CR ``TypeConverter/NodeConverter.php``): text with a leading slash is a
  node path in the ``/sites/<site>/…`` form (names of letters, digits and dashes only), any other text
  a node identifier; the search then covers the node itself and everything below it
  (``NodeDataRepository::findByProperties``, path hash or parent path under the starting point).
- 9.x addresses nodes by absolute node paths that name the root node type, ``/<Neos.Neos:Sites>/<site>/…``;
  the 8.3 form is not resolved there (neos/neos-ui#3528, neos/neos-development-collection#4340), and the
  search covers the descendants of the starting node (``findDescendantNodes``).

A value the CMS cannot resolve finds nothing: the search request fails instead of falling back to
the current site.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from nodetype_studio.js.values import is_client_eval, truthy

#: The 9.x absolute node path: ``/<Root.Node:Type>`` and an optional path below it.
_ABSOLUTE_RE = re.compile(r"^/<([^>]*)>(/.*)?$")
#: A node identifier as 8.3 validates it (``NodeIdentifierValidator::PATTERN_MATCH_NODE_IDENTIFIER``).
_IDENTIFIER_RE = re.compile(r"^[a-z0-9-]{1,255}$")
#: An absolute 8.3 context path (``NodePaths::MATCH_PATTERN_CONTEXTPATH``): ``/`` or ``/name`` parts (letters,
#: digits, dashes; no empty part, so no trailing slash), optionally ``@workspace;dimensions``.
_LEGACY_PATH_RE = re.compile(r"^(/|(?:/[a-z0-9-]+)+)(@[a-z0-9-]+(;.*)?)?$", re.I)
SITES_PATH = "/sites"
#: the editors whose node search starts at `startingPoint` (short names)
SEARCH_EDITORS = frozenset({"ReferenceEditor", "ReferencesEditor", "LinkEditor"})


@dataclass(frozen=True)
class StartingPoint:
    """Where a node search of the preview starts.

    ``path``: the sample-content path below which the search looks (None: the current site);
    ``identifier``: 8.3 reads text without a leading slash as a node identifier (the caller looks it up);
    ``finds_nothing``: the CMS's search fails with this value; ``include_start``: the starting node
    itself is found too (8.3); ``problem``: what is wrong with the written value ('' when nothing).
    """

    path: str | None = None
    identifier: str | None = None
    finds_nothing: bool = False
    include_start: bool = False
    problem: str = ""
    client_eval: bool = False


def sample_path(value: str, sites_type: str) -> str:
    """The sample-content path a 9.x absolute node path under ``sites_type`` names (``/sites/…``), else ``value``."""
    match = _ABSOLUTE_RE.match(value)
    if match is None or match.group(1) != sites_type:
        return value
    return SITES_PATH + (match.group(2) or "").rstrip("/")


def read_starting_point(value: Any, is_8_3: bool, sites_type: str) -> StartingPoint:
    """How the CMS of the project's version reads ``value`` (see the module text)."""
    if not truthy(value):
        return StartingPoint()
    if is_client_eval(value):
        return StartingPoint(client_eval=True)
    if not isinstance(value, str):
        return StartingPoint(finds_nothing=True, problem="is not text; the CMS's node search fails with it")
    absolute = _ABSOLUTE_RE.match(value)
    if is_8_3:
        if absolute is not None:
            return StartingPoint(finds_nothing=True, problem="is written in the Neos 9.x form; Neos 8.3 reads node "
                                                             f"paths like {SITES_PATH}/<site>/…")
        if value.startswith("/"):
            legacy = _LEGACY_PATH_RE.match(value)
            if legacy is None:
                return StartingPoint(finds_nothing=True, problem="is not a node path Neos 8.3 can read (node names "
                                                                 "of letters, digits and dashes, no trailing slash)")
            return StartingPoint(path=legacy.group(1).lower(), include_start=True)
        if _IDENTIFIER_RE.match(value) is None:
            return StartingPoint(finds_nothing=True, problem="is neither a node path nor a node identifier; Neos 8.3 "
                                                             "reads text without a leading slash as a node identifier")
        return StartingPoint(identifier=value, include_start=True)
    if absolute is not None:
        below = absolute.group(2) or ""
        if below not in ("", "/") and "" in below.split("/")[1:]:  # NodePath: every part must be a node name
            return StartingPoint(finds_nothing=True, problem="has an empty path part (a trailing or double slash), "
                                                             "which Neos 9.x cannot read as a node path")
        if absolute.group(1) != sites_type:
            return StartingPoint(path=value)  # another root: nothing of it in the sample content
        return StartingPoint(path=sample_path(value, sites_type))
    if value.startswith(SITES_PATH + "/") or value == SITES_PATH:
        return StartingPoint(finds_nothing=True, problem=f"is an 8.3 node path; Neos 9.x reads absolute node paths "
                                                         f"with the root node type: /<{sites_type}>{value[len(SITES_PATH):]}")
    return StartingPoint(finds_nothing=True, problem=f"is not an absolute node path; Neos 9.x reads paths like "
                                                     f"/<{sites_type}>/<site>/…")


def preview_note(written: Any, start: StartingPoint, tree: Any) -> str:
    """What the preview says about the ``startingPoint`` ``written`` (read as ``start``) when it does not
    search from it as written ('' when it does); ``tree`` is the sample content (``ContentTree``)."""
    if start.client_eval:
        return "`startingPoint` is a ClientEval expression; searching the current site."
    if start.problem:
        return f"`startingPoint` \u201c{written}\u201d {start.problem}: nothing can be found."
    if start.identifier is not None and tree.by_identifier(start.identifier) is None:
        return (f"`startingPoint` \u201c{written}\u201d is read as a node identifier (Neos 8.3); no node of the "
                "sample content has it: nothing can be found.")
    if start.path not in (None, "/") and tree.node(start.path) is None:  # ("/": 8.3's root, above every site)
        return f"`startingPoint` {written} does not exist in the sample content; nothing can be found."
    return ""


def is_8_3(project: Any) -> bool:
    """The project's CMS is 8.3 (a project without a version is read as 9.x, the studio's default)."""
    version = getattr(getattr(project, "cms_version", None), "version", None)
    return getattr(version, "value", None) == "8.3"

