import { useEffect, useRef, useState, type ReactNode } from 'react';
import { badgeImagePath, badgeLabel, resolveBadge, type BadgeChoice } from '../../badges/resolve';
import { badgeSnippet } from '../../badges/snippet';
import type { ResolvedBadgeBuilderSection } from './resolved';
import { SectionFrame, type SectionProps } from '../SectionFrame';
import { TickList } from '../../ui/lists';

/** How long the copy button reads "Copied!" (spec 001 §4, §9). */
export const COPIED_MS = 2000;

export interface BadgeBuilderProps extends SectionProps<ResolvedBadgeBuilderSection> {
  /** The site's public address: the snippet is pasted into other sites, so its links are absolute. */
  siteUrl: string;
}

type Part = keyof BadgeChoice;

/** A choice shown as its name and one detail (a price, a size). */
function namedOption(id: string, name: string, meta: ReactNode): { id: string; label: ReactNode } {
  return {
    id,
    label: (
      <>
        <span className="badge-option__name">{name}</span> <span className="badge-option__meta">{meta}</span>
      </>
    ),
  };
}

/**
 * The badge customiser (spec 001 §2 "Badges", §4, §7): type, size and colour as radio groups, a live
 * preview served by /api/badge/…, and the install snippet with a Copy button. The prerendered HTML
 * shows the default badge and its snippet.
 */
export default function BadgeBuilder({ section, index, siteUrl }: BadgeBuilderProps) {
  const { badges, labels } = section;
  const prefix = section.id ?? `badge-builder-${index}`;
  const [choice, setChoice] = useState<BadgeChoice>(
    () => badges.defaults ?? { type: badges.types[0]!.id, size: badges.sizes[0]!.id, color: badges.colors[0]!.id },
  );
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const code = useRef<HTMLElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const found = resolveBadge(badges, choice);
  // Choices only come from the same badges data, so this cannot happen short of a programming error.
  if (!found.ok) throw new Error(found.message);
  const { type, size, color } = found;
  const { snippet } = badgeSnippet(badges, choice, siteUrl);

  const choose = (part: Part, id: string) => setChoice((prev) => ({ ...prev, [part]: id }));

  const copySnippet = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(snippet);
      setCopy('copied');
      timer.current = setTimeout(() => setCopy('idle'), COPIED_MS);
    } catch {
      // No clipboard (an insecure page or a refused permission): select the code for a manual copy.
      const range = document.createRange();
      if (code.current) range.selectNodeContents(code.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setCopy('failed');
    }
  };

  const radios = (part: Part, legend: string, options: { id: string; label: ReactNode }[], className: string) => (
    <fieldset className={`badge-options badge-options--${className}`}>
      <legend className="badge-options__legend">{legend}</legend>
      <div className="badge-options__list">
        {options.map((o) => (
          <label key={o.id} className="badge-option">
            <input
              type="radio"
              name={`${prefix}-${part}`}
              value={o.id}
              checked={choice[part] === o.id}
              onChange={() => choose(part, o.id)}
            />
            <span className="badge-option__body">{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );

  const previewId = `${prefix}-preview-title`;
  const codeId = `${prefix}-code-title`;

  return (
    <SectionFrame kind="badge-builder" index={index} section={section}>
      <div className="badge-builder">
        <div className="badge-builder__options">
          {radios(
            'type',
            labels.type,
            badges.types.map((t) => namedOption(t.id, t.name, t.price)),
            'type',
          )}
          <div className="badge-type-details">
            <p>{type.description}</p>
            <TickList items={type.features} />
          </div>
          {radios(
            'size',
            labels.size,
            badges.sizes.map((s) =>
              namedOption(
                s.id,
                s.name,
                <>
                  {s.width}x{s.height}
                </>,
              ),
            ),
            'size',
          )}
          {radios(
            'color',
            labels.color,
            badges.colors.map((c) => ({
              id: c.id,
              label: (
                <>
                  <span className="badge-swatch" style={{ background: c.hex }} aria-hidden="true" />
                  <span className="badge-option__name">{c.name}</span>
                </>
              ),
            })),
            'color',
          )}
        </div>
        <div className="badge-builder__output">
          <h3 id={previewId} className="badge-builder__heading">
            {labels.preview}
          </h3>
          <figure className="badge-preview">
            <img src={badgeImagePath(choice)} alt={badgeLabel(type)} width={size.width} height={size.height} />
            <figcaption className="badge-preview__caption">
              {type.name} · {size.name} ({size.width}x{size.height}) · {color.name}
            </figcaption>
          </figure>
          <h3 id={codeId} className="badge-builder__heading">
            {labels.code}
          </h3>
          {/* The code wraps rather than scrolls, so every character is visible at any width. */}
          <div className="badge-code" role="region" aria-labelledby={codeId}>
            <pre>
              <code ref={code}>{snippet}</code>
            </pre>
          </div>
          <div className="badge-builder__actions">
            <button type="button" className="button button--primary badge-builder__copy" onClick={() => void copySnippet()}>
              {copy === 'copied' ? labels.copied : labels.copy}
            </button>
            <p className={copy === 'failed' ? 'badge-builder__status' : 'visually-hidden'} role="status">
              {copy === 'copied'
                ? (labels.copiedStatus ?? 'The badge code is on your clipboard.')
                : copy === 'failed'
                  ? (labels.copyFailed ?? 'Your browser did not allow copying. The code is selected: press Ctrl+C (or ⌘+C) to copy it.')
                  : ''}
            </p>
          </div>
          {labels.codeHelp && <p className="badge-builder__help">{labels.codeHelp}</p>}
        </div>
      </div>
    </SectionFrame>
  );
}
