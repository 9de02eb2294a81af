import { describe, expect, it } from 'vitest';
import { bodyOf, type FormField } from './actions';

// The unit tests run in Node (no DOM): fields are plain objects with the properties formBody reads.
const field = (name: string, value: string, more: Partial<FormField> = {}): FormField => ({
  name,
  value,
  type: 'text',
  dataset: {},
  ...more,
});
const checkbox = (name: string, value: string, checked: boolean, dataset: DOMStringMap = {}): FormField =>
  field(name, value, { type: 'checkbox', checked, dataset });

describe('the flat bodies every console form sends', () => {
  it('trims text, leaves empty fields out, reads checkboxes, numbers and data-json="boolean"', () => {
    const body = bodyOf([
      field('email', '  a@b.example '),
      field('content_owner_id', '   '),
      checkbox('show_title', 'on', true),
      checkbox('staff', 'on', false),
      field('public_figures', 'false', { type: 'hidden', dataset: { json: 'boolean' } }),
      field('page', '3', { type: 'number' }),
      field('limit', '', { type: 'number' }),
      field('', 'nameless'),
    ]);
    expect(body).toEqual({ email: 'a@b.example', show_title: true, staff: false, public_figures: false, page: 3 });
  });

  it('reads a select like a text field', () => {
    expect(bodyOf([field('method', 'paypal', { type: 'select-one' })])).toEqual({ method: 'paypal' });
  });
});

describe('the nested and scaled bodies of the money forms', () => {
  it('nests dotted names', () => {
    const body = bodyOf([
      field('email', 'p@demo.example'),
      field('shares.ads', '70', { type: 'number' }),
      field('shares.shorts', '60', { type: 'number' }),
    ]);
    expect(body).toEqual({ email: 'p@demo.example', shares: { ads: 70, shorts: 60 } });
  });

  it('scales percent to basis points and dollars to micro-dollars, to whole numbers', () => {
    const body = bodyOf([
      // 0.29 × 100 is 28.999999999999996 in floats.
      field('shares.ads', '0.29', { type: 'number', dataset: { scale: '100' } }),
      field('shares.claims', '0.57', { type: 'number', dataset: { scale: '100' } }),
      field('shares.adjustments', '100', { type: 'number', dataset: { scale: '100' } }),
      // 123.456789 × 1e6 is 123456788.99999999.
      field('amount_micros', '123.456789', { type: 'number', dataset: { scale: '1000000' } }),
      field('min_payout_micros', '0.1', { type: 'number', dataset: { scale: '1000000' } }),
    ]);
    expect(body).toEqual({ shares: { ads: 29, claims: 57, adjustments: 10_000 }, amount_micros: 123_456_789, min_payout_micros: 100_000 });
  });

  it('collects the checked boxes of a list as numbers, and sends [] when none is checked', () => {
    const list = { json: 'list' };
    expect(
      bodyOf([
        field('month', '2026-10'),
        checkbox('user_ids', '4', true, list),
        checkbox('user_ids', '7', false, list),
        checkbox('user_ids', '9', true, list),
      ]),
    ).toEqual({
      month: '2026-10',
      user_ids: [4, 9],
    });
    expect(bodyOf([checkbox('user_ids', '4', false, list)])).toEqual({ user_ids: [] });
  });

  it('reads data-json="number" fields as numbers', () => {
    expect(
      bodyOf([
        field('statement', '12', { type: 'hidden', dataset: { json: 'number' } }),
        field('none', '', { type: 'hidden', dataset: { json: 'number' } }),
      ]),
    ).toEqual({
      statement: 12,
    });
  });
});
