// Runs once before the e2e tests (after Playwright has started the webServer).
import { ensureChromium } from './chromium';
import { ensureBuilt } from './ensure-build';

export default function globalSetup(): void {
  // Workers inherit this, so they launch the browser found or installed here.
  process.env.CHROMIUM_PATH = ensureChromium();
  ensureBuilt();
}
