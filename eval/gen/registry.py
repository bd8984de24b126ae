"""Template registry and shared helpers."""
from doc import L

TEMPLATES = []  # (shape, tid, negative, langs, fn)


def template(shape, tid, negative=False, langs=None):
    def deco(fn):
        TEMPLATES.append((shape, tid, negative, frozenset(langs) if langs else None, fn))
        return fn
    return deco


def P(c, p, cased=True):
    v = L(p.full, "person")
    return c.cs(v) if cased else v


def PG(c, p):
    return L(p.given, "person")


def PF(c, p):
    return L(p.family, "person")


def EM(p):
    return L(p.email, "email")


def PH(p, mobile=False):
    return L(p.mobile if mobile else p.phone, "phone")


def dob(c, p):
    d = p.dob_date
    lang, loc = c.lang, c.loc
    r = c.rng.random()
    if r < 0.3:
        s = d.isoformat()
    elif loc in ("en_US", "en_PH") or (loc == "en_CA" and r < 0.6):
        s = "%02d/%02d/%04d" % (d.month, d.day, d.year)
    elif lang in ("de", "pl") or loc in ("de_AT", "de_CH", "fi_FI", "cs_CZ", "sk_SK", "ro_RO", "tr_TR", "et_EE", "lv_LV", "bg_BG", "uk_UA", "da_DK", "no_NO", "hr_HR", "sl_SI"):
        s = "%02d.%02d.%04d" % (d.day, d.month, d.year)
    elif loc in ("hu_HU", "lt_LT", "sv_SE", "ja_JP", "zh_CN", "ko_KR"):
        s = "%04d.%02d.%02d" % (d.year, d.month, d.day) if loc == "hu_HU" else "%04d-%02d-%02d" % (d.year, d.month, d.day)
    elif lang == "nl":
        s = "%02d-%02d-%04d" % (d.day, d.month, d.year)
    else:
        s = "%02d/%02d/%04d" % (d.day, d.month, d.year)
    return L(s, "date_of_birth")


def ids(c):
    v, nat, en, kind = c.national_id()
    return L(v, kind), (nat if c.lang != "en" or c.loc == "en_US" else en), en


def join_lines(lines, sep="\n", prefix=""):
    out = []
    for i, ln in enumerate(lines):
        if i:
            out.append(sep)
        out.append(prefix)
        out.extend(ln)
    return out
