"""Look-alike (trap) values, secrets and technical identifiers."""
import string

from doc import L, rot, scan_secrets

ALNUM = string.ascii_letters + string.digits
UP_NUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
    "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
    "nl": ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
    "pt": ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
    "pl": ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"],
    "sv": ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"],
}
PUBLIC_ORGS = ["OpenAI", "Kubernetes", "Johnson & Johnson", "Microsoft", "Amazon Web Services", "Google Cloud", "Stripe",
               "PostgreSQL", "GitHub", "Atlassian", "Salesforce", "Siemens", "Deutsche Bahn", "SNCF", "Renfe", "DHL",
               "UPS", "FedEx", "PayPal", "Visa", "Mastercard", "Apple", "Samsung", "Toyota", "IKEA", "Zalando",
               "Nestlé", "Unilever", "Red Hat", "Mozilla", "Cloudflare", "Docker", "Terraform", "Grafana", "Redis",
               "Elasticsearch", "Jira", "Slack", "Zoom", "Philips", "Bosch", "Allianz", "Ford", "Lloyd's"]
PRODUCTS = ["ThinkPad X1 Carbon Gen 11", "iPhone 15 Pro", "Galaxy S24", "Kindle Paperwhite", "AirPods Pro",
            "Dyson V15 Detect", "Nespresso Vertuo", "Logitech MX Master 3S", "Dell U2723QE", "Sonos Era 100",
            "Fairphone 5", "PlayStation 5", "Raspberry Pi 5", "Bosch Serie 6 WAT28400", "Philips Hue Go",
            "Garmin Forerunner 265", "Anker PowerCore 20000", "Herman Miller Aeron", "Stanley Quencher 40oz",
            "Lenovo Yoga Slim 7", "Canon EOS R8", "Kobo Clara 2E", "Brother HL-L2350DW", "Ubiquiti U6 Lite"]
PLACES = ["Madrid", "Paris", "London", "Berlin", "Milan", "Tokyo", "Sydney", "Vienna", "Lisbon", "Warsaw", "Amsterdam",
          "Stockholm", "Dublin", "Prague", "Frankfurt", "Singapore", "Toronto", "Zurich", "Oslo", "Helsinki"]
WORD_NAMES_EN = [
    # (text before, word, text after) phrases where a capitalised common word is also a given name
    ("", "Grace", " period ends after 14 days."), ("", "Will", " you confirm the delivery window?"),
    ("Please ", "Mark", " as read once processed."), ("", "Bill", " to: same as shipping."),
    ("", "Rose", " gold finish is out of stock."), ("", "Hope", " this helps."), ("", "Sky", " blue variant restocked."),
    ("", "Art", " supplies are in aisle 4."), ("", "Faith", "-based organisations get a discount."),
    ("", "Victor", "y Lane campus is closed on Friday."), ("Summer ", "Sale", " ends tonight."),
    ("", "Frank", " feedback is welcome."), ("", "Pat", " dry before applying the second coat."),
    ("Set to ", "Max", " to enable all retries."), ("", "Amber", " alert threshold reached."),
    ("", "Joy", "stick drift is covered by warranty."), ("", "Dawn", " shift starts at 05:00."),
    ("", "Ivy", " League rankings were updated."), ("", "Sunny", " spells expected in the afternoon."),
    ("", "Summer", " opening hours apply."), ("", "Violet", " is the new accent colour."),
    ("", "Rich", " text editing is now supported."), ("", "Drew", " the short straw again, so the rollout waits."),
    ("", "Chase", " the carrier if the parcel does not arrive."), ("", "Wade", " through the backlog first."),
    ("", "Guy", " ropes and pegs are included."), ("", "Holly", " wreaths are sold out."),
    ("", "Jack", " the thermostat up to 21 °C."), ("", "Ray", " tracing is enabled in the viewer."),
]


def digits(rng, n):
    return "".join(rng.choice(string.digits) for _ in range(n))


def chars(rng, alpha, n):
    return "".join(rng.choice(alpha) for _ in range(n))


# ---------------------------------------------------------------- traps
def order_id(rng):
    return L(rng.choice(["ORD-%d-%06d" % (rng.randint(2019, 2025), rng.randint(0, 999999)),
                         "#%d" % rng.randint(1000000, 9999999), "SO%08d" % rng.randint(0, 10 ** 8),
                         "%d-%07d" % (rng.randint(100, 999), rng.randint(0, 10 ** 7)),
                         "A%s" % digits(rng, 9)]), "order_id")


