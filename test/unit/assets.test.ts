// The client build as the server reads it (server/assets.ts), the islands naming check
// (scripts/check-islands.ts), and, when a build exists in dist/, the properties the build
// must keep: self-hosted fonts and icons, the CSS and JS budgets, compiled island chunks.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkIslands } from '../../scripts/check-islands.js';
import { ASSETS_URL_PREFIX, defaultDistDir, loadAssets } from '../../server/assets.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'portal-assets-'));
});
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
});

function writeManifest(distDir: string, manifest: unknown): void {
  const dir = path.join(distDir, 'public', '.vite');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
}

// The shape vite writes: entry with static imports, islands as dynamic entries sharing chunks.
const manifest = {
  'styles/main.scss': { file: 'main-abc.css', src: 'styles/main.scss', isEntry: true },
  'islands/client.ts': {
    file: 'client-111.js',
    src: 'islands/client.ts',
    isEntry: true,
    imports: ['_react-222.js'],
    dynamicImports: ['islands/PersonPicker.island.tsx', 'islands/Toasts.island.tsx'],
  },
  '_react-222.js': { file: 'react-222.js' },
  '_zod-333.js': { file: 'zod-333.js' },
  '_messages-444.js': { file: 'messages-444.js' },
  '_field-555.js': { file: 'field-555.js', imports: ['_zod-333.js', '_messages-444.js'] },
  'islands/PersonPicker.island.tsx': {
    file: 'PersonPicker.island-666.js',
    src: 'islands/PersonPicker.island.tsx',
    isDynamicEntry: true,
    imports: ['_react-222.js', '_field-555.js'],
  },
  'islands/Toasts.island.tsx': {
    file: 'Toasts.island-777.js',
    src: 'islands/Toasts.island.tsx',
    isDynamicEntry: true,
    imports: ['_react-222.js', '_messages-444.js'],
  },
  'node_modules/@uswds/uswds/dist/fonts/x.woff2': { file: 'fonts/x-888.woff2', src: 'node_modules/@uswds/uswds/dist/fonts/x.woff2' },
};

describe('loadAssets', () => {
  it('fails with a clear instruction when there is no build', () => {
    expect(() => loadAssets(tmp)).toThrow(/manifest\.json is missing\. Run `npm run build`/);
  });

  it('links the stylesheet under /assets/ and serves dist/public', () => {
    writeManifest(tmp, manifest);
    const assets = loadAssets(tmp);
    expect(assets.css).toEqual(['/assets/main-abc.css']);
    expect(assets.dir).toBe(path.join(tmp, 'public'));
    expect(ASSETS_URL_PREFIX).toBe('/assets/');
    expect(assets.islands).toEqual(['PersonPicker', 'Toasts']);
  });

  it('accepts the public folder itself as well as dist', () => {
    writeManifest(tmp, manifest);
    expect(loadAssets(path.join(tmp, 'public')).css).toEqual(['/assets/main-abc.css']);
  });

  it('ships no script for a page without islands', () => {
    writeManifest(tmp, manifest);
    expect(loadAssets(tmp).scriptsFor([])).toBeNull();
  });

  it("gives the entry and preloads for exactly the page's islands and their imports", () => {
    writeManifest(tmp, manifest);
    const scripts = loadAssets(tmp).scriptsFor(['Toasts']);
    expect(scripts).toEqual({
      entry: '/assets/client-111.js',
      preloads: ['/assets/react-222.js', '/assets/messages-444.js', '/assets/Toasts.island-777.js'],
    });
  });

  it('lists a chunk shared by several islands once, dependencies before dependants', () => {
    writeManifest(tmp, manifest);
    const scripts = loadAssets(tmp).scriptsFor(['PersonPicker', 'Toasts', 'PersonPicker']);
    expect(scripts?.preloads).toEqual([
      '/assets/react-222.js',
      '/assets/zod-333.js',
      '/assets/messages-444.js',
      '/assets/field-555.js',
      '/assets/PersonPicker.island-666.js',
      '/assets/Toasts.island-777.js',
    ]);
    expect(scripts?.preloads).not.toContain('/assets/client-111.js');
  });

  it('refuses an island that is not in the build', () => {
    writeManifest(tmp, manifest);
    expect(() => loadAssets(tmp).scriptsFor(['Missing'])).toThrow(/Island "Missing" is not in the client build/);
  });

  it('derives the build id from the manifest', () => {
    writeManifest(tmp, manifest);
    const first = loadAssets(tmp).buildId;
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(loadAssets(tmp).buildId).toBe(first);
    writeManifest(tmp, { ...manifest, 'styles/main.scss': { file: 'main-def.css', isEntry: true } });
    expect(loadAssets(tmp).buildId).not.toBe(first);
  });

  it('rejects a manifest without the stylesheet entry', () => {
    writeManifest(tmp, { 'islands/client.ts': { file: 'client.js', isEntry: true } });
    expect(() => loadAssets(tmp)).toThrow(/no styles\/main\.scss entry/);
  });

  it('finds dist next to the sources when run from source', () => {
    expect(defaultDistDir()).toBe(path.join(root, 'dist'));
  });
});

