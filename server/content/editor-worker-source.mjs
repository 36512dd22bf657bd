// Starts the editor's worker from its TypeScript source (npm run dev, the tests): the built server
// starts dist/server/editor-worker.js instead. A worker does not inherit tsx's loader, so it registers it.
import { register } from 'tsx/esm/api';

register();
await import('./editor-worker.ts');
