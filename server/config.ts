import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { UPLOAD_TIMEOUT_MS } from '../contracts/evidence-contract';
import { parseUrl } from '../engine/parse-url';
import { chooseStore } from './store/store-choice';
import type { NotifyConfig } from './notify/config';
import { DELIVERY_TIMEOUT_MS, isPlainAddress } from './notify/config';
import { REMINDER_SWEEP_MS } from './notify/reminders';
import { DEFAULT_LEASE_MS, DEFAULT_RETRY, type RetryPolicy } from './notify/worker';
import { DEFAULT_SPAM_WEIGHTS, SPAM_CODES, type SpamCode, type SpamWeights } from './spam/signals';
import { DEFAULT_FORM_MIN_FILL_MS, DEFAULT_FORM_TOKEN_LIFETIME_MS, type FormTokenSettings } from './spam/form-token';

/**
 * The one place the environment is read. Every variable the server, the dev server and the
 * scripts take is named in VARIABLES (docs/operators/configuration.md lists exactly these; a
 * test checks it); each is read and checked once at start, and a malformed value stops the start
 * with a message naming the variable and what it expects.
 */
export const VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DIST_DIR',
  'CONTENT_ROOT',
  'SITE_URL',
  'TRUST_PROXY',
  'IP_HASH_SALT',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_WINDOW_MS',
  'SIGN_IN_RATE_LIMIT_MAX',
  'SEARCH_RATE_LIMIT_MAX',
  'INBOX_REQUIRE_2FA',
  'HEADERS_TIMEOUT_MS',
  'REQUEST_TIMEOUT_MS',
  'UPLOAD_TIMEOUT_MS',
  'KEEP_ALIVE_TIMEOUT_MS',
  'LOG_LEVEL',
  'METRICS_PORT',
  'INBOUND_SMTP_PORT',
  'INBOUND_SMTP_HOST',
  'METRICS_HOST',
  'SMTP_URL',
  'MAIL_FROM',
  'REPLY_DOMAIN',
  'LEADS_EMAIL_TO',
  'WEBHOOK_URL',
  'WEBHOOK_SECRET',
  'WEBHOOK_ALLOW_HTTP',
  'NOTIFY_RETRY_BASE_MS',
  'NOTIFY_RETRY_MAX_MS',
  'NOTIFY_POLL_MS',
  'NOTIFY_LEASE_MS',
  'REMINDER_SWEEP_MS',
  'RELEASES_DIR',
  'RELEASES_KEEP',
  'RELEASE_POLL_MS',
  'PUBLISH_GIT_REMOTE',
  'PAGE_VIEWS',
  'PAGE_VIEWS_FLUSH_MS',
  'SPAM_QUARANTINE_SCORE',
  'SPAM_WEIGHTS',
  'SPAM_MAIL_CHECK',
  'SPAM_CLASSIFIER_MIN_MARKS',
  'SPAM_CLASSIFIER_WEIGHT',
  'QUARANTINE_RETENTION_DAYS',
  'SPAM_CHALLENGE_SCORE',
  'ALTCHA_HMAC_KEY',
  'FORM_TOKENS',
  'FORM_TOKEN_LIFETIME',
  'FORM_MIN_FILL_SECONDS',
  'FORM_MOCK',
  'CLAMD_SOCKET',
] as const;

export type Variable = (typeof VARIABLES)[number];
export type Env = Partial<Record<Variable, string>>;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Requests per client address on /api: 30 a minute. */
export const DEFAULT_RATE_LIMIT = { windowMs: 60_000, max: 30 } as const;
/** Searches per address per minute: a person typing (the page waits for a pause before it asks) is far below it. */
export const DEFAULT_SEARCH_RATE_LIMIT = { windowMs: 60_000, max: 60 } as const;
/** Sign-ins per address per minute: a team signing in is far below it, a guessing script far above. */
export const DEFAULT_SIGN_IN_RATE_LIMIT = { windowMs: 60_000, max: 20 } as const;

/**
 * How long a client may take, in milliseconds. Sized for a visitor on a slow phone network: the
 * headers of a request are a few hundred bytes, and the largest body the API reads (64 KB) takes
 * about 10 s at 50 kbit/s. A client slower than that is holding a connection, not sending a lead.
 */
