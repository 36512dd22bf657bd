import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Hydrates one island. Loaded with the first island a page hydrates, so React is fetched only by
 * pages that have one. Focus stays where the visitor put it: hydration keeps the prerendered
 * elements, and if React had to replace one, the element with the same id gets focus back.
 */
export function hydrateIsland(el: Element, Component: ComponentType<object>, props: object): void {
  const focusedId = el.contains(document.activeElement) ? document.activeElement?.id : undefined;
  hydrateRoot(el, createElement(Component, props));
  if (!focusedId) return;
  requestAnimationFrame(() => {
    if (!el.contains(document.activeElement)) document.getElementById(focusedId)?.focus();
  });
}
