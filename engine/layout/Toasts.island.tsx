import { useEffect, useState } from 'react';
import { TOAST_EVENT, type ToastDetail } from '../ui/toast';

export interface ToastsProps {
  label: string;
  durationMs: number;
}

interface ShownToast extends ToastDetail {
  key: number;
}

/** The toast area at the top right. Other islands post to it with showToast(); it announces each one. */
export default function Toasts({ label, durationMs }: ToastsProps) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  useEffect(() => {
    let next = 0;
    const onToast = (e: Event) => {
      const detail = (e as CustomEvent<ToastDetail>).detail;
      const key = next++;
      setToasts((t) => [...t, { ...detail, key }]);
      window.setTimeout(() => setToasts((t) => t.filter((x) => x.key !== key)), durationMs);
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, [durationMs]);
  return (
    <div className="toasts" role="region" aria-label={label}>
      <ol className="toasts__list" aria-live="polite" aria-relevant="additions">
        {toasts.map((t) => (
          <li key={t.key} className={`toast toast--${t.kind}`}>
            <p>{t.message}</p>
            <button
              type="button"
              className="toast__close"
              aria-label="Dismiss notification"
              onClick={() => setToasts((all) => all.filter((x) => x.key !== t.key))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
