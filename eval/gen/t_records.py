"""Record-shaped documents: CSV (header / no header), TSV, JSON, YAML."""
import json

from doc import L, plain
import traps as T
from i18n import CSV_NATIVE, KEYS
from registry import template, P, PG, PF, EM, dob


# ------------------------------------------------------------------ record builders
# each returns list of (field_key, value) where value is a piece (L / str / list / dict for nested JSON)

def native_header(c, field):
    rng = c.rng
    if c.lang in CSV_NATIVE and c._hdr_native and field in CSV_NATIVE[c.lang]:
        return CSV_NATIVE[c.lang][field]
    if field in KEYS:
        return c._hdr_choice.setdefault(field, rng.choice(KEYS[field]))
    return field


def rec_customer(c, i, p=None):
    p = p or c.person()
    a = c.cs(p.addr) if False else p.addr
    up = c.upper_p and c.rng.random() < c.upper_p
    low = c.lower_p and c.rng.random() < c.lower_p
    fix = (lambda s: s.upper()) if up else (lambda s: s.lower()) if low else (lambda s: s)
    a = a.map(fix) if (up or low) else a
    r = [("id", str(10000 + i * 7 + c.rng.randint(0, 6))),
         ("first_name", L(fix(p.given), "person")), ("last_name", L(fix(p.family), "person")),
         ("email", L(p.email.upper() if up and c.rng.random() < 0.3 else p.email, "email")),
         ("phone", L(p.phone, "phone")),
         ("street", a.S()), ("postcode", a.P()), ("city", a.C()), ("country", a.N()),
         ("created", T.date(c.rng, "en", fmt=0))]
    return r


def rec_employee(c, i, dom):
    p = c.person()
    nid, nid_label, _ = _nid(c)
    return [("id", "E%05d" % (1000 + i * 3)), ("name", P(c, p)), ("job", L(p.job, "job_title")),
            ("email", L(c.work_email(p, dom), "email")), ("mobile", L(p.mobile, "phone")), ("dob", dob(c, p)),
            ("national_id", nid), ("iban", L(c.bank()[0], "bank_account")), ("created", T.date(c.rng, "en", fmt=0))]


def rec_order(c, i):
    p = c.person()
    a = p.addr
    return [("order", T.order_id(c.rng)), ("created", T.date(c.rng, c.lang)), ("name", P(c, p)),
            ("street", a.S()), ("postcode", a.P()), ("city", a.C()), ("country", a.N()), ("phone", L(p.phone, "phone")),
            ("product", T.product(c.rng)), ("qty", T.quantity(c.rng, "en") if c.rng.random() < 0.3 else L(str(c.rng.randint(1, 5)), "quantity")),
            ("amount", T.amount(c.rng, c.lang)), ("tracking", T.tracking(c.rng))]


def rec_payment(c, i):
    p = c.person()
    card, brand = c.card()
    return [("txn", T.uuid(c.rng)), ("name", P(c, p)), ("card", L(card, "card_number")), ("brand", brand),
            ("expiry", L(c.expiry(), "date")), ("amount", T.amount(c.rng, c.lang)),
            ("status", c.rng.choice(["captured", "authorized", "refunded", "declined"])), ("ip", L(T.ip4(c.rng, False), "ip_address"))]


def rec_newsletter(c, i):
    p = c.person()
    return [("email", L(p.email, "email")), ("first_name", L(p.given, "person")), ("created", T.date(c.rng, "en", fmt=0)),
            ("status", c.rng.choice(["subscribed", "unsubscribed", "pending", "cleaned"])), ("ip", L(T.ip4(c.rng, False), "ip_address"))]


def rec_patient(c, i):
    p = c.person()
    nid, _, _ = _nid(c)
    a = p.addr
    return [("id", L("MRN-%07d" % c.rng.randint(0, 9999999), "id_number")), ("name", P(c, p)), ("dob", dob(c, p)),
            ("national_id", nid), ("phone", L(p.phone, "phone")), ("address", a.one_line()),
            ("notes", c.rng.choice(["follow-up in 6 weeks", "allergy: penicillin", "", "referred by GP", "no-show x2"]))]


def rec_contact(c, i):
    p = c.person()
    comp = c.company()
    dom = c.company_domain(comp)
    return [("name", P(c, p)), ("company", L(comp, "company")), ("job", L(p.job, "job_title")),
            ("email", L(c.work_email(p, dom), "email")), ("phone", L(p.phone, "phone")), ("mobile", L(p.mobile, "phone")),
            ("city", p.addr.C()), ("country", p.addr.N())]


