"""Searching the sample content and scanning the media library, per keystroke and per open.

Run: python3 benchmarks/bench_content_media.py [--sizes 1000,10000] [--files 500]
Prints times and their ratio to floors measured in the same run:
- content search: a plain case-insensitive substring scan over a list of titles (no types, no paths);
- media scan: os.walk + stat + reading the first 64 KB of every file (the I/O the scan cannot avoid);
- media search: a plain substring scan over the asset titles.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nodetype_studio.bundled import example_project, resource  # noqa: E402
from nodetype_studio.content.tree import ContentNode, ContentTree  # noqa: E402
from nodetype_studio.content.types import TypeIndex  # noqa: E402
from nodetype_studio.media.library import AssetSource, MediaLibrary  # noqa: E402
from nodetype_studio.model import load_project  # noqa: E402

WORDS = ["summer", "party", "studio", "journal", "event", "team", "design", "talk", "workshop", "evening"]


def best(fn, number: int) -> float:
    return min(timeit.repeat(fn, number=number, repeat=5)) / number


def content_tree(size: int) -> ContentTree:
    project = load_project(example_project())
    types = TypeIndex(project)
    kinds = ["Acme.Site:Document.Page", "Acme.Site:Document.Event", "Acme.Site:Document.BlogPost", "Acme.Site:Content.Text"]
    nodes = [ContentNode("/sites", "Neos.Neos:Sites", "Sites"), ContentNode("/sites/acme", kinds[0], "Acme")]
    for index in range(size):
        folder = f"/sites/acme/f{index // 100}"
        if index % 100 == 0:
            nodes.append(ContentNode(folder, kinds[0], f"Folder {index // 100}"))
        title = f"{WORDS[index % 10].title()} {WORDS[(index * 7) % 10]} {index}"
        nodes.append(ContentNode(f"{folder}/n{index}", kinds[index % 4], title))
    return ContentTree(nodes, "/sites/acme", types)


def media_folder(files: int) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="bench-media-"))
    samples = sorted(p for p in resource("sample-media").iterdir() if not p.name.endswith(".yaml"))
    for index in range(files):
        sample = samples[index % len(samples)]
        target = folder / f"set{index // 50}" / f"{sample.stem}-{index}{sample.suffix}"
        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(sample, target)
    return folder


def floor_scan(folder: Path) -> int:
    count = 0
    for current, _dirs, names in os.walk(folder):
        for name in names:
            path = Path(current) / name
            path.stat()
            with open(path, "rb") as handle:
                handle.read(64 * 1024)
            count += 1
    return count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--files", type=int, default=500)
    args = parser.parse_args()
    rows = []
    for size in (int(s) for s in args.sizes.split(",")):
        tree = content_tree(size)
        titles = [n.title for n in tree.nodes()]
        floor = best(lambda: [t for t in titles if "party" in t.casefold()], 20)
        tree.search("party", ["Neos.Neos:Document"])  # warm the is_of_type cache, as the second keystroke has it
        typed = best(lambda: tree.search("party", ["Neos.Neos:Document"]), 20)
        below = best(lambda: tree.search("party", ["Acme.Site:Document.Event"], "/sites/acme/f3"), 20)
        rows += [(f"content floor: substring scan, {size} titles", floor, floor),
                 (f"content search, Document filter, {size} nodes", typed, floor),
                 (f"content search below a starting point, {size} nodes", below, floor)]
    folder = media_folder(args.files)
    try:
        floor = best(lambda: floor_scan(folder), 3)
        source = AssetSource("bench", "Bench", [folder], anchors={folder: folder})

        def scan():
            library = MediaLibrary([source], folder / "uploads")
            return len(library.assets())

        assert scan() == args.files
        rows += [(f"media floor: walk + stat + read 64 KB, {args.files} files", floor, floor),
                 (f"media scan (types, sizes, titles), {args.files} files", best(scan, 3), floor)]
        library = MediaLibrary([source], folder / "uploads")
        assets = library.assets()
        search_floor = best(lambda: [a for a in assets if "sea" in a.title.casefold()], 50)
        rows += [(f"media search floor: substring over {args.files} titles", search_floor, search_floor),
                 ("media search 'sea' (title, name, tags; types)", best(lambda: library.search("sea", ["image/*"]), 50), search_floor)]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    width = max(len(name) for name, *_ in rows)
    print(f"{'case':<{width}}  {'time':>12}  {'ratio to floor':>14}")
    for name, seconds, floor in rows:
        print(f"{name:<{width}}  {seconds * 1e3:>9.3f} ms  {seconds / floor:>13.2f}x")
    print("no target is set for these ratios (reference figures): met / not met does not apply")


if __name__ == "__main__":
    main()
