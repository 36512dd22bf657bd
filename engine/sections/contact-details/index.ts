import schema from '../../../schemas/sections/contact-details.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { ContactDetails } from './ContactDetails';

export default defineSection({ type: 'contact-details', schema, component: ContactDetails });
