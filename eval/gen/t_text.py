"""Human-written documents: forms, e-mail threads, chat, tickets, letters, prose."""
from doc import L, plain
import traps as T
from i18n import lab
from phrases import PH, W, NEG, BOILER
from registry import template, P, EM, dob, join_lines

LANGS = ("en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv")


def ph(c):
    return PH.get(c.lang, PH["en"])


def w(c, k):
    return W.get(c.lang, W["en"])[k]


def nid_pieces(c):
    v, nat, en, kind = c.national_id()
    label = nat if (c.lang != "en" or c.rng.random() < 0.4) else en
    return L(v, kind), label


def fill(c, p=None, q=None):
    rng = c.rng
    p = p or c.person()
    q = q or c.person()
    nid, nid_label = nid_pieces(c)
    comp = c.company()
    a = p.addr
    return dict(
        name=P(c, p), fname=c.cs(L(p.given, "person")), lname=L(p.family, "person"), title=p.title or "",
        phone=L(p.phone, "phone"), mobile=L(p.mobile, "phone"), email=EM(p), street=c.cs(a.S()), postcode=a.P(),
        city=c.cs(a.C()), addr=a.one_line(), card=L(c.card()[0], "card_number"), iban=L(c.bank()[0], "bank_account"),
        nid=nid, nid_label=nid_label, order=T.order_id(rng), date=T.date(rng, c.lang), time=T.time(rng),
        amount=T.amount(rng, c.lang), product=T.product(rng), company=L(comp, "company"), dob=dob(c, p),
        tracking=T.tracking(rng), other=P(c, q), other_phone=L(q.mobile, "phone"), passport=L(c.passport(), "id_number"),
        job=L(p.job, "job_title"), year=str(rng.randint(1995, 2023)), will=L("Will", "word_name"), mark=L("Mark", "word_name"),
    )


def neg_fill(c):
    rng = c.rng
    return dict(order=T.order_id(rng), invoice=T.invoice_id(rng), version=T.version(rng), date=T.date(rng, c.lang),
                time=T.time(rng), amount=T.amount(rng, c.lang), product=T.product(rng), sku=T.sku(rng), qty=T.quantity(rng, c.lang),
                measure=T.measurement(rng), org=T.public_org(rng), place=T.place_word(rng), month=T.month_abbrev(rng),
                tracking=T.tracking(rng), ticket=T.ticket_id(rng), hash=T.git_hash(rng), uuid=T.uuid(rng),
                word=[L("Grace", "word_name"), " period"])


def boiler(d, c, i=None, p=0.6):
    if c.rng.random() < p:
        b = BOILER.get(c.lang, BOILER["en"])
        d.t("\n" + (b[i] if i is not None else c.rng.choice(b)) + "\n")


def neg_para(d, c, n):
    bank = NEG.get(c.lang, NEG["en"])
    for s in c.rng.sample(bank, min(n, len(bank))):
        d.f(s, **neg_fill(c))
        d.t(" ")
    if c.lang == "en" and c.rng.random() < 0.7:
        d.add(T.word_name(c.rng))


# ------------------------------------------------------------------ kv_form
def kv(d, c, label, value, sep=None, pad=None):
    sep = sep if sep is not None else c._kvsep
    if pad:
        d.t((label + sep).ljust(pad))
    else:
        d.t(label + sep)
    d.add(value)
    d.t("\n")


def form_start(c):
    c._kvsep = c.rng.choice([": ", ": ", ":\t", " : ", ":  "])
    c._pad = c.rng.choice([None, None, 22, 26])
    c.lower_p = 0.12 if c.rng.random() < 0.4 else 0.0
    c.upper_p = 0.08 if c.rng.random() < 0.2 else 0.0


TITLES_FORM = {
    "intake": dict(en="CUSTOMER INTAKE FORM", de="Kundenaufnahmebogen", fr="Fiche client", es="Ficha de cliente", it="Scheda cliente",
                   nl="Intakeformulier klant", pt="Ficha de cliente", pl="Formularz klienta", sv="Kundformulär"),
    "claim": dict(en="Insurance Claim - First Notification of Loss", de="Schadenmeldung", fr="Déclaration de sinistre", es="Parte de siniestro",
                  it="Denuncia di sinistro", nl="Schademelding", pt="Participação de sinistro", pl="Zgłoszenie szkody", sv="Skadeanmälan"),
    "onboard": dict(en="New Hire Onboarding", de="Personalstammblatt", fr="Fiche d'embauche", es="Alta de empleado", it="Scheda anagrafica dipendente",
                    nl="Personeelsformulier", pt="Ficha de admissão", pl="Kwestionariusz osobowy", sv="Personalblankett"),
    "kyc": dict(en="KYC verification", de="Identitätsprüfung (KYC)", fr="Vérification d'identité (KYC)", es="Verificación de identidad (KYC)",
                it="Verifica identità (KYC)", nl="Identiteitscontrole (KYC)", pt="Verificação de identidade (KYC)", pl="Weryfikacja tożsamości (KYC)", sv="ID-kontroll (KYC)"),
    "hotel": dict(en="Guest registration card", de="Meldeschein", fr="Fiche de police", es="Parte de entrada de viajeros", it="Scheda di registrazione ospite",
                  nl="Gastregistratie", pt="Boletim de alojamento", pl="Karta meldunkowa", sv="Gästregistrering"),
}


def T_(c, key):
    return TITLES_FORM[key].get(c.lang, TITLES_FORM[key]["en"])


def addr_block_fields(d, c, a, pad):
    kv(d, c, lab(c.lang, "street", c.rng), c.cs(a.S()), pad=pad)
    if a.extra:
        kv(d, c, lab(c.lang, "street", c.rng) + " 2", a.X(), pad=pad)
    kv(d, c, lab(c.lang, "postcode", c.rng), a.P(), pad=pad)
    kv(d, c, lab(c.lang, "city", c.rng), c.cs(a.C()), pad=pad)
    if a.region and c.rng.random() < 0.5:
        kv(d, c, lab(c.lang, "region", c.rng), a.R(), pad=pad)
    kv(d, c, lab(c.lang, "country", c.rng), a.N(), pad=pad)


