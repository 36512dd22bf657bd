import { describe, expect, it } from 'vitest';
import { formatAnnotation, outputFormatOf, parsePlace } from '../../../tooling/github-annotations';

describe('GitHub annotations', () => {
  it.each([
    [{ level: 'error' as const, message: 'must be text' }, '::error::must be text'],
    [
      { level: 'error' as const, file: 'site/pages/a.yaml', line: 3, column: 7, message: 'title: must be text' },
      '::error file=site/pages/a.yaml,line=3,col=7::title: must be text',
    ],
    [
      { level: 'notice' as const, file: 'site/a,b.yaml', line: 1, column: 1, title: 'check: links', message: 'known' },
      '::notice file=site/a%2Cb.yaml,line=1,col=1,title=check%3A links::known',
    ],
    // A message that spans lines or holds a percent sign stays one annotation, decoded by the runner.
    [{ level: 'warning' as const, message: '50% off\nsecond line\r' }, '::warning::50%25 off%0Asecond line%0D'],
  ])('formats %j', (annotation, expected) => {
    expect(formatAnnotation(annotation)).toBe(expected);
  });

  it('never lets a message start a second command', () => {
    const line = formatAnnotation({ level: 'error', message: 'x\n::error::injected' });
    expect(line.split('\n')).toHaveLength(1);
  });

  it.each([
    ['site/pages/a.yaml:12:9', { file: 'site/pages/a.yaml', line: 12, column: 9 }],
    ['C:/site/a.yaml:1:2', { file: 'C:/site/a.yaml', line: 1, column: 2 }],
    ['site/pages/a.yaml', null],
  ])('reads the place %s', (place, expected) => {
    expect(parsePlace(place)).toEqual(expected);
  });

  it.each([
    [[], 'text'],
    [['--format', 'github'], 'github'],
    [['--built', '--format=github'], 'github'],
    [['--format', 'text'], 'text'],
  ])('reads %j as the %s format', (argv, expected) => {
    expect(outputFormatOf(argv)).toBe(expected);
  });

  it.each([[['--format', 'xml']], [['--format']]])('refuses %j', (argv) => {
    expect(() => outputFormatOf(argv)).toThrow(/--format must be "text" or "github"/);
  });
});
