// Bounded request bodies: a declared Content-Length over the limit is refused before reading, and a
// body that streams past the limit (chunked, or lying about its length) is cut off while it is read.
import { badRequest, tooLarge } from './errors';

const MEBIBYTE = 1024 * 1024;

/** The sentence a 413 carries, in megabytes when the limit is that large. */
function limitSentence(limitBytes: number): string {
  return `The body is limited to ${limitBytes >= MEBIBYTE ? `${limitBytes / MEBIBYTE} MB` : `${limitBytes} bytes`}.`;
}

/**
 * Throws 413 when the request declares a body longer than the limit, 400 when the declared length
 * is not a number. Nothing is read.
 * @example refuseDeclaredLength(request, MAX_JSON_BODY_BYTES)
 */
export function refuseDeclaredLength(request: Request, limitBytes: number, tooLargeMessage = limitSentence(limitBytes)): void {
  const declared = request.headers.get('Content-Length');
  if (declared === null) return;
  if (!/^\d+$/.test(declared.trim())) throw badRequest('Content-Length: not a number of bytes.');
  if (Number(declared) > limitBytes) throw tooLarge(tooLargeMessage);
}

/** A body stream that stops once more than the limit would have passed through it. */
export interface LimitedBody {
  stream: ReadableStream<Uint8Array> | null;
  /** True once the body went past the limit (the stream was then cut short). */
  exceeded: () => boolean;
  /** The 413 to throw when exceeded() is true. */
  error: () => Error;
}

/**
 * Wraps the request body so reading it never holds more than the limit.
 * @example const body = limitBody(request, MAX_IMPORT_BYTES); await new Response(body.stream).formData()
 */
export function limitBody(request: Request, limitBytes: number, tooLargeMessage = limitSentence(limitBytes)): LimitedBody {
  refuseDeclaredLength(request, limitBytes, tooLargeMessage);
  let seen = 0;
  let over = false;
  const error = () => tooLarge(tooLargeMessage);
  // Past the limit the stream ends early instead of failing: an errored stream handed to the
  // runtime leaves rejected promises nobody awaits. Readers check exceeded() after reading.
  const source = request.body?.getReader();
  const stream = source
    ? new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await source.read();
          if (done) return controller.close();
          seen += value.byteLength;
          if (seen <= limitBytes) return controller.enqueue(value);
          over = true;
          controller.close();
          await source.cancel();
        },
        cancel: (reason) => source.cancel(reason),
      })
    : null;
  return { stream, exceeded: () => over, error };
}

/**
 * The whole body as text, refused with 413 past the limit (declared or streamed).
 * @example const text = await readLimitedText(c.req.raw, MAX_JSON_BODY_BYTES)
 */
export async function readLimitedText(request: Request, limitBytes: number): Promise<string> {
  const body = limitBody(request, limitBytes);
  if (!body.stream) return '';
  const text = await new Response(body.stream).text();
  if (body.exceeded()) throw body.error();
  return text;
}

/**
 * The body parsed as multipart/form-data: 413 past the limit (with tooLargeMessage when given), 400
 * when it is not valid multipart.
 * @example const form = await readLimitedForm(c.req.raw, MAX_IMPORT_BYTES)
 */
export async function readLimitedForm(request: Request, limitBytes: number, tooLargeMessage?: string): Promise<FormData> {
  const body = limitBody(request, limitBytes, tooLargeMessage);
  const type = request.headers.get('Content-Type') ?? '';
  // The runtime's own parse error names parser internals; the client needs to know what to send.
  const form = await new Response(body.stream, { headers: { 'Content-Type': type } }).formData().catch(() => null);
  if (body.exceeded()) throw body.error();
  if (!form) throw badRequest('The body is not valid multipart/form-data (check the boundary and the parts).');
  return form;
}
