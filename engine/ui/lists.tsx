import { Icon } from './Icon';

/** A link with an optional line under it, as one list item. */
export interface DescribedLink {
  href: string;
  label: string;
  description?: string;
}

/** Links as list items, each followed by its description (in `descriptionClass`) when it has one. */
export function LinkItems({ links, descriptionClass }: { links: readonly DescribedLink[]; descriptionClass: string }) {
  return (
    <>
      {links.map((link) => (
        <li key={link.href + link.label}>
          <a href={link.href}>{link.label}</a>
          {link.description && <span className={descriptionClass}>{link.description}</span>}
        </li>
      ))}
    </>
  );
}

/** Short labels as a list; nothing at all when there are none. */
export function LabelList({ labels, className }: { labels?: readonly string[]; className: string }) {
  if (!labels || labels.length === 0) return null;
  return (
    <ul className={className}>
      {labels.map((label) => (
        <li key={label}>{label}</li>
      ))}
    </ul>
  );
}

/** Points with a check mark before each: features, benefits, what a plan includes. */
export function TickList({ items }: { items: readonly string[] }) {
  return (
    <ul className="ticks">
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={16} />
          {item}
        </li>
      ))}
    </ul>
  );
}
