import type { ComponentType } from 'react';
import '../styles/base.css';
import '../sections/styles';
import '../styles/site.css';
import { onInteraction } from './hydrate-on-interaction';
import type { IslandRecord } from './island';

/** What an island's chunk exports: its component, and optionally a way to carry over what the visitor did before it hydrated. */
interface IslandModule {
  default: ComponentType<object>;
  propsFromPage?: (el: Element, props: object) => object;
}

// One lazy chunk per island file; a page loads only the islands it contains. React itself is in
// the hydrate chunk, so a page whose only script is this entry (a Go Back button) loads no React.
const modules = import.meta.glob<IslandModule>('../**/*.island.tsx');
const loaders = new Map(
  Object.entries(modules).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -'.island.tsx'.length), load]),
);

// Near enough to the viewport that the code is ready before a visitor reaches the island.
const INTENT_MARGIN = '300px 0px';

// Each island hydrates once, whatever asks first (coming into view, focus, or an early submit).
const hydrating = new Map<Element, Promise<void>>();
const hydrated = new WeakSet<Element>();
const records = new Map<Element, IslandRecord>();

function hydrate(el: Element, { id, name, props }: IslandRecord): Promise<void> {
  const started = hydrating.get(el);
  if (started) return started;
  const load = loaders.get(name);
  if (!load) {
    console.error(`Island ${name} (#${id}) cannot be hydrated: no code chunk`);
    return Promise.reject(new Error(`no code chunk for ${name}`));
  }
  const done = Promise.all([import('./hydrate-island'), load()]).then(([{ hydrateIsland }, mod]) =>
    hydrateIsland(el, mod.default, mod.propsFromPage ? mod.propsFromPage(el, props as object) : (props as object)).then(() => {
      hydrated.add(el);
    }),
  );
  hydrating.set(el, done);
  return done;
}

/** Whether the address asks for a view of the island its HTML does not show (?billing=annual), which only its code can show. */
const addressAsks = (params: readonly string[] = []) => {
  const query = new URLSearchParams(location.search);
  return params.some((p) => query.has(p));
};

/** Runs `start` once, when `el` comes near the viewport or something in it gets focus, whichever is first. */
function onIntent(el: Element, start: () => void): void {
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && begin(), { rootMargin: INTENT_MARGIN });
  function begin() {
    observer.disconnect();
    el.removeEventListener('focusin', begin);
    start();
  }
  // The marker element has no box of its own (display: contents), so watch what it wraps.
  for (const child of el.children) observer.observe(child);
  el.addEventListener('focusin', begin);
}

function hydrateIslands(): void {
  const data = document.getElementById('island-data')?.textContent;
  const islands: IslandRecord[] = data ? JSON.parse(data) : [];
  for (const island of islands) {
    const el = document.querySelector(`[data-island-id="${island.id}"]`);
    if (!el) console.error(`Island ${island.name} (#${island.id}) cannot be hydrated: no element`);
    else {
      records.set(el, island);
      if (island.on === 'intent') onIntent(el, () => void hydrate(el, island).catch(() => undefined));
      else if (island.on === 'interaction' && !addressAsks(island.params)) onInteraction(el, () => hydrate(el, island));
      else void hydrate(el, island).catch(() => undefined);
    }
  }
}

/**
 * A form sent before its island has hydrated is held, not posted: the island is hydrated and the
 * submit replayed through it, so the first click gets the form's own checks and messages and the
 * address never changes. Should the island's code not load, the form is posted to the server,
 * which answers with the same messages.
 */
function holdEarlySubmits(): void {
  document.addEventListener(
    'submit',
    (e) => {
      const form = e.target as HTMLFormElement;
      const el = form.closest('[data-island-id]');
      const record = el && records.get(el);
      if (!el || !record || hydrated.has(el)) return;
      e.preventDefault();
      const submitter = e.submitter && form.contains(e.submitter) ? e.submitter : null;
      hydrate(el, record).then(
        () => form.requestSubmit(submitter),
        () => form.submit(),
      );
    },
    true,
  );
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

holdEarlySubmits();
hydrateIslands();
