// The outbox's link detection: links in mail bodies become clickable, sentence punctuation does not.
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('finds a link with a query string and keeps the text around it', () => {
    expect(linkify('Open http://localhost:8790/reset-password/confirm?key=ab_C-9 to continue')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'http://localhost:8790/reset-password/confirm?key=ab_C-9' },
      { kind: 'text', text: ' to continue' },
    ]);
  });

  it('leaves a full stop after a link out of the link', () => {
    expect(linkify('Go to https://viewdeck.example/email/confirm?key=x.')).toEqual([
      { kind: 'text', text: 'Go to ' },
      { kind: 'link', href: 'https://viewdeck.example/email/confirm?key=x' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('handles several links on separate lines, and text without links', () => {
    const parts = linkify('a\nhttps://one.example/1\nb https://two.example/2');
    expect(parts.filter((p) => p.kind === 'link')).toEqual([
      { kind: 'link', href: 'https://one.example/1' },
      { kind: 'link', href: 'https://two.example/2' },
    ]);
    expect(linkify('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
    expect(linkify('')).toEqual([]);
  });

  it('ignores schemes other than http and https', () => {
    expect(linkify('javascript:alert(1) ftp://x.example')).toEqual([{ kind: 'text', text: 'javascript:alert(1) ftp://x.example' }]);
  });
});
