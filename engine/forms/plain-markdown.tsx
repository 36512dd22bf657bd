import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx in the browser build (see vite.config.ts), which saves about 10 KB
 * on every form page. No form turns on Markdown in descriptions or help (a unit test checks), so
 * rjsf passes only its own error texts through it, which read fine as plain text.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
