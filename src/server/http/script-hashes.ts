// CSP hashes of the only inline scripts our pages carry: Astro's island loader and its hydration
// directives. Their text ships inside astro, so the hashes follow an astro upgrade by themselves.
import { createHash } from 'node:crypto';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import islandScriptDev from 'astro/runtime/server/astro-island.prebuilt-dev.js';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import mediaDirective from 'astro/runtime/client/media.prebuilt.js';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';

/**
 * What Astro writes inline before an island (src/runtime/server/scripts.ts in astro). `astro dev`
 * (npm run dev) writes the dev build of the island loader instead: the same code, readable.
 */
const ASTRO_INLINE_SCRIPTS = [islandScript, islandScriptDev, idleDirective, loadDirective, mediaDirective, onlyDirective, visibleDirective];

/** A script-src source allowing exactly this inline script text. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The script-src sources for Astro's inline scripts. Our own `<script>` blocks are always bundled
 * into /_astro files (astro.config.mjs keeps Vite from inlining them), so they need no hash.
 */
export const ASTRO_SCRIPT_SOURCES: readonly string[] = [
  ...ASTRO_INLINE_SCRIPTS.map(scriptHashSource),
  // Our own directives (src/build/client-directives.ts): hashed when the site is built, absent in unit tests.
  ...(typeof __DIRECTIVE_SCRIPT_SOURCES__ === 'object' ? __DIRECTIVE_SCRIPT_SOURCES__ : []),
];
