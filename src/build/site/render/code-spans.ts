/** Code spans (`` `code` ``), which rewriting a line of Markdown steps over: code stays as written. */
const CODE_SPAN = /(`+)[\s\S]*?\1/g;

/** `text` with `rewrite` applied to what lies outside its code spans. */
export function outsideCode(text: string, rewrite: (part: string) => string): string {
  let out = '';
  let last = 0;
  for (const span of text.matchAll(CODE_SPAN)) {
    out += rewrite(text.slice(last, span.index)) + span[0];
    last = span.index + span[0].length;
  }
  return out + rewrite(text.slice(last));
}
