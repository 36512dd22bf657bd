/**
 * The API router's own contract, for endpoints of any shape: the server's endpoints (one method
 * each) are tested through createServer in app.test.ts; these are the cases none of them has yet.
 */
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorHandler } from '../../../server/app';
import { createApiRouter, type ApiEndpoint } from '../../../server/api/router';
import { listen, type Running } from './helpers';

const endpoints: ApiEndpoint[] = [
  { path: '/echo', methods: { POST: (_req, res) => void res.status(201).json({ success: true }) } },
  {
    path: '/report',
    methods: { GET: (_req, res) => void res.json({ success: true }), PUT: (_req, res) => void res.json({ success: true }) },
  },
  {
    path: '/boom',
    methods: {
      POST: async () => {
        throw new Error('database exploded at /secret/path.ts:42');
      },
    },
  },
];

let router: Running;

beforeAll(async () => {
  const app = express();
  app.use('/api', createApiRouter(endpoints));
  app.use(errorHandler);
  router = await listen(app);
});

afterAll(async () => {
  await router.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the API router', () => {
  it('answers 405 naming every method an endpoint takes', async () => {
    const res = await fetch(`${router.url}/api/report`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, PUT, HEAD');
    expect(await res.json()).toEqual({
      success: false,
      message: 'Method POST is not allowed on /api/report. Use GET or PUT.',
      error: 'METHOD_NOT_ALLOWED',
    });
  });

  it('a declared method reaches its handler', async () => {
    const res = await fetch(`${router.url}/api/echo?x=1`, { method: 'POST' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true });
  });

  it('a failing handler answers 500 JSON without a stack trace', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await fetch(`${router.url}/api/boom`, { method: 'POST' });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      success: false,
      message: 'Something went wrong on our side. Please try again.',
      error: 'INTERNAL',
    });
    expect(text).not.toMatch(/exploded|secret|at /);
  });
});
