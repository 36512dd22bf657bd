// The section as its component receives it: what the loader adds to the section written in a page.
import type { ConsentNotice, Form, FormSection } from '../../generated/content';

/** A form with the consent notice it shows above its submit button: its own, else the site's. */
export type ResolvedFormSection = FormSection & { definition: Form; consent?: ConsentNotice };
