"""Locale configuration and entity generation (people, addresses, phones, ids, bank, cards)."""
import string
import unicodedata

from faker import Faker

from doc import L

# ------------------------------------------------------------------ locale table
# lang: language used for native templates (None -> English only)
# layout: address layout family
# script: 'latin' or the native non-latin script family (affects romanisation)
LOCALES = {
    "en_US": dict(lang="en", layout="us", country=("United States", "USA"), cc="US"),
    "en_GB": dict(lang="en", layout="uk", country=("United Kingdom", "United Kingdom"), cc="GB"),
    "en_IN": dict(lang="en", layout="in", country=("India", "India"), cc="IN"),
    "en_AU": dict(lang="en", layout="au", country=("Australia", "Australia"), cc="AU"),
    "en_NZ": dict(lang="en", layout="nz", country=("New Zealand", "New Zealand"), cc="NZ"),
    "en_IE": dict(lang="en", layout="ie", country=("Ireland", "Ireland"), cc="IE"),
    "en_CA": dict(lang="en", layout="ca", country=("Canada", "Canada"), cc="CA"),
    "de_DE": dict(lang="de", layout="eu", country=("Deutschland", "Germany"), cc="DE"),
    "de_AT": dict(lang="de", layout="eu", country=("Österreich", "Austria"), cc="AT"),
    "de_CH": dict(lang="de", layout="eu", country=("Schweiz", "Switzerland"), cc="CH"),
    "fr_FR": dict(lang="fr", layout="fr", country=("France", "France"), cc="FR"),
    "fr_CH": dict(lang="fr", layout="eu", country=("Suisse", "Switzerland"), cc="CH"),
    "fr_CA": dict(lang="fr", layout="ca", country=("Canada", "Canada"), cc="CA"),
    "es_ES": dict(lang="es", layout="eu", country=("España", "Spain"), cc="ES"),
    "es_MX": dict(lang="es", layout="mx", country=("México", "Mexico"), cc="MX"),
    "pt_BR": dict(lang="pt", layout="br", country=("Brasil", "Brazil"), cc="BR"),
    "pt_PT": dict(lang="pt", layout="eu", country=("Portugal", "Portugal"), cc="PT"),
    "it_IT": dict(lang="it", layout="it", country=("Italia", "Italy"), cc="IT"),
    "nl_NL": dict(lang="nl", layout="eu", country=("Nederland", "Netherlands"), cc="NL"),
    "nl_BE": dict(lang="nl", layout="eu", country=("België", "Belgium"), cc="BE"),
    "pl_PL": dict(lang="pl", layout="eu", country=("Polska", "Poland"), cc="PL"),
    "sv_SE": dict(lang="sv", layout="eu", country=("Sverige", "Sweden"), cc="SE"),
    "da_DK": dict(lang=None, layout="eu", country=("Danmark", "Denmark"), cc="DK"),
    "no_NO": dict(lang=None, layout="eu", country=("Norge", "Norway"), cc="NO"),
    "fi_FI": dict(lang=None, layout="eu", country=("Suomi", "Finland"), cc="FI"),
    "cs_CZ": dict(lang=None, layout="eu", country=("Česká republika", "Czech Republic"), cc="CZ"),
    "sk_SK": dict(lang=None, layout="eu", country=("Slovensko", "Slovakia"), cc="SK"),
    "hu_HU": dict(lang=None, layout="hu", country=("Magyarország", "Hungary"), cc="HU"),
    "ro_RO": dict(lang=None, layout="eu", country=("România", "Romania"), cc="RO"),
    "tr_TR": dict(lang=None, layout="tr", country=("Türkiye", "Turkey"), cc="TR"),
    "el_GR": dict(lang=None, layout="eu", country=("Ελλάδα", "Greece"), cc="GR", script="greek"),
    "hr_HR": dict(lang=None, layout="eu", country=("Hrvatska", "Croatia"), cc="HR"),
    "sl_SI": dict(lang=None, layout="eu", country=("Slovenija", "Slovenia"), cc="SI"),
    "et_EE": dict(lang=None, layout="eu", country=("Eesti", "Estonia"), cc="EE"),
    "lt_LT": dict(lang=None, layout="eu", country=("Lietuva", "Lithuania"), cc="LT"),
    "lv_LV": dict(lang=None, layout="eu", country=("Latvija", "Latvia"), cc="LV"),
    "bg_BG": dict(lang=None, layout="eu", country=("България", "Bulgaria"), cc="BG", script="cyrillic"),
    "uk_UA": dict(lang=None, layout="ua", country=("Україна", "Ukraine"), cc="UA", script="cyrillic"),
    "ja_JP": dict(lang=None, layout="jp", country=("日本", "Japan"), cc="JP", script="cjk"),
    "zh_CN": dict(lang=None, layout="cn", country=("中国", "China"), cc="CN", script="cjk"),
    "ko_KR": dict(lang=None, layout="kr", country=("대한민국", "South Korea"), cc="KR", script="hangul"),
    "en_PH": dict(lang="en", layout="ph", country=("Philippines", "Philippines"), cc="PH"),
    "id_ID": dict(lang=None, layout="id", country=("Indonesia", "Indonesia"), cc="ID"),
    "th_TH": dict(lang=None, layout="th", country=("ประเทศไทย", "Thailand"), cc="TH", script="thai"),
    "he_IL": dict(lang=None, layout="il", country=("ישראל", "Israel"), cc="IL", script="hebrew"),
}

