import { describe, expect, it } from 'vitest';
import { SLIDER_STEPS, parseRangeNumber, sliderToValue, valueToSlider } from './range';

describe('parseRangeNumber', () => {
  it('reads numbers, empty and unreadable text as 0', () => {
    expect(parseRangeNumber('')).toBe(0);
    expect(parseRangeNumber('   ')).toBe(0);
    expect(parseRangeNumber('abc')).toBe(0);
    expect(parseRangeNumber('-40')).toBe(0);
    expect(parseRangeNumber('1,250,000')).toBe(1_250_000);
    expect(parseRangeNumber('10 000')).toBe(10_000);
    expect(parseRangeNumber('99.9')).toBe(99);
  });
});

describe('log slider', () => {
  const max = 1_000_000; // 100 .. 10^6: four decades
  it('maps the ends and the decades evenly', () => {
    expect(valueToSlider(0, max)).toBe(0);
    expect(valueToSlider(100, max)).toBe(0);
    expect(valueToSlider(1_000, max)).toBe(SLIDER_STEPS / 4);
    expect(valueToSlider(10_000, max)).toBe(SLIDER_STEPS / 2);
    expect(valueToSlider(max, max)).toBe(SLIDER_STEPS);
    expect(valueToSlider(max * 5, max)).toBe(SLIDER_STEPS);
  });
  it('maps positions back to rounded values; 0 is no bound', () => {
    expect(sliderToValue(0, max)).toBe(0);
    expect(sliderToValue(SLIDER_STEPS / 4, max)).toBe(1_000);
    expect(sliderToValue(SLIDER_STEPS / 2, max)).toBe(10_000);
    expect(sliderToValue(SLIDER_STEPS, max)).toBe(max);
    // Two significant figures: 100 * 10^(4 * 0.3) = 1584.9 reads 1600.
    expect(sliderToValue(300, max)).toBe(1_600);
  });
  it('round-trips a value to within the rounding', () => {
    const value = 37_000;
    expect(sliderToValue(valueToSlider(value, max), max)).toBeCloseTo(value, -3);
  });
  it('keeps a usable scale when the bound is tiny', () => {
    expect(valueToSlider(500, 0)).toBeGreaterThan(0);
    expect(sliderToValue(SLIDER_STEPS, 0)).toBe(1_000);
  });
});
