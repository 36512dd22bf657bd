import { useContext } from 'react';
import type { ResolvedBadgeBuilderSection } from '../../content/model';
import { island } from '../../render/island';
import { SiteUrlContext } from '../../render/site-url';
import BadgeBuilderIsland from './BadgeBuilder.island';
import type { SectionProps } from '../SectionFrame';

const Island = island('BadgeBuilder', BadgeBuilderIsland, 'interaction');

/** Hands the island the build's site address, which only the renderer knows (SITE_URL). */
export function BadgeBuilder({ section, index }: SectionProps<ResolvedBadgeBuilderSection>) {
  return <Island section={section} index={index} siteUrl={useContext(SiteUrlContext)} />;
}