# ------------------------------------------------------------------ hand-made data for locales
# whose Faker address providers are English placeholders or need romanised forms.
HAND = {
    "tr_TR": dict(
        streets=["Atatürk Caddesi", "İstiklal Caddesi", "Cumhuriyet Mahallesi Gül Sokak", "Bağdat Caddesi",
                 "Kazım Karabekir Caddesi", "Fevzi Çakmak Sokak", "Mimar Sinan Caddesi", "Barbaros Bulvarı",
                 "Menekşe Sokak", "Halaskargazi Caddesi", "Ziya Gökalp Sokak", "Gazi Mustafa Kemal Bulvarı"],
        cities=[("İstanbul", "34", "İstanbul"), ("Ankara", "06", "Ankara"), ("İzmir", "35", "İzmir"),
                ("Bursa", "16", "Bursa"), ("Antalya", "07", "Antalya"), ("Kadıköy", "34", "İstanbul"),
                ("Eskişehir", "26", "Eskişehir"), ("Konya", "42", "Konya"), ("Çankaya", "06", "Ankara")],
        num="No: {n}", unit=" D: {u}"),
    "et_EE": dict(
        streets=["Narva mnt", "Pärnu mnt", "Tartu mnt", "Vabaduse pst", "Kaupmehe", "Rüütli", "Suur-Sõjamäe",
                 "Raekoja plats", "Mustamäe tee", "Sõpruse pst", "Kalda tee", "Pikk"],
        cities=[("Tallinn", "1", "Harju maakond"), ("Tartu", "5", "Tartu maakond"), ("Pärnu", "8", "Pärnu maakond"),
                ("Narva", "2", "Ida-Viru maakond"), ("Viljandi", "7", "Viljandi maakond"), ("Rakvere", "4", "Lääne-Viru maakond")],
        num="{n}", unit="-{u}"),
    "lt_LT": dict(
        streets=["Gedimino pr.", "Konstitucijos pr.", "Laisvės al.", "Vilniaus g.", "Savanorių pr.", "Pylimo g.",
                 "Žalgirio g.", "Kauno g.", "Taikos pr.", "Ukmergės g.", "Didžioji g.", "Basanavičiaus g."],
        cities=[("Vilnius", "LT-0", "Vilniaus apskr."), ("Kaunas", "LT-4", "Kauno apskr."), ("Klaipėda", "LT-9", "Klaipėdos apskr."),
                ("Šiauliai", "LT-7", "Šiaulių apskr."), ("Panevėžys", "LT-3", "Panevėžio apskr."), ("Alytus", "LT-6", "Alytaus apskr.")],
        num="{n}", unit="-{u}"),
    "lv_LV": dict(
        streets=["Brīvības iela", "Elizabetes iela", "Krišjāņa Barona iela", "Tērbatas iela", "Dzirnavu iela",
                 "Lāčplēša iela", "Maskavas iela", "Kalnciema iela", "Rīgas iela", "Ganību dambis", "Valdemāra iela"],
        cities=[("Rīga", "LV-10", None), ("Daugavpils", "LV-54", None), ("Liepāja", "LV-34", None),
                ("Jelgava", "LV-30", None), ("Jūrmala", "LV-20", None), ("Ventspils", "LV-36", None)],
        num="{n}", unit="-{u}"),
    "bg_BG": dict(
        streets=["ул. Витоша", "бул. Цар Освободител", "ул. Граф Игнатиев", "бул. Васил Левски", "ул. Раковски",
                 "бул. България", "ул. Шипка", "ул. Оборище", "бул. Христо Ботев", "ул. Солунска"],
        cities=[("София", "1", "област София-град"), ("Пловдив", "4", "област Пловдив"), ("Варна", "9", "област Варна"),
                ("Бургас", "8", "област Бургас"), ("Русе", "7", "област Русе"), ("Стара Загора", "6", "област Стара Загора")],
        num="{n}", unit=", ап. {u}"),
    "en_PH": dict(
        streets=["Ayala Avenue", "Rizal Street", "Mabini Street", "Katipunan Avenue", "Shaw Boulevard", "Aguinaldo Highway",
                 "J.P. Laurel Avenue", "Bonifacio Street", "Osmeña Boulevard", "Roxas Boulevard", "Quezon Avenue"],
        cities=[("Makati City", "12", "Metro Manila"), ("Quezon City", "11", "Metro Manila"), ("Cebu City", "60", "Cebu"),
                ("Davao City", "80", "Davao del Sur"), ("Pasig City", "16", "Metro Manila"), ("Iloilo City", "50", "Iloilo"),
                ("Baguio City", "26", "Benguet")],
        num="{n}", unit="Unit {u}, "),
}

# romanised data for non-latin locales (English documents)
ROMAN = {
    "ja_JP": dict(
        streets=["{n}-{u}-{m} Jingumae", "{n}-{u}-{m} Nishi-Shinjuku", "{n}-{u}-{m} Umeda", "{n}-{u}-{m} Sakae",
                 "{n}-{u}-{m} Minatomirai", "{n}-{u}-{m} Hakata-ekimae", "{n}-{u}-{m} Kitahama", "{n}-{u}-{m} Ebisu-minami"],
        cities=[("Shibuya-ku", "150-", "Tokyo"), ("Shinjuku-ku", "160-", "Tokyo"), ("Kita-ku", "530-", "Osaka"),
                ("Naka-ku", "460-", "Aichi"), ("Nishi-ku", "220-", "Kanagawa"), ("Hakata-ku", "812-", "Fukuoka"),
                ("Chuo-ku", "541-", "Osaka")]),
    "zh_CN": dict(
        streets=["No. {n} Nanjing West Road", "No. {n} Century Avenue", "No. {n} Jianguo Road", "No. {n} Tianhe Road",
                 "No. {n} Zhongshan Road", "Room {u}0{m}, No. {n} Huaihai Middle Road", "No. {n} Xueyuan Road",
                 "No. {n} Keji South 12th Road"],
        cities=[("Shanghai", "200", "Shanghai"), ("Beijing", "100", "Beijing"), ("Guangzhou", "510", "Guangdong"),
                ("Shenzhen", "518", "Guangdong"), ("Hangzhou", "310", "Zhejiang"), ("Chengdu", "610", "Sichuan"),
                ("Nanjing", "210", "Jiangsu")]),
    "ko_KR": dict(
        streets=["{n} Teheran-ro", "{n} Sejong-daero", "{n} Olympic-ro", "{n} Gangnam-daero", "{n} Haeundae-ro",
                 "{n} Dongdaegu-ro", "{n} Yeouidaebang-ro", "{n} Jong-ro"],
        cities=[("Gangnam-gu, Seoul", "06", None), ("Jung-gu, Seoul", "04", None), ("Songpa-gu, Seoul", "05", None),
                ("Haeundae-gu, Busan", "48", None), ("Suseong-gu, Daegu", "42", None), ("Yeongdeungpo-gu, Seoul", "07", None)],
        given=["Min-jun", "Seo-yeon", "Ji-hoon", "Ha-eun", "Do-yoon", "Ji-woo", "Hyun-woo", "Soo-ah", "Jae-won", "Ye-jin",
               "Sung-min", "Eun-ji", "Dong-hyun", "Yu-na", "Tae-yang", "Min-seo"],
        family=["Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim", "Han", "Oh", "Seo", "Shin"]),
    "th_TH": dict(
        streets=["{n}/{u} Sukhumvit Road", "{n} Silom Road", "{n}/{u} Ratchadaphisek Road", "{n} Phahonyothin Road",
                 "{n} Charoen Krung Road", "{n}/{u} Nimmanhaemin Road", "{n} Rama IV Road", "{n} Sathorn Nuea Road"],
        cities=[("Khlong Toei, Bangkok", "101", None), ("Bang Rak, Bangkok", "105", None), ("Huai Khwang, Bangkok", "103", None),
                ("Mueang Chiang Mai, Chiang Mai", "502", None), ("Mueang Phuket, Phuket", "830", None), ("Pathum Wan, Bangkok", "103", None)],
        given=["Somchai", "Siriporn", "Anan", "Kanya", "Niran", "Pimchanok", "Thanawat", "Wanida", "Kittipong",
               "Ratchanee", "Chaiwat", "Nattaya", "Surachai", "Apinya"],
        family=["Srisuk", "Wongsawat", "Chaiyaporn", "Rattanakorn", "Saetang", "Kittisak", "Boonmee", "Thongchai",
                "Phromma", "Suwannarat", "Jantarasri", "Kaewkla"]),
    "he_IL": dict(
        streets=["{n} Herzl Street", "{n} Rothschild Boulevard", "{n} Dizengoff Street", "{n} Jaffa Road",
                 "{n} Ben Yehuda Street", "{n} Weizmann Street", "{n} HaNassi Boulevard", "{n} Allenby Street"],
        cities=[("Tel Aviv-Yafo", "6", None), ("Jerusalem", "9", None), ("Haifa", "3", None), ("Ra'anana", "4", None),
                ("Be'er Sheva", "8", None), ("Herzliya", "4", None)],
        given=["Noa", "Yonatan", "Tamar", "Itai", "Maya", "Omer", "Shira", "Daniel", "Yael", "Ariel", "Lior", "Avigail",
               "Eitan", "Michal", "Amit", "Roni"],
        family=["Cohen", "Levi", "Mizrahi", "Peretz", "Biton", "Friedman", "Avraham", "Katz", "Azoulay", "Ben-David",
                "Shapiro", "Goldberg", "Dahan", "Ohana"]),
}

