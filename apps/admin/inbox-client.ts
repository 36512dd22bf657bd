// The inbox's calls to its API, typed by the contract. The session cookie is HttpOnly: the browser
// sends it, this code never sees it.
import type { ErrorAnswer } from '../../contracts/api-contract';
import {
  ADMIN_ROUTES,
  HEADERS,
  REQUESTED_WITH,
  filterParams,
  type AuditPage,
  type ConversionReport,
  type InboxSession,
  type LeadChange,
  type LeadDetail,
  type LeadFilter,
  type LeadPage,
  type ReplyRequest,
  type SecondStepRequest,
  type SessionList,
  type SignedOut,
  type SignInRequest,
  type TwoStepConfirmed,
  type TwoStepOffer,
  type TwoStepStatus,
  type ViewCounts,
} from '../../contracts/inbox-contract';

/** Fired on window when any call answers 401: the session has ended, so the app shows the sign-in view. */
export const SIGNED_OUT_EVENT = 'inbox:signed-out';

/** A call the server refused (or could not be made); `message` is fit to show as it is. */
export class InboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'InboxError';
  }
}

const NETWORK_MESSAGE = 'The server could not be reached. Check the connection and try again.';

async function errorFrom(response: Response): Promise<InboxError> {
  let answer: Partial<ErrorAnswer> = {};
  try {
    answer = (await response.json()) as Partial<ErrorAnswer>;
  } catch {
    // Not JSON (a proxy's error page, say): the status line is all there is.
  }
  const message = answer.message || `The server answered with status ${response.status}. Try again in a moment.`;
  return new InboxError(response.status, answer.error ?? `HTTP_${response.status}`, message);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function send(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  // Every call carries the header a cross-site page cannot send without a preflight: changes need it, and so do reads the audit log records.
  const headers: Record<string, string> =
    method === 'GET'
      ? { Accept: 'application/json', [HEADERS.requestedWith]: REQUESTED_WITH }
      : { Accept: 'application/json', 'Content-Type': 'application/json', [HEADERS.requestedWith]: REQUESTED_WITH };
  try {
    return await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    // A request given up on purpose (a newer preview replaced it) is not a network failure.
    if (signal?.aborted) throw err;
    throw new InboxError(0, 'NETWORK', NETWORK_MESSAGE);
  }
}

/** A refused answer as an InboxError; a 401 also tells the app the session has ended. */
export async function refusal(response: Response): Promise<InboxError> {
  if (response.status === 401) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  return errorFrom(response);
}

export async function call<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body);
  if (!response.ok) throw await refusal(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Who is signed in (and which step the session still owes), or (401) that nobody is. */
export async function fetchSession(): Promise<{ session: InboxSession } | { signedOut: SignedOut }> {
  const response = await send('GET', ADMIN_ROUTES.session);
  if (response.status === 401) return { signedOut: (await response.json()) as SignedOut };
  if (!response.ok) throw await errorFrom(response);
  return { session: (await response.json()) as InboxSession };
}

/** Resolves once signed in; a wrong password (401) or a lock-out (429) rejects with the server's words. */
export async function signIn(request: SignInRequest): Promise<void> {
  const response = await send('POST', ADMIN_ROUTES.signIn, request);
  if (!response.ok) throw await errorFrom(response);
}

/** Resolves once the code was right; a wrong or used code (401) or too many tries (429) rejects with the server's words. */
export async function sendSecondStep(request: SecondStepRequest): Promise<void> {
  const response = await send('POST', ADMIN_ROUTES.signInCode, request);
  if (!response.ok) throw await errorFrom(response);
}

export const fetchTwoStep = () => call<TwoStepStatus>('GET', ADMIN_ROUTES.twoStep);
/** The password always; a code from the app in use too when one is set up (to move to a new app). */
export const startTwoStep = (proof: { password: string; code?: string }) => call<TwoStepOffer>('POST', ADMIN_ROUTES.twoStepStart, proof);
export const confirmTwoStep = (code: string) => call<TwoStepConfirmed>('POST', ADMIN_ROUTES.twoStepConfirm, { code });
export const removeTwoStep = (proof: { password: string; code: string }) => call<void>('POST', ADMIN_ROUTES.twoStepRemove, proof);
export const fetchSessions = () => call<SessionList>('GET', ADMIN_ROUTES.sessions);
export const endOtherSessions = () => call<{ ended: number }>('POST', ADMIN_ROUTES.endOtherSessions);

export async function signOut(): Promise<void> {
  const response = await send('POST', ADMIN_ROUTES.signOut);
  // Already signed out is what was asked for.
  if (!response.ok && response.status !== 401) throw await errorFrom(response);
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function fetchLeads(filter: LeadFilter, cursor?: string | null): Promise<LeadPage> {
  const params = filterParams(filter);
  if (cursor) params.set('cursor', cursor);
  return call<LeadPage>('GET', withQuery(ADMIN_ROUTES.leads, params));
}

/** How many leads each saved view holds for the signed-in account. */
export const fetchViewCounts = () => call<ViewCounts>('GET', ADMIN_ROUTES.views);

/** The CSV of the whole filtered view, for a plain download link (its download is sent with Sec-Fetch-Dest: empty, which the export requires). */
export function exportHref(filter: LeadFilter): string {
  return withQuery(ADMIN_ROUTES.export, filterParams(filter));
}

export const fetchLead = (id: string) => call<LeadDetail>('GET', ADMIN_ROUTES.lead(id));
export const changeLead = (id: string, change: LeadChange) => call<LeadDetail>('PATCH', ADMIN_ROUTES.lead(id), change);
export const eraseLead = (id: string) => call<LeadDetail>('DELETE', ADMIN_ROUTES.lead(id));
/** Out of quarantine: the held notifications are sent (once, however often it is asked). */
export const releaseLead = (id: string) => call<LeadDetail>('POST', ADMIN_ROUTES.release(id));
export const addNote = (id: string, body: string) => call<LeadDetail>('POST', ADMIN_ROUTES.notes(id), { body });
export const sendReply = (id: string, reply: ReplyRequest) => call<LeadDetail>('POST', ADMIN_ROUTES.replies(id), reply);

/** The conversion view for a period (?from&to; the last 30 days without them). */
export const fetchConversion = (period: URLSearchParams) => call<ConversionReport>('GET', withQuery(ADMIN_ROUTES.conversion, period));

/** The conversion tables as CSV, for a plain download link. */
export const conversionCsvHref = (period: URLSearchParams) => withQuery(ADMIN_ROUTES.conversionCsv, period);

export function fetchAudit(cursor?: string | null): Promise<AuditPage> {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  return call<AuditPage>('GET', withQuery(ADMIN_ROUTES.audit, params));
}