@template("kv_form", "kv.customer_intake")
def kv_intake(d, c):
    form_start(c)
    p = c.person()
    rng, pad = c.rng, c._pad
    d.t(T_(c, "intake") + "\n" + "=" * rng.choice([0, 20, 30]) + ("\n" if rng.random() < 0.5 else "") + "\n")
    kv(d, c, lab(c.lang, "date", rng), T.date(rng, c.lang), pad=pad)
    kv(d, c, lab(c.lang, "first_name", rng), c.cs(L(p.given, "person")), pad=pad)
    kv(d, c, lab(c.lang, "last_name", rng), c.cs(L(p.family, "person")), pad=pad)
    kv(d, c, lab(c.lang, "dob", rng), dob(c, p), pad=pad)
    addr_block_fields(d, c, p.addr, pad)
    kv(d, c, lab(c.lang, "phone", rng), L(p.phone, "phone"), pad=pad)
    kv(d, c, lab(c.lang, "mobile", rng), L(p.mobile, "phone"), pad=pad)
    kv(d, c, lab(c.lang, "email", rng), EM(p), pad=pad)
    if rng.random() < 0.5:
        kv(d, c, lab(c.lang, "company", rng), L(c.company(), "company"), pad=pad)
    kv(d, c, lab(c.lang, "notes", rng), rng.choice(["-", "", "VIP", "prefers phone contact", "Newsletter: ja" if c.lang == "de" else "newsletter: yes"]), pad=pad)
    boiler(d, c, 1, 0.9)


@template("kv_form", "kv.insurance_claim")
def kv_claim(d, c):
    form_start(c)
    p, q = c.person(), c.person()
    rng, pad = c.rng, c._pad
    d.t(T_(c, "claim") + "\n\n")
    kv(d, c, "Policy no." if c.lang == "en" else "Police / Policy", L("POL-%s" % T.digits(rng, 8), "id_number"), pad=pad)
    kv(d, c, "Claim ref.", T.ticket_id(rng), pad=pad)
    kv(d, c, lab(c.lang, "name", rng), P(c, p), pad=pad)
    kv(d, c, lab(c.lang, "dob", rng), dob(c, p), pad=pad)
    kv(d, c, lab(c.lang, "address", rng), p.addr.one_line(), pad=pad)
    kv(d, c, lab(c.lang, "phone", rng), L(p.mobile, "phone"), pad=pad)
    kv(d, c, lab(c.lang, "email", rng), EM(p), pad=pad)
    kv(d, c, lab(c.lang, "date", rng), T.date(rng, c.lang), pad=pad)
    kv(d, c, "Vehicle reg." if c.lang == "en" else "Kennzeichen" if c.lang == "de" else "Plate", T.licence_plate(c), pad=pad)
    kv(d, c, "Third party" if c.lang == "en" else "Unfallgegner" if c.lang == "de" else "Tiers / third party", P(c, q), pad=pad)
    kv(d, c, "Third party phone", L(q.phone, "phone"), pad=pad)
    kv(d, c, lab(c.lang, "iban", rng), L(c.bank()[0], "bank_account"), pad=pad)
    d.t("\n" + lab(c.lang, "notes", rng) + ":\n")
    f = fill(c, p, q)
    d.f(rng.choice(ph(c)["prose"]), **f)
    d.t("\n")


@template("kv_form", "kv.hr_onboarding")
def kv_hr(d, c):
    form_start(c)
    p = c.person()
    rng, pad = c.rng, c._pad
    comp = c.company()
    d.t(T_(c, "onboard") + " - ").add(L(comp, "company")).t("\n\n")
    kv(d, c, lab(c.lang, "name", rng), P(c, p), pad=pad)
    kv(d, c, lab(c.lang, "job", rng), L(p.job, "job_title"), pad=pad)
    kv(d, c, lab(c.lang, "dob", rng), dob(c, p), pad=pad)
    nid, nl = nid_pieces(c)
    kv(d, c, nl, nid, pad=pad)
    addr_block_fields(d, c, p.addr, pad)
    kv(d, c, lab(c.lang, "mobile", rng), L(p.mobile, "phone"), pad=pad)
    kv(d, c, lab(c.lang, "email", rng), EM(p), pad=pad)
    kv(d, c, lab(c.lang, "iban", rng), L(c.bank()[0], "bank_account"), pad=pad)
    kv(d, c, lab(c.lang, "date", rng), T.date(rng, c.lang), pad=pad)
    q = c.person()
    kv(d, c, "Emergency contact" if c.lang == "en" else "Notfallkontakt" if c.lang == "de" else "Contact d'urgence" if c.lang == "fr" else "Emergency contact",
       [P(c, q), " (", L(q.mobile, "phone"), ")"], pad=pad)
    boiler(d, c, 1, 0.9)


@template("kv_form", "kv.kyc")
def kv_kyc(d, c):
    form_start(c)
    p = c.person()
    rng, pad = c.rng, c._pad
    d.t(T_(c, "kyc") + "\nCase: ").add(T.ticket_id(rng)).t("\n\n")
    kv(d, c, lab(c.lang, "name", rng), P(c, p), pad=pad)
    kv(d, c, lab(c.lang, "dob", rng), dob(c, p), pad=pad)
    kv(d, c, "Nationality" if c.lang == "en" else lab(c.lang, "country", rng), p.addr.N(), pad=pad)
    kv(d, c, lab(c.lang, "passport", rng), L(c.passport(), "id_number"), pad=pad)
    nid, nl = nid_pieces(c)
    kv(d, c, nl, nid, pad=pad)
    kv(d, c, lab(c.lang, "address", rng), p.addr.one_line(with_country=rng.random() < 0.5), pad=pad)
    kv(d, c, lab(c.lang, "iban", rng), L(c.bank()[0], "bank_account"), pad=pad)
    kv(d, c, lab(c.lang, "ip", rng), L(T.ip4(rng, False), "ip_address"), pad=pad)
    kv(d, c, lab(c.lang, "status", rng), rng.choice(["APPROVED", "PENDING REVIEW", "REJECTED - document expired"]), pad=pad)


