import { useContext } from 'react';
import type { Action } from '../generated/content';
import { IslandContext } from '../render/island';
import { Icon } from './Icon';

/** A button from YAML: a link when it has an href, a behaviour when it has an action, else a plain button. */
export function ActionButton({ action }: { action: Action }) {
  // A scripted button is why a page with no island still gets the entry script.
  const collector = useContext(IslandContext);
  if (action.action && !action.href) collector?.actions.add(action.action);
  const className = `button button--${action.variant ?? 'primary'}`;
  const content = (
    <>
      {action.icon && <Icon name={action.icon} size={18} />}
      {action.label}
      {action.context && <span className="visually-hidden"> {action.context}</span>}
    </>
  );
  if (action.href)
    return (
      <a className={className} href={action.href}>
        {content}
      </a>
    );
  // The client entry handles data-action clicks with one delegated listener, so no island is needed.
  if (action.action)
    return (
      <button type="button" className={className} data-action={action.action}>
        {content}
      </button>
    );
  return (
    <button type="button" className={className}>
      {content}
    </button>
  );
}

export function ActionRow({ actions }: { actions?: Action[] }) {
  if (!actions?.length) return null;
  return (
    <div className="action-row">
      {actions.map((a) => (
        <ActionButton key={a.label} action={a} />
      ))}
    </div>
  );
}
