/**
 * The dashboard's only script, inlined into every page and admitted by its hash in the CSP.
 * Every page works without it; it adds: copy buttons, live status while a scan runs, reading an
 * uploaded list into the batch form, an access-log upload with its progress (the file sent as it
 * is, the CSRF token in a header), and refreshing live regions (batch progress, run status,
 * uploads) while something is still running. Plain ES2020, no framework.
 */
export const DASHBOARD_SCRIPT = `
(() => {
  const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
  const announce = (text) => {
    const region = document.getElementById('announcer');
    if (region) region.textContent = text;
  };

  function initDownload(root) {
    for (const button of $$('button[data-download]', root)) {
      button.hidden = false;
      button.addEventListener('click', () => {
        const field = document.getElementById(button.dataset.download);
        if (!field) return;
        const link = document.createElement('a');
        link.href = URL.createObjectURL(new Blob([field.value], { type: button.dataset.type }));
        link.download = button.dataset.filename;
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 1000);
      });
    }
  }

  function initCopy(root) {
    for (const button of $$('button[data-copy]', root)) {
      button.hidden = false;
      button.addEventListener('click', async () => {
        const field = document.getElementById(button.dataset.copy);
        if (!field) return;
        try {
          await navigator.clipboard.writeText(field.value);
        } catch {
          field.select();
          document.execCommand('copy');
        }
        button.textContent = 'Copied';
        announce('Copied to the clipboard');
      });
    }
  }

  function initUpload(root) {
    for (const input of $$('input[type=file][data-fill]', root)) {
      input.closest('[hidden]')?.removeAttribute('hidden');
      input.addEventListener('change', async () => {
        const file = input.files && input.files[0];
        const target = document.getElementById(input.dataset.fill);
        if (!file || !target) return;
        const entries = (await file.text())
          .split(/\\r?\\n/)
          .map((line) => line.split(/[,;\\t]/)[0].trim().replace(/^"|"$/g, ''))
          .filter((entry) => entry !== '' && entry.toLowerCase() !== 'domain');
        const current = target.value.trim();
        target.value = (current ? current + '\\n' : '') + entries.join('\\n');
        announce(entries.length + ' entries read from ' + file.name);
      });
    }
  }

  function swapMain(html) {
    const next = new DOMParser().parseFromString(html, 'text/html');
    const main = document.querySelector('main');
    const fresh = next.querySelector('main');
    if (main && fresh) {
      main.replaceWith(fresh);
      init(fresh);
      fresh.querySelector('h1')?.focus();
    }
  }

  function initScanForm(root) {
    for (const form of $$('form[data-scan-form]', root)) {
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const status = document.getElementById('scan-status');
        const button = form.querySelector('button[type=submit]');
        const domain = new FormData(form).get('domain');
        const started = Date.now();
        if (button) button.disabled = true;
        if (status) status.hidden = false;
        const tick = () => {
          const seconds = Math.round((Date.now() - started) / 1000);
          const text = document.getElementById('scan-elapsed');
          if (text) text.textContent = 'Scanning ' + domain + ': ' + seconds + ' s so far.';
        };
        tick();
        const timer = setInterval(tick, 1000);
        try {
          const response = await fetch(form.action, {
            method: 'POST',
            body: new URLSearchParams(new FormData(form)),
            headers: { accept: 'text/html' },
          });
          if (response.redirected) {
            location.assign(response.url);
            return;
          }
          swapMain(await response.text());
        } catch {
          if (status) status.textContent = 'The connection failed. Reload the page and try again.';
        } finally {
          clearInterval(timer);
          if (button) button.disabled = false;
        }
      });
    }
  }

  function initLogUpload(root) {
    for (const form of $$('form[data-log-upload]', root)) {
      form.addEventListener('submit', (event) => {
        const input = form.querySelector('input[type=file]');
        const file = input && input.files && input.files[0];
        if (!file) return;
        event.preventDefault();
        const bar = document.getElementById('upload-progress');
        const text = document.getElementById('upload-text');
        const button = form.querySelector('button[type=submit]');
        const format = form.querySelector('select[name=format]');
        const token = form.querySelector('input[name=csrf_token]');
        const gzip = /.gz$/i.test(file.name) || /gzip/.test(file.type);
        const xhr = new XMLHttpRequest();
        xhr.open('POST', form.action + '?format=' + encodeURIComponent(format ? format.value : 'auto'));
        xhr.setRequestHeader('x-csrf-token', token ? token.value : '');
        xhr.setRequestHeader('content-type', gzip ? 'application/gzip' : 'text/plain');
        xhr.upload.addEventListener('progress', (progress) => {
          if (!progress.lengthComputable) return;
          const share = Math.round((progress.loaded / progress.total) * 100);
          if (bar) bar.value = share;
          if (text) text.textContent = 'Uploading ' + file.name + ': ' + share + ' %';
        });
        xhr.addEventListener('load', () => {
          if (xhr.status < 400 && xhr.responseURL) location.assign(xhr.responseURL);
          else swapMain(xhr.responseText);
        });
        xhr.addEventListener('error', () => {
          if (text) text.textContent = 'The upload failed. Check the connection and try again.';
          if (button) button.disabled = false;
        });
        if (button) button.disabled = true;
        document.getElementById('upload-status')?.removeAttribute('hidden');
        announce('Uploading ' + file.name);
        xhr.send(file);
      });
    }
  }

  // Live regions refresh until the page says the work is over. The fetched page is read fully
  // (still polling? what to announce?) before its regions are copied in: moving nodes out of
  // it first would empty it, stop the polling and announce the wrong text. Announced once, at
  // the end, with the end state the refreshed page shows.
  let pollFailures = 0;
  function initPolling() {
    const poll = document.querySelector('[data-poll]');
    if (!poll) return;
    const seconds = Number(poll.getAttribute('data-poll')) || 2;
    const source = poll.getAttribute('data-poll-src') || location.href;
    setTimeout(async () => {
      let next;
      try {
        const response = await fetch(source, { headers: { accept: 'text/html' } });
        if (!response.ok) throw new Error('HTTP ' + response.status);
        next = new DOMParser().parseFromString(await response.text(), 'text/html');
      } catch {
        pollFailures += 1;
        if (pollFailures < 5) initPolling();
        else announce('Live updates stopped. Reload the page to see the latest state.');
        return;
      }
      pollFailures = 0;
      const stillRunning = next.querySelector('[data-poll]') !== null;
      const doneText = next.querySelector('[data-done-text]')?.getAttribute('data-done-text');
      for (const fresh of $$('[data-live]', next)) {
        const current = document.getElementById(fresh.id);
        if (current) current.replaceWith(document.importNode(fresh, true));
      }
      if (stillRunning) {
        initPolling();
        return;
      }
      announce(doneText || 'Updated.');
      initCopy(document);
      initDownload(document);
    }, seconds * 1000);
  }

  function init(root) {
    for (const element of $$('[data-js-only]', root)) element.hidden = false;
    initCopy(root);
    initDownload(root);
    initUpload(root);
    initScanForm(root);
    initLogUpload(root);
  }

  const answered = document.querySelector('main[data-replace-url]');
  if (answered) history.replaceState(null, '', answered.getAttribute('data-replace-url'));
  init(document);
  initPolling();
})();
`.trim();
