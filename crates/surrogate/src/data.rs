//! Built-in word lists: names by origin, invented company words, infrastructure words, street
//! names, mailbox providers and public suffixes.
//!
//! Everything here is static data plus a few lookup tables built once on first use.

use std::sync::LazyLock;

use crate::text::{FxMap, FxSet};

/// The gender signal of a given name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Gender {
    Female,
    Male,
}

/// One name of the lists, with its precomputed lookup forms.
#[derive(Clone, Debug)]
pub(crate) struct Name {
    /// As written (`O'Brien`, `José`).
    pub text: &'static str,
    /// Its [`key`] (`obrien`, `jose`).
    pub key: String,
    /// Its position among all the names of [`ORIGINS`] (`0..NAME_COUNT`), for per-name
    /// flags in a vector instead of hash look-ups.
    pub id: u32,
}

impl Name {
    fn new(text: &'static str, id: u32) -> Name {
        Name {
            text,
            key: key(text),
            id,
        }
    }
}

/// Names of one origin: given names by gender and surnames.
#[derive(Clone, Debug, Default)]
pub(crate) struct Origin {
    /// The origin's name in the data file (`anglo`, `indian`…); checked by the tests.
    #[allow(dead_code)]
    pub name: &'static str,
    pub female: Vec<Name>,
    pub male: Vec<Name>,
    pub surnames: Vec<Name>,
    /// Surname endings that take a feminine form (`ski` → `ska`, `ov` → `ova`).
    pub feminine: Vec<(&'static str, &'static str)>,
}

/// Index of the Anglo origin in [`ORIGINS`].
pub(crate) const ANGLO: usize = 0;
/// Index of the South Asian (Indian) origin.
pub(crate) const INDIAN: usize = 5;
/// Index of the Chinese origin.
pub(crate) const CHINESE: usize = 6;
/// Index of the Japanese origin.
pub(crate) const JAPANESE: usize = 7;
/// Index of the Korean origin.
pub(crate) const KOREAN: usize = 8;
/// Index of the Arabic origin.
pub(crate) const ARABIC: usize = 12;
/// Index of the Russian (Latin transliteration) origin.
pub(crate) const RUSSIAN: usize = 19;
/// Index of the Greek origin.
pub(crate) const GREEK: usize = 21;

/// Names by origin. The order matters only for lookups of names that several origins share
/// (the first origin wins).
/// Names by origin, parsed once from `data/names.txt`. The order of the origins is the order
/// of the file; the index constants above refer to it.
pub(crate) static ORIGINS: LazyLock<Vec<Origin>> =
    LazyLock::new(|| parse_origins(include_str!("../data/names.txt")));

/// Parses the names file (see its header for the format).
fn parse_origins(text: &'static str) -> Vec<Origin> {
    let mut out: Vec<Origin> = Vec::new();
    let mut next_id = 0u32;
    let mut name = |w: &'static str| {
        next_id += 1;
        Name::new(w, next_id - 1)
    };
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix("origin ") {
            out.push(Origin {
                name: name.trim(),
                ..Origin::default()
            });
            continue;
        }
        let (tag, rest) = line.split_once(':').unwrap_or(("", line));
        let Some(o) = out.last_mut() else {
            continue;
        };
        let words = rest.split_whitespace();
        match tag {
            "f" => o.female.extend(words.map(&mut name)),
            "m" => o.male.extend(words.map(&mut name)),
            "s" => o.surnames.extend(words.map(&mut name)),
            "fem" => o.feminine.extend(words.filter_map(|w| w.split_once('>'))),
            _ => {}
        }
    }
    out
}

/// Index of the Cyrillic-script Russian origin.
pub(crate) const CYRILLIC: usize = 20;

/// Han-script surnames (one character each).
pub(crate) const HAN_SURNAMES: &[&str] = &[
    "王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "郭",
    "林", "何", "高", "罗",
];
/// Han-script given-name characters.
pub(crate) const HAN_GIVEN: &[&str] = &[
    "伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟", "涛", "明",
    "超", "秀", "霞", "平", "刚", "婷", "浩", "宇", "欣", "琳",
];

/// Full names that belong to famous people; a generated name equal to one of these is redrawn.
pub(crate) const FAMOUS: &[&str] = &[
    "james baker",
    "john lennon",
    "michael jordan",
    "david beckham",
    "tom hanks",
    "george harris",
    "james brown",
    "john smith",
    "michael jackson",
    "robert smith",
    "david brown",
    "peter cooper",
    "john wright",
    "daniel craig",
    "emily watson",
    "adam smith",
    "simon cowell",
    "james taylor",
    "david hall",
    "richard evans",
    "luke evans",
    "chris evans",
    "john taylor",
    "james wood",
    "robert wood",
    "sarah green",
    "kim jong",
    "li na",
    "sun yang",
    "lionel messi",
    "carlos santana",
    "pablo picasso",
    "diego costa",
    "ana ivanovic",
    "mohamed salah",
    "kofi annan",
    "jane doe",
    "john doe",
];

/// Name titles kept unchanged. Lowercase, without the trailing dot.
pub(crate) const TITLES: &[(&str, Option<Gender>)] = &[
    ("mr", Some(Gender::Male)),
    ("mrs", Some(Gender::Female)),
    ("ms", Some(Gender::Female)),
    ("miss", Some(Gender::Female)),
    ("mx", None),
    ("dr", None),
    ("prof", None),
    ("professor", None),
    ("sir", Some(Gender::Male)),
    ("dame", Some(Gender::Female)),
    ("lord", Some(Gender::Male)),
    ("lady", Some(Gender::Female)),
    ("rev", None),
    ("fr", Some(Gender::Male)),
    ("herr", Some(Gender::Male)),
    ("frau", Some(Gender::Female)),
    ("m", Some(Gender::Male)),
    ("mme", Some(Gender::Female)),
    ("mlle", Some(Gender::Female)),
    ("sr", Some(Gender::Male)),
    ("sra", Some(Gender::Female)),
    ("srta", Some(Gender::Female)),
    ("don", Some(Gender::Male)),
    ("doña", Some(Gender::Female)),
    ("sig", Some(Gender::Male)),
    ("sig.ra", Some(Gender::Female)),
    ("capt", None),
    ("col", None),
    ("sgt", None),
    ("hon", None),
];

