// The page-view counter's own cost per view, in process: CPU time of counting one request, for a
// plain view, a campaign arrival from another site and a robot, without the network or the load
// generator in the way. `node --import tsx bench/page-views.ts` prints the figures as JSON.
import type { IncomingMessage } from 'node:http';
import { createViewCounter } from '../server/page-views';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const VIEWS = 1_000_000;
const ROUNDS = 5;

const cases: Record<string, IncomingMessage> = {
  plain: { url: '/', headers: { 'user-agent': BROWSER } } as IncomingMessage,
  campaign: {
    url: '/contact-us?utm_source=newsletter&utm_campaign=november',
    headers: { 'user-agent': BROWSER, referer: 'https://news.example.com/story?id=7', host: 'www.takedownshield.example' },
  } as IncomingMessage,
  robot: {
    url: '/',
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  } as IncomingMessage,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const results: Record<string, { cpuNsPerView: number; rounds: number[] }> = {};
for (const [name, req] of Object.entries(cases)) {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let saved = 0;
    const counter = createViewCounter({
      save: async () => void (saved += 1),
      ownHosts: new Set(['www.takedownshield.example']),
      flushMs: 60_000,
    });
    const path = req.url!.split('?')[0]!;
    const before = process.cpuUsage();
    for (let i = 0; i < VIEWS; i++) counter.count(req, path);
    const used = process.cpuUsage(before);
    await counter.stop();
    if (saved !== 1 && name !== 'robot') throw new Error(`the ${name} views were not saved`);
    rounds.push(((used.user + used.system) * 1000) / VIEWS);
  }
  results[name] = { cpuNsPerView: median(rounds), rounds };
}
console.log(JSON.stringify({ views: VIEWS, rounds: ROUNDS, results }, null, 2));
