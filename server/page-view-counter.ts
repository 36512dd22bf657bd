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
  /** How long stopping keeps trying to write what is left before it gives up and reports the loss. */
  finalFlushMs?: number;
  /** Pause between two tries of the final flush. */
  retryMs?: number;
}

/** The views a stopping process could not write before its deadline: gone, and said so. */
export class ViewsNotSaved extends Error {
  constructor(
    readonly views: number,
    cause: unknown,
  ) {
    super(`${views} page views could not be saved before the process stopped and are lost: ${(cause as Error)?.message ?? String(cause)}`, {
      cause,
    });
    this.name = 'ViewsNotSaved';
  }
}

export interface ViewCounter {
  /** Counts one view of the page at `path` (an HTML page answered to a GET). */
  count(req: IncomingMessage, path: string): void;
  /** Writes what was counted so far. */
  flush(): Promise<void>;
  start(): void;
  /**
   * Stops the timer and writes what is left, trying again until it is written or `finalFlushMs`
   * has passed; then rejects with ViewsNotSaved, which says how many views were lost.
   */
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
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

/** One day's counts: views by path, arrivals by campaign key (source, medium, campaign) and by host. */
interface Tally {
  pages: Map<string, number>;
  campaigns: Map<string, number>;
  referrers: Map<string, number>;
}

const emptyTally = (): Tally => ({ pages: new Map(), campaigns: new Map(), referrers: new Map() });

export function createViewCounter(options: ViewCounterOptions): ViewCounter {
  const { save, ownHosts, flushMs, maxKeys = 5_000, onError, finalFlushMs = 5_000, retryMs = 250 } = options;
  const now = options.now ?? Date.now;
  // By UTC day; the day's tally is looked up once a day, not per view.
  let days = new Map<string, Tally>();
  let dayEnds = 0;
  let tally = emptyTally();
  let timer: NodeJS.Timeout | undefined;
  // A campaign as its key (source, medium, campaign), or null when the query names none.
  const campaignKey = memo((query: string) => {
    const c = campaignOf(new URLSearchParams(query));
    return hasCampaign(c) ? [c.utmSource ?? '', c.utmMedium ?? '', c.utmCampaign ?? ''].join(SEP) : null;
  });
  const hostOf = memo((referer: string) => referrerHostOf(referer, ownHosts));
  const bot = memo(isBot);
  let flushing: Promise<void> = Promise.resolve();

  const today = (): Tally => {
    const t = now();
    // dayEnds is 0 after a flush, which takes the tallies: the day's is then made again.
    if (t >= dayEnds || t < dayEnds - DAY_MS) {
      const day = dayOf(t);
      dayEnds = (Math.floor(t / DAY_MS) + 1) * DAY_MS;
      tally = days.get(day) ?? emptyTally();
      days.set(day, tally);
    }
    return tally;
  };

  function count(req: IncomingMessage, path: string): void {
    const agent = req.headers['user-agent'];
    if (!agent || bot(agent)) return;
    const t = today();
    bump(t.pages, path);
    const url = req.url ?? '';
    const at = url.indexOf('?');
    if (at !== -1 && url.includes('utm_', at)) {
      const key = campaignKey(url.slice(at + 1));
      if (key && (t.campaigns.has(key) || t.campaigns.size < maxKeys)) bump(t.campaigns, key);
    }
    const referer = req.headers.referer;
    if (referer) {
      const host = hostOf(referer);
      if (host && host !== req.headers.host?.toLowerCase() && (t.referrers.has(host) || t.referrers.size < maxKeys))
        bump(t.referrers, host);
    }
  }

  /** Writes what was counted; the error when the store refused it (the counts are then kept). */
  async function writeOnce(): Promise<unknown> {
    const taken = [...days].filter(([, t]) => t.pages.size + t.campaigns.size + t.referrers.size > 0);
    if (taken.length === 0) return undefined;
    days = new Map();
    dayEnds = 0;
    const counts: ViewCounts = {
      pages: taken.flatMap(([day, t]) => [...t.pages].map(([path, views]) => ({ day, path, views }))),
      campaigns: taken.flatMap(([day, t]) =>
        [...t.campaigns].map(([key, arrivals]) => {
          const [utmSource, utmMedium, utmCampaign] = key.split(SEP) as [string, string, string];
          return { day, utmSource, utmMedium, utmCampaign, arrivals };
        }),
      ),
      referrers: taken.flatMap(([day, t]) => [...t.referrers].map(([host, arrivals]) => ({ day, host, arrivals }))),
    };
    try {
      await save(counts);
      return undefined;
    } catch (err) {
      // Not lost: added back, to be written with the next flush.
      for (const [day, t] of taken) {
        const into = days.get(day) ?? emptyTally();
        days.set(day, into);
        for (const kind of ['pages', 'campaigns', 'referrers'] as const) for (const [k, v] of t[kind]) bump(into[kind], k, v);
      }
      dayEnds = 0;
      onError?.(err);
      return err;
    }
  }

  // One flush at a time, so a slow store never sees the same counts twice.
  const write = () => {
    const written = flushing.then(writeOnce);
    flushing = written.then(() => undefined);
    return written;
  };
  const pendingViews = () => [...days.values()].reduce((sum, t) => sum + [...t.pages.values()].reduce((a, b) => a + b, 0), 0);

  return {
    count,
    flush: async () => void (await write()),
    start() {
      timer ??= setInterval(() => void write(), flushMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      // By the wall clock: `now` places a view in its day and may be a test's fixed clock.
      const deadline = Date.now() + finalFlushMs;
      for (;;) {
        const err = await write();
        if (err === undefined) return;
        if (Date.now() + retryMs > deadline) throw new ViewsNotSaved(pendingViews(), err);
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    },
  };
}
