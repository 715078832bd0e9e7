import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { meterTemplate, type MeterTemplate } from './schema.ts';

/**
 * The shipped templates: packages/contract/meter-templates/<id>.json. Node only (it reads files):
 * the server validates template ids with them and the gateway decodes with them.
 */
export const TEMPLATES_DIR = fileURLToPath(new URL('../../meter-templates/', import.meta.url));

/** Parses one template file; a bad one throws with every problem and the file's name. */
export function parseTemplate(text: string, name: string): MeterTemplate {
  const result = meterTemplate.safeParse(JSON.parse(text));
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`template ${name}: ${problems.join('; ')}`);
  }
  if (`${result.data.id}.json` !== name) {
    throw new Error(`template ${name}: its id is ${result.data.id}`);
  }
  return result.data;
}

/** Every template in a directory, by id. */
export function loadTemplates(dir = TEMPLATES_DIR): Map<string, MeterTemplate> {
  const templates = new Map<string, MeterTemplate>();
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const template = parseTemplate(readFileSync(join(dir, name), 'utf8'), name);
    templates.set(template.id, template);
  }
  return templates;
}