CYR = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюяієїґ",
               ["a", "b", "v", "g", "d", "e", "yo", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s", "t", "u",
                "f", "kh", "ts", "ch", "sh", "shch", "a", "y", "", "e", "yu", "ya", "i", "ye", "yi", "g"]))
GRK = dict(zip("αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊΐϋΰ",
               ["a", "v", "g", "d", "e", "z", "i", "th", "i", "k", "l", "m", "n", "x", "o", "p", "r", "s", "s", "t", "y",
                "f", "ch", "ps", "o", "a", "e", "i", "i", "o", "y", "o", "i", "i", "y", "y"]))


def translit(s):
    out = []
    for ch in s:
        lo = ch.lower()
        r = CYR.get(lo, GRK.get(lo))
        if r is None:
            out.append(ch)
        else:
            out.append(r.capitalize() if ch != lo and r else r)
    return "".join(out)


SPECIAL_FOLD = {"ß": "ss", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "æ": "ae", "Æ": "AE", "đ": "d", "Đ": "D",
                "ı": "i", "œ": "oe", "þ": "th", "ð": "d"}


def ascii_fold(s):
    s = "".join(SPECIAL_FOLD.get(c, c) for c in translit(s))
    s = unicodedata.normalize("NFKD", s)
    return "".join(c for c in s if ord(c) < 128)


# ------------------------------------------------------------------ id generators
def luhn_digit(num):
    total = 0
    for i, ch in enumerate(reversed(num)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)


IBAN_SPEC = {  # cc: bban pattern (n digit, a upper letter, c alnum)
    "DE": "18n", "AT": "16n", "CH": "17n", "FR": "23n", "ES": "20n", "PT": "21n", "IT": "1a22n", "NL": "4a10n",
    "BE": "12n", "PL": "24n", "SE": "20n", "DK": "14n", "NO": "11n", "FI": "14n", "CZ": "20n", "SK": "20n",
    "HU": "24n", "RO": "4a16n", "TR": "22n", "GR": "23n", "HR": "17n", "SI": "15n", "EE": "16n", "LT": "16n",
    "LV": "4a13n", "BG": "4a14n", "UA": "25n", "GB": "4a14n", "IE": "4a14n", "BR": "23n1a1c", "IL": "19n",
}


def _bban(rng, spec):
    import re
    out = []
    for cnt, t in re.findall(r"(\d+)([anc])", spec):
        for _ in range(int(cnt)):
            if t == "n":
                out.append(rng.choice(string.digits))
            elif t == "a":
                out.append(rng.choice(string.ascii_uppercase))
            else:
                out.append(rng.choice(string.ascii_uppercase + string.digits))
    return "".join(out)


def make_iban(rng, cc):
    bban = _bban(rng, IBAN_SPEC[cc])
    rearr = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in rearr)
    check = 98 - int(num) % 97
    return "%s%02d%s" % (cc, check, bban)


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def digits(rng, n):
    return "".join(rng.choice(string.digits) for _ in range(n))


