// The floor for a page in Node: bare node:http answering answers recorded from our server (the same
// status, headers and bytes) from memory, by request target, with one writeHead and one end. A
// request carrying the recorded ETag is answered 304; any target not recorded gets the recorded 404.
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedAnswer } from '../lib/recorded-answers';

const recorded = JSON.parse(readFileSync(process.env.ANSWERS_FILE ?? '', 'utf8')) as RecordedAnswer[];

interface Ready {
  status: number;
  headers: OutgoingHttpHeaders | string[];
  body: Buffer;
  etag?: string;
  notModified?: string[];
}

const flat = (headers: [string, string][]) => headers.flat();
const answers = new Map<string, Ready>(
  recorded.map((a) => [
    a.target,
    {
      status: a.status,
      headers: flat(a.headers),
      body: Buffer.from(a.body, 'base64'),
      etag: a.etag,
      notModified: a.notModified && flat(a.notModified),
    },
  ]),
);
const notFound = recorded.find((a) => a.status === 404);

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '/') ?? (notFound && answers.get(notFound.target));
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  if (answer.etag && answer.notModified && req.headers['if-none-match'] === answer.etag) {
    res.writeHead(304, answer.notModified).end();
    return;
  }
  res.writeHead(answer.status, answer.headers).end(answer.body);
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