def rec_account(c, i):
    p = c.person()
    return [("id", str(c.rng.randint(100000, 999999))), ("username", L(p.username, "username")), ("email", L(p.email, "email")),
            ("ip", L(T.ip4(c.rng) if c.rng.random() < 0.85 else T.ip6(c.rng), "ip_address")), ("created", L(T.iso_ts(c.rng), "date")),
            ("status", c.rng.choice(["admin", "member", "viewer", "billing"]))]


def rec_kyc(c, i):
    p = c.person()
    nid, _, _ = _nid(c)
    return [("name", P(c, p)), ("dob", dob(c, p)), ("country", p.addr.N()), ("passport", L(c.passport(), "id_number")),
            ("national_id", nid), ("address", p.addr.one_line()), ("iban", L(c.bank()[0], "bank_account"))]


def _nid(c):
    v, nat, en, kind = c.national_id()
    return L(v, kind), nat, en


def rec_inventory(c, i):
    return [("sku", T.sku(c.rng)), ("product", T.product(c.rng)), ("qty", L(str(c.rng.randint(0, 900)), "quantity")),
            ("price", T.amount(c.rng, c.lang)), ("warehouse", T.place_word(c.rng)), ("updated", T.date(c.rng, "en", fmt=0))]


def rec_sales(c, i):
    return [("month", L("%s %d" % (T.MONTHS_EN[i % 12], c.rng.randint(2022, 2025)), "date")),
            ("segment", c.rng.choice(["EMEA", "APAC", "NA", "LATAM", "DACH", "Nordics", "Benelux"])),
            ("units", L(str(c.rng.randint(100, 90000)), "quantity")), ("revenue", T.amount(c.rng, "en")),
            ("growth", L("%+.1f%%" % (c.rng.randint(-300, 600) / 10), "measurement"))]


def rec_metrics(c, i):
    return [("timestamp", L(T.iso_ts(c.rng), "date")), ("service", c.rng.choice(["checkout", "search", "auth", "billing", "catalog", "ingest"])),
            ("p95_ms", L(str(c.rng.randint(12, 2400)), "measurement")), ("error_rate", L("%.3f" % (c.rng.random() / 20), "measurement")),
            ("version", T.version(c.rng))]


def rec_build(c, i):
    return [("build", L(str(c.rng.randint(1000, 99999)), "build_id")), ("commit", T.git_hash(c.rng, True)),
            ("branch", c.rng.choice(["main", "release/2.4", "develop", "feat/search-v2", "hotfix/ssl-renew"])),
            ("duration", L(T.dur(c.rng), "measurement")), ("status", c.rng.choice(["passed", "failed", "cancelled"])),
            ("version", T.version(c.rng))]


HDR = dict(txn="transaction_id", brand="brand", expiry="exp", qty="qty", product="product", tracking="tracking_no",
           sku="sku", price="unit_price", warehouse="warehouse", updated="updated_at", month="month", segment="segment",
           units="units", revenue="revenue", growth="growth", timestamp="timestamp", service="service", p95_ms="p95_ms",
           error_rate="error_rate", version="version", build="build", commit="commit", branch="branch", duration="duration")


def header_for(c, field):
    if field in HDR:
        return HDR[field]
    if field == "street" and not (c.lang in CSV_NATIVE and c._hdr_native):
        return c._hdr_choice.setdefault("street", c.rng.choice(["street", "address", "address_line1"]))
    return native_header(c, field)


# ------------------------------------------------------------------ renderers
def _csv_cell(v, delim):
    txt = plain(v)
    if isinstance(v, L) and '"' in txt:
        v = L(txt.replace('"', "'"), v.kind, v.role)
        txt = v.text
    if delim in txt or '"' in txt or "\n" in txt:
        return ['"', v if not isinstance(v, str) else v.replace('"', '""'), '"']
    return [v]


def render_csv(d, c, rows, header=True, delim=",", crlf=False):
    nl = "\r\n" if crlf else "\n"
    fields = [k for k, _ in rows[0]]
    if header:
        d.t(delim.join(('"%s"' % h if (delim in h or " " in h and c.rng.random() < 0.3) else h)
                       for h in (header_for(c, f) for f in fields)) + nl)
    for r in rows:
        for j, (k, v) in enumerate(r):
            if j:
                d.t(delim)
            d.add(_csv_cell(v, delim))
        d.t(nl)


