// The proof-of-work solver's worker (engine/forms/proof-of-work.ts): altcha-lib's own worker loop
// with the browser's SHA-256, so solving never holds up the page.
import { handler } from 'altcha-lib/workers/shared';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

handler({ deriveKey });
