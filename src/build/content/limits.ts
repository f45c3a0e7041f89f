/**
 * Documented bounds on what one entry may cost (docs/content-folder.md, "Bounds"). Past them the build fails
 * naming the file, instead of publishing data that slows or exhausts the server.
 */
export const MAX_FILE_BYTES = 1024 * 1024;
export const MAX_TAGS_PER_POST = 50;
/** Titles, names and other one-line texts, in characters. */
export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 1000;
