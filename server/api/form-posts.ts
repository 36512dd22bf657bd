import { createHmac, randomBytes } from 'node:crypto';
import canonicalize from 'canonicalize';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { ResolvedFormSection, ResolvedPage, SiteModel } from '../../engine/content/model';
import { FORM_ID_FIELD, FORM_MEDIA_TYPE, SENT_PARAM, sentAddress, valuesFromPost, type PostedForm } from '../../engine/forms/form-post';
import { API_MESSAGES, ERROR_CODES } from '../../contracts/api-contract';
import { buildPayload, HONEYPOT_FIELD } from '../../engine/forms/payload';
import { matchPage } from '../../engine/render/page-routes';
import { parseUrl } from '../../engine/parse-url';
import type { PageAssets } from '../../engine/render/render-page';
import { lazy } from '../lazy';
import { ownHostsOf, sourceOfFormPost } from '../leads/lead-source';
import { noteErrorCode, noteLeadEndpoint, noteRoute } from '../request-route';
import { checkFields } from './form-validation';
import { MAX_BODY_BYTES, NOTICE_MAX_BODY_BYTES } from './json-body';
import { ADDRESS_FIELD, isNoticeForm } from '../../engine/notices/notice-form';
import type { FormTokens } from '../spam/form-token';
import { evidenceParts, readMultipart } from '../notices/multipart';
import type { EvidencePart } from '../notices/evidence';
import { NO_SCRIPT, tokenErrorCode, type Received, type SubmissionEndpoint, type Submissions } from './submissions';

export interface FormPostConfig {
  /** The site as the build saw it: its pages are rendered again to answer a post. */
  model: SiteModel;
  assets: PageAssets;
  siteUrl: string;
  submissions: Submissions;
  /** Keys the idempotency key derived from a post; a random one per process without it. */
  secret?: string;
  now?: () => Date;
  /** The forms' tokens, as the submissions check them: a post's answer and the page it leads to carry a fresh one. */
  formTokens?: FormTokens;
}

export interface FormPosts {
  /** Whether the request is a form post to a page with forms, or the address a sent form leads to. */
  claims: (method: string | undefined, url: string) => boolean;
  /** Answers what `claims` accepts (anything else goes on); `limit` is the API's rate limit, shared by both encodings. */
  handler: (limit: RequestHandler) => RequestHandler;
}

/** While the same post is still being stored (a double click), its twin waits this long between looks. */
const IN_FLIGHT_WAIT_MS = 200;
const IN_FLIGHT_TRIES = 10;
const DAY_MS = 86_400_000;

/** Said at the file field when a post with files comes back: the browser cannot put them back in the form. */
export const FILES_NOT_KEPT = 'Your files were not kept: browsers cannot put chosen files back into a form. Please choose them again.';

const FORBIDDEN = 'This form can only be sent from its own page on this site.\n';

function formsOf(page: ResolvedPage): ResolvedFormSection[] {
  return page.sections.filter((s): s is ResolvedFormSection => s.type === 'form');
}

/** Whether the page at `path` has a form: its answers carry the form token. */
export function pageHasForm(model: SiteModel, path: string): boolean {
  const page = matchPage(model, path);
  return page !== null && page !== undefined && formsOf(page).length > 0;
}

function pathAndQuery(url: string): { path: string; query: URLSearchParams } {
  const at = url.indexOf('?');
  return at === -1
    ? { path: url, query: new URLSearchParams() }
    : { path: url.slice(0, at), query: new URLSearchParams(url.slice(at + 1)) };
}

function hostOf(origin: string): string | null {
  return parseUrl(origin)?.host ?? null;
}

/**
 * A post must come from one of the site's own pages: the browser says so in Sec-Fetch-Site, or
 * (older browsers) in Origin, compared by host as the inbox does, since a proxy may end HTTPS.
 * A post that says neither is refused too: every browser that posts a form sends one of them.
 */
function fromOwnPage(req: Request, siteOrigin: string): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const origin = req.get('origin');
  if (origin === undefined) return false;
  return origin === siteOrigin || hostOf(origin) === req.get('host');
}

function isFormBody(req: Request): boolean {
  const [mediaType = '', ...params] = (req.headers['content-type'] ?? '').split(';').map((s) => s.trim().toLowerCase());
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length);
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  return mediaType === FORM_MEDIA_TYPE && (charset === undefined || charset === 'utf-8') && encoding === 'identity';
}

// The form's bytes as they came (express.raw); a compressed body is refused rather than inflated.
const rawReader = (limit: number) => express.raw({ type: () => true, limit, inflate: false });
const readRaw = rawReader(MAX_BODY_BYTES);
// A page with a complete takedown notice takes its longer address list (json-body.ts).
const readNotice = rawReader(NOTICE_MAX_BODY_BYTES);