/// Name suffixes kept unchanged (lowercase, without dots).
pub(crate) const NAME_SUFFIXES: &[&str] = &[
    "jr", "sr", "ii", "iii", "iv", "v", "phd", "md", "esq", "obe", "mbe", "cbe", "kc", "qc", "dds",
    "rn", "cpa", "mba",
];

/// Lowercase name particles kept unchanged.
pub(crate) const PARTICLES: &[&str] = &[
    "van", "von", "de", "der", "den", "da", "di", "del", "della", "la", "le", "du", "dos", "das",
    "bin", "binti", "al", "el", "ibn", "ter", "ten", "y", "e", "zu", "af", "av",
];

/// First halves of invented organisation names (`fenwick` of `fenwick-labs`).
pub(crate) const ORG_WORDS: &[&str] = &[
    "fenwick",
    "larkspur",
    "bramble",
    "alder",
    "brightwater",
    "copperline",
    "emberly",
    "fairhaven",
    "harbourview",
    "ironbark",
    "kestrel",
    "lindenhall",
    "marlow",
    "northgate",
    "oakridge",
    "pinecrest",
    "quillon",
    "redfern",
    "silverbirch",
    "thornbury",
    "valewood",
    "wrenfield",
    "yarrow",
    "ashcombe",
    "birchwood",
    "calloway",
    "dunmore",
    "elmstead",
    "foxglove",
    "glenrock",
    "hollis",
    "ivywood",
    "lakemont",
    "meadowlark",
    "nettlefield",
    "pembrook",
    "rosemere",
    "saltmarsh",
    "tamarind",
    "underhill",
    "verdant",
    "willowmere",
    "amberley",
    "bellhaven",
    "carrick",
    "dovecote",
    "eastwick",
    "farrow",
    "gorsefield",
    "halcyon",
    "inglewood",
    "kinross",
    "lowther",
    "moorcroft",
    "newhaven",
    "orwell",
    "penhallow",
    "quarrystone",
    "ravenhill",
    "stonebridge",
    "tidewater",
    "wexcombe",
    "brackenridge",
    "cedarline",
    "deepwell",
    "fernbrook",
    "goldcrest",
    "heathfield",
    "lanternfish",
    "mistral",
    "northwold",
    "pellucid",
    "quayside",
    "sablewood",
    "ashvale",
    "brackwater",
    "coldmere",
    "dunholme",
    "everleigh",
    "fallowmere",
];

/// Second halves of invented organisation names (`labs` of `fenwick-labs`).
pub(crate) const ORG_SUFFIXES: &[&str] = &[
    "labs",
    "analytics",
    "systems",
    "works",
    "partners",
    "logistics",
    "health",
    "digital",
    "networks",
    "solutions",
    "group",
    "ventures",
    "software",
    "dynamics",
    "holdings",
    "studio",
    "collective",
    "capital",
    "energy",
    "robotics",
    "cloud",
    "data",
    "media",
    "research",
    "supply",
    "foods",
    "motors",
    "consulting",
    "design",
    "bio",
];

/// Single words for replaced host-name and path words.
pub(crate) const PLAIN_WORDS: &[&str] = &[
    "jasper",
    "kepler",
    "lumen",
    "nimbus",
    "onyx",
    "umbra",
    "vertex",
    "zephyr",
    "aurora",
    "basalt",
    "cirrus",
    "fjord",
    "juno",
    "krypton",
    "vesper",
    "ashgrove",
    "brightmoor",
    "coldharbour",
    "dunwich",
    "elmcroft",
    "fernhollow",
    "galeborn",
    "hollins",
    "ingleby",
    "jarrow",
    "kelsall",
    "larchmont",
    "merrow",
    "netherby",
    "oakhurst",
    "pellow",
    "quenby",
    "rathmore",
    "selwood",
    "tarnby",
    "ulverston",
    "varley",
    "yelverton",
    "zennor",
    "birchmore",
    "cresswell",
    "dorrington",
    "esher",
    "fairlie",
    "glenmore",
];

