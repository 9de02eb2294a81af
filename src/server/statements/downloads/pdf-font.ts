// The statement PDF's font: a subset of DejaVu Sans (Latin, Greek, Cyrillic and common symbols;
// fonts/LICENSE-DejaVu.txt, fonts/subset.sh), because pdf-lib's standard fonts draw only WinAnsi and
// channel titles are written in every script. Kept as base64 in a module rather than a `.bin` Data module:
// the Workers test pool has no rule for `.bin` (only `.wasm` is built in), and a module needs no loader
// per runtime. Decoded once per isolate.
import { DEJAVU_SANS_SUBSET_BASE64 } from './fonts/dejavu-sans-subset';

let bytes: Uint8Array | undefined;

function decode(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s/g, ''));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/**
 * The TrueType bytes of the statement font, decoded on first use and kept for the life of the isolate.
 * @example const font = await doc.embedFont(getStatementFont(), { subset: true, customName: FONT_NAME })
 */
export function getStatementFont(): Uint8Array {
  bytes ??= decode(DEJAVU_SANS_SUBSET_BASE64);
  return bytes;
}
