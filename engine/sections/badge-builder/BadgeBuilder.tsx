import { useContext } from 'react';
import type { ResolvedBadgeBuilderSection } from './resolved';
import { island } from '../../render/island';
import { SiteUrlContext } from '../../render/site-url';
import BadgeBuilderView from './BadgeBuilder.island';
import type { SectionProps } from '../SectionFrame';

export const BadgeBuilderIsland = island('BadgeBuilder', BadgeBuilderView, 'interaction');

/** Hands the island the build's site address, which only the renderer knows (SITE_URL). */
export function BadgeBuilder({ section, index }: SectionProps<ResolvedBadgeBuilderSection>) {
  return <BadgeBuilderIsland section={section} index={index} siteUrl={useContext(SiteUrlContext)} />;
}