/// Host-name labels and words that name infrastructure, not an organisation or a person.
pub(crate) const INFRA_WORDS: &[&str] = &[
    "www",
    "www1",
    "www2",
    "www3",
    "api",
    "apis",
    "app",
    "apps",
    "web",
    "mail",
    "email",
    "smtp",
    "imap",
    "pop",
    "pop3",
    "mx",
    "ns",
    "ns1",
    "ns2",
    "dns",
    "vpn",
    "git",
    "gitlab",
    "github",
    "bitbucket",
    "ci",
    "cd",
    "build",
    "builds",
    "jenkins",
    "prod",
    "production",
    "staging",
    "stage",
    "stg",
    "dev",
    "develop",
    "development",
    "test",
    "tests",
    "testing",
    "qa",
    "uat",
    "sandbox",
    "demo",
    "preprod",
    "pre",
    "int",
    "internal",
    "corp",
    "local",
    "lan",
    "intranet",
    "home",
    "arpa",
    "eu",
    "us",
    "uk",
    "de",
    "fr",
    "nl",
    "ap",
    "apac",
    "emea",
    "na",
    "amer",
    "east",
    "west",
    "north",
    "south",
    "central",
    "k8s",
    "kube",
    "cluster",
    "svc",
    "node",
    "nodes",
    "worker",
    "workers",
    "master",
    "primary",
    "secondary",
    "replica",
    "db",
    "dbs",
    "database",
    "sql",
    "mysql",
    "postgres",
    "postgresql",
    "pg",
    "redis",
    "cache",
    "memcache",
    "mongo",
    "mongodb",
    "es",
    "elastic",
    "elasticsearch",
    "search",
    "solr",
    "kafka",
    "queue",
    "mq",
    "rabbit",
    "rabbitmq",
    "lb",
    "alb",
    "elb",
    "proxy",
    "gw",
    "gateway",
    "edge",
    "cdn",
    "static",
    "assets",
    "img",
    "images",
    "media",
    "files",
    "file",
    "fs",
    "nas",
    "nfs",
    "backup",
    "backups",
    "bkp",
    "log",
    "logs",
    "logging",
    "metrics",
    "monitor",
    "monitoring",
    "grafana",
    "prometheus",
    "kibana",
    "sentry",
    "vault",
    "consul",
    "nomad",
    "auth",
    "sso",
    "login",
    "id",
    "identity",
    "idp",
    "admin",
    "portal",
    "dashboard",
    "console",
    "status",
    "docs",
    "doc",
    "wiki",
    "jira",
    "confluence",
    "help",
    "support",
    "shop",
    "store",
    "blog",
    "secure",
    "m",
    "mobile",
    "data",
    "etl",
    "analytics",
    "ml",
    "ai",
    "jump",
    "jumpbox",
    "bastion",
    "host",
    "hosts",
    "server",
    "servers",
    "srv",
    "vm",
    "vms",
    "box",
    "pc",
    "desktop",
    "laptop",
    "printer",
    "print",
    "ldap",
    "ad",
    "dc",
    "exchange",
    "owa",
    "sharepoint",
    "crm",
    "erp",
    "hr",
    "fin",
    "ops",
    "devops",
    "infra",
    "net",
    "network",
    "router",
    "switch",
    "fw",
    "firewall",
    "wifi",
    "ntp",
    "time",
    "ftp",
    "sftp",
    "ssh",
    "rdp",
    "remote",
    "citrix",
    "office",
    "ec2",
    "s3",
    "rds",
    "aws",
    "gcp",
    "azure",
    "compute",
    "storage",
    "blob",
    "core",
    "legacy",
    "old",
    "new",
    "beta",
    "alpha",
    "canary",
    "green",
    "blue",
    "red",
    "live",
    "origin",
    "upload",
    "uploads",
    "download",
    "downloads",
    "cms",
    "crm",
    "pay",
    "payments",
    "billing",
    "checkout",
    "cart",
    "events",
    "stream",
    "streaming",
    "video",
    "chat",
    "ws",
    "wss",
    "socket",
    "rpc",
    "grpc",
    "graphql",
    "rest",
    "v1",
    "v2",
    "v3",
    "service",
    "services",
    "pod",
    "pods",
    "ingress",
    "egress",
    "mesh",
    "registry",
    "docker",
    "harbor",
    "nexus",
    "artifactory",
    "repo",
    "repos",
    "packages",
    "pkg",
    "mirror",
    "dl",
    "cloud",
    "private",
    "public",
    "shared",
    "common",
    "main",
    "default",
    "site",
    "sites",
    "www-dev",
    "localhost",
    "localdomain",
    "gitea",
    "runner",
    "runners",
    "agent",
    "agents",
    "airflow",
    "spark",
    "hadoop",
    "hdfs",
    "hive",
    "presto",
    "trino",
    "superset",
    "metabase",
    "looker",
    "tableau",
    "jupyter",
    "notebook",
    "notebooks",
    "mlflow",
    "minio",
    "ceph",
    "zk",
    "zookeeper",
    "etcd",
    "macbook",
    "macbookpro",
    "mbp",
    "imac",
    "iphone",
    "ipad",
    "android",
    "workstation",
    "thinkpad",
    "nuc",
    "raspberrypi",
    "rpi",
    "haproxy",
    "nginx",
    "apache",
    "iis",
    "tomcat",
    "jboss",
    "region",
    "zone",
    "az",
    "dr",
    "standby",
    "failover",
    "hq",
    "branch",
    "lab",
    "labs",
    "office365",
];

/// Path segments and words common in URLs that identify no one.
pub(crate) const URL_WORDS: &[&str] = &[
    "api",
    "apis",
    "users",
    "user",
    "accounts",
    "account",
    "profile",
    "profiles",
    "docs",
    "doc",
    "blog",
    "posts",
    "post",
    "articles",
    "article",
    "items",
    "item",
    "products",
    "product",
    "orders",
    "order",
    "search",
    "login",
    "logout",
    "signin",
    "signup",
    "register",
    "settings",
    "admin",
    "dashboard",
    "static",
    "assets",
    "images",
    "img",
    "css",
    "js",
    "files",
    "file",
    "download",
    "downloads",
    "upload",
    "uploads",
    "en",
    "en-us",
    "en-gb",
    "de",
    "fr",
    "es",
    "about",
    "contact",
    "help",
    "support",
    "home",
    "index",
    "wiki",
    "issues",
    "issue",
    "pull",
    "pulls",
    "repos",
    "repo",
    "tree",
    "blob",
    "main",
    "master",
    "edit",
    "view",
    "new",
    "share",
    "id",
    "people",
    "person",
    "team",
    "teams",
    "org",
    "orgs",
    "projects",
    "project",
    "tickets",
    "ticket",
    "invoice",
    "invoices",
    "customers",
    "customer",
    "patients",
    "patient",
    "members",
    "member",
    "groups",
    "group",
    "public",
    "private",
    "shared",
    "folder",
    "folders",
    "graphql",
    "rest",
    "oauth",
    "oauth2",
    "auth",
    "callback",
    "token",
    "tokens",
    "reset",
    "password",
    "verify",
    "confirm",
    "unsubscribe",
    "track",
    "click",
    "open",
    "redirect",
    "out",
    "go",
    "ref",
    "tag",
    "tags",
    "category",
    "categories",
    "page",
    "pages",
    "feed",
    "rss",
    "news",
    "events",
    "event",
    "calendar",
    "meeting",
    "meetings",
    "jobs",
    "job",
    "careers",
    "apply",
    "cart",
    "checkout",
    "pay",
    "payment",
    "payments",
    "billing",
    "subscription",
    "plans",
    "pricing",
    "report",
    "reports",
    "export",
    "import",
    "data",
    "health",
    "status",
    "metrics",
    "internal",
    "in",
    "u",
    "p",
    "s",
    "d",
    "c",
    "r",
    "v",
    "w",
    "watch",
    "channel",
    "comments",
    "comment",
    "discussions",
    "wiki",
    "releases",
    "release",
    "commits",
    "commit",
    "branches",
    "compare",
    "raw",
    "archive",
    "latest",
    "dev",
    "prod",
    "www",
    "mail",
    "inbox",
    "messages",
    "message",
    "notifications",
    "docs",
    "guide",
    "guides",
    "reference",
    "overview",
    "index.html",
    "default",
    "portal",
    "app",
    "apps",
    "console",
    "resources",
    "resource",
    "media",
    "video",
    "videos",
    "photos",
    "photo",
    "album",
    "albums",
    "library",
    "list",
    "lists",
    "details",
    "detail",
    "info",
    "files",
    "sso",
    "saml",
    "openid",
    "well-known",
    "json",
    "xml",
    "csv",
    "pdf",
    "html",
    "php",
    "aspx",
    "true",
    "false",
    "asc",
    "desc",
    "all",
    "none",
    "yes",
    "no",
    "on",
    "off",
    "utm",
    "email",
    "sms",
    "social",
    "web",
    "mobile",
    "desktop",
    "invite",
    "join",
    "room",
    "rooms",
    "document",
    "documents",
    "spreadsheets",
    "presentation",
    "forms",
    "drive",
    "maps",
    "playlist",
    "gist",
    "company",
    "school",
    "hashtag",
    "explore",
    "dotfiles",
    "readme",
    "wiki",
    "changelog",
    "license",
];

