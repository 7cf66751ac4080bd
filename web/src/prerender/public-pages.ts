/**
 * The public pages that are prerendered (docs/product.md#public-site): what a visitor from a search or a
 * shared link lands on. Forms that only make sense with JavaScript (sign-in, the questionnaire) and every
 * signed-in page stay with the app.
 */
import { matchPattern } from '../lib/match-pattern';
import { paths } from '../paths';

const CONTENT_AREA = 'src/app/areas/content.ts';
const FORMS_AREA = 'src/app/areas/public-forms.ts';
/** The home page's chunk; its sections below the first screen are one more, which the page requests itself. */
const HOME = 'src/app/areas/home.ts';

/** Each prerendered page with the module (vite manifest key) whose chunk and styles it needs. */
export const PRERENDERED_PAGES: readonly { pattern: string; module: string }[] = [
  { pattern: paths.home.pattern, module: HOME },
  { pattern: paths.nutritionists.list.pattern, module: CONTENT_AREA },
  { pattern: paths.nutritionists.profile.pattern, module: CONTENT_AREA },
  { pattern: paths.blog.list.pattern, module: CONTENT_AREA },
  { pattern: paths.blog.article.pattern, module: CONTENT_AREA },
  { pattern: paths.faq.pattern, module: CONTENT_AREA },
  { pattern: paths.about.pattern, module: CONTENT_AREA },
  { pattern: paths.contact.pattern, module: FORMS_AREA },
  { pattern: paths.joinTeam.pattern, module: FORMS_AREA },
  { pattern: paths.privacyGoogleCalendar.pattern, module: CONTENT_AREA },
  { pattern: paths.termsGoogleCalendar.pattern, module: CONTENT_AREA },
];

export const prerenderedPageOf = (pathname: string) =>
  PRERENDERED_PAGES.find(({ pattern }) => matchPattern(pattern, pathname) !== null) ?? null;

export const isPrerenderedPath = (pathname: string) => prerenderedPageOf(pathname) !== null;

/** The parts of vite's build manifest (dist/.vite/manifest.json) read here. */
export type BuildManifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/**
 * A page's own chunk: its styles (the page must look right before any script runs) and its scripts (fetched
 * with the entry, for a quick take-over). Files the entry already loads are left out.
 */
export const pageAssets = (
  manifest: BuildManifest,
  module: string,
): { styles: string[]; scripts: string[] } => {
  const entry = Object.values(manifest).find((chunk) => 'isEntry' in chunk && chunk.isEntry);
  const skip = new Set<string>();
  const markEntry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || skip.has(chunk.file)) return;
    skip.add(chunk.file);
    chunk.imports?.forEach(markEntry);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
  if (entryKey) markEntry(entryKey);
  const styles = new Set<string>();
  const scripts = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry's chunks and their styles are in every page already (index.html inlines the styles).
    if (!chunk || scripts.has(chunk.file) || skip.has(chunk.file)) return;
    chunk.css?.forEach((file) => styles.add(file));
    scripts.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(module);
  return { styles: [...styles].map((file) => `/${file}`), scripts: [...scripts].map((file) => `/${file}`) };
};
