// `npx tsx scripts/flags.ts`: the country flags the pages show, rasterized from flag-icons' SVGs into one
// sprite, src/assets/flags.png, and its list of codes, src/assets/flags.json (both committed).
// A flag drawn from an SVG costs the page's main thread a document of its own (parsed, laid out and
// painted there; Mexico's is 85 KB); a flag per PNG costs a request, a decode and a repaint of the page per
// country shown, which on a ranking page of 100 rows was most of its blocking time after the first paint.
// One sprite is one request, cached by every page after the first (docs/public-stats.md, "Flags").
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { parseCommand } from './lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'node_modules', 'flag-icons', 'flags', '4x3');
const SPRITE = path.join(ROOT, 'src', 'assets', 'flags.png');
const CODES = path.join(ROOT, 'src', 'assets', 'flags.json');
/** A flag's size on the pages (CSS pixels) and the sprite's tiles to a row; src/styles/global.css sizes
 * the sprite to match (.flag). */
const SHOWN = { width: 20, height: 15 };
const COLUMNS = 16;
/** Tiles twice the size shown, for screens of two device pixels per CSS pixel. */
const WIDTH = SHOWN.width * 2;
const HEIGHT = SHOWN.height * 2;

const USAGE = `usage: npx tsx scripts/flags.ts [--check]
  Writes src/assets/flags.png, every flag of the installed flag-icons package
  (node_modules/flag-icons/flags/4x3) as a ${WIDTH}×${HEIGHT} tile (shown at ${SHOWN.width}×${SHOWN.height}), ${COLUMNS} to a row in
  the order of their codes, and src/assets/flags.json, the codes in that order and the layout. Run it after flag-icons
  is upgraded, and commit both files.
  --check  writes nothing; exits 1 when either file is missing or differs from what it would write.`;

const { values } = parseCommand(USAGE, { options: { check: { type: 'boolean', default: false } } });

/** One flag as raw RGBA pixels, so the sprite is reduced to a palette once, as a whole. */
async function rasterize(svg: Buffer): Promise<Buffer> {
  // density: the SVGs' own size is 640×480; rendering at 72 dpi and resizing keeps thin lines sharp.
  return sharp(svg, { density: 72 }).resize(WIDTH, HEIGHT, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
}

/** The sprite's PNG: identical bytes for identical flags (no time or tool stamped in it). */
async function sprite(tiles: Buffer[]): Promise<Buffer> {
  const rows = Math.ceil(tiles.length / COLUMNS);
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  return sharp({ create: { width: COLUMNS * WIDTH, height: rows * HEIGHT, channels: 4, background: transparent } })
    .composite(
      tiles.map((input, i) => ({
        input,
        raw: { width: WIDTH, height: HEIGHT, channels: 4 as const },
        left: (i % COLUMNS) * WIDTH,
        top: Math.floor(i / COLUMNS) * HEIGHT,
      })),
    )
    .png({ compressionLevel: 9, palette: true, quality: 100, effort: 10 })
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
    names = readdirSync(SOURCE)
      .filter((name) => name.endsWith('.svg'))
      .sort();
  } catch {
    console.error(`No flag-icons SVGs in ${SOURCE}: run npm install first.`);
    process.exit(1);
  }
  console.log(`${values.check ? 'Checking' : 'Drawing'} ${names.length} flags into ${path.relative(ROOT, SPRITE)}`);
  const tiles: Buffer[] = [];
  for (const name of names) tiles.push(await rasterize(readFileSync(path.join(SOURCE, name))));
  const png = await sprite(tiles);
  // Prettier's layout of this object, so the format check passes on the written file.
  const layout = { columns: COLUMNS, ...SHOWN, codes: names.map((name) => name.replace(/\.svg$/, '')).join(' ') };
  const codes = `${JSON.stringify(layout, null, 2)}\n`;
  if (values.check) {
    const stale = [...(read(SPRITE)?.equals(png) ? [] : [SPRITE]), ...(read(CODES)?.toString('utf8') === codes ? [] : [CODES])];
    if (stale.length === 0) return console.log('The flags are up to date.');
    console.error(
      `Missing or stale: ${stale.map((file) => path.relative(ROOT, file)).join(', ')}. Run npx tsx scripts/flags.ts and commit.`,
    );
    process.exit(1);
  }
  writeFileSync(SPRITE, png);
  writeFileSync(CODES, codes);
  console.log(`Wrote ${names.length} flags, ${Math.round(png.length / 1024)} KB, and their codes in ${path.relative(ROOT, CODES)}.`);
}

await main();