/// Hosts of big public platforms whose name is not identifying in a link (the path is).
pub(crate) const PLATFORMS: &[&str] = &[
    "github",
    "gitlab",
    "bitbucket",
    "google",
    "youtube",
    "youtu",
    "linkedin",
    "twitter",
    "x",
    "facebook",
    "instagram",
    "wikipedia",
    "stackoverflow",
    "medium",
    "reddit",
    "microsoft",
    "apple",
    "amazon",
    "dropbox",
    "notion",
    "slack",
    "zoom",
    "tiktok",
    "pinterest",
    "tumblr",
    "substack",
    "vimeo",
    "twitch",
    "discord",
    "figma",
    "atlassian",
];

/// Generic user names in credentials that identify no one.
pub(crate) const GENERIC_USERS: &[&str] = &[
    "postgres",
    "root",
    "admin",
    "administrator",
    "user",
    "app",
    "redis",
    "default",
    "guest",
    "sa",
    "mysql",
    "mongo",
    "mongodb",
    "ubuntu",
    "ec2-user",
    "git",
    "ftp",
    "anonymous",
    "rabbitmq",
    "elastic",
    "oracle",
    "service",
    "test",
    "dev",
    "deploy",
    "ci",
    "jenkins",
];

/// Local parts of role mailboxes that identify no one (kept when the domain changes).
pub(crate) const ROLE_MAILBOXES: &[&str] = &[
    "info",
    "admin",
    "support",
    "sales",
    "contact",
    "hello",
    "team",
    "office",
    "noreply",
    "no-reply",
    "donotreply",
    "billing",
    "hr",
    "jobs",
    "careers",
    "help",
    "service",
    "mail",
    "webmaster",
    "postmaster",
    "security",
    "accounts",
    "press",
    "marketing",
    "it",
    "ops",
    "abuse",
    "privacy",
    "legal",
    "finance",
    "orders",
    "enquiries",
    "inquiries",
    "reception",
];

/// Public mailbox providers kept in email stand-ins (exact domains).
pub(crate) const MAIL_PROVIDERS: &[&str] = &[
    "gmail.com",
    "googlemail.com",
    "outlook.com",
    "hotmail.com",
    "live.com",
    "msn.com",
    "ymail.com",
    "rocketmail.com",
    "icloud.com",
    "me.com",
    "mac.com",
    "proton.me",
    "protonmail.com",
    "protonmail.ch",
    "pm.me",
    "aol.com",
    "web.de",
    "t-online.de",
    "freenet.de",
    "mail.ru",
    "inbox.ru",
    "list.ru",
    "bk.ru",
    "ya.ru",
    "qq.com",
    "163.com",
    "126.com",
    "yeah.net",
    "sina.com",
    "sohu.com",
    "naver.com",
    "daum.net",
    "hanmail.net",
    "orange.fr",
    "wanadoo.fr",
    "free.fr",
    "laposte.net",
    "sfr.fr",
    "libero.it",
    "virgilio.it",
    "tiscali.it",
    "btinternet.com",
    "sky.com",
    "virginmedia.com",
    "talktalk.net",
    "comcast.net",
    "verizon.net",
    "att.net",
    "sbcglobal.net",
    "bellsouth.net",
    "cox.net",
    "charter.net",
    "earthlink.net",
    "fastmail.com",
    "fastmail.fm",
    "hey.com",
    "tutanota.com",
    "tuta.io",
    "zoho.com",
    "zohomail.com",
    "mail.com",
    "email.com",
    "usa.com",
    "seznam.cz",
    "wp.pl",
    "o2.pl",
    "interia.pl",
    "onet.pl",
    "rediffmail.com",
    "bigpond.com",
    "optusnet.com.au",
    "shaw.ca",
    "rogers.com",
    "sympatico.ca",
    "xtra.co.nz",
    "uol.com.br",
    "bol.com.br",
    "terra.com.br",
    "example.com",
    "example.org",
    "example.net",
];

/// Mailbox provider families kept under any public suffix (`yahoo.co.uk`, `gmx.de`).
pub(crate) const MAIL_FAMILIES: &[&str] = &[
    "yahoo", "hotmail", "outlook", "live", "gmx", "yandex", "aol", "icloud", "gmail",
];

