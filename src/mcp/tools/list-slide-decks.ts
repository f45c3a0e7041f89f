/** list_slide_decks: the talks of one language, newest first (the REST API's slide timeline). */
import { languageName } from '../../core/languages.ts';
import { after } from '../../runtime/after.ts';
import { bodyResult, errorResult, toolModule } from '../tool-kit.ts';
import { listSlideDecksSpec } from '../tool-specs/list-slide-decks.ts';

export const listSlideDecks = toolModule(
  listSlideDecksSpec,
  ({ read }) =>
    ({ lang }) =>
      after(read(`/api/slides-timeline/${lang}.json`), (body) =>
        body ? bodyResult(body) : errorResult(`No slide decks in ${languageName(lang)}.`),
      ),
);
