// A stored lead's payload read back as a takedown notice request. What the form stored is trusted
// no further than its shape: a missing or mistyped text is read as empty (the notice then shows the
// gap), and a payload without a list of hosts is no notice request at all.
import type { NoticeRequest } from './notice-text';
import type { HostGroup } from './urls';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (o: unknown, key: string): string => (isObject(o) && typeof o[key] === 'string' ? o[key] : '');

function groupOf(v: unknown): HostGroup | null {
  if (!isObject(v) || typeof v.host !== 'string' || v.host === '' || !Array.isArray(v.urls)) return null;
  if (!v.urls.every((u): u is string => typeof u === 'string')) return null;
  return { host: v.host, displayHost: typeof v.displayHost === 'string' && v.displayHost ? v.displayHost : v.host, urls: v.urls };
}

/** The request a payload holds, or null when it holds none (no `groups`, or a group that is not a host and its addresses). */
export function readNoticeRequest(payload: unknown): NoticeRequest | null {
  if (!isObject(payload) || !Array.isArray(payload.groups) || payload.groups.length === 0) return null;
  const groups = payload.groups.map(groupOf);
  if (groups.some((g) => g === null)) return null;
  const hosts = new Set(groups.map((g) => g!.host));
  if (hosts.size !== groups.length) return null;
  const { signature, work, requester, statements } = payload;
  const authority = text(signature, 'authority');
  const registration = text(work, 'registration');
  return {
    signature: {
      fullName: text(signature, 'fullName'),
      date: text(signature, 'date'),
      capacity: text(signature, 'capacity') === 'authorised' ? 'authorised' : 'owner',
      ...(authority && { authority }),
    },
    work: {
      description: text(work, 'description'),
      kind: text(work, 'kind'),
      authorisedCopy: text(work, 'authorisedCopy'),
      ...(registration && { registration }),
    },
    requester: {
      name: text(requester, 'name'),
      postalAddress: text(requester, 'postalAddress'),
      telephone: text(requester, 'telephone'),
      email: text(requester, 'email'),
    },
    statements: { goodFaith: text(statements, 'goodFaith'), accuracy: text(statements, 'accuracy') },
    lumenConsent: payload.lumenConsent === true,
    groups: groups as HostGroup[],
  };
}

/** The hosts a payload's request names, in its order; empty when it holds no request. */
export const noticeHosts = (payload: unknown): string[] => readNoticeRequest(payload)?.groups.map((g) => g.host) ?? [];
