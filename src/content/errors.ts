import type * as v from 'valibot';

/** One problem in one content file: the file, the field and what was expected. */
export interface ContentIssue {
  file: string;
  field: string;
  message: string;
}

export class ContentError extends Error {
  constructor(readonly issues: ContentIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'ContentError';
  }
}

export function formatIssue({ file, field, message }: ContentIssue): string {
  return `${file}: ${field}: ${message}`;
}

export function fromValibot(file: string, issues: v.BaseIssue<unknown>[]): ContentIssue[] {
  return issues.map((issue) => ({
    file,
    field: issue.path?.map((item) => String(item.key)).join('.') || '(front matter)',
    message:
      issue.received === 'undefined'
        ? 'this field is required'
        : `${issue.message}, received ${issue.received}`,
  }));
}
