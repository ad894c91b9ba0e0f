"""Run-time hook of the frozen app: qtawesome loads only the icon fonts the bundle carries.

qtawesome opens every font it knows (``qtawesome._BUNDLED_FONTS``) on first use and fails when a
file is missing. The bundle carries the Font Awesome fonts only (``ntsbuild.policy.QTAWESOME_FONTS``),
so once qtawesome is imported its table is cut to the fonts present. Nothing is imported here: a
finder waits for ``import qtawesome``.
"""

import importlib.abc
import importlib.util
import os
import sys


def _trim(module) -> None:
    fonts = os.path.join(os.path.dirname(os.path.realpath(module.__file__)), "fonts")
    present = set(os.listdir(fonts)) if os.path.isdir(fonts) else set()
    module._BUNDLED_FONTS = tuple(f for f in module._BUNDLED_FONTS if f[1] in present and f[2] in present)


class _Loader(importlib.abc.Loader):
    def __init__(self, inner):
        self._inner = inner

    def create_module(self, spec):
        return self._inner.create_module(spec)

    def exec_module(self, module):
        self._inner.exec_module(module)
        _trim(module)

    def __getattr__(self, name):
        return getattr(self._inner, name)


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname != "qtawesome":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is not None and spec.loader is not None:
            spec.loader = _Loader(spec.loader)
        return spec


sys.meta_path.insert(0, _Finder())
