// negotiator publishes no types; only the call static-files.ts makes is declared.
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The available encodings the request accepts, best first; `preferred` breaks ties in the server's order. */
    encodings(available: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
