// What every signed-in view shares: the session, the page's status line, the tab title, and how a
// failed call is shown.
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { InboxSession } from '../../contracts/inbox-contract';

export interface InboxContextValue {
  session: InboxSession;
  /** Says something in the page's polite status line (and shows it there). */
  announce: (message: string) => void;
}

export const InboxContext = createContext<InboxContextValue | null>(null);

export function useInbox(): InboxContextValue {
  const value = useContext(InboxContext);
  if (!value) throw new Error('useInbox is only for views inside the signed-in inbox');
  return value;
}

/** Sets the tab's title while a view is shown. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Leads inbox` : 'Leads inbox';
  }, [title]);
}

/** A failed call, in the server's words; role=alert, so it is read out when it appears. */
export function ErrorBox({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="admin-alert" role="alert">
      <p>{message}</p>
      {children}
    </div>
  );
}
