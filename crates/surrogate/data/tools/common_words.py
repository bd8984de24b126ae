#!/usr/bin/env python3
"""Regenerates ../common_words.txt (see ../SOURCES.md).

Needs: the PyPI package wordfreq 3.1.1, the `hunspell` program with the Debian packages
hunspell-de-de hunspell-es hunspell-fr hunspell-it hunspell-nl hunspell-pl hunspell-pt-pt
hunspell-sv, and this repository's crates/detect/data (SCOWL words, name lists).

A word of language xx is common when it is among wordfreq's TOP most frequent words of xx
and Hunspell accepts it written in lower case (so `carlos` is not a Spanish word, `castillo`
is); for German, whose nouns are capitalised, also when Hunspell accepts the capitalised form
and it is no name of the name lists (or is one of the nouns below). Run from the repository root:
    python3 crates/surrogate/data/tools/common_words.py > crates/surrogate/data/common_words.txt
"""
import subprocess
import unicodedata
import wordfreq

TOP = 6000
DICTS = {'de': 'de_DE', 'fr': 'fr_FR', 'es': 'es_ES', 'it': 'it_IT', 'nl': 'nl_NL',
         'pt': 'pt_PT', 'pl': 'pl_PL', 'sv': 'sv_SE'}
# German surnames that are also common nouns (capitalised like every German noun).
DE_NOUN_SURNAMES = set('''richter fischer müller weber schneider koch wolf vogel zimmermann
wagner bauer meister könig kaiser fuchs hahn keller schuster stein jäger sommer winter engel
horn busch graf schreiber schumacher krämer vogt berger'''.split())


GIVEN_WORDS = set('''pierre claire olivier fleur roos liv rosa paz luz maxime clément
aurore constance prudence victoire'''.split())


def lines(path):
    for line in open(path, encoding='utf-8', errors='ignore'):
        line = line.strip()
        if line and not line.startswith('#'):
            yield line


def accepted(dic, words):
    """The words Hunspell's dictionary `dic` accepts as written."""
    res = subprocess.run(['hunspell', '-d', dic, '-l'], input='\n'.join(words),
                         capture_output=True, text=True, check=True)
    wrong = set(res.stdout.split())
    return [w for w in words if w not in wrong]


def names():
    """(given names, all names) of the name lists, lower case."""
    given, out = set(), set()
    for line in lines('crates/detect/data/given_ssa.txt'):
        given.add(line.split()[0])
    for line in lines('crates/detect/data/surnames_census.txt'):
        out.add(line.split()[0])
    for path in ['crates/detect/data/names_intl.txt', 'crates/surrogate/data/names.txt']:
        for line in lines(path):
            if ':' in line and not line.startswith('origin'):
                tag, rest = line.split(':', 1)
                ws = [w.lower() for w in rest.split()]
                out.update(ws)
                if tag in ('f', 'm', 'u'):
                    given.update(ws)
    return given, out | given


def main():
    given, known_names = names()
    out = {}
    en = [w for w in lines('crates/detect/data/words_en.txt') if w.isalpha()]
    out['en'] = sorted(set(en))
    for lang, d in DICTS.items():
        top = [w for w in wordfreq.top_n_list(lang, TOP) if w.isalpha()]
        lower = accepted(d, top)
        words = set(w for w in lower if w not in given or w in GIVEN_WORDS)
        if lang == 'de':
            caps = accepted(d, [w[0].upper() + w[1:] for w in top if w not in lower])
            words.update(w.lower() for w in caps
                         if w.lower() not in known_names or w.lower() in DE_NOUN_SURNAMES)
        out[lang] = sorted(words)
    print('# Common words of the corpus languages, lower case, for the stand-in pools and their')
    print('# tests: no stand-in name, street or organisation word may be one of them. A line')
    print('# `xx: w w w` holds words of language xx. Sources and licences: SOURCES.md.')
    for lang, words in out.items():
        line = []
        for w in words:
            if sum(len(x) + 1 for x in line) + len(w) > 96:
                print(f'{lang}: ' + ' '.join(line))
                line = []
            line.append(unicodedata.normalize('NFC', w))
        if line:
            print(f'{lang}: ' + ' '.join(line))


main()
