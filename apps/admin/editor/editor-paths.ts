import { InboxError } from '../inbox-client';

/** The editor's address for a file (inside the admin app's router). */
export const editHref = (path: string) => `/content/edit?${new URLSearchParams({ path })}`;
/** The screen that deletes a page or article. */
export const deleteHref = (path: string) => `/content/delete?${new URLSearchParams({ path })}`;

export const messageOf = (err: unknown) => (err instanceof InboxError ? err.message : err instanceof Error ? err.message : String(err));
