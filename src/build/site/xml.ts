/**
 * A small XML writer: every text and attribute value goes through `escapeXml`, and HTML carried
 * whole goes into CDATA sections that no content can close early.
 */

/** Characters XML 1.0 does not allow anywhere in a document (C0 controls but tab, CR and LF; U+FFFE, U+FFFF; lone surrogates). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters XML forbids is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text or an attribute value, escaped; characters XML cannot carry are dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Text as CDATA: a `]]>` inside is split across two sections, so the text comes back unchanged. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replace(NOT_XML, '').split(']]>').join(']]]]><![CDATA[>')}]]>`;
}

export type Attributes = Readonly<Record<string, string | undefined>>;

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
}

/** An element with escaped text content (empty text gives an empty element). */
export function textElement(name: string, text: string, attrs: Attributes = {}): string {
  return `<${name}${attributes(attrs)}>${escapeXml(text)}</${name}>`;
}

/** An element whose content is already XML (children written by these functions, or CDATA). */
export function element(name: string, attrs: Attributes, children: readonly string[] | string): string {
  const content = typeof children === 'string' ? children : children.join('');
  return content ? `<${name}${attributes(attrs)}>${content}</${name}>` : `<${name}${attributes(attrs)}/>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
