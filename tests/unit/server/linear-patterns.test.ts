/**
 * A form rule that can backtrack, on the server with the content check bypassed (put into the
 * loaded forms as if written on the server by hand): a post that would take the browser's engine
 * minutes is answered at once, on the linear engine, and /healthz answers meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { SubmissionRules } from '../../../engine/forms/payload';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { compileForms, checkSubmission } from '../../../server/api/form-validation';
import { cpuTime } from '../../support/cpu-time';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const CATASTROPHIC = '^([a-zA-Z]+ ?)+$';
const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');

/** The form with the rule on its name field, as a hand-written file would make it. */
function withRule<T extends SubmissionRules>(form: T): T {
  const copy = structuredClone(form);
  const name = (copy.fields.properties as Record<string, Record<string, unknown>>).name!;
  name.pattern = CATASTROPHIC;
  return copy;
}

const [endpoint, payload] = Object.entries(model.apiPayloads).find(([, p]) => p.submit.endpoint === '/api/contact')!;
const apiPayloads = { ...model.apiPayloads, [endpoint]: withRule(payload) };
const body = (name: string) => ({
  name,
  email: 'ann@example.com',
  subject: 'Help',
  message: 'Please remove the copy of my photo.',
  serviceInterest: 'takedown',
});
const POST = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

describe('a content rule on the server', () => {
  let fixture: Fixture;
  let server: Running;

  beforeAll(async () => {
    fixture = createFixture();
    server = await startServer({ buildDir: fixture.root, model: { forms: {}, apiPayloads } });
  });

  afterAll(async () => {
    await server.close();
    fixture.cleanup();
  });

  it('still decides: a name it allows passes, one it refuses is refused', () => {
    const compiled = compileForms({ contact: apiPayloads[endpoint]! }).get(payload.id)!;
    expect(checkSubmission(compiled, body('Ann Lee'))).toMatchObject({ ok: true });
    expect(checkSubmission(compiled, body('Ann Lee 1'))).toMatchObject({ ok: false, fields: { name: expect.any(String) } });
  });

  it('answers 30 letters and a 1 with well under a second of work, and /healthz answers meanwhile', async () => {
    // Warm: the first requests of a process compile the forms' code and the refusal's path (a short name the rule refuses).
    for (const name of ['Ann', 'Ann1'])
      await fetch(`${server.url}/api/contact`, { method: 'POST', headers: POST, body: JSON.stringify(body(name)) });
    // Measured as the work the process does (CPU time, the server and this client alike): a busy test machine
    // stretches wall-clock round trips (55-180 ms at a load of 30 on 2 cores) but not the work.
    const {
      value: [answer, healthz],
      ms,
    } = await cpuTime(() =>
      Promise.all([
        fetch(`${server.url}/api/contact`, {
          method: 'POST',
          headers: POST,
          body: JSON.stringify(body(`${'a'.repeat(30)}1`)),
        }).then(async (res) => ({ status: res.status, text: await res.text() })),
        fetch(`${server.url}/healthz`).then((res) => ({ status: res.status })),
      ]),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ fields: { name: expect.any(String) } });
    // The browser's engine would work about 17 s on this answer, holding every other request (and /healthz with them);
    // the check takes a few milliseconds of it. The bound sits between the two, far from both.
    expect(ms).toBeLessThan(1_000);
    expect(healthz.status).toBe(200);
  });

  it('checks the longest name the field allows (200 characters) in linear time', async () => {
    const compiled = compileForms({ contact: apiPayloads[endpoint]! }).get(payload.id)!;
    const { value: outcome, ms } = await cpuTime(() => checkSubmission(compiled, body(`${'a'.repeat(199)}1`)));
    expect(outcome.ok).toBe(false);
    // Backtracking on 200 characters would not finish at all; a linear check takes well under a millisecond.
    expect(ms).toBeLessThan(500);
  });
});
