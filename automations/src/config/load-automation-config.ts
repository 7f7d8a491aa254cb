import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { z } from 'zod';
import { type AutomationConfig, automationConfigSchema } from './automation-config.schema.ts';

/** A configuration that cannot start the node; its message names the file and the key. */
export class AutomationConfigError extends Error {
  override readonly name = 'AutomationConfigError';
}

const pathOf = (issue: z.core.$ZodIssue) =>
  issue.path.length === 0 ? '(top level)' : issue.path.map(String).join('.');

/** Validates a parsed configuration; every problem is reported with the key it is at. */
export function parseAutomationConfig(raw: unknown, source = 'configuration'): AutomationConfig {
  const parsed = automationConfigSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  ${pathOf(issue)}: ${issue.message}`);
  throw new AutomationConfigError(`invalid ${source}:\n${problems.join('\n')}`);
}

/** Reads a validator configuration file: JSON by its extension, YAML otherwise. */
export async function loadAutomationConfig(path: string): Promise<AutomationConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new AutomationConfigError(`cannot read the config file ${path}: ${String(error)}`);
  }
  let raw: unknown;
  try {
    // yaml is loaded only for a YAML file: most starts have no config file at all.
    raw = extname(path) === '.json' ? JSON.parse(text) : (await import('yaml')).parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new AutomationConfigError(`the config file ${path} does not parse: ${message}`);
  }
  return parseAutomationConfig(raw, `config file ${path}`);
}