describe('check-islands', () => {
  const island = (name: string, body: string) => writeFileSync(path.join(tmp, name), body);

  it('accepts PascalCase islands with a default export, plus client.ts and api.ts', () => {
    island('client.ts', 'export {};');
    island('api.ts', 'export const x = 1;');
    island('PersonPicker.island.tsx', 'export default function PersonPicker() { return null; }');
    island('Toasts.island.tsx', 'function Toasts() { return null; }\nexport { Toasts as default };');
    island('Arrow.island.tsx', 'const Arrow = () => null;\nexport default Arrow;');
    expect(checkIslands(tmp)).toEqual([]);
  });

  it('accepts plain helper modules; flags default-exporting helpers, wrong names, folders and missing default exports', () => {
    island('json.ts', 'export const x = 1;');
    island('helper.ts', 'export default function helper() { return 1; }');
    island('personPicker.island.tsx', 'export default function P() { return null; }');
    island('Named.island.tsx', 'export function Named() { return null; }');
    island('Widget.tsx', 'export default function Widget() { return null; }');
    mkdirSync(path.join(tmp, 'parts'));
    const problems = checkIslands(tmp).map((p) => `${path.basename(p.file)}: ${p.problem}`);
    expect(problems).toEqual([
      expect.stringMatching(/^Named\.island\.tsx: an island must default-export/),
      expect.stringMatching(/^Widget\.tsx: only <Name>\.island\.tsx components/),
      expect.stringMatching(/^helper\.ts: a browser helper module must not default-export/),
      expect.stringMatching(/^parts: folders are not allowed/),
      expect.stringMatching(/^personPicker\.island\.tsx: island name "personPicker" must be PascalCase/),
    ]);
  });
});

// Properties of the real build. They need `npm run build` (or `npx vite build`) first.
const distDir = path.join(root, 'dist');
const built = existsSync(path.join(distDir, 'public', '.vite', 'manifest.json'));