export interface ServerTimeouts {
  /** Until the request's headers are complete (Node's default is 60 s). */
  headersTimeoutMs: number;
  /** Until the whole request, body included, has arrived (Node's default is 300 s). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open for the next request. */
  keepAliveTimeoutMs: number;
  /**
   * Until a request with files (a POST of multipart/form-data: a takedown notice with its evidence,
   * up to 51 MB) has arrived; every other request keeps requestTimeoutMs. Unset: requestTimeoutMs for all.
   */
  uploadTimeoutMs?: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  // 10 minutes: 51 MB at about 700 kbit/s, what the form's own page waits for too (contracts/evidence-contract.ts).
  uploadTimeoutMs: UPLOAD_TIMEOUT_MS,
};

export interface ServerConfig {
  port: number;
  host: string;
  /** Where leads.sqlite lives when there is no DATABASE_URL. */
  dataDir: string;
  /** The build: dist/client and site-model.json. */
  distDir: string;
  /** The folder holding site/, which the content editor opens and saves (CONTENT_ROOT, else the working folder). */
  contentRoot: string;
  /** The content's JSON Schemas (schemas/ of the working folder), which the editor's forms and checks use. */
  schemasDir: string;
  /** A postgresql:// address (checked), or null for SQLite in dataDir. */
  databaseUrl: string | null;
  /** The public address, no trailing slash: SITE_URL, else site.yaml's url as the build in distDir recorded it (publicSiteUrl). */
  siteUrl: string;
  /** Behind exactly one reverse proxy: `req.ip` is the visitor's address. */
  trustProxy: boolean;
  logLevel: LogLevel;
  /** Key for the address hashes stored with leads; random per start when IP_HASH_SALT is unset (see warnings). */
  ipHashSalt: string;
  rateLimit: { max: number; windowMs: number };
  signInRateLimit: { max: number; windowMs: number };
  /** Searches (`GET /search?q=`) per address per minute. */
  searchRateLimit: { max: number; windowMs: number };
  requireTwoStep: boolean;
  timeouts: ServerTimeouts;
  /** Prometheus metrics on their own port; null when METRICS_PORT is unset. */
  metrics: { port: number; host: string } | null;
  /** The SMTP listener for visitors' answers to the team's replies; null when INBOUND_SMTP_PORT is unset. */
  inbound: { port: number; host: string } | null;
  notify: NotifyConfig;
  retry: RetryPolicy;
  notifyPollMs: number;
  /** How long a process holds a notification it is sending; after a crash, the wait before it is sent again. */
  notifyLeaseMs: number;
  /** How often overdue leads and the morning digest are looked for. */
  reminderSweepMs: number;
  publish: PublishConfig;
  /** Page views counted in memory and added to the store every flushMs; null when PAGE_VIEWS=off. */
  pageViews: { flushMs: number } | null;
  /** How leads are scored as likely spam and how long the quarantined ones are kept; null when SPAM_QUARANTINE_SCORE=off. */
  spam: SpamConfig | null;
  /** Signed form tokens and the least time to fill a form; null when FORM_TOKENS=off. */
  formTokens: FormTokenSettings | null;
  /** CLAMD_SOCKET: ClamAV's daemon, which scans each evidence file before it is stored; null when unset (no scan). */
  clamd: { socket: string; timeoutMs: number } | null;
  /** Said once at start, after the configuration was accepted. */
  warnings: string[];
}

export interface SpamConfig {
  /** SPAM_QUARANTINE_SCORE: a lead scoring this much or more is quarantined. */
  threshold: number;
  /** SPAM_WEIGHTS: the points each signal adds (DEFAULT_SPAM_WEIGHTS for those it does not name). */
  weights: SpamWeights;
  /** SPAM_MAIL_CHECK: ask DNS whether the visitor's e-mail domain receives mail. */
  mailCheck: boolean;
  /** QUARANTINE_RETENTION_DAYS: quarantined leads never released are erased after this many days. */
  retentionDays: number;
  /** The proof-of-work step for a doubtful score; null when SPAM_CHALLENGE_SCORE=off. */
  challenge: ChallengeConfig | null;
  /** SPAM_CLASSIFIER_MIN_MARKS: the filter the team trains only advises until it has seen this many marks of each kind. */
  classifierMinMarks: number;
  /** SPAM_CLASSIFIER_WEIGHT: the points the filter adds once it votes, when sure (0: it never votes). */
  classifierWeight: number;
}

