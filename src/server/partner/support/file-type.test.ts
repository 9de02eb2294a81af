import { describe, expect, it } from 'vitest';
import { ATTACHMENT_EXTENSIONS } from '../../../lib/partner/support-rules';
import { ACCEPTED_EXTENSIONS, checkAttachment, cleanFileName } from './file-type';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('checkAttachment', () => {
  it('recognises each kind by its first bytes', () => {
    expect(checkAttachment('a.png', bytes([0x89], 'PNG\r\n\x1a\n', [0]))).toEqual({ ok: true, type: 'image/png' });
    expect(checkAttachment('a.JPG', bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ ok: true, type: 'image/jpeg' });
    expect(checkAttachment('a.gif', bytes('GIF89a', [1]))).toEqual({ ok: true, type: 'image/gif' });
    expect(checkAttachment('a.webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toEqual({ ok: true, type: 'image/webp' });
    expect(checkAttachment('a.pdf', bytes('%PDF-1.7'))).toEqual({ ok: true, type: 'application/pdf' });
    expect(checkAttachment('a.csv', new TextEncoder().encode('channel,views\nÉcran,12\n'))).toEqual({
      ok: true,
      type: 'text/csv; charset=utf-8',
    });
    expect(checkAttachment('a.xlsx', bytes('PK', [3, 4], '[Content_Types].xml', 'xl/workbook.xml')).ok).toBe(true);
    expect(checkAttachment('a.docx', bytes('PK', [3, 4], '[Content_Types].xml', 'xl/workbook.xml')).ok).toBe(false);
  });

  it('refuses content that is not what the name says, empty files and other endings', () => {
    expect(checkAttachment('a.png', bytes('hello'))).toEqual({
      ok: false,
      reason: 'the content of the file is not a PNG image, as its name says.',
    });
    expect(checkAttachment('a.pdf', bytes([0x89], 'PNG\r\n\x1a\n')).ok).toBe(false);
    expect(checkAttachment('a.txt', bytes('a', [0], 'b')).ok).toBe(false);
    expect(checkAttachment('a.txt', bytes([0xc3, 0x28])).ok).toBe(false);
    expect(checkAttachment('a.png', new Uint8Array(0))).toEqual({ ok: false, reason: 'the file is empty.' });
    expect(checkAttachment('a.html', bytes('<p>')).ok).toBe(false);
    expect(checkAttachment('png', bytes([0x89], 'PNG\r\n\x1a\n')).ok).toBe(false);
  });

  it('accepts exactly the endings the form offers', () => {
    expect([...ACCEPTED_EXTENSIONS].sort()).toEqual([...ATTACHMENT_EXTENSIONS].sort());
  });
});

describe('cleanFileName', () => {
  it('drops folders and control characters and keeps the ending when cutting', () => {
    expect(cleanFileName('C:\\shots\\a.png', 200)).toBe('a.png');
    expect(cleanFileName('../x/\u0007b.pdf', 200)).toBe('b.pdf');
    expect(cleanFileName(`${'n'.repeat(300)}.xlsx`, 20)).toBe(`${'n'.repeat(15)}.xlsx`);
    expect(cleanFileName('   ', 20)).toBe('attachment');
  });
});
