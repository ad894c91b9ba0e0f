"""Regular-expression questions answered by the browser's own engine (the shared V8 of ``jsengine``)."""

from __future__ import annotations

from nodetype_studio.js import engine as jsengine

_SETUP = """
var __jsregexSyntax = function (body, flags) {
  try { new RegExp(body, flags); return null; } catch (e) { return String(e.message); }
};
var __jsregexMatch = function (body, flags, subject) {
  var re = new RegExp(body, flags);
  re.test('');  // V8 interprets a new pattern once, then compiles it: the browser, having run the
  re.lastIndex = 0;  // validator on every earlier keystroke, matches with the compiled code
  return subject.match(re) !== null;
};
"""


def _call(function: str, *args, timeout: float):
    jsengine.install("jsregex", _SETUP)
    return jsengine.call(function, *args, timeout=timeout)


def syntax_error(body: str, flags: str) -> str | None:
    """The SyntaxError message of `new RegExp(body, flags)`, or None when it compiles. Raises JsEngineError."""
    return _call("__jsregexSyntax", body, flags, timeout=jsengine.DEFAULT_TIMEOUT)


def finds_match(body: str, flags: str, subject: str, timeout: float) -> bool:
    """`subject.match(new RegExp(body, flags)) !== null`. Raises JsEngineError (EngineTimeout when slow)."""
    return bool(_call("__jsregexMatch", body, flags, subject, timeout=timeout))
