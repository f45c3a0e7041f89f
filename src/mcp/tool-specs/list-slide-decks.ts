/** list_slide_decks: the talks of one language, newest first (the REST API's slide timeline). */
import { SlideTimelineSchema } from '../../core/schemas.ts';
import { toolSpec } from '../tool-spec.ts';

export const listSlideDecksSpec = toolSpec({
  name: 'list_slide_decks',
  title: 'List slide decks',
  description:
    'List the published slide decks (talks) of one language, newest first, with the event, its date and ' +
    "the deck's url (the site's deck page for native decks, the external address otherwise). Use it when " +
    'asked about talks, presentations or slides.',
  input: (args) => args.LangArguments,
  output: SlideTimelineSchema,
});
