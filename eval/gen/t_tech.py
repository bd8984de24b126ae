"""Technical documents: env/config files, logs, code snippets."""
from doc import L
import traps as T
from registry import template, P, EM


def H(c):
    if not hasattr(c, "_slug"):
        c._slug = T.slug(c.rng)
    return L(T.internal_host(c.rng, c._slug), "hostname")


def K(v):
    return L(v, "api_key")


def conn(c, scheme=None, user=None):
    """postgres://user:PASSWORD@host:port/db as pieces (password=api_key, host=hostname, user=username)."""
    rng = c.rng
    scheme = scheme or rng.choice(["postgres", "postgresql", "mysql", "mongodb", "redis", "amqp"])
    port = {"postgres": 5432, "postgresql": 5432, "mysql": 3306, "mongodb": 27017, "redis": 6379, "amqp": 5672}[scheme]
    user = user or rng.choice(["app", "svc_billing", "admin", "etl_user", "readonly", "crm"])
    db = rng.choice(["orders", "crm", "billing", "customers", "analytics", "0"])
    pieces = ["%s://" % scheme]
    if scheme != "redis":
        pieces += [L(user, "username"), ":"]
    else:
        pieces += [":"]
    pieces += [K(T.password(rng)), "@", H(c), ":%d/%s" % (port, db)]
    return pieces


# ------------------------------------------------------------------ env_config
@template("env_config", "env.dotenv")
def env_dotenv(d, c):
    rng = c.rng
    d.t("# %s\n" % rng.choice(["production settings - do not commit", "local dev", ".env for staging", "copied from vault 2024"]))
    d.t("APP_ENV=%s\nAPP_DEBUG=%s\nPORT=%d\n" % (rng.choice(["production", "staging", "development"]), rng.choice(["false", "true"]), rng.choice([3000, 8000, 8080])))
    d.t("DATABASE_URL=").add(conn(c)).t("\n")
    d.t("DB_HOST=").add(H(c)).t("\nDB_PASSWORD=").add(K(T.password(rng))).t("\n")
    if rng.random() < 0.6:
        d.t("REDIS_URL=").add(conn(c, "redis")).t("\n")
    d.t("AWS_ACCESS_KEY_ID=").add(K(T.aws_key_id(rng))).t("\nAWS_SECRET_ACCESS_KEY=").add(K(T.aws_secret(rng))).t("\n")
    d.t("AWS_REGION=%s\n" % rng.choice(["eu-central-1", "eu-west-1", "us-east-1", "ap-northeast-1"]))
    for name, fn in rng.sample([("STRIPE_SECRET_KEY", T.stripe_key), ("GITHUB_TOKEN", T.github_token), ("SLACK_BOT_TOKEN", T.slack_token),
                                ("OPENAI_API_KEY", T.openai_key), ("GOOGLE_MAPS_API_KEY", T.google_key), ("SENTRY_AUTH_TOKEN", T.generic_token),
                                ("JWT_SECRET", T.password)], rng.randint(2, 4)):
        d.t(name + "=").add(K(fn(rng))).t("\n")
    p = c.person()
    d.t("SMTP_HOST=").add(H(c)).t("\nSMTP_USER=").add(EM(p)).t("\nSMTP_PASS=").add(K(T.password(rng))).t("\n")
    d.t("ADMIN_EMAIL=").add(L(c.work_email(c.person(), "%s.com" % c._slug), "email")).t("\n")
    d.t("ALLOWED_IPS=").add(L(T.ip4(rng, False), "ip_address")).t(",").add(L(T.ip4(rng, True), "ip_address")).t("\n")
    d.t("FEATURE_NEW_CHECKOUT=true\nMAX_UPLOAD_MB=").add(L(str(rng.choice([10, 25, 100])), "quantity")).t("\n")


