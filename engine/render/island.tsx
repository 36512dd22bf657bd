import { createContext, useContext, type ComponentType } from 'react';

/**
 * When an island's code loads: with the page; once a visitor is about to use it ('intent': near the
 * viewport, or focused); or once they reach for one of its controls ('interaction': a pointer down,
 * focus or key press inside it), which suits controls that are on screen from the start.
 */
export type HydrateOn = 'load' | 'intent' | 'interaction';

/** How an island hydrates: when, and which query parameters make it hydrate with the page (the address asks for a view the HTML does not show). */
export interface HydrateWhen {
  on: HydrateOn;
  params?: readonly string[];
}

export interface IslandRecord {
  id: number;
  name: string;
  props: unknown;
  on: HydrateOn;
  params?: readonly string[];
}

/** Collects the islands of one page while it is rendered on the server. */
export class IslandCollector {
  readonly islands: IslandRecord[] = [];
  /** Behaviours of plain elements (data-action) the page's entry script must handle. */
  readonly actions = new Set<string>();
  add(name: string, props: unknown, { on, params }: HydrateWhen): number {
    const id = this.islands.length;
    this.islands.push({ id, name, props, on, ...(params?.length ? { params } : {}) });
    return id;
  }
  /** True when the page needs its entry script at all: a page with neither gets no module script. */
  get needsScript(): boolean {
    return this.islands.length > 0 || this.actions.size > 0;
  }
}

export const IslandContext = createContext<IslandCollector | null>(null);

/**
 * Marks a component as interactive. On the server it renders in place inside a marker element and
 * records its props; in the browser the client entry hydrates just that element. `name` is the
 * component's file name without `.island.tsx`, which is how the browser finds its code chunk.
 * Island components must not call useId: they hydrate as their own root.
 */
export function island<P extends object>(
  name: string,
  Component: ComponentType<P>,
  when: HydrateWhen | HydrateOn = 'load',
): ComponentType<P> & IslandMark {
  const hydrate = typeof when === 'string' ? { on: when } : when;
  function Island(props: P) {
    const collector = useContext(IslandContext);
    if (!collector) return <Component {...props} />;
    const id = collector.add(name, props, hydrate);
    return (
      <div className="island" data-island={name} data-island-id={id} data-island-on={hydrate.on}>
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Object.assign(Island, { island: { name, on: hydrate.on } });
}

/** What island() makes: the component, carrying the island's name and when it hydrates, so a section's entry names it once. */
export interface IslandMark {
  readonly island: { readonly name: string; readonly on: HydrateOn };
}

/** The island a component made by island() hydrates as, or undefined for any other component. */
export function islandMadeBy(component: object): IslandMark['island'] | undefined {
  return 'island' in component ? (component as IslandMark).island : undefined;
}

/** JSON that is safe inside a <script> element: no "</script>" or HTML comment can close it early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
