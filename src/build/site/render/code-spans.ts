/**
 * Code spans (`` `code` ``), which rewriting a line of Markdown steps over: code stays as written.
 * As CommonMark reads them: a span opens with a whole run of backticks that no odd run of
 * backslashes escapes, and closes with a whole run of the same length, never a part of a longer
 * one. Reading more as code than CommonMark does would leave raw HTML unsanitized in the twin
 * (`` `<script>…`` `` is no code span: one backtick does not close on two).
 */
const CODE_SPAN = /(?<!(?<!\\)(?:\\\\)*\\)(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g;

/** `text` with `rewrite` applied to what lies outside its code spans. */
export function outsideCode(text: string, rewrite: (part: string) => string): string {
  let out = '';
  let last = 0;
  for (const span of text.matchAll(CODE_SPAN)) {
    out += apart(rewrite(text.slice(last, span.index)), last > 0, true) + span[0];
    last = span.index + span[0].length;
  }
  return out + apart(rewrite(text.slice(last)), last > 0, false);
}

/**
 * A rewritten part beside code spans, so each span still ends where it did: had the rewriting
 * taken away what stood between a span's backticks and others, the runs would join into a longer
 * one that closes nothing, and the code would be read as Markdown and raw HTML. A backtick that
 * now touches a span is written as its character reference; a part taken away whole between two
 * spans leaves a zero-width space.
 */
function apart(part: string, spanBefore: boolean, spanAfter: boolean): string {
  if (part === '') return spanBefore && spanAfter ? '&#8203;' : '';
  let out = part;
  if (spanBefore && out.startsWith('`')) out = `&#96;${out.slice(1)}`;
  if (spanAfter && out.endsWith('`')) out = `${out.slice(0, -1)}&#96;`;
  return out;
}
