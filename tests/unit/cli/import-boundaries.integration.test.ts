// npm run lint keeps the folders' dependencies pointing one way: apps and the server use the engine and
// the contracts; the engine uses neither an app, the server, the tools nor a Node built-in; a contract uses nothing of ours.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it.each([
    ['engine/render/App.tsx', '../../server/app'],
    ['engine/render/App.tsx', '../../apps/admin/inbox-client'],
    ['engine/render/App.tsx', '../../tooling/page-weight'],
    ['engine/content/validate.ts', 'node:crypto'],
    ['engine/render/feed.ts', 'fs'],
    ['engine/content/markdown.ts', 'node:path/posix'],
    ['apps/admin/LeadList.tsx', '../../server/app'],
    ['server/app.ts', '../apps/admin/inbox-client'],
    ['server/app.ts', '../tooling/page-weight'],
    ['contracts/api-contract.ts', '../engine/trim'],
    ['contracts/api-contract.ts', '../server/app'],
  ])('in %s, importing %s fails the lint', async (filePath, target) => {
    expect(await rulesBroken(filePath, `import * as other from '${target}';\nexport const used = other;\n`)).toContain(
      'no-restricted-imports',
    );
  });

  it.each([
    ['server/app.ts', '../contracts/api-contract'],
    ['server/app.ts', '../engine/trim'],
    ['apps/admin/LeadList.tsx', '../../contracts/inbox-contract'],
    ['engine/forms/submit-client.ts', '../../contracts/api-contract'],
    ['tooling/page-weight.ts', '../engine/trim'],
    ['server/app.ts', 'node:crypto'],
    ['tooling/page-weight.ts', 'node:fs'],
  ])('in %s, importing %s passes', async (filePath, target) => {
    expect(await rulesBroken(filePath, `import * as other from '${target}';\nexport const used = other;\n`)).not.toContain(
      'no-restricted-imports',
    );
  });
}, 120_000);
