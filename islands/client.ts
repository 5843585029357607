/// <reference types="vite/client" />
// The client entry, the only script a page ever loads (and only pages with islands). It finds
// each island the server marked, imports that island's chunk, and hydrates it in place. The
// status attribute moves identified → imported → hydrated (or error) so tests can wait on it;
// one island failing never stops the others.
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from './island-root.js';

type IslandModule = { default: ComponentType<Record<string, unknown>> };

// One lazy chunk per islands/<Name>.island.tsx (vite splits on import.meta.glob).
const modules = import.meta.glob<IslandModule>('./*.island.tsx');

function loaderFor(name: string): (() => Promise<IslandModule>) | undefined {
  return modules[`./${name}.island.tsx`];
}

function readProps(id: string): Record<string, unknown> {
  const script = document.querySelector(`script[type="application/json"][data-island-props="${CSS.escape(id)}"]`);
  if (!script?.textContent) return {};
  const value: unknown = JSON.parse(script.textContent);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`Island ${id}: props are not an object`);
  return value as Record<string, unknown>;
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const id = element.dataset.islandId ?? '';
  try {
    const load = loaderFor(name);
    if (!load) throw new Error(`Unknown island "${name}"`);
    const props = readProps(id);
    const { default: Component } = await load();
    element.dataset.islandStatus = 'imported';
    const onHydrated = () => {
      element.dataset.islandStatus = 'hydrated';
    };
    hydrateRoot(element, createElement(IslandRoot, { onHydrated }, createElement(Component, props)), {
      // The same prefix the server rendered with (views/Island.tsx): useId values match the
      // server's and are unique on the page, since every island id is.
      identifierPrefix: `${id}-`,
      onRecoverableError: (error) => console.warn(`Island ${id} recovered from a hydration error`, error),
    });
  } catch (error) {
    element.dataset.islandStatus = 'error';
    console.error(`Island ${id || name} failed to hydrate`, error);
  }
}

function start(): void {
  const elements = document.querySelectorAll<HTMLElement>('[data-island][data-island-status="identified"]');
  elements.forEach((element) => void hydrateIsland(element));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