def _json_str(s):
    return json.dumps(s, ensure_ascii=False)


def render_json(d, v, indent=2, level=0, compact=False):
    sp = "" if compact else "\n"
    ind = "" if compact else " " * (indent * (level + 1))
    ind0 = "" if compact else " " * (indent * level)
    if isinstance(v, dict):
        if not v:
            d.t("{}")
            return
        d.t("{" + sp)
        items = list(v.items())
        for j, (k, x) in enumerate(items):
            d.t(ind + _json_str(k) + (": " if not compact else ":"))
            render_json(d, x, indent, level + 1, compact)
            d.t(("," if j < len(items) - 1 else "") + sp)
        d.t(ind0 + "}")
    elif isinstance(v, list) and not isinstance(v, Inline):
        if not v:
            d.t("[]")
            return
        d.t("[" + sp)
        for j, x in enumerate(v):
            d.t(ind)
            render_json(d, x, indent, level + 1, compact)
            d.t(("," if j < len(v) - 1 else "") + sp)
        d.t(ind0 + "]")
    elif isinstance(v, Inline):
        d.t('"')
        for x in v:
            if isinstance(x, L):
                assert _json_str(x.text)[1:-1] == x.text, x.text
                d.add(x)
            else:
                d.t(_json_str(plain(x))[1:-1])
        d.t('"')
    elif isinstance(v, Num):
        d.add(v.v)
    elif isinstance(v, L):
        esc = _json_str(v.text)[1:-1]
        if esc != v.text:
            v = L(v.text.replace('"', "'").replace("\\", "/"), v.kind, v.role)
            if _json_str(v.text)[1:-1] != v.text:
                raise ValueError("json escaping would change labelled value %r" % v.text)
        d.t('"').add(v).t('"')
    elif isinstance(v, bool) or v is None:
        d.t(json.dumps(v))
    elif isinstance(v, (int, float)):
        d.t(json.dumps(v))
    else:
        d.t(_json_str(v))


class Inline(list):
    """A JSON string made of several pieces (e.g. one-line address)."""


class Num:
    def __init__(self, v):
        self.v = v


def to_obj(rec, c, nested_addr=False):
    o = {}
    for k, v in rec:
        key = header_for(c, k) if k not in HDR else HDR[k]
        if isinstance(v, list):
            v = Inline(v)
        if k == "qty" and isinstance(v, L) and v.text.isdigit():
            v = Num(v)
        o[key] = v
    return o


def _yaml_scalar(d, v):
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        d.t(str(v))
        return
    if isinstance(v, bool):
        d.t("true" if v else "false")
        return
    txt = plain(v)
    need_q = (not txt or txt[0] in "!&*-?{[]}|>'\"%@`#,:" or ": " in txt or " #" in txt or txt.lower() in ("yes", "no", "true", "false", "null", "on", "off")
              or txt.replace(".", "").replace("-", "").replace("+", "").replace(" ", "").isdigit())
    if need_q:
        if "'" in txt and isinstance(v, L):
            d.t('"').add(v).t('"')
        else:
            d.t("'")
            d.add(v if not isinstance(v, str) else v.replace("'", "''"))
            d.t("'")
    else:
        d.add(v)


def render_yaml(d, v, level=0, in_list=False):
    ind = "  " * level
    if isinstance(v, dict):
        first = True
        for k, x in v.items():
            pre = "" if (in_list and first) else ind
            first = False
            if isinstance(x, (dict, list)) and not isinstance(x, Inline) and x:
                d.t("%s%s:\n" % (pre, k))
                render_yaml(d, x, level + 1)
            else:
                d.t("%s%s: " % (pre, k))
                _yaml_scalar(d, x.v if isinstance(x, Num) else (list(x) if isinstance(x, Inline) else x))
                d.t("\n")
    elif isinstance(v, list):
        for x in v:
            d.t(ind + "- ")
            if isinstance(x, dict):
                render_yaml(d, x, level + 1, in_list=True)
            else:
                _yaml_scalar(d, x)
                d.t("\n")


# ------------------------------------------------------------------ templates
def setup_tabular(c, upper=True):
    c._hdr_native = c.lang in CSV_NATIVE and c.rng.random() < 0.75
    c._hdr_choice = {}
    if upper:
        c.upper_p = 0.1 if c.rng.random() < 0.3 else 0.0
        c.lower_p = 0.05 if c.rng.random() < 0.3 else 0.0


