/**
 * The fix pack on the dashboard's scan page (issue 38, point 5): each fix with its points and
 * steps, each generated file in a read-only field to copy (a copy and a download button where
 * scripts run), and the "Check my fixes" form, which scans again and opens the new scan with
 * what it verified (`verificationNotice`).
 */
import { pointsText } from '#shared/domain/scan-engine/report-notes';
import type { Html } from '#shared/surfaces/http/html';
import { html } from '#shared/surfaces/http/html';
import { csrfField, type Viewer, viewerCan } from './layout.ts';

/** One fix as the page shows it (the `Fix` of `GET /api/v1/scans/{id}/fixes`). */
export interface FixItem {
  finding_id: string;
  title: string;
  impact_points: number;
  target_url: string;
  steps: string[];
  files: Array<{ path: string; media_type: string; content: string }>;
}

/** What a verification found, as the new scan's page shows it. */
export interface VerificationItem {
  verifiedScanId: string;
  fixed: string[];
  still: string[];
  new: string[];
}

const FILE_NAMES: Record<string, string> = { '/': 'organization.jsonld', '/_headers': '_headers' };

function fileName(path: string): string {
  return FILE_NAMES[path] ?? path.split('/').pop() ?? 'file.txt';
}

function fileBlock(fix: number, index: number, file: FixItem['files'][number]): Html {
  const id = `fix-${fix}-file-${index}`;
  const name = fileName(file.path);
  return html`<div class="field"><label for="${id}"><code>${file.path}</code> <span class="muted">(${file.media_type})</span></label>
<textarea id="${id}" rows="${Math.min(16, file.content.split('\n').length + 1)}" readonly spellcheck="false">${file.content}</textarea>
<div class="actions"><button type="button" class="secondary" data-copy="${id}" hidden>Copy</button>
<button type="button" class="secondary" data-download="${id}" data-filename="${name}" data-type="${file.media_type}" hidden>Download ${name}</button></div></div>`;
}

function fixItem(fix: FixItem, index: number): Html {
  const points =
    fix.impact_points > 0 ? html` <strong>+${pointsText(fix.impact_points)}</strong>` : '';
  return html`<li><details><summary><code>${fix.finding_id}</code>: ${fix.title}${points}</summary>
<ol>${fix.steps.map((step) => html`<li>${step}</li>`)}</ol>
${fix.files.map((file, fileIndex) => fileBlock(index, fileIndex, file))}
</details></li>`;
}

/**
 * The fix pack and the "Check my fixes" button (for a role that may scan); nothing when the scan
 * raised nothing to fix.
 */
export function fixPackSection(viewer: Viewer, action: string, fixes: readonly FixItem[]): Html {
  if (fixes.length === 0) return html``;
  const files = fixes.reduce((count, fix) => count + fix.files.length, 0);
  return html`<h2 id="fix-pack-h">Fix pack</h2>
<p>${fixes.length} ${fixes.length === 1 ? 'fix' : 'fixes'}, most points first${files > 0 ? html`; ${files} generated ${files === 1 ? 'file' : 'files'} pass the scan when served as they are` : ''}. Points are on the score out of 100.</p>
<ul class="fixes">${fixes.map(fixItem)}</ul>
${viewerCan(viewer, 'scans:write') ? verifyForm(viewer, action) : ''}`;
}

/** "Check my fixes": a new scan, so only for a role that may scan (a viewer is not offered it). */
function verifyForm(viewer: Viewer, action: string): Html {
  return html`<form method="post" action="${action}" class="stack">
${csrfField(viewer)}
<p class="muted">Made your changes? Scan the site again to see which fixes worked (it counts as a scan).</p>
<div class="actions"><button type="submit">Check my fixes</button></div>
</form>`;
}

function idList(label: string, ids: readonly string[]): Html {
  return html`<li>${label}: ${ids.length === 0 ? 'none' : ids.map((id, index) => html`${index > 0 ? ', ' : ''}<code>${id}</code>`)}</li>`;
}

/** What "Check my fixes" found, above the new scan. */
export function verificationNotice(verification: VerificationItem, previous: string): Html {
  return html`<section class="card" role="status" aria-labelledby="verified-h"><h2 id="verified-h">Your fixes, checked</h2>
<ul>${idList('Fixed', verification.fixed)}${idList('Still to fix', verification.still)}${idList('New', verification.new)}</ul>
<p class="muted">Compared with <a href="${previous}">the scan before</a>.</p></section>`;
}
