"""``php.values.to_bool`` against PHP's own ``(bool)`` (the `php` command line): how the server reads
`constraints.nodeTypes['*']`, the reload flags and an editor left empty."""

from __future__ import annotations

import json

from nodetype_studio.php.values import to_bool
from tests.php.conftest import run_php_script

VALUES = [None, False, True, 0, 1, -1, 0.0, -0.0, 0.5, "", "0", "0.0", "00", " ", "false", "no", "null",
          [], {}, [0], [None], {"a": None}, {"0": False}]

_SCRIPT = r"""
$values = json_decode(stream_get_contents(STDIN), true);
echo json_encode(array_map(fn($v) => (bool) $v, $values));
"""


def test_truthy_is_phps_bool_cast():
    values = json.loads(json.dumps(VALUES))  # as PHP gets them: JSON's null, numbers, strings, arrays
    assert [to_bool(v) for v in values] == run_php_script(_SCRIPT, values)
