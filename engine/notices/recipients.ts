// Where a takedown notice for a host goes: site/data/notice-recipients.yaml, read from the site model.
import type { NoticeRecipient } from '../generated/content';
import { hostWithin } from './urls';

export type { NoticeRecipient };

/**
 * The entry that takes notices for `host` (as the URL parser gives it: lower case, punycode), or
 * "unknown". An entry's host covers its subdomains; when two entries could take the host, the one
 * with the longer host wins, so `sites.google.com` may have an entry of its own beside `google.com`.
 */
export function recipientFor(host: string, directory: readonly NoticeRecipient[]): NoticeRecipient | 'unknown' {
  let best: { entry: NoticeRecipient; length: number } | undefined;
  for (const entry of directory)
    for (const domain of entry.hosts)
      if (hostWithin(host, domain) && domain.length > (best?.length ?? 0)) best = { entry, length: domain.length };
  return best?.entry ?? 'unknown';
}
