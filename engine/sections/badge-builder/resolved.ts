// The section as its component receives it: what the loader adds to the section written in a page.
import type { BadgeBuilderSection, Badges } from '../../generated/content';

/** The badge customiser gets the badges of site/data/badges.yaml, so the page never repeats them. */
export type ResolvedBadgeBuilderSection = BadgeBuilderSection & { badges: Badges };