@template("env_config", "env.config_toml")
def env_toml(d, c):
    rng = c.rng
    d.t("[server]\nhost = \"").add(L("0.0.0.0", "ip_unspecified")).t("\"\nport = %d\n\n[database]\n" % rng.choice([8080, 9000, 5000]))
    d.t("host = \"").add(H(c)).t("\"\nport = 5432\nuser = \"").add(L(rng.choice(["app", "svc_crm", "postgres"]), "username"))
    d.t("\"\npassword = \"").add(K(T.password(rng))).t("\"\nname = \"%s\"\n\n" % rng.choice(["crm", "shop", "ledger"]))
    d.t("[mail]\nrelay = \"").add(H(c)).t("\"\nfrom = \"").add(L("noreply@%s.com" % c._slug, "email")).t("\"\n")
    p = c.person()
    d.t("# escalation contact: ").add(P(c, p, False)).t(" <").add(EM(p)).t(">, ").add(L(p.mobile, "phone")).t("\n\n")
    d.t("[integrations.github]\ntoken = \"").add(K(T.github_token(rng))).t("\"\n\n[integrations.payments]\napi_key = \"").add(K(T.stripe_key(rng))).t("\"\n")
    d.t("webhook_ip_allowlist = [\"").add(L(T.ip4(rng, False), "ip_address")).t("\", \"").add(L(T.ip4(rng, False), "ip_address")).t("\"]\n")
    d.t("timeout_ms = %d\n" % rng.choice([500, 2000, 5000]))


@template("env_config", "env.settings_ini")
def env_ini(d, c):
    rng = c.rng
    d.t("; settings.ini - generated %s\n[general]\nsite_name = Intranet\nlog_level = %s\n\n" % (T.date(rng, "en", 0).text, rng.choice(["INFO", "WARN", "DEBUG"])))
    d.t("[ldap]\nserver = ldaps://").add(H(c)).t(":636\nbind_dn = cn=").add(L(rng.choice(["svc_ldap", "binduser", "reader"]), "username"))
    d.t(",ou=services,dc=%s,dc=local\nbind_password = " % c._slug).add(K(T.password(rng))).t("\n\n")
    d.t("[fileshare]\npath = \\\\").add(H(c)).t("\\shared\\finance\nuser = ").add(L(c.person().username, "username")).t("\n\n")
    p = c.person()
    d.t("[owner]\nname = ").add(P(c, p, False)).t("\nemail = ").add(EM(p)).t("\nphone = ").add(L(p.phone, "phone")).t("\n\n")
    d.t("[api]\nkey = ").add(K(T.any_api_key(rng))).t("\nbase_url = ").add(L("https://%s/api/v2" % T.internal_host(rng, c._slug), "url")).t("\n")


@template("env_config", "env.docker_compose")
def env_compose(d, c):
    rng = c.rng
    pw = T.password(rng)
    d.t("version: \"3.8\"\nservices:\n  db:\n    image: postgres:%d\n    environment:\n      POSTGRES_USER: " % rng.choice([13, 14, 15, 16]))
    d.add(L(rng.choice(["app", "shop", "crm"]), "username")).t("\n      POSTGRES_PASSWORD: ").add(K(pw)).t("\n    ports:\n      - \"5432:5432\"\n")
    d.t("  api:\n    build: .\n    environment:\n      - DATABASE_URL=").add(conn(c, "postgresql")).t("\n")
    d.t("      - SECRET_KEY=").add(K(T.password(rng))).t("\n      - SENDGRID_API_KEY=").add(K("SG." + T.chars(rng, T.ALNUM, 22) + "." + T.chars(rng, T.ALNUM + "_-", 43))).t("\n")
    d.t("      - UPSTREAM_HOST=").add(H(c)).t("\n    extra_hosts:\n      - \"").add(H(c)).t(":").add(L(T.ip4(rng, True), "ip_address")).t("\"\n")
    d.t("  worker:\n    image: registry.example/worker:").add(T.version(rng)).t("\n    environment:\n      - QUEUE_URL=").add(conn(c, "amqp")).t("\n")


@template("env_config", "env.k8s_secret")
def env_k8s(d, c):
    rng = c.rng
    d.t("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-credentials\n  namespace: %s\ntype: Opaque\nstringData:\n" % (
        rng.choice(["billing", "crm", "payments", "search"]), rng.choice(["prod", "staging", "default"])))
    d.t("  DB_HOST: ").add(H(c)).t("\n  DB_USER: ").add(L(rng.choice(["billing_rw", "app"]), "username")).t("\n  DB_PASSWORD: \"").add(K(T.password(rng))).t("\"\n")
    d.t("  STRIPE_KEY: ").add(K(T.stripe_key(rng))).t("\n  OPENAI_API_KEY: ").add(K(T.openai_key(rng))).t("\n")
    d.t("  ONCALL_PHONE: \"").add(L(c.person().mobile, "phone")).t("\"\n")


