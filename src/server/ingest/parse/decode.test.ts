// Bytes to text: gzip by magic number, strict UTF-8, the byte-order mark removed once.
import { expect, it } from 'vitest';
import { decodeReportBytes, isGzip } from './decode';

const encode = (text: string) => new TextEncoder().encode(text);
async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
const TEXT = 'date,video_title\n20260301,"Café, naïve – 日本語"\n';

it('decodes plain UTF-8 and removes one BOM (a second one is content)', async () => {
  expect(await decodeReportBytes(encode(TEXT))).toBe(TEXT);
  expect(await decodeReportBytes(encode(`\uFEFF${TEXT}`))).toBe(TEXT);
  expect(await decodeReportBytes(encode(`\uFEFF\uFEFF${TEXT}`))).toBe(`\uFEFF${TEXT}`);
});

it('gunzips by magic number, whatever the file is called', async () => {
  const packed = await gzip(encode(`\uFEFF${TEXT}`));
  expect(isGzip(packed)).toBe(true);
  expect(isGzip(encode(TEXT))).toBe(false);
  expect(await decodeReportBytes(packed)).toBe(TEXT);
});

it('refuses invalid UTF-8 instead of loading replacement characters', async () => {
  await expect(decodeReportBytes(new Uint8Array([0x61, 0x2c, 0xe9, 0x0a]))).rejects.toThrow(TypeError);
});
