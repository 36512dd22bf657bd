// The peer: an Express 5 hello-world route behind the middleware stack the site uses (helmet, a
// JSON body parser). GET answers hello world; POST parses the same JSON body our forms send.
import type { AddressInfo } from 'node:net';
import express from 'express';
import helmet from 'helmet';

const app = express();
app.disable('x-powered-by');
app.use(helmet());
app.use(express.json({ limit: '64kb' }));
app.all('/hello', (req, res) => {
  res.status(req.method === 'POST' ? 201 : 200).json({ hello: 'world', fields: req.body ? Object.keys(req.body as object).length : 0 });
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
