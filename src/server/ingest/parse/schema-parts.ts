// zod building blocks shared by the record schemas of every report family.
import * as z from 'zod';

export const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'expected a two-letter country code');
export const id = z.string().min(1);
export const count = z.int().nonnegative();
/** Net counts (likes, dislikes) go below zero when more were removed than added. */
export const netCount = z.int();
export const nonNegative = z.number().nonnegative();
/** Amounts are integer micro-USD and may be negative (adjustments, corrections). */
export const microsUsd = z.int();
export const percentage = z.number().min(0).max(100);
export const isoTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, 'expected an ISO time');
