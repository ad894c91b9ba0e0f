"""The 9.x baseline against the real 9.x platform packages of the corpus (NODETYPE_STUDIO_CORPUS).

The corpus holds Neos's own packages (``neos__neos-development-collection``: Neos.Neos, Neos.NodeTypes*,
Neos.TimeableNodeVisibility; ``neos__neos-ui``: the UI's Configuration). Opened as a distribution,
they give every platform type from the CMS's own files; each must resolve exactly as the same type
from our baseline does. The baseline is written from the platform facts, not from these files: this
is an independent check of that transcription.
"""

from __future__ import annotations

import json

import pytest
from platform_facts import EXPECTED
from platformkit import differences, platform_project

from nodetype_studio.model import load_project

pytestmark = pytest.mark.corpus


def real_platform(corpus, root):
    """A distribution whose Packages/Application links the corpus's platform packages."""
    application = root / "Packages" / "Application"
    application.mkdir(parents=True)
    collection = corpus / "neos__neos-development-collection"
    packages = sorted(p for p in collection.iterdir() if p.is_dir() and p.name != "Neos.ContentRepositoryRegistry")
    if not packages or not (corpus / "neos__neos-ui" / "Configuration").is_dir():
        pytest.skip("the corpus has no 9.x platform packages")
    for package in packages:
        (application / package.name).symlink_to(package, target_is_directory=True)
    (application / "Neos.Neos.Ui").mkdir()
    (application / "Neos.Neos.Ui" / "Configuration").symlink_to(corpus / "neos__neos-ui" / "Configuration",
                                                                 target_is_directory=True)
    return root


def test_the_9x_baseline_resolves_as_the_real_platform_packages(corpus, tmp_path):
    real = load_project(real_platform(corpus, tmp_path / "real"), use_cache=False, cms_version="9")
    ours = load_project(platform_project(tmp_path / "ours", "9"), use_cache=False)
    assert "Neos.Neos" in real.package_names and not real.uses_baseline
    assert set(real.node_types) == set(EXPECTED["9"])
    found = {}
    for name in EXPECTED["9"]:
        mine, theirs = ours.node_types[name], real.node_types[name]
        as_json = [json.loads(json.dumps(nt.effective, default=str)) for nt in (mine, theirs)]
        problems = differences(*as_json)
        if mine.ancestors != theirs.ancestors:
            problems.append(f"inheritance {mine.ancestors} but the packages give {theirs.ancestors}")
        if problems:
            found[name] = problems
    assert found == {}