/// Public suffixes of more than one label (lowercase).
pub(crate) const MULTI_SUFFIXES: &[&str] = &[
    "co.uk",
    "org.uk",
    "ac.uk",
    "gov.uk",
    "ltd.uk",
    "plc.uk",
    "me.uk",
    "net.uk",
    "nhs.uk",
    "sch.uk",
    "police.uk",
    "com.au",
    "net.au",
    "org.au",
    "edu.au",
    "gov.au",
    "co.nz",
    "org.nz",
    "net.nz",
    "govt.nz",
    "ac.nz",
    "co.jp",
    "ne.jp",
    "or.jp",
    "ac.jp",
    "go.jp",
    "co.kr",
    "or.kr",
    "com.br",
    "net.br",
    "org.br",
    "gov.br",
    "com.cn",
    "net.cn",
    "org.cn",
    "com.mx",
    "org.mx",
    "gob.mx",
    "co.in",
    "net.in",
    "org.in",
    "gov.in",
    "ac.in",
    "co.za",
    "org.za",
    "gov.za",
    "com.sg",
    "edu.sg",
    "gov.sg",
    "com.hk",
    "org.hk",
    "com.tr",
    "co.il",
    "org.il",
    "ac.il",
    "com.ar",
    "com.co",
    "com.pe",
    "com.ph",
    "com.my",
    "com.tw",
    "co.id",
    "co.th",
    "ac.th",
    "com.vn",
    "com.pk",
    "com.ng",
    "co.ke",
    "com.eg",
    "com.sa",
    "co.at",
    "or.at",
    "com.pl",
    "com.ua",
    "co.ua",
    "com.es",
    "gouv.fr",
    "asso.fr",
    "home.arpa",
    "cluster.local",
    "svc.cluster.local",
];

/// English street names (the part before `Road`, `Street`…).
pub(crate) const EN_STREETS: &[&str] = &[
    "Cranmer",
    "Ashdown",
    "Elmwood",
    "Beechwood",
    "Larkhill",
    "Thornton",
    "Wexford",
    "Linden",
    "Hawthorn",
    "Rowan",
    "Alder",
    "Kingsmead",
    "Fairfield",
    "Highfield",
    "Brookside",
    "Victoria",
    "Albert",
    "Granville",
    "Holloway",
    "Pemberton",
    "Radnor",
    "Salisbury",
    "Tennyson",
    "Wordsworth",
    "Cromwell",
    "Milton",
    "Clarendon",
    "Stanley",
    "Warwick",
    "Belmont",
    "Lyndhurst",
    "Ravenscroft",
    "Sunnyside",
    "Westbourne",
    "Ellesmere",
    "Ferndale",
    "Glenview",
    "Hillcrest",
    "Lakeview",
    "Riverside",
    "Springfield",
    "Harcourt",
    "Kenilworth",
    "Sycamore",
    "Ashby",
    "Beverley",
    "Colville",
    "Dalton",
    "Fenwick",
    "Grantham",
    "Kingsley",
    "Melbury",
    "Northcote",
    "Oakley",
    "Pembroke",
    "Quantock",
    "Rydal",
    "Selborne",
    "Ashcombe",
    "Hartley",
];

/// German street-name stems (`Linden` of `Lindenstraße`).
pub(crate) const DE_STEMS: &[&str] = &[
    "Linden",
    "Birken",
    "Eichen",
    "Ahorn",
    "Garten",
    "Schul",
    "Kirch",
    "Bahnhof",
    "Mühlen",
    "Berg",
    "Wald",
    "Wiesen",
    "Rosen",
    "Buchen",
    "Tannen",
    "Feld",
    "Bach",
    "See",
    "Sonnen",
    "Blumen",
    "Goethe",
    "Schiller",
    "Mozart",
    "Lessing",
    "Kastanien",
    "Erlen",
    "Holunder",
    "Ulmen",
    "Park",
    "Markt",
];

/// German adjectival street names (`Potsdamer` of `Potsdamer Straße`).
pub(crate) const DE_ADJ: &[&str] = &[
    "Potsdamer",
    "Frankfurter",
    "Leipziger",
    "Dresdner",
    "Hamburger",
    "Bremer",
    "Kieler",
    "Lübecker",
    "Hannoversche",
    "Alte",
    "Neue",
    "Lange",
    "Breite",
    "Hohe",
];

/// Dutch street-name stems (`Linden` of `Lindenlaan`).
pub(crate) const NL_STEMS: &[&str] = &[
    "Linden", "Beuken", "Eiken", "Kerk", "Molen", "School", "Dorps", "Heren", "Prinsen", "Keizers",
    "Zand", "Water", "Rozen", "Tulpen", "Wilgen", "Esdoorn", "Berken", "Lange", "Nieuwe", "Oude",
];

/// French street names (after `rue`, `avenue`…).
pub(crate) const FR_STREETS: &[&str] = &[
    "des Lilas",
    "de la Fontaine",
    "du Moulin",
    "des Écoles",
    "de la Gare",
    "des Acacias",
    "du Château",
    "de l'Église",
    "Pasteur",
    "des Roses",
    "du Marché",
    "de la République",
    "des Tilleuls",
    "du Stade",
    "des Cerisiers",
    "des Jardins",
    "du Port",
    "de la Paix",
    "des Peupliers",
    "du Four",
];

/// Spanish street names (after `Calle`, `Avenida`…).
pub(crate) const ES_STREETS: &[&str] = &[
    "Mayor",
    "del Sol",
    "de la Luna",
    "del Prado",
    "de los Olivos",
    "San Isidro",
    "Real",
    "de la Paz",
    "del Carmen",
    "Nueva",
    "de las Flores",
    "del Río",
    "de Goya",
    "del Pilar",
    "de los Almendros",
    "Ancha",
];

/// Italian street names (after `Via`, `Piazza`…).
pub(crate) const IT_STREETS: &[&str] = &[
    "Roma",
    "Garibaldi",
    "Mazzini",
    "Verdi",
    "dei Mille",
    "della Libertà",
    "Cavour",
    "dei Giardini",
    "delle Rose",
    "San Marco",
    "Manzoni",
    "Leopardi",
    "dei Tigli",
    "del Corso",
    "Vittorio Veneto",
    "delle Querce",
];

