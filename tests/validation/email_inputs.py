"""Generated e-mail addresses that exercise every context of isemail's reader (seeded, reproducible)."""

from __future__ import annotations

import random

PIECES = [
    "a", "b", "Z", "0", "9", "é", "ß", "😀", "\u200b", "\u00a0", "\u3000", "\ufeff", "\u0301", "e\u0301",
    "\ud83d", "\ude00", " ", "\t", "\r\n", "\r", "\n", "\x00", "\x01", "\x1f", "\x7f", "\x85", "\x9f",
    '"', "\\", "(", ")", ".", "..", "@", "[", "]", ":", "::", ";", ",", "<", ">", "-", "_", "+", "=",
    "!", "#", "$", "%", "&", "'", "*", "/", "?", "^", "`", "{", "|", "}", "~", "xn--", "IPv6:", "ipv6:",
    "1.2.3.4", "255.255.255.255", "256.1.1.1", "::1", "ffff", "g", "a" * 30, "é" * 17, "٠١", "。", "．",
]
DOMAIN_PIECES = ["example", "com", "de", ".", "-", "a-b", "ab--c", "xn--a", "😀", "٠١", "123", "b" * 62,
                 "b" * 64, "ü" * 20, "localhost", "_", "[", "]", "IPv6:", "::", ":", "1.2.3.4", "a" * 70]
TEMPLATES = [
    '"{0}"@example.com', "{0}@example.com", "a@{1}", "{0}@{1}", "a@[{0}]", "a@[IPv6:{0}]", "({0})a@b.com",
    "a(comment{0})@b.com", '"a"{0}@b.com', "a.{0}.b@c.de", "a@b.{1}", "{0}@[IPv6:{1}]",
]


def _mix(rng: random.Random, pieces: list[str], most: int) -> str:
    return "".join(rng.choice(pieces) for _ in range(rng.randint(0, most)))


def generated_addresses(count: int, seed: int = 18) -> list[str]:
    rng = random.Random(seed)
    out = []
    for n in range(count):
        if n % 3 == 0:
            out.append(_mix(rng, PIECES + DOMAIN_PIECES, 9))
        else:
            template = rng.choice(TEMPLATES)
            out.append(template.format(_mix(rng, PIECES, 5), _mix(rng, DOMAIN_PIECES + PIECES[:20], 5)))
    ipv6 = ["1:2:3:4:5:6:7:8", "1::2:3:4:5:6:7", "::2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "1::8", "::", ":1::2",
            "1::2:", "1:2:3:4:5:6:1.2.3.4", "1::1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4", "1::2::3", "12345::1", "g::1"]
    out += [f"a@[IPv6:{x}]" for x in ipv6] + [f"a@[ipv6:{x}]" for x in ipv6]
    return out
