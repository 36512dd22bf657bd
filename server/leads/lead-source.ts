import {
  CAMPAIGN_PARAMS,
  MAX_CAMPAIGN_VALUE,
  MAX_SOURCE_PAGE,
  MAX_SOURCE_PATH,
  SOURCE_KEY,
  type LeadSource,
} from '../../contracts/api-contract';
import { parseUrl } from '../../engine/parse-url';

/**
 * What the server records of where a lead or a page view came from, read from what a browser sent.
 * Each value is checked and bounded here, once, for submissions and the view counter alike.
 */

export type Campaign = Pick<LeadSource, 'utmSource' | 'utmMedium' | 'utmCampaign'>;

/**
 * Each part of a lead's source in the words the privacy page uses (site/pages/privacy.yaml): a
 * part added to LeadSource needs its words here, and a unit test checks the page says them.
 */
export const RECORDED_WITH_LEAD: Readonly<Record<keyof LeadSource, string>> = {
  page: 'the page the form was sent from',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  referrerHost: 'the name of the website that linked to that page',
};

// Characters a path may hold as a browser sends it (already percent-encoded).
const PATH = /^\/(?!\/)[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*$/;
const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^${HOST_LABEL}(?:\\.${HOST_LABEL})*(?::[0-9]{1,5})?$`);
// Control and format characters (line breaks, direction overrides) never belong in a campaign's name.
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

export const NO_SOURCE: LeadSource = Object.freeze({ page: null, utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: null });

/** A path as recorded: starts with one slash, plain characters, at most MAX_SOURCE_PATH long; null otherwise. */
export function cleanPath(path: string): string | null {
  return path.length <= MAX_SOURCE_PATH && PATH.test(path) ? path : null;
}

/** A campaign value without invisible characters, trimmed; null when empty or longer than MAX_CAMPAIGN_VALUE. */
export function cleanCampaignValue(value: string | null): string | null {
  const text = value?.replace(INVISIBLE, '').trim() ?? '';
  return text !== '' && text.length <= MAX_CAMPAIGN_VALUE ? text : null;
}

/** The campaign parameters of an address's query (`?utm_source=…`). */
export function campaignOf(query: URLSearchParams): Campaign {
  const [utmSource, utmMedium, utmCampaign] = CAMPAIGN_PARAMS.map((p) => cleanCampaignValue(query.get(p)));
  return { utmSource: utmSource ?? null, utmMedium: utmMedium ?? null, utmCampaign: utmCampaign ?? null };
}

export const hasCampaign = (c: Campaign) => c.utmSource !== null || c.utmMedium !== null || c.utmCampaign !== null;

/** A host name (and port) in lower case, or null: no path, no user, no address in brackets. */
export function cleanHost(value: string): string | null {
  const host = value.trim().toLowerCase();
  return host.length <= 253 && HOST.test(host) ? host : null;
}

// The host of an http(s) address as browsers send it: read directly, since a full URL parse costs more than the rest of counting a view.
const PLAIN_HTTP_HOST = /^https?:\/\/([A-Za-z0-9.-]+(?::[0-9]{1,5})?)(?:[/?#]|$)/;

/** The host of a referrer address, or null when it is none, not http(s), or this site itself. */
export function referrerHostOf(referrer: string | undefined, ownHosts: ReadonlySet<string>): string | null {
  if (!referrer || referrer.length > MAX_SOURCE_PAGE) return null;
  let raw = PLAIN_HTTP_HOST.exec(referrer)?.[1];
  // Anything unusual (a user part, an international name, odd case in the scheme) goes through the URL parser.
  if (raw === undefined) {
    const url = parseUrl(referrer);
    if (!url) return null;
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    raw = url.host;
  }
  const host = cleanHost(raw);
  return host && !ownHosts.has(host) ? host : null;
}

/** A page address (path and query) as the page and its campaign; null parts where it is not one. */
function pageAddress(address: string): Pick<LeadSource, 'page'> & Campaign {
  if (address.length > MAX_SOURCE_PAGE || !address.startsWith('/') || address.startsWith('//'))
    return { page: null, utmSource: null, utmMedium: null, utmCampaign: null };
  const at = address.indexOf('?');
  const path = cleanPath(at === -1 ? address : address.slice(0, at));
  return { page: path, ...campaignOf(new URLSearchParams(at === -1 ? '' : address.slice(at + 1))) };
}

/**
 * The source a JSON submission names under SOURCE_KEY (the site's own forms send it), and the
 * submission's body without it. A source that is malformed is recorded as far as it is valid and
 * never refuses the submission: it is the visitor's lead that matters.
 */
export function takeSource(
  body: Record<string, unknown>,
  ownHosts: ReadonlySet<string>,
): { body: Record<string, unknown>; source: LeadSource | null } {
  if (!(SOURCE_KEY in body)) return { body, source: null };
  const { [SOURCE_KEY]: given, ...rest } = body;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return { body: rest, source: null };
  const { page, referrer } = given as Record<string, unknown>;
  const fromPage = typeof page === 'string' ? pageAddress(page) : { page: null, ...campaignOf(new URLSearchParams()) };
  const host = typeof referrer === 'string' ? cleanHost(referrer) : null;
  return { body: rest, source: { ...fromPage, referrerHost: host && !ownHosts.has(host) ? host : null } };
}

/**
 * The source of a form posted without script: its page is the page posted to, and the campaign is
 * read from the Referer the browser sends with the post (the page's own address, query included),
 * when it names this site and that page. The site that linked to the page is not known here.
 */
export function sourceOfFormPost(postPath: string, referer: string | undefined, ownHosts: ReadonlySet<string>): LeadSource {
  const page = cleanPath(postPath);
  let campaign = campaignOf(new URLSearchParams());
  const url = referer && referer.length <= MAX_SOURCE_PAGE ? parseUrl(referer) : null;
  if (url && ownHosts.has(url.host.toLowerCase()) && url.pathname === postPath) campaign = campaignOf(url.searchParams);
  return { page, ...campaign, referrerHost: null };
}

/** The hosts that are this site: the public address's and the one the request was sent to. */
export function ownHostsOf(siteUrl: string, requestHost: string | undefined): Set<string> {
  const hosts = new Set<string>();
  const site = parseUrl(siteUrl);
  if (site) hosts.add(site.host.toLowerCase());
  if (requestHost) hosts.add(requestHost.toLowerCase());
  return hosts;
}

/** The source's columns in the CSV exports, after a lead's own; the same names as LeadSource's. */
export const SOURCE_COLUMNS = ['page', 'utmSource', 'utmMedium', 'utmCampaign', 'referrerHost'] as const satisfies ReadonlyArray<
  keyof LeadSource
>;

export const sourceCells = (source: LeadSource | null): string[] => SOURCE_COLUMNS.map((c) => source?.[c] ?? '');

/** The source as one line of words per part, for e-mails; parts not known are left out. */
export function describeSource(source: LeadSource | null): Array<{ label: string; value: string }> {
  if (!source) return [];
  const rows: Array<{ label: string; value: string | null }> = [
    { label: 'Page', value: source.page },
    { label: 'Campaign source', value: source.utmSource },
    { label: 'Campaign medium', value: source.utmMedium },
    { label: 'Campaign', value: source.utmCampaign },
    { label: 'Referring site', value: source.referrerHost },
  ];
  return rows.filter((r): r is { label: string; value: string } => r.value !== null);
}
