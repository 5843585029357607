// The client build as the server sees it: which stylesheet to link and which scripts a page
// with a given set of islands needs. Read once at start from vite's manifest; a page
// without islands gets no script at all.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Where the portal serves `dist/public` (must match `base` in vite.config.ts). */
export const ASSETS_URL_PREFIX = '/assets/';
const CLIENT_ENTRY = 'islands/client.ts';
const STYLES_ENTRY = 'styles/main.scss';
const ISLAND_SRC = /^islands\/([A-Z][A-Za-z0-9]*)\.island\.tsx$/;

const manifestChunkSchema = z.object({
  file: z.string().min(1),
  src: z.string().optional(),
  isEntry: z.boolean().optional(),
  isDynamicEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  dynamicImports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
const manifestSchema = z.record(z.string(), manifestChunkSchema);
type Manifest = z.infer<typeof manifestSchema>;

export interface IslandScripts {
  /** URL of the client entry, for `<script type="module" src nonce>`. */
  entry: string;
  /** URLs of the islands' chunks and everything they import, for `<link rel="modulepreload">`. */
  preloads: string[];
}

export interface Assets {
  /** Absolute path of the folder to serve at ASSETS_URL_PREFIX (hashed, immutable files). */
  dir: string;
  /** Stylesheet URLs, in order, for `<link rel="stylesheet">`. */
  css: string[];
  /** Names of the islands in the build (`islands/<Name>.island.tsx`). */
  islands: readonly string[];
  /** Scripts for a page using these islands; null when the page uses none. */
  scriptsFor(islandNames: readonly string[]): IslandScripts | null;
  /** Changes whenever any client file changes (hash of the manifest). */
  buildId: string;
}

/**
 * The `dist` folder next to the running code: `dist/node/server/assets.js` (built) →
 * `dist`; `server/assets.ts` (tsx, tests) → `<repo>/dist`.
 */
export function defaultDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const builtRoot = path.resolve(here, '..', '..');
  if (path.basename(path.resolve(here, '..')) === 'node' && path.basename(builtRoot) === 'dist') return builtRoot;
  return path.resolve(here, '..', 'dist');
}

/**
 * Reads `<distDir>/public/.vite/manifest.json` (distDir may also be the `public` folder
 * itself). Throws with a clear message when the client build is missing or incomplete.
 */
export function loadAssets(distDir: string): Assets {
  const candidates = [path.join(distDir, 'public'), distDir].map((dir) => path.resolve(dir));
  const dir = candidates.find((c) => existsSync(manifestPath(c)));
  if (!dir) {
    throw new Error(
      `Client build not found: ${manifestPath(candidates[0] ?? distDir)} is missing. Run \`npm run build\` first.`,
    );
  }
  const raw = readFileSync(manifestPath(dir), 'utf8');
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(raw));
  } catch (error) {
    throw new Error(`Client build manifest ${manifestPath(dir)} is unreadable (${String(error)}). Run \`npm run build\`.`);
  }

  const styles = manifest[STYLES_ENTRY];
  if (!styles) {
    throw new Error(`Client build manifest has no ${STYLES_ENTRY} entry. Run \`npm run build\`.`);
  }
  const client = manifest[CLIENT_ENTRY];
  const url = (file: string) => ASSETS_URL_PREFIX + file;

  // Every chunk `key` statically depends on, in dependency order, without repeats.
  const staticClosure = (key: string, seen: Set<string>, out: string[]) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Client build manifest refers to a missing chunk ${key}. Run \`npm run build\`.`);
    for (const imported of chunk.imports ?? []) staticClosure(imported, seen, out);
    out.push(chunk.file);
  };

  const css = [styles.file, ...(styles.css ?? []), ...(client?.css ?? [])].filter(
    (file, i, all) => file.endsWith('.css') && all.indexOf(file) === i,
  );

  // Per island: its chunk plus its static imports, minus what the entry already loads.
  const entryFiles: string[] = [];
  if (client) staticClosure(CLIENT_ENTRY, new Set(), entryFiles);
  const islandFiles = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const name = ISLAND_SRC.exec(key)?.[1];
    if (!name) continue;
    const files: string[] = [];
    staticClosure(key, new Set(), files);
    islandFiles.set(name, files);
  }

  const buildId = createHash('sha256').update(raw).digest('hex').slice(0, 16);

  return {
    dir,
    css: css.map(url),
    islands: [...islandFiles.keys()].sort(),
    buildId,
    scriptsFor(islandNames) {
      if (islandNames.length === 0) return null;
      if (!client) throw new Error(`Client build manifest has no ${CLIENT_ENTRY} entry. Run \`npm run build\`.`);
      const entryFile = client.file;
      const preloads: string[] = [];
      const add = (file: string) => {
        if (file !== entryFile && !preloads.includes(file)) preloads.push(file);
      };
      entryFiles.forEach(add);
      for (const name of islandNames) {
        const files = islandFiles.get(name);
        if (!files) {
          throw new Error(
            `Island "${name}" is not in the client build (expected islands/${name}.island.tsx). Run \`npm run build\`.`,
          );
        }
        files.forEach(add);
      }
      return { entry: url(entryFile), preloads: preloads.map(url) };
    },
  };
}

function manifestPath(publicDir: string): string {
  return path.join(publicDir, '.vite', 'manifest.json');
}
