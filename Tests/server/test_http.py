"""Static files, /healthz, /metrics and the HTTP-level defences of `segue serve`."""

import pytest
import requests

from conftest import APP_JS, INDEX_HTML, SECRET, raw_http, status_of

METRIC_NAMES = [
    "segue_sessions",
    "segue_connections_total",
    "segue_frames_sent_total",
    "segue_frames_waited_total",
    "segue_bytes_sent_total",
    "segue_input_messages_total",
    "segue_bad_messages_total",
    'segue_frame_build_seconds_bucket{le="+Inf"}',
    "segue_frame_build_seconds_sum",
    "segue_frame_build_seconds_count",
]


def get(server, path: str) -> bytes:
    return raw_http(server.port, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                 f"Connection: close\r\n\r\n".encode())


def test_root_serves_index_html_as_html(server):
    response = requests.get(f"{server.base_url}/", timeout=5)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.text == INDEX_HTML


@pytest.mark.parametrize("name", ["app.js", "module.mjs"])
def test_scripts_are_served_as_javascript_for_es_modules(server, name):
    response = requests.get(f"{server.base_url}/{name}", timeout=5)
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == "text/javascript"
    assert response.text == APP_JS


def test_missing_file_is_404(server):
    assert requests.get(f"{server.base_url}/nope.html", timeout=5).status_code == 404


def test_healthz_answers_ok(server):
    response = requests.get(f"{server.base_url}/healthz", timeout=5)
    assert response.status_code == 200
    assert response.text == "ok"


def test_metrics_lists_every_family_in_prometheus_text_format(server):
    response = requests.get(f"{server.base_url}/metrics", timeout=5)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=0.0.4")
    assert "# TYPE segue_sessions gauge" in response.text
    assert "# TYPE segue_frame_build_seconds histogram" in response.text
    samples = server.metrics()
    for name in METRIC_NAMES:
        assert name in samples, name
    assert samples["segue_sessions"] == 0
    assert samples["segue_connections_total"] == 0
    buckets = [value for name, value in samples.items()
               if name.startswith("segue_frame_build_seconds_bucket")]
    assert len(buckets) >= 8
    assert buckets == sorted(buckets), "histogram buckets must be cumulative"


@pytest.mark.parametrize("path", [
    "/../secret",
    "/%2e%2e/secret",
    "/..%2fsecret",
    "/%2e%2e%2fsecret",
    "/./../secret",
    "//../secret",
    "/app.js/../../secret",
])
def test_paths_never_leave_the_public_directory(server, path):
    response = get(server, path)
    assert SECRET.encode() not in response
    assert status_of(response) == 404
    assert requests.get(f"{server.base_url}/", timeout=5).status_code == 200


def test_h2c_upgrade_is_refused(server):
    response = raw_http(server.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                     b"Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                                     b"HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n")
    assert status_of(response) != 101
    assert b"Switching Protocols" not in response
    assert requests.get(f"{server.base_url}/healthz", timeout=5).text == "ok"


def test_unknown_upgrade_is_refused(server):
    response = raw_http(server.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                     b"Connection: Upgrade\r\nUpgrade: spdy/3\r\n\r\n")
    assert status_of(response) in (None, 403)
    assert b"Switching Protocols" not in response
    assert requests.get(f"{server.base_url}/healthz", timeout=5).text == "ok"


@pytest.mark.parametrize("length", [
    "-1", "-9223372036854775808", "99999999999999999999", "1e3", "+5", "10485760",
])
def test_negative_or_absurd_content_length_is_refused(server, length):
    response = raw_http(server.port, f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                     f"Content-Length: {length}\r\n\r\n".encode())
    assert status_of(response) == 400
    assert INDEX_HTML.encode() not in response
    assert requests.get(f"{server.base_url}/healthz", timeout=5).text == "ok"


def test_methods_other_than_get_are_refused(server):
    response = raw_http(server.port, b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                     b"Content-Length: 3\r\n\r\nabc")
    assert status_of(response) == 405


@pytest.mark.parametrize("length, status", [(254, 101), (255, 400), (600, 400)])
def test_an_extensions_header_lws_cannot_hold_is_answered_400_not_dropped(server, length, status):
    """lws 4.1.6 hangs up without a word on a Sec-WebSocket-Extensions of 255 bytes or more (Autobahn
    13.7.x); the server answers those 400 first, and counts them."""
    extensions = ("x-segue-test; a=" + "b" * length)[:length]
    response = raw_http(server.port, (
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        f"Sec-WebSocket-Extensions: {extensions}\r\n\r\n").encode(), timeout=2)
    assert status_of(response) == status
    if status == 400:
        assert server.metrics()['segue_refused_handshakes_total{reason="bad_request"}'] == 1