@template("env_config", "env.feature_flags", negative=True)
def env_flags(d, c):
    rng = c.rng
    d.t("# feature flags - release ").add(T.version(rng)).t("\n[flags]\nnew_checkout = true\nsearch_v2 = false\n")
    d.t("rollout_percent = ").add(L(str(rng.choice([5, 10, 25, 50])), "quantity")).t("\n\n[limits]\nmax_items_per_order = ").add(L(str(rng.randint(10, 200)), "quantity"))
    d.t("\nupload_limit = \"").add(T.measurement(rng)).t("\"\nsession_timeout = \"").add(L(T.dur(rng), "measurement")).t("\"\n\n[schedule]\n")
    d.t("maintenance_window = \"").add(T.month_abbrev(rng)).t(" ").add(T.time(rng)).t("\"\nfreeze_until = \"").add(T.date(rng, "en", 0)).t("\"\n")
    d.t("\n[billing]\ngrace_period_days = %d\ndefault_currency = \"EUR\"\nvat_rate = 0.%d\n" % (rng.randint(3, 30), rng.choice([19, 20, 21, 23, 25])))
    d.t("\n[build]\ncommit = \"").add(T.git_hash(rng, False)).t("\"\nimage_digest = \"sha256:").add(T.sha256(rng)).t("\"\n")


# ------------------------------------------------------------------ logs
def _ts(c, style):
    rng = c.rng
    y, mo, dd, h, mi, s = 2025, rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    if style == 0:
        return "%d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (y, mo, dd, h, mi, s, rng.randint(0, 999))
    if style == 1:
        return "%d-%02d-%02d %02d:%02d:%02d,%03d" % (y, mo, dd, h, mi, s, rng.randint(0, 999))
    return "%02d/%s/%d:%02d:%02d:%02d +0000" % (dd, T.MONTHS_EN[mo - 1], y, h, mi, s)


