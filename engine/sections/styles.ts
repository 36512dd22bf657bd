// Every section type's styles (engine/sections/<type>/styles.css), in the order of their folders'
// names: the browser build bundles them between the site's foundation and its header, footer and forms.
import.meta.glob('./*/styles.css', { eager: true });