export interface ChallengeConfig {
  /** SPAM_CHALLENGE_SCORE: a score at or above this and below the quarantine threshold takes the step. */
  score: number;
  /** ALTCHA_HMAC_KEY, else derived from IP_HASH_SALT (random per process when neither is set): signs each challenge. */
  hmacKey: string;
}

/**
 * A lead is quarantined at 5 points and takes the proof-of-work step from 3; one never released is
 * erased after 30 days. The filter the team trains votes after 200 marks of each kind
 * (SpamAssassin's rule), with up to 3 points: sure of itself, it needs one other signal to
 * quarantine a lead.
 */
export const DEFAULT_SPAM = { threshold: 5, challengeScore: 3, retentionDays: 30, classifierMinMarks: 200, classifierWeight: 5 } as const;

/** SPAM_WEIGHTS: `code=points` pairs separated by commas; every code not named keeps its default. */
export function readSpamWeights(value: string | undefined): SpamWeights {
  const weights: SpamWeights = { ...DEFAULT_SPAM_WEIGHTS };
  for (const pair of (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [code, points, ...rest] = pair.split('=').map((p) => p.trim());
    if (!(SPAM_CODES as readonly string[]).includes(code!))
      throw new Error(`SPAM_WEIGHTS names "${code}", which is none of ${SPAM_CODES.join(', ')}.`);
    const n = Number(points);
    if (rest.length || points === '' || !Number.isFinite(n) || n < 0 || n > 100)
      throw new Error(`SPAM_WEIGHTS must give ${code} a number of points from 0 to 100, as ${code}=2.`);
    weights[code as SpamCode] = n;
  }
  return weights;
}

function readSpam(env: Env, positive: (name: Variable, fallback: number) => number, problems: string[]): SpamConfig | null {
  const score = env.SPAM_QUARANTINE_SCORE?.trim().toLowerCase();
  const mail = env.SPAM_MAIL_CHECK?.trim().toLowerCase() || 'on';
  if (!['on', 'off', '1', '0'].includes(mail)) problems.push(`SPAM_MAIL_CHECK must be on or off, got "${env.SPAM_MAIL_CHECK}".`);
  let weights: SpamWeights = DEFAULT_SPAM_WEIGHTS;
  try {
    weights = readSpamWeights(env.SPAM_WEIGHTS);
  } catch (err) {
    problems.push((err as Error).message);
  }
  const retentionDays = positive('QUARANTINE_RETENTION_DAYS', DEFAULT_SPAM.retentionDays);
  const classifierMinMarks = positive('SPAM_CLASSIFIER_MIN_MARKS', DEFAULT_SPAM.classifierMinMarks);
  const weight = env.SPAM_CLASSIFIER_WEIGHT?.trim();
  const classifierWeight = weight ? Number(weight) : DEFAULT_SPAM.classifierWeight;
  if (!Number.isFinite(classifierWeight) || classifierWeight < 0 || classifierWeight > 100)
    problems.push(`SPAM_CLASSIFIER_WEIGHT must be a number of points from 0 to 100, got "${env.SPAM_CLASSIFIER_WEIGHT}".`);
  if (score === 'off') return null;
  const threshold = score ? Number(score) : DEFAULT_SPAM.threshold;
  if (!Number.isFinite(threshold) || threshold <= 0)
    problems.push(`SPAM_QUARANTINE_SCORE must be a number above 0, or off, got "${env.SPAM_QUARANTINE_SCORE}".`);
  return {
    threshold,
    weights,
    mailCheck: mail === 'on' || mail === '1',
    retentionDays,
    challenge: readChallenge(env, threshold, problems),
    classifierMinMarks,
    classifierWeight,
  };
}

/** SPAM_CHALLENGE_SCORE: a number above 0 and below the quarantine threshold, or off; the default unless it is set. */
function readChallenge(env: Env, threshold: number, problems: string[]): ChallengeConfig | null {
  const value = env.SPAM_CHALLENGE_SCORE?.trim().toLowerCase();
  if (value === 'off') return null;
  const score = value ? Number(value) : DEFAULT_SPAM.challengeScore;
  if (value && (!Number.isFinite(score) || score <= 0 || score >= threshold))
    problems.push(
      `SPAM_CHALLENGE_SCORE must be a number above 0 and below SPAM_QUARANTINE_SCORE (${threshold}), or off, got "${env.SPAM_CHALLENGE_SCORE}".`,
    );
  // With a lower quarantine threshold and no setting of its own, the default band is empty: no step.
  if (!value && score >= threshold) return null;
  // Derived rather than used as is: the address-hash key never signs anything a browser sees.
  const base = env.ALTCHA_HMAC_KEY?.trim() || (env.IP_HASH_SALT ? `ip-hash-salt:${env.IP_HASH_SALT}` : null);
  const hmacKey = base ? createHmac('sha256', base).update('altcha').digest('hex') : randomBytes(32).toString('hex');
  return { score, hmacKey };
}

/** FORM_TOKENS, FORM_TOKEN_LIFETIME (seconds) and FORM_MIN_FILL_SECONDS. */
function readFormTokens(env: Env, positive: (name: Variable, fallback: number) => number, problems: string[]): FormTokenSettings | null {
  const setting = env.FORM_TOKENS?.trim().toLowerCase() || 'on';
  if (!['on', 'off', '1', '0'].includes(setting)) problems.push(`FORM_TOKENS must be on or off, got "${env.FORM_TOKENS}".`);
  const lifetimeMs = positive('FORM_TOKEN_LIFETIME', DEFAULT_FORM_TOKEN_LIFETIME_MS / 1000) * 1000;
  const fill = env.FORM_MIN_FILL_SECONDS?.trim();
  const minFill = fill ? Number(fill) : DEFAULT_FORM_MIN_FILL_MS / 1000;
  if (!Number.isFinite(minFill) || minFill < 0 || minFill > 600)
    problems.push(`FORM_MIN_FILL_SECONDS must be a number of seconds from 0 to 600, got "${env.FORM_MIN_FILL_SECONDS}".`);
  else if (minFill * 1000 >= lifetimeMs) problems.push('FORM_MIN_FILL_SECONDS must be shorter than FORM_TOKEN_LIFETIME.');
  if (setting === 'off' || setting === '0') return null;
  return { lifetimeMs, minFillMs: minFill * 1000 };
}

/** Publishing from the content editor (npm start): where releases go, how many stay, how processes follow. */
export interface PublishConfig {
  /** RELEASES_DIR: one folder per release, and `current`, a link to the live one. */
  releasesDir: string;
  /** RELEASES_KEEP: releases kept to roll back to, besides the live one. */
  keep: number;
  /** RELEASE_POLL_MS: how often each process asks the store which release is live. */
  pollMs: number;
  /** PUBLISH_GIT_REMOTE: a git remote (name or address) each publish's commit is pushed to; none when unset. */
  gitRemote: string | null;
}

/** Ten releases to roll back to; every three seconds each process checks which one is live. */
export const DEFAULT_PUBLISH = { keep: 10, pollMs: 3_000 } as const;

/** What stops a start: every malformed variable, one message each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

type DeepReadonly<T> = { readonly [K in keyof T]: T[K] extends object ? DeepReadonly<T[K]> : T[K] };
export type Config = DeepReadonly<ServerConfig>;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A scan that takes longer than this (30 s: clamd reads 10 MB in well under a second) refuses the file as failed. */
export const CLAMD_TIMEOUT_MS = 30_000;

/** CLAMD_SOCKET: the absolute path of clamd's LocalSocket, or unset for no scan. */
export function readClamd(value: string | undefined, problems: string[]): ServerConfig['clamd'] {
  if (value === undefined || value === '') return null;
  if (!isAbsolute(value)) {
    problems.push(`CLAMD_SOCKET must be the absolute path of clamd's LocalSocket, got "${value}".`);
    return null;
  }
  return { socket: value, timeoutMs: CLAMD_TIMEOUT_MS };
}

export function readLogLevel(value: string | undefined, fallback: LogLevel = 'info'): LogLevel {
  if (value === undefined || value === '') return fallback;
  const level = value.trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}".`);
  return level as LogLevel;
}

