"""The JavaScript installed once into every ClientEval V8 context.

It freezes every reachable built-in object and the global object (so an expression cannot
redefine `JSON`, `Array.prototype.map` or a global that a later expression relies on), then
exposes a small runner reachable only with a per-context secret (so an expression cannot call
the runner itself). Results travel as one JSON text per batch: one fragment per expression,
``{"k": kind, "v"/"u"/"n"/"i"/"m": ...}`` with kind ``ok``, ``syntax``, ``exception`` or
``unsupported``.
"""

RUNTIME_JS = r"""
(function install(secret) {
  'use strict';
  const G = globalThis;
  const parse = JSON.parse, stringify = JSON.stringify, FunctionCtor = Function, StringCtor = String;
  const freeze = Object.freeze, isFrozen = Object.isFrozen, getProto = Object.getPrototypeOf, ownKeys = Reflect.ownKeys;
  const getDesc = Object.getOwnPropertyDescriptor, defineProperty = Object.defineProperty;
  const isFinite = Number.isFinite;
  const PARAMS = 'node,parentNode';

  // `lockdown` also follows prototypes and skips nothing; per batch, the JSON-parsed node only
  // has the (already frozen) plain prototypes, so frozen objects need no second visit.
  function deepFreeze(root, lockdown) {
    const stack = [root];
    const seen = new Set();
    while (stack.length) {
      const o = stack.pop();
      if (o === null || (typeof o !== 'object' && typeof o !== 'function') || seen.has(o)) continue;
      if (!lockdown && isFrozen(o)) continue;
      seen.add(o);
      try { freeze(o); } catch (e) { /* typed arrays with elements cannot be frozen */ }
      if (lockdown) stack.push(getProto(o));
      for (const key of ownKeys(o)) {
        const d = getDesc(o, key);
        if (!d) continue;
        if ('value' in d) stack.push(d.value); else { stack.push(d.get); stack.push(d.set); }
      }
    }
  }

  function describe(error) {
    try {
      if (error !== null && typeof error === 'object' && typeof error.name === 'string'
          && typeof error.message === 'string') {
        return error.name + ': ' + error.message;
      }
      return 'threw ' + StringCtor(error);
    } catch (e) {
      return 'threw a value that cannot be shown';
    }
  }

  // V8 compiles the body as `return <expression>\n}`, so a truncated expression is reported at
  // that closing brace; say what the author can act on instead.
  function syntaxMessage(expression, error) {
    const text = describe(error);
    if (text === "SyntaxError: Unexpected token '}'" && expression.indexOf('}') < 0) {
      return 'SyntaxError: Unexpected end of the expression';
    }
    return text;
  }

  function fragment(kind, key, value) {
    return '{"k":"' + kind + '","' + key + '":' + stringify(value) + '}';
  }

  // A result nested deeper than this is refused in the engine: the studio reads results with a
  // recursive JSON decoder, and no configuration value of the CMS is nested this deep.
  const MAX_RESULT_DEPTH = 100;

  function tooDeep(root) {
    const stack = [root, 0];
    const seen = new Set();
    while (stack.length) {
      const depth = stack.pop(), o = stack.pop();
      if (o === null || typeof o !== 'object' || seen.has(o)) continue;
      if (depth >= MAX_RESULT_DEPTH) return true;
      seen.add(o);
      for (const key of ownKeys(o)) {
        const d = getDesc(o, key);
        if (d && 'value' in d) { stack.push(d.value); stack.push(depth + 1); }
      }
    }
    return false;
  }

  function encode(value) {
    const type = typeof value;
    if (value !== null && type === 'object' && tooDeep(value)) {
      return fragment('unsupported', 'm', 'the result is nested deeper than ' + MAX_RESULT_DEPTH + ' levels');
    }
    if (type === 'undefined') return '{"k":"ok","u":1}';
    if (type === 'function') return fragment('unsupported', 'm', 'the expression returned a function, not a value');
    if (type === 'symbol') return fragment('unsupported', 'm', 'the expression returned a symbol, not a value');
    if (type === 'bigint') return fragment('ok', 'i', StringCtor(value));
    if (type === 'number' && !isFinite(value)) return fragment('ok', 'n', StringCtor(value));
    const text = stringify(value);
    if (text === undefined) return '{"k":"ok","u":1}';
    return '{"k":"ok","v":' + text + '}';
  }

  // RegExp.$1, lastMatch, input... are per-context state: a trivial match clears what the previous
  // expression (maybe for another node) matched, so no text travels from one evaluation to the next.
  const regexpExec = RegExp.prototype.exec, blankRegExp = /(?:)/;

  function runOne(expression, node, parentNode) {
    regexpExec.call(blankRegExp, '');
    let fn;
    try {
      fn = new FunctionCtor(PARAMS, 'return ' + expression);
    } catch (e) {
      return fragment('syntax', 'm', syntaxMessage(expression, e));
    }
    let value;
    try {
      value = fn(node, parentNode);
    } catch (e) {
      return fragment('exception', 'm', describe(e));
    }
    try {
      return encode(value);
    } catch (e) {
      return fragment('unsupported', 'm', 'the result cannot be converted to a value (' + describe(e) + ')');
    }
  }

  let done = [];

  function run(key, payloadText, start, end) {
    if (key !== secret) throw new Error('not allowed');
    done = [];
    const payload = parse(payloadText);
    const node = payload.node === undefined ? null : payload.node;
    const parentNode = payload.parent === undefined ? null : payload.parent;
    // The browser hands expressions an immer-frozen node; freezing also keeps one expression
    // from changing what the next one sees.
    deepFreeze(node);
    deepFreeze(parentNode);
    const expressions = payload.exprs;
    const stop = Math.min(end, expressions.length);
    for (let i = start; i < stop; i++) {
      done[done.length] = runOne(expressions[i], node, parentNode);
    }
    return '[' + done.join(',') + ']';
  }

  function progress(key) {
    if (key !== secret) throw new Error('not allowed');
    return '[' + done.join(',') + ']';
  }

  function check(key, expressionsText) {
    if (key !== secret) throw new Error('not allowed');
    const expressions = parse(expressionsText);
    const out = [];
    for (let i = 0; i < expressions.length; i++) {
      try {
        new FunctionCtor(PARAMS, 'return ' + expressions[i]);
        out[out.length] = null;
      } catch (e) {
        out[out.length] = syntaxMessage(expressions[i], e);
      }
    }
    return stringify(out);
  }

  defineProperty(G, '__nts', {value: freeze({run, progress, check}), writable: false, enumerable: false, configurable: false});

  // Intrinsics that are not reachable from a global by name.
  const hidden = [
    getProto(function* () {}), getProto(async function () {}), getProto(async function* () {}),
    getProto([][Symbol.iterator]()), getProto(new Map()[Symbol.iterator]()), getProto(new Set()[Symbol.iterator]()),
    getProto(''[Symbol.iterator]()), getProto('a'.matchAll(/a/g)), getProto(Int8Array),
    getDesc(function () { 'use strict'; return arguments; }(), 'callee').get,
  ];
  // Prototypes of newer built-ins that only an instance leads to: iterator helpers, the
  // Iterator.from wrapper, Intl.Segmenter's segments and their iterator (where this V8 has them).
  const maybe = [
    () => getProto([].values().map((x) => x)),
    () => getProto(G.Iterator.from({next() { return {done: true}; }})),
    () => getProto(new Intl.Segmenter().segment('a')),
    () => getProto(new Intl.Segmenter().segment('a')[Symbol.iterator]()),
    () => getProto(new Intl.Segmenter().segment('a').containing(0)),
  ];
  for (const get of maybe) {
    try { hidden.push(get()); } catch (e) { /* not in this V8 */ }
  }
  for (const o of hidden) deepFreeze(o, true);
  deepFreeze(G, true);
  return true;
})
"""
