#!/usr/bin/env python3
"""Print decoded documents with inline span markup: [[text|kind]] (pii), {{text|kind}} (neutral), <<text|kind>> (trap).
Usage: python show.py CORPUS [--ids 00001,00002] [--random N] [--seed S] [--template T] [--raw]"""
import argparse, gzip, json, random, sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from doc import rot

ap = argparse.ArgumentParser()
ap.add_argument("corpus"); ap.add_argument("--ids"); ap.add_argument("--random", type=int); ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--template"); ap.add_argument("--shape"); ap.add_argument("--locale"); ap.add_argument("--raw", action="store_true")
a = ap.parse_args()
docs = [json.loads(l) for l in gzip.open(a.corpus, "rt", encoding="utf-8")]
if a.ids: docs = [d for d in docs if d["id"] in a.ids.split(",")]
if a.template: docs = [d for d in docs if d["template"] == a.template]
if a.shape: docs = [d for d in docs if d["shape"] == a.shape]
if a.locale: docs = [d for d in docs if d["locale"] == a.locale]
if a.random: docs = random.Random(a.seed).sample(docs, min(a.random, len(docs)))
for d in docs:
    t = list(d["text"])
    for s, e in d["enc"]: t[s:e] = rot(d["text"][s:e])
    t = "".join(t)
    out, pos = [], 0
    for sp in d["spans"]:
        out.append(t[pos:sp["start"]])
        o, c = {"pii": ("[[", "]]"), "neutral": ("{{", "}}"), "trap": ("<<", ">>")}[sp["role"]]
        out.append("%s%s|%s%s" % (o, t[sp["start"]:sp["end"]], sp["kind"], c)); pos = sp["end"]
    out.append(t[pos:])
    print("=" * 100); print("%s %s %s %s neg=%s" % (d["id"], d["locale"], d["shape"], d["template"], d["negative"]))
    print(t if a.raw else "".join(out))
