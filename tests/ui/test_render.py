"""`nodetype-studio render`: PNG output, values, tabs, and every bad input as a clear message."""

import json

from PySide6.QtGui import QImage

from nodetype_studio.cli import main

NT = "Acme.Preview:Everything"


def test_render_writes_a_png(project_path, tmp_path, capsys, qapp):
    out = tmp_path / "everything.png"
    assert main(["render", str(project_path), NT, "--out", str(out)]) == 0
    image = QImage(str(out))
    assert not image.isNull()
    assert image.width() == 380 and image.height() > 300
    assert str(out.name) in capsys.readouterr().out


def test_values_and_tab_change_the_picture(project_path, tmp_path, qapp):
    plain, valued, extras = tmp_path / "a.png", tmp_path / "b.png", tmp_path / "c.png"
    assert main(["render", str(project_path), NT, "--out", str(plain)]) == 0
    assert main(["render", str(project_path), NT, "--out", str(valued), "--values", '{"title": "x"}']) == 0
    assert main(["render", str(project_path), NT, "--out", str(extras), "--tab", "extras", "--width", "500"]) == 0
    assert QImage(str(plain)) != QImage(str(valued))  # the error under the title shows
    assert QImage(str(valued)).height() > QImage(str(plain)).height()
    assert QImage(str(extras)).width() == 500


def test_values_from_a_file(project_path, tmp_path, qapp):
    values = tmp_path / "values.json"
    values.write_text(json.dumps({"count": 5}), encoding="utf-8")
    assert main(["render", str(project_path), NT, "--out", str(tmp_path / "v.png"), "--values", f"@{values}"]) == 0


def test_bad_inputs_are_messages_with_exit_codes(project_path, tmp_path, capsys, qapp):
    out = str(tmp_path / "x.png")
    cases = [
        (["--values", "{not json"], 1, "not valid JSON"),
        (["--values", "[1, 2]"], 1, "JSON object"),
        (["--values", "@/nonexistent/values.json"], 1, "cannot read"),
        (["--tab", "nowhere"], 1, "no inspector tab 'nowhere' (tabs: default, meta, extras)"),
        (["--width", "10"], 1, "at least 120"),
    ]
    for extra, code, message in cases:
        assert main(["render", str(project_path), NT, "--out", out, *extra]) == code, extra
        assert message in capsys.readouterr().err, extra
    assert main(["render", str(project_path), "Acme.Preview:Nope", "--out", out]) == 1
    assert "not defined" in capsys.readouterr().err
    assert main(["render", str(tmp_path / "missing"), NT, "--out", out]) == 2
    assert main(["render", str(project_path), NT, "--out", str(tmp_path / "no" / "dir" / "x.png")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_unknown_property_values_are_warned_about(project_path, tmp_path, capsys, qapp):
    out = str(tmp_path / "w.png")
    assert main(["render", str(project_path), NT, "--out", out, "--values", '{"nope": 1}']) == 0
    assert "no properties nope" in capsys.readouterr().err


def test_a_values_file_is_read_within_the_bound_and_never_waited_for(project_path, tmp_path, capsys, qapp):
    import os
    import threading

    from nodetype_studio.boundedio import MAX_FILE_BYTES

    out = str(tmp_path / "x.png")
    large = tmp_path / "large.json"
    with open(large, "wb") as stream:  # sparse
        stream.truncate(MAX_FILE_BYTES + 1)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    cases = [
        (large, f"cannot read {large}: the file is larger than 8 MB"),
        (deep, "--values is nested too deeply"),
        (pipe, f"cannot read {pipe}: it is not a regular file"),
    ]
    for path, message in cases:
        codes = []
        worker = threading.Thread(target=lambda p=path: codes.append(
            main(["render", str(project_path), NT, "--out", out, "--values", f"@{p}"])), daemon=True)
        worker.start()
        worker.join(30)
        if worker.is_alive():
            os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))  # a writer, so that the thread ends
            worker.join(30)
            raise AssertionError(f"--values @{path.name} waited for a writer")
        assert codes == [1], path.name
        assert message in capsys.readouterr().err, path.name
    assert main(["render", str(project_path), NT, "--out", out, "--values", "[" * 100_000]) == 1  # inline, too
    assert "--values is nested too deeply" in capsys.readouterr().err
