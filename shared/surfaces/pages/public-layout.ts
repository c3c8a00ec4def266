/**
 * The frame of the public pages people share (a scan's result, its 404): the dashboard's style
 * sheet and header look, plus the few rules these pages add (gauge, pillar bars, finding
 * lists). No script. Long words (URLs, hosts) break anywhere, so a 375 px screen never scrolls
 * sideways (docs/decisions.md, issue 17).
 */
import { DASHBOARD_CSS } from '#shared/surfaces/dashboard/views/styles';
import { type Html, html, unsafeRawHtml } from '#shared/surfaces/http/html';
import { SCAN_BOX_ANCHOR, SCAN_BOX_CSS } from './scan-box.ts';

/** Where a visitor starts a scan of their own site: the home page's scan box, no account needed. */
export const SCAN_YOUR_SITE_PATH = SCAN_BOX_ANCHOR;

const PUBLIC_CSS = `
main,header.top .bar{overflow-wrap:anywhere}
.hero{display:grid;grid-template-columns:minmax(0,15rem) minmax(0,1fr);gap:1rem 2rem;align-items:center;margin:1rem 0}
.gauge{width:100%;max-width:15rem;height:auto;display:block}
.hero p{margin:.4rem 0}
.cta{border:1px solid #0b57d0;border-radius:8px;padding:.8rem 1rem;margin:1.2rem 0;background:#f5f8fe}
.cta p{margin:.3rem 0}
ul.pillars{list-style:none;padding:0;margin:.6rem 0;display:grid;gap:.7rem;max-width:40rem}
ul.pillars li{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:.1rem 1rem}
.pillar-name{font-weight:600}.pillar-figure{color:#333;font-variant-numeric:tabular-nums}
ul.pillars .bar{grid-column:1/-1;height:.7rem;background:#e6e9ee;border-radius:999px;overflow:hidden}
ul.pillars .bar span{display:block;height:100%;border-radius:999px}
ol.fixes{padding-left:1.3rem}ol.fixes li{margin:.5rem 0}
.gain{display:inline-block;border-radius:999px;padding:0 .5rem;font-size:.85rem;background:#e8f4ec;color:#0a6b2d;font-weight:600;white-space:nowrap}
.check{border:1px solid #d5dae1;border-radius:8px;padding:.6rem 1rem;margin:.8rem 0}
.check h3{margin:.2rem 0}
.check ul{padding-left:1.1rem}.check li{margin:.35rem 0}
.standard{display:block;color:#444}
.peers{border-top:1px dashed #d5dae1;margin-top:.5rem;padding-top:.3rem}
.peers p{margin:.2rem 0}.peers ul{list-style:none;padding-left:0;margin:.2rem 0}
.badge.peer-pass{color:#0a6b2d}.badge.peer-warn{color:#8a5300}.badge.peer-fail{color:#a50e0e}.badge.peer-na{color:#444}
pre.snippet{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f5f8;border-radius:6px;padding:.6rem .8rem;font-size:.9rem}
footer.page{max-width:72rem;margin:0 auto;padding:1rem;border-top:1px solid #d5dae1;color:#444;overflow-wrap:anywhere}
@media (max-width:40rem){.hero{grid-template-columns:1fr}.gauge{max-width:12rem;margin:0 auto}}
`.trim();

/** The public pages' one style sheet (admitted by its hash: page-headers.ts). */
export const PUBLIC_PAGE_CSS = `${DASHBOARD_CSS}\n${PUBLIC_CSS}\n${SCAN_BOX_CSS}`;

/** A complete public page: skip link, header with the way to scan a site, one main. */
export function publicLayout(options: {
  title: string;
  body: Html;
  description?: string;
  head?: Html;
  footer?: Html;
}): Html {
  const description = options.description
    ? html`<meta name="description" content="${options.description}">\n`
    : '';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
${description}${options.head ?? ''}
<style>${unsafeRawHtml(PUBLIC_PAGE_CSS, 'the style sheets of the public pages, constants of this code')}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top"><div class="bar">
<a class="brand" href="/docs">Agent-Readiness Scan</a>
<nav class="main" aria-label="Site"><ul>
<li><a href="${SCAN_YOUR_SITE_PATH}">Scan your site</a></li>
<li><a href="/docs">API documentation</a></li>
</ul></nav>
</div></header>
<main id="main">
${options.body}
</main>
${options.footer ? html`<footer class="page">${options.footer}</footer>` : ''}
</body>
</html>
`;
}