/// Portuguese street names (after `Rua`, `Avenida`…).
pub(crate) const PT_STREETS: &[&str] = &[
    "das Flores",
    "do Comércio",
    "da Liberdade",
    "Augusta",
    "São João",
    "do Sol",
    "da Paz",
    "Direita",
    "Nova",
    "das Laranjeiras",
    "do Carmo",
    "dos Pinheiros",
];

/// English street types that follow the name (lowercase, no dot).
pub(crate) const EN_TYPES: &[&str] = &[
    "street",
    "st",
    "road",
    "rd",
    "avenue",
    "ave",
    "av",
    "lane",
    "ln",
    "drive",
    "dr",
    "way",
    "close",
    "cl",
    "court",
    "ct",
    "place",
    "pl",
    "boulevard",
    "blvd",
    "terrace",
    "terr",
    "crescent",
    "cres",
    "gardens",
    "gdns",
    "square",
    "sq",
    "hill",
    "row",
    "mews",
    "grove",
    "parkway",
    "pkwy",
    "highway",
    "hwy",
    "circle",
    "cir",
    "trail",
    "trl",
    "walk",
    "rise",
    "vale",
    "view",
    "green",
    "park",
    "path",
    "passage",
    "wharf",
    "quay",
    "parade",
    "pde",
    "esplanade",
    "loop",
    "pike",
    "alley",
    "crossing",
    "heights",
    "end",
];

/// Street types that come before the name, with the language's name list.
pub(crate) const PREFIX_TYPES: &[(&str, Lang)] = &[
    ("rue", Lang::Fr),
    ("avenue", Lang::Fr),
    ("boulevard", Lang::Fr),
    ("bd", Lang::Fr),
    ("chemin", Lang::Fr),
    ("allée", Lang::Fr),
    ("impasse", Lang::Fr),
    ("quai", Lang::Fr),
    ("place", Lang::Fr),
    ("calle", Lang::Es),
    ("c/", Lang::Es),
    ("avenida", Lang::Es),
    ("avda", Lang::Es),
    ("paseo", Lang::Es),
    ("plaza", Lang::Es),
    ("camino", Lang::Es),
    ("carrer", Lang::Es),
    ("via", Lang::It),
    ("viale", Lang::It),
    ("piazza", Lang::It),
    ("corso", Lang::It),
    ("vicolo", Lang::It),
    ("largo", Lang::It),
    ("rua", Lang::Pt),
    ("travessa", Lang::Pt),
    ("praça", Lang::Pt),
];

/// Compound suffixes of German and Dutch street names.
pub(crate) const COMPOUND_SUFFIXES: &[(&str, Lang)] = &[
    ("straße", Lang::De),
    ("strasse", Lang::De),
    ("str.", Lang::De),
    ("gasse", Lang::De),
    ("allee", Lang::De),
    ("platz", Lang::De),
    ("damm", Lang::De),
    ("ufer", Lang::De),
    ("chaussee", Lang::De),
    ("straat", Lang::Nl),
    ("laan", Lang::Nl),
    ("gracht", Lang::Nl),
    ("plein", Lang::Nl),
    ("kade", Lang::Nl),
    ("singel", Lang::Nl),
    ("dijk", Lang::Nl),
    ("steeg", Lang::Nl),
    ("weg", Lang::De),
];

/// The language style of a street name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lang {
    En,
    De,
    Nl,
    Fr,
    Es,
    It,
    Pt,
}

/// Markers of a unit within a building (`Flat 4`, `Apt 5B`).
pub(crate) const UNIT_WORDS: &[&str] = &[
    "flat",
    "apt",
    "apartment",
    "suite",
    "ste",
    "unit",
    "floor",
    "fl",
    "room",
    "rm",
    "no",
    "nr",
    "building",
    "bldg",
    "block",
    "po",
    "box",
    "piso",
    "wohnung",
    "étage",
    "bte",
];

/// Real UK postcode areas of one letter.
pub(crate) const UK_AREAS_1: &[&str] = &["B", "E", "G", "L", "M", "N", "S", "W"];
/// Real UK postcode areas of two letters.
pub(crate) const UK_AREAS_2: &[&str] = &[
    "AB", "AL", "BA", "BB", "BD", "BH", "BL", "BN", "BR", "BS", "CB", "CF", "CH", "CM", "CO", "CR",
    "CT", "CV", "CW", "DA", "DE", "DH", "DL", "DN", "DT", "DY", "EC", "EH", "EN", "EX", "FK", "FY",
    "GL", "GU", "HA", "HD", "HG", "HP", "HR", "HU", "HX", "IG", "IP", "KT", "LA", "LE", "LN", "LS",
    "LU", "ME", "MK", "NE", "NG", "NN", "NP", "NR", "NW", "OL", "OX", "PE", "PL", "PO", "PR", "RG",
    "RH", "RM", "SE", "SG", "SK", "SL", "SM", "SN", "SO", "SP", "SR", "SS", "ST", "SW", "SY", "TA",
    "TN", "TQ", "TR", "TS", "TW", "UB", "WA", "WC", "WD", "WF", "WN", "WR", "WS", "WV", "YO",
];

/// Lowercases and strips common Latin diacritics, for lookups and ASCII-only contexts.
pub(crate) fn fold(s: &str) -> String {
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        // ASCII letters of a name with accents: no Unicode look-up (none of the arms below
        // is ASCII).
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
            continue;
        }
        let lc = c.to_lowercase().next().unwrap_or(c);
        match fold_char(lc) {
            Some(r) => out.push_str(r),
            None => out.push(lc),
        }
    }
    out
}

/// Whether [`fold`] writes a character outside ASCII for `c` (the lower case of a non-ASCII
/// character that it does not fold: `ж`, `中`; not `É`, folded to `e`).
#[inline]
pub(crate) fn folds_outside_ascii(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    // Only these blocks hold characters whose lower case is ASCII or one `fold_char` folds
    // (Latin-1 and Latin Extended, `ẞ`, the Kelvin and Ångström signs): others, without a
    // case look-up (checked for every character by a test).
    let u = c as u32;
    if !(u < 0x250 || (0x1E00..0x1F00).contains(&u) || (0x2100..0x2200).contains(&u)) {
        return true;
    }
    let lc = c.to_lowercase().next().unwrap_or(c);
    !lc.is_ascii() && fold_char(lc).is_none()
}

