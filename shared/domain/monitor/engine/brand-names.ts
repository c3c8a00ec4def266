/**
 * Whether a name the judge calls a brand can be one (docs/monitor.md "The summary",
 * `discovered_brands`). A judge reading "reports go out every Monday" may list "Monday"; a
 * weekday, a month, a year, a quarter or a word for a kind of product is never a brand the
 * customer could track, so it is not listed, whatever the judge says. Real brands that share such
 * a word write it their own way ("monday.com") and pass.
 */

const CALENDAR = [
  // weekdays and months in the four template languages
  'monday tuesday wednesday thursday friday saturday sunday',
  'montag dienstag mittwoch donnerstag freitag samstag sonntag',
  'lundi mardi mercredi jeudi vendredi samedi dimanche',
  'lunes martes miércoles jueves viernes sábado domingo',
  'january february march april may june july august september october november december',
  'januar februar märz april mai juni juli august september oktober november dezember',
  'janvier février mars avril mai juin juillet août septembre octobre novembre décembre',
  'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre',
  'today tomorrow yesterday weekend heute morgen gestern',
].flatMap((line) => line.split(' '));

/** Words for a kind of product or company: an answer's category, not a company in it. */
const GENERIC = [
  'ai api apis app apps analytics cloud crm erp saas software platform platforms tool tools',
  'vendor vendors provider providers solution solutions company companies startup startups',
  'service services product products website websites dashboard dashboards spreadsheet',
  'spreadsheets excel-like open-source opensource other others none n/a',
].flatMap((line) => line.split(' '));

const NOT_BRANDS = new Set([...CALENDAR, ...GENERIC]);

/** Nothing but digits, signs and punctuation (a year, a price, a count). */
const NUMBER_ONLY = /^[\p{N}\p{P}\p{S}\s]+$/u;
/** A quarter, half-year or fiscal year: Q3, H1, FY2025, Q3 2025. */
const PERIOD = /^(q[1-4]|h[12]|fy\s?\d{2,4})(\s+\d{4})?$/i;

export function isPlausibleBrandName(name: string): boolean {
  const trimmed = name.normalize('NFKC').trim();
  if (trimmed.length < 2 || trimmed.length > 80) return false;
  if (NUMBER_ONLY.test(trimmed) || PERIOD.test(trimmed)) return false;
  const folded = trimmed.toLowerCase().replace(/[.!?,;:]+$/, '');
  // "Mondays", "Fridays": a weekday in the plural is still a weekday.
  const singular = folded.endsWith('s') ? folded.slice(0, -1) : folded;
  return !NOT_BRANDS.has(folded) && !CALENDAR.includes(singular);
}
