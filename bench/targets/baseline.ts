// The physical baseline: bare node:http answering every request with one fixed 201 JSON body.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = Buffer.from(JSON.stringify({ success: true, message: 'Form submitted successfully.' }));

const server = createServer((req, res) => {
  // Drain any request body so keep-alive connections stay usable.
  req.resume();
  res.writeHead(201, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
