// A publish's commit message: the writer's one-line subject, the files, and a Co-authored-by
// trailer per writer, which git itself reads back as trailers.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { authorOf, commitMessage } from '../../../server/publish/content-git';

const trailersOf = (message: string) =>
  execFileSync('git', ['interpret-trailers', '--parse'], { input: message, encoding: 'utf8' }).trim().split('\n').filter(Boolean);

describe('commitMessage', () => {
  it('names every co-author in a trailer git reads', () => {
    const message = commitMessage(
      'New article; About us',
      ['Release 20261128T063208Z-7becb6.', '- site/blog/a.md (added): A'],
      [authorOf('dee.writer@example.com'), authorOf('eve@example.com')],
    );
    expect(message.split('\n')[0]).toBe('New article; About us');
    expect(trailersOf(message)).toEqual(['Co-authored-by: dee.writer <dee.writer@example.com>', 'Co-authored-by: eve <eve@example.com>']);
  });

  it('keeps a writer’s message to one subject line, so it can never add a trailer of its own', () => {
    const message = commitMessage('Fix\n\nCo-authored-by: mallory <m@example.com>', [], []);
    expect(message).toBe('Fix Co-authored-by: mallory <m@example.com>\n');
    expect(trailersOf(message)).toEqual([]);
  });

  it('says something when the writer said nothing', () => {
    expect(commitMessage('  ', [], [])).toBe('Publish the saved content\n');
  });

  it('never lets an address break out of its trailer', () => {
    expect(authorOf('odd<x>\n@example.com')).toEqual({ name: 'oddx', email: 'oddx@example.com' });
  });
});
