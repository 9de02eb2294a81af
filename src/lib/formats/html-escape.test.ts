import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html-escape';

describe('escapeHtml', () => {
  it('escapes markup and quotes, leaves the rest', () => {
    expect(escapeHtml(`<b onclick='x'>Tom & "Jerry"</b> ¡Olé!`)).toBe(
      '&lt;b onclick=&#39;x&#39;&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt; ¡Olé!',
    );
  });
});
