/**
 * Writes a synthetic bilingual content folder for scale tests and benchmarks.
 *   tsx tools/corpus.ts [--posts 10000] [--out DIR] [--seed 1]
 * Half the posts are English and half their Spanish translations (same date and slug), each
 * 2–4 KB of Markdown with headings, lists, links and code; posts are grouped into series and
 * tagged from a fixed taxonomy; a few slide decks per language. Deterministic for a given seed.
 * Every date is before 2026-01-01, so build it with `--now 2026-01-01` (or any later date).
 */
import { writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export interface CorpusOptions {
  posts: number;
  seed?: number;
}

type Lang = 'en' | 'es';

const TAGS = [
  'http',
  'typescript',
  'testing',
  'performance',
  'accessibility',
  'caching',
  'rate-limiting',
  'edge',
  'security',
  'observability',
  'databases',
  'css',
  'markdown',
  'json',
  'apis',
  'node',
  'bun',
  'deno',
  'streams',
  'compression',
  'cdn',
  'cors',
  'etags',
  'search',
  'i18n',
  'build-tools',
  'bundling',
  'workers',
  'fonts',
  'images',
  'tooling',
  'protocols',
] as const;

const WORDS = {
  en: 'the cache server request response header client origin edge build test value budget latency index query browser proxy stream chunk byte token limit quota window bucket deploy bundle module runtime schema parser router handler payload validator error retry timeout'.split(
    ' ',
  ),
  es: 'la caché servidor petición respuesta cabecera cliente origen borde compilación prueba valor presupuesto latencia índice consulta navegador proxy flujo bloque byte token límite cuota ventana cubo despliegue paquete módulo entorno esquema analizador enrutador manejador carga validador error reintento tiempo'.split(
    ' ',
  ),
};
const JOINERS = {
  en: 'and with for when before after because while so but of in on to from'.split(' '),
  es: 'y con para cuando antes después porque mientras así pero de en sobre a desde'.split(' '),
};
const HEADINGS = {
  en: [
    'Why it matters',
    'The setup',
    'Measuring it',
    'What broke',
    'A better default',
    'Trade-offs',
    'Wrapping up',
  ],
  es: [
    'Por qué importa',
    'La configuración',
    'Cómo medirlo',
    'Qué falló',
    'Un valor mejor',
    'Compromisos',
    'Para cerrar',
  ],
};
const TITLE_NOUNS =
  'caches headers budgets routers limits streams bundles schemas indexes tokens workers proxies'.split(' ');
const TITLE_ADJECTIVES = 'fast small honest lazy stale fresh strict quiet boring careful typed shared'.split(
  ' ',
);

/** mulberry32: a small, fast, seeded PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The content folder as relative path → file text. */
export function generateCorpus({ posts, seed = 1 }: CorpusOptions): Map<string, string> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const files = new Map<string, string>();
  const english = Math.ceil(posts / 2);
  const spanish = posts - english;
  const seriesCount = Math.max(1, Math.floor(english / 200));

  files.set(
    'site.yaml',
    [
      'name: Synthetic Slash',
      'description: A generated bilingual corpus for scale tests.',
      'baseUrl: http://localhost:8787',
      'author:',
      '  name: Corpus Generator',
      'license: CC-BY-4.0',
      'languages: [en, es]',
      '',
    ].join('\n'),
  );
  files.set(
    'tags.yaml',
    `${TAGS.map((tag, i) =>
      [
        `${tag}:`,
        `  tier: ${i < 5 ? 'primary' : i < 15 ? 'secondary' : 'subtopic'}`,
        `  description_en: Posts about ${tag}.`,
        `  description_es: Artículos sobre ${tag}.`,
      ].join('\n'),
    ).join('\n')}\n`,
  );
  files.set('gone.yaml', 'paths:\n  - /blog/retired-post/\n');

  for (let s = 0; s < seriesCount; s++) {
    for (const lang of ['en', 'es'] as const) {
      files.set(
        `series/${lang}/series-${s + 1}.md`,
        frontMatter({
          title:
            lang === 'en' ? `Series ${s + 1}: ${pick(TITLE_NOUNS)}` : `Serie ${s + 1}: ${pick(TITLE_NOUNS)}`,
          description: sentence(lang, 12),
          order: s + 1,
        }) + paragraph(lang, 60),
      );
    }
  }

  // English posts every ~13 hours back from the end of 2025; each Spanish post translates one.
  const end = Date.UTC(2025, 11, 31);
  const chapters = new Map<number, number>();
  for (let i = 0; i < english; i++) {
    const date = new Date(end - i * 13 * 3600 * 1000).toISOString().slice(0, 10);
    const slug = `${pick(TITLE_ADJECTIVES)}-${pick(TITLE_NOUNS)}-${i + 1}`;
    const tags = [...new Set([pick(TAGS), pick(TAGS), pick(TAGS)])];
    const seriesIndex = random() < 0.2 ? Math.floor(random() * seriesCount) : -1;
    let series: { series: string; seriesOrder: number } | undefined;
    if (seriesIndex >= 0) {
      const order = (chapters.get(seriesIndex) ?? 0) + 1;
      chapters.set(seriesIndex, order);
      series = { series: `series-${seriesIndex + 1}`, seriesOrder: order };
    }
    const target = 1700 + Math.floor(random() * 1900);
    for (const lang of i < spanish ? (['en', 'es'] as const) : (['en'] as const)) {
      files.set(
        `blog/${lang}/${date}_${slug}.md`,
        frontMatter({
          title: title(lang, i),
          description: sentence(lang, 16),
          pubDate: date,
          tags: `[${tags.join(', ')}]`,
          ...series,
        }) + body(lang, target),
      );
    }
  }

  const decks = Math.max(1, Math.floor(english / 500));
  for (let d = 0; d < decks; d++) {
    const date = new Date(end - d * 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    for (const lang of ['en', 'es'] as const) {
      files.set(
        `slides/${lang}/${date}_talk-${d + 1}.md`,
        `${frontMatter({
          title: lang === 'en' ? `Talk ${d + 1}` : `Charla ${d + 1}`,
          description: sentence(lang, 10),
          pubDate: date,
          type: 'native',
          eventName: `Meetup ${d + 1}`,
        })}# Talk ${d + 1}\n\n---\n\n${paragraph(lang, 30)}\n\n---\n\n${paragraph(lang, 30)}\n`,
      );
    }
  }
  return files;

  function title(lang: Lang, i: number): string {
    const noun = pick(TITLE_NOUNS);
    const adjective = pick(TITLE_ADJECTIVES);
    return lang === 'en'
      ? `Notes on ${adjective} ${noun}, part ${i + 1}`
      : `Notas sobre ${noun}, parte ${i + 1}`;
  }

  function sentence(lang: Lang, words: number): string {
    const out: string[] = [];
    for (let w = 0; w < words; w++) out.push(w % 4 === 3 ? pick(JOINERS[lang]) : pick(WORDS[lang]));
    const text = out.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  }

  function paragraph(lang: Lang, words: number): string {
    const out: string[] = [];
    for (let n = 0; n < words; ) {
      const length = 8 + Math.floor(random() * 10);
      let s = sentence(lang, length);
      if (random() < 0.15) s = s.replace(/ (\S+) /, ' `$1` ');
      if (random() < 0.1) s = s.replace(/ (\S+)\.$/, ' [$1](https://example.com/$1).');
      out.push(s);
      n += length;
    }
    return out.join(' ');
  }

  function body(lang: Lang, target: number): string {
    const parts: string[] = [paragraph(lang, 50)];
    let size = parts[0]!.length;
    while (size < target) {
      const roll = random();
      let part: string;
      if (roll < 0.2) part = `## ${pick(HEADINGS[lang])}`;
      else if (roll < 0.3)
        part = [
          '```ts',
          `const ${pick(WORDS.en)} = await fetch('/api/posts.json?limit=${1 + Math.floor(random() * 50)}');`,
          `console.log(${pick(WORDS.en)}.status);`,
          '```',
        ].join('\n');
      else if (roll < 0.4) part = [1, 2, 3].map(() => `- ${sentence(lang, 6)}`).join('\n');
      else part = paragraph(lang, 40 + Math.floor(random() * 40));
      parts.push(part);
      size += part.length + 2;
    }
    return `${parts.join('\n\n')}\n`;
  }
}

function frontMatter(fields: Record<string, string | number>): string {
  const lines = Object.entries(fields).map(([key, value]) =>
    typeof value === 'number' || key === 'tags' || key === 'pubDate' || key === 'type'
      ? `${key}: ${value}`
      : `${key}: ${JSON.stringify(value)}`,
  );
  return `---\n${lines.join('\n')}\n---\n\n`;
}

export async function writeCorpus(outDir: string, options: CorpusOptions): Promise<number> {
  const files = generateCorpus(options);
  await rm(outDir, { recursive: true, force: true });
  const dirs = new Set([...files.keys()].map((path) => join(outDir, path, '..')));
  for (const dir of dirs) await mkdir(dir, { recursive: true });
  // One at a time: a hundred thousand writes at once run out of file descriptors.
  for (const [path, text] of files) writeFileSync(join(outDir, path), text);
  return files.size;
}

async function main() {
  const { values } = parseArgs({
    options: {
      posts: { type: 'string', default: '10000' },
      out: { type: 'string', default: 'corpus' },
      seed: { type: 'string', default: '1' },
    },
  });
  const outDir = resolve(values.out);
  const posts = Number(values.posts);
  if (!Number.isInteger(posts) || posts < 2) throw new Error('--posts must be a whole number of at least 2');
  const started = performance.now();
  const count = await writeCorpus(outDir, { posts, seed: Number(values.seed) });
  console.log(
    `corpus: wrote ${count} files (${posts} posts) to ${outDir} in ${Math.round(performance.now() - started)} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
