// npm run lint refuses a pattern whose time grows faster than its input wherever a request's bytes can reach it.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('the regexp lint rules', () => {
  it.each(['server/static-files.ts', 'engine/render/App.tsx', 'scripts/new.ts'])(
    'in %s, trimming trailing slashes with /\\/+$/ fails the lint',
    async (filePath) => {
      const code = 'export const trim = (path: string): string => path.replace(/\\/+$/, "");\n';
      expect(await rulesBroken(filePath, code)).toContain('regexp/no-super-linear-move');
    },
  );

  it('a pattern that backtracks on itself fails the lint', async () => {
    const code = 'export const email = (text: string): boolean => /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(text);\n';
    expect(await rulesBroken('server/api/example.ts', code)).toContain('regexp/no-super-linear-backtracking');
  });

  it('the linear loop that replaced it passes', async () => {
    const code = "import { trimTrailing } from '../engine/trim';\nexport const trim = (path: string): string => trimTrailing(path, '/');\n";
    expect(await rulesBroken('server/example.ts', code)).toEqual([]);
  });
}, 120_000);
