/**
 * Every text colour of the stylesheet against every background it is drawn on, in both colour
 * schemes, by the WCAG 2 contrast formula: 4.5:1 at least (success criterion 1.4.3, normal text).
 */
import { describe, expect, it } from 'vitest';
import { STYLESHEET } from '../src/build/site/css.ts';

const MINIMUM = 4.5;

/** The custom properties of a `:root{...}` block. */
function properties(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--([\w-]+):([^;}]+)/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const light = properties(STYLESHEET.match(/^:root\{([^}]*)\}/)![1]!);
const dark = {
  ...light,
  ...properties(STYLESHEET.match(/prefers-color-scheme:dark\)\{:root\{([^}]*)\}/)![1]!),
};

/** The colour of every syntax-highlighting rule, as a custom property name or a literal. */
const highlightColours = [...STYLESHEET.matchAll(/\.hljs-[^{]*\{[^}]*color:([^;}]+)/g)].map((m) =>
  m[1]!.trim(),
);

function resolveColour(value: string, theme: Record<string, string>): string {
  const name = value.match(/^var\(--([\w-]+)\)$/)?.[1];
  return name === undefined ? value : theme[name]!;
}

function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : hex.slice(1).match(/../g)!;
  const [r, g, b] = digits.map((d) => {
    const channel = Number.parseInt(d, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe('colour contrast of the stylesheet', () => {
  it('finds the two schemes and every highlight colour', () => {
    expect(highlightColours.length).toBeGreaterThanOrEqual(7);
    expect(dark.bg).not.toBe(light.bg);
  });

  for (const [scheme, theme] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`every highlight colour on code blocks reaches ${MINIMUM}:1 in the ${scheme} scheme`, () => {
      const failures = highlightColours
        .map((value) => ({ value, ratio: contrast(resolveColour(value, theme), theme['code-bg']!) }))
        .filter(({ ratio }) => ratio < MINIMUM)
        .map(({ value, ratio }) => `${value} (${resolveColour(value, theme)}): ${ratio.toFixed(2)}:1`);
      expect(failures).toEqual([]);
    });

    it(`body, muted and link text reach ${MINIMUM}:1 on every background in the ${scheme} scheme`, () => {
      const failures = ['fg', 'muted', 'accent'].flatMap((text) =>
        ['bg', 'card', 'code-bg']
          .map((background) => ({ text, background, ratio: contrast(theme[text]!, theme[background]!) }))
          .filter(({ ratio }) => ratio < MINIMUM)
          .map(({ background, ratio }) => `${text} on ${background}: ${ratio.toFixed(2)}:1`),
      );
      expect(failures).toEqual([]);
    });
  }
});
