// The contract of /api/v1 as a client sees it: an openapi-fetch middleware that checks every answer against the
// OpenAPI document with an independent JSON Schema validator (ajv, draft 2020-12, with its formats): the status
// must be one the operation documents, the body must match that answer's schema, and every header the answer
// declares required must be there and match. It remembers which documented answers it has seen, so a test can
// require that every one of them was met.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { Middleware } from 'openapi-fetch';

type Json = Record<string, unknown>;
type Answer = {
  content?: Record<string, { schema: Json }>;
  headers?: Record<string, { $ref: string }>;
};
type HeaderSpec = { required?: boolean; schema: Json };

// ajv-formats is CommonJS: its default export arrives wrapped under Node's ESM loader.
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  addFormatsModule) as FormatsPlugin;

export function openApiContract(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The components as one schema resource, so that "#/components/schemas/…" refs resolve inside it.
  ajv.addSchema({ $id: 'openapi.json', components: doc.components });
  const components = doc.components as { headers: Record<string, HeaderSpec> };
  const paths = doc.paths as Record<string, Record<string, { responses: Record<string, Answer> }>>;

  const documented = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) =>
      Object.keys(op.responses).map((status) => `${method.toUpperCase()} ${path} ${status}`),
    ),
  );
  const seen = new Set<string>();
  const problems: string[] = [];

  const check = async (method: string, path: string, response: Response): Promise<void> => {
    const name = `${method} ${path} ${response.status}`;
    const answer = paths[path]?.[method.toLowerCase()]?.responses[String(response.status)];
    if (!answer) {
      problems.push(`${name}: not a documented answer (${await response.clone().text()})`);
      return;
    }
    seen.add(name);
    const schema = answer.content?.['application/json']?.schema;
    if (schema) {
      const validate = ajv.compile(
        schema.$ref ? { $ref: `openapi.json${String(schema.$ref)}` } : schema,
      );
      const body: unknown = await response.clone().json();
      if (!validate(body))
        problems.push(`${name}: body ${ajv.errorsText(validate.errors)}: ${JSON.stringify(body)}`);
    }
    for (const [header, { $ref }] of Object.entries(answer.headers ?? {})) {
      const spec = components.headers[$ref.split('/').pop()!]!;
      const value = response.headers.get(header);
      if (value === null) {
        if (spec.required) problems.push(`${name}: no ${header} header`);
      } else if (!ajv.validate(spec.schema, value))
        problems.push(`${name}: ${header} "${value}" ${ajv.errorsText()}`);
    }
  };

  const middleware: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      await check(request.method, schemaPath, response);
    },
  };
  return {
    middleware,
    /** Answers that broke the document so far (empty: every answer kept it). */
    problems: () => [...problems],
    /** Documented answers (operation and status) no request has met yet. */
    unmet: () => documented.filter((d) => !seen.has(d)),
  };
}
