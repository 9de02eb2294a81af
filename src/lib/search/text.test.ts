import { describe, expect, it } from 'vitest';
import { foldText, ftsPhrase, ftsQuery, isSearchable, reduceSearchInput } from './text';

describe('reduceSearchInput', () => {
  const id = 'UCK8sQmJBp8GCxrOtXWBpyEA';
  it('reduces channel links to the channel id', () => {
    expect(reduceSearchInput(`https://www.youtube.com/channel/${id}`)).toBe(id);
    expect(reduceSearchInput(`https://youtube.com/channel/${id}/videos?view=0`)).toBe(id);
    expect(reduceSearchInput(`  m.youtube.com/channel/${id}#about `)).toBe(id);
  });
  it('reduces handle links to the handle', () => {
    expect(reduceSearchInput('https://www.youtube.com/@google/featured')).toBe('@google');
    expect(reduceSearchInput('https://www.youtube.com/@Caf%C3%A9')).toBe('@Café');
  });
  it('keeps other text, cut to 150 characters', () => {
    expect(reduceSearchInput(' lofi hip hop ')).toBe('lofi hip hop');
    expect(reduceSearchInput('x'.repeat(200))).toHaveLength(150);
    expect(reduceSearchInput('not youtube.com.evil/channel/UC1')).toBe('not youtube.com.evil/channel/UC1');
  });
  it('uses the part from /U on for other YouTube links', () => {
    expect(reduceSearchInput('https://www.youtube.com/UCabc/about')).toBe('UCabc');
  });
});

describe('isSearchable', () => {
  it('needs 3 characters after trimming', () => {
    expect(isSearchable(' ab ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
  });
});

describe('FTS queries', () => {
  it('quotes words so user text is never FTS syntax, the last word a prefix', () => {
    expect(ftsPhrase('Lo-Fi "beats" OR x*')).toBe('"lo fi beats or x" *');
    expect(ftsPhrase('  --  ')).toBeNull();
    expect(ftsQuery(['music', 'Hip Ho'])).toBe('"music" * AND "hip ho" *');
    expect(ftsQuery(['!!', ''])).toBeNull();
  });
  it('folds accents as the index does', () => {
    expect(foldText('Música ÉTÉ')).toBe('musica ete');
  });
});
