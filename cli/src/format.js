/** Terminal text: display width, padding, truncation and aligned tables. */

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]$/u;
const EMOJI = /^\p{Emoji_Presentation}$/u;

/** East Asian Wide and Fullwidth ranges (the common blocks), as [first, last] code points. */
const WIDE = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x20000, 0x3fffd],
];

/**
 * Columns one code point takes in a terminal: 0 for combining marks, 2 for wide CJK and emoji.
 * @param {string} char
 */
export function charWidth(char) {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return 0;
  if (ZERO_WIDTH.test(char)) return 0;
  if (EMOJI.test(char)) return 2;
  for (const [first, last] of WIDE) if (code >= first && code <= last) return 2;
  return 1;
}

/** @param {string} text NFC-normalised text. */
export function displayWidth(text) {
  let width = 0;
  for (const char of text.normalize('NFC')) width += charWidth(char);
  return width;
}

/**
 * Cuts `text` to at most `width` columns, ending in an ellipsis when it was cut.
 * @param {string} text
 * @param {number} width
 */
export function truncate(text, width) {
  const normal = text.normalize('NFC');
  if (displayWidth(normal) <= width) return normal;
  if (width <= 0) return '';
  let out = '';
  let used = 0;
  for (const char of normal) {
    const w = charWidth(char);
    if (used + w > width - 1) break;
    out += char;
    used += w;
  }
  return `${out}…`;
}

/**
 * @param {string} text
 * @param {number} width
 * @param {'left' | 'right'} [align]
 */
export function pad(text, width, align = 'left') {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'right' ? fill + text : text + fill;
}

/**
 * @typedef {object} Column
 * @property {(text: string) => string} [style] Applied after padding (colour codes take no width).
 * @property {'left' | 'right'} [align]
 * @property {number} [shrink] Priority when the table is too wide: lower shrinks first; absent never shrinks.
 * @property {number} [min] Narrowest this column may shrink to (default 12).
 */

/**
 * @typedef {object} Row
 * @property {string[]} cells
 * @property {string} [below] A line printed under the row, indented to `belowColumn` (e.g. a URL).
 */

/**
 * Lays out rows in aligned columns separated by two spaces, shrinking the shrinkable columns
 * (truncating their cells) until a line fits in `maxWidth` columns, when one is given.
 * @param {Row[]} rows
 * @param {Column[]} columns
 * @param {{ maxWidth?: number | undefined, belowColumn?: number, belowStyle?: (text: string) => string }} [options]
 * @returns {string[]}
 */
export function table(rows, columns, options = {}) {
  const gap = 2;
  const cells = rows.map((row) => row.cells.map((cell) => cell.normalize('NFC')));
  const widths = columns.map((_, i) => Math.max(0, ...cells.map((row) => displayWidth(row[i] ?? ''))));
  const maxWidth = options.maxWidth;
  if (maxWidth !== undefined) {
    const order = columns
      .map((column, index) => ({ index, shrink: column.shrink, min: column.min ?? 12 }))
      .filter((c) => c.shrink !== undefined)
      .sort((a, b) => (a.shrink ?? 0) - (b.shrink ?? 0));
    // First down to each column's own minimum, then (a very narrow terminal) down to 4 columns.
    for (const floor of [undefined, 4]) {
      for (const { index, min } of order) {
        const total = widths.reduce((sum, w) => sum + w, 0) + gap * (columns.length - 1);
        const over = total - maxWidth;
        if (over <= 0) break;
        const current = widths[index] ?? 0;
        widths[index] = Math.max(Math.min(floor ?? min, current), current - over);
      }
    }
  }
  const belowColumn = options.belowColumn ?? 0;
  let indent = 0;
  for (let i = 0; i < belowColumn; i++) indent += (widths[i] ?? 0) + gap;
  /** @type {string[]} */
  const lines = [];
  rows.forEach((row, r) => {
    const parts = columns.map((column, i) => {
      const width = widths[i] ?? 0;
      const text = truncate(cells[r]?.[i] ?? '', width);
      const last = i === columns.length - 1;
      const padded = last && column.align !== 'right' ? text : pad(text, width, column.align);
      return column.style ? column.style(padded) : padded;
    });
    lines.push(parts.join(' '.repeat(gap)).trimEnd());
    if (row.below) {
      const style = options.belowStyle ?? ((text) => text);
      lines.push(' '.repeat(indent) + style(row.below));
    }
  });
  return lines;
}

/**
 * The calendar date (UTC) of an ISO 8601 date-time, as YYYY-MM-DD.
 * @param {unknown} value
 */
export function day(value) {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

/**
 * @param {number} count
 * @param {string} one
 * @param {string} [many]
 */
export function plural(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}
