import schema from '../../../schemas/sections/team.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Team } from './Team';

export default defineSection({ type: 'team', schema, component: Team });
