// The library's search, filters and sort (app/src/model/libraryfilter.js), on summaries as the
// storage lists them.
import { expect, test } from 'vitest';
import { filterGames, playedAt } from '../../app/src/model/libraryfilter.js';

const base = { moveCount: 30, reviewed: false, players: null, practice: { solved: 0, total: 0 }, source: null, opening: '', event: '' };
const day = (d) => Date.UTC(2026, 10, d);
const games = [
  { ...base, id: 'a', name: 'alice – bob', white: 'alice', black: 'bob', result: '1-0', created: day(1), updated: day(20), date: '2026.11.01', opening: 'C50 Italian Game', source: { site: 'lichess', id: 'x1', url: 'u', playedAt: day(1) + 3600e3 } },
  { ...base, id: 'b', name: 'carol – alice', white: 'carol', black: 'alice', result: '0-1', created: day(5), updated: day(6), date: '2026.11.05', opening: 'B90 Sicilian Defense: Najdorf', source: { site: 'chesscom', id: 'live/1', url: 'u', playedAt: day(5) } },
  { ...base, id: 'c', name: 'Study', white: '?', black: '?', result: '*', created: day(10), updated: day(11), date: '', event: 'Club night' },
  { ...base, id: 'd', name: 'dave – erin', white: 'dave', black: 'erin', result: '1/2-1/2', created: day(12), updated: day(12), date: '2025.03.02', opening: 'D37 Queen’s Gambit Declined' },
];
const ids = (f) => filterGames(games, f).map((g) => g.id);

test('words found in players, name, opening and event, any case, every word', () => {
  expect(ids({ text: 'ALICE' })).toEqual(['a', 'b']);
  expect(ids({ text: 'alice sicilian' })).toEqual(['b']);
  expect(ids({ text: 'club' })).toEqual(['c']);
  expect(ids({ text: 'c50' })).toEqual(['a']);
  expect(ids({ text: 'nobody' })).toEqual([]);
});

test('result, site, a date range', () => {
  expect(ids({ result: '1/2-1/2' })).toEqual(['d']);
  expect(ids({ result: '*' })).toEqual(['c']);
  expect(ids({ site: 'lichess' })).toEqual(['a']);
  expect(ids({ site: 'chesscom' })).toEqual(['b']);
  expect(ids({ site: 'here' })).toEqual(['d', 'c']);
  // d was played in 2025 (its Date tag), c has no date: when it was first saved
  expect(ids({ from: day(4) })).toEqual(['c', 'b']);
  expect(ids({ from: day(1), to: day(5) })).toEqual(['a']);
  expect(playedAt(games[3])).toBe(Date.UTC(2025, 2, 2));
});

test('sorts: last changed (the default), played either way, name', () => {
  expect(ids({})).toEqual(['a', 'd', 'c', 'b']);
  expect(ids({ sort: 'played-new' })).toEqual(['c', 'b', 'a', 'd']);
  expect(ids({ sort: 'played-old' })).toEqual(['d', 'a', 'b', 'c']);
  expect(ids({ sort: 'name' })).toEqual(['a', 'b', 'd', 'c']);
});
