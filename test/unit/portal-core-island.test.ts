import express from 'express';
import pino from 'pino';
import { createElement, Fragment, useId, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { IslandRoot } from '../../islands/island-root.js';
import { loadPortalConfig } from '../../server/config.js';
import type { AppDeps } from '../../server/deps.js';
import { addFlash } from '../../server/flash.js';
import { renderPage, type PageOptions } from '../../server/render.js';
import { nonceMiddleware, securityHeaders } from '../../server/security.js';
import { InProcessSessionStore, sessionMiddleware } from '../../server/session.js';
import { CsrfField } from '../../views/components/CsrfField.js';
import { assertSerialisable, Island, renderWithIslands, serialiseProps, type IslandProps } from '../../views/Island.js';
import { testAssets } from '../helpers/portal.js';

function Greeting({ name, note }: { name: string; note: string }): ReactElement {
  const id = useId();
  return createElement('label', { htmlFor: id }, `Hello ${name}`, createElement('input', { id, defaultValue: note }));
}

function island<P extends object>(props: IslandProps<P>): ReactElement {
  return createElement(Island as (p: IslandProps<P>) => ReactElement, props);
}

describe('serialiseProps', () => {
  it('escapes everything that could end the script block or start markup', () => {
    const props = { text: '</script><script>alert(1)</script>', amp: 'a & b', sep: 'x\u2028y\u2029z', gt: '>' };
    const json = serialiseProps(props);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).toContain('\\u0026');
    expect(json).toContain('\\u2028');
    expect(JSON.parse(json)).toEqual(props);
  });

  it('refuses props that would not survive JSON', () => {
    expect(() => assertSerialisable({ f: () => 1 })).toThrow(/props\.f/);
    expect(() => assertSerialisable({ d: new Date() })).toThrow(/plain object/);
    expect(() => assertSerialisable({ n: Number.NaN })).toThrow(/finite/);
    expect(() => assertSerialisable({ list: [1, 'a', null, { ok: true }], skip: undefined })).not.toThrow();
  });
});

describe('Island and renderWithIslands', () => {
  it('marks the island, renders it exactly as hydrateRoot will, and ships its props as escaped JSON', () => {
    const props = { name: 'Ada', note: '</script>&' };
    const { html, islands } = renderWithIslands(
      createElement('section', null, island({ name: 'Greeting', component: Greeting, props })),
    );
    expect(islands).toEqual(['Greeting']);
    const expectedInner = renderToString(createElement(IslandRoot, null, createElement(Greeting, props)), { identifierPrefix: 'Greeting-1-' });
    expect(html).toContain(`<div data-island="Greeting" data-island-id="Greeting-1" data-island-status="identified">${expectedInner}</div>`);
    const script = /<script type="application\/json" data-island-props="Greeting-1">([^<]*)<\/script>/.exec(html);
    expect(script?.[1]).toBe(serialiseProps(props));
    expect(html).not.toContain('<template');
  });

  it('numbers repeated islands and lists each name once', () => {
    const el = (name: string) => island({ name: 'Greeting', component: Greeting, props: { name, note: '' } });
    const { html, islands } = renderWithIslands(createElement(Fragment, null, el('A'), el('B')));
    expect(islands).toEqual(['Greeting']);
    expect(html).toContain('data-island-id="Greeting-1"');
    expect(html).toContain('data-island-id="Greeting-2"');
    // Distinct useId prefixes: two islands on one page never share an id.
    expect(html).toMatch(/ id="[^"]*Greeting-1-[^"]*"/);
    expect(html).toMatch(/ id="[^"]*Greeting-2-[^"]*"/);
  });


  it('reuses an island\'s HTML only for the same name, id and props', () => {
    let renders = 0;
    function Counted({ text }: { text: string }): ReactElement {
      renders += 1;
      return createElement('p', { id: useId() }, text);
    }
    const page = (...texts: string[]) =>
      renderWithIslands(createElement(Fragment, null, ...texts.map((text) => island({ name: 'Counted', component: Counted, props: { text } })))).html;
    const first = page('one', 'two');
    expect(renders).toBe(2);
    // Same props at the same place: the kept HTML, identical to a fresh render.
    expect(page('one', 'two')).toBe(first);
    expect(renders).toBe(2);
    // Other props, or the same props at another place (another useId prefix): rendered again.
    const swapped = page('two', 'one');
    expect(renders).toBe(4);
    expect(/<p id="([^"]+)">two<\/p>/.exec(swapped)?.[1]).toContain('Counted-1-');
    expect(/<p id="([^"]+)">one<\/p>/.exec(swapped)?.[1]).toContain('Counted-2-');
  });
  it('refuses a name that is not a file name', () => {
    expect(() => renderWithIslands(island({ name: 'bad-name', component: Greeting, props: { name: '', note: '' } }))).toThrow(
      /Invalid island name/,
    );
  });
});

