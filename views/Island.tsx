// Islands: the few components that hydrate in the browser. <Island> writes a marked element
// with the component's server HTML, and its props as JSON in a <script type="application/json">
// block, escaped so no prop value can close the script or start markup. islands/client.ts
// finds the marks, imports each island's chunk and hydrates it.
//
// Each island is rendered by its own renderToString call (with its own useId prefix), exactly
// as the browser's hydrateRoot will render it: ids and markup match, and an island never
// depends on server-only context. The page around it is rendered with renderToStaticMarkup.
import { randomBytes } from 'node:crypto';
import { createContext, createElement, useContext, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { IslandRoot } from '../islands/island-root.js';
import { BoundedMemo } from '../lib/memo.js';

export const ISLAND_NAME = /^[A-Z][A-Za-z0-9]*$/;

interface IslandEntry {
  id: string;
  name: string;
  component: ComponentType<never>;
  props: object;
  /** The props as written to the page (serialiseProps). */
  json: string;
}

class IslandCollector {
  readonly entries: IslandEntry[] = [];
  private readonly counts = new Map<string, number>();
  constructor(readonly token: string) {}

  add(name: string, component: ComponentType<never>, props: object, json: string): string {
    const n = (this.counts.get(name) ?? 0) + 1;
    this.counts.set(name, n);
    const id = `${name}-${n}`;
    this.entries.push({ id, name, component, props, json });
    return id;
  }

  marker(id: string): string {
    return `${this.token}:${id}`;
  }
}

const IslandCollectorContext = createContext<IslandCollector | null>(null);

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON for a <script type="application/json"> block: `<`, `>`, `&`, U+2028 and U+2029 escaped. */
export function serialiseProps(props: unknown): string {
  return JSON.stringify(props).replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c] ?? c);
}

/** Props must survive JSON unchanged: plain objects, arrays, strings, finite numbers, booleans, null. */
export function assertSerialisable(value: unknown, path = 'props'): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Island ${path} is not a finite number`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertSerialisable(item, `${path}[${i}]`));
    return;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) throw new TypeError(`Island ${path} is not a plain object`);
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      assertSerialisable(item, `${path}.${key}`);
    }
    return;
  }
  throw new TypeError(`Island ${path} cannot be serialised (${typeof value})`);
}

export interface IslandProps<P extends object> {
  /** The file name without `.island.tsx` (islands/<Name>.island.tsx). */
  name: string;
  component: ComponentType<P>;
  props: P;
}

export function Island<P extends object>({ name, component, props }: IslandProps<P>): ReactElement {
  const collector = useContext(IslandCollectorContext);
  if (!collector) throw new Error('<Island> must be rendered through renderPage / renderWithIslands');
  if (!ISLAND_NAME.test(name)) throw new Error(`Invalid island name "${name}"`);
  assertSerialisable(props);
  const json = serialiseProps(props);
  const id = collector.add(name, component as ComponentType<never>, props, json);
  return (
    <>
      <div data-island={name} data-island-id={id} data-island-status="identified">
        <template data-island-slot={collector.marker(id)} />
      </div>
      <script type="application/json" data-island-props={id} dangerouslySetInnerHTML={{ __html: json }} />
    </>
  );
}

export interface RenderedWithIslands {
  html: string;
  /** Names of the islands used, in order of first use. */
  islands: string[];
}

// An island's server HTML is a function of its name, id (the useId prefix) and props alone: the
// browser rebuilds it from exactly those when it hydrates. The shell's islands come back with
// the same props on every page a user opens, so their HTML is kept (bounded, least recently
// used first out) instead of being rendered again each time.
const ISLAND_HTML_MAX_KEY = 8_192;
const islandHtml = new BoundedMemo<string>(2_000);

function renderIsland(entry: IslandEntry): string {
  const key = `${entry.name}\u0000${entry.id}\u0000${entry.json}`;
  const render = () =>
    renderToString(createElement(IslandRoot, null, createElement(entry.component, entry.props as never)), { identifierPrefix: `${entry.id}-` });
  return islandHtml.get(key, render, key.length <= ISLAND_HTML_MAX_KEY);
}

/** Renders a tree to static HTML, with each island's own server render put in its place. */
export function renderWithIslands(tree: ReactNode): RenderedWithIslands {
  const collector = new IslandCollector(randomBytes(9).toString('base64url'));
  const html = renderToStaticMarkup(createElement(IslandCollectorContext.Provider, { value: collector }, tree));
  const inners = new Map<string, string>();
  for (const entry of collector.entries) inners.set(collector.marker(entry.id), renderIsland(entry));
  return { html: fillSlots(html, collector, inners), islands: [...new Set(collector.entries.map((e) => e.name))] };
}

/**
 * The page with each island's slot replaced by its HTML: one pass, finding slots by the render's
 * random token with indexOf (a regular expression would stop at every '<' of the page).
 */
function fillSlots(html: string, collector: IslandCollector, inners: ReadonlyMap<string, string>): string {
  if (inners.size === 0) return html;
  const open = `<template data-island-slot="${collector.token}:`;
  const close = '"></template>';
  let out = '';
  let from = 0;
  for (let at = html.indexOf(open); at !== -1; at = html.indexOf(open, from)) {
    const end = html.indexOf(close, at + open.length);
    if (end === -1) break;
    const inner = inners.get(`${collector.token}:${html.slice(at + open.length, end)}`);
    out += html.slice(from, at) + (inner ?? html.slice(at, end + close.length));
    from = end + close.length;
  }
  return out + html.slice(from);
}

