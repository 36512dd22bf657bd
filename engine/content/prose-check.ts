import { readProse } from './inline-markdown';
import { formatDataPath, type Problem } from './problem';
import { positionInValue, stringScalars, type DataPath, type ParsedFile, type Position, type StringScalar } from './yaml-source';

export interface ProseLinkSource {
  href: string;
  line: number;
  column: number;
  dataPath: string;
}

/** Where an offset of a text's value is in the file: the word there, found among the written value's words. */
function positionAt(file: ParsedFile, scalar: StringScalar, offset: number): Position {
  const token = scalar.value.slice(offset).split(/\s/)[0] || scalar.value.slice(offset, offset + 1);
  let nth = 0;
  for (let at = scalar.value.indexOf(token); at !== -1 && at < offset; at = scalar.value.indexOf(token, at + 1)) nth++;
  return positionInValue(file, scalar, token, nth);
}

/**
 * The prose texts of a file (`isProse`): what Markdown they may not have, refused at its place, and
 * their links, for the link checks.
 */
export function proseInFile(file: ParsedFile, isProse: (path: DataPath) => boolean): { problems: Problem[]; links: ProseLinkSource[] } {
  const problems: Problem[] = [];
  const links: ProseLinkSource[] = [];
  for (const scalar of stringScalars(file)) {
    if (!isProse(scalar.path)) continue;
    const read = readProse(scalar.value);
    const dataPath = formatDataPath(scalar.path);
    for (const issue of read.issues)
      problems.push({ file: file.path, ...positionAt(file, scalar, issue.offset), path: dataPath, message: issue.message });
    for (const link of read.links) links.push({ href: link.href, ...positionAt(file, scalar, link.offset), dataPath });
  }
  return { problems, links };
}
