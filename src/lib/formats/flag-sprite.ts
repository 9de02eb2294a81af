// Where a country's flag sits in the flag sprite (src/assets/flags.png and its codes in flags.json, drawn
// by scripts/flags.ts; src/styles/global.css shows it on every .flag). Small enough for an island's bundle.
import sprite from '../../assets/flags.json';

const INDEX = new Map(sprite.codes.split(' ').map((code, i) => [code.toUpperCase(), i]));

/**
 * The CSS background-position of a two-letter code's flag in the sprite, or null for a code without one
 * (YouTube's 'ZZ', unknown, is not among flag-icons' codes).
 * @example flagPosition('AE') // '-20px 0px'
 */
export function flagPosition(code2: string | null | undefined): string | null {
  const i = code2 ? INDEX.get(code2.toUpperCase()) : undefined;
  if (i === undefined) return null;
  return `${-(i % sprite.columns) * sprite.width}px ${-Math.floor(i / sprite.columns) * sprite.height}px`;
}
