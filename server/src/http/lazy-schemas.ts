import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorFactory = NonNullable<Factories['buildValidator']>;
type SerializerFactory = NonNullable<Factories['buildSerializer']>;
type Validator = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/**
 * Fastify's own compilers (ajv for what comes in, fast-json-stringify for what
 * goes out), run the first time a route's schema is used rather than when the
 * server starts. Compiling all some 150 routes' schemas at start kept 10 MB of
 * V8's heap and some 50 MB of memory on an idle kit, for routes a kit may never
 * answer (docs/PERFORMANCE.md). `compileAll` compiles every schema not yet
 * compiled: a test runs it, so a schema that cannot compile fails there, not at
 * a villager's first request.
 */
export function lazySchemas(): { compilersFactory: Factories; compileAll: () => void } {
  const pending = new Set<() => void>();
  const later = <F extends (...args: never[]) => unknown>(compile: () => F): (() => F) => {
    let compiled: F | undefined;
    const now = (): F => {
      pending.delete(now);
      compiled ??= compile();
      return compiled;
    };
    pending.add(now);
    return now;
  };

  const ajv = AjvCompiler();
  const buildValidator = ((externalSchemas: unknown, options: unknown) => {
    const compilerOf = ajv(externalSchemas as never, options as never);
    return ((route: Parameters<typeof compilerOf>[0]) => {
      const validator = later(() => compilerOf(route) as unknown as Validator);
      // ajv's validators take the parent object too, so defaults and coercion reach the request
      const lazy: Validator = (data, context) => {
        const validate = validator();
        const valid = validate(data, context);
        lazy.errors = validate.errors;
        return valid;
      };
      lazy.schemaEnv = true;
      return lazy;
    }) as never;
  }) as ValidatorFactory;

  const stringify = SerializerSelector();
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compilerOf = stringify(externalSchemas as never, options as never);
    return (route) => {
      const serializer = later(() => compilerOf(route));
      return (data) => serializer()(data);
    };
  };

  return {
    compilersFactory: { buildValidator, buildSerializer },
    compileAll: () => {
      for (const compile of [...pending]) compile();
    },
  };
}