/// What [`fold`] writes for a lower-case character outside ASCII that it folds (`é` → `e`,
/// `ß` → `ss`); `None` keeps the character.
fn fold_char(lc: char) -> Option<&'static str> {
    Some(match lc {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ą' | 'ā' => "a",
        'ç' | 'ć' | 'č' => "c",
        'è' | 'é' | 'ê' | 'ë' | 'ę' | 'ē' | 'ě' => "e",
        'ì' | 'í' | 'î' | 'ï' | 'ı' | 'ī' => "i",
        'ñ' | 'ń' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ő' | 'ō' => "o",
        'ù' | 'ú' | 'û' | 'ü' | 'ű' | 'ū' | 'ů' => "u",
        'ý' | 'ÿ' => "y",
        'ß' => "ss",
        'ł' => "l",
        'ś' | 'š' | 'ş' => "s",
        'ź' | 'ż' | 'ž' => "z",
        'ğ' => "g",
        'ř' => "r",
        'ď' => "d",
        'ť' => "t",
        'æ' => "ae",
        'œ' => "oe",
        'þ' => "th",
        'ð' => "d",
        _ => return None,
    })
}

/// The lookup key of a name part: folded, without apostrophes, hyphens, dots and spaces
/// (`O'Brien` and `obrien` meet).
pub(crate) fn key(s: &str) -> String {
    if s.is_ascii() {
        // Most name parts have none of the dropped bytes: lowered in one go (a byte-by-byte
        // push cost about twice as much, and this runs a few dozen times per text).
        if !s
            .bytes()
            .any(|b| matches!(b, b'\'' | b'-' | b'.' | b' ' | b'_'))
        {
            return s.to_ascii_lowercase();
        }
        let mut k = String::with_capacity(s.len());
        for b in s.bytes() {
            if !matches!(b, b'\'' | b'-' | b'.' | b' ' | b'_') {
                k.push(b.to_ascii_lowercase() as char);
            }
        }
        return k;
    }
    let mut k = fold(s);
    k.retain(|c| !matches!(c, '\'' | '’' | '-' | '.' | ' ' | '_'));
    k
}

/// Calls `f` with [`key`] of `s`, built on the stack when `s` is ASCII and at most
/// [`KEY_STACK`] bytes long (nearly every word asked about: the keys of e-mail local parts,
/// name parts and stand-ins looked up by the thousand per text were a `String` each).
#[inline]
pub(crate) fn with_key<R>(s: &str, f: impl FnOnce(&str) -> R) -> R {
    let mut buf = [0u8; KEY_STACK];
    if s.len() <= KEY_STACK && s.is_ascii() {
        let mut n = 0;
        for &b in s.as_bytes() {
            buf[n] = b.to_ascii_lowercase();
            n += usize::from(!matches!(b, b'\'' | b'-' | b'.' | b' ' | b'_'));
        }
        // ASCII bytes only: valid UTF-8.
        if let Ok(k) = std::str::from_utf8(&buf[..n]) {
            return f(k);
        }
    }
    f(&key(s))
}

/// The longest word whose key [`with_key`] builds on the stack.
const KEY_STACK: usize = 48;

/// Given names whose gender the dictionaries agree on, beyond the names of the origins
/// ([`key`] → gender), parsed once from `data/given_gender.txt` (US SSA and international
/// lists; see `data/SOURCES.md`).
pub(crate) static KNOWN_GENDER: LazyLock<FxMap<String, Gender>> = LazyLock::new(|| {
    let mut m = FxMap::default();
    for line in include_str!("../data/given_gender.txt").lines() {
        let (tag, rest) = line.split_once(':').unwrap_or(("", ""));
        let g = match tag {
            "f" => Gender::Female,
            "m" => Gender::Male,
            _ => continue,
        };
        for w in rest.split_whitespace() {
            m.insert(key(w), g);
        }
    }
    m
});

/// The gender of a given name ([`key`]) when the origins' lists or the dictionaries know it.
pub(crate) fn known_gender(key: &str) -> Option<Gender> {
    GIVEN
        .get(key)
        .map(|g| g.1)
        .or_else(|| KNOWN_GENDER.get(key).copied())
}

/// Given name ([`key`]) → (origin index, gender).
pub(crate) static GIVEN: LazyLock<FxMap<String, (usize, Gender)>> = LazyLock::new(|| {
    let mut m = FxMap::default();
    for (i, o) in ORIGINS.iter().enumerate() {
        for n in &o.female {
            m.entry(n.key.clone()).or_insert((i, Gender::Female));
        }
        for n in &o.male {
            m.entry(n.key.clone()).or_insert((i, Gender::Male));
        }
    }
    m
});

/// The number of names of [`ORIGINS`] (one more than the largest [`Name::id`]).
pub(crate) static NAME_COUNT: LazyLock<usize> = LazyLock::new(|| {
    ORIGINS
        .iter()
        .flat_map(|o| o.female.iter().chain(&o.male).chain(&o.surnames))
        .map(|n| n.id as usize + 1)
        .max()
        .unwrap_or(0)
});

/// The name lists of [`ORIGINS`] (female, male and surnames of each origin, in order).
pub(crate) static LISTS: LazyLock<Vec<&'static [Name]>> = LazyLock::new(|| {
    ORIGINS
        .iter()
        .flat_map(|o| [&o.female[..], &o.male[..], &o.surnames[..]])
        .collect()
});

/// By list of [`LISTS`], and one more: the first word of the list's bits in a vector of a bit
/// per name, each list from a word of its own (`LIST_WORDS[l]..LIST_WORDS[l + 1]`; the last
/// entry is the vector's length in words).
pub(crate) static LIST_WORDS: LazyLock<Vec<usize>> = LazyLock::new(|| {
    let mut words = Vec::with_capacity(LISTS.len() + 1);
    let mut at = 0;
    words.push(at);
    for list in LISTS.iter() {
        at += list.len().div_ceil(64);
        words.push(at);
    }
    words
});

