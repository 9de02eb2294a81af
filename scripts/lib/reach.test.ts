import { describe, expect, it } from 'vitest';
import { answerOf } from './reach.ts';

describe('answerOf', () => {
  it('gives the data of an answer', async () => {
    expect(await answerOf(Response.json({ data: { id: 7 } }))).toEqual({ id: 7 });
  });

  it("throws the server's error of a refusal, after the context", async () => {
    await expect(
      answerOf(Response.json({ error: 'No network "x".' }, { status: 404 }), 'http://h answered 404 to grants: '),
    ).rejects.toThrow('http://h answered 404 to grants: No network "x".');
  });

  it('quotes the text of an answer that is not JSON (a misconfigured worker answers plain text)', async () => {
    const res = new Response('Viewdeck is misconfigured: PUBLIC_URL is not set.', { status: 500 });
    await expect(answerOf(res)).rejects.toThrow(/^Viewdeck is misconfigured: PUBLIC_URL is not set\.$/);
  });

  it('cuts a long page and names the status of an empty one', async () => {
    await expect(answerOf(new Response('<html>'.padEnd(5_000, 'x'), { status: 502 }))).rejects.toThrow(/^<html>x+$/);
    await expect(answerOf(new Response('', { status: 502 }))).rejects.toThrow('the server answered 502');
    const long = await answerOf(new Response('y'.repeat(5_000), { status: 502 })).catch((e: Error) => e.message);
    expect(long).toHaveLength(300);
  });
});
