// axe as the end-to-end tests run it. Only violations are gathered, as axe-core's performance notes
// advise when nothing else is read: no selectors are computed for the elements that pass, which makes
// each run about a quarter faster; every violation is still reported with all its elements.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const axeBuilder = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