def nrows(c, lo=3, hi=14):
    r = c.rng.random()
    if r < 0.3:
        return c.rng.randint(lo, 6)
    return c.rng.randint(lo, hi)


def _csv_tpl(shape, tid, builder, negative=False, header=True, delim=None, pick_fields=None, extra=None):
    @template(shape, tid, negative)
    def fn(d, c):
        setup_tabular(c)
        n = nrows(c)
        dl = delim or (";" if (c.lang in ("de", "fr", "es", "it", "nl", "pt", "pl") and c.rng.random() < 0.5) else ",")
        rows = [builder(c, i) for i in range(n)]
        if pick_fields:
            keep = pick_fields(c)
            rows = [[(k, v) for k, v in r if k in keep] for r in rows]
        render_csv(d, c, rows, header=header, delim=dl, crlf=c.rng.random() < 0.2)
    return fn


def _emp(c, i):
    if not hasattr(c, "_dom"):
        c._dom = c.company_domain(c.company())
    return rec_employee(c, i, c._dom)


_csv_tpl("csv_header", "csv.customers", rec_customer)
_csv_tpl("csv_header", "csv.employees", _emp)
_csv_tpl("csv_header", "csv.orders_shipping", rec_order)
_csv_tpl("csv_header", "csv.payments", rec_payment)
_csv_tpl("csv_header", "csv.newsletter", rec_newsletter)
_csv_tpl("csv_header", "csv.patients", rec_patient)
_csv_tpl("csv_header", "csv.crm_contacts", rec_contact)
_csv_tpl("csv_header", "csv.inventory", rec_inventory, negative=True)
_csv_tpl("csv_header", "csv.sales_report", rec_sales, negative=True)
_csv_tpl("csv_header", "csv.service_metrics", rec_metrics, negative=True)
_csv_tpl("csv_noheader", "csvnh.customers", rec_customer, header=False)
_csv_tpl("csv_noheader", "csvnh.payments", rec_payment, header=False)
_csv_tpl("csv_noheader", "csvnh.accounts", rec_account, header=False)
_csv_tpl("csv_noheader", "csvnh.contacts_min", rec_contact, header=False,
         pick_fields=lambda c: {"name", "email", "phone"} if c.rng.random() < 0.5 else {"name", "mobile", "company"})
_csv_tpl("csv_noheader", "csvnh.inventory", rec_inventory, negative=True, header=False)
_csv_tpl("csv_noheader", "csvnh.builds", rec_build, negative=True, header=False)
_csv_tpl("tsv", "tsv.employees", _emp, delim="\t")
_csv_tpl("tsv", "tsv.crm_contacts", rec_contact, delim="\t")
_csv_tpl("tsv", "tsv.kyc", rec_kyc, delim="\t")
_csv_tpl("tsv", "tsv.accounts", rec_account, delim="\t")
_csv_tpl("tsv", "tsv.builds", rec_build, negative=True, delim="\t")
_csv_tpl("tsv", "tsv.sales", rec_sales, negative=True, delim="\t")


def _json_list_tpl(tid, builder, negative=False, wrap=None):
    @template("json", tid, negative)
    def fn(d, c):
        setup_tabular(c, upper=False)
        c._hdr_native = False
        n = nrows(c, 1, 12)
        objs = [to_obj(builder(c, i), c) for i in range(n)]
        compact = c.rng.random() < 0.15
        if wrap:
            root = {"data": objs, "page": 1, "per_page": 50, "total": Num(L(str(n), "quantity"))} if wrap == "page" else {wrap: objs}
        else:
            root = objs if n > 1 else objs[0]
        render_json(d, root, indent=c.rng.choice([2, 4]), compact=compact)
        d.t("\n")
    return fn


_json_list_tpl("json.customers", rec_customer)
_json_list_tpl("json.accounts_page", rec_account, wrap="page")
_json_list_tpl("json.kyc_records", rec_kyc, wrap="records")
_json_list_tpl("json.contacts", rec_contact, wrap="contacts")
_json_list_tpl("json.inventory", rec_inventory, negative=True, wrap="items")
_json_list_tpl("json.metrics", rec_metrics, negative=True, wrap="series")


def _addr_obj(a, c):
    o = {"line1": a.S()}
    if a.extra:
        o["line2"] = a.X()
    o["postal_code" if c.rng.random() < 0.5 else "zip"] = a.P()
    o["city"] = a.C()
    if a.region:
        o["state" if a.layout in ("us", "au", "br", "mx", "in") else "region"] = a.R()
    o["country"] = L(c.cfg["cc"], "country") if c.rng.random() < 0.6 else a.N()
    return o


