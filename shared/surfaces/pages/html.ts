/** The frame of the public pages (the scan page, the docs page). */
import { type Html, html, unsafeRawHtml } from '#shared/surfaces/http/html';

/** The frame's own style sheet (admitted by its hash: page-headers.ts). */
export const BASE_CSS = `
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.8rem}h2{margin-top:2rem;border-bottom:1px solid #ddd}
code,pre{background:#f4f4f4;border-radius:4px;padding:.1rem .3rem}pre{padding:.8rem;overflow:auto}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
.good{color:#0a6b2d}.warn{color:#8a5a00}.bad{color:#a4161a}.unknown,.info{color:#555}
.score{font-size:3rem;font-weight:700}
`;

/** A complete, self-contained page: inline CSS, no script, readable in any browser or reader. */
export function layout(title: string, body: Html, description = '', head: Html = html``): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${description ? html`<meta name="description" content="${description}">` : ''}
${head}
<style>${unsafeRawHtml(BASE_CSS, 'the public frame style sheet, a constant of this code')}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