describe.skipIf(!built)('client build in dist/', () => {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const load = () => loadAssets(distDir);
  const fileOf = (url: string) => path.join(load().dir, url.slice(ASSETS_URL_PREFIX.length));
  const gz = (url: string) => gzipSync(readFileSync(fileOf(url)), { level: 9 }).length;
  const css = () => load().css.map((url) => readFileSync(fileOf(url), 'utf8')).join('\n');

  function textFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(css|js|json|html)$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name));
  }

  it('keeps the stylesheet within 30 KB gzip', () => {
    const total = load().css.reduce((sum, url) => sum + gz(url), 0);
    expect(total, `CSS is ${kb(total)} gzip`).toBeLessThanOrEqual(30 * 1024);
  });

  it('serves every font and icon the CSS uses from our own origin', () => {
    const urls = [...css().matchAll(/url\(\s*["']?([^"')]*)["']?\s*\)/g)].map((m) => m[1] ?? '').filter((u) => u !== '');
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url, 'no absolute or protocol-relative URL in the CSS').not.toMatch(/^(https?:)?\/\//);
      expect(url.startsWith(ASSETS_URL_PREFIX), `${url} is served from /assets/`).toBe(true);
      expect(existsSync(fileOf(url)), `${url} exists in dist/public`).toBe(true);
    }
    expect(urls.some((u) => u.endsWith('.woff2'))).toBe(true);
  });

  it('has no CDN font or icon URL anywhere in the output', () => {
    const cdn = /https?:\/\/[^\s"'`)]*(\.(woff2?|ttf|otf|eot|svg|png)\b|fonts\.googleapis|fonts\.gstatic|cdn\.jsdelivr|unpkg\.com|cdnjs)/i;
    for (const file of textFiles(load().dir)) {
      expect(readFileSync(file, 'utf8'), path.relative(distDir, file)).not.toMatch(cdn);
    }
  });

  it('builds every island into its own compiled chunk', () => {
    const assets = load();
    expect(assets.islands.length).toBeGreaterThan(0);
    for (const name of assets.islands) {
      const island = assets.scriptsFor([name])?.preloads.find((u) => u.includes(`/${name}.island-`));
      expect(island, `${name} has a chunk of its own`).toBeDefined();
      const code = readFileSync(fileOf(island ?? ''), 'utf8');
      // JSX left in the output would be a syntax error in the browser.
      expect(code, `${name} contains compiled JSX only`).not.toMatch(/<\/[a-z]+>|<[a-z]+ [a-zA-Z]+=\{/);
    }
  });

  it('keeps page JavaScript within budget (React runtime ≤ 75 KB, any one-island page ≤ 110 KB gzip)', () => {
    const assets = load();
    const [first] = assets.islands;
    if (!first) return;
    const base = assets.scriptsFor([first]);
    const runtime = base ? [base.entry, ...base.preloads.filter((u) => /\/react-/.test(u))] : [];
    const runtimeSize = runtime.reduce((sum, url) => sum + gz(url), 0);
    expect(runtimeSize, `client entry + React is ${kb(runtimeSize)} gzip`).toBeLessThanOrEqual(75 * 1024);
    for (const name of assets.islands) {
      const scripts = assets.scriptsFor([name]);
      const total = scripts ? [scripts.entry, ...scripts.preloads].reduce((sum, url) => sum + gz(url), 0) : 0;
      expect(total, `a page with only ${name} loads ${kb(total)} gzip`).toBeLessThanOrEqual(110 * 1024);
    }
  });

  it('has CSS for every USWDS utility class the views and islands use', () => {
    const utility =
      /^(?:(?:mobile-lg|tablet|desktop):)?(?:margin|padding|border|text|font|display|flex|grid|width|maxw|minw|height|bg|radius|shadow|measure|line-height)-[a-z0-9-]+$/;
    const used = new Set<string>();
    const sources = ['views', 'islands'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.tsx'))
        .map((f) => path.join(root, dir, f)),
    );
    for (const file of sources) {
      const code = readFileSync(file, 'utf8');
      for (const attr of code.matchAll(/className=(?:"([^"]*)"|\{([^}]*)\})/g)) {
        const literals = attr[1] !== undefined ? [attr[1]] : [...(attr[2] ?? '').matchAll(/['"`]([^'"`]*)['"`]/g)].map((m) => m[1] ?? '');
        for (const literal of literals) {
          // Skip tokens glued to a ${…} interpolation: they are fragments, not class names.
          for (const token of literal.replace(/\$\{[^}]*\}/g, ' ').split(/\s+/)) {
            if (utility.test(token) && !token.endsWith('-')) used.add(token);
          }
        }
      }
    }
    expect(used.size, 'the markup uses USWDS utilities').toBeGreaterThan(0);
    const styles = css();
    const missing = [...used].filter((cls) => !styles.includes(`.${cls.replace(/:/g, '\\:')}`)).sort();
    expect(missing, 'utility classes used in markup but not compiled (add them to $output-these-utilities in styles/_theme.scss)').toEqual([]);
  });
});
