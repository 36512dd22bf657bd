import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Adds nothing to the page; tells its caller once React has committed the island (its effects have run). */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children?: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Hydrates one island. Loaded with the first island a page hydrates, so React is fetched only by
 * pages that have one. Focus stays where the visitor put it: hydration keeps the prerendered
 * elements, and if React had to replace one, the element with the same id gets focus back.
 * Resolves once the island handles its own events.
 */
export function hydrateIsland(el: Element, Component: ComponentType<object>, props: object): Promise<void> {
  const focusedId = el.contains(document.activeElement) ? document.activeElement?.id : undefined;
  const done = new Promise<void>((resolve) => {
    hydrateRoot(el, createElement(Hydrated, { onHydrated: resolve }, createElement(Component, props)));
  });
  if (focusedId) {
    requestAnimationFrame(() => {
      if (!el.contains(document.activeElement)) document.getElementById(focusedId)?.focus();
    });
  }
  return done;
}
