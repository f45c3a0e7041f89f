import { describe, expect, it } from 'vitest';
import { negotiate, parseAccept } from '../src/http/negotiate.ts';

const PAGE = ['text/html', 'text/markdown'] as const;

describe('Accept negotiation', () => {
  it.each([
    ['text/html;q=0.9, text/markdown', 'text/markdown'],
    ['text/markdown;q=0.1, text/html', 'text/html'],
    ['text/markdown', 'text/markdown'],
    ['text/html', 'text/html'],
    ['*/*', 'text/html'],
    ['text/*', 'text/html'],
    ['text/markdown, */*;q=0.1', 'text/markdown'],
    ['text/*;q=0.5, text/markdown;q=0.6', 'text/markdown'],
    ['text/*;q=0.7, text/html;q=0.2', 'text/markdown'],
    ['TEXT/MARKDOWN', 'text/markdown'],
    ['text/markdown;q=0', 'text/html'],
    ['text/markdown; charset=utf-8; q=0.8, text/html; q=0.7', 'text/markdown'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html'],
    ['application/json', 'text/html'],
    ['text/markdown;q=2, text/html;q=0.5', 'text/html'],
    ['', 'text/html'],
  ])('%j prefers %s', (accept, expected) => {
    expect(negotiate(accept, PAGE)).toBe(expected);
  });

  it('serves the first offer when there is no Accept header', () => {
    expect(negotiate(null, PAGE)).toBe('text/html');
  });

  it('drops ranges whose q-value is malformed and keeps the rest', () => {
    expect(parseAccept('text/markdown;q=abc, text/html;q=0.500, bad, text/plain;q=1.0')).toEqual([
      { type: 'text', subtype: 'html', q: 0.5 },
      { type: 'text', subtype: 'plain', q: 1 },
    ]);
  });

  it('picks problem+json or JSON among error representations', () => {
    const offers = ['text/html', 'text/markdown', 'application/problem+json', 'application/json'] as const;
    expect(negotiate('application/json', offers)).toBe('application/json');
    expect(negotiate('application/problem+json, application/json;q=0.9', offers)).toBe(
      'application/problem+json',
    );
    expect(negotiate('application/*', offers)).toBe('application/problem+json');
  });
});
