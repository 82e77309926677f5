/**
 * Formatting of numbers the screens show: durations (spec section 9), sizes, dates, prices and counts.
 * Pure functions; `locale` is an interface language such as 'en', 'zh-CN' or 'ja'.
 */

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * Seconds as MM:SS, or HH:MM:SS when the hour part is non-zero, with two-digit zero padding
 * (spec section 9). Fractions are dropped; negative, missing or non-finite values give '00:00'.
 */
export function formatDuration(seconds: number | null | undefined): string {
  const total = seconds && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${pad2(hours)}:${pad2(minutes)}:${pad2(rest)}` : `${pad2(minutes)}:${pad2(rest)}`;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A byte count in binary units with one decimal from KB on: 512 B, 1.5 KB, 12.3 MB. */
export function formatSize(bytes: number | null | undefined): string {
  if (!bytes || !Number.isFinite(bytes) || bytes < 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

/**
 * A date for people: '2021-05-01' stays as is (release dates are plain days, the ecosystem's way);
 * timestamps become the day in the reader's locale.
 */
export function formatDate(value: string | null | undefined, locale = 'en'): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/**
 * Thousands separated by commas, as English, Chinese and Japanese all write whole numbers. Done by hand:
 * the first Intl.NumberFormat of a page loads number data and took a fifth of a second while the first
 * page of works was rendering.
 */
function groupThousands(value: number): string {
  const [whole = '0', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A price in Japanese yen, as DLsite shows it: ￥1,320. */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return '';
  return `￥${groupThousands(Math.round(price))}`;
}

/** A count with grouping as the interface's languages write it: 12,345. */
export function formatCount(value: number | null | undefined): string {
  return groupThousands(value ?? 0);
}
