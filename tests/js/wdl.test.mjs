// The win/draw/loss model (web/src/wdl.js): the formula on hand-checked numbers, per-mille
// rounding, and the fitter recovering a known model from samples drawn from it.
import { describe, expect, test } from 'vitest';
import { fitWdl, perMille, wdl, wdlParams } from '../../web/src/wdl.js';

const MODEL = { a: [100, 150], b: [60, 40], source: 'test' };

describe('the model', () => {
  test('chances from a score and material (hand-checked)', () => {
    // m = 78: a = 250, b = 100. x = 250: win 1/(1+e^0) = 0.5, loss 1/(1+e^5) = 0.006693
    const p = wdl({ cp: 250 }, 78, MODEL);
    expect(p.win).toBeCloseTo(0.5, 6);
    expect(p.loss).toBeCloseTo(0.006693, 6);
    expect(p.draw).toBeCloseTo(0.493307, 6);
    // x = 0: win = loss = 1/(1+e^2.5) = 0.075858
    const even = wdl({ cp: 0 }, 78, MODEL);
    expect(even.win).toBeCloseTo(0.075858, 6);
    expect(even.loss).toBeCloseTo(even.win, 12);
    // m = 0: a = 100, b = 60; x = -100: loss 0.5
    expect(wdl({ cp: -100 }, 0, MODEL).loss).toBeCloseTo(0.5, 6);
    expect(wdlParams(39, MODEL)).toEqual({ a: 175, b: 80 });
    expect(wdlParams(200, MODEL)).toEqual({ a: 250, b: 100 }); // material clamped to 78
  });
  test('mates are certain', () => {
    expect(wdl({ mate: 3 })).toEqual({ win: 1, draw: 0, loss: 0 });
    expect(wdl({ mate: -1 })).toEqual({ win: 0, draw: 0, loss: 1 });
    expect(wdl({ mate: 0 })).toEqual({ win: 0, draw: 0, loss: 1 });
  });
  test('per-mille that adds up to 1000', () => {
    expect(perMille({ win: 0.5, draw: 0.493307, loss: 0.006693 })).toEqual({ win: 500, draw: 493, loss: 7 });
    expect(perMille({ win: 1 / 3, draw: 1 / 3, loss: 1 / 3 })).toEqual({ win: 334, draw: 333, loss: 333 });
    for (const cp of [-900, -120, 0, 35, 400]) {
      const p = perMille(wdl({ cp }, 40, MODEL));
      expect(p.win + p.draw + p.loss).toBe(1000);
    }
  });
});

describe('the fitter', () => {
  test('recovers the model its samples were drawn from', () => {
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const samples = [];
    for (let i = 0; i < 12000; i++) {
      const cp = Math.round((rand() - 0.5) * 900);
      const material = Math.round(rand() * 78);
      const p = wdl({ cp }, material, MODEL);
      const u = rand();
      samples.push({ cp, material, outcome: u < p.win ? 1 : u < p.win + p.draw ? 0.5 : 0 });
    }
    const { model, logLoss } = fitWdl(samples, { degree: 1, steps: 1500 });
    expect(model.a[0]).toBeGreaterThan(75);
    expect(model.a[0]).toBeLessThan(125);
    expect(model.a[1]).toBeGreaterThan(100);
    expect(model.a[1]).toBeLessThan(200);
    expect(model.b[0] + model.b[1]).toBeGreaterThan(80);
    expect(model.b[0] + model.b[1]).toBeLessThan(120);
    // no better than the true model on its own samples
    const trueLoss = samples.reduce((s, x) => {
      const p = wdl({ cp: x.cp }, x.material, MODEL);
      return s - Math.log(x.outcome === 1 ? p.win : x.outcome === 0 ? p.loss : p.draw);
    }, 0) / samples.length;
    expect(logLoss).toBeLessThan(trueLoss + 0.01);
    expect(() => fitWdl([])).toThrow(/no samples/);
  });
});
