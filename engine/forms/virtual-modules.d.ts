declare module 'virtual:form-validators' {
  /** Loads a form's precompiled validation functions (its own chunk), by form id. */
  const loaders: Record<string, () => Promise<Record<string, unknown>>>;
  export default loaders;
}

/** True only in a build made with FORM_MOCK=1: forms answer from a simulated server. */
declare const __FORM_MOCK__: boolean | undefined;

declare module 'virtual:editor-validators' {
  /** Loads the precompiled validation functions of one of the content editor's form schemas (its own chunk), by the schema's hash. */
  const loaders: Record<string, () => Promise<Record<string, unknown>>>;
  export default loaders;
}
