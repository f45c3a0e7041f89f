import { ContentError, formatIssue } from '../../src/build/content/errors.ts';

/** The problem lines of content that must not compile; a test fails when it compiles. */
export async function problemsOf(compile: () => unknown): Promise<string[]> {
  try {
    await compile();
  } catch (error) {
    if (error instanceof ContentError) return error.issues.map(formatIssue);
    throw error;
  }
  throw new Error('the content compiled');
}
