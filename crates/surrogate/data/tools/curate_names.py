#!/usr/bin/env python3
"""Checks and rewrites ../names.txt: every stand-in name is a real name of 3 or more letters,
no common word of a corpus language (../common_words.txt), no place or brand of the name
recogniser's trap list, and a given name has the gender the US (SSA) and international lists
give it, or none they disagree on. ADD (optional, same format as names.txt) holds names to add.
Also writes ../given_gender.txt. Run from the repository root:
    python3 crates/surrogate/data/tools/curate_names.py [ADD]
"""
import sys
import unicodedata

DATA = 'crates/surrogate/data/'
DETECT = 'crates/detect/data/'


def lines(path):
    for line in open(path, encoding='utf-8'):
        line = line.strip()
        if line and not line.startswith('#'):
            yield line


def fold(s):
    s = unicodedata.normalize('NFKD', s.lower())
    s = ''.join(c for c in s if not unicodedata.combining(c))
    return s.replace('ł', 'l').replace('ı', 'i').replace('ß', 'ss').replace('ø', 'o')


def key(s):
    return ''.join(c for c in fold(s) if c not in "'’-._ ")


def parse(path):
    """[(origin, {tag: [names]})] keeping the order of the file."""
    out = []
    for line in lines(path):
        if line.startswith('origin '):
            out.append((line.split()[1], {}))
            continue
        tag, rest = line.split(':', 1)
        out[-1][1].setdefault(tag.strip(), []).extend(rest.split())
    return out


words = set()
for line in lines(DATA + 'common_words.txt'):
    words.update(line.split(':', 1)[1].split())
words_folded = {fold(w) for w in words}
traps = set()
for line in lines(DETECT + 'traps.txt'):
    if not line.startswith('phrase:'):
        traps.update(line.split())
# Gender of given names by the dictionaries: SSA (f/m/u), then the international list.
ssa = {}
for line in lines(DETECT + 'given_ssa.txt'):
    n, g = line.split()
    ssa[n] = g
intl = {}
for origin, tags in parse(DETECT + 'names_intl.txt'):
    for tag in 'fmu':
        for n in tags.get(tag, []):
            k = key(n)
            intl[k] = tag if intl.get(k, tag) == tag else 'u'


def usable(n):
    k = key(n)
    return (len(n) >= 3 and n.lower() not in words and fold(n) not in words_folded
            and k not in words_folded and k not in traps and n[0].isupper())


def gender_ok(n, g):
    k = key(n)
    return ssa.get(k, g) == g and intl.get(k, g) == g


base = parse(DATA + 'names.txt')
if len(sys.argv) > 1:
    extra = dict(parse(sys.argv[1]))
    for origin, tags in base:
        for tag, ns in extra.get(origin, {}).items():
            tags.setdefault(tag, []).extend(ns)
given_in_pools = {}
dropped = []
for origin, tags in base:
    for tag in ('f', 'm', 's'):
        seen, keep = set(), []
        for n in tags.get(tag, []):
            if key(n) in seen:
                continue
            seen.add(key(n))
            if usable(n) and (tag == 's' or gender_ok(n, tag)):
                keep.append(n)
            else:
                dropped.append(f'{origin}:{tag}:{n}')
        tags[tag] = keep
        if tag in 'fm':
            for n in keep:
                given_in_pools.setdefault(key(n), set()).add(tag)
# A surname that is also a given name of the pools would make `Wei Lin` read either way.
given_keys = {key(n) for origin, tags in base for t in 'fm' for n in tags[t]}
for origin, tags in base:
    dropped += [f'{origin}:s:{n}' for n in tags['s'] if key(n) in given_keys]
    tags['s'] = [n for n in tags['s'] if key(n) not in given_keys]
# A surname of another origin too is that origin's (`Murphy` is Irish, not Anglo).
elsewhere = {key(n) for origin, tags in base if origin != 'anglo' for n in tags['s']}
for origin, tags in base:
    if origin == 'anglo':
        dropped += [f'anglo:s:{n}' for n in tags['s'] if key(n) in elsewhere]
        tags['s'] = [n for n in tags['s'] if key(n) not in elsewhere]
# A given name in both gender lists (of different origins) says nothing: drop it from both.
both = {k for k, g in given_in_pools.items() if len(g) > 1}
for origin, tags in base:
    for tag in 'fm':
        dropped += [f'{origin}:{tag}:{n}' for n in tags[tag] if key(n) in both]
        tags[tag] = [n for n in tags[tag] if key(n) not in both]
print('dropped', len(dropped), ' '.join(dropped), file=sys.stderr)

header = [l for l in open(DATA + 'names.txt', encoding='utf-8') if l.startswith('#')]
with open(DATA + 'names.txt', 'w', encoding='utf-8') as f:
    f.writelines(header)
    for origin, tags in base:
        f.write(f'\norigin {origin}\n')
        for tag in ('f', 'm', 's', 'fem'):
            line = []
            for n in tags.get(tag, []):
                if line and len(' '.join(line)) + len(n) > 92:
                    f.write(f'{tag}: ' + ' '.join(line) + '\n')
                    line = []
                line.append(n)
            if line:
                f.write(f'{tag}: ' + ' '.join(line) + '\n')
        print(origin, {t: len(tags.get(t, [])) for t in 'fms'}, file=sys.stderr)

# given_gender.txt: given names with one gender by the dictionaries, beyond the pools.
known = {}
for k, g in ssa.items():
    if g in 'fm':
        known[k] = g
for k, g in intl.items():
    if g == 'u' or ssa.get(k, g) != g:
        known.pop(k, None)
    else:
        known[k] = g
with open(DATA + 'given_gender.txt', 'w', encoding='utf-8') as f:
    f.write('# Given names whose gender the dictionaries agree on (see SOURCES.md), folded to lower\n')
    f.write('# case without accents; `f:` female, `m:` male. The names of names.txt carry their own.\n')
    for tag in 'fm':
        line = []
        for k in sorted(k for k, g in known.items() if g == tag and k not in given_in_pools):
            if line and len(' '.join(line)) + len(k) > 92:
                f.write(f'{tag}: ' + ' '.join(line) + '\n')
                line = []
            line.append(k)
        if line:
            f.write(f'{tag}: ' + ' '.join(line) + '\n')
