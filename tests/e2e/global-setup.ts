// Runs once before the e2e tests (after Playwright has started the webServer).
import { ensureChromium } from './chromium';
import { ensureEngines } from './engines/programs';
import { ensureBuilt } from './ensure-build';

export default function globalSetup(): void {
  // Workers inherit these, so they launch the browsers found or installed here.
  process.env.CHROMIUM_PATH = ensureChromium();
  ensureEngines();
  ensureBuilt();
}
