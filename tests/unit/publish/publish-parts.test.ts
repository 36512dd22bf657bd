import { existsSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authorOf } from '../../../server/publish/content-git';
import { editorProblem, pointerOf } from '../../../server/publish/problems';
import { isReleaseId, newReleaseId, releaseFolders } from '../../../server/publish/release-folders';

describe('a publish’s parts', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('addresses a problem’s field by JSON Pointer, in the words npm run validate prints', () => {
    expect(pointerOf('')).toBe('');
    expect(pointerOf('sections[3].plans[1].price')).toBe('/sections/3/plans/1/price');
    expect(pointerOf('meta.a/b~c')).toBe('/meta/a~1b~0c');
    expect(editorProblem({ file: 'site/pages/about.yaml', line: 2, column: 7, path: 'path', message: 'must start with "/"' })).toEqual({
      path: 'site/pages/about.yaml',
      pointer: '/path',
      line: 2,
      column: 7,
      message: 'path: must start with "/"',
    });
  });

  it('names a commit’s author from the account’s address, with nothing git would misread', () => {
    expect(authorOf('cy.writer@example.com')).toEqual({ name: 'cy.writer', email: 'cy.writer@example.com' });
    expect(authorOf('a<b>\n@example.com')).toEqual({ name: 'ab', email: 'ab@example.com' });
  });

  it('gives releases ids that are folder names and nothing else', () => {
    const id = newReleaseId(new Date('2026-11-26T17:01:02.345Z'));
    expect(id).toMatch(/^20261126T170102Z-[0-9a-f]{6}$/);
    expect(isReleaseId(id)).toBe(true);
    for (const bad of ['../20261126T170102Z-abcdef', '20261126T170102Z-abcdef/..', 'current', '.building-20261126T170102Z-abcdef', ''])
      expect(isReleaseId(bad), bad).toBe(false);
  });

  it('counts a folder as a release only once it is finished, and points current at the live one', () => {
    const root = mkdtempSync(join(tmpdir(), 'releases-'));
    dirs.push(root);
    const folders = releaseFolders(root);
    const id = newReleaseId(new Date());
    const building = folders.startBuild(id);
    mkdirSync(join(building, 'client'), { recursive: true });
    writeFileSync(join(building, 'client', 'index.html'), 'page');
    expect(folders.list()).toEqual([]);
    folders.finish(building, { id, publishedAt: new Date().toISOString(), by: 'cy@example.com' });
    expect(folders.list()).toEqual([id]);
    expect(folders.isComplete(id)).toBe(true);
    // A folder with a release's name but no record (a copy stopped half way) is not one.
    mkdirSync(join(root, '20990101T000000Z-abcdef'));
    expect(folders.list()).toEqual([id]);
    folders.pointCurrentAt(id);
    expect(readlinkSync(join(root, 'current'))).toBe(id);
    // The next build clears what an earlier one left half-written.
    mkdirSync(join(root, '.building-20990101T000001Z-abcdef'));
    folders.startBuild(newReleaseId(new Date()));
    expect(folders.list()).toEqual([id]);
    expect(existsSync(join(root, '.building-20990101T000001Z-abcdef'))).toBe(false);
  });
});