@template("json", "json.order_payload")
def json_order(d, c):
    rng = c.rng
    p = c.person()
    card, brand = c.card()
    ship = p.addr if rng.random() < 0.6 else c.person().addr
    items = [{"sku": T.sku(rng), "name": T.product(rng), "quantity": Num(L(str(rng.randint(1, 4)), "quantity")),
              "unit_price": Num(L("%.2f" % (rng.randint(300, 90000) / 100), "amount"))} for _ in range(rng.randint(1, 4))]
    o = {"order_id": T.order_id(rng), "created_at": L(T.iso_ts(rng), "date"), "currency": rng.choice(["EUR", "USD", "GBP", "PLN", "SEK"]),
         "customer": {"first_name": L(p.given, "person"), "last_name": L(p.family, "person"), "email": EM(p),
                      "mobile": L(p.mobile, "phone")},
         "billing_address": _addr_obj(p.addr, c), "shipping_address": _addr_obj(ship, c), "items": items,
         "payment": {"method": "card", "brand": brand,
                     "card_number": L(card, "card_number") if rng.random() < 0.6 else "**** **** **** " + card[-4:],
                     "client_ip": L(T.ip4(rng, False), "ip_address")}}
    render_json(d, o, indent=2)
    d.t("\n")


@template("json", "json.webhook_event")
def json_webhook(d, c):
    rng = c.rng
    p = c.person()
    ev = rng.choice(["customer.updated", "user.created", "subscription.renewed", "contact.merged"])
    o = {"id": "evt_" + T.chars(rng, T.ALNUM, 24), "type": ev, "created": Num(L(str(rng.randint(1700000000, 1760000000)), "date")),
         "data": {"object": {"id": "cus_" + T.chars(rng, T.ALNUM, 14), "name": P(c, p, False), "email": EM(p),
                             "phone": L(p.phone, "phone"), "address": _addr_obj(p.addr, c),
                             "metadata": {"crm_ref": T.order_id(rng), "signup_ip": L(T.ip4(rng, False), "ip_address")}},
                  "previous_attributes": {"email": L(c.person().email, "email")} if rng.random() < 0.4 else {}},
         "livemode": rng.random() < 0.7}
    render_json(d, o, indent=2)
    d.t("\n")


@template("json", "json.api_user_profile")
def json_profile(d, c):
    rng = c.rng
    p = c.person()
    nid, _, _ = _nid(c)
    o = {"user": {"id": rng.randint(1000, 999999),
                  "username": L(p.username, "username"), "profile": {"firstName": PG(c, p), "lastName": PF(c, p), "birthDate": L(p.dob_date.isoformat(), "date_of_birth"),
                                                                     "nationalId": nid, "jobTitle": L(p.job, "job_title")},
                  "contact": {"emails": [EM(p), L(c.work_email(p, c.company_domain(c.company())), "email")] if rng.random() < 0.4 else [EM(p)],
                              "phones": [{"type": "mobile", "number": L(p.mobile, "phone")}, {"type": "home", "number": L(p.phone, "phone")}]},
                  "homeAddress": _addr_obj(p.addr, c), "bank": {"iban": L(c.bank()[0], "bank_account")},
                  "lastLogin": {"at": L(T.iso_ts(rng), "date"), "ip": L(T.ip4(rng), "ip_address")}}}
    render_json(d, o, indent=rng.choice([2, 4]))
    d.t("\n")


@template("json", "json.product_catalog", negative=True)
def json_catalog(d, c):
    rng = c.rng
    items = []
    for _ in range(rng.randint(2, 8)):
        items.append({"sku": T.sku(rng), "title": T.product(rng), "brand": T.public_org(rng),
                      "price": {"amount": L("%.2f" % (rng.randint(500, 200000) / 100), "amount"), "currency": "EUR"},
                      "dimensions": T.measurement(rng), "stock": Num(L(str(rng.randint(0, 500)), "quantity")),
                      "release": L("%s %d" % (rng.choice(T.MONTHS_EN), rng.randint(2019, 2025)), "date"),
                      "firmware": T.version(rng)})
    render_json(d, {"catalog_version": T.version(rng), "generated": L(T.iso_ts(rng), "date"), "products": items})
    d.t("\n")


