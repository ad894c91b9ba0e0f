"""PHP's time zone abbreviations (timelib's timezonemap, as PHP 8.2 reads them, e.g. `date_parse('10:00 cet')`):
the offset from UTC in seconds of the first entry for each, which is the one a date string's abbreviation takes
(`10:00 CET`, `10:00 EST`, the military letters `A`..`Z` without `J`)."""

OFFSETS: dict[str, int] = {
    "a": 3600, "acdt": 37800, "acst": 34200, "addt": -7200, "adt": -10800, "aedt": 39600, "aest": 36000,
    "ahdt": -32400, "ahst": -36000, "akdt": -28800, "akst": -32400, "amt": -13840, "apt": -10800, "ast": -14400,
    "awdt": 32400, "awst": 28800, "awt": -10800, "b": 7200, "bdst": 7200, "bdt": -36000, "bmt": -14309, "bst": 3600,
    "c": 10800, "cast": 34200, "cat": 7200, "cddt": -14400, "cdt": -18000, "cemt": 10800, "cest": 7200, "cet": 3600,
    "chst": 36000, "cmt": -15408, "cpt": -18000, "cst": -21600, "cwt": -18000, "d": 14400, "dmt": -1521, "e": 18000,
    "eat": 10800, "eddt": -10800, "edt": -14400, "eest": 10800, "eet": 7200, "emt": -26248, "ept": -14400,
    "est": -18000, "ewt": -14400, "f": 21600, "ffmt": -14660, "fmt": -4056, "g": 25200, "gdt": 39600, "gmt": 0,
    "gst": 36000, "h": 28800, "hdt": -34200, "hkst": 32400, "hkt": 28800, "hmt": -19776, "hpt": -34200,
    "hst": -36000, "hwt": -34200, "i": 32400, "iddt": 14400, "idt": 10800, "imt": 25025, "ist": 7200, "jdt": 36000,
    "jmt": 8440, "jst": 32400, "k": 36000, "kdt": 36000, "kmt": 5736, "kst": 30600, "l": 39600, "lst": 9394,
    "m": 43200, "mddt": -18000, "mdst": 16279, "mdt": -21600, "mest": 7200, "met": 3600, "mmt": 9017, "mpt": -21600,
    "msd": 14400, "msk": 10800, "mst": -25200, "mwt": -21600, "n": -3600, "nddt": -5400, "ndt": -9052, "npt": -9000,
    "nst": -12600, "nwt": -9000, "nzdt": 46800, "nzmt": 41400, "nzst": 43200, "o": -7200, "p": -10800,
    "pddt": -21600, "pdt": -25200, "pkst": 21600, "pkt": 18000, "plmt": 25590, "pmt": -13236, "ppmt": -17340,
    "ppt": -25200, "pst": -28800, "pwt": -25200, "q": -14400, "qmt": -18840, "r": -18000, "rmt": 5794, "s": -21600,
    "sast": 7200, "sdmt": -16800, "sjmt": -20173, "smt": -13884, "sst": -39600, "t": -25200, "tbmt": 10751,
    "tmt": 12344, "u": -28800, "uct": 0, "utc": 0, "v": -32400, "w": -36000, "wast": 7200, "wat": 3600,
    "wemt": 7200, "west": 3600, "wet": 0, "wib": 25200, "wit": 32400, "wita": 28800, "wmt": 5040, "x": -39600,
    "y": -43200, "yddt": -25200, "ydt": -28800, "ypt": -28800, "yst": -32400, "ywt": -28800, "z": 0,
}
