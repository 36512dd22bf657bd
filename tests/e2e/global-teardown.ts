// Runs once after the e2e tests: a browser that could not be installed is said again at the end,
// where the summary is read, so a run without it never looks like a full pass.
import { banner, missingVar, type EngineName } from './engines/programs';

export default function globalTeardown(): void {
  for (const engine of ['firefox', 'webkit'] as EngineName[]) if (process.env[missingVar(engine)]) console.error(banner(engine));
}
