"""Where the preview's node sits, and its address in the shape the project's CMS writes it.

The preview has no content tree, so its node gets a fixed, plausible place: a content node inside the
``main`` collection of the site's home page, a document below the site node. Everything that shows the
node's address uses these functions, so ClientEval's ``node.contextPath`` / ``node.parent`` and the
``node`` parameter of a data-source request name the same node (neos-facts §4.1, §6):

* 8.3: a context path, ``<node path>@<workspace>;<dimensions>``;
* 9.x: a JSON node address (``NodeAddress::toJson()``), whose aggregate id is the node's identifier.
"""

from __future__ import annotations

import hashlib
import json

SITE_PATH = "/sites/preview"
WORKSPACE = "user-admin"
LANGUAGE = "en_US"
WORKSPACE_SUFFIX = f"@{WORKSPACE};language={LANGUAGE}"
#: The preview node's name (when the node has one) and its parent's path, by role.
DOCUMENT_NAME = "preview-page"
CONTENT_NAME = "node-preview"
DOCUMENT_PARENT = SITE_PATH
CONTENT_PARENT = f"{SITE_PATH}/main"


def identifier(path: str) -> str:
    """The preview node identifier (a UUID-shaped text) of the node at ``path``."""
    digest = hashlib.sha1(path.encode("utf-8")).hexdigest()
    return f"{digest[:8]}-{digest[8:12]}-4{digest[13:16]}-8{digest[17:20]}-{digest[20:32]}"


def context_path(path: str) -> str:
    """The 8.3 context path of the preview node at ``path``."""
    return path + WORKSPACE_SUFFIX


def node_address(path: str) -> str:
    """The 9.x JSON node address (``NodeAddress::toJson()``) of the preview node at ``path``."""
    return json.dumps({"contentRepositoryId": "default", "workspaceName": WORKSPACE,
                       "dimensionSpacePoint": {"language": LANGUAGE}, "aggregateId": identifier(path)},
                      separators=(",", ":"))


def is_neos9(cms_version: str) -> bool:
    return not str(cms_version).startswith("8")


def address(path: str, cms_version: str) -> str:
    """The address of the node at ``path`` as ``cms_version``'s CMS writes it."""
    return node_address(path) if is_neos9(cms_version) else context_path(path)


def parent_path(document: bool) -> str:
    """The path of the preview node's parent: the site node for a document, else the main collection."""
    return DOCUMENT_PARENT if document else CONTENT_PARENT


def preview_path(document: bool) -> str:
    """The path of the preview node (a document or a content node)."""
    return f"{parent_path(document)}/{DOCUMENT_NAME if document else CONTENT_NAME}"


def parent_type(prefix: str, document: bool) -> str:
    """The type of the preview node's parent (``prefix`` is the platform's, ``Neos`` or ``Cms``): the home page,
    a document, for a document; else the main content collection."""
    return f"{prefix}.{prefix}:{'Document' if document else 'ContentCollection'}"
