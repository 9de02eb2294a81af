// The /find range filters: text inputs that parse to numbers and log-scale sliders from 100 up.

/** A slider's lowest position stands for this value (and below it, for "no bound"). */
export const SLIDER_MIN_VALUE = 100;
/** Slider positions run 0..SLIDER_STEPS: fine enough for a mouse, coarse enough for the keyboard. */
export const SLIDER_STEPS = 1000;

/**
 * A range input's text as a number: digits with optional separators; empty or unreadable is 0
 * (0 means no bound), and negatives count as 0.
 * @example parseRangeNumber('1,000') // 1000
 */
export function parseRangeNumber(text: string): number {
  const cleaned = text.replace(/[\s,_]/g, '');
  if (cleaned === '') return 0;
  const value = Number(cleaned);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The slider's top value: the bound from the server, never below the slider's bottom. */
function top(max: number): number {
  return Math.max(max, SLIDER_MIN_VALUE * 10);
}

/**
 * A value's slider position on a log scale from 100 to max (values outside are clamped).
 * @example valueToSlider(100, 1e6) // 0
 */
export function valueToSlider(value: number, max: number): number {
  if (value <= SLIDER_MIN_VALUE) return 0;
  const hi = top(max);
  if (value >= hi) return SLIDER_STEPS;
  const ratio = Math.log(value / SLIDER_MIN_VALUE) / Math.log(hi / SLIDER_MIN_VALUE);
  return Math.round(ratio * SLIDER_STEPS);
}

/**
 * The value at a slider position, rounded to 2 significant figures so it reads well in the input;
 * position 0 gives 0 (no bound).
 * @example sliderToValue(1000, 1e6) // 1000000
 */
export function sliderToValue(position: number, max: number): number {
  if (position <= 0) return 0;
  const hi = top(max);
  if (position >= SLIDER_STEPS) return hi;
  const value = SLIDER_MIN_VALUE * Math.pow(hi / SLIDER_MIN_VALUE, position / SLIDER_STEPS);
  const magnitude = Math.pow(10, Math.max(0, Math.floor(Math.log10(value)) - 1));
  return Math.round(value / magnitude) * magnitude;
}
