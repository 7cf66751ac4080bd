/**
 * The data a prerendered page was drawn with, embedded in it as JSON (`<script type="application/json">`,
 * which runs nothing and needs no CSP exception). Shared by the prerenderer and the browser's start-up.
 */
export const PRERENDERED_DATA_ID = 'nutri-prerendered-data';

export interface PrerenderedData {
  /** SWR cache entries: [serialised key, data]. */
  entries: [string, unknown][];
  /** The nutritionist list's shuffle seed the page was drawn with. */
  seed: number;
}

/** The data embedded in this document, or null when the page was not prerendered (or it is unreadable). */
export const readPrerenderedData = (): PrerenderedData | null => {
  const element = document.getElementById(PRERENDERED_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as PrerenderedData;
    return Array.isArray(data.entries) ? data : null;
  } catch {
    return null;
  }
};
