"""JavaScript regular expressions as the browser reads them (Qt-free), shared by the validators and the checker.

    split_option(option) -> (body, flags | None) | None   # the CMS's split of `/body/flags`
    compile_error(body, flags) -> str | None              # what `new RegExp(body, flags)` throws (V8, else the parser)
    newer_syntax(body) -> tuple[str, ...]                 # ECMAScript 2025 constructs older browsers reject
    regex_literal(body, flags) -> str                     # `new RegExp(...).toString()`, as messages show it
    JsRegex.compile(body, flags).finds_match(subject)     # `subject.match(re) !== null`, bounded in time
    with budget(seconds): ...                             # the time bound (default BROWSER_BUDGET)

Modules: ``option`` (split, flags, literal, compile check), ``parse`` (the JavaScript pattern grammar),
``translate`` (JsRegex: translation to the ``regex`` module, V8 fallback), ``browser`` (the questions
put to the app's shared V8, ``nodetype_studio.js.engine``).
"""

from typing import TYPE_CHECKING

from nodetype_studio.js.regex.limits import (
    BROWSER_BUDGET,
    DEFAULT_TIMEOUT,
    INTERACTIVE_BUDGET,
    CannotEvaluate,
    RegexTimeout,
    budget,
    current_budget,
)
from nodetype_studio.lazyexports import lazy_exports

if TYPE_CHECKING:
    from nodetype_studio.js.regex.option import check_flags, compile_error, regex_literal, split_option
    from nodetype_studio.js.regex.parse import JsRegexSyntaxError, Untranslatable, newer_syntax
    from nodetype_studio.js.regex.translate import JsRegex

# The grammar, the translator and the V8 questions take a while to import: they are imported with the
# first of their names used (the time bound and the errors above are needed earlier, e.g. by the
# validation engine on the way to the first preview).
_LAZY = {
    "check_flags": "option", "compile_error": "option", "regex_literal": "option", "split_option": "option",
    "JsRegexSyntaxError": "parse", "Untranslatable": "parse", "newer_syntax": "parse", "JsRegex": "translate",
}


__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = [
    "BROWSER_BUDGET", "DEFAULT_TIMEOUT", "INTERACTIVE_BUDGET", "CannotEvaluate", "JsRegex", "JsRegexSyntaxError", "RegexTimeout", "Untranslatable",
    "budget", "check_flags", "compile_error", "current_budget", "newer_syntax", "regex_literal", "split_option",
]