# ---- YAML
@template("yaml", "yaml.customer_fixture")
def yaml_fixture(d, c):
    setup_tabular(c, upper=False)
    c._hdr_native = False
    d.t("# test fixtures for import job\ncustomers:\n")
    objs = []
    for i in range(nrows(c, 1, 8)):
        p = c.person()
        objs.append({"id": i + 1, "name": P(c, p, False), "email": EM(p), "phone": L(p.phone, "phone"),
                     "address": {"street": p.addr.S(), "postcode": p.addr.P(), "city": p.addr.C(), "country": p.addr.N()},
                     "tags": ["vip"] if c.rng.random() < 0.2 else ["retail"]})
    render_yaml(d, objs, 1)


@template("yaml", "yaml.hr_record")
def yaml_hr(d, c):
    setup_tabular(c, upper=False)
    p = c.person()
    nid, nat, en = _nid(c)
    comp = c.company()
    mgr = c.person()
    o = {"employee": {"id": "E%05d" % c.rng.randint(100, 99999), "name": P(c, p, False), "title": L(p.job, "job_title"),
                      "department": c.rng.choice(["Finance", "Engineering", "Sales", "Operations", "Legal", "People"]),
                      "start_date": T.date(c.rng, "en", fmt=0), "date_of_birth": L(p.dob_date.isoformat(), "date_of_birth"),
                      "national_id": nid, "contact": {"email": L(c.work_email(p, c.company_domain(comp)), "email"),
                                                      "private_email": EM(p), "mobile": L(p.mobile, "phone")},
                      "home_address": {"street": p.addr.S(), "postal_code": p.addr.P(), "city": p.addr.C(), "country": p.addr.N()},
                      "payroll": {"iban": L(c.bank()[0], "bank_account"), "salary_band": c.rng.choice(["B2", "C1", "C3", "D1"])},
                      "manager": P(c, mgr, False), "employer": L(comp, "company")}}
    render_yaml(d, o)


@template("yaml", "yaml.ci_pipeline", negative=True)
def yaml_ci(d, c):
    rng = c.rng
    d.t("stages:\n  - build\n  - test\n  - release\n\nvariables:\n  APP_VERSION: \"")
    d.add(T.version(rng))
    d.t("\"\n  NODE_VERSION: \"").add(L("%d.%d.%d" % (rng.choice([18, 20, 22]), rng.randint(0, 19), rng.randint(0, 9)), "version")).t("\"\n")
    d.t("  CACHE_KEY: \"deps-").add(T.git_hash(rng, True)).t("\"\n\n")
    d.t("build:\n  stage: build\n  image: node:").add(L(str(rng.choice([18, 20, 22])), "version")).t("-alpine\n")
    d.t("  script:\n    - npm ci\n    - npm run build\n  artifacts:\n    expire_in: ").add(L(rng.choice(["1 week", "3 days", "30 days"]), "measurement")).t("\n\n")
    d.t("test:\n  stage: test\n  timeout: ").add(L("%d minutes" % rng.randint(10, 90), "measurement")).t("\n  parallel: ")
    d.add(L(str(rng.randint(2, 8)), "quantity")).t("\n  script:\n    - npm test -- --shard=$CI_NODE_INDEX/$CI_NODE_TOTAL\n\n")
    d.t("release:\n  stage: release\n  only:\n    - tags\n  # release window: ").add(T.month_abbrev(rng)).t(" ").add(T.time(rng)).t(" UTC\n")


@template("yaml", "yaml.app_settings", negative=True)
def yaml_app(d, c):
    rng = c.rng
    d.t("app:\n  name: inventory-sync\n  version: ").add(T.version(rng)).t("\n  region: ").add(T.place_word(rng)).t("\n")
    d.t("  batch_size: ").add(L(str(rng.choice([100, 250, 500, 1000])), "quantity")).t("\n  timeout: ").add(L(T.dur(rng), "measurement"))
    d.t("\n  retry:\n    max_attempts: ").add(L(str(rng.randint(2, 9)), "quantity")).t("\n    backoff: exponential\n")
    d.t("  schedule: \"").add(L("%d %d * * %d" % (rng.randint(0, 59), rng.randint(0, 23), rng.randint(0, 6)), "time")).t("\"\n")
    d.t("features:\n  grace_period_days: ").add(L(str(rng.randint(3, 30)), "quantity")).t("\n  currency: EUR\n  max_upload: ").add(T.measurement(rng)).t("\n")
    d.t("vendor:\n  provider: ").add(T.public_org(rng)).t("\n  sla_id: ").add(T.uuid(rng)).t("\n")
