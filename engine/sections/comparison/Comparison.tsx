import type { ComparisonSection } from '../../generated/content';
import { SectionFrame, type SectionProps } from '../SectionFrame';

export function Comparison({ section, index }: SectionProps<ComparisonSection>) {
  const cellClass = (i: number) => (section.columns[i]?.highlight ? 'comparison__highlight' : undefined);
  return (
    <SectionFrame kind="comparison" index={index} section={section}>
      {/* Focusable so keyboard users can scroll the table sideways on narrow screens; named apart
          from the section, whose landmark already carries the heading. */}
      <div className="table-scroll" role="region" aria-label={`${section.title}: comparison table`} tabIndex={0}>
        <table className="comparison">
          <thead>
            <tr>
              <th scope="col">{section.rowHeading}</th>
              {section.columns.map((c, i) => (
                <th scope="col" key={c.label} className={cellClass(i)}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {section.columns.map((c, i) => (
                  <td key={c.label} className={cellClass(i)}>
                    {row.values[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {section.note && <p className="comparison__note">{section.note}</p>}
    </SectionFrame>
  );
}
