import express from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetOptions, SECURITY_HEADERS } from '../../../server/security-headers';
import { listen } from './helpers';

describe('the security headers table', () => {
  it('is exactly what helmet sets with the same options, so an upgrade that changes its defaults is noticed', async () => {
    const app = express().disable('x-powered-by');
    app.use(helmet(helmetOptions as Parameters<typeof helmet>[0]));
    app.get('/', (_req, res) => void res.end());
    const server = await listen(app);
    try {
      const res = await fetch(server.url);
      const transport = new Set(['connection', 'content-length', 'date', 'keep-alive']);
      const set = [...res.headers].filter(([name]) => !transport.has(name)).sort(([a], [b]) => a.localeCompare(b));
      expect(set).toEqual([...SECURITY_HEADERS].map(([name, value]) => [name, value]).sort(([a], [b]) => a!.localeCompare(b!)));
    } finally {
      await server.close();
    }
  });
});
