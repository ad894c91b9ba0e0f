"""`nodetype-studio content`: show, write, regenerate and search the sample content."""

import json

from nodetype_studio.cli import main
from tests.media_support import copy_site


def test_shows_generated_content_without_writing(tmp_path, capsys):
    site = copy_site(tmp_path)
    assert main(["content", str(site)]) == 0
    out = capsys.readouterr().out
    assert "generated, not saved" in out and "/sites/shop/brands/brand-a" in out
    assert not (site / ".nodetype-studio" / "content.yaml").exists()


def test_write_then_edit_then_search(tmp_path, capsys):
    site = copy_site(tmp_path)
    assert main(["content", str(site), "--write"]) == 0
    file = site / ".nodetype-studio" / "content.yaml"
    file.write_text(file.read_text(encoding="utf-8").replace("title: Brand A", "title: Zeta Tools"), encoding="utf-8")
    capsys.readouterr()
    assert main(["content", str(site), "--search", "zeta", "--type", "Neos.Neos:Document", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(n["title"], n["shownAs"]) for n in data["nodes"]] == [("Zeta Tools", "/brands/brand-a")]


def test_regenerate_replaces_edits(tmp_path, capsys):
    site = copy_site(tmp_path)
    main(["content", str(site), "--write"])
    file = site / ".nodetype-studio" / "content.yaml"
    file.write_text(file.read_text(encoding="utf-8").replace("title: Brand A", "title: Zeta Tools"), encoding="utf-8")
    assert main(["content", str(site), "--regenerate"]) == 0
    assert "Zeta Tools" not in file.read_text(encoding="utf-8")


def test_problems_in_the_file_give_exit_1_and_messages(tmp_path, capsys):
    site = copy_site(tmp_path)
    (site / ".nodetype-studio").mkdir()
    (site / ".nodetype-studio" / "content.yaml").write_text("nodes: [\n", encoding="utf-8")
    assert main(["content", str(site)]) == 1
    assert "yaml-syntax" in capsys.readouterr().err


def test_missing_project_gives_exit_2(tmp_path, capsys):
    assert main(["content", str(tmp_path / "nope")]) == 2


def test_a_search_from_a_path_without_a_node_exits_1_and_says_so(tmp_path, capsys):
    # a misspelt --from would find nothing and pass; a path that exists searches below it
    site = copy_site(tmp_path)
    assert main(["content", str(site), "--search", "brand", "--from", "/sites/shop/nowhere"]) == 1
    captured = capsys.readouterr()
    assert "no node at /sites/shop/nowhere in the sample content" in captured.err
    assert "/sites/shop/brands/brand-a" not in captured.out
    assert main(["content", str(site), "--search", "brand", "--from", "/sites/shop/brands"]) == 0
    assert "/sites/shop/brands/brand-a" in capsys.readouterr().out
