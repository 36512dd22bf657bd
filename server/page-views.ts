import type { IncomingMessage } from 'node:http';
import { campaignOf, hasCampaign, referrerHostOf } from './leads/lead-source';
import type { ViewCounts } from './store/page-views';

/**
 * Page views counted as the server answers them: per page and day, and arrivals per campaign and
 * per referring site, as counts only. Nothing about the visitor is kept (no cookie, no address, no
 * user agent); the counts live in this process's memory and are added to the store every few
 * seconds and on shutdown, so a view never costs a database write.
 */

/** What is counted, in the words the privacy page uses; a unit test checks the page says them. */
export const COUNTED: Readonly<Record<keyof ViewCounts, string>> = {
  pages: 'views per page and day',
  campaigns: 'arrivals per campaign and day',
  referrers: 'arrivals per referring website and day',
};

/** What is never kept with a count, in the privacy page's words. */
export const NEVER_KEPT = ['no cookie', 'no IP address', 'no browser type'] as const;

/** User agents that say they are not a person: crawlers, link previews, monitors, scripts and headless browsers. */
export const BOT_USER_AGENT =
  /bot|crawl|spider|slurp|archiver|fetch|preview|monitor|lighthouse|headless|phantom|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|httpclient|scrapy|facebookexternalhit|embedly|pingdom|uptime/i;

export const isBot = (userAgent: string | undefined) => !userAgent || BOT_USER_AGENT.test(userAgent);

export interface ViewCounterOptions {
  /** Adds one flush's counts to the stored ones. */
  save: (counts: ViewCounts) => Promise<void>;
  /** This site's hosts: a referrer on one of them is the visitor moving within the site, not an arrival. */
  ownHosts: ReadonlySet<string>;
  flushMs: number;
  /** Most distinct campaigns and referring sites kept between two flushes; more are not counted, so no sender can fill the memory. */
  maxKeys?: number;
  now?: () => number;
  /** Told when a flush fails; its counts are kept and tried again with the next. */
  onError?: (err: unknown) => void;
}

export interface ViewCounter {
  /** Counts one view of the page at `path` (an HTML page answered to a GET). */
  count(req: IncomingMessage, path: string): void;
  /** Writes what was counted so far. */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;
const SEP = '\n';

function bump(map: Map<string, number>, key: string, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/**
 * Remembers what a query or referrer was read as: a campaign link or a linking page is followed by
 * many visitors, and reading it again each time would cost more than counting the view. Bounded,
 * since both come from the request.
 */
function memo<T>(read: (raw: string) => T, max = 1_000): (raw: string) => T {
  const known = new Map<string, T>();
  return (raw) => {
    if (known.has(raw)) return known.get(raw)!;
    if (known.size >= max) known.clear();
    const value = read(raw);
    known.set(raw, value);
    return value;
  };
}

export function createViewCounter(options: ViewCounterOptions): ViewCounter {
  const { save, ownHosts, flushMs, maxKeys = 5_000, onError } = options;
  const now = options.now ?? Date.now;
  let pages = new Map<string, number>();
  let campaigns = new Map<string, number>();
  let referrers = new Map<string, number>();
  // The day's name is worked out once a day, not per view.
  let dayEnds = 0;
  let day = '';
  let timer: NodeJS.Timeout | undefined;
  // A campaign as its part of a key (source, medium, campaign), or null when the query names none.
  const campaignKey = memo((query: string) => {
    const c = campaignOf(new URLSearchParams(query));
    return hasCampaign(c) ? [c.utmSource ?? '', c.utmMedium ?? '', c.utmCampaign ?? ''].join(SEP) : null;
  });
  const hostOf = memo((referer: string) => referrerHostOf(referer, ownHosts));
  let flushing: Promise<void> = Promise.resolve();

  const today = () => {
    const t = now();
    if (t >= dayEnds || t < dayEnds - DAY_MS) {
      day = new Date(t).toISOString().slice(0, 10);
      dayEnds = (Math.floor(t / DAY_MS) + 1) * DAY_MS;
    }
    return day;
  };

  function count(req: IncomingMessage, path: string): void {
    if (isBot(req.headers['user-agent'])) return;
    const d = today();
    bump(pages, d + SEP + path);
    const url = req.url ?? '';
    const at = url.indexOf('?');
    if (at !== -1 && url.includes('utm_', at)) {
      const campaign = campaignKey(url.slice(at + 1));
      const key = campaign && d + SEP + campaign;
      if (key && (campaigns.has(key) || campaigns.size < maxKeys)) bump(campaigns, key);
    }
    const referer = req.headers.referer;
    if (referer) {
      const host = hostOf(referer);
      const key = host && host !== req.headers.host?.toLowerCase() && d + SEP + host;
      if (key && (referrers.has(key) || referrers.size < maxKeys)) bump(referrers, key);
    }
  }

  async function writeOnce(): Promise<void> {
    if (pages.size === 0 && campaigns.size === 0 && referrers.size === 0) return;
    const taken = { pages, campaigns, referrers };
    pages = new Map();
    campaigns = new Map();
    referrers = new Map();
    const counts: ViewCounts = {
      pages: [...taken.pages].map(([key, views]) => {
        const [d, path] = key.split(SEP) as [string, string];
        return { day: d, path, views };
      }),
      campaigns: [...taken.campaigns].map(([key, arrivals]) => {
        const [d, utmSource, utmMedium, utmCampaign] = key.split(SEP) as [string, string, string, string];
        return { day: d, utmSource, utmMedium, utmCampaign, arrivals };
      }),
      referrers: [...taken.referrers].map(([key, arrivals]) => {
        const [d, host] = key.split(SEP) as [string, string];
        return { day: d, host, arrivals };
      }),
    };
    try {
      await save(counts);
    } catch (err) {
      // Not lost: added back, to be written with the next flush.
      for (const [k, v] of taken.pages) bump(pages, k, v);
      for (const [k, v] of taken.campaigns) bump(campaigns, k, v);
      for (const [k, v] of taken.referrers) bump(referrers, k, v);
      onError?.(err);
    }
  }

  // One flush at a time, so a slow store never sees the same counts twice.
  const flush = () => (flushing = flushing.then(writeOnce));

  return {
    count,
    flush,
    start() {
      timer ??= setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