# ------------------------------------------------------------------ entities
class Address:
    """Address pieces; each piece is a plain string (labels applied when rendered)."""

    def __init__(self, **kw):
        self.street = kw.get("street")
        self.extra = kw.get("extra")      # unit/suburb/neighbourhood line (unlabelled street part -> street_address)
        self.postcode = kw.get("postcode")
        self.city = kw.get("city")
        self.region = kw.get("region")
        self.country = kw.get("country")
        self.layout = kw.get("layout")
        self.roman = kw.get("roman", False)

    def map(self, fn):
        a = Address(**self.__dict__)
        for k in ("street", "extra", "postcode", "city", "region", "country"):
            v = getattr(a, k)
            if v:
                setattr(a, k, fn(v))
        return a

    # piece helpers
    def S(self):
        return L(self.street, "street_address")

    def X(self):
        return L(self.extra, "street_address") if self.extra else None

    def P(self):
        return L(self.postcode, "postcode")

    def C(self):
        return L(self.city, "city")

    def R(self):
        return L(self.region, "region") if self.region else None

    def N(self):
        return L(self.country, "country")

    def lines(self, with_country=False):
        """Address block lines in the locale's postal layout. Each line is a piece list."""
        lay = self.layout
        S, P, C, R = self.S(), self.P(), self.C(), self.R()
        X = self.X()
        out = [[S]]
        if X:
            out.append([X])
        if lay in ("us",):
            out.append([C, ", ", L(self.region, "region"), " ", P])
        elif lay in ("ca", "au"):
            out.append([C, " ", L(self.region, "region"), "  " if lay == "ca" else " ", P])
        elif lay == "uk":
            out += [[C], [P]]
        elif lay == "ie":
            out += [[C], ["Co. ", R] if R else [], [P]]
        elif lay == "nz":
            out += [[C, " ", P]]
        elif lay == "in":
            out += [[C, " - ", P], [R]] if R else [[C, " - ", P]]
        elif lay == "ph":
            out += [[C, ", ", R, " ", P]] if R else [[C, " ", P]]
        elif lay == "br":
            out += [[C, " - ", R], ["CEP ", P]] if R else [[C], ["CEP ", P]]
        elif lay == "mx":
            out += [[P, " ", C, ", ", R]] if R else [[P, " ", C]]
        elif lay == "it":
            out += [[P, " ", C, " (", R, ")"]] if R else [[P, " ", C]]
        elif lay == "hu":
            out = [[C], [S], [P]]
        elif lay == "ua":
            out += [[C], [R, ", ", P]] if R else [[C, ", ", P]]
        elif lay == "jp":
            if self.roman:
                out = [[S], [C, ", ", R, " ", P]]
            else:
                out = [["〒", P], [R, C, S]]
        elif lay == "cn":
            if self.roman:
                out = [[S], [C, ", ", R, " ", P]]
            else:
                out = [[R, C, S], ["邮编 ", P]]
        elif lay == "kr":
            if self.roman:
                out = [[S], [C, " ", P]]
            else:
                out = [[R, " ", C, " ", S], ["(", P, ")"]]
        elif lay == "th":
            out = [[S], [C, " ", P]] if self.roman else [[S], [C, " ", R, " ", P]] if R else [[S], [C, " ", P]]
        elif lay == "il":
            out = [[S], [C, " ", P]]
        elif lay == "id":
            out += [[C, " ", P], [R]] if R else [[C, " ", P]]
        elif lay == "tr":
            out += [[P, " ", C, "/", R]] if R and R.text != C.text else [[P, " ", C]]
        else:  # eu / fr
            out.append([P, " ", C])
        out = [l for l in out if l and all(p is not None for p in l)]
        if with_country:
            out.append([self.N()])
        return out

    def one_line(self, with_country=False, sep=", "):
        parts = []
        for i, line in enumerate(self.lines(with_country)):
            if i:
                parts.append(sep)
            parts.extend(line)
        return parts


class Person:
    pass


TITLES = {
    "en": (["Mr", "Mr.", "Dr."], ["Ms", "Mrs", "Ms.", "Dr."]),
    "de": (["Herr", "Dr."], ["Frau", "Dr."]),
    "fr": (["M.", "Monsieur"], ["Mme", "Madame"]),
    "es": (["Sr.", "D."], ["Sra.", "Dña."]),
    "it": (["Sig.", "Dott."], ["Sig.ra", "Dott.ssa"]),
    "nl": (["Dhr.", "de heer"], ["Mevr.", "mevrouw"]),
    "pt": (["Sr.", "Dr."], ["Sra.", "Dra."]),
    "pl": (["Pan"], ["Pani"]),
    "sv": ([""], [""]),
}

DOMAINS_GENERIC = ["gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me", "hotmail.com"]

_fakers = {}


def faker_for(loc):
    if loc not in _fakers:
        _fakers[loc] = Faker(loc)
    return _fakers[loc]