@template("kv_form", "kv.shipping_label")
def kv_ship(d, c):
    c._kvsep = ": "
    rng = c.rng
    p = c.person()
    up = rng.random() < 0.5
    fx = (lambda v: c.cs(v)) if not up else (lambda v: L(v.text.upper(), v.kind) if isinstance(v, L) else v)
    a = p.addr.map(str.upper) if up else p.addr
    sender_comp = c.company()
    d.t("FROM: ").add(L(sender_comp, "company")).t("\n")
    sa = c.person().addr
    for ln in sa.lines():
        d.t("      ").add(ln).t("\n")
    d.t("\nSHIP TO:\n")
    d.add(L(p.full.upper() if up else p.full, "person")).t("\n")
    for ln in a.lines(with_country=rng.random() < 0.6):
        d.add(ln).t("\n")
    d.t("TEL: ").add(L(p.mobile, "phone")).t("\n\n")
    d.t("ORDER: ").add(T.order_id(rng)).t("   WEIGHT: ").add(T.measurement(rng)).t("\nTRACKING: ").add(T.tracking(rng)).t("\n")
    d.t("SERVICE: ").add(L(rng.choice(["DHL", "UPS", "FedEx", "DPD", "GLS", "PostNL"]), "public_org")).t(" ").add(L(rng.choice(["Express", "Standard", "Economy"]), "product")).t("\n")


@template("kv_form", "kv.hotel_registration")
def kv_hotel(d, c):
    form_start(c)
    p = c.person()
    rng, pad = c.rng, c._pad
    d.t(T_(c, "hotel") + "\n\n")
    kv(d, c, lab(c.lang, "last_name", rng), c.cs(L(p.family, "person")), pad=pad)
    kv(d, c, lab(c.lang, "first_name", rng), c.cs(L(p.given, "person")), pad=pad)
    kv(d, c, lab(c.lang, "dob", rng), dob(c, p), pad=pad)
    kv(d, c, lab(c.lang, "address", rng), p.addr.one_line(with_country=True), pad=pad)
    kv(d, c, lab(c.lang, "passport", rng), L(c.passport(), "id_number"), pad=pad)
    kv(d, c, "Arrival / Departure", [T.date(rng, c.lang), " - ", T.date(rng, c.lang)], pad=pad)
    kv(d, c, "Room", L(str(rng.randint(101, 820)), "quantity"), pad=pad)
    kv(d, c, lab(c.lang, "card", rng), L(c.card()[0], "card_number"), pad=pad)
    kv(d, c, lab(c.lang, "email", rng), EM(p), pad=pad)
    boiler(d, c, 1, 0.9)


@template("kv_form", "kv.product_spec", negative=True)
def kv_spec(d, c):
    form_start(c)
    rng = c.rng
    d.t("Product data sheet\n\n")
    kv(d, c, "Product", T.product(rng))
    kv(d, c, "Manufacturer", T.public_org(rng))
    kv(d, c, "SKU", T.sku(rng))
    kv(d, c, "Firmware", T.version(rng))
    kv(d, c, "Dimensions", T.measurement(rng))
    kv(d, c, "Weight", L("%.1f kg" % (rng.randint(1, 300) / 10), "measurement"))
    kv(d, c, "Price", T.amount(rng, c.lang))
    kv(d, c, "Released", T.date(rng, c.lang))
    kv(d, c, "Made in", T.place_word(rng))
    kv(d, c, "Warranty", L("%d months" % rng.choice([12, 24, 36]), "measurement"))
    kv(d, c, "Notes", T.word_name(rng))


@template("kv_form", "kv.order_summary", negative=True)
def kv_order(d, c):
    form_start(c)
    rng = c.rng
    d.t(lab(c.lang, "order", rng) + c._kvsep).add(T.order_id(rng)).t("\n")
    kv(d, c, lab(c.lang, "date", rng), T.date(rng, c.lang))
    for _ in range(rng.randint(1, 5)):
        d.add(T.quantity(rng, c.lang)).t(" x ").add(T.product(rng)).t(" (").add(T.sku(rng)).t(") ").add(T.amount(rng, c.lang)).t("\n")
    kv(d, c, lab(c.lang, "amount", rng), T.amount(rng, c.lang))
    kv(d, c, lab(c.lang, "status", rng), rng.choice(["paid", "shipped", "bezahlt", "expédié", "pagado"]))
    kv(d, c, "Tracking", T.tracking(rng))
    kv(d, c, "Invoice", T.invoice_id(rng))


# ------------------------------------------------------------------ dash_form
@template("dash_form", "dash.registration")
def dash_reg(d, c):
    rng = c.rng
    p = c.person()
    c.lower_p = 0.1
    sep = rng.choice([" - ", " – ", " -- "])
    for key, v in [("name", P(c, p)), ("email", EM(p)), ("mobile", L(p.mobile, "phone")), ("dob", dob(c, p)),
                   ("address", p.addr.one_line()), ("company", L(c.company(), "company")), ("job", L(p.job, "job_title"))]:
        d.t(lab(c.lang, key, rng) + sep).add(v).t("\n")
    d.t(lab(c.lang, "order", rng) + sep).add(T.order_id(rng)).t("\n")


@template("dash_form", "dash.contact_card")
def dash_card(d, c):
    rng = c.rng
    p = c.person()
    d.add(P(c, p)).t(" (").add(L(p.job, "job_title")).t(")\n")
    d.t(lab(c.lang, "phone", rng) + " (").add(L(p.phone, "phone")).t(")\n")
    d.t(lab(c.lang, "mobile", rng) + " (").add(L(p.mobile, "phone")).t(")\n")
    d.t(lab(c.lang, "email", rng) + " (").add(EM(p)).t(")\n")
    d.t(lab(c.lang, "address", rng) + " (").add(p.addr.one_line()).t(")\n")
    if rng.random() < 0.5:
        d.t("LinkedIn (").add(L("https://www.linkedin.com/in/%s-%s-%d" % (p.ascii_given, p.ascii_family, rng.randint(10, 9999)), "url")).t(")\n")