/// By [`Name::id`]: the name's list (index into [`LISTS`]) and its position in that list.
pub(crate) static NAME_POS: LazyLock<Vec<(u32, u32)>> = LazyLock::new(|| {
    let mut pos = vec![(0, 0); *NAME_COUNT];
    for (l, list) in LISTS.iter().enumerate() {
        for (i, n) in list.iter().enumerate() {
            if let Some(p) = pos.get_mut(n.id as usize) {
                *p = (l as u32, i as u32);
            }
        }
    }
    pos
});

/// A name's [`key`] → the ids of the names of [`ORIGINS`] with that key.
pub(crate) static IDS_BY_KEY: LazyLock<FxMap<String, Vec<u32>>> = LazyLock::new(|| {
    let mut m: FxMap<String, Vec<u32>> = FxMap::default();
    for o in ORIGINS.iter() {
        for n in o.female.iter().chain(&o.male).chain(&o.surnames) {
            m.entry(n.key.clone()).or_default().push(n.id);
        }
    }
    m
});

/// Surname ([`key`]) → origin index.
pub(crate) static SURNAME: LazyLock<FxMap<String, usize>> = LazyLock::new(|| {
    let mut m = FxMap::default();
    for (i, o) in ORIGINS.iter().enumerate() {
        for n in &o.surnames {
            m.entry(n.key.clone()).or_insert(i);
        }
    }
    m
});

/// Builds a set of lowercase words.
fn set_of(words: &[&'static str]) -> FxSet<&'static str> {
    words.iter().copied().collect()
}

/// [`INFRA_WORDS`] as a set.
pub(crate) static INFRA: LazyLock<FxSet<&'static str>> = LazyLock::new(|| set_of(INFRA_WORDS));
/// [`URL_WORDS`] as a set.
pub(crate) static URL_WORD_SET: LazyLock<FxSet<&'static str>> = LazyLock::new(|| set_of(URL_WORDS));
/// [`MAIL_PROVIDERS`] as a set.
pub(crate) static PROVIDERS: LazyLock<FxSet<&'static str>> =
    LazyLock::new(|| set_of(MAIL_PROVIDERS));
/// [`MULTI_SUFFIXES`] as a set.
pub(crate) static MULTI_SUFFIX_SET: LazyLock<FxSet<&'static str>> =
    LazyLock::new(|| set_of(MULTI_SUFFIXES));
/// [`FAMOUS`] as a set.
pub(crate) static FAMOUS_SET: LazyLock<FxSet<&'static str>> = LazyLock::new(|| set_of(FAMOUS));
/// [`EN_TYPES`] as a set.
pub(crate) static EN_TYPE_SET: LazyLock<FxSet<&'static str>> = LazyLock::new(|| set_of(EN_TYPES));

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// [`fold`] as it was written before its ASCII shortcut: every character through the
    /// Unicode look-up.
    fn fold_by_lookup(s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            let lc = c.to_lowercase().next().unwrap_or(c);
            match super::fold_char(lc) {
                Some(r) => out.push_str(r),
                None => out.push(lc),
            }
        }
        out
    }

    proptest! {
        /// The ASCII shortcut folds as the Unicode look-up did.
        #[test]
        fn fold_matches_the_lookup(s in "[a-zA-Z '.\\-]{0,8}[éÉßŁİΣœÆ’\u{301}a-zA-Z ]{0,8}") {
            prop_assert_eq!(fold(&s), fold_by_lookup(&s));
        }

        /// The key of an ASCII word without dropped bytes (lowered in one go) is what the
        /// byte-by-byte filter gives.
        #[test]
        fn key_matches_the_filter(s in "[a-zA-Z0-9 '._\\-]{0,12}") {
            let simple: String = s
                .bytes()
                .filter(|b| !matches!(b, b'\'' | b'-' | b'.' | b' ' | b'_'))
                .map(|b| char::from(b.to_ascii_lowercase()))
                .collect();
            prop_assert_eq!(key(&s), simple);
        }

        /// The key built on the stack is [`key`]'s, for short and long words, ASCII or not.
        #[test]
        fn with_key_matches_key(s in "[a-zA-Z0-9 '._\\-]{0,60}[éÉß’a-z]{0,2}") {
            prop_assert_eq!(with_key(&s, str::to_string), key(&s));
        }
    }

    use super::*;

    #[test]
    fn lists_are_large_enough_and_clean() {
        let given: usize = ORIGINS.iter().map(|o| o.female.len() + o.male.len()).sum();
        let surnames: usize = ORIGINS.iter().map(|o| o.surnames.len()).sum();
        assert!(given >= 300, "{given} given names");
        assert!(surnames >= 300, "{surnames} surnames");
        let names: Vec<&str> = ORIGINS.iter().map(|o| o.name).collect();
        assert_eq!(names[ANGLO], "anglo");
        assert_eq!(names[INDIAN], "indian");
        assert_eq!(names[CHINESE], "chinese");
        assert_eq!(names[JAPANESE], "japanese");
        assert_eq!(names[KOREAN], "korean");
        assert_eq!(names[ARABIC], "arabic");
        assert_eq!(names[RUSSIAN], "russian");
        assert_eq!(names[CYRILLIC], "russian-cyrillic");
        assert_eq!(names[GREEK], "greek");
        for o in ORIGINS.iter() {
            assert!(!o.female.is_empty() && !o.male.is_empty() && !o.surnames.is_empty());
            for n in o.female.iter().chain(&o.male).chain(&o.surnames) {
                assert!(!n.text.contains(' ') && !n.key.is_empty(), "{n:?}");
            }
        }
        assert_eq!(GIVEN.get("priya"), Some(&(INDIAN, Gender::Female)));
        assert_eq!(GIVEN.get("jose").map(|g| g.1), Some(Gender::Male));
        assert_eq!(SURNAME.get("schmidt"), Some(&13));
        assert_eq!(SURNAME.get(&key("O'Brien")), Some(&1));
        assert_eq!(key("O'Brien"), "obrien");
        assert_eq!(fold("Łukasz Müller"), "lukasz muller");
    }
}