class Ctx:
    """Per-document generation context."""

    def __init__(self, loc, lang, rng, seed, roman=False):
        self.loc = loc
        self.cfg = LOCALES[loc]
        self.lang = lang            # template language ('en', 'de', ...)
        self.rng = rng
        self.f = faker_for(loc)
        self.f.seed_instance(seed)
        self.fen = faker_for("en_US")
        self.fen.seed_instance(seed + 1)
        self.roman = roman          # romanised names/addresses for non-latin locales
        self.lower_p = 0.0
        self.upper_p = 0.0
        self.used_names = set()

    # ---- casing as people type
    def cs(self, v):
        """Maybe lower/upper-case a piece tree (per value)."""
        from doc import map_text
        r = self.rng.random()
        if r < self.lower_p:
            return map_text(v, str.lower)
        if r < self.lower_p + self.upper_p:
            return map_text(v, str.upper)
        return v

    # ---- names
    def _raw_name(self, gender):
        f, loc, rng = self.f, self.loc, self.rng
        script = self.cfg.get("script")
        if self.roman and loc in ("ja_JP", "zh_CN"):
            if gender == "f" and loc == "ja_JP":
                return f.first_romanized_name_female(), f.last_romanized_name()
            if loc == "ja_JP":
                return f.first_romanized_name_male(), f.last_romanized_name()
            return f.first_romanized_name(), f.last_romanized_name()
        if self.roman and loc in ("ko_KR", "th_TH", "he_IL"):
            R = ROMAN[loc]
            return rng.choice(R["given"]), rng.choice(R["family"])
        gfn = f.first_name_female if gender == "f" else f.first_name_male
        lfn = getattr(f, "last_name_female" if gender == "f" else "last_name_male", f.last_name)
        g, l = gfn(), lfn()
        if self.roman and script in ("cyrillic", "greek"):
            g, l = translit(g), translit(l)
        return g.strip(), l.strip()

    def person(self):
        rng = self.rng
        for _ in range(20):
            gender = rng.choice("fm")
            given, family = self._raw_name(gender)
            if (given, family) not in self.used_names and given and family:
                break
        self.used_names.add((given, family))
        p = Person()
        p.gender, p.given, p.family = gender, given, family
        loc = self.loc
        native_cjk = (loc in ("zh_CN", "ko_KR") and not self.roman)
        if native_cjk:
            p.full = family + given
        elif loc == "ja_JP" and not self.roman:
            p.full = family + " " + given
        elif loc == "hu_HU":
            p.full = family + " " + given
        else:
            p.full = given + " " + family
            if rng.random() < 0.08 and loc in ("en_US", "en_CA", "en_AU", "en_GB"):
                p.full = given + " " + rng.choice(string.ascii_uppercase.replace("X", "")) + ". " + family
        tl = TITLES.get(self.lang, TITLES["en"])
        p.title = rng.choice(tl[0] if gender == "m" else tl[1])
        # romanised ascii forms for emails / usernames
        if native_cjk or (loc == "ja_JP" and not self.roman) or self.cfg.get("script") in ("thai", "hebrew"):
            if loc in ("ja_JP", "zh_CN"):
                rg = self.f.first_romanized_name() if loc == "zh_CN" else (
                    self.f.first_romanized_name_female() if gender == "f" else self.f.first_romanized_name_male())
                rl = self.f.last_romanized_name()
            else:
                R = ROMAN[loc]
                rg, rl = rng.choice(R["given"]), rng.choice(R["family"])
        else:
            rg, rl = given, family
        ag = ascii_fold(rg).lower().replace(" ", "").replace("'", "")
        al = ascii_fold(rl).lower().replace(" ", "").replace("'", "")
        p.ascii_given, p.ascii_family = ag, al
        style = rng.random()
        if style < 0.35:
            local = "%s.%s" % (ag, al)
        elif style < 0.5:
            local = "%s%s" % (ag[0], al)
        elif style < 0.62:
            local = "%s_%s%d" % (ag, al, rng.randint(1, 99))
        elif style < 0.74:
            local = "%s.%s%d" % (ag, al, rng.choice([78, 81, 85, 90, 92, 1, 7, 12, 2000, 88]))
        elif style < 0.84:
            local = "%s%s" % (ag, al[:1])
        else:
            local = "%s-%s" % (ag, al)
        local = local.replace("--", "-").strip(".-_")
        dom = self.f.free_email_domain() if rng.random() < 0.7 else rng.choice(DOMAINS_GENERIC)
        p.email = "%s@%s" % (local, dom)
        p.username = rng.choice(["%s%s" % (ag[:1], al), "%s.%s" % (ag, al), "%s%d" % (ag, rng.randint(1, 999)),
                                 "%s_%s" % (al, ag[:2])])
        p.phone = self.phone()
        p.mobile = self.phone(mobile=True)
        p.addr = self.address()
        import datetime  # not Faker's date_of_birth: it depends on today's date
        d = datetime.date(rng.randint(1940, 2006), rng.randint(1, 12), rng.randint(1, 28))
        p.dob_date = d
        p.job = (self.f.job() if not self.roman else self.fen.job()).replace('"', "'")
        return p

    def work_email(self, p, company_domain):
        st = self.rng.random()
        if st < 0.6:
            local = "%s.%s" % (p.ascii_given, p.ascii_family)
        elif st < 0.8:
            local = "%s%s" % (p.ascii_given[0], p.ascii_family)
        else:
            local = p.ascii_given
        return "%s@%s" % (local.strip(".-"), company_domain)

    # ---- companies / domains
    def company(self):
        f = self.f
        if self.roman or self.cfg.get("script") in ("cjk", "hangul", "thai", "hebrew"):
            c = self.fen.company() if self.roman else f.company()
        else:
            c = f.company()
        return c.replace('"', "").strip()

    def company_domain(self, company):
        base = ascii_fold(company).lower()
        base = "".join(ch if ch.isalnum() else " " for ch in base).split()
        stop = {"and", "und", "e", "et", "y", "en", "gmbh", "ag", "kg", "sa", "sl", "spa", "srl", "bv", "nv", "ltd",
                "llc", "inc", "plc", "group", "ab", "as", "oy", "sp", "z", "o", "sro", "kft", "zrt", "ltda", "hnos",
                "cv", "sas", "sarl", "d", "doo", "co", "ooo", "ou", "uab", "sia", "a"}
        words = [w for w in base if w not in stop][:2] or ["acme"]
        name = "-".join(words) if self.rng.random() < 0.5 else "".join(words)
        tld = {"US": "com", "GB": "co.uk", "AU": "com.au", "NZ": "co.nz", "IN": "in", "JP": "co.jp", "CN": "cn",
               "KR": "co.kr", "BR": "com.br", "MX": "com.mx", "TR": "com.tr", "PH": "ph", "ID": "co.id",
               "TH": "co.th", "IL": "co.il", "UA": "com.ua", "GR": "gr", "CA": "ca"}.get(self.cfg["cc"], self.cfg["cc"].lower())
        if self.rng.random() < 0.3:
            tld = "com"
        return "%s.%s" % (name[:24].strip("-"), tld)

    # ---- phone
    def phone(self, mobile=False):
        rng, loc, f = self.rng, self.loc, self.f
        cc = self.cfg["cc"]
        r = rng.random()
        if cc in ("US", "CA"):
            a, b, c = rng.choice(["415", "312", "646", "617", "206", "512", "303", "416", "604", "514", "971", "202"]), \
                "%03d" % rng.randint(201, 989), "%04d" % rng.randint(0, 9999)
            form = rng.choice(["(%s) %s-%s", "%s-%s-%s", "%s.%s.%s", "+1 %s %s %s", "+1-%s-%s-%s", "1 (%s) %s-%s"])
            s = form % (a, b, c)
            if rng.random() < 0.12:
                s += rng.choice([" ext. %d", " x%d", " ext %d", " Ext. %d"]) % rng.randint(2, 4999)
            return s
        if cc == "GB":
            if mobile or r < 0.5:
                n = "7%03d %06d" % (rng.randint(400, 999), rng.randint(0, 999999))
                return rng.choice(["0" + n, "+44 " + n, "+44 (0)" + n, "0" + n.replace(" ", "")])
            return rng.choice(["020 %04d %04d", "0161 %03d %04d", "0131 %03d %04d"]) % (
                rng.randint(1000, 9999) if False else rng.randint(100, 999), rng.randint(1000, 9999))
        if cc == "FR" and r < 0.6:
            g = [rng.choice(["06", "07", "01", "04", "09"])] + ["%02d" % rng.randint(0, 99) for _ in range(4)]
            if rng.random() < 0.3:
                return "+33 " + g[0][1] + " " + " ".join(g[1:])
            return rng.choice([" ", ".", ""]).join(g)
        if cc == "DE" and r < 0.6:
            if mobile:
                pre = rng.choice(["151", "160", "170", "171", "176", "1522"])
                num = digits(rng, 8 if len(pre) == 3 else 7)
                return rng.choice(["0%s %s", "+49 %s %s", "0%s/%s", "+49 (0)%s %s"]) % (pre, num)
            area = rng.choice(["30", "40", "89", "221", "6221", "711", "341", "351", "5121", "7531"])
            num = digits(rng, 10 - len(area))
            return rng.choice(["0%s %s", "+49 %s %s", "0%s/%s", "+49 (0)%s %s", "(0%s) %s", "0%s-%s"]) % (area, num)
        if cc == "NL" and r < 0.5:
            return rng.choice(["06-%s", "06 %s", "+31 6 %s", "+316%s"]) % digits(rng, 8)
        if cc == "IN" and r < 0.6:
            n = str(rng.randint(6, 9)) + digits(rng, 9)
            return rng.choice(["+91 %s %s" % (n[:5], n[5:]), "+91-%s" % n, n, "0%s" % n, "%s %s" % (n[:5], n[5:])])
        if cc == "PH":
            return f.mobile_number() if (mobile or r < 0.6) else f.landline_number()
        s = f.phone_number()
        if cc in ("US",):
            pass
        if rng.random() < 0.05:
            s = s.replace(" ", "")
        return s.strip()

    def local_phone(self):
        return "555-%04d" % self.rng.randint(100, 199)

    # ---- address
    def _num(self):
        r = self.rng.random()
        n = self.rng.choice([self.rng.randint(1, 40), self.rng.randint(1, 180), self.rng.randint(1, 12)])
        return str(n)

    def address(self):
        a = self._address()
        return a.map(lambda s: s.replace('"', "״" if self.loc == "he_IL" else "'"))

    def _address(self):
        f, rng, loc = self.f, self.rng, self.loc
        cfg = self.cfg
        lay = cfg["layout"]
        country = cfg["country"][1] if (self.lang == "en" and rng.random() < 0.7) else cfg["country"][0]
        if self.roman:
            country = cfg["country"][1]
        a = dict(layout=lay, country=country, roman=self.roman)
        n = self._num()
        if self.roman and loc in ROMAN:
            R = ROMAN[loc]
            st = rng.choice(R["streets"]).format(n=n, u=rng.randint(1, 9), m=rng.randint(1, 30))
            city, pc, reg = rng.choice(R["cities"])
            if loc == "ja_JP":
                pc = pc + digits(rng, 4)
            elif loc == "zh_CN":
                pc = pc + digits(rng, 3)
            elif loc == "ko_KR":
                pc = pc + digits(rng, 3)
            elif loc == "th_TH":
                pc = pc + digits(rng, 2)
            elif loc == "he_IL":
                pc = pc + digits(rng, 6)
            a.update(street=st, city=city, postcode=pc, region=reg)
            return Address(**a)
        if self.roman and cfg.get("script") in ("cyrillic", "greek"):
            base = self.address_native()
            return base.map(translit)
        return self.address_native()

    def address_native(self):
        f, rng, loc = self.f, self.rng, self.loc
        cfg = self.cfg
        lay = cfg["layout"]
        country = cfg["country"][0] if (self.lang != "en" or rng.random() < 0.4) else cfg["country"][1]
        a = dict(layout=lay, country=country, roman=False)
        n = self._num()
        if loc in HAND:
            H = HAND[loc]
            stn = rng.choice(H["streets"])
            city, pcp, reg = rng.choice(H["cities"])
            num = H["num"].format(n=n)
            if loc == "en_PH":
                st = ("%s %s" % (num, stn))
                if rng.random() < 0.3:
                    st = H["unit"].format(u=rng.randint(101, 2405)) + st
                pc = pcp + digits(rng, 2)
            else:
                st = "%s %s" % (stn, num) if loc != "tr_TR" else "%s %s" % (stn, num)
                if rng.random() < 0.25:
                    st += H["unit"].format(u=rng.randint(1, 40))
                if loc == "tr_TR":
                    pc = pcp + digits(rng, 3)
                elif loc == "et_EE":
                    pc = pcp + digits(rng, 4)
                elif loc == "lt_LT":
                    pc = pcp + digits(rng, 4)
                elif loc == "lv_LV":
                    pc = pcp + digits(rng, 2)
                elif loc == "bg_BG":
                    pc = pcp + digits(rng, 3)
            a.update(street=st, city=city, postcode=pc, region=reg)
            return Address(**a)
        if loc == "ja_JP":
            st = "%s%s%s%s" % (f.town(), f.chome(), f.ban(), f.gou())
            if rng.random() < 0.3:
                st += " " + f.building_name() + str(rng.randint(101, 1204)) + "号室"
            a.update(street=st, city=f.city(), region=f.prefecture(), postcode=f.postcode())
            return Address(**a)
        if loc == "zh_CN":
            a.update(street="%s%s%s号" % (f.district(), f.street_name(), rng.randint(1, 999)), city=f.city(),
                     region=f.province(), postcode=f.postcode())
            return Address(**a)
        if loc == "ko_KR":
            a.update(street="%s %d" % (f.road_name(), rng.randint(1, 400)) + (
                " %d동 %d호" % (rng.randint(101, 115), rng.randint(101, 1505)) if rng.random() < 0.4 else ""),
                city=f.city(), region=f.province() if rng.random() < 0.5 else f.metropolitan_city(),
                postcode=f.postcode())
            if a["region"] and a["city"].startswith(a["region"]):
                a["region"] = None
            return Address(**a)
        if loc == "th_TH":
            a.update(street="%s %s" % (f.building_number(), f.street_name()), city=f.city_name(),
                     region=None, postcode=f.postcode())
            return Address(**a)
        if loc == "he_IL":
            a.update(street="%s %s" % (f.street_name(), n), city=f.city_name(), postcode=f.postcode())
            return Address(**a)
        sn = f.street_name().strip()
        if lay in ("us", "ca", "au", "nz", "uk", "ie") and loc != "fr_CA":
            num = n
            if loc == "en_GB" and rng.random() < 0.1:
                num = n + rng.choice("AB")
            st = "%s %s" % (num, sn)
            if rng.random() < 0.15:
                if lay == "us" or lay == "ca":
                    st += rng.choice([", Apt %d", " Apt. %d", ", Suite %d", " #%d"]) % rng.randint(2, 950)
                elif lay == "au":
                    st = "%d/%s" % (rng.randint(1, 30), st)
                elif lay == "uk":
                    st = "Flat %d, %s" % (rng.randint(1, 30), st)
            region = None
            pc = f.postcode()
            if lay == "us":
                region = f.state_abbr()
            elif lay == "ca":
                region = f.province_abbr()
            elif lay == "au":
                region = f.state_abbr()
            elif lay == "ie":
                region = f.administrative_unit()
            a.update(street=st, city=f.city(), postcode=pc, region=region)
            if lay == "nz" and rng.random() < 0.5:
                a["extra"] = None
            return Address(**a)
        if loc == "fr_CA":
            st = "%s, %s" % (n, sn) if rng.random() < 0.3 else "%s %s" % (n, sn)
            a.update(street=st, city=f.city().replace("- ", "-"), postcode=f.postcode(),
                     region=self.f.province_abbr() if hasattr(self.f, "province_abbr") else "QC")
            return Address(**a)
        if lay == "fr":
            st = rng.choice(["%s %s", "%s, %s", "%s bis %s"]) % (n, sn) if rng.random() < 0.92 else "%s %s" % (n, sn)
            a.update(street=st, city=f.city(), postcode=f.postcode())
            return Address(**a)
        if lay == "in":
            st = rng.choice(["%s, %s", "House No. %s, %s", "Flat %s, %s"]) % (f.building_number(), sn)
            a.update(street=st, city=f.city(), postcode=f.postcode(), region=f.state())
            return Address(**a)
        if lay == "id":
            st = "%s No. %s" % (sn if sn.startswith(("Jl", "Gg")) else "Jl. " + sn, n)
            a.update(street=st, city=f.city_name() if hasattr(f, "city_name") else f.city(), postcode=f.postcode(),
                     region=f.state())
            return Address(**a)
        if lay == "br":
            st = "%s, %s" % (sn, n)
            if rng.random() < 0.3:
                st += rng.choice([" - Apto %d", ", apto. %d", " - Casa %d", ", Bloco B, ap. %d"]) % rng.randint(1, 304)
            a.update(street=st, city=f.city(), postcode=f.postcode(), region=f.estado_sigla())
            return Address(**a)
        if lay == "mx":
            st = "%s %s" % (sn, n)
            if rng.random() < 0.3:
                st += " Int. %d" % rng.randint(1, 40)
            a.update(street=st, city=f.city(), postcode="%05d" % rng.randint(1000, 99999), region=f.state())
            a["extra"] = "Col. " + f.last_name() if rng.random() < 0.5 else None
            return Address(**a)
        if lay == "it":
            st = "%s %s" % (sn, n) if rng.random() < 0.5 else "%s, %s" % (sn, n)
            a.update(street=st, city=f.city(), postcode=f.postcode(), region=f.state_abbr())
            return Address(**a)
        if lay == "hu":
            st = "%s %s." % (sn, n)
            if rng.random() < 0.25:
                st += " %d. em. %d." % (rng.randint(1, 9), rng.randint(1, 40))
            a.update(street=st, city=f.city(), postcode=f.postcode().replace("H-", ""))
            return Address(**a)
        if lay == "ua":
            st = "вул. %s, %s" % (sn, n) if not sn.startswith(("вул", "пр", "пл", "бул")) else "%s, %s" % (sn, n)
            if rng.random() < 0.4:
                st += ", кв. %d" % rng.randint(1, 200)
            a.update(street=st, city=f.city(), postcode=f.postcode(),
                     region=f.region() if rng.random() < 0.5 else None)
            return Address(**a)
        # generic European: street + number (+ unit)
        num = n
        if loc == "nl_NL" and rng.random() < 0.2:
            num = n + rng.choice(["a", "b", "-2", " bis", "A"])
        if loc in ("de_DE", "de_AT", "de_CH") and rng.random() < 0.1:
            num = n + rng.choice(["a", "b"])
        if loc == "pl_PL":
            st = ("ul. %s %s" % (sn, num)) if rng.random() < 0.7 else "%s %s" % (sn, num)
            if rng.random() < 0.4:
                st += "/%d" % rng.randint(1, 60)
        elif loc == "es_ES":
            st = "%s %s" % (sn, num) if rng.random() < 0.5 else "%s, %s" % (sn, num)
            if rng.random() < 0.4:
                st += rng.choice([", %dº %s", " %dº%s", ", piso %d %s"]) % (rng.randint(1, 9), rng.choice("ABCD"))
        elif loc == "pt_PT":
            st = "%s, %s" % (sn, num)
            if rng.random() < 0.3:
                st += rng.choice([", %dº Esq.", ", %dº Dto.", " %dº D"]) % rng.randint(1, 8)
        elif loc == "de_AT" and rng.random() < 0.3:
            st = "%s %s/%d" % (sn, num, rng.randint(1, 20))
        elif loc == "ro_RO":
            st = "%s nr. %s" % (sn, num)
            if rng.random() < 0.3:
                st += ", bl. %d, ap. %d" % (rng.randint(1, 40), rng.randint(1, 90))
        elif loc in ("cs_CZ", "sk_SK") and rng.random() < 0.4:
            st = "%s %d/%s" % (sn, rng.randint(100, 2999), num)
        elif loc == "fr_CH":
            st = "%s %s" % (sn, num) if rng.random() < 0.5 else "%s, %s" % (sn, num)
            st = st[0].upper() + st[1:]
        elif loc in ("el_GR",) and rng.random() < 0.5:
            st = "%s %s" % (sn, num)
        else:
            st = "%s %s" % (sn, num)
        pc = f.postcode().strip()
        if pc.startswith("ΤΚ "):
            pc = pc[3:]
        if loc == "fr_CH" or loc == "de_CH":
            pc = "%d" % rng.randint(1000, 9699)
        if loc == "nl_NL" and rng.random() < 0.5:
            pc = pc[:4] + " " + pc[4:]
        city = (f.city_name() if hasattr(f, "city_name") and rng.random() < 0.5 else f.city()).strip()
        if loc == "de_DE" and rng.random() < 0.2:
            city = f.city_name() if hasattr(f, "city_name") else city
        a.update(street=st, city=city, postcode=pc)
        return Address(**a)

    # ---- ids
    def national_id(self):
        """(value, native_label, english_label, kind)"""
        f, rng, loc = self.f, self.rng, self.loc
        if loc == "en_US":
            v = f.ssn()
            if rng.random() < 0.08:
                v = f.itin()
            return v, "SSN", "SSN", "ssn"
        T = {
            "en_GB": (lambda: "%s%s %s %s %s %s" % (rng.choice("ABCEGHJKLMNOPRSTWXYZ"), rng.choice("ABCEGHJKLMNPRSTWXYZ"),
                                                     digits(rng, 2), digits(rng, 2), digits(rng, 2), rng.choice("ABCD")),
                      "NI number", "NI number"),
            "en_IN": (lambda: "%d%s %s %s" % (rng.randint(2, 9), digits(rng, 3), digits(rng, 4), digits(rng, 4)), "Aadhaar", "Aadhaar"),
            "en_AU": (lambda: "%s %s %s" % (digits(rng, 3), digits(rng, 3), digits(rng, 3)), "TFN", "TFN"),
            "en_NZ": (lambda: "%s-%s-%s" % (digits(rng, 3), digits(rng, 3), digits(rng, 3)), "IRD number", "IRD number"),
            "en_IE": (lambda: "%s%s%s" % (digits(rng, 7), rng.choice(string.ascii_uppercase), rng.choice(["", "A", "W"])), "PPSN", "PPSN"),
            "en_CA": (lambda: f.ssn(), "SIN", "SIN"),
            "fr_CA": (lambda: faker_for("en_CA").ssn(), "NAS", "SIN"),
            "de_DE": (lambda: "%s %s %s %s" % (str(rng.randint(1, 9)) + digits(rng, 1), digits(rng, 3), digits(rng, 3), digits(rng, 3))
                      if rng.random() < 0.5 else str(rng.randint(1, 9)) + digits(rng, 10), "Steuer-ID", "Tax ID"),
            "de_AT": (lambda: f.ssn(), "SV-Nummer", "Social insurance no."),
            "de_CH": (lambda: f.ssn(), "AHV-Nr.", "AHV number"),
            "fr_CH": (lambda: f.ssn(), "N° AVS", "AVS number"),
            "fr_FR": (lambda: (lambda s: "%s %s %s %s %s %s %s" % (s[0], s[1:3], s[3:5], s[5:7], s[7:10], s[10:13], s[13:]) if rng.random() < 0.5 else s)(f.ssn()),
                      "N° de sécurité sociale", "Social security no."),
            "es_ES": (lambda: f.nif() if rng.random() < 0.8 else f.nie(), "DNI/NIE", "DNI"),
            "es_MX": (lambda: f.curp(), "CURP", "CURP"),
            "pt_BR": (lambda: f.cpf(), "CPF", "CPF"),
            "pt_PT": (lambda: f.vat_id().replace("PT", ""), "NIF", "NIF"),
            "it_IT": (lambda: f.ssn(), "Codice fiscale", "Codice fiscale"),
            "nl_NL": (lambda: f.ssn(), "BSN", "BSN"),
            "nl_BE": (lambda: (lambda s: "%s.%s.%s-%s.%s" % (s[:2], s[2:4], s[4:6], s[6:9], s[9:]) if rng.random() < 0.6 else s)(f.ssn()),
                      "Rijksregisternummer", "National register no."),
            "pl_PL": (lambda: f.ssn(), "PESEL", "PESEL"),
            "sv_SE": (lambda: f.ssn(), "Personnummer", "Personal ID no."),
            "da_DK": (lambda: "%02d%02d%02d-%s" % (rng.randint(1, 28), rng.randint(1, 12), rng.randint(0, 99), digits(rng, 4)), "CPR-nr.", "CPR number"),
            "no_NO": (lambda: f.ssn(), "Fødselsnummer", "National ID no."),
            "fi_FI": (lambda: f.ssn(), "Henkilötunnus", "Personal ID code"),
            "cs_CZ": (lambda: "%02d%02d%02d/%s" % (rng.randint(50, 99), rng.choice([rng.randint(1, 12), rng.randint(51, 62)]), rng.randint(1, 28), digits(rng, 4)), "Rodné číslo", "Birth number"),
            "sk_SK": (lambda: "%02d%02d%02d/%s" % (rng.randint(50, 99), rng.choice([rng.randint(1, 12), rng.randint(51, 62)]), rng.randint(1, 28), digits(rng, 4)), "Rodné číslo", "Birth number"),
            "hu_HU": (lambda: f.ssn() if rng.random() < 0.5 else "%s %s %s" % (digits(rng, 3), digits(rng, 3), digits(rng, 3)), "Adóazonosító jel", "Tax ID"),
            "ro_RO": (lambda: f.ssn(), "CNP", "CNP"),
            "tr_TR": (lambda: f.ssn(), "T.C. Kimlik No", "Turkish ID no."),
            "el_GR": (lambda: f.ssn(), "ΑΜΚΑ", "AMKA"),
            "hr_HR": (lambda: f.ssn(), "OIB", "OIB"),
            "sl_SI": (lambda: "%02d%02d%03d50%s" % (rng.randint(1, 28), rng.randint(1, 12), rng.randint(940, 999), digits(rng, 4)), "EMŠO", "EMSO"),
            "et_EE": (lambda: f.ssn(), "Isikukood", "Personal ID code"),
            "lt_LT": (lambda: "%d%02d%02d%02d%s" % (rng.choice([3, 4, 5, 6]), rng.randint(50, 99), rng.randint(1, 12), rng.randint(1, 28), digits(rng, 4)), "Asmens kodas", "Personal code"),
            "lv_LV": (lambda: f.ssn(), "Personas kods", "Personal code"),
            "bg_BG": (lambda: "%02d%02d%02d%s" % (rng.randint(50, 99), rng.randint(1, 12), rng.randint(1, 28), digits(rng, 4)), "ЕГН", "EGN"),
            "uk_UA": (lambda: f.ssn(), "РНОКПП", "Tax number"),
            "ja_JP": (lambda: "%s %s %s" % (digits(rng, 4), digits(rng, 4), digits(rng, 4)) if rng.random() < 0.5 else digits(rng, 12), "マイナンバー", "My Number"),
            "zh_CN": (lambda: f.ssn(), "身份证号", "Resident ID"),
            "ko_KR": (lambda: f.ssn(), "주민등록번호", "RRN"),
            "en_PH": (lambda: f.ssn(), "SSS No.", "SSS No."),
            "id_ID": (lambda: "%s%s" % (rng.choice(["31", "32", "33", "35", "36", "51", "73"]), digits(rng, 14)), "NIK", "NIK"),
            "th_TH": (lambda: f.ssn(), "เลขประจำตัวประชาชน", "Thai ID no."),
            "he_IL": (lambda: f.ssn(), "מספר זהות", "Teudat Zehut"),
        }
        fn, nat, en = T[self.loc]
        return fn().strip(), nat, en, "id_number"

    def passport(self):
        p = self.f.passport_number()
        return p.strip()

    def bank(self):
        """(value, label_native_key) : IBAN where the country uses it, else local account format."""
        rng, cc = self.rng, self.cfg["cc"]
        if cc in IBAN_SPEC:
            ib = make_iban(rng, cc)
            return (group4(ib) if rng.random() < 0.5 else ib), "iban"
        if cc == "US":
            return digits(rng, rng.choice([9, 10, 12])), "account"
        if cc == "CA":
            return "%s-%s-%s" % (digits(rng, 5), digits(rng, 3), digits(rng, 7)), "account"
        if cc == "AU":
            return "BSB %s-%s Acc %s" % (digits(rng, 3), digits(rng, 3), digits(rng, 8)), "account"
        if cc == "NZ":
            return "%s-%s-%s-%s" % (digits(rng, 2), digits(rng, 4), digits(rng, 7), digits(rng, 2)), "account"
        if cc == "MX":
            return digits(rng, 18), "clabe"
        return digits(rng, rng.choice([10, 12, 14, 16])), "account"

    def card(self):
        rng = self.rng
        t = rng.choice(["visa16", "visa16", "mastercard", "mastercard", "amex", "discover"])
        n = self.fen.credit_card_number(t)
        sep = rng.choice(["", " ", " ", "-"])
        if len(n) == 15:
            s = sep.join([n[:4], n[4:10], n[10:]]) if sep else n
        else:
            s = sep.join([n[i:i + 4] for i in range(0, len(n), 4)]) if sep else n
        return s, {"visa16": "Visa", "mastercard": "Mastercard", "amex": "Amex", "discover": "Discover"}[t]

    def expiry(self):
        return "%02d/%02d" % (self.rng.randint(1, 12), self.rng.randint(26, 31))
