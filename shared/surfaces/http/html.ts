/**
 * HTML escaping, shared by every surface that writes HTML (the public pages, the dashboard's
 * views): one definition of what is safe to put in element content and attribute values.
 */
/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