const TIMEOUT_VARIABLES = {
  headersTimeoutMs: 'HEADERS_TIMEOUT_MS',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  keepAliveTimeoutMs: 'KEEP_ALIVE_TIMEOUT_MS',
  uploadTimeoutMs: 'UPLOAD_TIMEOUT_MS',
} as const satisfies Record<keyof ServerTimeouts, Variable>;

/** The timeouts from HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS and KEEP_ALIVE_TIMEOUT_MS; throws a message naming the bad one. */
export function readTimeouts(env: Env): ServerTimeouts {
  const timeouts = { ...DEFAULT_TIMEOUTS };
  for (const [key, name] of Object.entries(TIMEOUT_VARIABLES) as Array<[keyof ServerTimeouts, Variable]>) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of milliseconds of at least 1, got "${value}".`);
    timeouts[key] = n;
  }
  if (timeouts.headersTimeoutMs > timeouts.requestTimeoutMs) {
    throw new Error(
      `HEADERS_TIMEOUT_MS (${timeouts.headersTimeoutMs}) must not be longer than REQUEST_TIMEOUT_MS (${timeouts.requestTimeoutMs}): the headers are part of the request.`,
    );
  }
  if (timeouts.uploadTimeoutMs !== undefined && timeouts.uploadTimeoutMs < timeouts.requestTimeoutMs) {
    throw new Error(
      `UPLOAD_TIMEOUT_MS (${timeouts.uploadTimeoutMs}) must not be shorter than REQUEST_TIMEOUT_MS (${timeouts.requestTimeoutMs}): a request with files is the longest a visitor sends.`,
    );
  }
  return timeouts;
}

const blank = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** localhost, 127.0.0.0/8 or ::1: a call that never leaves the machine. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** What is wrong with WEBHOOK_URL, or null: signed lead data goes over https, unless it stays on this machine or is allowed. */
function webhookUrlProblem(url: string, allowHttp: boolean): string | null {
  const parsed = /^https?:\/\/\S+$/i.test(url) ? parseUrl(url) : null;
  if (!parsed) return 'WEBHOOK_URL must be an https:// address.';
  const { protocol, hostname } = parsed;
  if (protocol === 'https:' || isLoopback(hostname) || allowHttp) return null;
  return (
    `WEBHOOK_URL is http://, which would send every lead's name, e-mail and message unencrypted to ${hostname}. ` +
    'Use an https:// address, or set WEBHOOK_ALLOW_HTTP=1 if that network is trusted.'
  );
}