function plain(res: Response, status: number, error: string, text: string): void {
  noteErrorCode(res, error);
  res.status(status).set('Cache-Control', 'no-store').type('text/plain').send(text);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Forms posted without script (or before it): the same checks, messages, honeypot, rate limit,
 * idempotency and notifications as the JSON API, answered with the page itself.
 */
export function createFormPosts(config: FormPostConfig): FormPosts {
  const { model, assets, submissions } = config;
  const now = config.now ?? (() => new Date());
  const secret = config.secret ?? randomBytes(32).toString('hex');
  const siteOrigin = parseUrl(config.siteUrl)?.origin ?? '';

  const formPage = (path: string): ResolvedPage | null => {
    const page = matchPage(model, path);
    return page && formsOf(page).length > 0 ? page : null;
  };

  // The page renderer (React and every section) is loaded with the first answer that needs it.
  const renderer = lazy(() => import('../../engine/render/render-page'));

  async function answerPage(res: Response, status: number, page: ResolvedPage, posted: PostedForm): Promise<void> {
    const { renderPage } = renderer.loaded ?? (await renderer.get());
    const { html } = renderPage(model, page.path!, { siteUrl: config.siteUrl, assets, year: now().getFullYear(), posted });
    // It may hold what the visitor typed: never kept by a cache or the browser's history cache.
    res.status(status).set('Cache-Control', 'no-store').type('html').send(html);
  }

  /**
   * The same answers from the same address on the same day are one submission: a double click, a
   * resent post or a reload of the answer stores one lead. Derived, since a prerendered page
   * carries nothing that differs per visitor.
   */
  function keyOf(req: Request, formId: string, payload: Record<string, unknown>): string {
    const day = Math.floor(now().getTime() / DAY_MS);
    const mac = createHmac('sha256', secret).update(canonicalize([formId, req.ip ?? '', day, payload])!);
    return `form-post:${mac.digest('base64url')}`;
  }

  /**
   * A page whose form declares files is posted as multipart/form-data (the form's enctype): read
   * before any other reader, with its own bound (multipart.ts); its text parts are the fields as a
   * form would post them, its file parts the files.
   */
  async function readWithFiles(req: Request, res: Response): Promise<{ params: URLSearchParams; files: FormData } | null> {
    const read = await readMultipart(req);
    if ('form' in read) {
      const params = new URLSearchParams();
      for (const [name, value] of read.form.entries()) if (typeof value === 'string') params.append(name, value);
      return { params, files: read.form };
    }
    if (read.status === 413) res.set('Connection', 'close');
    const error = read.status === 413 ? 'PAYLOAD_TOO_LARGE' : read.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_MULTIPART';
    plain(res, read.status, error, `${read.message}\n`);
    return null;
  }

  async function post(req: Request, res: Response): Promise<void> {
    const page = formPage(req.path)!;
    if (!fromOwnPage(req, siteOrigin)) return plain(res, 403, 'FORBIDDEN', FORBIDDEN);
    const withFiles = formsOf(page).some((s) => s.definition.files) && /^multipart\/form-data\s*;/i.test(req.get('content-type') ?? '');
    if (withFiles) {
      const read = await readWithFiles(req, res);
      if (read) await answerPost(req, res, page, read.params, read.files);
      return;
    }
    if (!isFormBody(req)) return plain(res, 415, 'UNSUPPORTED_MEDIA_TYPE', `Send this form as ${FORM_MEDIA_TYPE}.\n`);
    // Refused by its declared length before a byte is read: express.raw would read off the whole body first.
    const notice = formsOf(page).some((s) => isNoticeForm(s.definition));
    const tooLong = Number(req.headers['content-length'] ?? 0) > (notice ? NOTICE_MAX_BODY_BYTES : MAX_BODY_BYTES);
    const read = notice ? readNotice : readRaw;
    const refused = tooLong ? { type: 'entity.too.large' } : await new Promise<unknown>((done) => read(req, res, done));
    const type = (refused as { type?: string } | undefined)?.type;
    if (type === 'request.aborted') return;
    if (type === 'entity.too.large') return plain(res, 413, 'PAYLOAD_TOO_LARGE', 'What was sent is too long for this form.\n');
    if (refused) return plain(res, 415, 'UNSUPPORTED_MEDIA_TYPE', `Send this form as ${FORM_MEDIA_TYPE}.\n`);
    const params = new URLSearchParams(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '');
    await answerPost(req, res, page, params, null);
  }

  async function answerPost(
    req: Request,
    res: Response,
    page: ResolvedPage,
    params: URLSearchParams,
    files: FormData | null,
  ): Promise<void> {
    const section = formsOf(page).find((s) => s.definition.id === params.get(FORM_ID_FIELD));
    const target = section && submissions.compiled.get(section.definition.id);
    if (!section || !target) return plain(res, 400, 'UNKNOWN_FORM', 'The form sent is not on this page.\n');
    const form = section.definition;
    // From here on the post is a submission to the form's endpoint, and is counted as one.
    noteLeadEndpoint(res, form.submit.endpoint);

    const values = valuesFromPost(form, params);
    // Files are checked with the fields, so one answer names every problem; a browser cannot refill a file input,
    // so a post refused for any reason says so at the field when files had been chosen.
    const parts: EvidencePart[] = files && form.files ? await evidenceParts(files, form.files.name) : [];
    const evidence = form.files ? await submissions.readFiles(target, parts, req) : undefined;
    const fileErrors = evidence && 'errors' in evidence ? evidence.errors : {};
    const chooseAgain = (errors: Record<string, string>) => {
      if (!form.files || !parts.length) return errors;
      const said = errors[form.files.name];
      return { ...errors, [form.files.name]: said ? `${said} ${FILES_NOT_KEPT}` : FILES_NOT_KEPT };
    };
    const errors = { ...checkFields(target, form, values), ...fileErrors };
    if (Object.keys(errors).length > 0) {
      noteErrorCode(res, 'VALIDATION');
      return answerPage(res, 422, page, { formId: form.id, values, errors: chooseAgain(errors) });
    }

    const payload = buildPayload(form, values);
    const trap = params.get(HONEYPOT_FIELD);
    if (trap) payload[HONEYPOT_FIELD] = trap;
    const key = keyOf(req, form.id, payload);
    const endpoint = form.submit.endpoint as SubmissionEndpoint;
    const source = sourceOfFormPost(req.path, req.get('referer'), ownHostsOf(config.siteUrl, req.get('host')));
    // No script ran here, so no proof-of-work step could: a doubtful score is quarantined instead.
    let received: Received = await submissions.receive(endpoint, target, payload, req, key, source, NO_SCRIPT, evidence);
    // The twin of a double click waits for the first to be stored, then is answered as it was.
    for (let i = 0; received.kind === 'refused' && received.status === 409 && i < IN_FLIGHT_TRIES; i++) {
      await sleep(IN_FLIGHT_WAIT_MS);
      received = await submissions.receive(endpoint, target, payload, req, key, source, NO_SCRIPT, evidence);
    }
    // The post's token is spent (or expired): the answer carries the next one, so the form can be sent again.
    if (config.formTokens && received.kind !== 'refused' && received.kind !== 'invalid')
      res.append('Set-Cookie', config.formTokens.issue());
    if (received.kind === 'expired') {
      noteErrorCode(res, ERROR_CODES.formExpired);
      return answerPage(res, 403, page, { formId: form.id, values, errors: chooseAgain({}), failure: API_MESSAGES.formExpired });
    }
    if (received.kind === 'created') {
      if (received.refused) noteErrorCode(res, tokenErrorCode(received.refused));
      // A notice's confirmation shows its addresses by host, which a redirect could not carry: the page is the answer,
      // holding the address list alone of what was typed.
      if (isNoticeForm(form))
        return answerPage(res, 200, page, { formId: form.id, sent: true, values: { [ADDRESS_FIELD]: values[ADDRESS_FIELD] } });
      res.status(303).set('Cache-Control', 'no-store').location(sentAddress(page.path!, form.id)).type('text/plain').send('Sent.\n');
      return;
    }
    // Field messages where a field is named; what the server refused beyond them, as the form's failure message.
    const fieldNames = new Set([...Object.keys(form.fields.properties ?? {}), ...(form.files ? [form.files.name] : [])]);
    const fieldErrors =
      received.kind === 'invalid' ? Object.fromEntries(Object.entries(received.fields).filter(([f]) => fieldNames.has(f))) : {};
    const failure = form.result.failure.text ?? (received.kind === 'refused' ? received.message : API_MESSAGES.invalid);
    noteErrorCode(res, received.kind === 'invalid' ? 'VALIDATION' : received.error);
    if (received.kind === 'refused' && received.retryAfterSeconds !== undefined) res.set('Retry-After', String(received.retryAfterSeconds));
    await answerPage(res, received.kind === 'invalid' ? 422 : received.status, page, {
      formId: form.id,
      values,
      errors: chooseAgain(fieldErrors),
      failure,
    });
  }

  function sent(req: Request, res: Response, next: (err?: unknown) => void): void {
    const page = formPage(req.path);
    const formId = req.query[SENT_PARAM];
    if (!page || typeof formId !== 'string' || !formsOf(page).some((s) => s.definition.id === formId)) return next();
    const fresh = config.formTokens?.renewal(req);
    if (fresh) res.append('Set-Cookie', fresh);
    // What it throws (a renderer that could not be loaded) goes to Express's error handler.
    answerPage(res, 200, page, { formId, sent: true }).catch(next);
  }

  function claims(method: string | undefined, url: string): boolean {
    if (method === 'POST') return formPage(pathAndQuery(url).path) !== null;
    // Asked of every page: one without a query has no `sent` parameter, and nothing is parsed for it.
    if ((method !== 'GET' && method !== 'HEAD') || !url.includes('?')) return false;
    const { path, query } = pathAndQuery(url);
    return query.has(SENT_PARAM) && formPage(path) !== null;
  }

  return {
    claims,
    handler: (limit) => (req, res, next) => {
      if (!claims(req.method, req.originalUrl)) return next();
      if (req.method !== 'POST') {
        noteRoute(res, 'form-sent');
        return sent(req, res, next);
      }
      noteRoute(res, 'form-post');
      limit(req, res, (err?: unknown) => {
        if (err) next(err);
        // post answers every outcome itself; what it throws goes to Express's error handler.
        else void post(req, res).catch(next);
      });
    },
  };
}
