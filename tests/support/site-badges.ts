import type { Badges } from '../../engine/content/model';
import { loadModelOrExit } from '../../scripts/load-model';

/** The badges of site/data/badges.yaml, loaded and checked as the build does. */
export function siteBadges(): Badges {
  return loadModelOrExit().badges;
}