@template("dash_form", "dash.bank_transfer")
def dash_bank(d, c):
    rng = c.rng
    p, q = c.person(), c.person()
    d.t("Payee #").add(P(c, q)).t("\n")
    d.t(lab(c.lang, "iban", rng) + " #").add(L(c.bank()[0], "bank_account")).t("\n")
    if c.cfg["cc"] == "US":
        d.t("Routing no. ").add(L(c.f.aba(), "bank_account")).t("\n")
    if c.cfg["cc"] == "GB":
        d.t("Sort code no. ").add(L("%s-%s-%s" % (T.digits(rng, 2), T.digits(rng, 2), T.digits(rng, 2)), "bank_account")).t("\n")
    d.t(lab(c.lang, "amount", rng) + " #").add(T.amount(rng, c.lang)).t("\n")
    d.t("Reference no. ").add(T.invoice_id(rng)).t("\n")
    d.t("Requested by - ").add(P(c, p)).t(", ext. ").add(L(str(rng.randint(100, 999)), "quantity")).t("\n")
    d.t("Card no. ").add(L(c.card()[0], "card_number")).t(" (corporate)\n")


@template("dash_form", "dash.id_check")
def dash_id(d, c):
    rng = c.rng
    p = c.person()
    nid, nl = nid_pieces(c)
    d.t(nl + " no. ").add(nid).t("\n")
    d.t(lab(c.lang, "passport", rng) + " #").add(L(c.passport(), "id_number")).t("\n")
    d.t(lab(c.lang, "name", rng) + " - ").add(P(c, p)).t("\n")
    d.t(lab(c.lang, "dob", rng) + " - ").add(dob(c, p)).t("\n")
    d.t(lab(c.lang, "postcode", rng) + " (").add(p.addr.P()).t(") ").t(lab(c.lang, "city", rng) + " (").add(p.addr.C()).t(")\n")
    d.t("Checked on ").add(T.date(rng, c.lang)).t(" at ").add(T.time(rng)).t("\n")


@template("dash_form", "dash.release_notes", negative=True)
def dash_release(d, c):
    rng = c.rng
    d.t("Release #").add(T.version(rng)).t("\nDate - ").add(T.date(rng, c.lang)).t("\nBuild no. ").add(L(str(rng.randint(1000, 99999)), "build_id"))
    d.t("\nCommit (").add(T.git_hash(rng, True)).t(")\n\nChanges:\n")
    for _ in range(rng.randint(2, 6)):
        d.t("- Fixed ticket #").add(L(str(rng.randint(1000, 99999)), "ticket_id")).t(" (").add(T.product(rng)).t(" sync)\n")
    d.t("- Upgraded ").add(T.public_org(rng)).t(" SDK to ").add(T.version(rng)).t("\n- ").add(T.word_name(rng)).t("\n")
    d.t("Known issue - phone-style ticket ref ").add(T.phone_lookalike(rng)).t(" is a batch id, not a number to call.\n")


# ------------------------------------------------------------------ email_thread
def addr_hdr(p, c, with_name=True):
    if with_name and c.rng.random() < 0.8:
        return [P(c, p, False), " <", EM(p), ">"]
    return [EM(p)]


def signature(d, c, p, comp=None, work_email=None):
    rng = c.rng
    d.t("\n").add(P(c, p, False)).t("\n")
    if comp:
        if rng.random() < 0.6:
            d.add(L(p.job, "job_title")).t(" | ")
        d.add(L(comp, "company")).t("\n")
        for ln in c.person().addr.lines(with_country=rng.random() < 0.4):
            d.add(ln).t("\n")
    d.t(w(c, "sig_tel") + " ").add(L(p.phone, "phone")).t("\n")
    if rng.random() < 0.6:
        d.t(w(c, "sig_mob") + " ").add(L(p.mobile, "phone")).t("\n")
    if work_email and rng.random() < 0.5:
        d.add(L(work_email, "email")).t("\n")


def hdr_date(c):
    rng = c.rng
    return ["%s, %d %s %d " % (rng.choice(["Mon", "Tue", "Wed", "Thu", "Fri"]), rng.randint(1, 28), rng.choice(T.MONTHS_EN), rng.randint(2023, 2025)),
            L("%02d:%02d" % (rng.randint(7, 20), rng.randint(0, 59)), "time"), " +0100"]


@template("email_thread", "email.customer_inquiry", langs=LANGS)
def email_inquiry(d, c):
    rng = c.rng
    p, agent = c.person(), c.person()
    comp = c.company()
    dom = c.company_domain(comp)
    f = fill(c, p)
    d.t(w(c, "from_") + ": ").add(addr_hdr(p, c)).t("\n" + w(c, "to") + ": ").add(L("support@" + dom, "email")).t("\n")
    d.t(w(c, "date") + ": ").add(hdr_date(c)).t("\n" + w(c, "subject") + ": ").add(rng.choice([["Order ", f["order"]], [lab(c.lang, "address", rng)], ["?"]])).t("\n\n")
    d.t(rng.choice(ph(c)["hello_team"]) + "\n\n")
    for s in rng.sample(ph(c)["inquiry"], rng.randint(1, 3)):
        d.f(s[0].upper() + s[1:] if s[0] != "{" else s, **fill(c, p))
        d.t("\n\n")
    d.t(rng.choice(ph(c)["bye"]))
    signature(d, c, p)
    if rng.random() < 0.6:
        d.t("\n\n> " + w(c, "from_") + ": ").add(addr_hdr(agent, c)).t("\n> ")
        d.f(rng.choice(ph(c)["hello"]), **fill(c, p))
        d.t("\n> ")
        d.f(rng.choice(ph(c)["agent"]), **fill(c, p))
        d.t("\n> ").add(P(c, agent, False)).t(", ").add(L(comp, "company")).t("\n")
    boiler(d, c, 0, 0.9)


