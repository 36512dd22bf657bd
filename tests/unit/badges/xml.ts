/**
 * A small well-formedness check for the SVG we generate (no DOMParser in Node): balanced tags,
 * one root, quoted attributes without duplicates, and only valid entity references.
 * It is deliberately strict about the subset we emit, not a general XML parser.
 */
const NAME = '[A-Za-z_][\\w.:-]*';
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const TAG = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}="[^"<]*")*)\\s*(/?)>`);
const ATTR = new RegExp(`(${NAME})="([^"<]*)"`, 'g');

function checkText(text: string, where: string): void {
  if (text.replace(ENTITY, '').includes('&')) throw new Error(`Bare "&" in ${where}: ${text}`);
  if (text.includes('>') && where === 'an attribute') throw new Error(`">" in an attribute: ${text}`);
}

export function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (text.trim() && stack.length === 0) throw new Error(`Text outside the root element: ${text}`);
    checkText(text, 'text');
    if (text.includes('>')) throw new Error(`Unescaped ">" in text: ${text}`);
    if (lt === -1) break;
    const match = TAG.exec(xml.slice(lt));
    if (!match) throw new Error(`Malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`);
    const [whole, closing, name, attrs, selfClosing] = match;
    const seen = new Set<string>();
    for (const [, attr, value] of attrs!.matchAll(ATTR)) {
      if (seen.has(attr!)) throw new Error(`Attribute ${attr} twice on <${name}>`);
      seen.add(attr!);
      checkText(value!, 'an attribute');
    }
    if (closing) {
      if (attrs || selfClosing) throw new Error(`Closing tag with attributes: ${whole}`);
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else {
      if (stack.length === 0 && ++roots > 1) throw new Error('More than one root element');
      if (!selfClosing) stack.push(name!);
    }
    i = lt + whole!.length;
  }
  if (stack.length) throw new Error(`Unclosed elements: ${stack.join(' > ')}`);
  if (roots !== 1) throw new Error('No root element');
}
