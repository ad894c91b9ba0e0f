"""Fixtures for the project-model tests: small YAML projects written into tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest
from modelkit import write_files

from nodetype_studio.model import load_project


@pytest.fixture
def make_project(tmp_path):
    """``make_project(files, root="Acme.Site")`` writes a project below tmp_path and returns its folder."""

    def make(files: dict[str, str | bytes], root: str = "Acme.Site") -> Path:
        return write_files(tmp_path / root if root else tmp_path, files)

    return make


@pytest.fixture
def open_project(make_project):
    """``open_project(files, cms_version=None)`` writes a package and loads it without the cache (the
    CMS version as detected, or the one given)."""

    def open_(files: dict[str, str | bytes], root: str = "Acme.Site", cms_version: str | None = None):
        return load_project(make_project(files, root), use_cache=False, cms_version=cms_version)

    return open_
