import { describe, expect, it } from 'vitest';
import { positionMark, positionMarkHtml } from './position-change';

describe('positionMark', () => {
  it('says how many places a row moved, in what is shown and in what is read out', () => {
    expect(positionMark(3)).toEqual({ kind: 'up', symbol: '▲ 3', label: 'Up 3 places' });
    expect(positionMark(-1)).toEqual({ kind: 'down', symbol: '▼ 1', label: 'Down 1 place' });
    expect(positionMark(null)).toEqual({ kind: 'up', symbol: 'New', label: 'New in the list' });
  });
});

describe('positionMarkHtml', () => {
  it('hides the arrow from screen readers and reads the label instead', () => {
    expect(positionMarkHtml(12)).toBe(
      '<span class="pos-change pos-up" title="Up 12 places"><span aria-hidden="true">▲ 12</span><span class="visually-hidden">Up 12 places</span></span>',
    );
  });

  it('gives a row that kept its place an empty marker with no ARIA attribute', () => {
    expect(positionMarkHtml(0)).toBe('<span class="pos-change pos-same"></span>');
  });
});