def invoice_id(rng):
    return L(rng.choice(["INV-%d-%05d" % (rng.randint(2020, 2025), rng.randint(0, 99999)),
                         "RE-%d/%04d" % (rng.randint(2021, 2025), rng.randint(1, 9999)),
                         "F%d%06d" % (rng.randint(2022, 2025), rng.randint(0, 999999)),
                         "%d/%d" % (rng.randint(1, 2400), rng.randint(2022, 2025))]), "invoice_id")


def version(rng):
    r = rng.random()
    if r < 0.15:
        return L("10.0.%d.%d" % (rng.randint(17763, 22631), rng.randint(100, 4500)), "version")
    if r < 0.5:
        return L("v%d.%d.%d" % (rng.randint(0, 9), rng.randint(0, 30), rng.randint(0, 20)), "version")
    return L("%d.%d.%d" % (rng.randint(1, 25), rng.randint(0, 40), rng.randint(0, 30)), "version")


def date(rng, lang="en", fmt=None):
    y, m, d = rng.randint(2019, 2025), rng.randint(1, 12), rng.randint(1, 28)
    fmts = ["%04d-%02d-%02d" % (y, m, d), "%02d/%02d/%04d" % (d, m, y), "%02d.%02d.%04d" % (d, m, y),
            "%d %s %d" % (d, MONTHS[lang if lang in MONTHS else "en"][m - 1], y),
            "%s %d, %d" % (MONTHS["en"][m - 1], d, y) if lang == "en" else long_date(lang, d, m, y),
            "%02d/%02d/%02d" % (m, d, y % 100)]
    return L(fmts[fmt] if fmt is not None else rng.choice(fmts), "date")


def long_date(lang, d, m, y):
    mn = MONTHS.get(lang, MONTHS["en"])[m - 1]
    if lang == "de":
        return "%d. %s %d" % (d, mn, y)
    if lang in ("es", "pt"):
        return "%d de %s de %d" % (d, mn, y)
    return "%d %s %d" % (d, mn, y)


def iso_ts(rng):
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (rng.randint(2023, 2025), rng.randint(1, 12), rng.randint(1, 28),
                                                    rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59), rng.randint(0, 999))


def time(rng):
    h, m = rng.randint(0, 23), rng.randint(0, 59)
    return L(rng.choice(["%02d:%02d" % (h, m), "%d:%02d %s" % ((h % 12) or 12, m, "AM" if h < 12 else "PM"),
                         "%02d:%02d:%02d" % (h, m, rng.randint(0, 59)), "%dh%02d" % (h, m)]), "time")


def amount(rng, lang="en"):
    v = rng.choice([rng.randint(1, 99), rng.randint(10, 999), rng.randint(100, 25000)]) + rng.randint(0, 99) / 100
    if lang in ("de", "fr", "es", "it", "nl", "pt", "pl", "sv"):
        s = ("%.2f" % v).replace(".", ",")
        cur = {"pl": "zł", "sv": "kr"}.get(lang, "€")
        return L(rng.choice(["%s %s" % (s, cur), "%s%s" % (s, cur), "EUR %s" % s if cur == "€" else "%s %s" % (s, cur)]), "amount")
    return L(rng.choice(["$%.2f" % v, "USD %.2f" % v, "€%.2f" % v, "£%.2f" % v, "%.2f EUR" % v, "$%s" % "{:,.2f}".format(v)]), "amount")


def sku(rng):
    return L(rng.choice(["SKU-%s-%s" % (chars(rng, string.ascii_uppercase, 3), digits(rng, 4)),
                         "%s-%s-%s" % (chars(rng, string.ascii_uppercase, 2), digits(rng, 3), chars(rng, UP_NUM, 2)),
                         "%s%s" % (chars(rng, string.ascii_uppercase, 3), digits(rng, 5))]), "sku")


def tracking(rng):
    return L(rng.choice(["1Z%s%s" % (chars(rng, UP_NUM, 6), digits(rng, 10)), "JD%s" % digits(rng, 18),
                         "00%s" % digits(rng, 18), "%s%sDE" % (chars(rng, string.ascii_uppercase, 2), digits(rng, 9)),
                         "%s" % digits(rng, 12)]), "tracking_id")


def git_hash(rng, short=None):
    n = rng.choice([7, 8, 40]) if short is None else (7 if short else 40)
    return L(chars(rng, HEX, n), "hash")


