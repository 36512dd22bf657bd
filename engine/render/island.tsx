import { createContext, useContext, type ComponentType } from 'react';

/** When an island's code loads: with the page, or once a visitor is about to use it (near the viewport, or focused). */
export type HydrateOn = 'load' | 'intent';

export interface IslandRecord {
  id: number;
  name: string;
  props: unknown;
  on: HydrateOn;
}

/** Collects the islands of one page while it is rendered on the server. */
export class IslandCollector {
  readonly islands: IslandRecord[] = [];
  /** Behaviours of plain elements (data-action) the page's entry script must handle. */
  readonly actions = new Set<string>();
  add(name: string, props: unknown, on: HydrateOn): number {
    const id = this.islands.length;
    this.islands.push({ id, name, props, on });
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
export function island<P extends object>(name: string, Component: ComponentType<P>, on: HydrateOn = 'load'): ComponentType<P> {
  function Island(props: P) {
    const collector = useContext(IslandContext);
    if (!collector) return <Component {...props} />;
    const id = collector.add(name, props, on);
    return (
      <div className="island" data-island={name} data-island-id={id} data-island-on={on}>
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
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
