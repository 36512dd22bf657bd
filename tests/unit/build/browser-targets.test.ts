import { describe, expect, it } from 'vitest';
import { buildTargets } from '../../../scripts/browser-targets';

describe('buildTargets', () => {
  it("turns package.json's support list into the oldest version of each engine", () => {
    expect(buildTargets()).toEqual(['chrome120', 'edge120', 'firefox128', 'ios17.0', 'safari17.0']);
  });

  it('starts a range at its first version and takes the oldest version of an engine listed twice', () => {
    expect(buildTargets(['ios_saf >= 16.4', 'firefox >= 130', 'and_ff >= 128', 'firefox 128'])).toEqual(['firefox128', 'ios16.4']);
  });

  it('leaves Samsung Internet to the Chrome target, and refuses a browser it has no target for', () => {
    expect(buildTargets(['samsung >= 25', 'chrome >= 121'])).toEqual(['chrome121']);
    expect(() => buildTargets(['op_mini all'])).toThrow(/op_mini, which the build has no target for/);
  });
});