def sha256(rng):
    return L(chars(rng, HEX, 64), "hash")


def uuid(rng):
    h = chars(rng, HEX, 32)
    return L("%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], rng.choice("89ab"), h[17:20], h[20:32]), "uuid")


def quantity(rng, lang="en"):
    n = rng.randint(1, 500)
    unit = {"de": ["Stk.", "Stück", "Kartons"], "fr": ["pcs", "unités", "cartons"], "es": ["uds.", "unidades", "cajas"],
            "it": ["pz", "pezzi", "colli"], "nl": ["st.", "stuks", "dozen"], "pt": ["un.", "unidades", "caixas"],
            "pl": ["szt.", "sztuk", "kartonów"], "sv": ["st", "styck", "kartonger"]}.get(lang, ["pcs", "units", "boxes", "x"])
    u = rng.choice(unit)
    return L("%d %s" % (n, u), "quantity")


def measurement(rng):
    return L(rng.choice(["%d mm" % rng.randint(3, 900), "%.1f kg" % (rng.randint(1, 400) / 10), "%d cm" % rng.randint(10, 220),
                         "%d x %d x %d cm" % (rng.randint(10, 80), rng.randint(10, 80), rng.randint(5, 60)),
                         "%d ml" % rng.choice([250, 330, 500, 750]), "%.2f m²" % (rng.randint(100, 9000) / 100),
                         "%d GB" % rng.choice([8, 16, 32, 64, 128, 256, 512]), "%d°C" % rng.randint(-20, 90),
                         "%d W" % rng.choice([5, 15, 45, 65, 100, 240, 1200])]), "measurement")


def month_abbrev(rng):
    m = rng.choice(MONTHS_EN)
    d = rng.randint(1, 28)
    return L(rng.choice(["%d %s" % (d, m), "%s %d" % (m, d)]), "month_abbrev")


def word_name(rng):
    pre, w, post = rng.choice(WORD_NAMES_EN)
    return [pre, L(w, "word_name"), post]


def public_org(rng):
    return L(rng.choice(PUBLIC_ORGS), "public_org")


def product(rng):
    return L(rng.choice(PRODUCTS), "product")


def place_word(rng):
    return L(rng.choice(PLACES), "place_word")


def phone_lookalike(rng):
    return L(rng.choice(["%03d-%03d-%04d" % (rng.randint(100, 999), rng.randint(100, 999), rng.randint(0, 9999)),
                         "%d-%04d-%04d" % (rng.randint(1, 9), rng.randint(0, 9999), rng.randint(0, 9999)),
                         "%s %s %s" % (digits(rng, 3), digits(rng, 3), digits(rng, 4))]), "phone_lookalike")


def ticket_id(rng):
    return L(rng.choice(["INC%07d" % rng.randint(0, 10 ** 7), "SUP-%d" % rng.randint(1000, 99999),
                         "JIRA-%d" % rng.randint(100, 9999), "CASE-%d-%05d" % (rng.randint(2022, 2025), rng.randint(0, 99999)),
                         "#%d" % rng.randint(10000, 999999)]), "ticket_id")


def build_id(rng):
    return L(rng.choice(["build #%d" % rng.randint(100, 99999), "run %d" % rng.randint(1000, 999999)]).split(" ")[-1], "build_id")


def licence_plate(ctx):
    return L(ctx.f.license_plate().strip(), "licence_plate")


# ---------------------------------------------------------------- secrets (values, label them api_key)
def _secret(rng, make):
    for _ in range(50):
        v = make()
        if not scan_secrets(rot(v)):
            return v
    raise RuntimeError("could not make a scanner-safe secret")


def aws_key_id(rng):
    return _secret(rng, lambda: "AKIA" + chars(rng, string.ascii_uppercase + "234567", 16))


def aws_secret(rng):
    return _secret(rng, lambda: chars(rng, ALNUM + "/+", 40))


def github_token(rng):
    return _secret(rng, lambda: rng.choice(["ghp_", "gho_", "ghs_"]) + chars(rng, ALNUM, 36))


def stripe_key(rng):
    return _secret(rng, lambda: rng.choice(["sk_live_", "rk_live_", "sk_test_"]) + chars(rng, ALNUM, rng.randint(24, 34)))


def slack_token(rng):
    return _secret(rng, lambda: "xoxb-%s-%s-%s" % (digits(rng, 12), digits(rng, 13), chars(rng, ALNUM, 24)))


def openai_key(rng):
    return _secret(rng, lambda: "sk-proj-" + chars(rng, ALNUM + "_-", rng.randint(48, 80)))


def google_key(rng):
    return _secret(rng, lambda: "AIza" + chars(rng, ALNUM + "_-", 35))


def gitlab_token(rng):
    return _secret(rng, lambda: "glpat-" + chars(rng, ALNUM + "_-", 20))


def _b64url(rng, n):
    return chars(rng, ALNUM + "_-", n)


def jwt(rng):
    return _secret(rng, lambda: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ" + _b64url(rng, rng.randint(40, 120)) + "." + _b64url(rng, 43))


def password(rng):
    words = ["Summer", "Winter", "Tiger", "Falcon", "Orange", "Kaffee", "Soleil", "Stella", "Maple", "Harbor", "Quartz"]
    r = rng.random()
    if r < 0.4:
        return rng.choice(words) + rng.choice(["!", "#", "@", "$", "_", "."]) + digits(rng, rng.randint(2, 4)) + rng.choice(["", "!", "?"])
    if r < 0.8:
        return chars(rng, ALNUM + "!#%*_-", rng.randint(14, 28))
    return chars(rng, HEX, 32)


def generic_token(rng):
    return chars(rng, ALNUM, rng.choice([32, 40, 48]))


def any_api_key(rng):
    return rng.choice([aws_key_id, github_token, stripe_key, slack_token, openai_key, google_key, jwt, generic_token,
                       gitlab_token])(rng)


def ip4(rng, private=None):
    if private is None:
        private = rng.random() < 0.5
    if private:
        return rng.choice(["10.%d.%d.%d" % (rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254)),
                           "192.168.%d.%d" % (rng.randint(0, 255), rng.randint(1, 254)),
                           "172.%d.%d.%d" % (rng.randint(16, 31), rng.randint(0, 255), rng.randint(1, 254))])
    a = rng.choice([31, 37, 46, 62, 77, 81, 85, 89, 91, 93, 95, 109, 141, 151, 176, 178, 185, 188, 193, 212, 213, 217,
                    24, 50, 64, 66, 68, 71, 73, 98, 99, 104, 107, 203, 49, 58, 101, 110, 116, 119, 121, 180, 201])
    return "%d.%d.%d.%d" % (a, rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254))


