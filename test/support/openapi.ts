/**
 * Reading the served OpenAPI document: operations by concrete path, $refs, JSON Schema validators,
 * and whether a real answer keeps the contract the document declares for it.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export interface HeaderObject {
  description?: string;
  required?: boolean;
  schema: Record<string, unknown>;
}
type Ref = { $ref: string };
export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Ref>;
  content?: Record<string, { schema: unknown; example?: unknown }>;
}
export interface Operation {
  operationId: string;
  security: unknown[];
  parameters: unknown[];
  responses: Record<string, ResponseObject>;
}
export interface OpenApi {
  openapi: string;
  servers: { url: string }[];
  security: unknown[];
  info: { license: { name: string } };
  paths: Record<string, { get: Operation }>;
  components: { headers: Record<string, HeaderObject> };
}

/** One request and its answer, the body read as text. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  body: string;
}

const SCHEMA_ID = 'https://openapi.test/openapi.json';
const VERSIONED_PREFIX = /^\/api\/v1\//;

/** A JSON pointer to a part of the document, for the validators compiled from it. */
const pointer = (parts: readonly string[]) =>
  `${SCHEMA_ID}#/${parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

export class OpenApiDocument {
  readonly ajv = new Ajv2020({ strict: false, allErrors: true });

  constructor(readonly spec: OpenApi) {
    addFormats(this.ajv);
    this.ajv.addSchema({ ...spec, $id: SCHEMA_ID });
  }

  /** The path template and GET operation of a concrete API path (also under /api/v1/). */
  operationFor(pathname: string): [string, Operation] {
    const canonical = pathname.replace(VERSIONED_PREFIX, '/api/');
    const found = Object.entries(this.spec.paths).find(([template]) =>
      new RegExp(`^${template.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`).test(canonical),
    );
    if (!found) throw new Error(`No OpenAPI path for ${pathname}`);
    return [found[0], found[1].get];
  }

  /** The validator of the schema at a place in the document, $refs resolved. */
  validator(...parts: string[]): ValidateFunction {
    const validate = this.ajv.getSchema(pointer(parts));
    if (!validate) throw new Error(`OpenAPI has no schema at ${parts.join('/')}`);
    return validate;
  }

  /** A header object, following its $ref into components/headers. */
  header(value: HeaderObject | Ref): [name: string | null, header: HeaderObject] {
    if (!('$ref' in value)) return [null, value];
    const name = value.$ref.replace('#/components/headers/', '');
    const header = this.spec.components.headers[name];
    if (!header) throw new Error(`OpenAPI has no header ${value.$ref}`);
    return [name, header];
  }

  /**
   * What in the answer breaks the contract, one line each (empty when it keeps it): the status
   * must be declared for the path, every required header present, every declared header valid
   * against its schema, no header the document defines sent where it is not declared, and the body valid against the schema of its media type, or absent (with
   * no Content-Type) where no content is declared. HEAD answers are held to GET's declaration.
   */
  breaches(answer: Exchange): string[] {
    const where = `${answer.method} ${answer.url} ${answer.status}`;
    const [template, operation] = this.operationFor(new URL(answer.url).pathname);
    const declared = operation.responses[String(answer.status)];
    if (!declared) return [`${where}: status not declared for ${template}`];
    return [
      ...this.headerBreaches(declared, answer),
      ...this.undeclaredHeaders(declared, answer),
      ...this.bodyBreaches(declared, template, answer),
    ].map((line) => `${where}: ${line}`);
  }

  /**
   * Headers the document defines (components/headers) that the answer sends although its status
   * does not declare them, such as X-Total-Count on a 304.
   */
  private undeclaredHeaders(declared: ResponseObject, answer: Exchange): string[] {
    const allowed = new Set(Object.keys(declared.headers ?? {}).map((name) => name.toLowerCase()));
    return Object.keys(this.spec.components.headers)
      .filter((name) => answer.headers.has(name) && !allowed.has(name.toLowerCase()))
      .map((name) => `header ${name} sent but not declared`);
  }

  private headerBreaches(declared: ResponseObject, answer: Exchange): string[] {
    return Object.entries(declared.headers ?? {}).flatMap(([name, reference]) => {
      const [, header] = this.header(reference);
      const value = answer.headers.get(name);
      if (value === null) return header.required ? [`required header ${name} missing`] : [];
      const integer = header.schema.type === 'integer';
      if (integer && !/^\d+$/.test(value)) return [`header ${name}: ${value} is not an integer`];
      const validate = this.ajv.compile(header.schema);
      return validate(integer ? Number(value) : value)
        ? []
        : [`header ${name}: ${value}: ${this.ajv.errorsText(validate.errors)}`];
    });
  }

  private bodyBreaches(declared: ResponseObject, template: string, answer: Exchange): string[] {
    const type = answer.headers.get('content-type');
    if (!declared.content) {
      return [...(type ? [`Content-Type ${type} where no content is declared`] : []), ...emptyBody(answer)];
    }
    const mediaType = type?.split(';')[0]?.trim() ?? '';
    if (!declared.content[mediaType]) return [`media type ${type} not declared`];
    if (answer.method === 'HEAD') return emptyBody(answer);
    const path = [
      'paths',
      template,
      'get',
      'responses',
      String(answer.status),
      'content',
      mediaType,
      'schema',
    ];
    const validate = this.validator(...path);
    return validate(JSON.parse(answer.body)) ? [] : [`body: ${this.ajv.errorsText(validate.errors)}`];
  }
}

const emptyBody = (answer: Exchange) => (answer.body === '' ? [] : ['a body where none is allowed']);

/** Reads a response into an Exchange. */
export async function exchangeOf(method: string, url: string, response: Response): Promise<Exchange> {
  return { method, url, status: response.status, headers: response.headers, body: await response.text() };
}
