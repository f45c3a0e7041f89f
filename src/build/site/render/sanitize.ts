/**
 * Raw HTML in Markdown, through an allow-list (sanitize-html, at build time only): the elements a
 * technical blog writes by hand (figures, pictures, video and audio with controls, details,
 * keyboard keys, tables, …), embeds from a few video and code hosts, and nothing that runs,
 * listens, hides or overlays: no scripts or event handlers, no `style` but a table cell's
 * alignment, no `javascript:` or `data:` URL except a raster image's.
 */
import sanitizeHtml from 'sanitize-html';
import { resolveAttribute, type UrlResolver } from './absolute-urls.ts';

/** The hosts whose players and sandboxes may be embedded in an `<iframe>` (https only). */
export const EMBED_HOSTS = [
  'www.youtube-nocookie.com',
  'www.youtube.com',
  'youtube.com',
  'player.vimeo.com',
  'codepen.io',
  'codesandbox.io',
  'stackblitz.com',
  'www.loom.com',
  'speakerdeck.com',
  'www.slideshare.net',
  'open.spotify.com',
  'w.soundcloud.com',
] as const;

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const MEDIA = ['src', 'width', 'height', 'title'];

const ALLOWED_TAGS = [
  ...HEADINGS,
  ...['p', 'br', 'hr', 'blockquote', 'pre', 'code', 'span', 'div', 'a', 'em', 'strong', 'b', 'i', 'u'],
  ...['s', 'del', 'ins', 'mark', 'small', 'abbr', 'cite', 'q', 'kbd', 'samp', 'var', 'sub', 'sup'],
  ...['time', 'dfn', 'wbr', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'img'],
  ...['picture', 'source', 'video', 'audio', 'track', 'iframe', 'details', 'summary'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
];

const CELL = ['align', 'colspan', 'rowspan', 'scope', 'style'];

const ALLOWED_ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  '*': ['lang', 'dir', 'title'],
  ...Object.fromEntries(HEADINGS.map((tag) => [tag, ['id']])),
  a: ['href', 'id', 'name', 'class'],
  img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
  source: ['src', 'srcset', 'sizes', 'type', 'media', 'width', 'height'],
  video: [...MEDIA, 'poster', 'controls', 'preload', 'loop', 'muted', 'playsinline'],
  audio: [...MEDIA, 'controls', 'preload', 'loop'],
  track: ['src', 'kind', 'srclang', 'label', 'default'],
  iframe: [...MEDIA, 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
  pre: ['tabindex'],
  code: ['class'],
  span: ['class'],
  figure: ['id'],
  details: ['open', 'id'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  time: ['datetime'],
  q: ['cite'],
  blockquote: ['cite'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  col: ['span'],
  colgroup: ['span'],
  th: CELL,
  td: CELL,
};

/** Raster images only: an SVG or HTML `data:` document has no place in a post. */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|avif)[;,]/i;

/** Media that plays is shown with its controls, so it never starts unseen. */
function withControls(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  return { tagName, attribs: { ...attribs, controls: '' } };
}

/** `data:` is allowed on images by scheme; anything but a raster image is dropped here. */
function rasterOnly(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept = { ...attribs };
  if (kept.src?.trim().toLowerCase().startsWith('data:') && !DATA_IMAGE.test(kept.src.trim()))
    delete kept.src;
  if (kept.srcset?.toLowerCase().includes('data:')) delete kept.srcset;
  return { tagName, attribs: kept };
}

function resolving(resolve: UrlResolver, tag: sanitizeHtml.Transformer): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const result = typeof tag === 'function' ? tag(tagName, attribs) : { tagName, attribs };
    const resolved = Object.entries(result.attribs).map(([name, value]) => [
      name,
      resolveAttribute(name, value, resolve),
    ]);
    return { tagName: result.tagName, attribs: Object.fromEntries(resolved) };
  };
}

function optionsFor(resolve?: UrlResolver): sanitizeHtml.IOptions {
  const keep: sanitizeHtml.Transformer = (tagName, attribs) => ({ tagName, attribs });
  const transforms: Record<string, sanitizeHtml.Transformer> = {
    img: rasterOnly,
    source: rasterOnly,
    video: withControls,
    audio: withControls,
  };
  const transformTags = resolve
    ? Object.fromEntries(
        ['a', 'img', 'source', 'video', 'audio', 'track', 'iframe', 'q', 'blockquote', 'del', 'ins'].map(
          (tag) => [tag, resolving(resolve, transforms[tag] ?? keep)],
        ),
      )
    : transforms;
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedClasses: { code: ['language-*', 'hljs'], span: ['hljs-*', 'language-*'], a: ['anchor'] },
    allowedStyles: {
      th: { 'text-align': [/^(?:left|right|center)$/] },
      td: { 'text-align': [/^(?:left|right|center)$/] },
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: {
      img: ['http', 'https', 'data'],
      source: ['http', 'https', 'data'],
      iframe: ['https'],
    },
    // Every attribute that names a URL is held to the schemes above (the library's default leaves
    // out poster, which a video loads as an image).
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster', 'srcset'],
    // `//host/x` is an external address like `https://host/x`, which is allowed: pages keep it (the
    // browser takes the page's scheme) and twins resolve it against the page's URL, so both lead to
    // the same place, as they do for a Markdown link written that way.
    allowProtocolRelative: true,
    selfClosing: ['img', 'br', 'hr', 'source', 'track', 'wbr', 'col'],
    allowedIframeHostnames: [...EMBED_HOSTS],
    allowIframeRelativeUrls: false,
    // What these hold is code, markup or a fallback, never prose: it goes with them.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'template',
      'xmp',
      'noembed',
      'noframes',
      'title',
      'select',
    ],
    transformTags,
    // An embed or image whose address was refused shows nothing: it goes.
    exclusiveFilter: (frame) => (frame.tag === 'iframe' || frame.tag === 'img') && !frame.attribs.src,
  };
}

const PAGE_OPTIONS = optionsFor();

/** A page's rendered HTML, holding raw HTML from the post, through the allow-list. */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, PAGE_OPTIONS);
}

/** Raw HTML kept in a Markdown twin: the same allow-list, its URLs written by `resolve`. */
export function sanitizeTwinHtml(html: string, resolve: UrlResolver): string {
  return sanitizeHtml(html, optionsFor(resolve));
}

const CLOSING_TAG = /^<\/([A-Za-z][\w-]*)\s*>$/;

/**
 * One inline tag of a twin (Markdown keeps each tag of a paragraph apart): an allowed opening tag
 * with its allowed attributes, an allowed closing tag, or nothing.
 */
export function sanitizeTwinTag(tag: string, resolve: UrlResolver): string {
  const closing = CLOSING_TAG.exec(tag.trim());
  if (closing) {
    const name = (closing[1] as string).toLowerCase();
    return ALLOWED_TAGS.includes(name) ? `</${name}>` : '';
  }
  const name = /^<([A-Za-z][\w-]*)/.exec(tag)?.[1]?.toLowerCase();
  if (name === undefined || !ALLOWED_TAGS.includes(name)) return '';
  // The sanitizer closes what it opens; the Markdown closes it in its own tag.
  return sanitizeTwinHtml(tag, resolve).replace(new RegExp(`</${name}>$`), '');
}
