/**
 * A long Markdown text read in pieces: at most READ_CAP characters (UTF-16 code units, as JavaScript
 * and JSON count them) from an offset, never cutting a surrogate pair, so the pieces of a text, read
 * from 0 through each `nextOffset`, join to the text exactly.
 */

/** Well under the ~25,000 tokens some clients accept in one result, with its JSON copy beside it. */
export const READ_CAP = 40_000;

export interface Piece {
  text: string;
  offset: number;
  totalLength: number;
  /** Where the next piece starts; absent on the last one. */
  nextOffset?: number;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** The piece from `offset`, or null when the offset is past the end (0 is always valid). */
export function pieceOf(text: string, offset: number, cap = READ_CAP): Piece | null {
  const totalLength = text.length;
  if (offset > 0 && offset >= totalLength) return null;
  let end = Math.min(offset + cap, totalLength);
  if (end < totalLength && end - 1 > offset && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  const piece: Piece = { text: text.slice(offset, end), offset, totalLength };
  if (end < totalLength) piece.nextOffset = end;
  return piece;
}

export const pastTheEnd = (offset: number, totalLength: number) =>
  `offset ${offset} is past the end: the text has ${totalLength} characters, read from 0.`;