@template("email_thread", "email.internal_forward", langs=LANGS)
def email_fwd(d, c):
    rng = c.rng
    comp = c.company()
    dom = c.company_domain(comp)
    a, b, cust = c.person(), c.person(), c.person()
    ae, be = c.work_email(a, dom), c.work_email(b, dom)
    d.t(w(c, "from_") + ": ").add(P(c, a, False)).t(" <").add(L(ae, "email")).t(">\n" + w(c, "to") + ": ").add(P(c, b, False)).t(" <").add(L(be, "email")).t(">\n")
    if rng.random() < 0.5:
        x = c.person()
        d.t(w(c, "cc") + ": ").add(L(c.work_email(x, dom), "email")).t("\n")
    d.t(w(c, "subject") + ": Fwd: ").add(T.ticket_id(rng)).t("\n\n")
    d.f(rng.choice(ph(c)["hello"]), **fill(c, b))
    d.t("\n\n")
    d.f(rng.choice(ph(c)["ticket_note"]), **fill(c, cust))
    d.t("\n\n---------- " + w(c, "fwd") + " ----------\n" + w(c, "from_") + ": ").add(addr_hdr(cust, c)).t("\n" + w(c, "date") + ": ").add(T.date(rng, c.lang)).t("\n\n")
    d.t(rng.choice(ph(c)["hello_team"]) + "\n")
    d.f(rng.choice(ph(c)["inquiry"]), **fill(c, cust))
    d.t("\n" + rng.choice(ph(c)["bye"]) + "\n").add(P(c, cust)).t("\n").add(L(cust.mobile, "phone")).t("\n")
    signature(d, c, a, comp, ae) if rng.random() < 0.5 else None
    boiler(d, c, 0, 0.9)


@template("email_thread", "email.invoice_query", langs=LANGS)
def email_invoice(d, c):
    rng = c.rng
    p = c.person()
    comp = c.company()
    dom = c.company_domain(comp)
    acc = c.person()
    d.t(w(c, "from_") + ": ").add(addr_hdr(p, c)).t("\n" + w(c, "to") + ": ").add(P(c, acc, False)).t(" <").add(L(c.work_email(acc, dom), "email")).t(">\n")
    d.t(w(c, "subject") + ": " + w(c, "re") + ": ").add(T.invoice_id(rng)).t("\n\n")
    d.f(rng.choice(ph(c)["hello"]), **fill(c, acc))
    d.t("\n\n")
    d.f(rng.choice([s for s in ph(c)["letter_body"] if "{iban}" in s] or ph(c)["letter_body"]), **fill(c, p))
    d.t("\n\n")
    d.f(rng.choice(ph(c)["inquiry"]), **fill(c, p))
    d.t("\n\n" + rng.choice(ph(c)["bye"]))
    signature(d, c, p, c.company() if rng.random() < 0.4 else None)
    boiler(d, c, 0, 0.9)


@template("email_thread", "email.recruiting")
def email_recruit(d, c):
    rng = c.rng
    cand, rec = c.person(), c.person()
    comp = c.company()
    dom = c.company_domain(comp)
    d.t("From: ").add([P(c, rec, False), " <", L(c.work_email(rec, dom), "email"), ">"]).t("\nTo: ").add(addr_hdr(cand, c)).t("\nSubject: Interview - ").add(L(cand.job, "job_title")).t("\n\n")
    d.t("Hi ").add(L(cand.given, "person")).t(",\n\nThanks for your application. We'd like to invite you to an interview on ").add(T.date(rng, "en")).t(" at ").add(T.time(rng)).t(".\n")
    d.t("Our office is at ").add(c.person().addr.one_line()).t(". Please bring your passport (we have ").add(L(c.passport(), "id_number")).t(" on file) for the security desk.\n\n")
    d.t("On your CV you list ").add(L(cand.phone, "phone")).t(" - is that still the best number?\n\nBest,\n").add(P(c, rec, False)).t("\n").add(L(comp, "company")).t("\n")
    d.t("\n> On ").add(T.date(rng, "en")).t(", ").add(P(c, cand, False)).t(" wrote:\n> Please find my CV attached. I'm currently based in ").add(cand.addr.C()).t(" and available from ").add(L(rng.choice(T.MONTHS["en"]), "date")).t(".\n")


@template("email_thread", "email.system_notice", negative=True)
def email_neg(d, c):
    rng = c.rng
    d.t(w(c, "from_") + ": Build System\n" + w(c, "to") + ": Release Managers\n" + w(c, "date") + ": ").add(T.date(rng, c.lang)).t("\n")
    d.t(w(c, "subject") + ": ").add(T.version(rng)).t("\n\n")
    d.t(rng.choice(PH.get(c.lang, PH["en"])["hello_team"]) + "\n\n")
    neg_para(d, c, rng.randint(2, 5))
    d.t("\n\n> ")
    neg_para(d, c, 2)
    d.t("\n")


# ------------------------------------------------------------------ chat
PII_KEYS = ("{phone}", "{mobile}", "{email}", "{street}", "{card}", "{iban}", "{nid}", "{other}", "{name}", "{addr}", "{fname}")


def pii_lines(bank):
    return [x for x in bank if any(k in x for k in PII_KEYS)]


