import { describe, expect, it } from 'vitest';
import { fuzzContext, makeCase, MUTATIONS, replayLine, runCase } from '../../../scripts/content-fuzz';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

// A few hundred seeded edits on every run; `npm run fuzz:content -- --seed N --count M` runs thousands.
const SEED = 20261125;
const COUNT = 150;

describe('a single mistake in any file under site/', () => {
  it(`never breaks the tools: ${COUNT} seeded edits each get problems with a place inside the edited file, in plain words`, () => {
    const context = fuzzContext(readSiteFiles(), readSchemas());
    const failed: string[] = [];
    const kinds = new Set<string>();
    let refused = 0;
    for (let index = 0; index < COUNT; index++) {
      const fuzzCase = makeCase(context.files, SEED, index);
      kinds.add(fuzzCase.kind);
      const { failures, problems } = runCase(context, fuzzCase);
      if (problems.length > 0) refused++;
      if (failures.length > 0) failed.push(`${replayLine(fuzzCase)}\n  ${failures.join('\n  ')}`);
    }
    expect(failed).toEqual([]);
    // The run really edits: every kind of edit is drawn, and most edits are refused.
    expect([...kinds].sort()).toEqual([...MUTATIONS].sort());
    expect(refused).toBeGreaterThan(COUNT / 2);
  }, 120_000);

  it('replays a case exactly from its seed and number', () => {
    const files = readSiteFiles();
    expect(makeCase(files, 7, 42)).toEqual(makeCase(files, 7, 42));
    expect(makeCase(files, 7, 42)).not.toEqual(makeCase(files, 8, 42));
  });
});
