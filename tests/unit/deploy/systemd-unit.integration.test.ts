// deploy/takedown-site@.service as systemd reads it: `systemd-analyze verify` on an instance of the
// template (port 3001), where systemd is installed, and the settings the operators' docs promise.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const UNIT = join(import.meta.dirname, '../../../deploy/takedown-site@.service');
const text = readFileSync(UNIT, 'utf8');
const settings = text.split('\n').filter((l) => /^[A-Za-z]+=/.test(l));

const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
const noSystemd = analyze.status === 0 ? null : 'systemd-analyze is not installed (Debian: apt-get install -y systemd)';
if (noSystemd) console.warn(`Skipping systemd-analyze verify of deploy/takedown-site@.service: ${noSystemd}`);

describe('the server process unit, deploy/takedown-site@.service', () => {
  it.skipIf(noSystemd !== null)('passes systemd-analyze verify with no warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unit-verify-'));
    try {
      copyFileSync(UNIT, join(dir, 'takedown-site@.service'));
      symlinkSync(join(dir, 'takedown-site@.service'), join(dir, 'takedown-site@3001.service'));
      const r = spawnSync('systemd-analyze', ['verify', join(dir, 'takedown-site@3001.service')], { encoding: 'utf8' });
      // An unknown or misspelt setting is only a warning to systemd (exit 0), so the output must be empty too.
      expect(`${r.stdout}${r.stderr}`).toBe('');
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['restarts on failure', 'Restart=on-failure'],
    ['runs as the unprivileged user takedown', 'User=takedown'],
    ['reads its environment from /etc/takedown.env', 'EnvironmentFile=/etc/takedown.env'],
    ['listens on the port the instance is named after', 'Environment=PORT=%i'],
    ['cannot gain privileges', 'NoNewPrivileges=yes'],
    ['sees the file system read-only', 'ProtectSystem=strict'],
    ['may write its data folder only', 'ReadWritePaths=/srv/takedown/data'],
    ['keeps no capabilities', 'CapabilityBoundingSet='],
  ])('%s (%s)', (_what, line) => {
    expect(settings).toContain(line);
  });
});