/** Where notifications go (SMTP_URL … WEBHOOK_ALLOW_HTTP); every problem is named, none of them echoes a secret. */
export function readNotifyConfig(env: Env): { config: NotifyConfig; problems: string[] } {
  const problems: string[] = [];
  const smtpUrl = blank(env.SMTP_URL);
  if (smtpUrl && !/^smtps?:\/\/[^/\s]+/i.test(smtpUrl))
    problems.push('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465.');
  const mailFrom = blank(env.MAIL_FROM);
  if (mailFrom && !isPlainAddress(mailFrom)) problems.push(`MAIL_FROM must be one e-mail address, such as leads@example.com.`);
  if (smtpUrl && !mailFrom) problems.push('MAIL_FROM is needed with SMTP_URL: it is the From address of every e-mail.');
  const replyDomain = blank(env.REPLY_DOMAIN)?.toLowerCase() ?? null;
  if (replyDomain && !isPlainAddress(`reply@${replyDomain}`))
    problems.push('REPLY_DOMAIN must be a domain name, such as replies.example.com: answers go to reply+<token>@ it.');
  const leadsEmailTo = (env.LEADS_EMAIL_TO ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const badRecipients = leadsEmailTo.filter((a) => !isPlainAddress(a));
  if (badRecipients.length)
    problems.push(`LEADS_EMAIL_TO must be e-mail addresses separated by commas; these are not: ${badRecipients.join(', ')}.`);
  const webhookUrl = blank(env.WEBHOOK_URL);
  const webhookProblem = webhookUrl ? webhookUrlProblem(webhookUrl, env.WEBHOOK_ALLOW_HTTP?.trim() === '1') : null;
  if (webhookProblem) problems.push(webhookProblem);
  const webhookSecret = blank(env.WEBHOOK_SECRET);
  if (webhookUrl && !webhookSecret)
    problems.push('WEBHOOK_SECRET is needed with WEBHOOK_URL, so receivers can check each call came from us (a whsec_… secret).');
  if (webhookSecret && !/^whsec_[A-Za-z0-9+/=]{16,}$/.test(webhookSecret))
    problems.push('WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ followed by base64.');
  return { config: { smtpUrl, mailFrom, replyDomain, leadsEmailTo, webhookUrl, webhookSecret }, problems };
}

/** DATA_DIR, DATABASE_URL and DIST_DIR: what the server and `npm run leads` open. */
export function readStorePaths(env: Env): { dataDir: string; databaseUrl: string | null; distDir: string } {
  return {
    dataDir: resolve(env.DATA_DIR ?? './data'),
    // An empty DATABASE_URL= line in an env file means "not set", not "connect to nothing".
    databaseUrl: blank(env.DATABASE_URL),
    distDir: readProjectPaths(env).distDir,
  };
}

/**
 * The build's and the content's folders, for the server and the scripts alike: DIST_DIR (default
 * dist) and CONTENT_ROOT (default .), both taken from the working folder when relative.
 */
export function readProjectPaths(env: Env = process.env as Env): { distDir: string; contentRoot: string } {
  return { distDir: resolve(env.DIST_DIR ?? 'dist'), contentRoot: resolve(env.CONTENT_ROOT ?? '.') };
}

/** SITE_URL as set, checked and without a trailing slash, or null when it is not set. */
export function readSiteUrlSetting(env: Env): string | null {
  const setting = blank(env.SITE_URL);
  if (setting === null) return null;
  if (!/^https?:\/\/\S+$/i.test(setting) || !parseUrl(setting))
    throw new Error(`SITE_URL must be the site's public address, such as https://www.example.com, got "${env.SITE_URL}".`);
  return setting.replace(/\/$/, '');
}

/**
 * The site's public address, one rule for the build, the server and the scripts: SITE_URL when it
 * is set, else the `url` of site.yaml (which the build records in site-model.json). Null only when
 * neither is known, such as a script run before the first build.
 */
export function publicSiteUrl(setting: string | null, siteYamlUrl: string): string;
export function publicSiteUrl(setting: string | null, siteYamlUrl: string | undefined): string | null;
export function publicSiteUrl(setting: string | null, siteYamlUrl: string | undefined): string | null {
  const url = setting ?? blank(siteYamlUrl);
  return url === null ? null : url.replace(/\/$/, '');
}

let lastModelRead: { file: string; mtimeMs: number; size: number; model: unknown } | undefined;

/**
 * A build's site-model.json, parsed; throws when it cannot be read or parsed. The last one read is
 * kept (by its path, time and size), so a start parses the deployed build's model once: here for
 * the site's url, and again in readSiteModel (server/create-server.ts) for what is served.
 */
export function readBuiltModel(file: string): unknown {
  const { mtimeMs, size } = statSync(file);
  const last = lastModelRead;
  if (last && last.file === file && last.mtimeMs === mtimeMs && last.size === size) return last.model;
  const model = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  lastModelRead = { file, mtimeMs, size, model };
  return model;
}

/** The url of site.yaml as the build in distDir recorded it, or undefined when there is no such build. */
export function builtSiteUrl(distDir: string): string | undefined {
  const file = join(distDir, 'site-model.json');
  if (!existsSync(file)) return undefined;
  try {
    const url = (readBuiltModel(file) as { site?: { url?: unknown } } | null)?.site?.url;
    return typeof url === 'string' ? url : undefined;
  } catch {
    // An unreadable build is reported where it is served (readSiteModel); here it simply names no url.
    return undefined;
  }
}

/** What the scripts (the build, `npm run leads`, the checks) take from the environment, read and checked once. */
export interface ScriptConfig {
  dataDir: string;
  databaseUrl: string | null;
  distDir: string;
  contentRoot: string;
  /** SITE_URL as set, or null: publicSiteUrl applies the rule with site.yaml's url. */
  siteUrlSetting: string | null;
  /** SMTP_URL … WEBHOOK_ALLOW_HTTP with their problems, for `npm run leads -- test-notify`. */
  notify: { config: NotifyConfig; problems: string[] };
  /** FORM_MOCK=1: the browser build's forms answer from a simulated server (a demonstration build). */
  formMock: boolean;
}

/** The scripts' configuration; throws a ConfigError naming every malformed variable they use. */
export function readScriptConfig(env: Env = process.env as Env): ScriptConfig {
  const problems: string[] = [];
  let siteUrlSetting: string | null = null;
  try {
    siteUrlSetting = readSiteUrlSetting(env);
  } catch (err) {
    problems.push((err as Error).message);
  }
  const { dataDir, databaseUrl } = readStorePaths(env);
  if (problems.length) throw new ConfigError(problems);
  return { dataDir, databaseUrl, ...readProjectPaths(env), siteUrlSetting, notify: readNotifyConfig(env), formMock: env.FORM_MOCK === '1' };
}

/** Vite's `define` for the browser code: __FORM_MOCK__ as FORM_MOCK says (engine/forms/FormSection.island.tsx). */
export function formMockDefine(config: Pick<ScriptConfig, 'formMock'>): Record<string, string> {
  return { __FORM_MOCK__: JSON.stringify(config.formMock) };
}

/**
 * A copy of this process's environment for the child processes it starts (the build, git, the
 * test runners), which read their own settings from it.
 */
export function environmentForChildren(): NodeJS.ProcessEnv {
  return { ...process.env };
}

const isOn = (value: string | undefined) => value === '1' || value === 'true';

/** How often each process adds its page-view counts to the store. */
export const DEFAULT_PAGE_VIEWS_FLUSH_MS = 5_000;

function readPageViews(value: string | undefined, flushMs: () => number, problems: string[]): { flushMs: number } | null {
  const setting = value?.trim().toLowerCase() || 'on';
  if (setting === 'off' || setting === '0') return null;
  if (setting !== 'on' && setting !== '1') problems.push(`PAGE_VIEWS must be on or off, got "${value}".`);
  return { flushMs: flushMs() };
}

/**
 * Reads and checks the server's whole configuration; throws a ConfigError naming every malformed
 * variable. `defaultPort` is 3000 for `npm start` and 5173 for `npm run dev`; `local` (npm run dev)
 * serves the site at http://localhost:PORT, whatever SITE_URL says.
 */
export function readConfig(env: Env = process.env as Env, options: { defaultPort?: number; local?: boolean } = {}): Config {
  const problems: string[] = [];
  const attempt = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (err) {
      problems.push((err as Error).message);
      return fallback;
    }
  };
  const port = (name: Variable, value: string | undefined): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 65535) problems.push(`${name} must be a number from 0 to 65535, got "${value}".`);
    return n;
  };
  const positive = (name: Variable, fallback: number): number => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) problems.push(`${name} must be a whole number of at least 1, got "${value}".`);
    return n;
  };

  const publicPort = port('PORT', env.PORT ?? String(options.defaultPort ?? 3000));
  const metricsPort = env.METRICS_PORT ? port('METRICS_PORT', env.METRICS_PORT) : null;
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === publicPort)
    problems.push('METRICS_PORT must differ from PORT: metrics are never served on the public port.');
  const inboundPort = env.INBOUND_SMTP_PORT ? port('INBOUND_SMTP_PORT', env.INBOUND_SMTP_PORT) : null;
  if (inboundPort !== null && inboundPort !== 0 && (inboundPort === publicPort || inboundPort === metricsPort))
    problems.push('INBOUND_SMTP_PORT must differ from PORT and METRICS_PORT.');
  const logLevel = attempt(() => readLogLevel(env.LOG_LEVEL), 'info');
  const timeouts = attempt(() => readTimeouts(env), DEFAULT_TIMEOUTS);
  const { dataDir, databaseUrl, distDir } = readStorePaths(env);
  attempt(() => chooseStore({ databaseUrl, dataDir }), null);
  const notify = readNotifyConfig(env);
  problems.push(...notify.problems);
  const siteUrlSetting = attempt(() => readSiteUrlSetting(env), null);
  // Without SITE_URL, the url of site.yaml the deployed build (DIST_DIR) was made with.
  const siteUrl = options.local ? `http://localhost:${publicPort}` : publicSiteUrl(siteUrlSetting, builtSiteUrl(distDir));
  if (siteUrl === null && !problems.some((p) => p.startsWith('SITE_URL')))
    problems.push(
      `SITE_URL is not set and ${join(distDir, 'site-model.json')} holds no site url to use: run \`npm run build\` first, or set SITE_URL.`,
    );
  const trustProxy = isOn(env.TRUST_PROXY);
  const config: ServerConfig = {
    port: publicPort,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    distDir,
    contentRoot: readProjectPaths(env).contentRoot,
    schemasDir: resolve('schemas'),
    databaseUrl,
    // Never empty once returned: a null address is a problem above, which stops the start.
    siteUrl: siteUrl ?? '',
    trustProxy,
    logLevel,
    ipHashSalt: env.IP_HASH_SALT || randomBytes(32).toString('hex'),
    rateLimit: {
      max: positive('RATE_LIMIT_MAX', DEFAULT_RATE_LIMIT.max),
      windowMs: positive('RATE_LIMIT_WINDOW_MS', DEFAULT_RATE_LIMIT.windowMs),
    },
    signInRateLimit: {
      max: positive('SIGN_IN_RATE_LIMIT_MAX', DEFAULT_SIGN_IN_RATE_LIMIT.max),
      windowMs: DEFAULT_SIGN_IN_RATE_LIMIT.windowMs,
    },
    searchRateLimit: {
      max: positive('SEARCH_RATE_LIMIT_MAX', DEFAULT_SEARCH_RATE_LIMIT.max),
      windowMs: DEFAULT_SEARCH_RATE_LIMIT.windowMs,
    },
    requireTwoStep: isOn(env.INBOX_REQUIRE_2FA),
    timeouts,
    metrics: metricsPort === null ? null : { port: metricsPort, host: env.METRICS_HOST ?? '127.0.0.1' },
    inbound: inboundPort === null ? null : { port: inboundPort, host: env.INBOUND_SMTP_HOST ?? '127.0.0.1' },
    notify: notify.config,
    retry: {
      baseMs: positive('NOTIFY_RETRY_BASE_MS', DEFAULT_RETRY.baseMs),
      maxMs: positive('NOTIFY_RETRY_MAX_MS', DEFAULT_RETRY.maxMs),
      giveUpAfterMs: DEFAULT_RETRY.giveUpAfterMs,
    },
    notifyPollMs: positive('NOTIFY_POLL_MS', 1_000),
    notifyLeaseMs: positive('NOTIFY_LEASE_MS', DEFAULT_LEASE_MS),
    reminderSweepMs: positive('REMINDER_SWEEP_MS', REMINDER_SWEEP_MS),
    publish: {
      releasesDir: resolve(env.RELEASES_DIR ?? join(dataDir, 'releases')),
      keep: positive('RELEASES_KEEP', DEFAULT_PUBLISH.keep),
      pollMs: positive('RELEASE_POLL_MS', DEFAULT_PUBLISH.pollMs),
      gitRemote: blank(env.PUBLISH_GIT_REMOTE),
    },
    pageViews: readPageViews(env.PAGE_VIEWS, () => positive('PAGE_VIEWS_FLUSH_MS', DEFAULT_PAGE_VIEWS_FLUSH_MS), problems),
    spam: readSpam(env, positive, problems),
    formTokens: readFormTokens(env, positive, problems),
    clamd: readClamd(env.CLAMD_SOCKET, problems),
    warnings: [],
  };
  if (problems.length) throw new ConfigError(problems);
  // A per-process key still lets abuse be traced within one run, without storing reversible address hashes.
  if (!env.IP_HASH_SALT)
    config.warnings.push(
      config.formTokens
        ? 'IP_HASH_SALT is not set; using a random key, so address hashes will not match across restarts, and a form token signed by another process or before a restart is refused: set it wherever more than one process serves the site.'
        : 'IP_HASH_SALT is not set; using a random key, so address hashes will not match across restarts.',
    );
  // Another process, or this one after a restart, cannot check a challenge signed with a random key: that answer is quarantined.
  if (config.spam?.challenge && !env.ALTCHA_HMAC_KEY?.trim() && !env.IP_HASH_SALT)
    config.warnings.push(
      'Neither ALTCHA_HMAC_KEY nor IP_HASH_SALT is set; proof-of-work challenges are signed with a random key, so one answered after a restart or to another process is quarantined.',
    );
  // A send may take up to the delivery timeout; a lease that ends first lets another worker send it again.
  if (config.notifyLeaseMs < 2 * DELIVERY_TIMEOUT_MS)
    config.warnings.push(
      `NOTIFY_LEASE_MS is ${config.notifyLeaseMs}: below ${2 * DELIVERY_TIMEOUT_MS} ms, a notification to a slow mail server or webhook can be sent twice.`,
    );
  // Rules with their own recipients still send; everything else would reach nobody.
  if (notify.config.smtpUrl && notify.config.leadsEmailTo.length === 0)
    config.warnings.push('LEADS_EMAIL_TO is empty: leads that no rule with its own `to` matches are e-mailed to nobody.');
  return deepFreeze(config);
}
