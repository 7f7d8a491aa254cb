import {
  type AutomationConfig,
  loadAutomationConfig,
  parseAutomationConfig,
} from '@pocketnet/automations';
import type { StartOptions } from './start-options.ts';

/** The automations' configuration: `--config <file>` (YAML or JSON), or the defaults. */
export function automationConfigOf(options: StartOptions): Promise<AutomationConfig> {
  return options.configFile
    ? loadAutomationConfig(options.configFile)
    : Promise.resolve(parseAutomationConfig({}));
}
