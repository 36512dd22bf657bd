import { useCallback, useEffect, useRef, useState } from 'react';
import { InboxError } from './inbox-client';

export interface Failure {
  message: string;
  /** A new number each time, so the same message twice still moves focus again. */
  serial: number;
}

/** A screen's failure message, shown in an alert that takes focus each time something fails. */
export function useFailureAlert() {
  const [error, setError] = useState<Failure | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);
  const fail = useCallback((err: unknown) => {
    const message = err instanceof InboxError ? err.message : String(err);
    setError((previous) => ({ message, serial: (previous?.serial ?? 0) + 1 }));
  }, []);
  const clear = useCallback(() => setError(null), []);
  return { error, alertRef, fail, clear };
}
