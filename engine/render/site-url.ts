import { createContext } from 'react';

/**
 * The site's public address (SITE_URL, else site.yaml's url) while a page is rendered, for sections
 * that print absolute links meant for other sites, such as the badge install snippet. Empty outside
 * the renderer.
 */
export const SiteUrlContext = createContext('');
