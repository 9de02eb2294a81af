// Recent uploads' texts: signed growth with the minus sign, one view or many, the day and the UTC time.
import { expect, it } from 'vitest';
import { asOfText, signedCount, uploadDay, viewsGrowthText } from './recent-uploads';

it('signs growth and leaves an unknown count out', () => {
  expect(signedCount(12_345)).toBe('+12,345');
  expect(signedCount(0)).toBe('+0');
  expect(signedCount(-3)).toBe('\u22123');
  expect(signedCount(null)).toBeNull();
});

it('says the views growth since the day the video was first seen', () => {
  expect(viewsGrowthText(12_345, '2026-11-03T23:59:59.000Z')).toBe('+12,345 views since 3 Nov 2026');
  expect(viewsGrowthText(1, '2026-01-09T00:00:00.000Z')).toBe('+1 view since 9 Jan 2026');
  expect(viewsGrowthText(null, '2026-01-09T00:00:00.000Z')).toBeNull();
});

it('writes the UTC day and time the rows were read', () => {
  expect(uploadDay('2026-02-28T23:30:00.000Z')).toBe('28 Feb 2026');
  expect(asOfText('2026-11-23T07:05:00.000Z')).toBe('As of 23 Nov 2026, 07:05 UTC');
});
