import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  ConfigError,
  publicSiteUrl,
  readBuiltModel,
  readConfig,
  readProjectPaths,
  readScriptConfig,
  VARIABLES,
} from '../../../server/config';
import { DEFAULT_SPAM_WEIGHTS } from '../../../server/spam/signals';
import { createServer, StartError, type RunningServer } from '../../../server/create-server';
import { silentLogger } from '../../../server/logging';
import { SECURITY_HEADERS } from '../../../server/security-headers';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';

const ROOT = join(import.meta.dirname, '../../..');

/** A DIST_DIR whose site-model.json records `url` as site.yaml's url, as `npm run build` writes it. */
function builtWithUrl(url: string): string {
  const dist = mkdtempSync(join(tmpdir(), 'config-dist-'));
  writeFileSync(join(dist, 'site-model.json'), JSON.stringify({ forms: {}, notifications: {}, site: { url } }));
  return dist;
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    readConfig({ SITE_URL: 'https://example.org', ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('the configuration', () => {
  it('is read once into one frozen object, with the documented defaults', () => {
    const dist = builtWithUrl('https://built.example.org/');
    const config = readConfig({ IP_HASH_SALT: 'salt', DIST_DIR: dist });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      siteUrl: 'https://built.example.org',
      trustProxy: false,
      logLevel: 'info',
      databaseUrl: null,
      metrics: null,
      rateLimit: { max: 30, windowMs: 60_000 },
      signInRateLimit: { max: 20, windowMs: 60_000 },
      timeouts: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, uploadTimeoutMs: 600_000 },
      notifyPollMs: 1_000,
      notifyLeaseMs: 60_000,
      reminderSweepMs: 60_000,
      warnings: [],
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.rateLimit)).toBe(true);
    expect(readConfig({ DIST_DIR: dist }, { defaultPort: 5173 }).port).toBe(5173);
    rmSync(dist, { recursive: true, force: true });
  });

  it('stops the start naming every malformed variable and what it expects', () => {
    expect(
      problemsOf({
        PORT: 'abc',
        LOG_LEVEL: 'loud',
        RATE_LIMIT_MAX: '0',
        REQUEST_TIMEOUT_MS: '10s',
        DATABASE_URL: 'mysql://x',
        MAIL_FROM: 'nobody',
      }),
    ).toEqual([
      'PORT must be a number from 0 to 65535, got "abc".',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud".',
      'REQUEST_TIMEOUT_MS must be a whole number of milliseconds of at least 1, got "10s".',
      'DATABASE_URL must be a PostgreSQL address such as postgresql://user:password@host:5432/dbname. Unset it to use SQLite in DATA_DIR.',
      'MAIL_FROM must be one e-mail address, such as leads@example.com.',
      'RATE_LIMIT_MAX must be a whole number of at least 1, got "0".',
    ]);
    expect(problemsOf({ PORT: '8080', METRICS_PORT: '8080' })).toEqual([
      'METRICS_PORT must differ from PORT: metrics are never served on the public port.',
    ]);
  });

  it('reads the inbound SMTP port (on loopback unless told) and the reply domain, and refuses ones that cannot work', () => {
    const config = readConfig({
      SITE_URL: 'https://example.org',
      INBOUND_SMTP_PORT: '2525',
      REPLY_DOMAIN: 'Replies.Example.com',
      MAIL_FROM: 'leads@example.com',
    });
    expect(config.inbound).toEqual({ port: 2525, host: '127.0.0.1' });
    expect(config.notify.replyDomain).toBe('replies.example.com');
    expect(readConfig({ SITE_URL: 'https://example.org' }).inbound).toBeNull();
    expect(problemsOf({ PORT: '8080', INBOUND_SMTP_PORT: '8080', REPLY_DOMAIN: 'not a domain' })).toEqual([
      'INBOUND_SMTP_PORT must differ from PORT and METRICS_PORT.',
      'REPLY_DOMAIN must be a domain name, such as replies.example.com: answers go to reply+<token>@ it.',
    ]);
  });

  it('warns once at start about a random address-hash key and e-mails that reach nobody', () => {
    expect(
      readConfig({ SITE_URL: 'https://example.org', SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'leads@example.com' }).warnings,
    ).toEqual([
      'IP_HASH_SALT is not set; using a random key, so address hashes will not match across restarts, and a form token signed by another process or before a restart is refused: set it wherever more than one process serves the site.',
      'Neither ALTCHA_HMAC_KEY nor IP_HASH_SALT is set; proof-of-work challenges are signed with a random key, so one answered after a restart or to another process is quarantined.',
      'LEADS_EMAIL_TO is empty: leads that no rule with its own `to` matches are e-mailed to nobody.',
    ]);
  });

  it('takes the proof-of-work step from 3 points by default, from SPAM_CHALLENGE_SCORE below the quarantine score, or never with off', () => {
    const base = { SITE_URL: 'https://example.org', IP_HASH_SALT: 'salt' };
    expect(readConfig({ ...base, SPAM_CHALLENGE_SCORE: '4' }).spam!.challenge!.score).toBe(4);
    expect(readConfig({ ...base, SPAM_CHALLENGE_SCORE: 'off' }).spam!.challenge).toBeNull();
    // A lower quarantine score leaves the default band empty: no step, and no complaint.
    expect(readConfig({ ...base, SPAM_QUARANTINE_SCORE: '3' }).spam!.challenge).toBeNull();
    for (const value of ['5', '0', 'soon'])
      expect(problemsOf({ SPAM_CHALLENGE_SCORE: value })).toEqual([
        `SPAM_CHALLENGE_SCORE must be a number above 0 and below SPAM_QUARANTINE_SCORE (5), or off, got "${value}".`,
      ]);
    // The signing key: the same for every process given the same secret, a new one per process without any.
    const keyOf = (env: Record<string, string>) => readConfig({ SITE_URL: 'https://example.org', ...env }).spam!.challenge!.hmacKey;
    expect(keyOf({ ALTCHA_HMAC_KEY: 'k1' })).toBe(keyOf({ ALTCHA_HMAC_KEY: 'k1' }));
    expect(keyOf({ ALTCHA_HMAC_KEY: 'k1' })).not.toBe(keyOf({ ALTCHA_HMAC_KEY: 'k2' }));
    expect(keyOf({ IP_HASH_SALT: 'salt' })).toBe(keyOf({ IP_HASH_SALT: 'salt' }));
    expect(keyOf({ IP_HASH_SALT: 'salt' })).not.toBe('salt');
    expect(keyOf({})).not.toBe(keyOf({}));
  });

  it('asks for form tokens by default, for the lifetime and least fill time the environment gives, and checks what it is given', () => {
    const base = { SITE_URL: 'https://example.org', IP_HASH_SALT: 'salt' };
    expect(readConfig(base).formTokens).toEqual({ lifetimeMs: 7_200_000, minFillMs: 2_000 });
    expect(readConfig({ ...base, FORM_TOKEN_LIFETIME: '600', FORM_MIN_FILL_SECONDS: '0.5' }).formTokens).toEqual({
      lifetimeMs: 600_000,
      minFillMs: 500,
    });
    expect(readConfig({ ...base, FORM_TOKENS: 'off' }).formTokens).toBeNull();
    expect(problemsOf({ ...base, FORM_TOKENS: 'maybe', FORM_TOKEN_LIFETIME: '0', FORM_MIN_FILL_SECONDS: '-1' })).toEqual([
      'FORM_TOKENS must be on or off, got "maybe".',
      'FORM_TOKEN_LIFETIME must be a whole number of at least 1, got "0".',
      'FORM_MIN_FILL_SECONDS must be a number of seconds from 0 to 600, got "-1".',
    ]);
    expect(problemsOf({ ...base, FORM_TOKEN_LIFETIME: '2', FORM_MIN_FILL_SECONDS: '5' })).toEqual([
      'FORM_MIN_FILL_SECONDS must be shorter than FORM_TOKEN_LIFETIME.',
    ]);
  });

  it('scores spam by default, with the weights and period the environment gives, and checks what it is given', () => {
    const base = { SITE_URL: 'https://example.org', IP_HASH_SALT: 'salt' };
    expect(readConfig(base).spam).toEqual({
      threshold: 5,
      weights: DEFAULT_SPAM_WEIGHTS,
      mailCheck: true,
      retentionDays: 30,
      challenge: { score: 3, hmacKey: expect.stringMatching(/^[0-9a-f]{64}$/) },
      classifierMinMarks: 200,
      classifierWeight: 5,
    });
    expect(
      readConfig({
        ...base,
        SPAM_QUARANTINE_SCORE: '7.5',
        SPAM_WEIGHTS: ' links=0, mail-domain=4 ',
        SPAM_MAIL_CHECK: 'off',
        QUARANTINE_RETENTION_DAYS: '7',
        SPAM_CLASSIFIER_MIN_MARKS: '50',
        SPAM_CLASSIFIER_WEIGHT: '4.5',
      }).spam,
    ).toEqual({
      threshold: 7.5,
      weights: { ...DEFAULT_SPAM_WEIGHTS, links: 0, 'mail-domain': 4 },
      mailCheck: false,
      retentionDays: 7,
      challenge: { score: 3, hmacKey: expect.any(String) },
      classifierMinMarks: 50,
      classifierWeight: 4.5,
    });
    expect(readConfig({ ...base, SPAM_QUARANTINE_SCORE: 'off' }).spam).toBeNull();
    expect(
      problemsOf({
        SPAM_QUARANTINE_SCORE: '0',
        SPAM_WEIGHTS: 'links=lots',
        SPAM_MAIL_CHECK: 'maybe',
        QUARANTINE_RETENTION_DAYS: '0',
        SPAM_CLASSIFIER_MIN_MARKS: '0',
        SPAM_CLASSIFIER_WEIGHT: '-1',
      }).sort(),
    ).toEqual([
      'QUARANTINE_RETENTION_DAYS must be a whole number of at least 1, got "0".',
      'SPAM_CLASSIFIER_MIN_MARKS must be a whole number of at least 1, got "0".',
      'SPAM_CLASSIFIER_WEIGHT must be a number of points from 0 to 100, got "-1".',
      'SPAM_MAIL_CHECK must be on or off, got "maybe".',
      'SPAM_QUARANTINE_SCORE must be a number above 0, or off, got "0".',
      'SPAM_WEIGHTS must give links a number of points from 0 to 100, as links=2.',
    ]);
    expect(problemsOf({ SPAM_WEIGHTS: 'casino=9' })).toEqual([
      'SPAM_WEIGHTS names "casino", which is none of links, words, script, random-text, same-message, mail-domain.',
    ]);
  });

  it('takes the reminder sweep and the outbox lease from the environment, and warns of a lease shorter than two sends', () => {
    const config = readConfig({ SITE_URL: 'https://example.org', IP_HASH_SALT: 'salt', REMINDER_SWEEP_MS: '250', NOTIFY_LEASE_MS: '2000' });
    expect(config).toMatchObject({ reminderSweepMs: 250, notifyLeaseMs: 2_000 });
    expect(config.warnings).toEqual([
      'NOTIFY_LEASE_MS is 2000: below 20000 ms, a notification to a slow mail server or webhook can be sent twice.',
    ]);
    expect(problemsOf({ REMINDER_SWEEP_MS: '1m', NOTIFY_LEASE_MS: '0' })).toEqual([
      'NOTIFY_LEASE_MS must be a whole number of at least 1, got "0".',
      'REMINDER_SWEEP_MS must be a whole number of at least 1, got "1m".',
    ]);
  });

  it('is documented variable for variable in docs/operators/configuration.md', () => {
    const doc = readFileSync(join(ROOT, 'docs/operators/configuration.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Server, dev server and scripts'), doc.indexOf('## Build and tests'));
    const documented = [...table.matchAll(/^\| (.+?) \|/gm)].flatMap(([, cell]) => [...cell!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect([...documented].sort()).toEqual([...VARIABLES].sort());
  });

  it('is the only module of the source tree that reads the environment (bench/, tests/ and the test configs aside)', () => {
    // Folders that are not source (dependencies, builds, results) or that may read it (the benchmarks, the tests).
    const skipped = new Set(['node_modules', 'bench', 'tests', 'docs', 'public', 'site', 'schemas', 'contracts']);
    const isSkipped = (name: string) =>
      name.startsWith('.') || name.startsWith('dist') || name.startsWith('test-results') || skipped.has(name);
    const testConfigs = new Set(['playwright.config.ts', 'vitest.config.ts', 'vitest.resilience.config.ts']);
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) return isSkipped(entry.name) ? [] : files(full);
        return /\.(c|m)?(t|j)sx?$/.test(entry.name) && !(dir === ROOT && testConfigs.has(entry.name)) ? [full] : [];
      });
    // process.env, process['env'], `const { env } = process` and node:process's env all read it.
    const readsEnvironment = (text: string) =>
      /\bprocess\s*(\?\.|\.)\s*env\b|\bprocess\s*\[\s*['"`]env['"`]\s*\]|\{[^}]*\benv\b[^}]*\}\s*=\s*process\b|\benv\b[^;]*from\s+['"](node:)?process['"]/.test(
        text,
      );
    const sources = files(ROOT);
    expect(sources.length).toBeGreaterThan(100);
    const readers = sources.filter((file) => readsEnvironment(readFileSync(file, 'utf8'))).map((file) => file.slice(ROOT.length + 1));
    expect(readers).toEqual(['server/config.ts']);
    // The scan sees each way of reading it, so a new reader cannot slip past it.
    for (const reader of ['process.env.PORT', "process['env']", 'const { env } = process;', "import { env } from 'node:process';"])
      expect(readsEnvironment(reader), reader).toBe(true);
    expect(readsEnvironment('const environment = options.env;')).toBe(false);
  });
});

