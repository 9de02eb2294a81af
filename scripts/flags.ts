// `npx tsx scripts/flags.ts`: the country flags the public pages show, rasterized from flag-icons' SVGs
// into src/assets/flags/ (committed). A flag drawn from an SVG costs the page's main thread a document of
// its own (parsed, laid out and painted there; Mexico's is 85 KB): on a ranking page with a dozen
// countries that was the largest share of its blocking time after the first paint (docs/public-stats.md,
// "Lighthouse"). A PNG is decoded off the main thread.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { parseCommand } from './lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'node_modules', 'flag-icons', 'flags', '4x3');
const TARGET = path.join(ROOT, 'src', 'assets', 'flags');
/** Twice the 20×15 the pages show them at, for screens of two device pixels per CSS pixel. */
const WIDTH = 40;
const HEIGHT = 30;

const USAGE = `usage: npx tsx scripts/flags.ts [--check]
  Writes src/assets/flags/<code>.png (${WIDTH}×${HEIGHT}, shown at 20×15) for every flag of the installed
  flag-icons package (node_modules/flag-icons/flags/4x3), replacing the folder's files. Run it after
  flag-icons is upgraded, and commit the result.
  --check  writes nothing; exits 1 naming the flags whose PNG is missing or stale.`;

const { values } = parseCommand(USAGE, { options: { check: { type: 'boolean', default: false } } });

/** The PNG of one SVG, identical bytes for identical input (no time or tool stamped in it). */
async function rasterize(svg: Buffer): Promise<Buffer> {
  // density: the SVGs' own size is 640×480; rendering at 72 dpi and resizing keeps thin lines sharp.
  return sharp(svg, { density: 72 })
    .resize(WIDTH, HEIGHT, { fit: 'fill' })
    .png({ compressionLevel: 9, palette: true, quality: 100 })
    .toBuffer();
}

function read(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(SOURCE).filter((name) => name.endsWith('.svg'));
  } catch {
    console.error(`No flag-icons SVGs in ${SOURCE}: run npm install first.`);
    process.exit(1);
  }
  console.log(`${values.check ? 'Checking' : 'Writing'} ${names.length} flags (${WIDTH}×${HEIGHT} PNG) in ${path.relative(ROOT, TARGET)}/`);
  const stale: string[] = [];
  const pngs = new Map<string, Buffer>();
  for (const name of names) {
    const png = await rasterize(readFileSync(path.join(SOURCE, name)));
    const file = name.replace(/\.svg$/, '.png');
    pngs.set(file, png);
    const current = read(path.join(TARGET, file));
    if (!current || !current.equals(png)) stale.push(file);
  }
  if (values.check) {
    if (stale.length === 0) return console.log('Every flag is up to date.');
    console.error(`${stale.length} flags are missing or stale: ${stale.join(', ')}. Run npx tsx scripts/flags.ts and commit.`);
    process.exit(1);
  }
  rmSync(TARGET, { recursive: true, force: true });
  mkdirSync(TARGET, { recursive: true });
  let bytes = 0;
  for (const [file, png] of pngs) {
    writeFileSync(path.join(TARGET, file), png);
    bytes += png.length;
  }
  console.log(`Wrote ${pngs.size} flags, ${Math.round(bytes / 1024)} KB in all.`);
}

await main();
