/** `npm run leads -- add-user | reset-password | remove-user`, run in this process on a real SQLite store. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../server/admin/passwords';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash } from '../../../server/admin/two-step';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { PasswordSource } from '../../../scripts/leads-accounts';
import { leads } from '../../support/run-leads';

const piped = (text: string): PasswordSource => ({ stdin: Readable.from([Buffer.from(text)]), prompt: new PassThrough() });

/** A terminal that types `lines`, one per prompt, and records what was echoed. */
function terminal(lines: string[]): PasswordSource & { shown: () => string } {
  const input = new PassThrough() as PassThrough & { isTTY: boolean; setRawMode: (on: boolean) => void };
  input.isTTY = true;
  input.setRawMode = () => {};
  let shown = '';
  const prompt = new PassThrough();
  prompt.on('data', (chunk: Buffer) => {
    shown += chunk.toString();
    // Types the next answer once its question is on screen, as a person would.
    if (/: $/.test(shown)) input.write(`${lines.shift()}\r`);
  });
  return { stdin: input, prompt, shown: () => shown };
}

// Each command loads the password checker's word lists and hashes at full cost: seconds on a busy machine.
describe('the account commands', { timeout: 20_000 }, () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'leads-accounts-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  async function account(email: string) {
    const store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
    await store.init();
    try {
      return { account: await store.accounts.findAccount(email), audit: await store.audit.list({ limit: 10 }) };
    } finally {
      await store.close();
    }
  }

  it('add-user creates the store if need be and the account, with the password piped in', async () => {
    const result = await leads(
      ['add-user', 'Ann@Example.com', '--password-stdin'],
      { DATA_DIR: dataDir },
      piped('lantern orchard pebble\n'),
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('Added ann@example.com with the roles leads.');
    const { account: found, audit } = await account('ann@example.com');
    expect(await verifyPassword('lantern orchard pebble', found!.passwordHash)).toBe(true);
    expect(audit[0]).toMatchObject({ action: 'account', actor: 'command line', detail: 'account ann@example.com added, roles: leads' });
    expect(found!.roles).toEqual(['leads']);
  });

  it("add-user says where to sign in: SITE_URL, else site.yaml's url as the build recorded it", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'leads-accounts-dist-'));
    try {
      writeFileSync(
        join(dist, 'site-model.json'),
        JSON.stringify({ forms: {}, notifications: {}, site: { url: 'https://built.example.org/' } }),
      );
      const fromBuild = await leads(
        ['add-user', 'bo@example.com', '--password-stdin'],
        { DATA_DIR: dataDir, DIST_DIR: dist },
        piped('lantern orchard pebble\n'),
      );
      expect(fromBuild.stdout).toContain('Sign in at https://built.example.org/admin');
      const fromSetting = await leads(
        ['add-user', 'cy@example.com', '--password-stdin'],
        { DATA_DIR: dataDir, DIST_DIR: dist, SITE_URL: 'https://staging.example.org' },
        piped('lantern orchard pebble\n'),
      );
      expect(fromSetting.stdout).toContain('Sign in at https://staging.example.org/admin');
      const unknown = await leads(
        ['add-user', 'di@example.com', '--password-stdin'],
        { DATA_DIR: dataDir, DIST_DIR: join(dist, 'none') },
        piped('lantern orchard pebble\n'),
      );
      expect(unknown.stdout).toContain('Sign in at /admin on the site');
      expect(unknown.stdout).toContain('SITE_URL is not set');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('asks twice on a terminal without showing the password', async () => {
    const tty = terminal(['walrus quietly juggles kites', 'walrus quietly juggles kites']);
    const result = await leads(['add-user', 'bo@example.com'], { DATA_DIR: dataDir }, tty);
    expect(result.code).toBe(0);
    expect(tty.shown()).toContain('Password for bo@example.com: ');
    expect(tty.shown()).not.toContain('walrus quietly juggles kites');
    expect(await verifyPassword('walrus quietly juggles kites', (await account('bo@example.com')).account!.passwordHash)).toBe(true);
  });

  it('refuses two different answers, a short password, a second account and no terminal, changing nothing', async () => {
    const differ = await leads(
      ['add-user', 'cy@example.com'],
      { DATA_DIR: dataDir },
      terminal(['violet canyon drum', 'saffron glacier mug']),
    );
    expect(differ.code).toBe(1);
    expect(differ.stderr).toContain('The two passwords differ');
    const short = await leads(['add-user', 'cy@example.com', '--password-stdin'], { DATA_DIR: dataDir }, piped('short'));
    expect(short.stderr).toContain('at least 12 characters');
    const blank = await leads(['add-user', 'cy@example.com', '--password-stdin'], { DATA_DIR: dataDir }, piped(' '.repeat(12)));
    expect(blank.stderr).toContain('The password cannot be only spaces. Nothing was changed.');
    const repeated = await leads(['add-user', 'cy@example.com', '--password-stdin'], { DATA_DIR: dataDir }, piped('aaaaaaaaaaaa'));
    expect(repeated.stderr).toContain('This password is too easy to guess. Repeated characters like "aaa" are easy to guess.');
    expect((await account('cy@example.com')).account).toBeNull();

    await leads(['add-user', 'cy@example.com', '--password-stdin'], { DATA_DIR: dataDir }, piped('copper heron whistle'));
    const twice = await leads(['add-user', 'cy@example.com', '--password-stdin'], { DATA_DIR: dataDir }, piped('maple rocket sonnet'));
    expect(twice).toMatchObject({ code: 1 });
    expect(twice.stderr).toContain('already an account for cy@example.com');
    const noTty = await leads(['reset-password', 'cy@example.com'], { DATA_DIR: dataDir }, piped(''));
    expect(noTty.stderr).toContain('--password-stdin');
    expect(await verifyPassword('copper heron whistle', (await account('cy@example.com')).account!.passwordHash)).toBe(true);
  });

  it('reset-password sets the new password and ends every session; remove-user deletes the account', async () => {
    await leads(['add-user', 'di@example.com', '--password-stdin'], { DATA_DIR: dataDir }, piped('amber falcon ladder'));
    const store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
    await store.init();
    await store.accounts.createSession('session-hash', (await store.accounts.findAccount('di@example.com'))!.id);
    await store.close();

    const reset = await leads(
      ['reset-password', 'di@example.com', '--password-stdin'],
      { DATA_DIR: dataDir },
      piped('cobalt meadow thimble'),
    );
    expect(reset.code).toBe(0);
    const after = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
    await after.init();
    expect(await after.accounts.findSession('session-hash', 3600_000)).toBeNull();
    await after.close();
    expect(await verifyPassword('cobalt meadow thimble', (await account('di@example.com')).account!.passwordHash)).toBe(true);

    expect((await leads(['remove-user', 'di@example.com'], { DATA_DIR: dataDir })).code).toBe(0);
    expect((await account('di@example.com')).account).toBeNull();
    const again = await leads(['remove-user', 'di@example.com'], { DATA_DIR: dataDir });
    expect(again).toMatchObject({ code: 1 });
    expect(again.stderr).toContain('There is no account for di@example.com.');
  });

  it('remove-two-step removes the app and recovery codes and ends every session; reset-password says whether two-step stays', async () => {
    await leads(['add-user', 'fi@example.com', '--password-stdin'], { DATA_DIR: dataDir }, piped('velvet compass harbour'));
    await leads(['add-user', 'gu@example.com', '--password-stdin'], { DATA_DIR: dataDir }, piped('saffron kettle meadow'));
    const store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
    await store.init();
    const id = (await store.accounts.findAccount('fi@example.com'))!.id;
    const secret = newTotpSecret();
    await store.accounts.offerTotp(id, secret);
    expect(await store.accounts.confirmTotp(id, secret, 1, newRecoveryCodes().map(recoveryCodeHash))).toBe(true);
    await store.close();
    const sessions = async (...hashes: string[]) => {
      const s = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
      await s.init();
      try {
        for (const hash of hashes) await s.accounts.createSession(hash, id, { twoStepDone: true });
        return {
          live: (await Promise.all(['a', 'b'].map((h) => s.accounts.findSession(h, 3600_000)))).filter(Boolean).length,
          codes: await s.accounts.unusedRecoveryCodes(id),
        };
      } finally {
        await s.close();
      }
    };

    // The password is reset, the app stays: the output says so and names the command that removes it.
    const reset = await leads(
      ['reset-password', 'fi@example.com', '--password-stdin'],
      { DATA_DIR: dataDir },
      piped('cobalt ladder thimble'),
    );
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('npm run leads -- remove-two-step fi@example.com');
    expect((await account('fi@example.com')).account!.totpSecret).toBe(secret);
    expect((await account('fi@example.com')).audit[0]).toMatchObject({
      action: 'account',
      detail: expect.stringContaining('fi@example.com'),
    });
    const plain = await leads(
      ['reset-password', 'gu@example.com', '--password-stdin'],
      { DATA_DIR: dataDir },
      piped('orchid lantern pebble'),
    );
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain('remove-two-step');

    expect(await sessions('a', 'b')).toEqual({ live: 2, codes: 10 });
    const removed = await leads(['remove-two-step', 'FI@example.com'], { DATA_DIR: dataDir });
    expect(removed.code).toBe(0);
    const after = await account('fi@example.com');
    expect(after.account).toMatchObject({ totpSecret: null, totpPending: null });
    expect(await sessions()).toEqual({ live: 0, codes: 0 });
    expect(after.audit[0]).toMatchObject({ actor: 'command line', action: 'two-step', detail: expect.stringContaining('fi@example.com') });
    expect(after.audit[0]!.detail).toContain('2 sessions');

    // Nothing left to remove: nothing changes and nothing more is logged.
    const again = await leads(['remove-two-step', 'fi@example.com'], { DATA_DIR: dataDir });
    expect(again.code).toBe(0);
    expect((await account('fi@example.com')).audit).toHaveLength(after.audit.length);
    expect((await leads(['remove-two-step', 'nobody@example.com'], { DATA_DIR: dataDir })).code).toBe(1);
    expect((await leads(['remove-two-step', 'fi@example.com', '--password-stdin'], { DATA_DIR: dataDir })).code).toBe(1);
  });

  it('require-2fa requires two-step sign-in of one account, and --off lifts it', async () => {
    await leads(['add-user', 'ed@example.com', '--password-stdin'], { DATA_DIR: dataDir }, piped('lantern orchard pebble'));
    const on = await leads(['require-2fa', 'Ed@example.com'], { DATA_DIR: dataDir });
    expect(on.stdout).toContain('Two-step sign-in is now required of ed@example.com');
    expect((await account('ed@example.com')).account!.requireTwoStep).toBe(true);
    expect((await leads(['require-2fa', 'ed@example.com', '--off'], { DATA_DIR: dataDir })).code).toBe(0);
    expect((await account('ed@example.com')).account!.requireTwoStep).toBe(false);
  });

  it('add-user gives the roles named, repeated or as a comma list; set-roles replaces them and audits the change', async () => {
    const added = await leads(
      ['add-user', 'fay@example.com', '--role', 'content', '--role=accounts', '--password-stdin'],
      { DATA_DIR: dataDir },
      piped('lantern orchard pebble'),
    );
    expect(added.stdout).toContain('Added fay@example.com with the roles content, accounts.');
    expect((await account('fay@example.com')).account!.roles).toEqual(['content', 'accounts']);

    const set = await leads(['set-roles', 'Fay@example.com', '--role', 'leads,content'], { DATA_DIR: dataDir });
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toContain('fay@example.com now has the roles leads, content (it had content, accounts)');
    const { account: found, audit } = await account('fay@example.com');
    expect(found!.roles).toEqual(['leads', 'content']);
    expect(audit[0]).toMatchObject({ action: 'account', detail: 'roles of fay@example.com: content, accounts → leads, content' });
  });

  it.each([
    [['set-roles', 'a@example.com'], 'set-roles needs at least one --role'],
    [['set-roles', 'a@example.com', '--role', 'editor'], '"editor" is not a role. The roles are leads, content, accounts.'],
    [['add-user', 'a@example.com', '--role'], '--role needs a role: one of leads, content, accounts.'],
    [['remove-user', 'a@example.com', '--role', 'leads'], 'remove-user takes no role'],
    [['set-roles', 'nobody@example.com', '--role', 'leads'], 'There is no account for nobody@example.com.'],
    [['add-user'], 'add-user needs one e-mail address'],
    [['add-user', 'not-an-address'], '"not-an-address" is not an e-mail address.'],
    [['remove-user', 'a@example.com', '--password-stdin'], 'remove-user takes no password.'],
    [['require-2fa', 'nobody@example.com'], 'There is no account for nobody@example.com.'],
    [['add-user', 'a@example.com', '--password', 'x'], 'Unknown option "--password".'],
  ])('refuses %j with a usage message', async (argv, message) => {
    const result = await leads(argv, { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });
});