// renderPage through a tiny app: session, nonce, and the fields renderPage reads from deps.
function pageApp(page: () => ReactElement, options: PageOptions) {
  const config = loadPortalConfig({ NODE_ENV: 'test', SESSION_SECRET: 's'.repeat(40), DATA_DIR: '/tmp/portal-unit-unused' });
  const deps = { config, assets: testAssets, log: pino({ level: 'silent' }) } as unknown as AppDeps;
  const app = express();
  app.use((_req, res, next) => {
    res.locals.deps = deps;
    next();
  });
  app.use(nonceMiddleware());
  app.use(securityHeaders({ recaptcha: false, upgradeInsecureRequests: false }));
  app.use(sessionMiddleware(config, new InProcessSessionStore(60_000)));
  app.get('/flash', (req, res) => {
    addFlash(req, { type: 'success', text: 'Saved!' });
    addFlash(req, { type: 'error', text: 'Broken!' });
    res.redirect('/');
  });
  app.get('/', (req, res) => renderPage(req, res, page(), options));
  return app;
}

describe('renderPage', () => {
  it('ships no script, no csrf meta and no session for a page without islands', async () => {
    const res = await request(pageApp(() => createElement('h1', null, 'Plain'), { title: 'Plain page' })).get('/');
    expect(res.status).toBe(200);
    expect(res.text.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(res.text).toContain('<title>Plain page - Compliance Portal</title>');
    expect(res.text).toContain('<link rel="stylesheet" href="/assets/main-test.css"/>');
    expect(res.text).not.toContain('<script');
    expect(res.text).not.toContain('csrf-token');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    // Frame: skip link first, main landmark with the id it targets, version in the footer.
    expect(res.text).toMatch(/<body><a class="usa-skipnav" href="#main-content">Skip to main content<\/a>/);
    expect(res.text).toContain('<main id="main-content"');
    expect(res.text).toContain('Version 2.7.0');
  });

  it('adds the client entry with the nonce, module preloads and the csrf meta only when islands are used', async () => {
    const app = pageApp(() => island({ name: 'Greeting', component: Greeting, props: { name: 'Ada', note: '' } }), {
      title: 'With island',
      status: 201,
    });
    const res = await request(app).get('/');
    expect(res.status).toBe(201);
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy'] ?? ''))?.[1];
    const scriptNonce = /<script type="module" src="\/assets\/client-test\.js" nonce="([^"]+)"><\/script><\/body>/.exec(res.text)?.[1];
    expect(scriptNonce).toBeTruthy();
    expect(scriptNonce).toBe(nonce);
    expect(res.text).toContain('<link rel="modulepreload" href="/assets/Greeting.island-test.js"');
    const meta = /<meta name="csrf-token" content="([^"]+)"\/>/.exec(res.text)?.[1];
    // Signed out: the double-submit token, an HMAC and its random value (issue 10, finding 7).
    expect(meta).toMatch(/^[0-9a-f]{64}\.[0-9a-f]{64}$/);
    // Signed out, the token's pair goes in its own cookie and no session is started.
    expect(String(res.headers['set-cookie'])).toMatch(/^portal\.csrf=/);
    expect(String(res.headers['set-cookie'])).not.toContain('portal.sid');
  });

  it('prefixes the title with "Error: " when the form has errors', async () => {
    const res = await request(pageApp(() => createElement(CsrfField), { title: 'Sign In', errorsInTitle: true, status: 422 })).get('/');
    expect(res.status).toBe(422);
    expect(res.text).toContain('<title>Error: Sign In - Compliance Portal</title>');
    expect(res.text).toMatch(/<input type="hidden" name="_csrf" value="[0-9a-f]{64}\.[0-9a-f]{64}"\/>/);
  });

  it('shows flash messages once, errors as alerts and others as status', async () => {
    const agent = request.agent(pageApp(() => createElement('p', null, 'page'), { title: 'Flash' }));
    await agent.get('/flash').expect(302);
    const first = await agent.get('/');
    expect(first.text).toContain('<div class="usa-alert usa-alert--slim usa-alert--success" role="status">');
    expect(first.text).toContain('Saved!');
    expect(first.text).toMatch(/usa-alert--error" role="alert">.*Broken!/);
    const second = await agent.get('/');
    expect(second.text).not.toContain('Saved!');
  });
});
