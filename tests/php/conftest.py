"""The `php` command line (PHP from the distribution's packages) as the reference for nodetype_studio.php."""

import json
import shutil
import subprocess

import pytest

PHP = shutil.which("php")

# Reads a JSON request on stdin and answers with JSON: every PHP answer the tests compare with.
_SCRIPT = r"""
date_default_timezone_set('UTC');
$req = json_decode(stream_get_contents(STDIN), true);
$out = ['relative' => [], 'formats' => []];
foreach ($req['relative'] as $text) {
    $t = @strtotime($text, $req['now']);
    $out['relative'][] = $t === false ? null : $t;
}
foreach ($req['formats'] as [$format, $timestamp, $zone]) {
    $d = new DateTime('@' . $timestamp);
    $d->setTimezone(new DateTimeZone($zone));
    $out['formats'][] = $d->format($format);
}
echo json_encode($out);
"""


def run_php(request: dict) -> dict:
    if PHP is None:
        pytest.skip("PHP is not installed (apt-get install php-cli); .ci/run installs it")
    result = subprocess.run([PHP, "-r", _SCRIPT], input=json.dumps(request), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def run_php_script(script: str, request):
    """Run ``script`` (PHP code without ``<?php``) with ``request`` as JSON on stdin; its JSON answer."""
    if PHP is None:
        pytest.skip("PHP is not installed (apt-get install php-cli); .ci/run installs it")
    result = subprocess.run([PHP, "-r", script], input=json.dumps(request), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr + result.stdout
    return json.loads(result.stdout)
