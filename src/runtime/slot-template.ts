/**
 * A text with placeholders in it, split once so that filling it in is one pass of concatenation:
 * the filler writes `values[i]` wherever `slots[i]` stood.
 */
export function slotTemplate(text: string, slots: readonly string[]): (values: readonly string[]) => string {
  /** Literal text, or the index of the slot written there. */
  const pieces: (string | number)[] = [];
  let rest = text;
  for (;;) {
    const found = slots.map((slot) => rest.indexOf(slot));
    let which = -1;
    found.forEach((at, i) => {
      if (at !== -1 && (which === -1 || at < (found[which] as number))) which = i;
    });
    if (which === -1) break;
    const at = found[which] as number;
    pieces.push(rest.slice(0, at), which);
    rest = rest.slice(at + (slots[which] as string).length);
  }
  pieces.push(rest);
  return (values) => {
    let text = '';
    for (const piece of pieces) text += typeof piece === 'number' ? values[piece] : piece;
    return text;
  };
}
