/**
 * One problem in one content file: the file (relative to the content folder), the 1-based line
 * when the problem is about one place in it, the field, what was expected and what was received.
 */
export interface ContentIssue {
  file: string;
  line?: number;
  field: string;
  expected: string;
  received: string;
}

export class ContentError extends Error {
  constructor(readonly issues: ContentIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'ContentError';
  }
}

/** `file: field: …`, or `file:line: field: …` when the issue names its line, as warnings do. */
export function formatIssue({ file, line, field, expected, received }: ContentIssue): string {
  return `${file}${line === undefined ? '' : `:${line}`}: ${field}: expected ${expected}, received ${received}`;
}