def chat_lines(d, c, people, n, fmt, agent_only=False):
    rng = c.rng
    c.lower_p = 0.15
    bank = ph(c)["chat"]
    agent_bank = ph(c)["agent"]
    for i in range(n):
        sp = people[i % len(people)] if rng.random() < 0.7 else rng.choice(people)
        if i == 1 or n == 1:
            sp = people[0]
            line = rng.choice(pii_lines(bank))
        elif sp is people[0] or len(people) < 2:
            line = rng.choice(bank)
        elif agent_only:
            line = rng.choice(agent_bank)
        else:
            line = rng.choice(bank + agent_bank)
        fmt(d, sp, i)
        other = [x for x in people if x is not sp] or people
        if line in agent_bank:
            f = fill(c, people[0], c.person())   # the agent talks about the customer
        else:
            f = fill(c, sp, c.person() if rng.random() < 0.5 else rng.choice(other))
        if rng.random() < 0.12:
            line = line.lower()
        d.f(line, **f)
        d.t("\n")


def speaker(c, p):
    r = c.rng.random()
    if r < 0.6:
        return P(c, p, False)
    if r < 0.85:
        return L(p.given, "person")
    return L(p.username, "username")


@template("chat", "chat.bracket", langs=LANGS)
def chat_bracket(d, c):
    rng = c.rng
    people = [c.person() for _ in range(rng.randint(2, 3))]
    sp = {id(p): speaker(c, p) for p in people}
    h, m = rng.randint(7, 21), rng.randint(0, 50)

    def fmt(d, p, i):
        d.t("[").add(L("%02d:%02d" % (h, (m + i) % 60), "time")).t("] ").add(sp[id(p)]).t(": ")
    chat_lines(d, c, people, rng.randint(5, 22), fmt)


@template("chat", "chat.slack", langs=LANGS)
def chat_slack(d, c):
    rng = c.rng
    people = [c.person() for _ in range(rng.randint(2, 4))]
    h = rng.randint(1, 11)

    def fmt(d, p, i):
        d.add(L(p.username, "username") if rng.random() < 0.5 else P(c, p, False)).t("  ").add(L("%d:%02d %s" % (h, (i * 3) % 60, rng.choice(["AM", "PM"])), "time")).t("\n")
    chat_lines(d, c, people, rng.randint(5, 20), fmt)


@template("chat", "chat.whatsapp", langs=LANGS)
def chat_wa(d, c):
    rng = c.rng
    people = [c.person() for _ in range(2)]
    day = "%02d/%02d/%d" % (rng.randint(1, 28), rng.randint(1, 12), rng.randint(2022, 2025))
    names = {id(p): (P(c, p, False) if rng.random() < 0.7 else L(p.given, "person")) for p in people}

    def fmt(d, p, i):
        d.add(L(day, "date")).t(", ").add(L("%02d:%02d" % (rng.randint(8, 22), rng.randint(0, 59)), "time")).t(" - ").add(names[id(p)]).t(": ")
    chat_lines(d, c, people, rng.randint(5, 24), fmt)


@template("chat", "chat.support_widget", langs=LANGS)
def chat_widget(d, c):
    rng = c.rng
    cust, agent = c.person(), c.person()

    def fmt(d, p, i):
        if p is cust:
            d.t("Visitor: ") if rng.random() < 0.5 else d.add(L(cust.given, "person")).t(": ")
        else:
            d.t("Agent ").add(L(agent.given, "person")).t(": ")
    chat_lines(d, c, [cust, agent], rng.randint(4, 14), fmt, agent_only=True)


@template("chat", "chat.single_message", langs=LANGS)
def chat_single(d, c):
    rng = c.rng
    p = c.person()
    c.lower_p = 0.2
    f = fill(c, p)
    if rng.random() < 0.5:
        d.add(L(p.given, "person")).t(": ")
    d.f(rng.choice(pii_lines(ph(c)["chat"])), **f)
    if rng.random() < 0.5:
        d.t(" ")
        d.f(rng.choice(ph(c)["chat"]), **fill(c, p))
    d.t("\n")


@template("chat", "chat.ops_channel", negative=True)
def chat_neg(d, c):
    rng = c.rng
    bots = ["deploy-bot", "ci", "oncall", "alerts", "release-train"]
    for i in range(rng.randint(3, 9)):
        d.t("[").add(T.time(rng)).t("] ").add(L(rng.choice(bots), "username")).t(": ")
        neg_para(d, c, 1)
        d.t("\n")


# ------------------------------------------------------------------ ticket
@template("ticket", "ticket.support", langs=LANGS)
def ticket_support(d, c):
    rng = c.rng
    p, agent = c.person(), c.person()
    c.lower_p = 0.08
    d.t("Ticket ").add(T.ticket_id(rng)).t("  |  " + w(c, "priority") + ": %s\n" % rng.choice(["P2", "P3", "High", "Normal"]))
    d.t(lab(c.lang, "customer", rng) + ": ").add(P(c, p)).t(" <").add(EM(p)).t(">\n")
    d.t(lab(c.lang, "phone", rng) + ": ").add(L(p.phone, "phone")).t("\n")
    d.t(lab(c.lang, "order", rng) + ": ").add(T.order_id(rng)).t("\n\n" + w(c, "desc") + ":\n")
    for s in rng.sample(ph(c)["inquiry"], rng.randint(1, 2)):
        d.f(s, **fill(c, p))
        d.t("\n")
    d.t("\n--- " + w(c, "internal") + " (").add(L(agent.username, "username")).t(", ").add(T.date(rng, c.lang)).t(") ---\n")
    for s in rng.sample(ph(c)["ticket_note"], rng.randint(1, 3)):
        d.f(s, **fill(c, p))
        d.t("\n")
    boiler(d, c, 2, 0.9)


@template("ticket", "ticket.it_helpdesk")
def ticket_it(d, c):
    rng = c.rng
    p = c.person()
    comp = c.company()
    dom = c.company_domain(comp)
    d.t("INC").add(L(T.digits(rng, 7), "ticket_id")).t(" - VPN / account locked\nReported by: ").add(P(c, p, False)).t(" (").add(L(c.work_email(p, dom), "email")).t(")\n")
    d.t("Location: ").add(L(comp, "company")).t(", ").add(p.addr.C()).t("\nAsset: ").add(L(T.internal_host(rng, T.slug(rng)), "hostname")).t("  IP: ").add(L(T.ip4(rng, True), "ip_address")).t("\n")
    d.t("Callback: ").add(L(p.mobile, "phone")).t("\n\nUser cannot log in since ").add(T.time(rng)).t(". Last successful login from ").add(L(T.ip4(rng, False), "ip_address"))
    d.t(". Password reset link sent to ").add(EM(p)).t(".\nWorknote: cleared lockout on ").add(L(T.internal_host(rng, T.slug(rng)), "hostname")).t(", client version ").add(T.version(rng)).t(".\n")


