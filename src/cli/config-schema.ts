/**
 * The JSON Schema of the config file, made from the flag table. The package
 * ships it as `urlsift.schema.json` (`npm run schema` writes it; a test holds
 * the file equal to this), so an editor can check and complete a config file
 * that names it: `{"$schema": "./node_modules/urlsift/urlsift.schema.json"}`.
 */
import { flags, type Flag } from './flags.js';

type Schema = Record<string, unknown>;

function valueSchema(flag: Flag): Schema {
  const kind = flag.value;
  switch (kind.type) {
    case 'boolean':
      return { type: 'boolean' };
    case 'choice':
      return { type: 'string', enum: [...kind.choices] };
    case 'flag-or-choice':
      return { oneOf: [{ type: 'boolean' }, { type: 'string', enum: [...kind.choices] }] };
    case 'count':
      return { type: 'integer', minimum: kind.min, maximum: kind.max };
    case 'string':
      return { type: 'string', minLength: 1 };
    case 'list':
      return { type: 'array', items: { type: 'string' } };
    case 'duration':
      return {
        oneOf: [
          { type: 'number', exclusiveMinimum: kind.min, maximum: kind.max, description: 'seconds' },
          { type: 'string', pattern: '^\\d{1,9}(\\.\\d{1,9})?(ms|s|m|h|d)?$' },
        ],
      };
    case 'csv':
      return {
        oneOf: [
          { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
          { type: 'string', minLength: 1 },
        ],
      };
  }
}

/** The schema, as the file `urlsift.schema.json` holds it. */
export function configSchema(): Schema {
  const properties: Schema = { $schema: { type: 'string', description: 'The schema this file follows (for editors).' } };
  for (const flag of flags) {
    if (flag.key === undefined) continue;
    const only = flag.commands.length === 1 ? (flag.commands[0] === 'scan' ? ' (not read by urlsift check)' : ` (urlsift ${flag.commands[0]} only)`) : '';
    properties[flag.key] = { description: `--${flag.name}: ${flag.help}${only}`, ...valueSchema(flag) };
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://github.com/urlsift/urlsift/blob/main/urlsift.schema.json',
    title: 'urlsift config file (urlsift.config.json, .urlsiftrc.json)',
    description: 'Options of the urlsift command; flags on the command line win, and list options (exclude, excludeUrl, includeUrl) add to these.',
    type: 'object',
    additionalProperties: false,
    properties,
  };
}

/** The schema file's text. */
export function configSchemaText(): string {
  return `${JSON.stringify(configSchema(), null, 2)}\n`;
}
