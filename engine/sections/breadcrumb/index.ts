import schema from '../../../schemas/sections/breadcrumb.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { Breadcrumb } from './Breadcrumb';

export default defineSection({ type: 'breadcrumb', schema, component: Breadcrumb });
