// axe as the end-to-end tests run it. Only violations are gathered, as axe-core's performance notes
// advise when nothing else is read: no selectors are computed for the elements that pass, which makes
// each run about a quarter faster; every violation is still reported with all its elements.
//
// axe runs in the page itself (`axe.run`, @axe-core/playwright's legacy mode) rather than in parts per
// frame gathered in a blank page opened for each run: that page and a second copy of axe in it were
// half of each run's CPU time. The rules and what they read are the same; what the blank page adds is
// reaching frames of another origin, which no page of the site has. Should one appear, the run fails
// rather than skip it: axe's `frame-tested` check reports a frame it could not enter.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

class SiteAxeBuilder extends AxeBuilder {
  override async analyze(): ReturnType<AxeBuilder['analyze']> {
    const results = await super.analyze();
    const untested = results.incomplete.filter((check) => check.id === 'frame-tested').flatMap((check) => check.nodes);
    if (untested.length > 0)
      throw new Error(`axe could not enter ${untested.length} frame(s): ${untested.map((node) => node.target.join(' ')).join(', ')}`);
    return results;
  }
}

export const axeBuilder = (page: Page) => new SiteAxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();
