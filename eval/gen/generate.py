#!/usr/bin/env python3
"""Generate the labelled PII evaluation corpus.

Usage: python generate.py [--out PATH] [--n N] [--seed S]
Deterministic: same arguments -> same decompressed content.
"""
import argparse
import collections
import gzip
import io
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Some Faker providers draw from sets, whose order depends on string hashing: pin it.
if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable] + sys.argv)
sys.path.insert(0, HERE)

import data  # noqa: E402
from doc import Doc, finalize, rot, scan_secrets  # noqa: E402
from registry import TEMPLATES  # noqa: E402
import t_records  # noqa: E402,F401
import t_text  # noqa: E402,F401
import t_tech  # noqa: E402,F401

SHAPES = ["csv_header", "csv_noheader", "tsv", "json", "yaml", "env_config", "log", "kv_form", "dash_form",
          "email_thread", "chat", "ticket", "letter", "prose", "code"]
SHAPE_WEIGHT = {"csv_header": 1.1, "csv_noheader": 0.7, "tsv": 0.6, "json": 1.1, "yaml": 0.7, "env_config": 0.8,
                "log": 1.1, "kv_form": 1.2, "dash_form": 0.8, "email_thread": 1.2, "chat": 1.2, "ticket": 1.1,
                "letter": 1.0, "prose": 1.0, "code": 0.9}
ROMAN_P = {"chat": 0.8, "email_thread": 0.8, "prose": 0.8, "ticket": 0.75, "code": 0.95, "log": 0.9, "env_config": 0.95}
NEG_SHARE = 0.2


def pick_template(rng, shape, negative, lang):
    cands = [t for t in TEMPLATES if t[0] == shape and t[2] == negative and (t[3] is None or lang in t[3])]
    if not cands:
        return None
    return rng.choice(cands)


def build(i, seed):
    locs = list(data.LOCALES)
    dseed = seed * 1_000_003 + i
    rng = random.Random(dseed)
    loc = locs[i % len(locs)]
    cfg = data.LOCALES[loc]
    negative = rng.random() < NEG_SHARE
    shapes, weights = zip(*SHAPE_WEIGHT.items())
    shape = rng.choices(shapes, weights)[0]
    lang = "en"
    if cfg["lang"] and cfg["lang"] != "en" and rng.random() < 0.65:
        lang = cfg["lang"]
    t = pick_template(rng, shape, negative, lang)
    if t is None:
        lang = "en"
        t = pick_template(rng, shape, negative, lang)
    roman = False
    if cfg.get("script") and lang == "en":
        roman = rng.random() < ROMAN_P.get(shape, 0.4)
    ctx = data.Ctx(loc, lang, rng, dseed, roman=roman)
    ctx.negative = negative
    d = Doc()
    t[4](d, ctx)
    text, spans, enc = finalize(d, negative)
    if not negative and not any(s["role"] == "pii" for s in spans):
        raise AssertionError("positive doc %d (%s) without pii" % (i, t[1]))
    return {"id": None, "locale": loc, "shape": shape, "template": t[1], "negative": negative,
            "text": text, "spans": spans, "enc": enc}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "..", "corpus", "corpus.jsonl.gz"))
    ap.add_argument("--n", type=int, default=6300)
    ap.add_argument("--seed", type=int, default=20250611)
    ap.add_argument("--only", default=None, help="debug: only this template id")
    args = ap.parse_args()

    width = max(5, len(str(args.n - 1)))
    docs = []
    for i in range(args.n):
        try:
            doc = build(i, args.seed)
        except Exception as e:
            print("FAILED building doc %d: %s" % (i, e), file=sys.stderr)
            raise
        doc["id"] = str(i).zfill(width)
        if args.only and doc["template"] != args.only:
            continue
        docs.append(doc)
    docs.sort(key=lambda x: x["id"])

    buf = io.StringIO()
    for doc in docs:
        buf.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
    payload = buf.getvalue()
    hits = scan_secrets(payload)
    if hits:
        raise SystemExit("secret scanner patterns matched the encoded output: %s" % hits)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "wb") as fh:
        with gzip.GzipFile(filename="", mode="wb", fileobj=fh, mtime=0, compresslevel=9) as gz:
            gz.write(payload.encode("utf-8"))
    summary(docs, args.out, len(payload.encode("utf-8")))


def summary(docs, out, raw):
    c_shape = collections.Counter(d["shape"] for d in docs)
    c_loc = collections.Counter(d["locale"] for d in docs)
    c_tpl = collections.Counter(d["template"] for d in docs)
    neg = sum(d["negative"] for d in docs)
    kinds = collections.Counter()
    roles = collections.Counter()
    for d in docs:
        for s in d["spans"]:
            roles[s["role"]] += 1
            kinds[(s["role"], s["kind"])] += 1
    lens = [len(d["text"]) for d in docs]
    print("documents: %d  negatives: %d (%.1f%%)  templates: %d  locales: %d" % (
        len(docs), neg, 100.0 * neg / max(1, len(docs)), len(c_tpl), len(c_loc)))
    print("text length: mean %.0f  min %d  max %d" % (sum(lens) / len(lens), min(lens), max(lens)))
    print("per shape:", ", ".join("%s=%d" % kv for kv in sorted(c_shape.items())))
    print("per locale:", ", ".join("%s=%d" % kv for kv in sorted(c_loc.items())))
    print("spans by role:", dict(roles))
    for role in ("pii", "neutral", "trap"):
        print("  %s:" % role, ", ".join("%s=%d" % (k[1], v) for k, v in sorted(kinds.items()) if k[0] == role))
    print("uncompressed %.2f MB, gzip %.2f MB -> %s" % (raw / 1e6, os.path.getsize(out) / 1e6, os.path.abspath(out)))


if __name__ == "__main__":
    main()
