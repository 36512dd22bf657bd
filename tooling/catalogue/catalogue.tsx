// The section catalogue at /_catalogue, served by `npm run dev` only: every section type with its
// description, its fields, its example rendered by the real component, and the example's YAML.
import { renderToString } from 'react-dom/server';
import { stringify } from 'yaml';
import type { LookUp, SharedContent } from '../../engine/content/load-site';
import { factSources, withFacts } from '../../engine/content/resolve-facts';
import { listedArticles } from '../../engine/content/articles';
import { resolveSection } from '../../engine/content/load-site';
import type { SiteModel } from '../../engine/content/model';
import { sectionReferences } from '../../engine/content/references';
import { describeFields, type FieldHelp } from './schema-help';
import type { SchemaSet } from '../../engine/content/schema-set';
import type { Section } from '../../engine/generated/content';
import { IslandCollector, IslandContext } from '../../engine/render/island';
import { PageScripts, type PageAssets } from '../../engine/render/render-page';
import { SiteUrlContext } from '../../engine/render/site-url';
import { RenderSection, SECTION_REGISTRY, SECTIONS } from '../../engine/sections/registry';

/** One section type as the catalogue shows it. */
export interface CatalogueEntry {
  type: string;
  title: string;
  description: string;
  fields: FieldHelp[];
  /** The schema's first example, as written in the schema. */
  example?: Section;
  /** The example as lines to paste under a page's `sections:`. */
  yaml?: string;
}

/** Every section type a writer may use (engine/sections/<type>/), in alphabetical order, with what a writer needs to use it. */
export function catalogueEntries(schemas: SchemaSet): CatalogueEntry[] {
  return SECTIONS.filter((entry) => entry.schema.readOnly !== true).map(({ type, schema, example }) => ({
    type,
    title: schema.title || type,
    description: schema.description ?? '',
    fields: describeFields(schemas, `sections/${type}.schema.json`),
    example,
    yaml: example ? exampleYaml(example) : undefined,
  }));
}

