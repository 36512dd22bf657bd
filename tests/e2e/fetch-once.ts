// Raw answers of the built site for specs that read what is served and never change it: each address
// is fetched once per worker, without following redirects, and kept for the worker's later tests.
import { expect, type APIRequestContext } from '@playwright/test';

export interface Answer {
  status: number;
  contentType: string;
  location: string | undefined;
  /** The text of an HTML answer; empty for any other kind (a picture, a feed). */
  body: string;
}

const answers = new Map<string, Answer>();

/** The answer to GET `path`, as the server gave it the first time this worker asked. */
export async function fetchOnce(request: APIRequestContext, path: string): Promise<Answer> {
  const known = answers.get(path);
  if (known) return known;
  const response = await request.get(path, { maxRedirects: 0 });
  const headers = response.headers();
  const contentType = headers['content-type'] ?? '';
  const answer = {
    status: response.status(),
    contentType,
    location: headers.location,
    body: contentType.includes('text/html') ? await response.text() : '',
  };
  answers.set(path, answer);
  return answer;
}

/** A page's HTML, which answers 200. */
export async function htmlOf(request: APIRequestContext, path: string): Promise<string> {
  const answer = await fetchOnce(request, path);
  expect(answer.status, `GET ${path}`).toBe(200);
  return answer.body;
}
