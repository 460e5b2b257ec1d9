#!/usr/bin/env python3
# Two labellings of the same self-play positions (scripts/tune/label.mjs at two node counts), put
# back in play order (label.mjs with --jobs 2 writes them in the order they finish) and cut to the
# positions both kept (each drops those it scores as mate), so that a comparison of the two trains
# on exactly the same positions, and each comes out as a directory net:pack takes
# (labelled-0.txt for self-play process 0, labelled-1-0.txt for process 1).
# Usage: align-labels.py POSITIONS.txt DEEP.txt SHALLOW.txt OUTDIR [PROCESS0_POSITIONS.txt]
#   POSITIONS.txt: process 0's then process 1's positions; the last argument, process 0's file,
#   says where process 1's begin.
# (docs/network.md, "Deeper labels")
import sys, os
pos, d5, s1, out = sys.argv[1:5]
def labels(path):
    m = {}
    for line in open(path):
        p = line.split('|')
        if len(p) >= 3: m[p[0].strip()] = line.strip()
    return m
D, S = labels(d5), labels(s1)
n0 = sum(1 for _ in open(sys.argv[5])) if len(sys.argv) > 5 else None  # process 0's line count
kept = 0
names = ('labelled-0.txt', 'labelled-1-0.txt')
os.makedirs(out + '/deep', exist_ok=True); os.makedirs(out + '/shallow', exist_ok=True)
with open(out + '/deep/' + names[0], 'w') as d0, open(out + '/deep/' + names[1], 'w') as d1, \
     open(out + '/shallow/' + names[0], 'w') as s0, open(out + '/shallow/' + names[1], 'w') as s1f:
    fd, fs = (d0, d1), (s0, s1f)
    for i, line in enumerate(open(pos)):
        fen = line.split('|')[0].strip()
        if fen in D and fen in S:
            k = 0 if n0 is None or i < n0 else 1
            fd[k].write(D[fen] + '\n'); fs[k].write(S[fen] + '\n'); kept += 1
print(f'{i + 1} positions, {kept} labelled by both ({len(D)} deep, {len(S)} shallow)')