/** A section as a list entry indented to sit under `sections:`, the way every page writes them. */
export function exampleYaml(example: object): string {
  const list = stringify([example], { lineWidth: 0 });
  return list
    .trimEnd()
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

/**
 * What the site gives every section (badges, the consent notice, the price catalogue), from the
 * model. Examples state no FAQ page counts, so none are counted.
 */
export function sharedContentOf(model: SiteModel): SharedContent {
  return {
    badges: model.badges,
    consent: model.site.consent,
    facts: factSources(model.pricing, [], new Map()),
    articles: listedArticles(model.articles),
  };
}

/** The files the model keeps by id, for the kinds sections point at (engine/content/references.ts). */
export function lookUpIn(model: SiteModel): LookUp {
  return (kind, id) => (kind === 'faq-set' ? model.faqSets[id] : kind === 'form' ? model.forms[id] : undefined);
}

export interface CatalogueOptions {
  siteUrl: string;
  assets: PageAssets;
}

/** The catalogue page as a complete HTML document. */
export function renderCatalogue(model: SiteModel, schemas: SchemaSet, options: CatalogueOptions): string {
  const entries = catalogueEntries(schemas);
  const references = sectionReferences(schemas);
  const shared = sharedContentOf(model);
  const lookUp = lookUpIn(model);
  const collector = new IslandCollector();
  const body = renderToString(
    <IslandContext.Provider value={collector}>
      <SiteUrlContext.Provider value={options.siteUrl}>
        <html lang={model.site.language}>
          <head>
            <meta charSet="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="robots" content="noindex" />
            <title>{`Section catalogue · ${model.site.name}`}</title>
            {options.assets.stylesheets.map((href) => (
              <link key={href} rel="stylesheet" href={href} />
            ))}
          </head>
          <body className="catalogue">
            <header className="catalogue__banner">
              <div className="container">
                <p className="catalogue__kicker">Only in npm run dev</p>
                <h1 className="catalogue__title">Section catalogue</h1>
                <p>
                  Every kind of section a page can list under <code>sections:</code>, with its fields, an example as it looks on the site,
                  and the same example in YAML to copy into a page.
                </p>
              </div>
            </header>
            <main id="main" className="container catalogue__main">
              <nav aria-labelledby="catalogue-types" className="catalogue__toc">
                <h2 id="catalogue-types">Section types</h2>
                <ul>
                  {entries.map((e) => (
                    <li key={e.type}>
                      <a href={`#type-${e.type}`}>
                        <code>{e.type}</code>
                      </a>{' '}
                      {e.title}
                    </li>
                  ))}
                </ul>
              </nav>
              <section aria-labelledby="catalogue-sources" className="catalogue__sources">
                <h2 id="catalogue-sources">Where does a sentence live?</h2>
                <p>
                  Open a page from this list to see, above each of its sections, the <code>file:line:column</code> that declares it. Add{' '}
                  <code>?sources</code> to any address of the dev server for the same.
                </p>
                <details>
                  <summary>Every page, with where each section is declared ({model.pages.length} pages)</summary>
                  <ul className="catalogue__pages">
                    {model.pages.map((p) => (
                      <li key={p.file}>
                        <a href={`${p.path}?sources`}>{p.path}</a> <span className="catalogue__file">{p.file}</span>
                      </li>
                    ))}
                  </ul>
                </details>
              </section>
              {entries.map((entry, i) => (
                <CatalogueItem key={entry.type} entry={entry} index={i} shared={shared} lookUp={lookUp} references={references} />
              ))}
            </main>
            <PageScripts collector={collector} assets={options.assets} />
          </body>
        </html>
      </SiteUrlContext.Provider>
    </IslandContext.Provider>,
  );
  return `<!DOCTYPE html>${body}`;
}

interface ItemProps {
  entry: CatalogueEntry;
  index: number;
  shared: SharedContent;
  lookUp: LookUp;
  references: ReturnType<typeof sectionReferences>;
}

function CatalogueItem({ entry, index, shared, lookUp, references }: ItemProps) {
  const { type, title, description, fields, example, yaml } = entry;
  const id = `type-${type}`;
  const known = type in SECTION_REGISTRY;
  // Placeholders in an example show the catalogue's figures, as on a page.
  const resolved =
    example && known ? resolveSection(withFacts(example, shared.facts) as unknown as Section, references, lookUp, shared) : undefined;
  return (
    <article id={id} aria-labelledby={`${id}-title`} className="catalogue-entry">
      <h2 id={`${id}-title`}>
        <code>{type}</code> <span className="catalogue-entry__title">{title}</span>
      </h2>
      {description && <p className="catalogue-entry__description">{description}</p>}
      <h3>Fields</h3>
      <FieldList fields={fields} />
      {yaml && (
        <>
          <h3 id={`${id}-yaml-title`}>YAML to copy</h3>
          <p>
            Paste it under a page&apos;s <code>sections:</code>, then change the words.
          </p>
          <div className="copy-block">
            {/* Shown by the copy script; without JavaScript the text below stays selectable. */}
            <button type="button" className="button button--secondary copy-block__button" data-copy={`${id}-yaml`} hidden>
              Copy <span className="visually-hidden">the {type} example</span>
            </button>
            <p className="copy-block__status" role="status" data-copy-status={`${id}-yaml`} />
            <pre id={`${id}-yaml`} className="copy-block__code" tabIndex={0} aria-labelledby={`${id}-yaml-title`}>
              <code>{yaml}</code>
            </pre>
          </div>
        </>
      )}
      {/* Last: an example's own headings (a hero's h1) would break the outline of anything after it. */}
      <h3>As it looks on a page</h3>
      {!example && <p className="catalogue-entry__note">This section type has no example in its schema yet.</p>}
      {resolved && resolved.missing.length > 0 && (
        <p className="catalogue-entry__note">
          The example names {resolved.missing.map(({ ref, id }) => `${ref.noun} "${id}"`).join(' and ')}, which the site does not have, so
          it is not shown.
        </p>
      )}
      {resolved && resolved.missing.length === 0 && (
        <div className="catalogue-entry__example" data-example={type}>
          <RenderSection section={resolved.resolved} index={index} />
        </div>
      )}
    </article>
  );
}

function FieldList({ fields }: { fields: FieldHelp[] }) {
  return (
    <ul className="catalogue-fields">
      {fields.map((f) => (
        <li key={f.name}>
          <code className="catalogue-fields__name">{f.name}</code> <span className="catalogue-fields__type">{f.type}</span>{' '}
          <span className={f.required ? 'catalogue-fields__required' : 'catalogue-fields__optional'}>
            {f.required ? 'required' : 'optional'}
          </span>
          {f.description && <p className="catalogue-fields__description">{f.description}</p>}
          {f.fields.length > 0 && <FieldList fields={f.fields} />}
        </li>
      ))}
    </ul>
  );
}