def ip6(rng):
    return "2001:db8:%x:%x::%x" % (rng.randint(0, 0xffff), rng.randint(0, 0xffff), rng.randint(1, 0xffff)) if rng.random() < 0.3 \
        else "2a02:%x:%x:%x:%x:%x:%x:%x" % tuple(rng.randint(0, 0xffff) for _ in range(7))


def internal_host(rng, company_slug="acme"):
    env = rng.choice(["prod", "stg", "dev", "qa", "int"])
    svc = rng.choice(["db", "pg", "mysql", "redis", "kafka", "api", "auth", "billing", "crm", "ldap", "mail", "jenkins",
                      "gitlab", "vault", "es", "mq", "files", "erp", "sap", "web", "batch", "etl"])
    n = rng.randint(1, 12)
    r = rng.random()
    if r < 0.3:
        return "%s-%02d.%s.%s.internal" % (svc, n, env, company_slug)
    if r < 0.45:
        return "%s.corp.%s.local" % (svc, company_slug)
    if r < 0.6:
        return "ip-10-%d-%d-%d.ec2.internal" % (rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254))
    if r < 0.75:
        return "%s%02d" % (rng.choice(["fileserver", "srv", "dc", "app", "sql", "nas", "print"]), n)
    if r < 0.88:
        return "%s-%s-%d.%s.lan" % (svc, env, n, company_slug)
    return "%s.%s.svc.cluster.local" % (svc, rng.choice(["default", "payments", "backend", "data"]))


def slug(rng):
    return rng.choice(["acme", "northwind", "contoso", "globex", "initech", "umbrella", "hooli", "vandelay", "wayne",
                       "stark", "tyrell", "soylent", "cyberdyne", "wonka", "oceanic", "pied-piper", "massive",
                       "nordlicht", "bluefin", "kestrel", "lumen", "orbital", "zephyr", "quanta"])


def dur(rng):
    return rng.choice(["%dms" % rng.randint(2, 3000), "%.2fs" % (rng.randint(1, 9000) / 100), "%dm%02ds" % (rng.randint(0, 40), rng.randint(0, 59))])
