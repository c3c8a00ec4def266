/**
 * JSON-LD for the service's HTML pages (schema.org Organization, WebSite and WebAPI), so that
 * the pages pass the structured-data check of the service's own scan (docs page: #standards).
 */
import { type Html, html, unsafeRawHtml } from '#shared/surfaces/http/html';
import { PATHS, SERVICE_NAME, SERVICE_SUMMARY } from './site.ts';

export function serviceJsonLd(baseUrl: string): unknown {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': `${baseUrl}/#organization`,
        name: SERVICE_NAME,
        url: `${baseUrl}/`,
        logo: `${baseUrl}${PATHS.logo}`,
      },
      {
        '@type': 'WebSite',
        '@id': `${baseUrl}/#website`,
        name: SERVICE_NAME,
        url: `${baseUrl}/`,
        publisher: { '@id': `${baseUrl}/#organization` },
      },
      {
        '@type': 'WebAPI',
        name: SERVICE_NAME,
        description: SERVICE_SUMMARY,
        documentation: `${baseUrl}${PATHS.docs}`,
        provider: { '@id': `${baseUrl}/#organization` },
      },
    ],
  };
}

/** The script element; `<` is escaped so no string can close it. */
export function jsonLdScript(baseUrl: string): Html {
  const json = JSON.stringify(serviceJsonLd(baseUrl)).replaceAll('<', '\\u003c');
  const script = unsafeRawHtml(
    json,
    'JSON with every < escaped as \\u003c: nothing in it can end the script',
  );
  return html`<script type="application/ld+json">${script}</script>`;
}

/** The service's logo (`/logo.svg`). */
export function logoSvg(): Html {
  return html`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${SERVICE_NAME}"><rect width="64" height="64" rx="12" fill="#0a6b2d"/><path d="M16 34l10 10 22-24" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/></svg>`;
}
