import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Renders nothing of its own; tells the caller once its island's first render is on the page. */
function Committed({ done, children }: { done: () => void; children?: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/**
 * Hydrates one island. Loaded with the first island a page hydrates, so React is fetched only by
 * pages that have one. Focus stays where the visitor put it: hydration keeps the prerendered
 * elements, and if React had to replace one, the element with the same id gets focus back.
 * Resolves once the island is hydrated, so what a visitor did before can be replayed.
 */
export function hydrateIsland(el: Element, Component: ComponentType<object>, props: object): Promise<void> {
  const focusedId = el.contains(document.activeElement) ? document.activeElement?.id : undefined;
  return new Promise((resolve) => {
    hydrateRoot(el, createElement(Committed, { done: () => resolve() }, createElement(Component, props)));
    if (!focusedId) return;
    requestAnimationFrame(() => {
      if (!el.contains(document.activeElement)) document.getElementById(focusedId)?.focus();
    });
  });
}
