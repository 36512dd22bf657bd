import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type Dispatch, type SetStateAction } from 'react';

/** How a piece of an island's state is kept in the address's query string. */
export interface QueryCodec<T> {
  /** The value an address asks for. Read from an empty query, it is the value of the prerendered HTML. */
  read(params: URLSearchParams): T;
  /** Puts the value in the query, leaving other parameters alone; a default leaves no trace. */
  write(params: URLSearchParams, value: T): void;
}

/** The query string (`?…`, or empty) that keeps `value`, from the current one. */
export function queryWith<T>(search: string, codec: QueryCodec<T>, value: T): string {
  const params = new URLSearchParams(search);
  codec.write(params, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

// The query is read once the page is hydrated; later changes come from the island itself.
const noSubscription = () => () => {};
const clientSearch = () => window.location.search;
const serverSearch = () => null;

/**
 * State kept in the address, so a copied link shows the same view. The prerendered HTML and the
 * hydrating render use the value of an empty query; right after hydration the address's value is
 * used, and every value (the first included, which tidies the address) is written back with
 * history.replaceState. With `enabled` false the address is neither read nor written.
 */
export function useQueryState<T>(codec: QueryCodec<T>, enabled = true): [T, Dispatch<SetStateAction<T>>] {
  const search = useSyncExternalStore(noSubscription, clientSearch, serverSearch);
  const hydrated = search !== null;
  const fromAddress = useMemo(() => codec.read(new URLSearchParams(enabled && search !== null ? search : '')), [codec, enabled, search]);
  const [edited, setEdited] = useState<{ value: T } | null>(null);
  const value = edited ? edited.value : fromAddress;

  useEffect(() => {
    if (!hydrated || !enabled) return;
    const { pathname, search: current, hash } = window.location;
    const next = queryWith(current, codec, value);
    if (next !== current) window.history.replaceState(window.history.state, '', `${pathname}${next}${hash}`);
  }, [codec, enabled, hydrated, value]);

  const setValue = useCallback<Dispatch<SetStateAction<T>>>(
    (next) =>
      setEdited((prev) => {
        const base = prev ? prev.value : fromAddress;
        return { value: next instanceof Function ? next(base) : next };
      }),
    [fromAddress],
  );
  return [value, setValue];
}