@template("log", "log.nginx_access")
def log_nginx(d, c):
    rng = c.rng
    users = [c.person() for _ in range(rng.randint(1, 4))]
    for _ in range(rng.randint(4, 22)):
        ip = L(T.ip4(rng, rng.random() < 0.3) if rng.random() < 0.9 else T.ip6(rng), "ip_address")
        d.add(ip).t(" - ")
        if rng.random() < 0.3:
            d.add(L(rng.choice(users).username, "username"))
        else:
            d.t("-")
        d.t(" [%s] \"" % _ts(c, 2))
        r = rng.random()
        if r < 0.3:
            d.t("GET /api/v1/customers?email=").add(L(rng.choice(users).email.replace("@", "%40"), "email")).t(" HTTP/1.1\"")
        elif r < 0.5:
            d.t("POST /account/reset-password HTTP/1.1\"")
        else:
            d.t("GET /%s HTTP/1.1\"" % rng.choice(["static/app.js", "health", "cart", "products/%d" % rng.randint(1, 9999), "checkout/confirm"]))
        d.t(" %d %d \"-\" \"%s\"\n" % (rng.choice([200, 200, 200, 301, 404, 500, 302]), rng.randint(120, 90000),
                                      rng.choice(["Mozilla/5.0 (Windows NT 10.0; Win64; x64)", "curl/8.4.0", "okhttp/4.12.0", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"])))


@template("log", "log.app_structured")
def log_app(d, c):
    rng = c.rng
    host = H(c)
    for _ in range(rng.randint(4, 18)):
        d.t("%s %-5s [%s] " % (_ts(c, 1), rng.choice(["INFO", "INFO", "WARN", "ERROR", "DEBUG"]), rng.choice(["http-nio-8080-exec-3", "worker-2", "main", "scheduler-1"])))
        r = rng.random()
        p = c.person()
        if r < 0.2:
            d.t("c.a.auth.LoginService - login succeeded for user=").add(EM(p)).t(" from ").add(L(T.ip4(rng), "ip_address")).t("\n")
        elif r < 0.35:
            d.t("c.a.crm.CustomerController - updated customer id=%d name=\"" % rng.randint(1000, 99999)).add(P(c, p, False)).t("\" phone=").add(L(p.phone, "phone")).t("\n")
        elif r < 0.45:
            d.t("o.h.e.j.s.SqlExceptionHelper - Connection to ").add(host).t(":5432 refused. Retrying in ").add(L(T.dur(rng), "measurement")).t("\n")
        elif r < 0.55:
            d.t("c.a.pay.Gateway - charge failed card=").add(L(c.card()[0], "card_number")).t(" amount=").add(T.amount(rng)).t(" code=card_declined\n")
        elif r < 0.65:
            d.t("c.a.http.Client - POST ").add(L("https://api.partner.example/v1/notify", "public_url")).t(" Authorization: Bearer ").add(K(T.jwt(rng) if rng.random() < 0.5 else T.generic_token(rng))).t("\n")
        elif r < 0.75:
            d.t("c.a.jobs.Export - export finished rows=").add(L(str(rng.randint(10, 90000)), "quantity")).t(" took ").add(L(T.dur(rng), "measurement")).t(" request_id=").add(T.uuid(rng)).t("\n")
        elif r < 0.85:
            d.t("c.a.mail.Sender - delivered message to ").add(EM(p)).t(" via ").add(H(c)).t("\n")
        else:
            d.t("c.a.orders.OrderService - order ").add(T.order_id(rng)).t(" shipped to ").add(p.addr.C()).t(", tracking ").add(T.tracking(rng)).t("\n")


@template("log", "log.json_lines")
def log_jsonl(d, c):
    rng = c.rng
    for _ in range(rng.randint(3, 12)):
        p = c.person()
        d.t('{"ts":"%s","level":"%s","svc":"%s","msg":"' % (_ts(c, 0), rng.choice(["info", "warn", "error"]), rng.choice(["checkout", "auth", "profile", "notify"])))
        r = rng.random()
        if r < 0.3:
            d.t('profile updated","user":{"email":"').add(EM(p)).t('","name":"').add(P(c, p, False)).t('"},"ip":"').add(L(T.ip4(rng), "ip_address")).t('"')
        elif r < 0.5:
            d.t('sms sent","to":"').add(L(p.mobile, "phone")).t('","template":"otp","request_id":"').add(T.uuid(rng)).t('"')
        elif r < 0.7:
            d.t('address validated","street":"').add(p.addr.S()).t('","zip":"').add(p.addr.P()).t('","city":"').add(p.addr.C()).t('"')
        elif r < 0.85:
            d.t('upstream timeout","host":"').add(H(c)).t('","latency_ms":').add(L(str(rng.randint(1000, 30000)), "measurement"))
        else:
            d.t('payment method added","iban":"').add(L(c.bank()[0], "bank_account")).t('","customer":"').add(P(c, p, False)).t('"')
        d.t("}\n")


@template("log", "log.stacktrace")
def log_stack(d, c):
    rng = c.rng
    p = c.person()
    d.t("%s ERROR [%s] Unhandled exception while processing request " % (_ts(c, 1), rng.choice(["worker-7", "http-8443-2"]))).add(T.uuid(rng)).t("\n")
    if rng.random() < 0.5:
        d.t("Traceback (most recent call last):\n  File \"/srv/app/crm/sync.py\", line %d, in push_contact\n    resp = client.upsert(contact)\n" % rng.randint(20, 400))
        d.t("  File \"/srv/app/crm/client.py\", line %d, in upsert\n    raise ValidationError(f\"invalid phone {contact.phone!r} for {contact.email}\")\n" % rng.randint(20, 400))
        d.t("crm.errors.ValidationError: invalid phone '").add(L(p.phone, "phone")).t("' for ").add(EM(p)).t("\n")
    else:
        d.t("java.lang.IllegalStateException: Duplicate customer record: name='").add(P(c, p, False)).t("', dob=").add(L(p.dob_date.isoformat(), "date_of_birth"))
        d.t(", email='").add(EM(p)).t("'\n\tat com.acme.crm.CustomerRepository.save(CustomerRepository.java:%d)\n\tat com.acme.crm.ImportJob.run(ImportJob.java:%d)\n" % (rng.randint(50, 300), rng.randint(20, 200)))
        d.t("\tat java.base/java.lang.Thread.run(Thread.java:%d)\n" % rng.choice([833, 840, 1583]))
    d.t("Context: host=").add(H(c)).t(" client=").add(L(T.ip4(rng), "ip_address")).t(" build=").add(T.version(rng)).t("\n")


@template("log", "log.auth_events")
def log_auth(d, c):
    rng = c.rng
    host = H(c)
    for _ in range(rng.randint(4, 14)):
        p = c.person()
        mon = rng.choice(T.MONTHS_EN)
        d.t("%s %2d %02d:%02d:%02d " % (mon, rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))).add(L(host.text, "hostname"))
        r = rng.random()
        if r < 0.4:
            d.t(" sshd[%d]: Accepted publickey for " % rng.randint(1000, 60000)).add(L(p.username, "username")).t(" from ").add(L(T.ip4(rng), "ip_address")).t(" port %d ssh2\n" % rng.randint(30000, 65000))
        elif r < 0.7:
            d.t(" sshd[%d]: Failed password for invalid user %s from " % (rng.randint(1000, 60000), rng.choice(["admin", "oracle", "test", "ubuntu"]))).add(L(T.ip4(rng, False), "ip_address")).t(" port %d ssh2\n" % rng.randint(30000, 65000))
        else:
            d.t(" sudo: ").add(L(p.username, "username")).t(" : TTY=pts/%d ; PWD=/home/" % rng.randint(0, 4)).add(L(p.username, "username")).t(" ; USER=root ; COMMAND=/usr/bin/systemctl restart nginx\n")


@template("log", "log.mail_server")
def log_mail(d, c):
    rng = c.rng
    host = H(c)
    for _ in range(rng.randint(3, 10)):
        p, q = c.person(), c.person()
        qid = T.chars(rng, "0123456789ABCDEF", 10)
        ts = "%s %2d %02d:%02d:%02d " % (rng.choice(T.MONTHS_EN), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))
        d.t(ts).add(L(host.text, "hostname")).t(" postfix/smtpd[%d]: %s: client=unknown[" % (rng.randint(100, 9999), qid)).add(L(T.ip4(rng, False), "ip_address")).t("]\n")
        d.t(ts).add(L(host.text, "hostname")).t(" postfix/qmgr[%d]: %s: from=<" % (rng.randint(100, 9999), qid)).add(EM(p)).t(">, size=%d, nrcpt=1 (queue active)\n" % rng.randint(900, 90000))
        d.t(ts).add(L(host.text, "hostname")).t(" postfix/smtp[%d]: %s: to=<" % (rng.randint(100, 9999), qid)).add(EM(q)).t(">, relay=").add(H(c)).t("[").add(L(T.ip4(rng, True), "ip_address")).t("]:25, delay=%.1f, status=sent\n" % (rng.randint(1, 90) / 10))


@template("log", "log.ci_build", negative=True)
def log_ci(d, c):
    rng = c.rng
    d.t("Running with gitlab-runner ").add(T.version(rng)).t("\nFetching changes with git depth set to 20...\nChecking out ").add(T.git_hash(rng, True)).t(" as detached HEAD (ref is main)...\n")
    for _ in range(rng.randint(3, 10)):
        d.t("[").add(L(rng.choice(["%02d:%02d:%02d" % (rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))]), "time")).t("] ")
        r = rng.random()
        if r < 0.3:
            d.t("Downloading ").add(L(rng.choice(["numpy", "requests", "lodash", "serde", "tokio"]), "product")).t(" ").add(T.version(rng)).t(" (").add(T.measurement(rng)).t(")\n")
        elif r < 0.5:
            d.t("Test suite passed: ").add(L(str(rng.randint(100, 4000)), "quantity")).t(" tests in ").add(L(T.dur(rng), "measurement")).t("\n")
        elif r < 0.7:
            d.t("Built image sha256:").add(T.sha256(rng)).t("\n")
        elif r < 0.85:
            d.t("Windows agent build ").add(L("10.0.%d.%d" % (rng.randint(17763, 22631), rng.randint(100, 4000)), "version")).t(" detected\n")
        else:
            d.t("Artifact uploaded: build-").add(L(str(rng.randint(1000, 99999)), "build_id")).t(".tar.gz\n")
    d.t("Job succeeded\n")


@template("log", "log.scheduler", negative=True)
def log_sched(d, c):
    rng = c.rng
    for _ in range(rng.randint(4, 15)):
        d.t(_ts(c, 1) + " INFO  scheduler - job ").add(L(rng.choice(["nightly-export", "invoice-run", "reindex", "cleanup-tmp", "fx-rates"]), "product"))
        r = rng.random()
        if r < 0.4:
            d.t(" finished in ").add(L(T.dur(rng), "measurement")).t(" (").add(L(str(rng.randint(0, 50000)), "quantity")).t(" records)\n")
        elif r < 0.7:
            d.t(" next run at ").add(T.date(rng, "en", 0)).t(" ").add(T.time(rng)).t("\n")
        else:
            d.t(" processed invoice ").add(T.invoice_id(rng)).t(" total ").add(T.amount(rng)).t("\n")


# ------------------------------------------------------------------ code
LICENSE_HDR = [
    "Copyright (c) {year} the project authors. All rights reserved.\nLicensed under the Apache License, Version 2.0 (the \"License\");\nyou may not use this file except in compliance with the License.\nUnless required by applicable law or agreed to in writing, software\ndistributed under the License is distributed on an \"AS IS\" BASIS,\nWITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.",
    "This module is part of the internal tooling. Keep functions small and\nside-effect free; configuration is read once at start-up. Run the unit\ntests before pushing and update the changelog for user-visible changes.",
]


def code_header(d, c, cm):
    if c.rng.random() < 0.7:
        txt = c.rng.choice(LICENSE_HDR).replace("{year}", str(c.rng.randint(2017, 2025)))
        d.t("\n".join((cm + " " + ln).rstrip() for ln in txt.split("\n")) + "\n\n")


@template("code", "code.python_settings")
def code_py(d, c):
    rng = c.rng
    code_header(d, c, '#')
    p = c.person()
    d.t("import os\n\n# TODO(").add(L(p.username, "username")).t("): move these to the secret manager\n")
    d.t("DATABASES = {\n    \"default\": {\n        \"ENGINE\": \"django.db.backends.postgresql\",\n        \"HOST\": \"").add(H(c)).t("\",\n")
    d.t("        \"USER\": \"").add(L(rng.choice(["django", "app"]), "username")).t("\",\n        \"PASSWORD\": \"").add(K(T.password(rng))).t("\",\n    }\n}\n")
    d.t("AWS_ACCESS_KEY_ID = \"").add(K(T.aws_key_id(rng))).t("\"\nAWS_SECRET_ACCESS_KEY = \"").add(K(T.aws_secret(rng))).t("\"\n")
    d.t("ADMINS = [(\"").add(P(c, p, False)).t("\", \"").add(EM(p)).t("\")]\n")
    d.t("STRIPE_API_KEY = os.environ.get(\"STRIPE_API_KEY\", \"").add(K(T.stripe_key(rng))).t("\")\n")


@template("code", "code.js_fixture")
def code_js(d, c):
    rng = c.rng
    code_header(d, c, '//')
    d.t("// test fixtures - real customer data copied from prod ticket ").add(T.ticket_id(rng)).t("\nexport const customers = [\n")
    for _ in range(rng.randint(1, 5)):
        p = c.person()
        d.t("  { name: '").add(P(c, p, False)).t("', email: '").add(EM(p)).t("', phone: '").add(L(p.phone, "phone")).t("', zip: '").add(p.addr.P()).t("' },\n")
    d.t("];\n\nconst client = new ApiClient({ baseUrl: 'https://").add(H(c)).t("', apiKey: '").add(K(T.any_api_key(rng))).t("' });\n")


@template("code", "code.go_db")
def code_go(d, c):
    rng = c.rng
    code_header(d, c, '//')
    d.t("package store\n\nimport (\n\t\"database/sql\"\n\t_ \"").add(L("github.com", "public_url")).t("/lib/pq\"\n)\n\n// dsn for the reporting replica\n")
    d.t("const dsn = \"").add(conn(c, "postgres")).t("?sslmode=disable\"\n\nfunc Open() (*sql.DB, error) {\n\treturn sql.Open(\"postgres\", dsn)\n}\n")
    p = c.person()
    d.t("\n// owner: ").add(P(c, p, False)).t(" <").add(EM(p)).t(">\n")


@template("code", "code.shell_deploy")
def code_sh(d, c):
    rng = c.rng
    d.t("#!/usr/bin/env bash\nset -euo pipefail\n\nexport GITHUB_TOKEN=").add(K(T.github_token(rng))).t("\n")
    d.t("DEPLOY_HOST=").add(H(c)).t("\nscp build/app.tar.gz deploy@").add(L(T.ip4(rng, True), "ip_address")).t(":/opt/app/\n")
    d.t("ssh deploy@$DEPLOY_HOST 'sudo systemctl restart app'\n")
    d.t("curl -sS -X POST -H \"Authorization: Bearer ").add(K(T.slack_token(rng))).t("\" -d 'channel=#deploys' ").add(L("https://slack.com/api/chat.postMessage", "public_url")).t("\n")
    p = c.person()
    d.t("# on failure page ").add(P(c, p, False)).t(" on ").add(L(p.mobile, "phone")).t("\n")


@template("code", "code.sql_seed")
def code_sql(d, c):
    rng = c.rng
    code_header(d, c, '--')
    d.t("-- seed data for staging (copied from prod, ").add(T.date(rng, "en", 0)).t(")\nINSERT INTO customers (first_name, last_name, email, phone, iban, city) VALUES\n")
    n = rng.randint(1, 6)
    for i in range(n):
        p = c.person()
        if "'" in p.given + p.family + p.addr.city:
            p.family = p.family.replace("'", "")
            p.given = p.given.replace("'", "")
            p.addr.city = p.addr.city.replace("'", " ")
        d.t("  ('").add(L(p.given, "person")).t("', '").add(L(p.family, "person")).t("', '").add(EM(p)).t("', '").add(L(p.phone, "phone"))
        d.t("', '").add(L(c.bank()[0], "bank_account")).t("', '").add(p.addr.C()).t("')" + (",\n" if i < n - 1 else ";\n"))


@template("code", "code.python_test")
def code_pytest(d, c):
    rng = c.rng
    code_header(d, c, '#')
    p = c.person()
    card = c.card()[0]
    d.t("def test_checkout_with_saved_card(client):\n    payload = {\n        \"name\": \"").add(P(c, p, False)).t("\",\n        \"email\": \"").add(EM(p)).t("\",\n")
    d.t("        \"card\": \"").add(L(card, "card_number")).t("\",\n        \"cvc\": \"%03d\",\n        \"billing\": {\"line1\": \"" % rng.randint(100, 999)).add(p.addr.S()).t("\", \"postal_code\": \"").add(p.addr.P()).t("\"},\n    }\n")
    d.t("    r = client.post(\"/checkout\", json=payload, headers={\"X-Api-Key\": \"").add(K(T.generic_token(rng))).t("\"})\n    assert r.status_code == 201\n")


@template("code", "code.utility", negative=True)
def code_util(d, c):
    rng = c.rng
    code_header(d, c, '#')
    d.t("# Release ").add(T.version(rng)).t(" - ").add(T.date(rng, "en", 0)).t("\nMAX_RETRIES = %d\nTIMEOUT_S = %d\n\n" % (rng.randint(2, 8), rng.randint(5, 60)))
    d.t("def parse_order_id(s: str) -> int:\n    \"\"\"'").add(T.order_id(rng)).t("' -> numeric part.\"\"\"\n    return int(s.rsplit('-', 1)[-1].lstrip('#'))\n\n")
    d.t("def test_parse():\n    assert parse_order_id('ORD-2024-000123') == 123\n    assert format_size(").add(L(str(rng.randint(1000, 10 ** 9)), "quantity")).t(") == '").add(T.measurement(rng)).t("'\n")
    d.t("\n# vendor SDK: ").add(T.public_org(rng)).t(" client ").add(T.version(rng)).t("\nBUILD_SHA = \"").add(T.git_hash(rng, False)).t("\"\n")
    d.t("REQUEST_ID_EXAMPLE = \"").add(T.uuid(rng)).t("\"\n")


@template("code", "code.sql_migration", negative=True)
def code_migration(d, c):
    rng = c.rng
    code_header(d, c, '--')
    d.t("-- migration ").add(L("%04d" % rng.randint(1, 400), "build_id")).t(" created ").add(T.date(rng, "en", 0)).t("\n")
    d.t("ALTER TABLE orders ADD COLUMN tracking_no VARCHAR(32);\nUPDATE orders SET status = 'shipped' WHERE id = ").add(L(str(rng.randint(100000, 999999)), "order_id")).t(";\n")
    d.t("INSERT INTO products (sku, name, weight) VALUES ('").add(T.sku(rng)).t("', '").add(T.product(rng)).t("', '").add(T.measurement(rng)).t("');\n")
    d.t("-- ").add(L("Grace", "word_name")).t(" period for unpaid invoices: ").add(L(str(rng.randint(7, 30)), "quantity")).t(" days\n")
