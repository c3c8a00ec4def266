/**
 * Reads a `multipart/form-data` body (RFC 7578): the form the Agents tab posts without its script,
 * a file and a few text fields. Only what a browser sends is read (one level, `name` and
 * `filename` in Content-Disposition, a Content-Type per part); anything else is no form.
 */

export interface MultipartFile {
  bytes: Buffer;
  /** The part's Content-Type, lower case ('' when absent). */
  contentType: string;
  filename: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** The first part that carried a file name. */
  file?: MultipartFile;
}

/** The boundary of a `multipart/form-data` Content-Type, or undefined for another type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  const [type, ...parameters] = (contentType ?? '').split(';');
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return undefined;
  for (const parameter of parameters) {
    const [name, ...value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'boundary') {
      const boundary = value
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1');
      return boundary.length > 0 && boundary.length <= 200 ? boundary : undefined;
    }
  }
  return undefined;
}

function headersOf(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function dispositionValue(disposition: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${name}="([^"]*)"`, 'i').exec(disposition);
  return match?.[1];
}

/** The body's fields and file; undefined when it is not a well-formed form. */
export function readMultipart(body: Buffer, boundary: string): MultipartForm | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const form: MultipartForm = { fields: {} };
  let at = body.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return form;
    const headerEnd = body.indexOf('\r\n\r\n', start);
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd);
    if (headerEnd < 0 || next < 0) return undefined;
    const headers = headersOf(body.subarray(start + 2, headerEnd).toString('utf8'));
    const disposition = headers['content-disposition'] ?? '';
    const name = dispositionValue(disposition, 'name');
    const filename = dispositionValue(disposition, 'filename');
    const data = body.subarray(headerEnd + 4, next);
    if (name !== undefined && filename !== undefined && !form.file) {
      const contentType = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      form.file = { bytes: data, contentType, filename };
    } else if (name !== undefined && filename === undefined) {
      form.fields[name] = data.toString('utf8');
    }
    at = next + 2;
  }
}
