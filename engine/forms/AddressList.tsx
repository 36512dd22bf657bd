import { useDeferredValue, useMemo } from 'react';
import { addressesOf } from '../notices/notice-form';
import type { HostGroup } from '../notices/urls';

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** The accepted addresses per website, in the order the websites were first given. */
export function HostCounts({ groups, id }: { groups: readonly HostGroup[]; id?: string }) {
  const total = groups.reduce((sum, g) => sum + g.urls.length, 0);
  return (
    <>
      <p className="address-summary__total" id={id}>
        {plural(total, 'address', 'addresses')} on {plural(groups.length, 'website', 'websites')}
      </p>
      <ul className="address-summary__hosts">
        {groups.map((g) => (
          <li key={g.host} data-host={g.host} data-count={g.urls.length}>
            <span className="address-summary__host">{g.displayHost}</span>{' '}
            <span className="address-summary__count">{plural(g.urls.length, 'address', 'addresses')}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * What the address box holds, read by the same function the server reads it with: the count per
 * website, and each line that cannot be taken down, with its line number and why. Repeated
 * addresses are counted once and said so.
 */
export function AddressSummary({ id, text, ownCopy }: { id: string; text: string; ownCopy?: unknown }) {
  // Typing stays quick with a long list: the summary follows when the browser has a moment.
  const deferred = useDeferredValue(text);
  const list = useMemo(() => addressesOf({ urls: deferred, authorisedCopy: ownCopy }), [deferred, ownCopy]);
  if (list.entries.length === 0) return null;
  const refused = list.entries.filter((e) => e.status === 'refused');
  const repeated = list.entries.filter((e) => e.status === 'duplicate').length;
  return (
    <div className="address-summary" id={id}>
      <HostCounts groups={list.groups} id={`${id}-total`} />
      {repeated > 0 && (
        <p className="address-summary__repeated">{plural(repeated, 'repeated address is', 'repeated addresses are')} listed once.</p>
      )}
      {refused.length > 0 && (
        <>
          <p className="address-summary__refused-title">
            {plural(refused.length, 'line cannot', 'lines cannot')} be taken down; correct or remove {refused.length === 1 ? 'it' : 'them'}:
          </p>
          <ul className="address-summary__refused">
            {refused.map((e, i) => (
              <li key={i} data-line={e.line} data-reason={e.reason}>
                <code>{e.input}</code> {e.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
