// The board app's keys (app/src/keys.js) and report navigation (report.js's nextWithSeverity).
import { describe, expect, test } from 'vitest';
import { KEYMAP, keyAction, keyName } from '../../app/src/model/keys.js';
import { nextWithSeverity } from '../../web/src/report.js';

/** A target whose closest() matches the given selectors' parts. */
const on = (...matches) => ({ closest: (sel) => (matches.some((m) => sel.split(',').map((s) => s.trim()).includes(m)) ? {} : null) });

describe('keys', () => {
  test('every key the issue lists has its action', () => {
    const expected = {
      ArrowLeft: 'back', ArrowRight: 'forward', ArrowUp: 'up', ArrowDown: 'down', Home: 'first', End: 'last', f: 'flip',
      l: 'engine', ' ': 'playBest', x: 'threat', a: 'arrows', z: 'multiLine', b: 'nextBlunder', m: 'nextMistake',
      i: 'nextInaccuracy', '?': 'help',
    };
    for (const [key, action] of Object.entries(expected)) expect(keyAction({ key }, on())).toBe(action);
    expect(keyAction({ key: 'B' })).toBe('prevBlunder');
    expect(keyAction({ key: 'q' })).toBeNull();
  });
  test('not the app’s: modifiers, text fields, the board, Space on a button', () => {
    expect(keyAction({ key: 'f', ctrlKey: true })).toBeNull();
    expect(keyAction({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(keyAction({ key: 'f', defaultPrevented: true })).toBeNull();
    expect(keyAction({ key: 'f' }, on('input'))).toBeNull();
    expect(keyAction({ key: 'ArrowLeft' }, on('svg.cm-chessboard'))).toBeNull();
    expect(keyAction({ key: ' ' }, on('button'))).toBeNull();
    expect(keyAction({ key: 'f' }, on('button'))).toBe('flip');
  });
  test('one entry per key, each with a label and a printable name', () => {
    const keys = KEYMAP.flatMap((k) => k.keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of KEYMAP) expect(k.label).toMatch(/^[a-z]/);
    expect(keyName('ArrowLeft')).toBe('←');
    expect(keyName(' ')).toBe('space');
    expect(keyName('f')).toBe('f');
  });
});

describe('next and previous error', () => {
  const v = ['best', 'mistake', 'good', 'blunder', 'inaccuracy', 'mistake'].map((severity) => ({ severity }));
  test('forwards and backwards from a move, -1 when there is none', () => {
    expect(nextWithSeverity(v, -1, 'mistake')).toBe(1);
    expect(nextWithSeverity(v, 1, 'mistake')).toBe(5);
    expect(nextWithSeverity(v, 5, 'mistake')).toBe(-1);
    expect(nextWithSeverity(v, 5, 'mistake', -1)).toBe(1);
    expect(nextWithSeverity(v, 0, 'blunder', -1)).toBe(-1);
    expect(nextWithSeverity(v, -1, 'inaccuracy')).toBe(4);
  });
});