@template("ticket", "ticket.delivery_issue", langs=LANGS)
def ticket_delivery(d, c):
    rng = c.rng
    p = c.person()
    d.t("#").add(L(str(rng.randint(100000, 999999)), "ticket_id")).t(" ").add(T.tracking(rng)).t("\n")
    for ln in p.addr.lines(with_country=rng.random() < 0.3):
        pass
    d.add(P(c, p)).t("\n")
    for ln in p.addr.lines():
        d.add(ln).t("\n")
    d.add(L(p.mobile, "phone")).t("\n\n")
    d.f(rng.choice(ph(c)["inquiry"]), **fill(c, p))
    d.t("\n\n")
    d.f(rng.choice(ph(c)["agent"]), **fill(c, p))
    d.t("\n")
    boiler(d, c, 2, 0.9)


@template("ticket", "ticket.bug_report", negative=True)
def ticket_bug(d, c):
    rng = c.rng
    d.t("Bug ").add(T.ticket_id(rng)).t(": export fails for large catalogs\nAffects: ").add(T.version(rng)).t("\nReporter: qa-automation\n\nSteps:\n")
    d.t("1. Import ").add(L(str(rng.randint(1000, 50000)), "quantity")).t(" products (e.g. ").add(T.sku(rng)).t(")\n2. Run export at ").add(T.time(rng)).t("\n3. Observe timeout after ").add(L(T.dur(rng), "measurement")).t("\n\n")
    neg_para(d, c, 2)
    d.t("\nRequest id ").add(T.uuid(rng)).t(", commit ").add(T.git_hash(rng)).t("\n")


# ------------------------------------------------------------------ letter
CLOSING_CITY_DATE = {"de": "{city}, den {date}", "fr": "{city}, le {date}", "es": "{city}, a {date}", "it": "{city}, {date}",
                     "nl": "{city}, {date}", "pt": "{city}, {date}", "pl": "{city}, dnia {date}", "sv": "{city} {date}", "en": "{date}"}


@template("letter", "letter.formal", langs=LANGS)
def letter_formal(d, c):
    rng = c.rng
    sender, rcpt = c.person(), c.person()
    comp = c.company() if rng.random() < 0.5 else None
    # sender block
    if comp:
        d.add(L(comp, "company")).t("\n")
    else:
        d.add(P(c, sender, False)).t("\n")
    for ln in sender.addr.lines():
        d.add(ln).t("\n")
    d.t("\n\n")
    if rng.random() < 0.6:
        d.add(p_title(c, rcpt)).add(P(c, rcpt, False)).t("\n")
    else:
        d.add(P(c, rcpt, False)).t("\n")
    for ln in rcpt.addr.lines(with_country=rng.random() < 0.4):
        d.add(ln).t("\n")
    d.t("\n")
    d.f(CLOSING_CITY_DATE.get(c.lang, "{date}"), city=sender.addr.C(), date=T.date(rng, c.lang, fmt=3))
    d.t("\n\n")
    f = fill(c, rcpt)
    d.t(w(c, "subject") + ": " if rng.random() < 0.4 else "")
    d.f(rng.choice(ph(c)["letter_subject"]), **f)
    d.t("\n\n")
    d.f(rng.choice(ph(c)["hello"]), **f)
    d.t("\n\n")
    for s in rng.sample(ph(c)["letter_body"], rng.randint(1, 3)):
        d.f(s, **fill(c, rcpt))
        d.t("\n\n")
    d.t(rng.choice(ph(c)["bye"]) + "\n\n")
    if comp:
        d.add(P(c, sender, False)).t("\n").add(L(sender.job, "job_title")).t("\n")
    else:
        d.add(P(c, sender, False)).t("\n")
    if rng.random() < 0.4:
        d.t(w(c, "enclosures") + ": 2\n")
    if rng.random() < 0.5:
        d.t("\n")
        neg_para(d, c, 2)
        d.t("\n")


def p_title(c, p):
    return (p.title + " ") if p.title else ""


@template("letter", "letter.bank_notice", langs=LANGS)
def letter_bank(d, c):
    rng = c.rng
    rcpt = c.person()
    bank_name = c.company()
    d.add(L(bank_name, "company")).t("\n")
    ba = c.person().addr
    d.add(ba.one_line()).t("\n\n")
    d.add(P(c, rcpt, False)).t("\n")
    for ln in rcpt.addr.lines():
        d.add(ln).t("\n")
    d.t("\n" + w(c, "your_ref") + ": ").add(T.invoice_id(rng)).t("\n")
    d.t(lab(c.lang, "iban", rng) + ": ").add(L(c.bank()[0], "bank_account")).t("\n\n")
    f = fill(c, rcpt)
    d.f(rng.choice(ph(c)["hello"]), **f)
    d.t("\n\n")
    d.f([s for s in ph(c)["letter_body"] if "{iban}" in s][0], **f)
    d.t("\n\n")
    d.f(ph(c)["letter_body"][1], **fill(c, rcpt))
    d.t("\n\n" + rng.choice(ph(c)["bye"]) + "\n").add(L(bank_name, "company")).t("\n")


