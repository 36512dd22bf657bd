// Runs once before the resilience tests: they start the real server on a built site.
import { ensureSiteBuilt } from './site-build';

export default function globalSetup(): void {
  ensureSiteBuilt();
}
