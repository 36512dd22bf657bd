import type { TeamSection } from '../../generated/content';
import { LabelList } from '../../ui/lists';
import { SectionFrame, type SectionProps } from '../SectionFrame';

/** "Elena Vasquez" → "EV": the portrait is the person's initials, so no photo files are needed. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return picked.map((w) => w[0]!.toUpperCase()).join('');
}

export function Team({ section, index }: SectionProps<TeamSection>) {
  return (
    <SectionFrame kind="team" index={index} section={section}>
      <ul className="team">
        {section.members.map((member, i) => (
          <li className="card team__member" key={member.name}>
            <span className={`team__portrait team__portrait--${i % 6}`} aria-hidden="true">
              {initials(member.name)}
            </span>
            <h3 className="team__name">{member.name}</h3>
            <p className="team__role">{member.role}</p>
            <p className="team__bio">{member.bio}</p>
            <LabelList labels={member.expertise} className="team__expertise" />
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
