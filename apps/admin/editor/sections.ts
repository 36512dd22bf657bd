// A page's list of sections, changed without touching the others: each change returns a new list.

export function moveSection<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** A deep copy of section `index`, placed right after it. */
export function duplicateSection<T>(list: readonly T[], index: number): T[] {
  if (index < 0 || index >= list.length) return [...list];
  const next = [...list];
  next.splice(index + 1, 0, structuredClone(list[index]) as T);
  return next;
}

export function removeSection<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** `section` placed at `index` (the end when past it). */
export function insertSection<T>(list: readonly T[], index: number, section: T): T[] {
  const next = [...list];
  next.splice(Math.min(Math.max(index, 0), list.length), 0, section);
  return next;
}

/** What a section's panel is called: its type and its title or heading when it has one. */
export function sectionLabel(section: unknown, index: number): string {
  const s = (section ?? {}) as Record<string, unknown>;
  const type = typeof s.type === 'string' ? s.type : 'section';
  const named = [s.title, s.heading, s.label, s.id].find((v) => typeof v === 'string' && v.trim());
  return `${index + 1}. ${type}${named ? `: ${String(named)}` : ''}`;
}