describe("the site's public address", () => {
  let dist: string;
  beforeAll(() => (dist = builtWithUrl('https://built.example.org')));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('is SITE_URL when it is set, over the url the build recorded, without a trailing slash', () => {
    expect(readConfig({ SITE_URL: 'https://staging.example.org/', DIST_DIR: dist }).siteUrl).toBe('https://staging.example.org');
    expect(readScriptConfig({ SITE_URL: 'https://staging.example.org/' }).siteUrlSetting).toBe('https://staging.example.org');
    expect(publicSiteUrl('https://staging.example.org', 'https://built.example.org')).toBe('https://staging.example.org');
  });

  it("is site.yaml's url, as the build in DIST_DIR recorded it, when SITE_URL is not set", () => {
    expect(readConfig({ DIST_DIR: dist }).siteUrl).toBe('https://built.example.org');
    expect(readConfig({ SITE_URL: '', DIST_DIR: dist }).siteUrl).toBe('https://built.example.org');
    expect(publicSiteUrl(readScriptConfig({}).siteUrlSetting, 'https://built.example.org/')).toBe('https://built.example.org');
  });

  it("is this site's own site.yaml url for the build when SITE_URL is not set", () => {
    const siteYaml = parse(readFileSync(join(readProjectPaths({ CONTENT_ROOT: ROOT }).contentRoot, 'site/site.yaml'), 'utf8')) as {
      url: string;
    };
    expect(publicSiteUrl(readScriptConfig({}).siteUrlSetting, siteYaml.url)).toBe(siteYaml.url.replace(/\/$/, ''));
  });

  it('is read from a site-model.json parsed once at start, and again once the build changes', () => {
    const file = join(dist, 'site-model.json');
    expect(readConfig({ DIST_DIR: dist }).siteUrl).toBe('https://built.example.org');
    // What the server then serves (readSiteModel) is the same parse, not a second one.
    const parsed = readBuiltModel(file);
    expect(readBuiltModel(file)).toBe(parsed);
    writeFileSync(file, JSON.stringify({ forms: {}, notifications: {}, site: { url: 'https://moved.example.org' } }));
    expect(readBuiltModel(file)).not.toBe(parsed);
    expect(readConfig({ DIST_DIR: dist }).siteUrl).toBe('https://moved.example.org');
    writeFileSync(file, JSON.stringify({ forms: {}, notifications: {}, site: { url: 'https://built.example.org' } }));
  });

  it('stops the start, saying what to do, when neither SITE_URL nor a build names it', () => {
    const empty = mkdtempSync(join(tmpdir(), 'config-no-build-'));
    try {
      expect(() => readConfig({ DIST_DIR: empty })).toThrow(ConfigError);
      expect(() => readConfig({ DIST_DIR: empty })).toThrow(/SITE_URL is not set.*run `npm run build` first, or set SITE_URL/);
      expect(publicSiteUrl(null, undefined)).toBeNull();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('refuses a SITE_URL that is not an http(s) address, for the server and the scripts alike', () => {
    for (const SITE_URL of ['example.com', 'ftp://example.com', 'https://exa mple.com']) {
      expect(problemsOf({ SITE_URL, DIST_DIR: dist })).toEqual([
        `SITE_URL must be the site's public address, such as https://www.example.com, got "${SITE_URL}".`,
      ]);
      expect(() => readScriptConfig({ SITE_URL })).toThrow(ConfigError);
    }
  });

  it('is http://localhost:PORT for the dev server, whatever SITE_URL says', () => {
    const empty = mkdtempSync(join(tmpdir(), 'config-no-build-'));
    try {
      expect(readConfig({ DIST_DIR: empty, PORT: '5199' }, { local: true }).siteUrl).toBe('http://localhost:5199');
      expect(readConfig({ SITE_URL: 'https://example.org', PORT: '5199' }, { local: true }).siteUrl).toBe('http://localhost:5199');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('DIST_DIR and CONTENT_ROOT', () => {
  it('are resolved against the working folder, the same for the server and the scripts', () => {
    const env = { DIST_DIR: 'build/out', CONTENT_ROOT: 'content', SITE_URL: 'https://example.org' };
    const paths = readProjectPaths(env);
    expect(paths).toEqual({ distDir: join(process.cwd(), 'build/out'), contentRoot: join(process.cwd(), 'content') });
    const config = readConfig(env);
    expect({ distDir: config.distDir, contentRoot: config.contentRoot }).toEqual(paths);
    const scripts = readScriptConfig(env);
    expect({ distDir: scripts.distDir, contentRoot: scripts.contentRoot }).toEqual(paths);
    expect(readProjectPaths({})).toEqual({ distDir: join(process.cwd(), 'dist'), contentRoot: process.cwd() });
  });
});

describe('createServer', () => {
  let dir: string;
  let store: LeadStore;
  let server: RunningServer;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'create-server-'));
    mkdirSync(join(dir, 'dist/client'), { recursive: true });
    writeFileSync(join(dir, 'dist/client/index.html'), '<!doctype html><title>Home</title><h1>Home</h1>');
    writeFileSync(join(dir, 'dist/site-model.json'), JSON.stringify({ forms: {}, notifications: {} }));
    const config = readConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: join(dir, 'dist'),
      DATA_DIR: join(dir, 'data'),
      IP_HASH_SALT: 's',
      SITE_URL: 'https://example.org',
    });
    store = createSqliteStore({ file: join(dir, 'leads.sqlite') });
    await store.init();
    server = createServer(config, { store, logger: silentLogger });
    url = `http://127.0.0.1:${await server.listen()}`;
  });

  afterAll(async () => {
    await server.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs in process with the store and logger passed in: pages, the API and the health check, each with the security headers', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/healthz', 200],
      ['/api/nothing', 404],
      ['/missing', 404],
    ] as const) {
      const res = await fetch(url + path);
      expect(res.status, path).toBe(status);
      for (const [name, value] of SECURITY_HEADERS) expect(res.headers.get(name), `${name} on ${path}`).toBe(value);
    }
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
  });

  it('refuses to start without a build, saying how to make one', () => {
    const config = readConfig({ DIST_DIR: join(dir, 'nothing-here'), SITE_URL: 'https://example.org' });
    expect(() => createServer(config, { store, logger: silentLogger })).toThrow(StartError);
    expect(() => createServer(config, { store, logger: silentLogger })).toThrow(
      'The site has not been built yet. Run `npm run build` first.',
    );
  });
});
