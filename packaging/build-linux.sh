#!/usr/bin/env bash
# Build the Linux artifacts into dist/: the one-folder bundle dist/nodetype-studio/, the .deb and
# the portable .tar.xz.
#
#   packaging/build-linux.sh            # use the active virtualenv, else make build/venv
#   PYTHON=/path/to/python packaging/build-linux.sh
#   packaging/build-linux.sh --bundle-only   # stop after PyInstaller
#
# The Python used must have the app installed (`pip install -e .`, done here when missing) and
# PyInstaller (`pip install pyinstaller`, likewise). Needs dpkg-deb, tar and xz (Debian/Ubuntu).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
BUNDLE_ONLY=0
[ "${1:-}" = "--bundle-only" ] && BUNDLE_ONLY=1

if [ -n "${PYTHON:-}" ]; then
  PY="$PYTHON"
elif [ -n "${VIRTUAL_ENV:-}" ]; then
  PY="$VIRTUAL_ENV/bin/python"
else
  if [ ! -x build/venv/bin/python ]; then
    echo "== creating build/venv"
    # NTS_VENV_SYSTEM_SITE=1 reuses the system's packages (offline machines that have them).
    python3 -m venv ${NTS_VENV_SYSTEM_SITE:+--system-site-packages} build/venv
  fi
  PY="$ROOT/build/venv/bin/python"
fi

# The app must be installed from this checkout (its metadata is bundled), and PyInstaller present.
if ! "$PY" - "$ROOT" <<'EOF'
import sys, importlib.metadata as md, pathlib
md.distribution("nodetype-studio")
import nodetype_studio
sys.exit(0 if pathlib.Path(nodetype_studio.__file__).resolve().is_relative_to(pathlib.Path(sys.argv[1])) else 1)
EOF
then
  echo "== pip install -e . (into $PY)"
  "$PY" -m pip install -q -e "$ROOT"
fi
"$PY" -c "import PyInstaller" 2>/dev/null || { echo "== pip install pyinstaller"; "$PY" -m pip install -q "pyinstaller>=6.10"; }

start=$(date +%s)
echo "== PyInstaller"
rm -rf dist/nodetype-studio
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller \
  packaging/nodetype-studio.spec 2>&1 | grep -v "Library not found: could not resolve" || true
[ -x dist/nodetype-studio/nodetype-studio ] || { echo "PyInstaller produced no executable" >&2; exit 1; }
frozen=$(date +%s)
# Decimal MB of the regular files (symbolic links and folders not counted), as the tests and the benchmark count.
echo "   bundle: $(find dist/nodetype-studio -type f -printf "%s\n" | awk "{s += \$1} END {printf \"%.1f MB\", s / 1e6}") in $((frozen - start)) s"
# Which commit this bundle is (tests reuse a bundle only for the same, clean, commit).
if commit=$(git rev-parse HEAD 2>/dev/null); then
  git diff --quiet HEAD -- . ':!dist' ':!build' || commit="$commit-dirty"
  echo "$commit" > dist/nodetype-studio/.build-commit
fi
[ "$BUNDLE_ONLY" = 1 ] && exit 0

echo "== .deb and .tar.xz"
PYTHONPATH="$ROOT/packaging" "$PY" -m ntsbuild.deb --bundle dist/nodetype-studio --out dist --work build/linux \
  --icons build/pyinstaller/nodetype-studio/icons
echo "== done in $(( $(date +%s) - start )) s"
