/**
 * The owner's preferences for how automated systems use the content, stated once (site.yaml
 * `usage`) and written in each vocabulary that carries them: the IETF AI Preferences vocabulary
 * (draft-ietf-aipref-vocab: `train-ai`, `search`), attached as a `Content-Usage` header and a
 * `Content-Usage` rule of robots.txt (draft-ietf-aipref-attach-05), and Cloudflare's Content
 * Signals (`search`, `ai-input`, `ai-train`, contentsignals.org) in robots.txt.
 */

export interface UsagePolicy {
  /** Search engines may index the content and link to it. */
  search: boolean;
  /** The content may train AI models. */
  train: boolean;
  /** The content may be the input of AI answers (grounding, retrieval); Content Signals only. */
  input: boolean;
}

/** What the service's licence grants (CC BY 4.0): reuse, training and grounding included, with attribution. */
export const DEFAULT_USAGE: UsagePolicy = { search: true, train: true, input: true };

/** The Content-Usage value (a Structured Fields dictionary of `y`/`n` tokens): `train-ai=y, search=y`. */
export const contentUsage = ({ train, search }: UsagePolicy): string =>
  `train-ai=${train ? 'y' : 'n'}, search=${search ? 'y' : 'n'}`;

/** The Content-Signal value: `search=yes, ai-input=yes, ai-train=yes`. */
export const contentSignal = ({ search, input, train }: UsagePolicy): string =>
  `search=${search ? 'yes' : 'no'}, ai-input=${input ? 'yes' : 'no'}, ai-train=${train ? 'yes' : 'no'}`;

/** A site's preferences: those it states, else the licence's grant. */
export const usageOf = (site: { usage?: UsagePolicy | undefined }): UsagePolicy =>
  site.usage ?? DEFAULT_USAGE;
