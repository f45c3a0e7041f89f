/** Build time: response bodies serialized to bytes, and post lists with the offsets `limit` slices at. */

export interface Prerendered {
  bytes: Uint8Array<ArrayBuffer>;
}

/** A JSON array whose first N elements can be served without serializing again. */
export interface PrerenderedList extends Prerendered {
  /** `ends[i]` is the byte offset just past element i. */
  ends: Uint32Array;
}

const encoder = new TextEncoder();

export function prerender(text: string): Prerendered {
  return { bytes: encoder.encode(text) };
}

export function prerenderJson(value: unknown): Prerendered {
  return prerender(JSON.stringify(value));
}

export function prerenderList(items: readonly unknown[]): PrerenderedList {
  const parts = items.map((item) => JSON.stringify(item));
  const ends = new Uint32Array(parts.length);
  let offset = 1;
  parts.forEach((part, i) => {
    offset += utf8Length(part);
    ends[i] = offset;
    offset += 1;
  });
  return { ...prerender(`[${parts.join(',')}]`), ends };
}

export function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) length += 1;
    else if (code < 0x800) length += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      length += 4;
      i++;
    } else length += 3;
  }
  return length;
}
