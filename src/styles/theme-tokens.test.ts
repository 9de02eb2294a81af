// The colour tokens stay in one place and the dark theme stays whole: theme.css's two dark blocks (the
// system's, the chosen one) set the same values, every light token has a dark value, and no style outside
// theme.css writes a colour of its own (docs/how-to-add.md, "Colours").
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DARK_SURFACE } from '../lib/theme/series-colour';

const SRC = path.resolve(import.meta.dirname, '..');
const THEME = readFileSync(path.join(SRC, 'styles/theme.css'), 'utf8');

/** The declarations of the first rule whose selector is exactly this, as name → value. */
function declarations(selector: string): Map<string, string> {
  const at = THEME.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`theme.css has no rule ${selector}`);
  const body = THEME.slice(at + selector.length + 2, THEME.indexOf('}', at));
  const pairs = body
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(';')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()] as [string, string]);
  return new Map(pairs);
}

describe('theme.css', () => {
  const light = declarations(':root');
  const systemDark = declarations(":root:not([data-theme='light'])");
  const chosenDark = declarations(":root[data-theme='dark']");

  it('sets the same dark values for the system and for a chosen dark theme', () => {
    expect([...systemDark]).toEqual([...chosenDark]);
  });

  it('gives every light token a dark value, and says which scheme each is', () => {
    expect([...systemDark.keys()].sort()).toEqual([...light.keys()].sort());
    expect(light.get('color-scheme')).toBe('light');
    expect(systemDark.get('color-scheme')).toBe('dark');
  });

  it('lightens series against the dark surface it sets', () => {
    expect(systemDark.get('--surface')).toBe(DARK_SURFACE);
  });
});

/** Embeds keep their light look: other sites frame them, on backgrounds we do not know. */
const LIGHT_ONLY = new Set(['layouts/EmbedLayout.astro', 'pages/embed/channel/[id].astro']);
const COLOUR_LITERAL = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/gi;

function styleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return styleFiles(full);
    return /\.(css|astro)$/.test(entry.name) ? [full] : [];
  });
}

describe('colours outside theme.css', () => {
  it('are tokens, never literals', () => {
    const found = styleFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => file !== 'styles/theme.css' && !LIGHT_ONLY.has(file))
      .flatMap((file) =>
        readFileSync(path.join(SRC, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (line.replace(/\/\*.*?\*\//g, '').match(COLOUR_LITERAL) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
