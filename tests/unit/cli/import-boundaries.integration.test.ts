// npm run lint keeps the folders' dependencies pointing one way: apps and the server use the engine and
// the contracts; the engine uses neither an app, the server, the tools nor a Node built-in; a contract uses nothing of ours.
import { readFileSync } from 'node:fs';
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

  describe('in tests', () => {
    // Tests start the server through createServer, as npm start does; the rule names what of server/app no test may take.
    const restricted = async () => {
      const config = (await eslint.calculateConfigForFile('tests/unit/server/example.test.ts')) as {
        rules: Record<string, [unknown, { patterns: Array<{ importNames?: string[] }> }]>;
      };
      return config.rules['no-restricted-imports']![1].patterns.flatMap((p) => p.importNames ?? []);
    };

    it('names the app factory that server/app exports and createServer builds', async () => {
      const names = await restricted();
      expect(names).toHaveLength(1);
      const [name] = names;
      expect(readFileSync('server/app.ts', 'utf8')).toMatch(new RegExp(`^export function ${name}\\(`, 'm'));
      expect(readFileSync('server/create-server.ts', 'utf8')).toMatch(new RegExp(`\\b${name}\\(`));
    });

    it.each([
      [
        'tests/unit/server/example.test.ts',
        (name: string) => `import { ${name} } from '../../../server/app';\nexport const used = ${name};\n`,
      ],
      [
        'tests/unit/server/example.test.ts',
        (name: string) => `import { ${name} as make } from '../../../server/app.ts';\nexport const used = make;\n`,
      ],
      ['tests/unit/server/example.test.ts', () => `import * as app from '../../../server/app';\nexport const used = app;\n`],
      ['tests/e2e/example.spec.ts', (name: string) => `export { ${name} } from '../../server/app';\n`],
    ])('in %s, taking the app factory fails the lint (%#)', async (filePath, code) => {
      const [name] = await restricted();
      expect(await rulesBroken(filePath, code(name!))).toContain('no-restricted-imports');
    });

    it('lets a test import the rest of server/app and start the server through createServer', async () => {
      const code = `import { errorHandler } from '../../../server/app';\nimport { startServer } from './helpers';\nexport const used = [errorHandler, startServer];\n`;
      expect(await rulesBroken('tests/unit/server/example.test.ts', code)).not.toContain('no-restricted-imports');
    });
  });
}, 120_000);
