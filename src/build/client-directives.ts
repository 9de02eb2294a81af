// Our own Astro client directives (src/islands/directives/*): registered with Astro, and the hashes their
// inline scripts need in the pages' Content-Security-Policy (src/server/http/script-hashes.ts).
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { scriptHashSource } from '../server/http/script-hashes.ts';

const DIRECTIVES = [{ name: 'interaction', entrypoint: new URL('../islands/directives/interaction.ts', import.meta.url) }];

export function clientDirectives(): AstroIntegration {
  return {
    name: 'viewdeck:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        for (const { name, entrypoint } of DIRECTIVES) addClientDirective({ name, entrypoint: fileURLToPath(entrypoint) });
      },
    },
  };
}

/**
 * The text Astro writes inline for a directive: its entrypoint bundled by esbuild exactly as astro 5
 * does it (buildClientDirectiveEntrypoint in astro/dist/core/client-directive/build.js), so the same text
 * and hash. A page whose directive script no longer matches is refused by the browser; the CSP browser test
 * (tests/e2e/content-security-policy.spec.ts) loads /find to catch it.
 */
async function directiveScript(name: string, entrypoint: URL, root: URL): Promise<string> {
  const output = await build({
    stdin: {
      contents: `import directive from ${JSON.stringify(fileURLToPath(entrypoint))};

(self.Astro || (self.Astro = {}))[${JSON.stringify(name)}] = directive;

window.dispatchEvent(new Event('astro:' + ${JSON.stringify(name)}));`,
      resolveDir: fileURLToPath(root),
    },
    absWorkingDir: fileURLToPath(root),
    format: 'iife',
    minify: true,
    bundle: true,
    write: false,
  });
  return output.outputFiles[0]?.text ?? '';
}

/** The script-src sources of our directives' inline scripts, for astro.config.mjs to define. */
export async function directiveScriptSources(root: URL): Promise<string[]> {
  const texts = await Promise.all(DIRECTIVES.map(({ name, entrypoint }) => directiveScript(name, entrypoint, root)));
  return texts.map(scriptHashSource);
}
