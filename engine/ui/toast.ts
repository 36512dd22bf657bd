export const TOAST_EVENT = 'site:toast';

export interface ToastDetail {
  kind: 'success' | 'error' | 'info';
  message: string;
}

/** Shows a message in the page's toast area; safe to call from any island. */
export function showToast(detail: ToastDetail): void {
  window.dispatchEvent(new CustomEvent<ToastDetail>(TOAST_EVENT, { detail }));
}
