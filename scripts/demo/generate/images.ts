// Inline SVG images (data: URLs) for demo avatars and previews: the demo must work without internet.
import { pick, type Rng } from './prng';

const COLOURS = ['#e53935', '#8e24aa', '#3949ab', '#039be5', '#00897b', '#7cb342', '#fdd835', '#fb8c00', '#6d4c41', '#546e7a'];

/** Escapes only what a data: URL needs, keeping the URLs short (public channels number 100,000). */
function dataUrl(svg: string): string {
  const escaped = svg.replace(/"/g, "'").replace(/%/g, '%25').replace(/#/g, '%23').replace(/</g, '%3C').replace(/>/g, '%3E');
  return `data:image/svg+xml,${escaped}`;
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return (
    letters
      .slice(0, 2)
      .join('')
      .replace(/[^A-Z0-9]/g, '') || 'V'
  );
}

/** A round avatar with the name's initials. */
export function avatarUrl(rng: Rng, name: string): string {
  const fill = pick(rng, COLOURS);
  return dataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 88 88"><circle cx="44" cy="44" r="44" fill="${fill}"/>` +
      `<text x="44" y="56" font-family="sans-serif" font-size="34" fill="#fff" text-anchor="middle">${initials(name)}</text></svg>`,
  );
}

/** A 16:9 preview with a play mark. */
export function previewUrl(rng: Rng): string {
  const fill = pick(rng, COLOURS);
  return dataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><rect width="320" height="180" fill="${fill}"/>` +
      '<path d="M140 65v50l40-25z" fill="#fff"/></svg>',
  );
}

/** A wide channel banner. */
export function bannerUrl(rng: Rng): string {
  const [from, to] = [pick(rng, COLOURS), pick(rng, COLOURS)];
  return dataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1060 175"><defs><linearGradient id="g">` +
      `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      '<rect width="1060" height="175" fill="url(#g)"/></svg>',
  );
}
