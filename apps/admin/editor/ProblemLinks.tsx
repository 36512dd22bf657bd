// Problems of several files (a publish, links left by a delete), each with a link to edit its file.
import { Link } from 'react-router-dom';
import type { Problem } from '../../../contracts/editor-contract';
import { editHref } from './editor-paths';
import { problemText } from './problems';

export function ProblemLinks({ problems }: { problems: readonly Problem[] }) {
  return (
    <ul className="admin-problems">
      {problems.map((p, i) => (
        <li key={i}>
          <span className="admin-text">{problemText(p)}</span>{' '}
          <Link to={editHref(p.path)}>
            Edit<span className="visually-hidden"> {p.path}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