@template("letter", "letter.reference_en")
def letter_ref(d, c):
    rng = c.rng
    emp, boss = c.person(), c.person()
    comp = c.company()
    d.add(L(comp, "company")).t("\n")
    for ln in boss.addr.lines(with_country=True):
        d.add(ln).t("\n")
    d.t("\n").add(T.date(rng, "en", fmt=4 if c.loc == "en_US" else 3)).t("\n\nTo whom it may concern,\n\n")
    d.t("I am pleased to confirm that ").add(P(c, emp, False)).t(", born ").add(dob(c, emp)).t(", has been employed by ").add(L(comp, "company"))
    d.t(" as ").add(L(emp.job, "job_title")).t(" since ").add(T.date(rng, "en")).t(". ").add(L(emp.given, "person"))
    d.t(" has been reliable and thorough, and I recommend them without reservation.\n\nShould you need more information, please contact me on ").add(L(boss.phone, "phone"))
    d.t(" or at ").add(L(c.work_email(boss, c.company_domain(comp)), "email")).t(".\n\nYours faithfully,\n\n").add(P(c, boss, False)).t("\n").add(L(boss.job, "job_title")).t("\n")


@template("letter", "letter.circular", negative=True, langs=LANGS)
def letter_neg(d, c):
    rng = c.rng
    d.t({"de": "Sehr geehrte Kundin, sehr geehrter Kunde,", "fr": "Chère cliente, cher client,", "es": "Estimado cliente:",
         "it": "Gentile cliente,", "nl": "Beste klant,", "pt": "Caro cliente,", "pl": "Szanowni Klienci,", "sv": "Bästa kund,"}.get(c.lang, "Dear customer,"))
    d.t("\n\n")
    neg_para(d, c, rng.randint(3, 6))
    d.t("\n\n")
    neg_para(d, c, 2)
    d.t("\n\n" + rng.choice(PH.get(c.lang, PH["en"])["bye"]) + "\n").add(T.public_org(rng)).t(" Customer Service\n")


# ------------------------------------------------------------------ prose
@template("prose", "prose.paragraphs", langs=LANGS)
def prose_par(d, c):
    rng = c.rng
    p, q = c.person(), c.person()
    for s in rng.sample(ph(c)["prose"], min(len(ph(c)["prose"]), rng.randint(2, 4))):
        d.f(s, **fill(c, p, q))
        d.t(" " if rng.random() < 0.5 else "\n\n")
    for s in rng.sample(ph(c)["inquiry"], rng.randint(0, 2)):
        d.f(s[0].upper() + s[1:] if s[0] != "{" else s, **fill(c, p, q))
        d.t(" ")
    if rng.random() < 0.7:
        d.t("\n\n")
        neg_para(d, c, 3)


@template("prose", "prose.meeting_minutes", langs=LANGS)
def prose_minutes(d, c):
    rng = c.rng
    ppl = [c.person() for _ in range(rng.randint(2, 4))]
    d.t(w(c, "minutes") + " ").add(T.date(rng, c.lang)).t("\n" + w(c, "present") + ": ")
    for i, p in enumerate(ppl):
        if i:
            d.t(", ")
        d.add(P(c, p, False))
    d.t("\n\n")
    neg_para(d, c, 3)
    d.t("\n\n" + w(c, "actions") + ":\n")
    for p in ppl:
        d.t("- ").add(L(p.given, "person") if rng.random() < 0.5 else P(c, p, False)).t(": ")
        d.f(rng.choice(ph(c)["ticket_note"]), **fill(c, c.person()))
        d.t("\n")


@template("prose", "prose.incident_report")
def prose_incident(d, c):
    rng = c.rng
    p, q = c.person(), c.person()
    d.t("Incident report ").add(T.ticket_id(rng)).t("\n\nOn ").add(T.date(rng, "en")).t(" at approximately ").add(T.time(rng)).t(", ").add(P(c, p, False))
    d.t(" reported that a laptop was stolen from a car parked outside ").add(p.addr.S()).t(", ").add(p.addr.C()).t(". The vehicle (").add(T.licence_plate(c))
    d.t(") belongs to ").add(P(c, q, False)).t(", who can be reached on ").add(L(q.mobile, "phone")).t(". The device was last seen online from ").add(L(T.ip4(rng, False), "ip_address"))
    d.t(". ").add(L(p.given, "person")).t(" confirmed the company card ").add(L(c.card()[0], "card_number")).t(" was in the bag and has been blocked.\n")


@template("prose", "prose.bio")
def prose_bio(d, c):
    rng = c.rng
    p = c.person()
    comp = c.company()
    d.add(P(c, p, False)).t(" is a ").add(L(p.job, "job_title")).t(" based in ").add(p.addr.C()).t(". Before joining ").add(L(comp, "company"))
    d.t(" in ").add(L(str(rng.randint(2005, 2023)), "date")).t(", ").add(L(p.given, "person")).t(" spent several years working with ").add(T.public_org(rng))
    d.t(" on projects in ").add(T.place_word(rng)).t(". You can reach ").add(L(p.given, "person")).t(" at ").add(EM(p)).t(" or follow their writing at ")
    d.add(L("https://%s%s.%s/blog" % (p.ascii_given, p.ascii_family, rng.choice(["com", "net", "io", "dev"])), "url")).t(".\n")


@template("prose", "prose.market_update", negative=True, langs=LANGS)
def prose_neg(d, c):
    neg_para(d, c, c.rng.randint(4, 8))
    d.t("\n\n")
    neg_para(d, c, c.rng.randint(2, 5))
    d.t("\n")


@template("prose", "prose.product_review", negative=True)
def prose_review(d, c):
    rng = c.rng
    d.t("Review: ").add(T.product(rng)).t("\n\nI bought the ").add(T.product(rng)).t(" in ").add(L("%s %d" % (rng.choice(T.MONTHS["en"]), rng.randint(2021, 2025)), "date"))
    d.t(" for ").add(T.amount(rng)).t(". Battery lasts about ").add(L("%d hours" % rng.randint(4, 30), "measurement")).t(", the case measures ").add(T.measurement(rng))
    d.t(". Firmware ").add(T.version(rng)).t(" fixed the pairing bug. ").add(T.word_name(rng)).t(" Shipping from ").add(T.place_word(rng)).t(" took ")
    d.add(L("%d days" % rng.randint(2, 14), "measurement")).t(". Four stars.\n")
