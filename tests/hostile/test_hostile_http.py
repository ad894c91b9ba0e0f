"""HTTP data sources against misbehaving servers on 127.0.0.1: secrets, bounds, deadlines."""

from __future__ import annotations

import json
import threading

import pytest

from nodetype_studio.datasources.result import excerpt, http_failure
from nodetype_studio.datasources.settings import MAX_TIMEOUT, load_settings
from tests.datasources.helpers import Answer
from tests.ui.datasource_helpers import wait_answer

PRODUCT = "Acme.Sources:Content.Product"
SECRETS = {"Cookie": "Neos_Session=secret-session", "Authorization": "Bearer secret-token"}
OPTIONS = json.dumps([{"value": "a", "label": "A"}])


def _point_tags_at(project_root, url: str) -> None:
    shop = project_root / "NodeTypes" / "Shop.yaml"
    shop.write_text(shop.read_text(encoding="utf-8").replace("'/options/tags'", f"'{url}/options/tags'"),
                    encoding="utf-8")


def test_configured_headers_go_to_the_backend_origin_only(qtbot, server, open_inspector, project_root, services):
    backend = server({"/options/colours": Answer(OPTIONS)})
    other = server({"/options/tags": Answer(OPTIONS)})  # another port: another origin
    _point_tags_at(project_root, other.url)
    service = services(project_root, base_url=backend.url, headers=tuple(SECRETS.items()))
    inspector = open_inspector(project_root, PRODUCT, service)
    wait_answer(qtbot, inspector.editor("colour"))
    wait_answer(qtbot, inspector.editor("tags"))
    sent_home = backend.requests_to("/options/colours")[0].headers
    sent_away = other.requests_to("/options/tags")[0].headers
    assert sent_home.get("Cookie") == SECRETS["Cookie"] and sent_home.get("Authorization") == SECRETS["Authorization"]
    assert "Cookie" not in sent_away and "Authorization" not in sent_away


def test_a_redirect_does_not_carry_the_headers_to_another_origin(qtbot, server, open_inspector, project_root,
                                                                 services):
    other = server({"/stolen": Answer(OPTIONS)})
    backend = server({"/options/colours": Answer("", 302, headers={"Location": f"{other.url}/stolen"})})
    service = services(project_root, base_url=backend.url, headers=tuple(SECRETS.items()))
    inspector = open_inspector(project_root, PRODUCT, service)
    wait_answer(qtbot, inspector.editor("colour"))
    assert all("Cookie" not in r.headers for r in other.requests_to("/stolen"))


def test_a_refused_redirect_to_another_origin_is_named_as_such(qtbot, server, open_inspector, project_root,
                                                               services):
    other = server({"/stolen": Answer(OPTIONS)})
    backend = server({"/options/colours": Answer("", 307, headers={"Location": "/hop"}),
                      "/hop": Answer("", 302, headers={"Location": f"{other.url}/stolen"})})
    service = services(project_root, base_url=backend.url, headers=tuple(SECRETS.items()))
    inspector = open_inspector(project_root, PRODUCT, service)
    result = wait_answer(qtbot, inspector.editor("colour"))
    assert not result.ok and not other.requests_to("/stolen")
    shown = inspector.editor("colour").data_source_error()
    assert shown.startswith("Redirected to another origin (refused)")  # http to http: nothing about https
    assert "https" not in shown and "backend.headers" in shown


def _finishes(function, *args, limit_s: float = 20.0):
    """Whether ``function(*args)`` returns within a generous deadline (the old quadratic code took minutes)."""
    done = threading.Event()
    threading.Thread(target=lambda: (function(*args), done.set()), daemon=True).start()
    return done.wait(limit_s)


@pytest.mark.parametrize("body", ["<script" * 150_000, "<" * 1_000_000, "<style>" + "<style" * 150_000])
def test_error_excerpts_are_linear_and_bounded(body):
    assert _finishes(excerpt, body)
    assert _finishes(http_failure, 500, "Error", body.encode(), None)
    assert len(excerpt(body)) <= 300


def test_error_excerpts_still_read_html_pages():
    page = "<html><head><style>p {color: red}</style><script>var x = '<b>';</script></head>" \
           "<body><h1>Not found</h1><p>No such data source</p></body></html>"
    assert excerpt(page) == "Not found No such data source"


def test_answers_are_decoded_off_the_gui_thread(qtbot, server, open_inspector, project_root, services, monkeypatch):
    import nodetype_studio.ui.datasource_loader as loader

    threads = []
    real = loader.from_body

    def recording(body, source):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(body, source)

    monkeypatch.setattr(loader, "from_body", recording)
    backend = server({"/options/colours": Answer(OPTIONS)})
    service = services(project_root, base_url=backend.url)
    inspector = open_inspector(project_root, PRODUCT, service)
    result = wait_answer(qtbot, inspector.editor("colour"))
    assert result.ok
    assert threads and not any(threads)


@pytest.mark.parametrize("value", [".inf", "2147484", "1e300", ".nan", "-1"])
def test_timeouts_beyond_what_a_timer_holds_are_refused(tmp_path, value):
    (tmp_path / ".nodetype-studio").mkdir()
    (tmp_path / ".nodetype-studio" / "settings.yaml").write_text(f"backend:\n  timeout: {value}\n")
    settings = load_settings(tmp_path, environ={})
    assert settings.timeout == 10.0
    assert any(f"at most {MAX_TIMEOUT:g}" in p for p in settings.problems)


def test_a_body_without_length_stops_at_the_cap(qtbot, server, open_inspector, project_root, services):
    big = json.dumps([{"value": str(i), "label": "x" * 50} for i in range(20_000)])  # ~1.3 MB, chunked
    srv = server({"/options/colours": Answer(big, chunked=True)})
    service = services(project_root, base_url=srv.url, max_response_bytes=4096)
    inspector = open_inspector(project_root, PRODUCT, service)
    result = wait_answer(qtbot, inspector.editor("colour"))
    assert not result.ok
    assert result.size == 4097  # the cap and the one byte that tells it is too large, nothing more
    assert inspector.editor("colour").data_source_error().endswith("aborted after 4.00098 KB")  # 4,097 bytes


def test_render_waits_for_data_sources(qtbot, server, project_root):
    from nodetype_studio.model import load_project
    from nodetype_studio.preview.inspector import InspectorSource
    from nodetype_studio.ui.inspector import InspectorWidget
    from nodetype_studio.ui.render import render_pixmap

    srv = server({"/options/colours": Answer(OPTIONS, delay=0.5)})
    (project_root / ".nodetype-studio").mkdir(exist_ok=True)
    (project_root / ".nodetype-studio" / "settings.yaml").write_text(f"backend:\n  baseUrl: '{srv.url}'\n  timeout: 5\n")
    project = load_project(project_root, use_cache=False)
    widget = InspectorWidget()
    qtbot.addWidget(widget)
    render_pixmap(InspectorSource.from_model(project.node_type(PRODUCT), project), inspector=widget)
    colour = widget.editor("colour")
    assert not colour.is_loading()
    assert [text for _kind, text in colour.display_rows()] == ["A"]
