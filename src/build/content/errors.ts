/** One problem in one content file: the file (relative to the content folder), the field, what was expected and what was received. */
export interface ContentIssue {
  file: string;
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

export function formatIssue({ file, field, expected, received }: ContentIssue): string {
  return `${file}: ${field}: expected ${expected}, received ${received}`;
}
