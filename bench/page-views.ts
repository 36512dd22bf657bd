// What counting page views costs a page, in process, so the figure does not depend on how much of
// the shared machine the server process gets: the CPU time of the counter alone per view (a plain
// view, a campaign arrival from another site, a robot), and of answering the built site's home page
// through the whole app (createApp: request log, security headers, static handler) with counting
// on and off, interleaved batch by batch. `node --import tsx bench/page-views.ts [distDir]` prints
// JSON; the HTTP side by side is `npm run bench -- --only=http --scenarios=views-counted,views-campaign,views-off`.
import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import { Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { createApp } from '../server/app';
import { createViewCounter } from '../server/page-view-counter';
import type { LeadStore } from '../server/store/types';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const OWN = new Set(['www.takedownshield.example']);
const COUNTER_VIEWS = 1_000_000;
const COUNTER_ROUNDS = 5;
const PAGE_BATCH = 2_000;
const PAGE_BATCHES = 30;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuNs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) * 1000;
};

function request(url: string, headers: Record<string, string>): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = url;
  req.headers = headers;
  return req;
}

const cases = {
  plain: { url: '/', headers: { 'user-agent': BROWSER } },
  campaign: {
    url: '/?utm_source=newsletter&utm_campaign=november',
    headers: { 'user-agent': BROWSER, referer: 'https://news.example.com/story?id=7', host: 'www.takedownshield.example' },
  },
  robot: { url: '/', headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } },
};

/** The counter alone: CPU ns per counted request, the median of COUNTER_ROUNDS rounds. */
async function counterCost(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, c] of Object.entries(cases)) {
    const rounds: number[] = [];
    for (let round = 0; round < COUNTER_ROUNDS; round++) {
      let saved = 0;
      const counter = createViewCounter({ save: async () => void (saved += 1), ownHosts: OWN, flushMs: 60_000 });
      const req = request(c.url, c.headers);
      const before = process.cpuUsage();
      for (let i = 0; i < COUNTER_VIEWS; i++) counter.count(req, '/');
      rounds.push(cpuNs(before) / COUNTER_VIEWS);
      await counter.stop();
      if (saved !== 1 && name !== 'robot') throw new Error(`the ${name} views were not saved`);
    }
    out[name] = median(rounds);
  }
  return out;
}

/** Answers PAGE_BATCH requests; CPU ns per answer. */
function batch(app: RequestListener, url: string, headers: Record<string, string>): number {
  const before = process.cpuUsage();
  for (let i = 0; i < PAGE_BATCH; i++) {
    const req = request(url, headers);
    const res = new ServerResponse(req);
    app(req, res);
    if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
  }
  return cpuNs(before) / PAGE_BATCH;
}

/** The home page through the whole app, counted and not, batch by batch in turn. */
async function pageCost(distDir: string) {
  const clientDir = join(distDir, 'client');
  const store = {} as LeadStore;
  const counter = createViewCounter({ save: async () => {}, ownHosts: OWN, flushMs: 60_000 });
  const counted = createApp({ clientDir, store, siteUrl: 'https://www.takedownshield.example', countView: counter.count });
  const uncounted = createApp({ clientDir, store, siteUrl: 'https://www.takedownshield.example' });
  const runs = { off: [] as number[], plain: [] as number[], offCampaign: [] as number[], campaign: [] as number[] };
  for (let b = 0; b < PAGE_BATCHES; b++) {
    runs.off.push(batch(uncounted, cases.plain.url, cases.plain.headers));
    runs.plain.push(batch(counted, cases.plain.url, cases.plain.headers));
    runs.offCampaign.push(batch(uncounted, cases.campaign.url, cases.campaign.headers));
    runs.campaign.push(batch(counted, cases.campaign.url, cases.campaign.headers));
    if (b % 5 === 4) await counter.flush();
  }
  await counter.stop();
  // The first batches warm the JIT for all three alike; the medians leave them out.
  const settled = (xs: number[]) => median(xs.slice(5));
  return {
    offNsPerAnswer: settled(runs.off),
    countedNsPerAnswer: settled(runs.plain),
    offCampaignNsPerAnswer: settled(runs.offCampaign),
    campaignNsPerAnswer: settled(runs.campaign),
    pairedRatios: {
      countedVsOff: median(runs.plain.slice(5).map((x, i) => runs.off[i + 5]! / x)),
      campaignVsOff: median(runs.campaign.slice(5).map((x, i) => runs.offCampaign[i + 5]! / x)),
    },
  };
}

const distDir = resolve(process.argv[2] ?? 'dist');
const counter = await counterCost();
const page = await pageCost(distDir);
console.log(JSON.stringify({ counterNsPerView: counter, page, batches: PAGE_BATCHES, batch: PAGE_BATCH }, null, 2));
