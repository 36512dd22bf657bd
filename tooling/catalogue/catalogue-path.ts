/** Where `npm run dev` serves the section catalogue; the build never writes it. */
export const CATALOGUE_PATH = '/_catalogue';
