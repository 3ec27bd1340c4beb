// Every locale file of the web app, read for the tests that check translations: by folder (one
// namespace), then by language (en, fr, la_es, pt_br), each as its flattened keys and texts.
const files = import.meta.glob<Record<string, unknown>>('../**/locales/*.json', { eager: true, import: 'default' });

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'object' && child !== null) for (const entry of flatten(child, path)) out.set(...entry);
    else out.set(path, String(child));
  }
  return out;
}

/** Folder of a namespace → language → key → text. */
export function localesByFolder(): Map<string, Map<string, Map<string, string>>> {
  const byFolder = new Map<string, Map<string, Map<string, string>>>();
  for (const [path, resources] of Object.entries(files)) {
    const folder = path.slice(0, path.lastIndexOf('/'));
    const language = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
    if (!byFolder.has(folder)) byFolder.set(folder, new Map());
    byFolder.get(folder)!.set(language, flatten(resources));
  }
  return byFolder;
}
