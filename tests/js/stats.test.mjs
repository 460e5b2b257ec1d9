// Elo / error / LOS / SPRT math (scripts/lib/stats.mjs) against hand-computed values.
// Reference LLRs: fishtest's LLR_logistic algorithm re-implemented independently in Python
// (bisection for the secular equation), see the comments.
import { describe, expect, test } from 'vitest';
import {
  eloFromScore, scoreFromElo, los, perfectScoreBound, eloEstimate, countsMeanVariance, pentanomialIndex,
  sprtBounds, sprtLLR, sprtLLRApprox, sprtState, erf,
} from '../../scripts/lib/stats.mjs';

describe('Elo from score', () => {
  test('score 0.5 is 0 Elo; 0.75 is 400 log10(3)', () => {
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.75)).toBeCloseTo(400 * Math.log10(3), 10);   // 190.8485
    expect(eloFromScore(0.25)).toBeCloseTo(-190.8485, 3);
    expect(eloFromScore(10 / 11)).toBeCloseTo(400, 9);                  // 1/(1+10^-1)
  });
  test('edges and inverse', () => {
    expect(eloFromScore(0)).toBe(-Infinity);
    expect(eloFromScore(1)).toBe(Infinity);
    for (const e of [-600, -35.5, 0, 12, 400]) expect(eloFromScore(scoreFromElo(e))).toBeCloseTo(e, 9);
    expect(scoreFromElo(0)).toBe(0.5);
  });
});

describe('error, LOS', () => {
  test('erf', () => {
    expect(erf(0)).toBeCloseTo(0, 7);
    expect(erf(1)).toBeCloseTo(0.8427007929, 6);
    expect(erf(-2)).toBeCloseTo(-0.9953222650, 6);
  });
  test('LOS = 0.5 (1 + erf((W-L)/sqrt(2(W+L))))', () => {
    expect(los(10, 10)).toBeCloseTo(0.5, 9);
    expect(los(0, 0)).toBe(0.5);
    expect(los(60, 40)).toBeCloseTo(0.97725, 4);          // erf(20/sqrt(200)) = erf(sqrt 2)
    expect(los(40, 60)).toBeCloseTo(0.02275, 4);
  });
  test('trinomial 30 W / 40 D / 30 L: 0 Elo, +-53.2 (variance 0.15 per game)', () => {
    const e = eloEstimate([30, 40, 30]);                   // [L, D, W]
    expect(e.model).toBe('trinomial');
    expect(e.elo).toBeCloseTo(0, 9);
    // score 0.5 +- 1.96 * sqrt(0.15 / 100) = 0.5 +- 0.075910 -> Elo +-53.15
    expect(e.stderr).toBeCloseTo(Math.sqrt(0.0015), 12);
    expect(e.error).toBeCloseTo(53.15, 1);
    expect(e.eloHigh).toBeCloseTo(-e.eloLow, 9);
  });
  test('trinomial [100 L, 200 D, 120 W]: +16.56 +- 24.09', () => {
    const e = eloEstimate([100, 200, 120]);
    expect(e.score).toBeCloseTo(220 / 420, 12);
    expect(e.elo).toBeCloseTo(16.5571, 3);
    expect(e.error).toBeCloseTo(24.0895, 3);
  });
  test('pentanomial [10, 50, 100, 60, 15] pairs: +14.79 +- 20.97', () => {
    const e = eloEstimate([10, 50, 100, 60, 15]);
    expect(e.model).toBe('pentanomial');
    expect(e.units).toBe(235);
    expect(e.elo).toBeCloseTo(14.7934, 3);
    expect(e.error).toBeCloseTo(20.9741, 3);
  });
  test('mean/variance helper and pair index', () => {
    expect(countsMeanVariance([1, 0, 1])).toEqual({ n: 2, mean: 0.5, variance: 0.25 });
    expect(pentanomialIndex(1, 0)).toBe(2);
    expect(pentanomialIndex(0.5, 1)).toBe(3);
    expect(pentanomialIndex(0, 0)).toBe(0);
    expect(pentanomialIndex(1, 1)).toBe(4);
  });
  test('all wins: exact binomial bound 0.025^(1/N)', () => {
    expect(perfectScoreBound(20, 0, 0).side).toBe('lower');
    expect(perfectScoreBound(20, 0, 0).elo).toBeCloseTo(eloFromScore(0.025 ** 0.05), 9);   // score >= 0.8318 -> +277.4
    expect(perfectScoreBound(20, 0, 0).elo).toBeCloseTo(277.4, 1);
    expect(perfectScoreBound(0, 0, 20).elo).toBeCloseTo(-277.4, 1);
    expect(perfectScoreBound(19, 1, 0)).toBe(null);
  });
  test('all wins: +inf Elo with infinite error, not NaN', () => {
    const e = eloEstimate([0, 0, 4]);
    expect(e.elo).toBe(Infinity);
    expect(e.error).toBe(Infinity);
  });
});

describe('SPRT', () => {
  test('bounds for alpha = beta = 0.05 are -+ln(19)', () => {
    const b = sprtBounds(0.05, 0.05);
    expect(b.lower).toBeCloseTo(-Math.log(19), 12);      // -2.944
    expect(b.upper).toBeCloseTo(Math.log(19), 12);
    const c = sprtBounds(0.05, 0.1);
    expect(c.lower).toBeCloseTo(Math.log(0.1 / 0.95), 12);
    expect(c.upper).toBeCloseTo(Math.log(0.9 / 0.05), 12);
  });
  test('LLR_logistic reference values (elo0 0, elo1 5)', () => {
    expect(sprtLLR([100, 200, 120], 0, 5)).toBeCloseTo(0.4666901, 5);
    expect(sprtLLR([10, 50, 100, 60, 15], 0, 5)).toBeCloseTo(0.5366013, 5);
    expect(sprtLLR([5, 20, 30, 25, 8], 0, 5)).toBeCloseTo(0.2547612, 5);
    expect(sprtLLR([300, 400, 300], 0, 5)).toBeCloseTo(-0.1725739, 5);
    expect(sprtLLR([0, 3, 10], 0, 5)).toBeCloseTo(0.1857156, 5);   // zero count regularised to 1e-3
    expect(sprtLLR([10, 50, 100, 60, 15], -3, 1)).toBeCloseTo(0.5499704, 5);
  });
  test('normal approximation is close when the sample is large', () => {
    for (const c of [[100, 200, 120], [10, 50, 100, 60, 15], [300, 400, 300]]) {
      expect(Math.abs(sprtLLR(c, 0, 5) - sprtLLRApprox(c, 0, 5))).toBeLessThan(0.01);
    }
    expect(sprtLLRApprox([100, 200, 120], 0, 5)).toBeCloseTo(0.4684516, 5);
  });
  test('LLR is 0 without games, about 0 at the midpoint, antisymmetric under swapping hypotheses', () => {
    expect(sprtLLR([0, 0, 0], 0, 5)).toBe(0);
    const c = [20, 60, 20];
    expect(sprtLLR(c, -5, 5)).toBeCloseTo(0, 9);
    expect(sprtLLR([10, 50, 100, 60, 15], 5, 0)).toBeCloseTo(-sprtLLR([10, 50, 100, 60, 15], 0, 5), 9);
  });
  test('decisions', () => {
    const p = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
    expect(sprtState([100, 200, 120], p).accepted).toBe(null);
    expect(sprtState([1000, 2000, 1300], p).accepted).toBe('H1');       // +24.9 Elo over 4300 games
    expect(sprtState([1300, 2000, 1000], p).accepted).toBe('H0');
  });
});
