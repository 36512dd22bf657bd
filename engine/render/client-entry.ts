import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import '../styles/site.css';
import type { IslandRecord } from './island';

// One lazy chunk per island file; a page loads only the islands it contains.
const modules = import.meta.glob<{ default: ComponentType<object> }>('../**/*.island.tsx');
const loaders = new Map(
  Object.entries(modules).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -'.island.tsx'.length), load]),
);

function hydrateIslands(): void {
  const data = document.getElementById('island-data')?.textContent;
  const islands: IslandRecord[] = data ? JSON.parse(data) : [];
  for (const { id, name, props } of islands) {
    const el = document.querySelector(`[data-island-id="${id}"]`);
    const load = loaders.get(name);
    if (!el || !load) {
      console.error(`Island ${name} (#${id}) cannot be hydrated: ${el ? 'no code chunk' : 'no element'}`);
      continue;
    }
    load().then((mod) => hydrateRoot(el, createElement(mod.default, props as object)));
  }
}

// Behaviours declared in YAML (`action:` on a button) that need no component of their own.
const ACTIONS: Record<string, () => void> = {
  'history-back': () => (history.length > 1 ? history.back() : location.assign('/')),
};

document.addEventListener('click', (e) => {
  const target = (e.target as Element | null)?.closest<HTMLElement>('[data-action]');
  const run = target && ACTIONS[target.dataset.action ?? ''];
  if (run) run();
});

hydrateIslands();
