#!/usr/bin/env bash
# macOS disk image from the PyInstaller app bundle (run on macOS after the spec built
# "dist/Node Type Studio.app"):
#
#   pyinstaller --noconfirm --distpath dist --workpath build/pyinstaller packaging/nodetype-studio.spec
#   packaging/macos/make-dmg.sh            # -> dist/nodetype-studio-<version>-macos.dmg
#
# The image holds the app and a link to /Applications, so installing is a drag. Signing and
# notarisation need an Apple developer identity: set CODESIGN_IDENTITY to sign the app first.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
APP="$ROOT/dist/Node Type Studio.app"
VERSION="${VERSION:-$(/usr/libexec/PlistBuddy -c 'Print :CFBundleShortVersionString' "$APP/Contents/Info.plist")}"
DMG="$ROOT/dist/nodetype-studio-$VERSION-macos.dmg"

[ "$(uname -s)" = Darwin ] || { echo "make-dmg.sh needs macOS (hdiutil)" >&2; exit 2; }
[ -d "$APP" ] || { echo "$APP not found: build it with PyInstaller first" >&2; exit 1; }

# The frozen app must start and pass its own checks before it is shipped.
"$APP/Contents/MacOS/nodetype-studio" --self-test --output "$ROOT/build/macos-selftest"

if [ -n "${CODESIGN_IDENTITY:-}" ]; then
  codesign --force --deep --options runtime --timestamp --sign "$CODESIGN_IDENTITY" "$APP"
  codesign --verify --deep --strict "$APP"
fi

STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
rm -f "$DMG"
hdiutil create -volname "Node Type Studio $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -imagekey zlib-level=9 "$DMG"
hdiutil verify "$DMG"
echo "$DMG ($(du -h "$DMG" | cut -f1))"
