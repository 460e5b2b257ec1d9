#!/usr/bin/env python3
"""One generation's self-play and labelling on a many-core machine without Node (the lent device
machine: 16 cores, Python, no Node, nothing to install). The same data as `npm run net:generate`
(scripts/net.sh generate): P processes of mainline_datagen play (FEN | score | result lines), and
L labellers, each driving one Stockfish 15.1 at --label-nodes, score every position (white's side,
centipawns; mate scores dropped, as scripts/tune/label.mjs does) in place of Mainline's own score.

Work is handed out in chunks of --chunk consecutive lines of one player's file: a labeller claims
the next chunk of the player with the most lines waiting, waits for its lines as they are played,
and writes labelled-<k>-<start>.txt, so that the chunks of a player in start order are its games in
play order (what the .mlpk packer chains). At --minutes the players stop; labellers finish the
lines already played in their chunk and stop.

Usage (scripts/device/run.sh calls it):
  generate.py --out DIR --minutes M --players P --labellers L --seed S
              --datagen CMD... --stockfish CMD...   (each CMD one string, split on spaces)
"""
import argparse
import multiprocessing as mp
import os
import re
import shlex
import subprocess
import sys
import time

SCORE = re.compile(rb' score (cp|mate) (-?\d+)')
BOUND = re.compile(rb' (lower|upper)bound')


def label_chunk(engine, go, src, dst, count, deadline, player_alive):
    """Labels `count` lines from the open file `src` (waiting for lines still being played)."""
    done = dropped = 0
    buf = b''
    with open(dst + '.part', 'wb') as out:
        while done + dropped < count:
            line = src.readline()
            if not line.endswith(b'\n'):
                buf += line
                if time.time() > deadline and not player_alive():
                    break
                time.sleep(0.2)
                continue
            line = (buf + line).strip()
            buf = b''
            if not line:
                continue
            fields = [f.strip() for f in line.split(b'|')]
            fen = fields[0]
            engine.stdin.write(b'position fen ' + fen + b'\n' + go)
            engine.stdin.flush()
            score = None
            while True:
                reply = engine.stdout.readline()
                if not reply:
                    raise RuntimeError('the labelling engine exited')
                if reply.startswith(b'bestmove'):
                    break
                m = SCORE.search(reply)
                if m and not BOUND.search(reply):
                    score = int(m.group(2)) if m.group(1) == b'cp' else None
            if score is None:
                dropped += 1
                continue
            white = score if b' w ' in fen else -score
            out.write(fields[0] + b' | ' + str(white).encode() + b' | ' + fields[2] + b'\n')
            done += 1
    os.rename(dst + '.part', dst)
    return done, dropped


def labeller(idx, a, claimed, produced_path, lock, deadline, alive, totals):
    cmd = shlex.split(a.stockfish)
    engine = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1 << 16)
    engine.stdin.write(b'uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready\n')
    engine.stdin.flush()
    while engine.stdout.readline().strip() != b'readyok':
        pass
    go = b'go nodes %d\n' % a.label_nodes
    files = {}
    while True:
        with lock:
            best, most = -1, -1
            for k in range(a.players):
                try:
                    lines = count_lines(produced_path(k))
                except OSError:
                    lines = 0
                waiting = lines - claimed[k]
                if waiting > most:
                    best, most = k, waiting
            if time.time() > deadline and most <= 0:
                break
            if most <= 0 and time.time() <= deadline:
                start = None
            else:
                start = claimed[best]
                claimed[best] += a.chunk
        if start is None:
            time.sleep(0.5)
            continue
        k = best
        if k not in files:
            files[k] = (open(produced_path(k), 'rb'), [0])
        src, pos = files[k]
        # Skip to line `start`: this labeller's file position is somewhere before it.
        while pos[0] < start:
            line = src.readline()
            if not line.endswith(b'\n'):
                time.sleep(0.2)
                src.seek(src.tell() - len(line))
                continue
            pos[0] += 1
        dst = os.path.join(a.out, 'labelled-%d-%d.txt' % (k, start))
        done, dropped = label_chunk(engine, go, src, dst, a.chunk, deadline, lambda: alive[k])
        pos[0] += done + dropped
        with lock:
            totals[0] += done
            totals[1] += dropped
    engine.stdin.write(b'quit\n')
    engine.stdin.flush()
    engine.wait()


_counts = {}


def count_lines(path):
    """Lines of a growing file, counted incrementally (per process)."""
    off, n = _counts.get(path, (0, 0))
    with open(path, 'rb') as f:
        f.seek(off)
        data = f.read()
    cut = data.rfind(b'\n') + 1
    n += data.count(b'\n', 0, cut)
    _counts[path] = (off + cut, n)
    return n


def main():
    mp.set_start_method('fork')  # the labellers share the claim counters and the lock
    p = argparse.ArgumentParser()
    p.add_argument('--out', required=True)
    p.add_argument('--minutes', type=float, required=True)
    p.add_argument('--players', type=int, required=True)
    p.add_argument('--labellers', type=int, required=True)
    p.add_argument('--seed', type=int, required=True)
    p.add_argument('--nodes', type=int, default=2000)
    p.add_argument('--label-nodes', type=int, default=1000)
    p.add_argument('--chunk', type=int, default=5000)
    p.add_argument('--datagen', required=True)
    p.add_argument('--stockfish', required=True)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    deadline = time.time() + a.minutes * 60
    produced_path = lambda k: os.path.join(a.out, 'positions-%d.txt' % k)
    players = []
    for k in range(a.players):
        open(produced_path(k), 'wb').close()
        cmd = shlex.split(a.datagen) + ['--games', '100000000', '--nodes', str(a.nodes), '--eval', 'embedded',
                                        '--seed', str(a.seed * 1000 + k), '--out', produced_path(k)]
        players.append(subprocess.Popen(cmd, stderr=open(os.path.join(a.out, 'datagen-%d.log' % k), 'wb')))
    claimed = mp.Array('q', a.players, lock=False)
    alive = mp.Array('b', [1] * a.players, lock=False)
    totals = mp.Array('q', 2, lock=False)
    lock = mp.Lock()
    workers = [mp.Process(target=labeller, args=(i, a, claimed, produced_path, lock, deadline, alive, totals))
               for i in range(a.labellers)]
    for w in workers:
        w.start()
    t0 = time.time()
    while time.time() < deadline:
        time.sleep(min(30, max(0.1, deadline - time.time())))
        played = sum(count_lines(produced_path(k)) for k in range(a.players))
        print('generate: %4.0f s: %d played, %d labelled, %d dropped' % (time.time() - t0, played, totals[0], totals[1]),
              flush=True)
    for k, pl in enumerate(players):
        pl.terminate()
    for k, pl in enumerate(players):
        pl.wait()
        alive[k] = 0
    for w in workers:
        w.join()
    played = sum(count_lines(produced_path(k)) for k in range(a.players))
    print('generate: done in %.0f s: %d played, %d labelled, %d dropped (mates)' % (
        time.time() - t0, played, totals[0], totals[1]), flush=True)
    bad = [w.exitcode for w in workers if w.exitcode]
    if bad:
        sys.exit('generate: %d labeller(s) failed' % len(bad))


if __name__ == '__main__':
    main()
