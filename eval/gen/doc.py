"""Document builder with exact span bookkeeping, encoding and validation."""
import re

ROLE = {
    # pii
    "person": "pii", "email": "pii", "phone": "pii", "street_address": "pii", "postcode": "pii",
    "card_number": "pii", "bank_account": "pii", "ssn": "pii", "id_number": "pii", "api_key": "pii",
    "ip_address": "pii", "hostname": "pii", "url": "pii",
    # neutral
    "city": "neutral", "region": "neutral", "country": "neutral", "company": "neutral",
    "date_of_birth": "neutral", "job_title": "neutral", "username": "neutral",
    # a public service endpoint: not personal, but the service replaces every link
    "public_url": "neutral",
    # a bind-all or loopback address: not identifying, and harmless to replace
    "ip_unspecified": "neutral",
}
TRAP_KINDS = {
    "order_id", "invoice_id", "version", "date", "time", "amount", "product", "month_abbrev", "word_name",
    "tracking_id", "sku", "hash", "uuid", "quantity", "measurement", "phone_lookalike", "public_org",
    "place_word", "licence_plate", "ticket_id", "build_id",
}


def role_of(kind):
    if kind in ROLE:
        return ROLE[kind]
    if kind in TRAP_KINDS:
        return "trap"
    raise ValueError("unknown kind %r" % kind)


class L:
    """A labelled value. `text` is inserted verbatim and covered by one span."""
    __slots__ = ("text", "kind", "role")

    def __init__(self, text, kind, role=None):
        self.text = str(text).strip()
        self.kind = kind
        self.role = role or role_of(kind)

    def __str__(self):  # only for debugging; never use to build text
        return self.text

    def __repr__(self):
        return "L(%r,%s)" % (self.text, self.kind)


def plain(v):
    """Plain text of a piece tree (str | L | list)."""
    if v is None:
        return ""
    if isinstance(v, str):
        return v
    if isinstance(v, L):
        return v.text
    return "".join(plain(x) for x in v)


def has_label(v, roles=("pii",)):
    if isinstance(v, L):
        return v.role in roles
    if isinstance(v, (list, tuple)):
        return any(has_label(x, roles) for x in v)
    return False


def map_text(v, fn):
    """Apply a text transform (e.g. upper()) to every piece, keeping labels."""
    if v is None:
        return None
    if isinstance(v, str):
        return fn(v)
    if isinstance(v, L):
        return L(fn(v.text), v.kind, v.role)
    return [map_text(x, fn) for x in v]


_PH = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


class Doc:
    def __init__(self):
        self.buf = []
        self.pos = 0
        self.spans = []

    def t(self, s):
        if s:
            self.buf.append(s)
            self.pos += len(s)
        return self

    def add(self, v):
        """Append a piece tree: str, L, list/tuple of pieces, or None."""
        if v is None:
            return self
        if isinstance(v, str):
            return self.t(v)
        if isinstance(v, L):
            if not v.text:
                return self
            if v.text != v.text.strip():
                raise ValueError("labelled value has outer whitespace: %r" % v.text)
            self.spans.append([self.pos, self.pos + len(v.text), v.kind, v.role, v.text])
            return self.t(v.text)
        for x in v:
            self.add(x)
        return self

    def v(self, text, kind, role=None):
        return self.add(L(text, kind, role))

    def f(self, tpl, **kw):
        """Format a template: {name} placeholders are filled with piece trees."""
        i = 0
        for m in _PH.finditer(tpl):
            self.t(tpl[i:m.start()])
            key = m.group(1)
            if key not in kw:
                raise KeyError("template placeholder {%s} missing in %r" % (key, tpl[:60]))
            self.add(kw[key])
            i = m.end()
        self.t(tpl[i:])
        return self

    def text(self):
        return "".join(self.buf)


# ---------------------------------------------------------------- encoding
def _rot(c):
    o = ord(c)
    if 65 <= o <= 90:
        return chr((o - 65 + 13) % 26 + 65)
    if 97 <= o <= 122:
        return chr((o - 97 + 13) % 26 + 97)
    if 48 <= o <= 57:
        return chr((o - 48 + 5) % 10 + 48)
    return c


def rot(s):
    return "".join(_rot(c) for c in s)


SECRET_PATTERNS = [re.compile(p) for p in [
    r"AKIA[0-9A-Z]{16}", r"gh[pousr]_[A-Za-z0-9]{30,}", r"sk-[A-Za-z0-9_-]{20,}", r"xox[baprs]-",
    r"sk_live_", r"rk_live_", r"AIza[0-9A-Za-z_-]{30,}", r"-----BEGIN", r"glpat-",
    r"eyJ[A-Za-z0-9_-]{10,}\.eyJ",
]]


def scan_secrets(s):
    return [p.pattern for p in SECRET_PATTERNS if p.search(s)]


def finalize(doc, negative):
    """Return (encoded_text, spans, enc) after strict validation."""
    text = doc.text()
    spans = sorted(doc.spans, key=lambda s: (s[0], s[1]))
    prev_end = 0
    for st, en, kind, role, val in spans:
        if not (0 <= st < en <= len(text)):
            raise AssertionError("span out of range %r" % ((st, en, kind),))
        if st < prev_end:
            raise AssertionError("overlapping spans at %d (%s): %r" % (st, kind, text[max(0, st - 30):en + 10]))
        prev_end = en
        if text[st:en] != val:
            raise AssertionError("span text mismatch %r != %r" % (text[st:en], val))
        if text[st].isspace() or text[en - 1].isspace():
            raise AssertionError("span with outer whitespace %r" % val)
        if negative and role == "pii":
            raise AssertionError("pii span in negative doc: %s %r" % (kind, val))
    chars = list(text)
    enc = []
    for st, en, kind, role, val in spans:
        if kind == "api_key":
            chars[st:en] = rot(text[st:en])
            enc.append([st, en])
    out = "".join(chars)
    # decoding must restore the original
    chk = list(out)
    for st, en in enc:
        chk[st:en] = rot(out[st:en])
    if "".join(chk) != text:
        raise AssertionError("encoding is not an involution")
    hits = scan_secrets(out)
    if hits:
        raise AssertionError("secret-looking pattern in encoded output: %s" % hits)
    if negative:
        if re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", text):
            raise AssertionError("negative doc contains an email-like string")
        if re.search(r"https?://|www\.", text):
            raise AssertionError("negative doc contains a URL")
    js = [{"start": s[0], "end": s[1], "kind": s[2], "role": s[3]} for s in spans]
    return out, js, enc
